"""Eleventh audit of the public API, as a researcher scripts it: search, bots written from
an :class:`~tingpai.engine.observation.Observation`, whole games, a Ruleset built in code,
numpy inputs.

* ``Match.apply`` of an illegal action on a game whose hand had ended dealt the next hand
  (the wall shuffler advanced, a hand was appended) before refusing the action;
  ``Match.legal_actions`` / ``observe`` of a seat not at the table did the same.
* An ``Observation`` and a ``Ruleset`` are frozen dataclasses, yet ``hash()`` of either
  failed with "unhashable type: 'dict'" (so no ``set`` of observations, no
  ``functools.cache`` keyed by a ruleset); a ruleset's ``option_values`` dict, shared by
  every ``find_ruleset`` caller, could be written into.
* ``analysis.discard_table(counts, visible=array)`` refused a numpy ``visible`` of 34
  counts as "visible must have 34 entries", a negative count was "byte must be in
  range(0, 256)", ``capped_shanten`` answered bad input with an IndexError.
* numpy integers and arrays were refused by ``Hand`` (dealer, repeats, round_wind),
  ``StartState``, ``Situation`` and a chow ``Action`` (whose list of tiles was called
  "not consecutive").
* ``RuleOptions`` built in code took ``players=5`` (IndexError at the first hand) and a
  ``min_value`` given as text (every win silently invalid); ``find_ruleset`` refused a
  Ruleset though DESIGN.md accepts one wherever an id is.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import tingpai
from tingpai import Action
from tingpai.tiles import parse_counts


def _ended_game() -> tingpai.Match:
    game = tingpai.Match("hu-2p", seed=5)
    rng = random.Random(1)
    while game.hand is None or not game.hand.is_over:
        seat = game.to_act()[0]
        game.apply(rng.choice(game.legal_actions(seat)))
    assert not game.is_over
    return game


@pytest.mark.parametrize(
    "bad",
    ["0 discard 1m", Action.from_str("1 pung"), Action.from_str("0 discard 1z")],
    ids=["not-an-action", "claim-in-a-turn", "wrong-seat"],
)
def test_an_illegal_match_apply_after_a_hand_ended_deals_nothing(bad: Any) -> None:
    game = _ended_game()
    before = (len(game.hands), game.dealer, game.repeats, game.round, game.rng.getstate())
    with pytest.raises((TypeError, ValueError)):
        game.apply(bad)
    assert (len(game.hands), game.dealer, game.repeats, game.round,
            game.rng.getstate()) == before
    # and the game goes on as if the bad call never happened
    twin = _ended_game()
    seat = game.to_act()[0]
    assert game.observe(seat) == twin.observe(twin.to_act()[0])


def test_a_legal_match_apply_still_deals_the_next_hand() -> None:
    game = _ended_game()
    twin = _ended_game()
    twin.next_hand()
    action = twin.legal_actions(twin.to_act()[0])[0]
    game.apply(action)
    assert len(game.hands) == 2 and game.hand is not None
    assert game.hand.history == [action]


def test_observations_and_rulesets_are_hashable_as_frozen_values() -> None:
    rules = tingpai.find_ruleset("hk-4p", min_fan=1)
    hand = tingpai.Hand(rules, seed=7)
    a, b = hand.observe(0), hand.observe(0)
    assert a == b and hash(a) == hash(b)
    assert len({a, b, hand.observe(1)}) == 2
    assert hash(rules) == hash(tingpai.find_ruleset("hk-4p", min_fan=1))
    assert hash(rules.options) == hash(tingpai.find_ruleset("hk-4p", min_fan=1).options)
    assert {rules: 1}[tingpai.find_ruleset("hk-4p", min_fan=1)] == 1


def test_discard_table_takes_visible_counts_as_a_numpy_array() -> None:
    counts = parse_counts("123m456p789s11223z")
    visible = [0] * 34
    visible[27] = 2
    expected = tingpai.analysis.discard_table(counts, visible=visible)
    for dtype in (np.int64, np.int32, np.uint8):
        got = tingpai.analysis.discard_table(counts, visible=np.array(visible, dtype=dtype))
        assert got == expected
    with pytest.raises(ValueError, match="visible must have 34 entries"):
        tingpai.analysis.discard_table(counts, visible=np.zeros(33, dtype=np.int64))


@pytest.mark.parametrize("name", ["shanten", "waits", "is_ready", "improving_tiles"])
def test_a_negative_count_is_named(name: str) -> None:
    counts = list(parse_counts("123m456p789s1122z"))
    counts[5] = -1
    with pytest.raises(ValueError, match=r"counts.*-1"):
        getattr(tingpai.analysis, name)(counts)
    with pytest.raises(ValueError, match=r"counts.*-1"):
        getattr(tingpai.analysis, name)(np.array(counts))


def test_a_negative_visible_count_is_named() -> None:
    counts = parse_counts("123m456p789s11223z")
    with pytest.raises(ValueError, match=r"visible.*-1"):
        tingpai.analysis.discard_table(counts, visible=[-1] + [0] * 33)


def test_hand_takes_numpy_integers_for_dealer_repeats_and_round_wind() -> None:
    hand = tingpai.Hand("hu-4p", seed=1, dealer=np.int64(1), repeats=np.int32(2),
                        round_wind=np.int64(28))
    plain = tingpai.Hand("hu-4p", seed=1, dealer=1, repeats=2, round_wind=28)
    assert hand.observe(1) == plain.observe(1)
    for value in (hand.dealer, hand.repeats, hand.round_wind):
        assert type(value) is int
    with pytest.raises(ValueError, match="dealer"):
        tingpai.Hand("hu-4p", seed=1, dealer=True)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="round_wind"):
        tingpai.Hand("hu-4p", seed=1, round_wind=np.int64(0))


def test_a_match_start_takes_numpy_integers() -> None:
    from tingpai.engine import StartState

    start = StartState(round_wind=np.int64(28), dealer=np.int64(1), repeats=np.int64(0))
    game = tingpai.Match("hu-4p", seed=3, start=start)
    plain = tingpai.Match("hu-4p", seed=3, start=StartState(round_wind=28, dealer=1))
    assert game.observe(1) == plain.observe(1)
    assert game.record() == plain.record()


def test_a_situation_takes_numpy_tile_ids() -> None:
    """A learner's hand comes as numpy arrays (``np.flatnonzero``, ``np.repeat``); the
    scorer refused an array of tile ids as "must be tile ids or tile notation"."""
    concealed, melds, win = tingpai.parse_hand("123s123p789p9p [123m] +9p")
    assert win is not None
    plain = tingpai.Situation(tuple(concealed), win, tuple(melds), dealer_repeats=1,
                              seat_wind=28)
    numpy = tingpai.Situation(np.array(concealed), np.int64(win), tuple(melds),
                              dealer_repeats=np.int64(1), seat_wind=np.int64(28))
    assert numpy == plain
    assert type(numpy.win_tile) is int and all(type(t) is int for t in numpy.concealed)
    assert tingpai.score(numpy, "hu-4p") == tingpai.score(plain, "hu-4p")
    with pytest.raises(ValueError, match="concealed"):
        tingpai.Situation(np.array([1.5, 2.0]), win)


@pytest.mark.parametrize(
    ("change", "named"),
    [
        ({"players": 5}, "players"),
        ({"players": 3}, "seat_winds"),
        ({"min_value": "3"}, "min_value"),
        ({"pond_limit": 10.5}, "pond_limit"),
        ({"rounds": 0}, "rounds"),
        ({"furiten": "no"}, "furiten"),
        ({"start_points": True}, "start_points"),
    ],
)
def test_a_ruleset_built_in_code_names_an_option_it_cannot_play(
    change: dict[str, Any], named: str
) -> None:
    """``dataclasses.replace(options, players=5)`` failed at the first Hand with an
    IndexError, and a ``min_value`` given as text silently made every win invalid."""
    import dataclasses

    from tingpai.rules import RuleError

    base = tingpai.find_ruleset("hu-4p").options
    with pytest.raises(RuleError, match=named):
        dataclasses.replace(base, **change)


def test_every_registered_table_still_builds_and_numpy_integers_are_options_too() -> None:
    import dataclasses

    for rid in tingpai.ruleset_ids():
        tingpai.find_ruleset(rid)
    base = tingpai.find_ruleset("hu-4p").options
    options = dataclasses.replace(base, pond_limit=np.int64(10), min_value=np.int32(0))
    assert options == dataclasses.replace(base, pond_limit=10, min_value=0)
    assert type(options.pond_limit) is int


def test_find_ruleset_takes_a_ruleset_built_in_code_as_it_takes_an_id() -> None:
    """DESIGN.md: "a Ruleset built in code is accepted everywhere an id is"; a tool that
    normalises its ``rules`` argument with ``find_ruleset`` got "unknown rules id
    Ruleset(id='hu-4p'...at 0x7f...>)"."""
    import dataclasses

    from tingpai.rules import RuleError

    base = tingpai.find_ruleset("hu-4p")
    house = dataclasses.replace(base, id="house-r11")
    assert tingpai.find_ruleset(house) is house
    with pytest.raises(RuleError, match="options go with a ruleset id"):
        tingpai.find_ruleset(house, pond_limit=10)


@pytest.mark.parametrize(
    "name",
    ["is_complete", "is_ready", "is_seven_pairs", "is_thirteen_orphans", "parse_forms",
     "Decomposition", "DiscardOption"],
)
def test_the_analysis_functions_a_bot_calls_have_an_example(name: str) -> None:
    """``tingpai.analysis`` is named in DESIGN.md's Python API; these public names had no
    example in their docstring (``shanten``, ``waits`` and ``discard_table`` had)."""
    import inspect

    assert ">>>" in (inspect.getdoc(getattr(tingpai.analysis, name)) or "")


def test_the_observation_class_shows_how_a_bot_reads_it() -> None:
    import inspect

    from tingpai.engine import Observation

    assert ">>>" in (inspect.getdoc(Observation) or "")


@pytest.mark.parametrize(
    ("counts", "caps", "message"),
    [
        ([1] * 34, [4] * 34, "13 or 14 tiles"),
        ([0] * 34, [4] * 34, "13 or 14 tiles"),
        (list(parse_counts("123m456p789s1122z")), [4] * 3, "caps must have 34 entries"),
        (list(parse_counts("123m456p789s1122z"))[:30], [4] * 34, "counts must have 34"),
        ([-1] + [0] * 33, [4] * 34, r"counts\[0\] is -1"),
    ],
)
def test_capped_shanten_names_counts_or_caps_it_cannot_read(
    counts: list[int], caps: list[int], message: str
) -> None:
    """It answered 34 tiles with an IndexError from inside its dynamic programme, short
    caps with "tuple index out of range", and an empty hand with 99 (unreachable)."""
    with pytest.raises(ValueError, match=message):
        tingpai.analysis.capped_shanten(counts, caps)


def test_capped_shanten_of_numpy_arrays_is_a_plain_int() -> None:
    counts = parse_counts("123m456p789s1122z")
    got = tingpai.analysis.capped_shanten(np.array(counts), np.full(34, 4))
    assert got == tingpai.analysis.capped_shanten(counts, [4] * 34) == 0
    assert type(got) is int


def test_a_chow_built_from_a_list_or_numpy_ids_is_the_chow() -> None:
    """``Action(0, CHOW, tiles=[0, 1, 2])`` was refused as "chow tiles '123m' are not
    three consecutive tiles of one suit in order" (they are: the list was compared with a
    tuple), and numpy ids were kept as numpy integers."""
    from tingpai.engine import ActionKind

    chow = Action.from_str("1 chow 123m")
    assert Action(1, ActionKind.CHOW, tiles=[0, 1, 2]) == chow  # type: ignore[arg-type]
    from_numpy = Action(1, ActionKind.CHOW, tiles=tuple(np.array([0, 1, 2])))
    assert from_numpy == chow and hash(from_numpy) == hash(chow)
    assert all(type(t) is int for t in from_numpy.tiles)
    assert from_numpy.to_dict() == chow.to_dict()
    with pytest.raises(ValueError, match="tile ids"):
        Action(1, ActionKind.CHOW, tiles=("1m", "2m", "3m"))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="not three consecutive"):
        Action(1, ActionKind.CHOW, tiles=[0, 1, 3])  # type: ignore[arg-type]


def test_an_action_without_tiles_given_an_empty_list_still_hashes() -> None:
    from tingpai.engine import ActionKind

    action = Action(0, ActionKind.DISCARD, 8, [])  # type: ignore[arg-type]
    assert action == Action.from_str("0 discard 9m")
    assert hash(action) == hash(Action.from_str("0 discard 9m"))


def test_observe_refuses_scores_that_are_not_one_per_seat() -> None:
    hand = tingpai.Hand("hu-2p", seed=1)
    with pytest.raises(ValueError, match="scores"):
        hand.observe(0, scores=[1])
    assert hand.observe(0, scores=np.array([5, 6])).scores == (5, 6)


@pytest.mark.parametrize("method", ["legal_actions", "observe"])
@pytest.mark.parametrize("seat", [2, -1, "0", True])
def test_a_match_query_of_a_seat_not_at_the_table_deals_nothing(method: str, seat: Any) -> None:
    """``legal_actions`` and ``observe`` deal the hand that is due (as ``to_act`` does);
    asked about a seat that is not at the table, they dealt it and then refused."""
    for game in (tingpai.Match("hu-2p", seed=5), _ended_game()):
        before = (len(game.hands), game.rng.getstate())
        with pytest.raises(ValueError, match="seat"):
            getattr(game, method)(seat)
        assert (len(game.hands), game.rng.getstate()) == before


def test_a_seed_given_where_the_wall_goes_says_seed_is_a_keyword() -> None:
    """``Hand("hu-4p", 7)`` (the second argument is the wall) said only "wall must be a
    sequence of tile ids, got 7"."""
    with pytest.raises(ValueError, match=r"seed=7"):
        tingpai.Hand("hu-4p", 7)  # type: ignore[arg-type]


def test_analysis_of_an_observations_hand_points_to_concealed() -> None:
    """``obs.hand`` is 42 counts (bonus tiles too); analysis takes 34 and only said so."""
    obs = tingpai.Hand("hu-4p", seed=1).observe(0)
    with pytest.raises(ValueError, match=r"34 entries.*obs\.concealed"):
        tingpai.analysis.shanten(obs.hand)
    assert tingpai.analysis.shanten(obs.concealed) >= 0


def test_a_rulesets_option_values_cannot_be_changed_behind_its_back() -> None:
    """``find_ruleset`` hands out one shared Ruleset per id and options; writing into its
    ``option_values`` dict changed what every later record of that table said it was
    played with (``min_fan`` 3 in the record of a game played at 1)."""
    import copy
    import json
    import pickle

    rules = tingpai.find_ruleset("hk-4p", min_fan=1)
    with pytest.raises(TypeError, match="read-only"):
        rules.option_values["min_fan"] = 3  # type: ignore[index]
    with pytest.raises(TypeError, match="read-only"):
        rules.option_values.update(min_fan=3)  # type: ignore[attr-defined]
    assert tingpai.find_ruleset("hk-4p", min_fan=1).option_values == {"min_fan": 1}
    assert json.loads(json.dumps(rules.option_values)) == {"min_fan": 1}
    for twin in (pickle.loads(pickle.dumps(rules)), copy.deepcopy(rules), copy.copy(rules)):
        assert twin == rules and twin.option_values == {"min_fan": 1}
    assert tingpai.Match(rules, seed=1).record()["options"] == {"min_fan": 1}

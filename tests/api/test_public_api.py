"""The public API of DESIGN.md ("The Python API"): names, constructors, copies."""

from __future__ import annotations

import dataclasses
import random
import re

import pytest

import tingpai
from tingpai.engine import Phase, shuffled_wall

EXPORTED = (
    "find_ruleset", "ruleset_ids", "Hand", "Match", "Situation", "score", "replay",
    "parse_hand", "Action", "find_bot", "bot_names",
)


@pytest.mark.parametrize("name", EXPORTED)
def test_every_exported_name_is_documented_with_an_example(name: str) -> None:
    obj = getattr(tingpai, name)
    assert name in tingpai.__all__
    assert obj.__doc__ and ">>>" in obj.__doc__


def test_analysis_is_reachable_from_the_top() -> None:
    from tingpai.tiles import parse_counts

    assert tingpai.analysis.shanten(parse_counts("123m456p789s1122z")) == 0


def test_hand_takes_an_id_or_a_ruleset_and_a_seed_or_a_wall() -> None:
    rules = tingpai.find_ruleset("hk-4p", min_fan=1)
    by_object = tingpai.Hand(rules, seed=7)
    by_id = tingpai.Hand("hk-4p", seed=7)
    assert by_object.ruleset is rules and by_object.ruleset.options.min_value == 1
    assert by_object.wall == by_id.wall
    wall = shuffled_wall(rules, random.Random(7))
    assert tingpai.Hand(rules, wall=wall).wall == by_object.wall
    assert tingpai.Hand(rules, wall).wall == by_object.wall
    with pytest.raises(ValueError, match="not both"):
        tingpai.Hand(rules, wall=wall, seed=7)


def test_copy_is_independent_and_shares_the_ruleset() -> None:
    hand = tingpai.Hand("hu-4p", seed=11)
    rng = random.Random(2)
    for _ in range(25):
        hand.apply(rng.choice(hand.observe(hand.to_act()[0]).legal))
    before = (hand.census(), hand.history[:], [hand.concealed(s) for s in range(4)])
    trial = hand.copy()
    assert trial.ruleset is hand.ruleset and trial.wall is hand.wall
    while not trial.is_over:
        trial.apply(rng.choice(trial.observe(trial.to_act()[0]).legal))
    assert (hand.census(), hand.history, [hand.concealed(s) for s in range(4)]) == before
    assert not hand.is_over and hand.phase is not Phase.ENDED
    # The original still plays on to a result of its own.
    while not hand.is_over:
        hand.apply(rng.choice(hand.observe(hand.to_act()[0]).legal))
    assert hand.result is not None and sum(hand.result.deltas) == 0


def test_copy_then_same_actions_give_the_same_result() -> None:
    hand = tingpai.Hand("hu-3p", seed=5)
    trial = hand.copy()
    for h in (hand, trial):
        rng = random.Random(9)
        while not h.is_over:
            h.apply(rng.choice(h.observe(h.to_act()[0]).legal))
    assert hand.result == trial.result and hand.history == trial.history


def test_match_accepts_a_ruleset_object_and_records_its_options() -> None:
    rules = tingpai.find_ruleset("hk-4p", min_fan=1, rounds=1)
    game = tingpai.Match(rules, seed=3)
    bots = [tingpai.find_bot("greedy", random.Random(s)) for s in range(4)]
    while not game.is_over:
        seat = game.to_act()[0]
        game.apply(bots[seat].act(game.observe(seat)))
    record = game.record()
    assert record["rules"] == "hk-4p" and record["options"] == {"min_fan": 1, "rounds": 1}
    assert tingpai.replay(record).scores == game.result.scores
    with pytest.raises(ValueError, match="options"):
        tingpai.Match(rules, {"min_fan": 2})


def test_match_same_seed_same_game() -> None:
    def play(seed: int) -> dict[str, object]:
        game = tingpai.Match("hu-2p", seed=seed)
        bots = [tingpai.find_bot("random", random.Random(s)) for s in range(2)]
        while not game.is_over:
            seat = game.to_act()[0]
            game.apply(bots[seat].act(game.observe(seat)))
        return game.record()

    assert play(4) == play(4) != play(5)


def test_find_bot_names_the_known_levels() -> None:
    assert {"random", "greedy"} <= set(tingpai.bot_names())
    with pytest.raises(ValueError, match="known: random, greedy"):
        tingpai.find_bot("grandmaster", random.Random(0))


def test_an_option_named_id_is_an_unknown_option_not_a_traceback() -> None:
    with pytest.raises(tingpai.rules.RuleError, match="unknown option 'id'"):
        tingpai.find_ruleset("hu-4p", id="x")


def _play_out(game: tingpai.Match, rng: random.Random, actions: int) -> None:
    """Apply ``actions`` random legal actions (fewer if the game ends first)."""
    for _ in range(actions):
        if game.is_over:
            return
        seat = game.to_act()[0]
        game.apply(rng.choice(game.legal_actions(seat)))


@pytest.mark.parametrize("rid", tingpai.ruleset_ids())
def test_match_copy_is_independent_and_plays_the_same_future(rid: str) -> None:
    """Match has the hand's verbs, copy() included: a copy mid-game changes nothing in the
    original, and played on with the same choices it deals the same walls and ends the same."""
    game = tingpai.Match(rid, seed=5)
    _play_out(game, random.Random(1), 150)
    before = game.record()
    trial = game.copy()
    _play_out(trial, random.Random(2), 400)
    assert game.record() == before
    twin = game.copy()
    _play_out(game, random.Random(3), 400)
    _play_out(twin, random.Random(3), 400)
    assert twin.record() == game.record() and twin.scores == game.scores


@pytest.mark.parametrize(
    ("wall", "named"),
    [(5, "wall must be a sequence"), ("", "wall"), ([1.0] * 136, "wall[0] 1.0"),
     ([True] * 136, "wall[0] True"), ([None], "wall[0] None"), (list(range(136)), "wall[42] 42"),
     ([0] * 136, "extra 1m x132")],
)
def test_a_wall_of_wrong_entries_is_refused_naming_the_entry(wall: object, named: str) -> None:
    with pytest.raises(ValueError, match=re.escape(named)):
        tingpai.Hand("hk-4p", wall=wall)  # type: ignore[arg-type]


def test_a_wall_may_be_any_sequence_of_ids() -> None:
    wall = shuffled_wall(tingpai.find_ruleset("hu-2p"), random.Random(4))
    assert tingpai.Hand("hu-2p", wall=iter(wall)).record() == tingpai.Hand(
        "hu-2p", wall=wall).record()  # type: ignore[arg-type]


def test_replay_takes_the_ruleset_a_record_was_played_with() -> None:
    """A ruleset built in code is accepted where an id is: replay() is given it when the
    record's id and options do not rebuild it."""
    base = tingpai.find_ruleset("hk-4p")
    own = dataclasses.replace(base, options=dataclasses.replace(base.options, min_value=0))
    game = tingpai.Match(own, seed=2)
    bots = [tingpai.find_bot("greedy", random.Random(s)) for s in range(4)]
    while not game.is_over:
        seat = game.to_act()[0]
        game.apply(bots[seat].act(game.observe(seat)))
    assert tingpai.replay(game.record(), rules=own).scores == game.scores
    with pytest.raises(ValueError, match="is not the given ruleset 'hu-4p'"):
        tingpai.replay(game.record(), rules=tingpai.find_ruleset("hu-4p"))

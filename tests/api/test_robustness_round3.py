"""Robustness audit, round 3: the Python API against bad input.

Project rule: bad input never crashes and never corrupts state -- it gets a clear error
(a ValueError or TypeError subclass) naming what was wrong, and nothing already stored is
lost.  Each test below failed before its fix: an AttributeError / IndexError from deep
inside, a bad value accepted and crashing later, or an error raised after the state had
already changed.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tingpai
from tingpai import Action, Hand, Match, find_bot, replay
from tingpai.analysis import (
    discard_table,
    improving_tiles,
    is_complete,
    is_ready,
    shanten,
    shanten_by_form,
    waits,
)
from tingpai.engine import (
    ACTION_SPACE_SIZE,
    ActionKind,
    IllegalAction,
    StartState,
    arrange_wall,
)
from tingpai.tiles import InvalidNotation, parse_counts


def snapshot(hand: Hand) -> tuple[Any, ...]:
    """Everything observable about a hand: record, every seat's observation and view,
    phase, scores and legal actions."""
    seats = range(hand.players)
    return (
        repr(hand.record()), tuple(repr(hand.observe(s)) for s in seats), hand.phase,
        hand.to_act(), tuple(hand.history), hand.scores, hand.deltas,
        tuple(hand.legal_actions(s) for s in seats), tuple(hand.census()),
    )


def played(hand: Hand, steps: int, seed: int = 1) -> Hand:
    rng = random.Random(seed)
    for _ in range(steps):
        if hand.is_over:
            break
        hand.apply(rng.choice(hand.legal_actions(hand.to_act()[0])))
    return hand


# --- Hand.apply / Match.apply with something that is not an Action ------------------


@pytest.mark.parametrize("bad", [None, 5, "0 discard 1m", {"seat": 0, "do": "pass"}])
def test_apply_refuses_a_non_action_with_a_type_error_and_changes_nothing(bad: object) -> None:
    """Before: AttributeError ('str' object has no attribute 'kind')."""
    hand = played(Hand("hu-4p", seed=3), 7)
    before = snapshot(hand)
    with pytest.raises(TypeError, match="apply\\(\\) takes an Action"):
        hand.apply(bad)  # type: ignore[arg-type]
    assert snapshot(hand) == before
    game = Match("hu-2p", seed=1)
    with pytest.raises(TypeError, match="takes an Action"):
        game.apply(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(("args", "named"), [
    ((0, "pung"), "action kind 'pung' is not an ActionKind"),
    ((0, "discard", 5), "action kind 'discard' is not an ActionKind"),
    ((0, None), "action kind None"),
])
def test_an_action_needs_an_action_kind(args: tuple[Any, ...], named: str) -> None:
    """Before: Action(0, "pung") was built (then .index raised KeyError and apply said the
    hand was "not complete"); Action(0, "discard", 5) raised AttributeError."""
    with pytest.raises(InvalidNotation, match=named):
        Action(*args)


# --- Hand.observe with a seat not at the table ----------------------------------------


@pytest.mark.parametrize("seat", [-1, 4, 10**30, True, 1.0, "0", None])
def test_observe_refuses_a_seat_not_at_the_table(seat: object) -> None:
    """Before: IndexError for 4, and -1 / True quietly gave seat 3's / seat 1's concealed
    tiles under a seat number that is not one."""
    hand = Hand("hu-4p", seed=2)
    with pytest.raises(ValueError, match="is not a seat of this 4-player table"):
        hand.observe(seat)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="is not a seat"):
        Hand("hu-2p", seed=2).observe(2)


def test_observe_takes_any_integer_type() -> None:
    class Index:  # a numpy-like integer
        def __index__(self) -> int:
            return 2

    hand = Hand("hu-4p", seed=2)
    obs = hand.observe(Index())  # type: ignore[arg-type]
    assert obs.seat == 2 and type(obs.seat) is int and obs == hand.observe(2)


# --- start scores and repeats are checked when given, not at the end of the hand ------


@pytest.mark.parametrize(("scores", "named"), [
    ([None] * 4, "scores[0] None is not an integer"),
    ("abcd", "scores must be a sequence"),
    ([1.5] * 4, "scores[0] 1.5 is not an integer"),
    ([0, 0, True, 0], "scores[2] True is not an integer"),
    ([10**16, 0, 0, 0], "scores[0] 10000000000000000 is beyond"),
    (5, "scores must be a sequence"),
    ([1, 2, 3], "3 scores for 4 seats"),
])
def test_hand_start_scores_are_checked_at_once(scores: object, named: str) -> None:
    """Before: accepted; the hand then crashed with TypeError inside apply() when it
    settled (None + int), after the action had been recorded."""
    with pytest.raises(ValueError, match=re.escape(named)):
        Hand("hu-4p", seed=3, scores=scores)  # type: ignore[arg-type]


def test_hand_start_scores_of_any_integer_iterable() -> None:
    hand = Hand("hu-4p", seed=3, scores=iter([1, 2, 3, 4]))  # type: ignore[arg-type]
    assert hand.start_scores == (1, 2, 3, 4)


@pytest.mark.parametrize("scores", [(None,) * 4, ("1",) * 4, (1.0,) * 4, (10**16,) * 4])
def test_match_start_scores_are_checked(scores: tuple[Any, ...]) -> None:
    """Before: Match(start=StartState(scores=...)) took them; the first hand's settlement
    crashed (or a record the replayer refuses was written)."""
    with pytest.raises(ValueError, match="start scores\\[0\\]"):
        Match("hu-4p", start=StartState(scores=scores))


def test_hand_repeats_beyond_the_tables_last_repeat_are_refused() -> None:
    """Before: Hand("hu-4p", repeats=9) was dealt, and the scorer then refused every win
    of the dealer (dealer_repeats beyond max_repeats): no tsumo on a complete hand."""
    rules = tingpai.find_ruleset("hu-4p")
    wall = arrange_wall(rules, {0: "123456789p11s23s"}, "4s")
    assert any(a.kind is ActionKind.TSUMO for a in Hand(rules, wall, repeats=8).legal_actions(0))
    with pytest.raises(ValueError, match="repeats 9 is more than max_repeats 8 at hu-4p"):
        Hand(rules, wall, repeats=9)
    with pytest.raises(ValueError, match=r"repeats .* is beyond 1e\+15 at hk-4p"):
        Hand("hk-4p", seed=1, repeats=10**16)
    assert Hand("hk-4p", seed=1, repeats=50).repeats == 50


# --- Match.next_hand with a bad wall leaves the match as it was -------------------------


@pytest.mark.parametrize("wall", [[1, 2, 3], "123m", [0] * 144])
def test_next_hand_with_a_bad_wall_changes_nothing(wall: object) -> None:
    """Before: the dealer, repeats, round and scores moved on before the wall was checked,
    so after the error the next hand skipped a dealership."""
    game = Match("hu-4p", seed=4, auto_deal=False)
    hand = played(game.next_hand(), 400, seed=4)
    assert hand.is_over
    twin = game.copy()
    before = (game.dealer, game.repeats, game.round, game.scores, game.upcoming(),
              len(game.hands))
    with pytest.raises(ValueError, match="wall"):
        game.next_hand(wall)  # type: ignore[arg-type]
    assert (game.dealer, game.repeats, game.round, game.scores, game.upcoming(),
            len(game.hands)) == before
    dealt, expected = game.next_hand(), twin.next_hand()
    assert (dealt.dealer, dealt.repeats, dealt.round_wind, dealt.start_scores) == (
        expected.dealer, expected.repeats, expected.round_wind, expected.start_scores)


# --- penalize with a seat that is not one ---------------------------------------------


@pytest.mark.parametrize("seat", [True, 1.0, -1, 4, "1"])
def test_penalize_refuses_a_bad_seat_before_changing_the_scores(seat: object) -> None:
    """Before: penalize(True) moved 4000 points from three seats before raising, with no
    history entry; penalize(1.0) changed one seat's penalty, then raised TypeError."""
    hand = Hand("hu-4p", seed=1)
    before = snapshot(hand)
    with pytest.raises(IllegalAction, match="is not at a 4-player table"):
        hand.penalize(seat)  # type: ignore[arg-type]
    assert snapshot(hand) == before
    game = Match("hu-4p", seed=1)
    game.to_act()  # deals the first hand
    scores = game.scores
    with pytest.raises(IllegalAction):
        game.penalize(seat)  # type: ignore[arg-type]
    assert game.scores == scores


# --- Match and replay arguments of the wrong type --------------------------------------


@pytest.mark.parametrize(("kwargs", "named"), [
    ({"start": "x"}, "start must be a StartState"),
    ({"start": {"dealer": 1}}, "start must be a StartState"),
    ({"options": 5}, "options must be a mapping"),
    ({"options": ["flowers"]}, "options must be a mapping"),
])
def test_match_arguments_of_the_wrong_type(kwargs: dict[str, Any], named: str) -> None:
    """Before: AttributeError ('str' object has no attribute 'check_reachable') or an
    unrelated "dictionary update sequence" message."""
    with pytest.raises(TypeError, match=named):
        Match("hu-4p", **kwargs)


@pytest.mark.parametrize("rules", ["hu-4p", 5])
def test_replay_rules_must_be_a_ruleset(rules: object) -> None:
    """Before: AttributeError ('str' object has no attribute 'id')."""
    record = {"format": "tingpai-record/1", "rules": "hu-4p", "hands": []}
    with pytest.raises(TypeError, match="rules must be a Ruleset"):
        replay(record, rules=rules)  # type: ignore[arg-type]
    assert replay(record, rules=tingpai.find_ruleset("hu-4p")).scores == (30000,) * 4


# --- bots ---------------------------------------------------------------------------


@pytest.mark.parametrize("rng", [5, "seed", random])
def test_find_bot_refuses_an_rng_that_is_not_one(rng: object) -> None:
    """Before: accepted; the random bot then raised AttributeError at its first act."""
    with pytest.raises(TypeError, match=r"rng must be a random\.Random"):
        find_bot("random", rng)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", tingpai.bot_names())
def test_a_bot_refuses_what_it_cannot_answer(name: str) -> None:
    """Before: act(None) raised AttributeError; the observation of a seat with nothing to
    decide raised IndexError (random) or "a concealed part must hold 14 tiles" (others)."""
    bot = find_bot(name, random.Random(0))
    hand = Hand("hu-4p", seed=1)
    with pytest.raises(TypeError, match="acts on an Observation"):
        bot.act(None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seat 2 has no legal action now"):
        bot.act(hand.observe(2))
    assert bot.act(hand.observe(0)) in hand.legal_actions(0)


# --- analysis: forms of the wrong type ------------------------------------------------


@pytest.mark.parametrize("forms", [None, 5, "standard"])
def test_analysis_refuses_forms_that_are_not_a_form(forms: Any) -> None:
    """Before: AttributeError ('int' object has no attribute '_value_')."""
    thirteen, fourteen = parse_counts("123m456p789s1122z"), parse_counts("123m456p789s11222z")
    for call in (lambda: shanten(thirteen, forms), lambda: shanten_by_form(thirteen, forms),
                 lambda: waits(thirteen, forms), lambda: is_ready(thirteen, forms),
                 lambda: improving_tiles(thirteen, forms), lambda: is_complete(fourteen, forms),
                 lambda: discard_table(fourteen, None, forms)):
        with pytest.raises(TypeError, match="forms must be a Form"):
            call()


# --- illegal actions never change a hand (property) ----------------------------------

ALL_ACTIONS = [Action.from_index(s, i) for s in range(4) for i in range(ACTION_SPACE_SIZE)]


@settings(max_examples=25, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(rid=st.sampled_from(tingpai.ruleset_ids()), seed=st.integers(0, 10**6),
       steps=st.integers(0, 60), data=st.data())
def test_an_illegal_action_raises_and_leaves_the_hand_unchanged(
    rid: str, seed: int, steps: int, data: st.DataObject
) -> None:
    hand = played(Hand(rid, seed=seed), steps, seed)
    legal = {a for s in range(hand.players) for a in hand.legal_actions(s)}
    illegal = [a for a in ALL_ACTIONS if a not in legal]
    before = snapshot(hand)
    for action in data.draw(st.lists(st.sampled_from(illegal), min_size=1, max_size=8)):
        with pytest.raises(IllegalAction):
            hand.apply(action)
        assert snapshot(hand) == before

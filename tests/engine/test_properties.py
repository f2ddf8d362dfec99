"""Properties of random legal play for 4, 3 and 2 players (Hu and Hong Kong ids): it never
raises, conserves every tile, keeps scores zero-sum, replays from its record to the
identical result, and the same seed gives the same game."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tingpai.bots import Bot, find_bot, play_game
from tingpai.engine import Match, Phase, full_set, replay

RULES = {"hu-4p": 4, "hu-3p": 3, "hu-2p": 2}
HK_RULES = {"hk-4p": 4, "hk-2p": 2, "hk-fanlaak": 4}
OPTIONS: list[dict[str, Any]] = [
    {},
    {"multiple_winners": "head_bump"},
    {"temporary_furiten": True},
    {"flowers": False},
    {"pond_limit": 6},
]
HK_OPTIONS: list[dict[str, Any]] = [
    {},
    {"min_fan": 0},  # many more wins, pao liabilities paid
    {"multiple_winners": "all", "min_fan": 1},
    {"payment_table": "full-spicy", "furiten": True, "temporary_furiten": True},
    {"pao": False, "max_fan": None},
]


def _checked_game(rid: str, seed: int, names: list[str], options: dict[str, Any],
                  max_hands: int) -> Match:
    """Play with a census and zero-sum check after every action."""
    rng = random.Random(seed)
    m = Match(rid, options, rng=random.Random(rng.getrandbits(32)))
    bots: list[Bot] = [find_bot(n, random.Random(rng.getrandbits(32))) for n in names]
    full = [0] * 42
    for t in full_set(m.ruleset):
        full[t] += 1
    total = m.players * m.ruleset.options.start_points
    while not m.is_over and len(m.hands) < max_hands:
        hand = m.next_hand()
        while not hand.is_over:
            seat = hand.to_act()[0]
            obs = hand.observe(seat)
            assert obs.legal and all(obs.mask[a.index] for a in obs.legal)
            assert sum(obs.mask) == len(obs.legal)
            hand.apply(bots[seat].act(obs))
            assert hand.census() == full
            assert sum(hand.scores) == total
        assert hand.phase is Phase.ENDED and hand.result is not None
        assert sum(hand.result.deltas) == 0
    return m


@settings(max_examples=40, deadline=None)
@given(
    rid=st.sampled_from(sorted(RULES)),
    seed=st.integers(0, 2**32 - 1),
    bots=st.lists(st.sampled_from(["random", "greedy"]), min_size=4, max_size=4),
    options=st.sampled_from(OPTIONS),
)
def test_random_legal_play(rid: str, seed: int, bots: list[str], options: dict[str, Any]) -> None:
    names = bots[: RULES[rid]]
    m = _checked_game(rid, seed, names, options, max_hands=6)
    rec = m.record()
    result = replay(rec)
    assert result.scores == m.scores
    assert [h.result for h in result.hands] == [h.result for h in m.hands]
    for a, b in zip(result.match.hands, m.hands, strict=True):
        assert a.census() == b.census()


@settings(max_examples=12, deadline=None)
@given(
    rid=st.sampled_from(sorted(HK_RULES)),
    seed=st.integers(0, 2**32 - 1),
    bots=st.lists(st.sampled_from(["random", "greedy"]), min_size=4, max_size=4),
    options=st.sampled_from(HK_OPTIONS),
)
def test_random_legal_play_hong_kong(rid: str, seed: int, bots: list[str],
                                     options: dict[str, Any]) -> None:
    """The same properties at the Hong Kong tables (no pond limit: the wall runs out; the
    dealer repeats on draws, so games are cut after a few hands)."""
    names = bots[: HK_RULES[rid]]
    m = _checked_game(rid, seed, names, options, max_hands=3)
    result = replay(m.record())
    assert result.scores == m.scores and sum(m.scores) == 0
    assert [h.result for h in result.hands] == [h.result for h in m.hands]
    assert result.game.net == m.result.net


@settings(max_examples=3, deadline=None)
@given(rid=st.sampled_from(sorted(RULES)), seed=st.integers(0, 2**32 - 1))
def test_full_games_end_and_replay(rid: str, seed: int) -> None:
    run = play_game(["greedy"] * RULES[rid], seed, rid)
    assert run.result.over
    assert sum(run.result.scores) == RULES[rid] * Match(rid).ruleset.options.start_points
    assert replay(run.record).scores == run.result.scores


def test_same_seed_same_game() -> None:
    for rid, n in (RULES | HK_RULES).items():
        a = play_game(["random", "greedy", "random", "greedy"][:n], 11, rid, max_hands=3)
        b = play_game(["random", "greedy", "random", "greedy"][:n], 11, rid, max_hands=3)
        assert a.record == b.record and a.hands == b.hands
        c = play_game(["random", "greedy", "random", "greedy"][:n], 12, rid, max_hands=3)
        assert c.record != a.record

"""The pond limit: the discard that reaches it can only be won on (Winning on the Last
Discard); otherwise the hand is an exhaustive draw; a draw at limit - 1 is the last draw."""

from __future__ import annotations

import pytest
from enginekit import deal, finish, kinds, pattern_ids, play

from tingpai.engine import Action, ActionKind, IllegalAction, Phase
from tingpai.rules import WinKind, find_ruleset

HANDS = {
    0: "5m28m258p258s1234z",
    1: "46m123456789p11s",
    2: "55m1379m1234567z",
    3: "46m123456789s99p",
}
DRAWS = "6z" "3s" "8s" "7s" "5z"


def test_default_limits() -> None:
    assert [find_ruleset(f"hu-{n}p").options.pond_limit for n in (4, 3, 2)] == [18, 20, 22]


def test_the_limit_discard_can_only_be_won_on() -> None:
    hand = deal(HANDS, draws=DRAWS, pond_limit=2)
    play(hand, "0 discard 1z", "1 cut", "2 cut", "3 cut", "0 discard 5m")
    assert hand.phase is Phase.CLAIMS
    assert hand.to_act() == (1, 3)
    assert kinds(hand, 1) == {"ron", "pass"}  # no chow on the last discard
    with pytest.raises(IllegalAction, match="can only be won on"):
        hand.apply(Action(2, ActionKind.PUNG))
    play(hand, "1 ron")
    finish(hand)  # seat 3 passes
    assert hand.result is not None and hand.result.winner_seats == (1,)
    assert "last_tile" in pattern_ids(hand, 1)


def test_nobody_wins_the_limit_discard_exhaustive_draw() -> None:
    hand = deal(HANDS, draws=DRAWS, pond_limit=2)
    play(hand, "0 discard 1z", "1 cut", "2 cut", "3 cut", "0 discard 5m")
    finish(hand)
    r = hand.result
    assert r is not None and r.end is WinKind.EXHAUSTIVE_DRAW and r.exhaustive
    assert r.ready == (False, True, False, True)
    assert r.deltas == (-2000, 2000, -2000, 2000)


def test_a_called_discard_counts_toward_the_limit() -> None:
    hands = dict(HANDS)
    hands[2] = "55m1379m1123456z"
    hand = deal(hands, draws="6z" "7s" "5z", pond_limit=2)
    play(hand, "0 discard 1z", "2 pung", "2 discard 9m", "3 cut", "0 discard 5m")
    assert hand.pond(0) == (27, 4)
    assert hand.to_act() == (1, 3)
    finish(hand)
    assert hand.is_over


def test_self_draw_at_limit_minus_one_is_the_last_draw() -> None:
    hand = deal(
        {0: "123m456m789m11p5p4z", 1: HANDS[1], 2: HANDS[2], 3: HANDS[3]},
        draws="6p" "7z" "8s" "7z" "7p",
        pond_limit=2,
    )
    play(hand, "0 discard 4z", "1 cut", "2 cut", "3 cut")
    assert hand.observe(0).pond_left == (1, 1, 1, 1)
    play(hand, "0 tsumo")
    assert "last_tile" in pattern_ids(hand)


def test_an_earlier_self_draw_is_not_the_last_draw() -> None:
    hand = deal(
        {0: "123m456m789m11p5p4z", 1: HANDS[1], 2: HANDS[2], 3: HANDS[3]},
        draws="6p" "7z" "8s" "7z" "7p",
        pond_limit=3,
    )
    play(hand, "0 discard 4z", "1 cut", "2 cut", "3 cut", "0 tsumo")
    assert "last_tile" not in pattern_ids(hand)

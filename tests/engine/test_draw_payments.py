"""Exhaustive draw: ready-hand payments, what counts as ready, and All Terminal and Honor
Discards (which replaces that draw's ready payments)."""

from __future__ import annotations

from enginekit import deal, finish, play

from tingpai.analysis import waits
from tingpai.rules import WinKind
from tingpai.tiles import NUM_KINDS, parse_tile

# With pond_limit 1 the dealer's first discard ends the hand.
READY_HANDS = {
    0: "123m456m789m11p56p",
    1: "46m123456789p11s",
    2: "147m258p369s1234z",
    3: "258m369p147s5677z",
}


def test_not_ready_pays_each_ready_seat_1000() -> None:
    hand = deal(READY_HANDS, draws="5s", pond_limit=1)
    play(hand, "0 cut")
    finish(hand)
    r = hand.result
    assert r is not None and r.end is WinKind.EXHAUSTIVE_DRAW and not r.winners
    assert r.ready == (True, True, False, False)
    assert r.deltas == (2000, 2000, -2000, -2000)
    assert r.dealer_ready


def test_nobody_or_everybody_ready_pays_nothing() -> None:
    hands = dict(READY_HANDS)
    hands[0] = "147m258p369s1234z".replace("1234z", "5567z")
    hands[1] = "258m369p147s1234z"
    hands[2] = "369m147p258s1234z"
    hand = deal({0: hands[0], 1: hands[1], 2: hands[2], 3: READY_HANDS[3]}, draws="5s",
                pond_limit=1)
    play(hand, "0 cut")
    finish(hand)
    assert hand.result is not None and hand.result.deltas == (0, 0, 0, 0)


def test_undeclared_flower_is_not_ready() -> None:
    hands = dict(READY_HANDS)
    hands[1] = "46m123456789p1s3f"
    hand = deal(hands, draws="5s", pond_limit=1)
    play(hand, "0 cut")
    finish(hand)
    assert hand.result is not None and hand.result.ready == (True, False, False, False)


def test_a_wait_on_a_kind_whose_four_tiles_are_all_ones_own_is_not_ready() -> None:
    # Seat 2 pungs the dealer's 1m and keeps the fourth: 1m 234p 567p 789s waits on a 1m
    # that cannot exist.
    hands = {
        0: "1m47m258p369s1234z",
        1: "46m123456789p11s",
        2: "111m234p567p789s5z",
    }
    hand = deal(hands, draws="5s" "3s" "5s", pond_limit=2)
    play(hand, "0 discard 1m", "2 pung", "2 discard 5z", "3 cut", "0 cut")
    finish(hand)
    assert parse_tile("1m") in waits(hand.concealed(2)[:NUM_KINDS])  # structurally
    r = hand.result
    assert r is not None and r.ready is not None
    assert r.ready[2] is False and r.ready[1] is True


def test_all_terminal_and_honor_discards_replaces_ready_payments() -> None:
    hands = dict(READY_HANDS)
    hands[0] = "123m456m789m11p56p"
    hand = deal(hands, draws="9s", pond_limit=1)
    play(hand, "0 cut")  # the dealer's whole pond: 9s
    finish(hand)
    r = hand.result
    assert r is not None and r.end is WinKind.TERMINAL_DISCARDS
    (w,) = r.winners
    assert w.seat == 0 and w.payer is None and w.score.total == 4000
    assert [p.id for p in w.score.patterns] == ["terminal_discards"]
    assert r.deltas == (12000, -4000, -4000, -4000)  # paid as self-draw, no ready payments


def test_a_called_discard_spoils_all_terminal_discards() -> None:
    hands = {
        0: "123m456m789m1p56p1z",
        2: "55m1379m1123456z",
        1: "46m123456789p11s",
    }
    hand = deal(hands, draws="9s" "3s" "9p", pond_limit=2)
    play(hand, "0 discard 1z", "2 pung", "2 discard 5m", "3 cut", "0 cut")
    finish(hand)
    r = hand.result
    assert r is not None and hand.pond(0) == (parse_tile("1z"), parse_tile("9p"))
    assert r.end is WinKind.EXHAUSTIVE_DRAW and not r.winners

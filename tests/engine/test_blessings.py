"""Blessing of Heaven (dealer complete before the first discard, no kong) and Blessing of
Earth (non-dealer wins on its first draw, nobody called or declared a kong before)."""

from __future__ import annotations

from enginekit import deal, kinds, pattern_ids, play

JUNK = "147m258p369s1234z"
EARTH = "46m123456789p11s"  # seat 1: waits on 5m


def test_heaven_dealer_complete_on_its_first_draw() -> None:
    hand = deal({0: "123m456m789m11p56p"}, draws="7p")
    play(hand, "0 tsumo")
    assert pattern_ids(hand) == ["blessing_of_heaven"]
    r = hand.result
    assert r is not None and r.winners[0].score.total == 8000
    assert r.deltas == (24000, -8000, -8000, -8000)


def test_earth_non_dealer_wins_on_its_first_draw() -> None:
    hand = deal({0: JUNK, 1: EARTH}, draws="5s" "5m")
    play(hand, "0 cut", "1 tsumo")
    assert "blessing_of_earth" in pattern_ids(hand)


def test_earth_with_a_flower_replacement() -> None:
    hand = deal({0: JUNK, 1: "46m123456789p1s2f"}, draws="5s" "1s", tail="5m")
    play(hand, "0 cut", "1 flower 2f", "1 tsumo")
    assert "blessing_of_earth" in pattern_ids(hand)


def test_earth_denied_by_an_earlier_call() -> None:
    # Seat 3 pungs the dealer's 1z before seat 1's first draw.
    hand = deal(
        {0: JUNK, 1: EARTH, 3: "11z258m369p147s55z"}, draws="5s" "6s" "5m"
    )
    play(hand, "0 discard 1z", "3 pung", "3 discard 5z", "0 cut")
    assert "tsumo" in kinds(hand, 1)
    play(hand, "1 tsumo")
    assert "blessing_of_earth" not in pattern_ids(hand)


def test_no_earth_after_the_first_go_around() -> None:
    hand = deal({0: JUNK, 1: EARTH}, draws="5s" "6s" "7s" "8s" "2s" "5m")
    play(hand, "0 cut", "1 cut", "2 cut", "3 cut", "0 cut", "1 tsumo")
    assert "blessing_of_earth" not in pattern_ids(hand)

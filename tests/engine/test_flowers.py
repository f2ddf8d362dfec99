"""Flowers: late declaration with a tail replacement, undeclared flowers, no discarding."""

from __future__ import annotations

import pytest
from enginekit import deal, kinds, pattern_ids, play

from tingpai.engine import Action, ActionKind, IllegalAction, Phase, full_set
from tingpai.rules import WinKind
from tingpai.tiles import parse_tile


def test_declaring_a_flower_draws_from_the_tail() -> None:
    hand = deal({0: "123m456m789m11p5p1f"}, draws="6p", tail="7p")
    assert "flower" in kinds(hand, 0)
    assert "tsumo" not in kinds(hand, 0)
    wall_before = hand.wall_left
    play(hand, "0 flower 1f")
    assert hand.flowers(0) == (parse_tile("1f"),)
    assert hand.observe(0).drawn == parse_tile("7p")
    assert hand.wall_left == wall_before - 1
    assert hand.wall[-1] == parse_tile("7p")  # the tail, last tile first
    assert hand.phase is Phase.TURN and hand.actor == 0


def test_win_on_a_flower_replacement_scores_after_a_flower() -> None:
    # Dealer, no discard yet: Blessing of Heaven (flower replacements allowed), a limit.
    hand = deal({0: "123m456m789m11p5p1f"}, draws="6p", tail="7p")
    play(hand, "0 flower 1f", "0 tsumo")
    r = hand.result
    assert r is not None and r.winners[0].kind is WinKind.SELF_DRAW
    assert "blessing_of_heaven" in pattern_ids(hand)


def test_after_a_flower_500_later_in_the_hand() -> None:
    # Seat 1 declares its flower only in its second turn and wins on the replacement.
    hand = deal(
        {0: "147m258p369s1234z", 1: "123m456m789m11p5p2f"},
        draws="5z" "6z" "1z" "2z" "3z" "6p",
        tail="7p",
    )
    play(hand, "0 cut", "1 cut", "2 cut", "3 cut", "0 cut")
    assert "flower" in kinds(hand, 1)
    play(hand, "1 flower 2f", "1 tsumo")
    ids = pattern_ids(hand)
    assert "after_a_kong" in ids and "blessing_of_earth" not in ids
    w = hand.result.winners[0]  # type: ignore[union-attr]
    value = next(p.value for p in w.score.patterns if p.id == "after_a_kong")
    assert value == 500


def test_flowers_cannot_be_discarded() -> None:
    hand = deal({0: "123m456m789m11p5p1f"}, draws="6p")
    with pytest.raises(IllegalAction, match="flowers cannot be discarded"):
        hand.apply(Action(0, ActionKind.DISCARD, parse_tile("1f")))


def test_undeclared_flower_is_legal_but_blocks_ron_and_readiness() -> None:
    # Seat 1 keeps 3f undeclared: 46m 123456789p 1s would be one tile from complete, but
    # holding the flower it is neither complete nor ready.
    hand = deal(
        {0: "5m28m258p258s1234z", 1: "46m123456789p1s3f"},
        draws="6z",
    )
    assert not hand.is_ready(1)
    play(hand, "0 discard 5m")
    assert "chow" in kinds(hand, 1) and "ron" not in kinds(hand, 1)
    with pytest.raises(IllegalAction, match="undeclared flower"):
        hand.apply(Action(1, ActionKind.RON))


def test_flower_count_is_conserved() -> None:
    hand = deal({0: "123m456m789m11p5p1f"}, draws="6p", tail="7p")
    play(hand, "0 flower 1f", "0 discard 5p")
    census = hand.census()
    assert [t for t, c in enumerate(census) for _ in range(c)] == full_set(hand.ruleset)

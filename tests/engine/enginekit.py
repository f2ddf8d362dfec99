"""Shared helpers for the engine tests: arranged walls and scripted actions.

``deal(...)`` builds a hand whose wall deals the intended hands, draws and replacement
tiles; ``play(hand, "0 discard 9m", "1 pung", ...)`` applies scripted actions with the
record's semantics (a non-claim action passes every seat still to answer).  ``"S cut"``
discards the tile seat S just drew.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tingpai.engine import Action, ActionKind, Hand, Phase, arrange_wall
from tingpai.engine.actions import CLAIM_KINDS
from tingpai.rules import Ruleset, find_ruleset
from tingpai.tiles import EAST, Tile, tile_to_str


def rules(rid: str = "hu-4p", **options: Any) -> Ruleset:
    """A ruleset by id and options."""
    return find_ruleset(rid, **options)


def deal(
    hands: Mapping[int, str],
    draws: str = "",
    tail: str = "",
    *,
    rid: str = "hu-4p",
    dealer: int = 0,
    repeats: int = 0,
    round_wind: Tile = EAST,
    **options: Any,
) -> Hand:
    """A hand dealt from an arranged wall (seats not given get filler)."""
    rs = rules(rid, **options)
    wall = arrange_wall(rs, hands, draws, tail, dealer=dealer)
    return Hand(rs, wall, dealer=dealer, round_wind=round_wind, repeats=repeats)


def parse(hand: Hand, text: str) -> Action:
    """Parse one scripted action (``S cut`` = discard the tile just drawn)."""
    parts = text.split()
    if len(parts) == 2 and parts[1] == "cut":
        seat = int(parts[0])
        pass_pending(hand)
        drawn = hand.observe(seat).drawn
        assert drawn is not None, f"seat {seat} has drawn nothing to cut"
        return Action.from_str(f"{seat} discard {tile_to_str(drawn)}")
    return Action.from_str(text)


def pass_pending(hand: Hand) -> None:
    """Every seat still to answer a claimable tile passes."""
    if hand.phase in (Phase.CLAIMS, Phase.ROBBING):
        for s in hand.to_act():
            hand.apply(Action(s, ActionKind.PASS))


def play(hand: Hand, *texts: str) -> Hand:
    """Apply scripted actions with record semantics."""
    for text in texts:
        a = parse(hand, text)
        if not (
            hand.phase in (Phase.CLAIMS, Phase.ROBBING)
            and a.kind in CLAIM_KINDS
            and a.seat in hand.to_act()
        ):
            pass_pending(hand)
        hand.apply(a)
    return hand


def cut_to_the_end(hand: Hand) -> None:
    """Every seat discards the tile it draws until the wall is empty."""
    while hand.wall_left > 0 and not hand.is_over:
        pass_pending(hand)
        assert hand.phase is Phase.TURN and hand.actor is not None
        play(hand, f"{hand.actor} cut")
    pass_pending(hand)


def finish(hand: Hand) -> Hand:
    """Pass whatever is pending at the end of a script."""
    pass_pending(hand)
    return hand


def kinds(hand: Hand, seat: int) -> set[str]:
    """The words of a seat's legal actions."""
    return {a.kind.value for a in hand.legal_actions(seat)}


def pattern_ids(hand: Hand, seat: int | None = None) -> list[str]:
    """Pattern ids of a winner (the first if ``seat`` is None)."""
    r = hand.result
    assert r is not None and r.winners, "hand has no winner"
    w = r.winners[0] if seat is None else next(w for w in r.winners if w.seat == seat)
    return [p.id for p in w.score.patterns]

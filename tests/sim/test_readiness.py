"""``no_pattern_ready``: ready hands that no wait can turn into a legal win.

Positions are dealt from arranged walls.  Seat 1 ends up ready on 3s (edge wait 12s)
with a triplet of 2m, three suits and no honours: no pattern by discard in Hu Mahjong (a
patternless hand is rejected) and at most Closed Hand + Self-Draw in Hong Kong.
"""

from __future__ import annotations

from typing import Any

import pytest

from tingpai.engine import Action, Hand, arrange_wall
from tingpai.rules import find_ruleset
from tingpai.sim import no_pattern_ready

JUNK = {2: "147m258p369s1234z", 3: "147m258p369s1567z"}
"""Far from ready, holding no 2m and nothing that completes on the dealer's discard."""


def dealt(rid: str, seat1: str, **options: Any) -> Hand:
    rules = find_ruleset(rid, **options)
    hands = {0: "2889m1177p4455s6z", 1: seat1, **JUNK}
    return Hand(rules, arrange_wall(rules, hands, draws="7z"))


def after_pung(rid: str, **options: Any) -> Hand:
    """Seat 1 pungs the dealer's 2m and discards 9m: [222m] 345p 99p 12s 678s."""
    hand = dealt(rid, "229m34599p12678s", **options)
    hand.apply(Action.from_str("0 discard 2m"))
    assert hand.to_act() == (1,)
    hand.apply(Action.from_str("1 pung"))
    hand.apply(Action.from_str("1 discard 9m"))
    return hand


@pytest.mark.parametrize(
    ("rid", "options", "expected", "why"),
    [
        ("hu-4p", {}, True, "exposed triplet, mixed suits: no Hu pattern either way"),
        ("hk-4p", {}, True, "self-draw is 1 fan, below the minimum 3"),
        ("hk-4p", {"min_fan": 1}, False, "self-draw alone reaches a 1-fan minimum"),
    ],
)
def test_after_a_pung(rid: str, options: dict[str, Any], expected: bool, why: str) -> None:
    hand = after_pung(rid, **options)
    assert hand.is_ready(1)
    assert no_pattern_ready(hand, 1) is expected, why


@pytest.mark.parametrize(
    ("rid", "options", "expected", "why"),
    [
        ("hu-4p", {}, False, "a fully concealed self-draw is a Hu pattern"),
        ("hk-4p", {}, True, "closed hand + self-draw is 2 fan, below 3"),
        ("hk-4p", {"min_fan": 2}, False, "closed hand + self-draw reaches 2"),
    ],
)
def test_concealed(rid: str, options: dict[str, Any], expected: bool, why: str) -> None:
    hand = dealt(rid, "222m345p99p12678s", **options)
    assert no_pattern_ready(hand, 1) is expected, why


def test_not_ready_is_none() -> None:
    hand = dealt("hu-4p", "222m345p99p12678s")
    assert not hand.is_ready(2)
    assert no_pattern_ready(hand, 2) is None
    assert no_pattern_ready(hand, 0) is None  # the dealer holds 14 tiles: not between turns


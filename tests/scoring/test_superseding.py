"""Superseding inside a category (RULES.md) and the seed's exceptions to it."""

from __future__ import annotations

from typing import Any

import pytest
from scoring_helpers import counted, score_hand, superseded

# (hand, situation keywords, counted pattern, superseded pattern)
SUPERSEDES: list[tuple[str, dict[str, Any], str, str]] = [
    ("123m123m567p567p1z +1z", {}, "two_pure_sequences_twice", "two_pure_sequences"),
    ("123s789m123p999p1m +1m", {}, "fully_outside", "half_outside"),
    ("11m999m999s444z77z +1m", {}, "all_terminals_and_honors", "half_outside"),
    ("11122333m456p11z +2m", {}, "three_pure_sequences", "two_pure_sequences"),
    ("123m123m123m123m5p +5p", {}, "four_pure_sequences", "three_pure_sequences"),
    ("111m555p999s777z2m +2m", {}, "four_concealed_triplets", "all_triplets"),
    ("111m555p999s777z2m +2m", {}, "four_concealed_triplets", "three_concealed_triplets"),
    ("[2222s][5555s] 123m456p9m +9m", {}, "two_quads", "one_quad"),
    ("[2222s][5555s][7777m] 123p9m +9m", {}, "three_quads", "two_quads"),
    ("[2222s][5555s][7777m] 123p9m +9m", {}, "three_quads", "one_quad"),
    ("[2222s][5555s][7777m][6666z] 9m +9m", {}, "four_quads", "three_quads"),
    ("123m456p789p234s5s +5s", {"flowers": "1234f"}, "flower_set", "flower_tile"),
    ("111m999m111s999s1p +1p", {}, "all_terminals", "all_terminals_and_honors"),
    ("555p666p777p88p99s +8p", {}, "four_consecutive_triplets", "three_consecutive_triplets"),
    ("1122334455667p +7p", {}, "seven_consecutive_pairs", "seven_pairs"),
    ("234s444s666s888s6z +6z", {}, "all_green", "half_flush"),
    ("223344s666s888s4s +4s", {}, "all_green", "full_flush"),
    ("1112345678999m +5m", {}, "nine_gates", "full_flush"),
    ("111z222z333z444z5p +5p", {}, "big_four_winds", "value_triplet"),
]

# (hand, situation keywords, patterns that must all be counted together)
STACKS: list[tuple[str, dict[str, Any], tuple[str, ...]]] = [
    # seed: Little Three Dragons stacks with its two Value Triplets
    ("777z555z6z123m456p +6z", {}, ("little_three_dragons", "value_triplet")),
    # RULES.md: Pure Straight and Two Pure Sequences stack
    ("123m123m456m789m5p +5p", {}, ("pure_straight", "two_pure_sequences", "all_sequences")),
    # seed: Two Pure Sequences Twice stacks with All Sequences (another category)
    ("123m123m567p567p1z +1z", {}, ("two_pure_sequences_twice", "all_sequences")),
    # Seven Pairs stacks with non-meld patterns of other categories
    ("1199m1199p1155z7z +7z", {}, ("seven_pairs", "all_terminals_and_honors")),
    ("22m44m66m33p55p77p8s +8s", {"win": "self"},
     ("seven_pairs", "all_simples", "fully_concealed")),
    ("11m33m55m77m99m22z6z +6z", {}, ("seven_pairs", "half_flush")),
    # across categories: Three Colors with Basic Patterns
    ("567m567s567p123m9s +9s", {}, ("three_color_sequences", "all_sequences")),
]


@pytest.mark.parametrize(("hand", "kwargs", "winner", "loser"), SUPERSEDES)
def test_supersedes(hand: str, kwargs: dict[str, Any], winner: str, loser: str) -> None:
    result = score_hand(hand, **kwargs)
    assert result.valid, result.reason
    assert winner in counted(result)
    assert loser not in counted(result)
    assert superseded(result)[loser] == winner


@pytest.mark.parametrize(("hand", "kwargs", "patterns"), STACKS)
def test_stacks(hand: str, kwargs: dict[str, Any], patterns: tuple[str, ...]) -> None:
    result = score_hand(hand, **kwargs)
    assert result.valid, result.reason
    for pattern in patterns:
        assert pattern in counted(result), counted(result)


def test_little_three_dragons_total() -> None:
    # 3000 + two Value Triplets (Red, White) 500 each
    result = score_hand("777z555z6z123m456p +6z")
    assert counted(result) == {"little_three_dragons": 3000, "value_triplet": 1000}
    assert result.total == 4000


def test_flower_set_keeps_other_flower_tiles() -> None:
    result = score_hand("123m456p789p234s5s +5s", flowers="12345f")
    assert counted(result) == {"all_sequences": 500, "flower_tile": 100, "flower_set": 1000}
    (flower,) = [s for s in result.superseded if s.id == "flower_tile"]
    assert (flower.by, flower.count) == ("flower_set", 4)

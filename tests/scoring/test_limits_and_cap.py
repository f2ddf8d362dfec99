"""The 8000 cap on ordinary patterns and flowers, and the four limit levels."""

from __future__ import annotations

from typing import Any

import pytest
from scoring_helpers import RULES, counted, score_hand, superseded

from tingpai.rules import find_ruleset


def test_cap_on_patterns_and_flowers() -> None:
    # Full Flush 4000 + Pure Straight 2000 + Two Pure Sequences 500 + All Sequences 500 +
    # Fully Concealed 500 + Flower Set 1000 = 8500 -> 8000
    result = score_hand("123s123s456s789s9s +9s", win="self", flowers="1234f")
    assert result.valid
    assert counted(result) == {
        "full_flush": 4000, "pure_straight": 2000, "two_pure_sequences": 500,
        "all_sequences": 500, "fully_concealed": 500, "flower_set": 1000,
    }
    assert (result.subtotal, result.total, result.capped, result.limit) == (8500, 8000, True, False)
    assert result.payments.as_dict() == {"each": 8000}


def test_exactly_at_cap_is_not_capped() -> None:
    result = score_hand("11m999m999s444z77z +1m")
    assert (result.total, result.capped) == (8000, False)


def test_cap_is_an_option() -> None:
    ruleset = find_ruleset("hu-4p", max_value=None)
    result = score_hand("123s123s456s789s9s +9s", ruleset, win="self", flowers="1234f")
    assert (result.total, result.capped) == (8500, False)


# (hand, keywords, the one limit pattern counted, its value)
LIMITS: list[tuple[str, dict[str, Any], str, int]] = [
    ("555z666z777z123m5p +5p", {}, "big_three_dragons", 8000),
    ("19m19p19s1234567z +1m", {}, "thirteen_orphans", 8000),
    ("111z333z444z666z7z +7z", {}, "all_honors", 12000),
    ("111m999m111s999s1p +1p", {}, "all_terminals", 12000),
    ("111z222z333z444z5p +5p", {}, "big_four_winds", 16000),
    ("1112345678999s +1s", {}, "nine_gates", 16000),
    ("[2222s][5555s][7777m][6666z] 9m +9m", {}, "four_quads", 20000),
    ("123m123m123m123m5p +5p", {}, "four_pure_sequences", 20000),
]


@pytest.mark.parametrize(("hand", "kwargs", "pattern", "value"), LIMITS)
def test_limit_levels(hand: str, kwargs: dict[str, Any], pattern: str, value: int) -> None:
    result = score_hand(hand, flowers="15f", **kwargs)
    assert result.valid and result.limit
    assert counted(result) == {pattern: value}
    assert result.total == value
    # flowers and every other present pattern are superseded by the limit
    assert superseded(result)["flower_tile"] == pattern


# (hand, keywords, most valuable limit, other limits present)
MULTI_LIMITS: list[tuple[str, dict[str, Any], str, tuple[str, ...]]] = [
    # Big Four Winds 16000 over All Honors 12000 and Four Concealed Triplets 8000
    ("111z222z333z444z7z +7z", {}, "big_four_winds", ("all_honors", "four_concealed_triplets")),
    # Four Quads 20000 over Four Concealed Triplets 8000 (concealed kongs count)
    ("[[1111m]][[2222m]][[3333m]][[5555z]] 9p +9p", {"win": "self"}, "four_quads",
     ("four_concealed_triplets",)),
    # All Terminals 12000 over Four Concealed Triplets 8000
    ("111m999m111s999s1p +1p", {"win": "self"}, "all_terminals",
     ("four_concealed_triplets",)),
    # All Green 12000 over Four Concealed Triplets 8000
    ("222s444s666s888s3s +3s", {}, "all_green", ("four_concealed_triplets",)),
    # two 8000 limits: the first in the seed's order is the one reported
    ("19m19p19s1234567z +1m", {"win": "self", "seat": "E", "blessing": "heaven"},
     "thirteen_orphans", ("blessing_of_heaven",)),
]


@pytest.mark.parametrize(("hand", "kwargs", "top", "others"), MULTI_LIMITS)
def test_only_most_valuable_limit(
    hand: str, kwargs: dict[str, Any], top: str, others: tuple[str, ...]
) -> None:
    result = score_hand(hand, **kwargs)
    assert result.valid and result.limit
    assert list(counted(result)) == [top]
    assert result.total == RULES["hu-4p"].pattern(top).value
    for other in others:
        assert superseded(result)[other] == top


@pytest.mark.parametrize(("hand", "kwargs", "limit"), [
    # self-drawn, the straight reading sums to 8000 too (Full Flush, Two Pure Sequences
    # Twice, All Sequences, Fully Concealed): the hand is named as its limit
    ("1122334455667p +7p", {"win": "self"}, "seven_consecutive_pairs"),
    # All Simples lifts the straight reading to 8000 even on a discard
    ("2233445566778m +8m", {}, "seven_consecutive_pairs"),
    # Three Pure Sequences + Full Flush = 8000 on a discard; the triplets read as a limit
    ("555666777888p9p +9p", {}, "four_concealed_triplets"),
])
def test_a_limit_is_named_before_an_equal_capped_sum(
    hand: str, kwargs: dict[str, Any], limit: str
) -> None:
    result = score_hand(hand, **kwargs)
    assert (result.total, result.limit) == (8000, True)
    assert counted(result) == {limit: 8000}

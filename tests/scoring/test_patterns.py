"""Every Hu pattern: a hand that scores it (with the hand's exact total) and a near miss.

Values and totals below are worked out by hand from the seed's pattern list (seat South,
round East, win by discard unless the row says otherwise), never taken from the scorer.
"""

from __future__ import annotations

from typing import Any

import pytest
from scoring_helpers import RULES, counted, score_hand, superseded

# (pattern id, hand, situation keywords, value the pattern adds, total of the hand)
POSITIVE: list[tuple[str, str, dict[str, Any], int, int]] = [
    ("all_sequences", "567m123p345s789s3z +3z", {}, 500, 500),
    ("all_simples", "234m888p345p567s2p +2p", {}, 500, 500),
    ("fully_concealed", "123m456p789s234s5p +5p", {"win": "self"}, 500, 1000),
    # concealed kong allowed: Fully Concealed 500 + One Quad 500 + Value Triplet (Red) 500
    ("fully_concealed", "[[7777z]] 123m456p789s5p +5p", {"win": "self"}, 500, 1500),
    ("two_pure_sequences", "123m123m456p789s2z +2z", {}, 500, 1000),
    # 111222333m won on a discarded 2m: the sequence reading (4000 + 500) beats the
    # triplet reading (Three Consecutive Triplets 4000, the 222m triplet not concealed)
    ("three_pure_sequences", "11122333m456p11z +2m", {}, 4000, 4500),
    ("four_pure_sequences", "123m123m123m123m5p +5p", {}, 20000, 20000),
    ("pure_straight", "123m456m789m234p5s +5s", {}, 2000, 2500),
    ("two_pure_sequences_twice", "123m123m567p567p1z +1z", {}, 3000, 3500),
    # All Triplets 2000 + Three Concealed 2000 + South (seat) 500 + White 500
    ("all_triplets", "[222m] 555s222z555z3s +3s", {}, 2000, 5000),
    ("three_concealed_triplets", "111m555p999s234m7z +7z", {}, 2000, 2000),
    ("four_concealed_triplets", "111m555p999s777z2m +2m", {}, 8000, 8000),
    ("one_quad", "[2222s] 123m456p777z5p +5p", {}, 500, 1000),
    ("two_quads", "[2222s][5555s] 123m456p9m +9m", {}, 2000, 2000),
    ("three_quads", "[2222s][5555s][7777m] 123p9m +9m", {}, 4000, 4000),
    ("four_quads", "[2222s][5555s][7777m][6666z] 9m +9m", {}, 20000, 20000),
    # East triplet for the East seat in the East round counts twice
    ("value_triplet", "111z123m456p789s5s +5s", {"seat": "E"}, 1000, 1000),
    ("value_triplet", "111z123m456p789s5s +5s", {"seat": "S"}, 500, 500),
    ("value_triplet", "555z666z123m456p5s +5s", {}, 1000, 1000),
    ("little_three_dragons", "777z555z6z123m456p +6z", {}, 3000, 4000),
    ("big_three_dragons", "555z666z777z123m5p +5p", {}, 8000, 8000),
    ("little_four_winds", "111z222z333z4z123m +4z", {}, 12000, 12000),
    ("big_four_winds", "111z222z333z444z5p +5p", {}, 16000, 16000),
    ("all_honors", "111z333z444z666z7z +7z", {}, 12000, 12000),
    ("all_honors", "1122334455667z +7z", {}, 12000, 12000),  # as seven pairs
    # Half Outside 3000 + East (prevalent) 500 + Green 500
    ("half_outside", "123s789m111z666z1m +1m", {}, 3000, 4000),
    ("fully_outside", "123s789m123p999p1m +1m", {}, 4000, 4000),
    # 111m completed by the discard: ATH 4000 + All Triplets 2000 + Three Concealed 2000
    ("all_terminals_and_honors", "11m999m999s444z77z +1m", {}, 4000, 8000),
    # seven pairs of terminals and honours: Seven Pairs 2000 + ATH 4000
    ("all_terminals_and_honors", "1199m1199p1155z7z +7z", {}, 4000, 6000),
    ("all_terminals", "111m999m111s999s1p +1p", {}, 12000, 12000),
    ("all_types", "345p777m456s111z6z +6z", {}, 500, 1000),
    ("half_flush", "111s345s456s444z7z +7z", {}, 3000, 3000),
    ("full_flush", "111s345s456s777s8s +8s", {}, 4000, 4000),
    ("all_green", "234s444s666s888s6z +6z", {}, 12000, 12000),
    ("all_green", "223344s666s888s6z +6z", {}, 12000, 12000),
    ("nine_gates", "1112345678999m +5m", {}, 16000, 16000),
    ("nine_gates", "1112345678999p +9p", {"win": "self"}, 16000, 16000),
    # Three Consecutive Triplets 4000 + Three Concealed Triplets 2000
    ("three_consecutive_triplets", "555p666p777p123m9s +9s", {}, 4000, 6000),
    ("four_consecutive_triplets", "555p666p777p88p99s +8p", {}, 8000, 8000),
    ("parallel_sequences_twice", "123m123s567m567s9p +9p", {}, 2000, 2500),
    # equal numbers allowed; + Two Pure Sequences Twice 3000 + All Sequences 500 + Fully
    # Outside 4000 = 9500, capped at 8000
    ("parallel_sequences_twice", "123m123m123s123s9p +9p", {}, 2000, 8000),
    # Parallel Triplets 4000 + All Triplets 2000 + Three Concealed 2000 (555m by discard)
    ("parallel_triplets_twice", "222p222m555p55m99s +5m", {}, 4000, 8000),
    ("three_color_sequences", "567m567s567p123m9s +9s", {}, 2000, 2500),
    ("three_color_triplets", "777m777s777p123m9s +9s", {}, 4000, 6000),
    ("seven_pairs", "55s88s22m55p77p66z5z +5z", {}, 2000, 2000),
    # Seven Pairs 2000 + All Simples 500 + Fully Concealed 500
    ("seven_pairs", "22m44m66m33p55p77p8s +8s", {"win": "self"}, 2000, 3000),
    ("seven_consecutive_pairs", "1122334455667p +7p", {}, 8000, 8000),
    ("thirteen_orphans", "19m19p19s1234567z +1m", {}, 8000, 8000),
    ("thirteen_orphans", "119m19p19s123456z +7z", {"win": "self"}, 8000, 8000),
    (
        "eight_immortals", "123m456p789s1122z", {"win": "self", "flowers": "12345678f",
                                                 "special": "eight_immortals"}, 8000, 8000,
    ),
    (
        "eight_immortals", "123m456p789s1122z", {"flowers": "1234567f",
                                                 "special": "eight_immortals"}, 8000, 8000,
    ),
    (
        "terminal_discards", "123m456p789s1122z", {"win": "self",
                                                   "special": "terminal_discards"}, 4000, 4000,
    ),
    (
        "terminal_discards", "123m456p789s1122z",
        {"win": "self", "special": "terminal_discards", "flowers": "1f"}, 4000, 4100,
    ),
    # After a Kong 1000 + One Quad 500
    ("after_a_kong", "[2222s] 123m456p789p5s +5s",
     {"win": "self", "replacements": ("kong",)}, 1000, 1500),
    # kong then flower then win: 1000 + 500; One Quad 500; Flower Tile 100
    ("after_a_kong", "[2222s] 123m456p789p5s +5s",
     {"win": "self", "replacements": ("kong", "flower"), "flowers": "1f"}, 1500, 2100),
    # a flower replacement alone: 500 + Fully Concealed 500 + All Sequences 500 + Flower 100
    ("after_a_kong", "123m456p789p234s5s +5s",
     {"win": "self", "replacements": ("flower",), "flowers": "6f"}, 500, 1600),
    ("robbing_the_kong", "123m456p789p2355s +4s", {"win": "rob"}, 1000, 1500),
    ("last_tile", "123m456p789p2355s +4s", {"last_tile": True}, 1000, 1500),
    ("blessing_of_heaven", "123m456p789p234s5s +5s",
     {"win": "self", "seat": "E", "blessing": "heaven"}, 8000, 8000),
    ("blessing_of_earth", "123m456p789p234s5s +5s",
     {"win": "self", "blessing": "earth"}, 8000, 8000),
    ("flower_tile", "123m456p789p234s5s +5s", {"flowers": "15f"}, 200, 700),
    ("flower_set", "123m456p789p234s5s +5s", {"flowers": "1234f"}, 1000, 1500),
    ("flower_set", "123m456p789p234s5s +5s", {"flowers": "12345f"}, 1000, 1600),
    # Every flower declared is Eight Immortals (seed: "Declare 8 flowers"), a limit alone.
    ("eight_immortals", "123m456p789p234s5s +5s", {"flowers": "12345678f"}, 8000, 8000),
]

# (pattern id, hand, situation keywords): a valid hand close to the pattern without it
NEAR_MISS: list[tuple[str, str, dict[str, Any]]] = [
    ("all_sequences", "567m123p345s777z3z +3z", {}),
    ("all_simples", "123m888p345p567s2p +2p", {"win": "self"}),
    ("fully_concealed", "123m456p789s234s5p +5p", {}),
    ("fully_concealed", "[123m] 456p789s234s5p +5p", {"win": "self"}),
    ("two_pure_sequences", "123m234m456p789s2z +2z", {}),
    ("three_pure_sequences", "123m123m234m456p1z +1z", {}),
    ("four_pure_sequences", "123m123m123m234m5p +5p", {}),
    ("pure_straight", "123m456m678m234p5s +5s", {}),
    ("two_pure_sequences_twice", "123m123m567p678p1z +1z", {}),
    ("all_triplets", "[234m] 555s222z555z3s +3s", {}),
    ("three_concealed_triplets", "111m555p99s234m77z +9s", {"last_tile": True}),
    ("three_concealed_triplets", "[111m] 555p999s234m7z +7z", {"last_tile": True}),
    ("four_concealed_triplets", "111m555p99s777z22m +9s", {}),
    ("one_quad", "[222s] 123m456p777z5p +5p", {}),
    ("two_quads", "[2222s][555s] 123m777z9m +9m", {}),
    ("three_quads", "[2222s][5555s][777m] 123p9m +9m", {}),
    ("four_quads", "[2222s][5555s][7777m][666z] 9m +9m", {}),
    ("value_triplet", "333z123m456p789s5s +5s", {"win": "self"}),
    ("value_triplet", "222z123m456p789s5s +5s", {"win": "self", "seat": "W"}),
    ("little_three_dragons", "777z555z2z123m456p +2z", {}),
    ("big_three_dragons", "777z555z6z123m456p +6z", {}),
    ("little_four_winds", "111z222z333z5z123m +5z", {}),
    ("big_four_winds", "111z222z333z4z123m +4z", {}),
    ("all_honors", "111z333z444z666z9p +9p", {}),
    ("half_outside", "234s789m111z666z1m +1m", {}),
    ("fully_outside", "123s789m234p999p1m +1m", {"win": "self"}),
    ("all_terminals_and_honors", "111m999m789s444z7z +7z", {}),
    ("all_terminals", "11m999m999s444z77z +1m", {}),
    ("all_types", "345p777m456s111z9s +9s", {}),
    ("half_flush", "111s345s456p777z4z +4z", {}),
    ("full_flush", "111s345s456s444z7z +7z", {}),
    ("all_green", "234s444s666s888s7z +7z", {}),
    # 11112345678999 won on 9m: the hand before the win is not 1112345678999
    ("nine_gates", "1111234567899m +9m", {}),
    ("nine_gates", "[111m] 2345678999m +5m", {}),
    ("three_consecutive_triplets", "555p666p888p123m9s +9s", {}),
    ("four_consecutive_triplets", "555p666p777p123m9s +9s", {}),
    ("parallel_sequences_twice", "123m123s567m567p9p +9p", {}),
    ("parallel_triplets_twice", "222p222m555p55s99s +5s", {}),
    ("three_color_sequences", "567m567s678p123m9s +9s", {}),
    ("three_color_triplets", "777m777s888p123m9s +9s", {}),
    ("seven_pairs", "123m123m456p789s5z +5z", {}),
    ("seven_consecutive_pairs", "1122334455668p +8p", {}),
    # seven flowers are Eight Immortals only when the engine decides a later form of it
    ("eight_immortals", "123m456p789p234s5s +5s", {"win": "self", "flowers": "1234567f"}),
    ("terminal_discards", "123m456p789p234s5s +5s", {"win": "self"}),
    ("after_a_kong", "123m456p789p234s5s +5s", {"win": "self"}),
    ("robbing_the_kong", "123m456p789p2355s +4s", {}),
    ("last_tile", "123m456p789p2355s +4s", {}),
    ("blessing_of_heaven", "123m456p789p234s5s +5s", {"win": "self", "seat": "E"}),
    ("blessing_of_earth", "123m456p789p234s5s +5s", {"win": "self"}),
    ("flower_tile", "123m456p789p234s5s +5s", {}),
    ("flower_set", "123m456p789p234s5s +5s", {"flowers": "1235f"}),
]

# (pattern id, hand, situation keywords, reason prefix): near misses that are not wins
NEAR_MISS_INVALID: list[tuple[str, str, dict[str, Any], str]] = [
    # four of a kind is not two pairs (seven distinct kinds)
    ("seven_pairs", "5555s88s22m55p77p6z +6z", {}, "incomplete"),
    ("thirteen_orphans", "119m19p19s123456z +6z", {}, "incomplete"),
    ("eight_immortals", "123m456p789s1122z", {"win": "self", "flowers": "1234567f"},
     "wrong tile count"),
]


def _ids(rows: list[Any]) -> list[str]:
    return [f"{row[0]}:{row[1]}" for row in rows]


@pytest.mark.parametrize(("pattern", "hand", "kwargs", "value", "total"), POSITIVE,
                         ids=_ids(POSITIVE))
def test_pattern_scores(
    pattern: str, hand: str, kwargs: dict[str, Any], value: int, total: int
) -> None:
    result = score_hand(hand, **kwargs)
    assert result.valid, result.reason
    assert counted(result).get(pattern) == value, (counted(result), superseded(result))
    assert result.total == total, counted(result)


@pytest.mark.parametrize(("pattern", "hand", "kwargs"), NEAR_MISS, ids=_ids(NEAR_MISS))
def test_pattern_near_miss(pattern: str, hand: str, kwargs: dict[str, Any]) -> None:
    result = score_hand(hand, **kwargs)
    assert result.valid, result.reason
    assert pattern not in counted(result)
    assert pattern not in superseded(result)


@pytest.mark.parametrize(("pattern", "hand", "kwargs", "reason"), NEAR_MISS_INVALID,
                         ids=_ids(NEAR_MISS_INVALID))
def test_pattern_near_miss_not_a_win(
    pattern: str, hand: str, kwargs: dict[str, Any], reason: str
) -> None:
    result = score_hand(hand, **kwargs)
    assert not result.valid
    assert result.reason is not None and result.reason.startswith(reason)
    assert result.patterns == ()


def test_every_pattern_has_a_hit_and_a_near_miss() -> None:
    ids = {p.id for p in RULES["hu-4p"].patterns}
    assert {row[0] for row in POSITIVE} == ids
    assert {row[0] for row in NEAR_MISS} | {row[0] for row in NEAR_MISS_INVALID} == ids

"""The highest-scoring decomposition wins, and a triplet completed by a winning discard
is not concealed (self-drawn it is)."""

from __future__ import annotations

from typing import Any

import pytest
from scoring_helpers import counted, score_hand

# (hand, keywords, expected counted patterns, total)
ROWS: list[tuple[str, dict[str, Any], dict[str, int], int]] = [
    # 222333444s567m88p won on 8p by discard: the 8p completes the pair, so the three
    # triplets stay concealed.  Triplets: Three Consecutive 4000 + Three Concealed 2000 +
    # All Simples 500 = 6500; sequences 234s x3: Three Pure 4000 + All Sequences 500 +
    # All Simples 500 = 5000.
    ("222333444s567m8p +8p", {},
     {"three_consecutive_triplets": 4000, "three_concealed_triplets": 2000,
      "all_simples": 500}, 6500),
    # the same self-drawn adds Fully Concealed
    ("222333444s567m8p +8p", {"win": "self"},
     {"three_consecutive_triplets": 4000, "three_concealed_triplets": 2000,
      "all_simples": 500, "fully_concealed": 500}, 7000),
    # 111222333m789p55s won on a discarded 3m: as triplets 333m is not concealed (4000);
    # as sequences Three Pure 4000 + All Sequences 500 = 4500 wins
    ("11122233m789p55s +3m", {},
     {"three_pure_sequences": 4000, "all_sequences": 500}, 4500),
    # self-drawn the triplets are concealed: 4000 + 2000 + 500 = 6500 beats 5000
    ("11122233m789p55s +3m", {"win": "self"},
     {"three_consecutive_triplets": 4000, "three_concealed_triplets": 2000,
      "fully_concealed": 500}, 6500),
    # seven pairs versus standard: 112233m445566p77s is both; standard Two Pure Sequences
    # Twice 3000 + All Sequences 500 beats Seven Pairs 2000 (+ no other)
    ("112233m445566p7s +7s", {},
     {"two_pure_sequences_twice": 3000, "all_sequences": 500}, 3500),
    # seven pairs wins when the standard reading is poor: 22m33m44m + 5577p + 99s... here
    # 223344m 5566p 77p 99s reads as 234m 234m 567p 567p 99s too; with a Red pair instead of
    # 99s seven pairs is the only reading: Seven Pairs 2000 + nothing else
    ("22334455m66p88s7z +7z", {}, {"seven_pairs": 2000}, 2000),
]


@pytest.mark.parametrize(("hand", "kwargs", "patterns", "total"), ROWS)
def test_best_decomposition(hand: str, kwargs: dict[str, Any], patterns: dict[str, int],
                            total: int) -> None:
    result = score_hand(hand, **kwargs)
    assert result.valid, result.reason
    assert counted(result) == patterns
    assert result.total == total


def test_decomposition_is_reported() -> None:
    result = score_hand("222333444s567m8p +8p")
    assert sorted(result.decomposition) == sorted(
        ["pung 222s", "pung 333s", "pung 444s", "chow 567m", "pair 88p"]
    )
    declared = score_hand("123s123p789p9p [123m] +9p").decomposition
    assert "declared chow 123m" in declared


# (hand, keywords, concealed triplets counted?)
CONCEALED: list[tuple[str, dict[str, Any], bool]] = [
    # three triplets, the discard completes 999s: two concealed only
    ("111m555p99s234m77z +9s", {"last_tile": True}, False),
    # self-drawn 9s: three concealed
    ("111m555p99s234m77z +9s", {"win": "self"}, True),
    # the discarded 5p can complete the 345p chow instead: the 555p triplet stays concealed
    ("111m5553p4p999s77z +5p", {}, True),
    # a robbed tile only ever completes a chow (the konger holds its other three copies),
    # so the three triplets stay concealed
    ("111m555p999s23m77z +4m", {"win": "rob"}, True),
    # a concealed kong counts as a concealed triplet
    ("[[1111m]] 555p999s234m7z +7z", {}, True),
    # an exposed kong does not
    ("[1111m] 555p999s234m7z +7z", {"last_tile": True}, False),
]


@pytest.mark.parametrize(("hand", "kwargs", "concealed"), CONCEALED)
def test_concealed_triplets(hand: str, kwargs: dict[str, Any], concealed: bool) -> None:
    result = score_hand(hand, **kwargs)
    assert result.valid, result.reason
    assert ("three_concealed_triplets" in counted(result)) is concealed

"""Shanten with 1 to 4 fixed melds, against an exhaustive search over complete parts.

With k fixed melds the concealed part holds 13-3k or 14-3k tiles and must become 4-k
melds and a pair; seven pairs and thirteen orphans no longer apply.  The brute force
enumerates every such target (at most 4 copies of a kind) and counts the tiles missing.
"""

from __future__ import annotations

import random
from itertools import combinations_with_replacement

import pytest

from tingpai.analysis import Form, is_complete, shanten, shanten_by_form, waits
from tingpai.tiles import parse_counts

MELDS = [(s * 9 + n, s * 9 + n + 1, s * 9 + n + 2) for s in range(3) for n in range(7)] + [
    (t, t, t) for t in range(34)
]


def targets(melds: int) -> list[dict[int, int]]:
    """Every complete part with ``melds`` melds and a pair, as kind -> count."""
    out = []
    for combo in combinations_with_replacement(range(len(MELDS)), melds):
        base: dict[int, int] = {}
        for i in combo:
            for t in MELDS[i]:
                base[t] = base.get(t, 0) + 1
        for pair in range(34):
            full = dict(base)
            full[pair] = full.get(pair, 0) + 2
            if max(full.values()) <= 4:
                out.append(full)
    return out


TARGETS = {melds: targets(melds) for melds in (0, 1, 2)}


def brute_shanten(counts: list[int]) -> int:
    melds = 4 - (14 - sum(counts)) // 3
    missing = min(
        sum(max(0, n - counts[t]) for t, n in target.items()) for target in TARGETS[melds]
    )
    return missing - 1


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("7z", 0),  # four melds fixed: a lone tile waits for its pair
        ("77z", -1),
        ("12m", 0),  # either tile pairs up
        ("1133m", 0),  # 11m pair + 33m, waiting on 3m (or 11m on 1m)
        ("1357m", 1),  # a meld covers two of these, the pair one: 2 tiles missing
        ("1111m", 1),  # 111m + 1m would need a fifth 1m: two draws (e.g. 2m and 3m)
        ("11112m", 0),  # 111m + 2m waits on 2m, 11m + 12m on 3m
        ("1112223m", 0),  # 111m 222m + 3m, or 11m 123m + 22m...
    ],
)
def test_known(text: str, expected: int) -> None:
    counts = parse_counts(text)
    assert shanten(counts) == expected
    assert brute_shanten(counts) == expected
    assert set(shanten_by_form(counts)) == {Form.STANDARD}


@pytest.mark.parametrize("size", [1, 2, 4, 5, 7, 8])
def test_random_small_parts_against_brute_force(size: int) -> None:
    rng = random.Random(size)
    rounds = 100 if size <= 5 else 10
    for _ in range(rounds):
        # Draw from a few kinds so that quads and overlapping melds are common.
        kinds = rng.sample(range(34), rng.randint(2, 6))
        wall = [t for t in kinds for _ in range(4)]
        counts = [0] * 34
        for t in rng.sample(wall, size):
            counts[t] += 1
        assert shanten(counts) == brute_shanten(counts), counts


def test_ready_with_melds_waits_and_completes() -> None:
    counts = parse_counts("1123m")  # 3 melds fixed
    assert waits(counts) == [0, 3]  # 1m: 11m + 123m; 4m: 11m + 234m
    for t in waits(counts):
        done = counts[:]
        done[t] += 1
        assert is_complete(done)

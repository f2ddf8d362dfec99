"""The per-suit tables: exact standard-form distances against an enumeration of targets.

For a suit holding ``h`` (counts per kind), the distance of cell (j melds, p pairs) is
the least number of tiles to add so that the suit contains j melds and p pairs, never
needing a fifth copy of a kind.  The brute force enumerates every such target suit.
"""

from __future__ import annotations

import random
from itertools import combinations_with_replacement, product

import pytest

from tingpai.analysis import tables, warm


def suit_targets(size: int, chows: bool) -> dict[tuple[int, int], list[tuple[int, ...]]]:
    """Every target suit per (melds, pairs): counts of melds and at most one pair."""
    melds = [tuple(3 if k == i else 0 for k in range(size)) for i in range(size)]
    if chows:
        melds += [tuple(1 if i <= k <= i + 2 else 0 for k in range(size)) for i in range(7)]
    out: dict[tuple[int, int], set[tuple[int, ...]]] = {}
    for j in range(5):
        for combo in combinations_with_replacement(melds, j):
            base = [sum(col) for col in zip(*combo, strict=True)] if combo else [0] * size
            if max(base) > 4:
                continue
            out.setdefault((j, 0), set()).add(tuple(base))
            for pair in range(size):
                target = list(base)
                target[pair] += 2
                if max(target) <= 4:
                    out.setdefault((j, 1), set()).add(tuple(target))
    return {cell: sorted(targets) for cell, targets in out.items()}


SUITED = suit_targets(9, chows=True)
HONOURS = suit_targets(7, chows=False)


def brute(h: tuple[int, ...], targets: dict[tuple[int, int], list[tuple[int, ...]]]) -> list[int]:
    return [
        min(sum(max(0, t - c) for t, c in zip(target, h, strict=True)) for target in targets[j, p])
        for j in range(5)
        for p in (0, 1)
    ]


def random_key(rng: random.Random, size: int) -> tuple[int, ...]:
    while True:
        if rng.random() < 0.5:  # quads and triplets, where the four-copy limit binds
            h = [0] * size
            for k in rng.sample(range(size), rng.randint(1, 3)):
                h[k] = rng.choice((3, 4))
            k = rng.randrange(size)
            h[k] = min(4, h[k] + rng.randint(0, 2))
        else:
            h = [0] * size
            for _ in range(rng.randint(0, 14)):
                h[rng.randrange(size)] += 1
        if max(h) <= 4 and sum(h) <= 14:
            return tuple(h)


def test_numbered_suit_distances_are_exact() -> None:
    rng = random.Random(1)
    for _ in range(15):
        h = random_key(rng, 9)
        profile = tables.PROFILES[tables.SUIT_KEYS[bytes(h)]]
        assert list(profile.f) == brute(h, SUITED), h
        assert profile.tiles == sum(h)


def test_honour_distances_are_exact() -> None:
    for h in product(range(5), repeat=4):  # honours are symmetric: 4 kinds suffice
        key = (*h, 0, 0, 0)
        if sum(key) <= 14:
            profile = tables.PROFILES[tables.HONOR_KEYS[bytes(key)]]
            assert list(profile.f) == brute(key, HONOURS), key


@pytest.mark.parametrize(
    ("key", "cell", "expected"),
    [
        ((4, 0, 0, 0, 0, 0, 0, 0, 0), (1, 1), 2),  # 1111: 111 + a pair of another kind
        ((4, 4, 4, 0, 0, 0, 0, 0, 0), (4, 0), 0),  # exactly 111 222 333 123
        # ... and the pair must be of another kind (no fifth copy): two tiles to add.
        ((4, 4, 4, 0, 0, 0, 0, 0, 0), (4, 1), 2),
        ((2, 2, 2, 0, 0, 0, 0, 0, 0), (2, 0), 0),  # 123 123
        ((1, 0, 1, 0, 0, 0, 0, 0, 0), (1, 0), 1),  # 1_3 waits on 2
    ],
)
def test_hand_worked_cells(key: tuple[int, ...], cell: tuple[int, int], expected: int) -> None:
    f = tables.PROFILES[tables.SUIT_KEYS[bytes(key)]].f
    assert f[tables.cell(*cell)] == expected


def test_keys_are_validated() -> None:
    with pytest.raises(ValueError, match="between 0 and 4"):
        tables.SUIT_KEYS[bytes((5, 0, 0, 0, 0, 0, 0, 0, 0))]
    with pytest.raises(ValueError, match="more than 14"):
        tables.SUIT_KEYS[bytes((4, 4, 4, 3, 0, 0, 0, 0, 0))]
    with pytest.raises(ValueError, match="34 entries"):
        tables.HONOR_KEYS[bytes(9)]


def test_warm_fills_small_keys() -> None:
    warm(max_tiles=2)
    assert bytes((1, 0, 0, 0, 0, 0, 0, 0, 1)) in tables.SUIT_KEYS
    assert bytes((0, 0, 0, 0, 0, 0, 2)) in tables.HONOR_KEYS

"""Decompositions of complete concealed parts into melds and a pair, and the special forms.

Each suit key's decompositions are found once (by taking its lowest tile as a pung, the
start of a chow or the pair) and memoized; a hand's decompositions are the product of
its suits' with exactly one pair overall.  The scorer calls :func:`decompositions` and
scores the best one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import product

from tingpai.analysis.shanten import _bad_count, _values, as_bytes
from tingpai.analysis.tables import KEY_OFFSETS
from tingpai.tiles import MeldKind, Tile, tiles_to_str

__all__ = ["Decomposition", "decompositions", "is_seven_pairs", "is_thirteen_orphans"]

_KIND_ORDER = {MeldKind.CHOW: 0, MeldKind.PUNG: 1, MeldKind.KONG: 2}


def meld_sort_key(meld: tuple[MeldKind, Tile]) -> tuple[Tile, int]:
    """Order of melds inside a :class:`Decomposition`: by first tile, chows before pungs."""
    return meld[1], _KIND_ORDER[meld[0]]


@dataclass(frozen=True, slots=True)
class Decomposition:
    """One way to read a complete concealed part: a pair and melds.

    ``melds`` holds (kind, first tile) per meld (a chow by its lowest tile), sorted by
    :func:`meld_sort_key`.  Kinds are CHOW or PUNG: four concealed copies of a kind are a
    pung plus a tile used elsewhere, never a kong (kongs are fixed melds).
    """

    pair: Tile
    melds: tuple[tuple[MeldKind, Tile], ...]

    def __str__(self) -> str:
        groups = [tiles_to_str((self.pair, self.pair))]
        for kind, first in self.melds:
            tiles = (first, first + 1, first + 2) if kind is MeldKind.CHOW else (first,) * 3
            groups.append(tiles_to_str(tiles))
        return " ".join(groups)


# A suit-local decomposition: (pair kind or -1, ((is_chow, first kind), ...) sorted).
_Local = tuple[int, tuple[tuple[bool, int], ...]]
_LOCAL: dict[bytes, tuple[_Local, ...]] = {}
# Globalized per (key position, key): (with pair, without pair) lists.
_GLOBAL: list[dict[bytes, tuple[list[tuple[Tile, tuple[tuple[MeldKind, Tile], ...]]], ...]]] = [
    {} for _ in range(4)
]


def _local_decompositions(key: bytes) -> tuple[_Local, ...]:
    """Every distinct split of a whole suit key into melds and at most one pair."""
    cached = _LOCAL.get(key)
    if cached is not None:
        return cached
    size = len(key)
    chows = size == 9
    counts = list(key)
    found: set[_Local] = set()
    melds: list[tuple[bool, int]] = []

    def search(i: int, pair: int) -> None:
        while i < size and not counts[i]:
            i += 1
        if i == size:
            found.add((pair, tuple(sorted(melds, key=lambda m: (m[1], not m[0])))))
            return
        if counts[i] >= 3:
            counts[i] -= 3
            melds.append((False, i))
            search(i, pair)
            melds.pop()
            counts[i] += 3
        if chows and i + 2 < size and counts[i + 1] and counts[i + 2]:
            for j in (i, i + 1, i + 2):
                counts[j] -= 1
            melds.append((True, i))
            search(i, pair)
            melds.pop()
            for j in (i, i + 1, i + 2):
                counts[j] += 1
        if pair < 0 and counts[i] >= 2:
            counts[i] -= 2
            search(i, i)
            counts[i] += 2

    if sum(key) % 3 != 1:
        search(0, -1)
    result = tuple(sorted(found))
    _LOCAL[key] = result
    return result


def _global(
    position: int, key: bytes
) -> tuple[list[tuple[Tile, tuple[tuple[MeldKind, Tile], ...]]], ...]:
    """A key's decompositions in tile ids: (those with the pair, those without)."""
    table = _GLOBAL[position]
    cached = table.get(key)
    if cached is not None:
        return cached
    base = KEY_OFFSETS[position]
    with_pair: list[tuple[Tile, tuple[tuple[MeldKind, Tile], ...]]] = []
    without: list[tuple[Tile, tuple[tuple[MeldKind, Tile], ...]]] = []
    for pair, melds in _local_decompositions(key):
        converted = tuple(
            (MeldKind.CHOW if is_chow else MeldKind.PUNG, base + first) for is_chow, first in melds
        )
        if pair < 0:
            without.append((-1, converted))
        else:
            with_pair.append((base + pair, converted))
    result = (with_pair, without)
    table[key] = result
    return result


def _complete14(b: bytes) -> tuple[int, int, int, int]:
    """Shanten values (see ``shanten._values``) of a part that must hold 14-3k tiles."""
    if sum(b) % 3 != 2:
        raise _bad_count(b, "14")
    return _values(b)


def decompositions(counts: Sequence[int]) -> list[Decomposition]:
    """Every distinct standard decomposition of a 14-3k tile concealed part.

    Returns [] when the part is not complete in the standard form (seven pairs and
    thirteen orphans have no meld decomposition; see :func:`is_seven_pairs`).  Sorted by
    pair, then melds.

    >>> from tingpai.tiles import parse_counts
    >>> [str(d) for d in decompositions(parse_counts("111222333m789p55s"))]
    ['55s 123m 123m 123m 789p', '55s 111m 222m 333m 789p']
    """
    b = as_bytes(counts)
    if _complete14(b)[1] != -1:
        return []
    keys = (b[0:9], b[9:18], b[18:27], b[27:])
    parts = []
    for position, key in enumerate(keys):
        with_pair, without = _global(position, key)
        parts.append(with_pair if sum(key) % 3 == 2 else without)
    out = []
    for combo in product(*parts):
        pair = next(p for p, _ in combo if p >= 0)
        melds = tuple(m for _, group in combo for m in group)
        out.append(Decomposition(pair, melds))
    out.sort(key=lambda d: (d.pair, [meld_sort_key(m) for m in d.melds]))
    return out


def is_seven_pairs(counts: Sequence[int]) -> bool:
    """Whether a 14-3k tile concealed part is seven pairs of seven distinct kinds.

    Four of a kind is not two pairs; with fixed melds the answer is always False.
    """
    return _complete14(as_bytes(counts))[2] == -1


def is_thirteen_orphans(counts: Sequence[int]) -> bool:
    """Whether a 14-3k tile concealed part is thirteen orphans (all 13, one doubled)."""
    return _complete14(as_bytes(counts))[3] == -1

"""Decompositions of complete concealed parts into melds and a pair, and the special forms.

Each complete suit key's decompositions are found once (by taking its lowest tile as a
pung, the start of a chow or the pair) and stored per key with everything the scorer
reads from them (chows, triplets, the tiles the chows cover); a hand's decompositions are
the product of its suits' with exactly one pair overall.  Only keys that are complete (as
the per-suit distance tables of :mod:`.tables` say) are stored, so the tables stay as
small as the set of complete suit shapes.  The scorer calls :func:`standard_readings` and
scores the best one; :func:`decompositions` is the public view of the same data.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import product

from tingpai.analysis.shanten import _bad_count, _values, as_bytes
from tingpai.analysis.tables import HONOR_KEYS, KEY_OFFSETS, PROFILES, SUIT_KEYS, cell
from tingpai.tiles import MeldKind, Tile, tiles_to_str

__all__ = [
    "Decomposition",
    "Reading",
    "decompositions",
    "is_seven_pairs",
    "is_thirteen_orphans",
    "standard_readings",
]

_CHOW = MeldKind.CHOW
_PUNG = MeldKind.PUNG


def meld_sort_key(meld: tuple[MeldKind, Tile]) -> tuple[Tile, int]:
    """Order of melds inside a :class:`Decomposition`: by first tile, chows before pungs."""
    kind = meld[0]
    return meld[1], 0 if kind is _CHOW else (1 if kind is _PUNG else 2)


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


Reading = tuple[
    Tile, tuple[Tile, ...], tuple[Tile, ...], int, tuple[tuple[MeldKind, Tile], ...]
]
"""One decomposition as plain data for the scorer's hot path: (pair kind, or -1 for a suit
without the pair; chows by lowest tile, sorted; triplet kinds, sorted; bit mask of the tile
kinds the chows hold (bit ``t``); melds as in :class:`Decomposition`)."""

_NO_READINGS: tuple[Reading, ...] = ()
_READINGS: tuple[dict[bytes, tuple[Reading, ...]], ...] = tuple({} for _ in KEY_OFFSETS)
"""Per key position (characters, dots, bamboo, honours): complete key -> its readings.
Incomplete keys are never stored (the distance tables reject them on every miss)."""


def _local_decompositions(key: bytes) -> tuple[tuple[int, tuple[tuple[bool, int], ...]], ...]:
    """Every distinct split of a whole suit key into melds and at most one pair:
    (pair kind or -1, ((is_chow, first kind), ...) sorted by first kind, chows first)."""
    size = len(key)
    chows = size == 9
    counts = list(key)
    found: set[tuple[int, tuple[tuple[bool, int], ...]]] = set()
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
    return tuple(sorted(found))


def _suit_readings(position: int, key: bytes) -> tuple[Reading, ...]:
    """The readings of one suit key in tile ids, () when the key is not complete (the
    table-lookup miss path: complete keys are stored, incomplete ones rejected by the
    distance tables without a search)."""
    tiles = sum(key)
    if tiles % 3 == 1:
        return _NO_READINGS
    profile = PROFILES[(HONOR_KEYS if position == 3 else SUIT_KEYS)[key]]
    if profile.f[cell(tiles // 3, tiles % 3 // 2)]:
        return _NO_READINGS
    base = KEY_OFFSETS[position]
    out: list[Reading] = []
    for pair, local in _local_decompositions(key):
        chows = tuple(base + first for is_chow, first in local if is_chow)
        triplets = tuple(base + first for is_chow, first in local if not is_chow)
        cover = 0
        for first in chows:
            cover |= 7 << first
        melds = tuple((_CHOW if is_chow else _PUNG, base + first) for is_chow, first in local)
        out.append((base + pair if pair >= 0 else -1, chows, triplets, cover, melds))
    result = tuple(out)
    if result:
        _READINGS[position][bytes(key)] = result
    return result


def _reading_order(reading: Reading) -> tuple[Tile, list[tuple[Tile, int]]]:
    """Sort key of a reading: the order of :func:`decompositions` (pair, then melds)."""
    return reading[0], [meld_sort_key(m) for m in reading[4]]


def standard_readings(b: bytes) -> tuple[Reading, ...]:
    """Every standard decomposition of a concealed part, as :data:`Reading` tuples in the
    order of :func:`decompositions`; () when the part is not four melds and a pair.

    ``b`` must be 34 counts as bytes holding 14-3k tiles (at most 14, no count above 4);
    the scorer has checked that, so nothing is validated again here.  A hand whose suits
    were all seen before costs four dict lookups and a few tuple concatenations.
    """
    k0 = b[0:9]
    k1 = b[9:18]
    k2 = b[18:27]
    k3 = b[27:]
    t0, t1, t2, t3 = _READINGS
    r0 = t0.get(k0) or _suit_readings(0, k0)
    if not r0:
        return _NO_READINGS
    r1 = t1.get(k1) or _suit_readings(1, k1)
    if not r1:
        return _NO_READINGS
    r2 = t2.get(k2) or _suit_readings(2, k2)
    if not r2:
        return _NO_READINGS
    r3 = t3.get(k3) or _suit_readings(3, k3)
    if not r3:
        return _NO_READINGS
    # Every reading of a key has the pair or none does (by its tile count mod 3).
    if (r0[0][0] >= 0) + (r1[0][0] >= 0) + (r2[0][0] >= 0) + (r3[0][0] >= 0) != 1:
        return _NO_READINGS
    if len(r0) == 1 and len(r1) == 1 and len(r2) == 1 and len(r3) == 1:
        p0, c0, s0, v0, m0 = r0[0]
        p1, c1, s1, v1, m1 = r1[0]
        p2, c2, s2, v2, m2 = r2[0]
        p3, _, s3, _, m3 = r3[0]
        return ((max(p0, p1, p2, p3), c0 + c1 + c2, s0 + s1 + s2 + s3, v0 | v1 | v2,
                 m0 + m1 + m2 + m3),)
    out: list[Reading] = [
        (max(a[0], b_[0], c[0], d[0]), a[1] + b_[1] + c[1], a[2] + b_[2] + c[2] + d[2],
         a[3] | b_[3] | c[3], a[4] + b_[4] + c[4] + d[4])
        for a, b_, c, d in product(r0, r1, r2, r3)
    ]
    out.sort(key=_reading_order)
    return tuple(out)


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
    return [Decomposition(r[0], r[4]) for r in standard_readings(b)]


def is_seven_pairs(counts: Sequence[int]) -> bool:
    """Whether a 14-3k tile concealed part is seven pairs of seven distinct kinds.

    Four of a kind is not two pairs; with fixed melds the answer is always False.
    """
    return _complete14(as_bytes(counts))[2] == -1


def is_thirteen_orphans(counts: Sequence[int]) -> bool:
    """Whether a 14-3k tile concealed part is thirteen orphans (all 13, one doubled)."""
    return _complete14(as_bytes(counts))[3] == -1

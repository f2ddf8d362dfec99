"""Decompositions of complete concealed parts into melds and a pair, and the special forms.

A part's counts split into four suit keys (see :mod:`.tables`).  Each complete key's
decompositions are found once and stored per key position as :data:`Reading` tuples, with
everything the scorer reads from them (chows, triplets, the tiles the chows cover, meld
codes); a hand's decompositions are the product of its suits' with exactly one pair
overall, so a hand whose suits were seen before costs four dict lookups and a few tuple
concatenations.  Only complete keys are stored, so the tables stay as small as the set
of complete suit shapes (21,743 per numbered suit, 498 for the honours).

A key missing from the tables is first searched (lowest held kind as a pung, the start of
a chow or the pair, after the distance tables rejected incomplete keys); after a few
hundred misses, or on :func:`warm_readings`, every complete key is enumerated once
(about 60 ms, 7 MB) and misses become lookups.

The scorer calls :func:`suit_readings`, :func:`combine` and :func:`standard_readings`;
:func:`decompositions` is the public view of the same data.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations_with_replacement, product

from tingpai.analysis.shanten import _bad_count, _values, as_bytes
from tingpai.analysis.tables import HONOR_KEYS, KEY_OFFSETS, PROFILES, SUIT_KEYS, cell
from tingpai.tiles import MeldKind, Tile, tiles_to_str

__all__ = [
    "Decomposition",
    "Reading",
    "combine",
    "combine_single",
    "decompositions",
    "is_seven_pairs",
    "is_thirteen_orphans",
    "meld_code",
    "meld_of_code",
    "readings_of_keys",
    "standard_readings",
    "suit_readings",
    "warm_readings",
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

    >>> from tingpai.tiles import parse_counts
    >>> [str(d) for d in decompositions(parse_counts("111222333m456p11z"))]
    ['11z 123m 123m 123m 456p', '11z 111m 222m 333m 456p']
    """

    pair: Tile
    melds: tuple[tuple[MeldKind, Tile], ...]

    def __str__(self) -> str:
        groups = [tiles_to_str((self.pair, self.pair))]
        for kind, first in self.melds:
            tiles = (first, first + 1, first + 2) if kind is MeldKind.CHOW else (first,) * 3
            groups.append(tiles_to_str(tiles))
        return " ".join(groups)


Reading = tuple[Tile, tuple[Tile, ...], tuple[Tile, ...], int, tuple[int, ...]]
"""One decomposition as plain data for the scorer's hot path: (pair kind, or -1 for a suit
without the pair; chows by lowest tile, sorted; triplet kinds, sorted; bit mask of the tile
kinds the chows hold (bit ``t``); meld codes in :class:`Decomposition` order).  A meld code
is ``2 * first + 1`` for a pung and ``2 * first`` for a chow, so codes sort as
:func:`meld_sort_key` does."""


def meld_code(kind: MeldKind, first: Tile) -> int:
    """The :data:`Reading` code of a concealed chow or pung."""
    return 2 * first + (kind is not _CHOW)


def meld_of_code(code: int) -> tuple[MeldKind, Tile]:
    """The (kind, first tile) of a :data:`Reading` meld code."""
    return (_PUNG if code & 1 else _CHOW), code >> 1


_NO_READINGS: tuple[Reading, ...] = ()
_READINGS: tuple[dict[bytes, tuple[Reading, ...]], ...] = tuple({} for _ in KEY_OFFSETS)
"""Per key position (characters, dots, bamboo, honours): complete key -> its readings in
tile ids.  Only complete keys are stored: at most the 21,743 complete numbered-suit keys
per suit and the 498 complete honour keys."""
_SINGLE: tuple[dict[bytes, Reading], ...] = tuple({} for _ in KEY_OFFSETS)
"""The same for the keys with exactly one reading: key -> that reading."""

# A suit-local reading: a Reading whose tile ids count from the key's first kind.
_COMPLETE: list[dict[bytes, tuple[Reading, ...]] | None] = [None, None]
"""Every complete key of a numbered suit ([0]) and of the honours ([1]) with its local
readings, once :func:`warm_readings` has built them (by enumeration, not search)."""
_BUILD_AFTER = 256
"""Table misses served by search before the complete-key index is built: a process that
scores a few hands never pays for the index, a long-running one soon stops searching."""
_misses = 0


def _local_reading(pair: int, codes: tuple[int, ...]) -> Reading:
    """The local reading of a pair (-1: none) and meld codes (sorted)."""
    chows = tuple(code >> 1 for code in codes if not code & 1)
    cover = 0
    for first in chows:
        cover |= 7 << first
    return pair, chows, tuple(code >> 1 for code in codes if code & 1), cover, codes


def _search(key: bytes) -> tuple[Reading, ...]:
    """Every distinct split of a whole suit key into melds and at most one pair, as local
    readings, found by search (lowest held kind: a pung, the start of a chow or the pair).
    """
    size = len(key)
    chows = size == 9
    counts = list(key)
    found: set[tuple[int, tuple[int, ...]]] = set()
    melds: list[int] = []

    def search(i: int, pair: int) -> None:
        while i < size and not counts[i]:
            i += 1
        if i == size:
            found.add((pair, tuple(sorted(melds))))
            return
        if counts[i] >= 3:
            counts[i] -= 3
            melds.append(2 * i + 1)
            search(i, pair)
            melds.pop()
            counts[i] += 3
        if chows and i + 2 < size and counts[i + 1] and counts[i + 2]:
            for j in (i, i + 1, i + 2):
                counts[j] -= 1
            melds.append(2 * i)
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
    return tuple(_local_reading(pair, codes) for pair, codes in sorted(found))


def _enumerate(size: int) -> dict[bytes, tuple[Reading, ...]]:
    """Every complete key of ``size`` kinds (9: a numbered suit, 7: the honours) with its
    local readings, by enumerating every multiset of at most four melds plus at most one
    pair that holds no kind more than four times (about 60 ms for a numbered suit)."""
    codes = sorted([2 * f + 1 for f in range(size)] + ([2 * f for f in range(7)] if size == 9
                                                        else []))
    found: dict[bytes, list[Reading]] = {}
    for n_melds in range(5):
        for combo in combinations_with_replacement(codes, n_melds):
            counts = [0] * size
            for code in combo:
                first = code >> 1
                if code & 1:
                    counts[first] += 3
                else:
                    counts[first] += 1
                    counts[first + 1] += 1
                    counts[first + 2] += 1
            if max(counts, default=0) > 4:
                continue
            for pair in range(-1, size):
                if pair >= 0:
                    if counts[pair] > 2:
                        continue
                    counts[pair] += 2
                    key = bytes(counts)
                    counts[pair] -= 2
                else:
                    key = bytes(counts)
                found.setdefault(key, []).append(_local_reading(pair, combo))
    return {key: tuple(readings) for key, readings in found.items()}


def warm_readings() -> None:
    """Build the complete-key index now (it is otherwise built after a few hundred table
    misses), so that no later miss searches.  Optional; idempotent."""
    if _COMPLETE[0] is None:
        _COMPLETE[0] = _enumerate(9)
    if _COMPLETE[1] is None:
        _COMPLETE[1] = _enumerate(7)


def _suit_readings(position: int, key: bytes) -> tuple[Reading, ...]:
    """The readings of one suit key in tile ids, () when the key is not complete (the
    table-lookup miss path; complete keys are then stored)."""
    index = _COMPLETE[position == 3]
    if index is not None:
        local = index.get(key)
        if local is None:
            return _NO_READINGS
    else:
        tiles = sum(key)
        if tiles % 3 == 1:
            return _NO_READINGS
        # the distance tables reject an incomplete key without a search
        profile = PROFILES[(HONOR_KEYS if position == 3 else SUIT_KEYS)[key]]
        if profile.f[cell(tiles // 3, tiles % 3 // 2)]:
            return _NO_READINGS
        local = _search(key)
        global _misses
        _misses += 1
        if _misses >= _BUILD_AFTER:
            warm_readings()
    base = KEY_OFFSETS[position]
    result = tuple(
        (
            pair + base if pair >= 0 else -1,
            tuple(first + base for first in chows),
            tuple(kind + base for kind in triplets),
            cover << base,
            tuple(code + 2 * base for code in codes),
        )
        for pair, chows, triplets, cover, codes in local
    )
    if result:
        key = bytes(key)
        _READINGS[position][key] = result
        if len(result) == 1:
            _SINGLE[position][key] = result[0]
    return result


def _reading_order(reading: Reading) -> tuple[Tile, tuple[int, ...]]:
    """Sort key of a reading: the order of :func:`decompositions` (pair, then melds by
    :func:`meld_sort_key`, which meld codes follow)."""
    return reading[0], reading[4]


def standard_readings(b: bytes) -> tuple[Reading, ...]:
    """Every standard decomposition of a concealed part, as :data:`Reading` tuples in the
    order of :func:`decompositions`; () when the part is not four melds and a pair.

    ``b`` must be 34 counts as bytes holding 14-3k tiles (at most 14, no count above 4);
    the scorer has checked that, so nothing is validated again here.  A hand whose suits
    were all seen before costs four dict lookups and a few tuple concatenations.
    """
    return readings_of_keys(b[0:9], b[9:18], b[18:27], b[27:])


def readings_of_keys(k0: bytes, k1: bytes, k2: bytes, k3: bytes) -> tuple[Reading, ...]:
    """:func:`standard_readings` of a part given by its four suit keys (``b[0:9]``,
    ``b[9:18]``, ``b[18:27]``, ``b[27:34]``), for callers that already sliced them."""
    s0, s1, s2, s3 = _SINGLE
    a = s0.get(k0)
    b = s1.get(k1)
    c = s2.get(k2)
    d = s3.get(k3)
    if a is not None and b is not None and c is not None and d is not None:
        return combine_single(a, b, c, d)  # the common case: one reading per suit
    r0 = suit_readings(0, k0)
    if not r0:
        return _NO_READINGS
    r1 = suit_readings(1, k1)
    if not r1:
        return _NO_READINGS
    r2 = suit_readings(2, k2)
    if not r2:
        return _NO_READINGS
    return combine(r0, r1, r2, suit_readings(3, k3))


def suit_readings(position: int, key: bytes) -> tuple[Reading, ...]:
    """The readings of one suit key (a slice of 34 counts as bytes holding at most 14
    tiles, no count above 4) at a key position (0-2: characters, dots, bamboo; 3: honours),
    in tile ids; () when the key is not complete."""
    found = _READINGS[position].get(key)
    return _suit_readings(position, key) if found is None else found


def combine_single(a: Reading, b: Reading, c: Reading, d: Reading) -> tuple[Reading, ...]:
    """:func:`combine` when each suit key has a single reading (``a`` to ``d``)."""
    p0, c0, t0, v0, m0 = a
    p1, c1, t1, v1, m1 = b
    p2, c2, t2, v2, m2 = c
    p3, _, t3, _, m3 = d
    if (p0, p1, p2, p3).count(-1) != 3:  # exactly one suit holds the pair
        return _NO_READINGS
    return ((max(p0, p1, p2, p3), c0 + c1 + c2, t0 + t1 + t2 + t3, v0 | v1 | v2,
             m0 + m1 + m2 + m3),)


def combine(
    r0: tuple[Reading, ...],
    r1: tuple[Reading, ...],
    r2: tuple[Reading, ...],
    r3: tuple[Reading, ...],
) -> tuple[Reading, ...]:
    """The readings of a whole part from those of its four suit keys (see
    :func:`suit_readings`), in the order of :func:`decompositions`: one per choice of a
    reading in each suit, when exactly one suit holds the pair; () otherwise."""
    if not (r0 and r1 and r2 and r3):
        return _NO_READINGS
    if len(r0) == 1 and len(r1) == 1 and len(r2) == 1 and len(r3) == 1:
        return combine_single(r0[0], r1[0], r2[0], r3[0])
    # Every reading of a key has the pair or none does (by its tile count mod 3).
    if (r0[0][0] >= 0) + (r1[0][0] >= 0) + (r2[0][0] >= 0) + (r3[0][0] >= 0) != 1:
        return _NO_READINGS
    out: list[Reading] = [
        (max(a[0], b[0], c[0], d[0]), a[1] + b[1] + c[1], a[2] + b[2] + c[2] + d[2],
         a[3] | b[3] | c[3], a[4] + b[4] + c[4] + d[4])
        for a, b, c, d in product(r0, r1, r2, r3)
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
    return [
        Decomposition(r[0], tuple(map(meld_of_code, r[4]))) for r in standard_readings(b)
    ]


def is_seven_pairs(counts: Sequence[int]) -> bool:
    """Whether a 14-3k tile concealed part is seven pairs of seven distinct kinds.

    Four of a kind is not two pairs; with fixed melds the answer is always False.

    >>> from tingpai.tiles import parse_counts
    >>> is_seven_pairs(parse_counts("1122m3344p5566s77z"))
    True
    >>> is_seven_pairs(parse_counts("1111m3344p5566s77z"))
    False
    """
    return _complete14(as_bytes(counts))[2] == -1


def is_thirteen_orphans(counts: Sequence[int]) -> bool:
    """Whether a 14-3k tile concealed part is thirteen orphans (all 13, one doubled).

    >>> from tingpai.tiles import parse_counts
    >>> is_thirteen_orphans(parse_counts("19m19p19s12345677z"))
    True
    """
    return _complete14(as_bytes(counts))[3] == -1

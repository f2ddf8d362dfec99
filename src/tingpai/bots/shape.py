"""Distances to restricted hand shapes, for the bots' value targeting.

A *distance* is the least number of tiles a hand must still draw (discarding others) to be
complete, ``shanten + 1``.  :func:`standard_distance` reads the analysis layer's per-suit
distance profiles (:mod:`tingpai.analysis.tables`), which are defined for any number of
tiles, so a hand with some tiles struck out (every tile outside one suit, for a flush) still
gets an exact standard-form distance in four dictionary lookups.  The other shapes are
small direct counts: all triplets (:func:`triplets_distance`), seven pairs
(:func:`pairs_distance`), thirteen orphans (:func:`orphans_distance`) and fixed groups that
a pattern needs (:func:`groups_distance`: a pure straight, three-colour chows or triplets).

``counts`` are the 34 concealed counts (fixed melds removed); ``melds`` is how many melds
the concealed part must still form (4 minus declared melds); ``unseen`` is, per kind, how
many copies the seat cannot see (so could still draw or claim).  A shape that can no longer
be reached returns :data:`FAR`.

>>> from tingpai.tiles import parse_counts
>>> hand = parse_counts("123m456m789m11z23p")
>>> standard_distance(bytes(hand), 4)
1
>>> standard_distance(restrict(bytes(hand), (True, False, False, True)), 4)
3
"""

from __future__ import annotations

from collections.abc import Sequence

from tingpai.analysis.tables import COMB, HONOR_KEYS, PROFILES, SUIT_KEYS
from tingpai.tiles import NUM_KINDS, ORPHANS

FAR = 99
"""Distance of a shape that cannot be reached."""

_EMPTY9 = bytes(9)
_EMPTY7 = bytes(7)


def standard_distance(b: bytes, melds: int) -> int:
    """Tiles to draw until ``b`` (34 counts as bytes, any number of tiles) holds ``melds``
    melds and a pair (the standard form), never counting on a fifth copy of a kind."""
    comb = COMB
    suit = SUIT_KEYS
    pid = comb[comb[suit[b[0:9]]][suit[b[9:18]]]][comb[suit[b[18:27]]][HONOR_KEYS[b[27:34]]]]
    return PROFILES[pid].f[2 * melds + 1]


def restrict(b: bytes, keep: tuple[bool, bool, bool, bool]) -> bytes:
    """``b`` with every tile of the suits not kept struck out (characters, dots, bamboo,
    honours)."""
    return (
        (b[0:9] if keep[0] else _EMPTY9)
        + (b[9:18] if keep[1] else _EMPTY9)
        + (b[18:27] if keep[2] else _EMPTY9)
        + (b[27:34] if keep[3] else _EMPTY7)
    )


def simples_only(b: bytes) -> bytes:
    """``b`` with terminals and honours struck out (All Simples)."""
    z = b"\0"
    return z + b[1:8] + z + z + b[10:17] + z + z + b[19:26] + z + _EMPTY7


def outside_only(b: bytes) -> bytes:
    """``b`` keeping only 1-3 and 7-9 of each suit and the honours: every group of an
    outside hand is drawn from these (an approximation: it also allows a 222 pung)."""
    mid = b"\0\0\0"
    return (
        b[0:3] + mid + b[6:9] + b[9:12] + mid + b[15:18] + b[18:21] + mid + b[24:27]
        + b[27:34]
    )


def triplets_distance(
    counts: Sequence[int], melds: int, allowed: Sequence[bool], unseen: Sequence[int]
) -> int:
    """Tiles to draw until the allowed kinds of ``counts`` hold ``melds`` triplets and a
    pair (All Triplets), only counting copies that are still unseen.

    Kinds are grouped by what they cost: held three or four times (a triplet now), twice
    (one more for a triplet; a pair now), once (two more, or one for the pair), or not at
    all (three, or two for the pair); the pair is taken from each group in turn and the
    triplets from the cheapest groups.
    """
    threes = twos = twos_dead = ones = ones_pair = fresh3 = fresh2 = 0
    for k in range(NUM_KINDS):
        if not allowed[k]:
            continue
        c = counts[k]
        u = unseen[k]
        if c >= 3:
            threes += 1
        elif c == 2:
            if u:
                twos += 1
            else:
                twos_dead += 1
        elif c == 1:
            if u >= 2:
                ones += 1
            elif u:
                ones_pair += 1
        elif u >= 3:
            fresh3 += 1
        elif u == 2:
            fresh2 += 1
    best = FAR
    groups = [threes, twos, ones, fresh3]
    # Pair from: a triplet-or-more kind, a pair (live or not), a single, a fresh kind.
    for source, pair_cost in ((0, 0), (1, 0), (-1, 0), (2, 1), (-2, 1), (3, 2), (-3, 2)):
        avail = groups[:]
        if source >= 0:
            if not avail[source]:
                continue
            avail[source] -= 1
        elif source == -1:
            if not twos_dead:
                continue
        elif source == -2:
            if not ones_pair:
                continue
        elif not fresh2:
            continue
        total = pair_cost
        need = melds
        for cost in range(4):
            take = avail[cost] if avail[cost] < need else need
            total += take * cost
            need -= take
            if not need:
                break
        if not need and total < best:
            best = total
    return best


def pairs_distance(counts: Sequence[int], allowed: Sequence[bool], unseen: Sequence[int]) -> int:
    """Tiles to draw until the allowed kinds of a concealed 13-tile hand hold seven pairs
    of seven kinds (only kinds with an unseen copy can be paired)."""
    pairs = 0
    singles = 0
    fresh = 0
    for k in range(NUM_KINDS):
        if not allowed[k]:
            continue
        c = counts[k]
        if c >= 2:
            pairs += 1
        elif c == 1:
            if unseen[k]:
                singles += 1
        elif unseen[k] >= 2:
            fresh += 1
    if pairs >= 7:
        return 0
    missing = 7 - pairs
    if singles >= missing:
        return missing
    new = missing - singles
    if new > fresh:
        return FAR
    return singles + 2 * new


def orphans_distance(counts: Sequence[int], unseen: Sequence[int]) -> int:
    """Tiles to draw until a concealed 13-tile hand is thirteen orphans."""
    present = 0
    doubled = False
    missing_live = True
    for k in ORPHANS:
        c = counts[k]
        if c:
            present += 1
            if c >= 2:
                doubled = True
        elif not unseen[k]:
            missing_live = False
    if not missing_live:
        return FAR
    return 14 - present - (1 if doubled else 0)


def groups_distance(
    counts: Sequence[int],
    melds: int,
    groups: Sequence[tuple[int, ...]],
    unseen: Sequence[int],
    limit: int = FAR,
) -> int:
    """Tiles to draw until the concealed part holds every group of ``groups`` (each a
    tuple of tiles: a chow or a triplet, already reduced to those not declared) and then
    ``melds - len(groups)`` more melds and a pair in the standard form.  Gives up (FAR)
    as soon as the groups alone need more than ``limit`` tiles."""
    rest_melds = melds - len(groups)
    if rest_melds < 0:
        return FAR
    need: dict[int, int] = {}
    for group in groups:
        for t in group:
            need[t] = need.get(t, 0) + 1
    return needs_distance(counts, rest_melds, tuple(need.items()), unseen, limit)


def needs_distance(
    counts: Sequence[int],
    rest_melds: int,
    needs: Sequence[tuple[int, int]],
    unseen: Sequence[int],
    limit: int = FAR,
) -> int:
    """:func:`groups_distance` with the groups given as (tile, copies needed) and the
    melds still to form besides them."""
    rest = bytearray(counts)
    missing = 0
    for t, n in needs:
        have = rest[t]
        if have >= n:
            rest[t] = have - n
        else:
            short = n - have
            if unseen[t] < short:
                return FAR
            missing += short
            rest[t] = 0
    if missing > limit:
        return FAR
    return missing + standard_distance(bytes(rest), rest_melds)

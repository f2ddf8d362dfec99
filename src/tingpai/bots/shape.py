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
>>> hand = parse_counts("123m456m789m11z234p")
>>> standard_distance(bytes(hand), 4)
1
>>> standard_distance(restrict(bytes(hand), (True, False, False, True)), 4)
4
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
    pair (All Triplets), only counting copies that are still unseen."""
    held: list[tuple[int, int, int]] = []  # (cost as a triplet, cost as the pair, kind)
    fresh_triplets = 0  # kinds not held with three unseen copies
    fresh_pairs = 0  # kinds not held with exactly two unseen copies
    for k in range(NUM_KINDS):
        if not allowed[k]:
            continue
        c = counts[k]
        u = unseen[k]
        if c:
            need3 = 3 - c if c < 3 else 0
            need2 = 2 - c if c < 2 else 0
            held.append((need3 if u >= need3 else FAR, need2 if u >= need2 else FAR, k))
        elif u >= 3:
            fresh_triplets += 1
        elif u == 2:
            fresh_pairs += 1
    held.sort()
    best = FAR
    for _, pair_cost, pair_kind in held:  # the pair is a held kind
        if pair_cost < FAR:
            best = min(best, pair_cost + _triplet_costs(held, pair_kind, melds, fresh_triplets))
    if fresh_triplets or fresh_pairs:  # the pair is a kind not held yet
        spare = fresh_triplets if fresh_pairs else fresh_triplets - 1
        best = min(best, 2 + _triplet_costs(held, -1, melds, spare))
    return best


def _triplet_costs(
    held: list[tuple[int, int, int]], pair_kind: int, melds: int, fresh: int
) -> int:
    """Cheapest ``melds`` triplets from the held kinds (sorted by cost) other than the
    pair's, topped up with kinds not held (3 tiles each, ``fresh`` of them available)."""
    total = 0
    need = melds
    for cost, _, k in held:
        if not need or cost >= 3:
            break
        if k != pair_kind:
            total += cost
            need -= 1
    if need > fresh:
        return FAR
    return total + 3 * need


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
    need = [0] * NUM_KINDS
    for group in groups:
        for t in group:
            need[t] += 1
    rest = list(counts)
    missing = 0
    for t in range(NUM_KINDS):
        n = need[t]
        if n:
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

"""Shanten when some copies cannot be had: a kind in the player's own declared melds, or a
tile set without some kinds (hk-2p's 80 tiles have no 2-8 of characters or bamboo).

RULES.md: "a kind whose four tiles are all in the player's own hand and melds" is no wait,
so a hand whose only waits are such kinds is not ready, and a hand that can only go on
through kinds the set lacks is farther from ready than its shape says.  The tables of
:mod:`.shanten` allow every kind up to four copies in the concealed part; here each kind
has its own limit ``caps[t]``, the copies the concealed part can ever hold (4 less the
copies in declared melds; 0 for a kind outside the set).

Shanten is computed as a cover: with ``m`` melds still to make, the least shanten is
``3m + 1`` less the most tiles of the hand that one complete hand within the limits
holds (each missing tile is one draw, the last one completes), the same number the
tables give when every limit is 4.  The standard form is a small dynamic programme per
suit, memoised by the suit's counts and limits.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache, lru_cache

from tingpai.analysis.forms import ALL_FORMS, Form
from tingpai.analysis.shanten import as_bytes
from tingpai.analysis.tables import MAX_TILES
from tingpai.inputs import echo, whole_number
from tingpai.tiles import NUM_KINDS, ORPHANS

__all__ = ["UNREACHABLE", "capped_shanten", "limits"]

UNREACHABLE = 99
"""The shanten of a hand no complete hand within the limits can come from."""

_NONE = -1
"""An impossible (melds, pair) entry of a suit's cover table."""

_MAX_MELDS = 4
_SUITS = ((0, 9, True), (9, 9, True), (18, 9, True), (27, 7, False))
"""(first kind, kinds, chows allowed) of each suit; honours make no chows."""


def limits(melded: Sequence[int], kinds: Iterable[int] | None = None) -> list[int]:
    """Per kind, the copies the concealed part can ever hold: 4 less those in the player's
    declared melds (``melded``: 34 counts), 0 for a kind not in ``kinds`` (the set).

    >>> limits([3] + [0] * 33)[:2]
    [1, 4]

    ValueError (TypeError for entries that are no whole numbers) names ``melded`` when it
    is not 34 counts and ``kinds`` when it holds a value that is no tile kind 0-33.
    """
    counts = _checked(as_bytes(melded, "melded"), "melded")
    allowed = None if kinds is None else _kinds(kinds)
    return [
        0 if allowed is not None and t not in allowed else max(0, 4 - counts[t])
        for t in range(NUM_KINDS)
    ]


def _checked(values: bytes, name: str) -> bytes:
    """``values`` when it holds 34 counts; ValueError naming ``name`` otherwise."""
    if len(values) != NUM_KINDS:
        raise ValueError(f"{name} must have 34 entries (one per tile kind), got "
                         f"{len(values)}")
    return values


def _kinds(kinds: Iterable[int]) -> frozenset[int]:
    """``kinds`` as a set of tile kinds; ValueError or TypeError naming the first entry
    that is no kind 0-33 (a kind outside the range would silently be ignored)."""
    try:
        entries = list(kinds)
    except TypeError:
        raise TypeError(f"kinds must be tile kinds 0-33, got {echo(kinds)}") from None
    numbers = []
    for entry in entries:
        number = whole_number(entry)
        if number is None:
            raise TypeError(f"kinds holds {echo(entry)}, not a tile kind 0-33")
        if not 0 <= number < NUM_KINDS:
            raise ValueError(f"kinds holds {echo(number)}: tile kinds are 0-33")
        numbers.append(number)
    return frozenset(numbers)


def capped_shanten(
    counts: Sequence[int], caps: Sequence[int], forms: Form = ALL_FORMS
) -> int:
    """Shanten of the concealed part (``counts``, 34 counts) when kind ``t`` can be held at
    most ``caps[t]`` times: -1 complete, :data:`UNREACHABLE` when no form can be made.

    >>> from tingpai.tiles import parse_counts
    >>> hand = parse_counts("1m")  # beside four declared melds, with 1m in one of them
    >>> capped_shanten(hand, [4] * 34), capped_shanten(hand, [1] + [4] * 33)
    (0, 1)

    ValueError (TypeError for entries that are no whole numbers) names counts or caps
    that are not 34 counts, and a hand that is not 13-3k or 14-3k tiles.
    """
    counts = as_bytes(counts)
    caps = as_bytes(caps, "caps")
    _checked(counts, "counts")
    _checked(caps, "caps")
    size = sum(counts)
    if size % 3 == 0 or size > MAX_TILES:
        raise ValueError(f"a concealed part must hold 13 or 14 tiles minus 3 per fixed "
                         f"meld (got {size})")
    melds = (size - 1) // 3
    best = UNREACHABLE
    if Form.STANDARD in forms:
        cover = _standard_cover(counts, caps, melds)
        if cover >= 0:
            best = 3 * melds + 1 - cover
    if size >= 13:  # seven pairs and thirteen orphans take no declared meld
        if Form.PAIRS in forms:
            best = min(best, _pairs_shanten(counts, caps))
        if Form.ORPHANS in forms:
            best = min(best, _orphans_shanten(counts, caps))
    return best


def _pairs_shanten(counts: Sequence[int], caps: Sequence[int]) -> int:
    """Seven distinct pairs: the seven kinds that can make a pair and cover the most."""
    covers = sorted((min(counts[t], 2) for t in range(NUM_KINDS) if caps[t] >= 2),
                    reverse=True)
    if len(covers) < 7:
        return UNREACHABLE
    return 13 - sum(covers[:7])


def _orphans_shanten(counts: Sequence[int], caps: Sequence[int]) -> int:
    """Thirteen orphans: one of each terminal and honour, one of them twice."""
    if any(caps[t] < 1 for t in ORPHANS) or all(caps[t] < 2 for t in ORPHANS):
        return UNREACHABLE
    distinct = sum(1 for t in ORPHANS if counts[t])
    paired = any(counts[t] >= 2 and caps[t] >= 2 for t in ORPHANS)
    return 13 - distinct - paired


def _standard_cover(counts: Sequence[int], caps: Sequence[int], melds: int) -> int:
    """The most tiles of the hand one complete hand of ``melds`` melds and a pair within
    the limits holds, or -1 when there is none."""
    total = [0] + [_NONE] * (2 * (_MAX_MELDS + 1) - 1)  # (melds, pair) -> cover so far
    for first, size, chows in _SUITS:
        table = _suit_cover(
            tuple(counts[first:first + size]), tuple(caps[first:first + size]), chows
        )
        merged = [_NONE] * len(total)
        for a, cover_a in enumerate(total):
            if cover_a < 0:
                continue
            melds_a, pair_a = divmod(a, 2)
            for b, cover_b in enumerate(table):
                if cover_b < 0:
                    continue
                melds_b, pair_b = divmod(b, 2)
                if melds_a + melds_b > melds or pair_a + pair_b > 1:
                    continue
                key = 2 * (melds_a + melds_b) + pair_a + pair_b
                merged[key] = max(merged[key], cover_a + cover_b)
        total = merged
    return total[2 * melds + 1]


@lru_cache(maxsize=4096)
def _suit_cover(
    counts: tuple[int, ...], caps: tuple[int, ...], chows: bool
) -> tuple[int, ...]:
    """Per (melds, pair) as ``2 * melds + pair``: the most tiles of this suit's ``counts``
    that melds (chows when allowed, pungs) and a pair within ``caps`` hold, or -1."""
    size = len(counts)

    @cache
    def cover(i: int, older: int, newer: int) -> tuple[int, ...]:
        # Kinds i.. with ``older`` chows begun at i-2 and ``newer`` at i-1 still to place.
        if i == size:
            return (0,) + (_NONE,) * (2 * (_MAX_MELDS + 1) - 1)
        out = [_NONE] * (2 * (_MAX_MELDS + 1))
        runs = older + newer
        for started in range(0, (_MAX_MELDS - runs) + 1 if chows and i <= size - 3 else 1):
            for pung in (0, 1):
                for pair in (0, 1):
                    used = runs + started + 3 * pung + 2 * pair
                    if used > caps[i]:
                        continue
                    here = min(counts[i], used)
                    rest = cover(i + 1, newer, started)
                    for key, value in enumerate(rest):
                        if value < 0:
                            continue
                        melds, pairs = divmod(key, 2)
                        melds += started + pung
                        pairs += pair
                        if melds > _MAX_MELDS or pairs > 1:
                            continue
                        slot = 2 * melds + pairs
                        if here + value > out[slot]:
                            out[slot] = here + value
        return tuple(out)

    return cover(0, 0, 0)

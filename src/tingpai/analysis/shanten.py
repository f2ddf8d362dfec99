"""Shanten, waits and tile efficiency, computed from the per-suit tables in :mod:`.tables`.

Every function takes ``counts``: 34 counts (list, tuple, bytes or bytearray, or a numpy
array of integers) of the concealed tiles with fixed melds removed, so a hand with ``k`` fixed
melds holds 13-3k or 14-3k tiles.  Seven pairs and thirteen orphans only apply when there
is no fixed meld.  Shanten is the *exact* number: one less than the least number of tiles
to draw (discarding others) to complete the hand, never counting on a fifth copy of a kind
inside the concealed part.  So a 13-3k tile hand has shanten 0 exactly when it has a wait.

Malformed counts (wrong length, a count outside 0-4, more than 14 tiles, a tile count that
is a multiple of 3) raise ``ValueError``.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from dataclasses import dataclass

from tingpai.analysis.forms import ALL_FORMS, Form
from tingpai.analysis.tables import (
    COMB,
    FINAL,
    FORM_BITS,
    HONOR_DATA,
    HONOR_KEYS,
    KEY_OFFSETS,
    NA,
    NO_VALUE,
    ORPHAN_FLOOR,
    RESULTS,
    SUIT_DATA,
    SUIT_KEYS,
    TOTAL,
)
from tingpai.inputs import echo, whole_number
from tingpai.tiles import NUM_KINDS, ORPHANS, Tile

__all__ = [
    "DiscardOption",
    "discard_table",
    "improving_tiles",
    "is_complete",
    "is_ready",
    "shanten",
    "shanten_by_form",
    "waits",
]

_STD, _PAIRS, _ORPHANS = FORM_BITS
_ORPHAN_MASK = sum(1 << t for t in ORPHANS)

# Tiles of a suit-local mask, per key position: _MASK_TILES[position][mask].
_MASK_TILES: tuple[tuple[tuple[Tile, ...], ...], ...] = tuple(
    tuple(tuple(base + i for i in range(size) if mask >> i & 1) for mask in range(1 << size))
    for base, size in zip(KEY_OFFSETS, (9, 9, 9, 7), strict=True)
)


def as_bytes(counts: Sequence[int], name: str = "counts") -> bytes:
    """Counts as bytes, the form every table is keyed by (``bytes(bytearray(x))`` is
    faster than ``bytes(x)`` for lists); an entry that is no count is named (``name``:
    the argument, for the message).

    >>> as_bytes([1, 0, 2])
    b'\\x01\\x00\\x02'
    >>> as_bytes([1, -1])
    Traceback (most recent call last):
    ...
    ValueError: counts[1] is -1: a count of tiles is 0-4
    """
    try:
        if type(counts) is bytes:
            return counts
        if type(counts) is list or type(counts) is tuple or type(counts) is bytearray:
            return bytes(bytearray(counts))
        # A numpy array (or another sequence) entry by entry: bytearray() would read an
        # array's raw buffer, 8 bytes per int64 count, refused as "not 34 entries".
        return bytes(bytearray(operator.index(c) for c in counts))
    except (TypeError, ValueError):
        raise unreadable_counts(counts, name) from None


def unreadable_counts(counts: object, name: str = "counts") -> TypeError | ValueError:
    """The error for ``counts`` that :func:`as_bytes` cannot read: the first entry that is
    no whole number or is negative (or too large), or the whole value when it is no
    sequence of numbers (a notation string: ``parse_counts`` reads those)."""
    if isinstance(counts, str):
        return TypeError(
            f"{name} must be 34 tile counts, not notation: parse_counts({echo(counts)}) "
            "reads it"
        )
    try:
        entries = list(counts)  # type: ignore[call-overload]
    except TypeError:
        return TypeError(f"{name} must be 34 tile counts, got {echo(counts)}")
    for i, c in enumerate(entries):
        try:
            number = whole_number(c)
        except TypeError:  # a numpy array's row: its __index__ refuses
            number = None
        if number is None:
            return TypeError(f"{name}[{i}] is {echo(c)}, not a whole number")
        if not 0 <= number <= 255:
            return ValueError(f"{name}[{i}] is {echo(number)}: a count of tiles is 0-4")
    return TypeError(f"{name} must be 34 tile counts, got {echo(counts)}")


def _orphans(key: bytes) -> int:
    """Thirteen orphans shanten from the counts of the 13 orphan kinds (13-14 tiles).

    The shanten is the number of missing orphan kinds, less one if one is doubled.  The
    key is ``b[0:27:9] + b[8:27:9] + b[27:]`` of the counts ``b``, or ``k[::8]`` of each
    numbered-suit key followed by the honour key.
    """
    missing = key.count(0)
    return missing - 1 if missing + key.count(1) < 13 else missing


def _bad_count(b: bytes, want: str) -> ValueError:
    """The error for counts whose tile count is not what the function needs."""
    return ValueError(
        f"a concealed part must hold {want} tiles minus 3 per fixed meld (got {sum(b)})"
    )


def _no_form(forms: Form, tiles: int) -> ValueError:
    """The error for a choice of forms none of which applies to the hand."""
    if not forms:
        return ValueError("no form chosen")
    return ValueError(
        f"no chosen form ({forms}) applies to {tiles} concealed tiles: seven pairs and "
        "thirteen orphans need a hand without fixed melds"
    )


def _form_bits(forms: Form) -> int:
    """The bits of ``forms``; TypeError naming it when it is not a :class:`Form` (the
    check costs nothing on the happy path)."""
    try:
        return forms._value_
    except AttributeError:
        raise TypeError(
            f"forms must be a Form (e.g. Form.STANDARD | Form.PAIRS, or "
            f"parse_forms('standard')), got {echo(forms)}"
        ) from None


def _values(b: bytes) -> tuple[int, int, int, int]:
    """(tiles, standard, seven pairs, thirteen orphans) shanten; ``NA`` where a form does
    not apply.  Raises ValueError for malformed counts."""
    k0, k1, k2, k3 = b[0:9], b[9:18], b[18:27], b[27:]
    comb = COMB
    rid = TOTAL[comb[SUIT_KEYS[k0]][SUIT_KEYS[k1]]][comb[SUIT_KEYS[k2]][HONOR_KEYS[k3]]]
    result = RESULTS[rid]
    if result is None:
        raise _bad_count(b, "13 or 14")
    tiles, standard, pairs = result
    orphans = _orphans(k0[::8] + k1[::8] + k2[::8] + k3) if tiles >= 13 else NA
    return tiles, standard, pairs, orphans


def _best(values: tuple[int, int, int, int], forms: Form) -> int:
    """Least shanten among the chosen forms that apply."""
    fv = _form_bits(forms)
    chosen = [v for bit, v in zip(FORM_BITS, values[1:], strict=True) if fv & bit and v != NA]
    if not chosen:
        raise _no_form(forms, values[0])
    return min(chosen)


def shanten(counts: Sequence[int], forms: Form = ALL_FORMS) -> int:
    """Shanten of the concealed part: the minimum over ``forms``, -1 when complete.

    >>> from tingpai.tiles import parse_counts
    >>> shanten(parse_counts("123m456p789s1122z"))
    0
    >>> shanten(parse_counts("123m456p789s11122z"))
    -1
    """
    try:
        b = bytes(bytearray(counts)) if type(counts) is list else as_bytes(counts)
    except ValueError:  # a negative count (the hot path reads a list at once)
        raise unreadable_counts(counts) from None
    comb = COMB
    fv = _form_bits(forms)
    z = HONOR_KEYS[b[27:]]
    rid = TOTAL[comb[SUIT_KEYS[b[0:9]]][SUIT_KEYS[b[9:18]]]][comb[SUIT_KEYS[b[18:27]]][z]]
    result = FINAL[fv][rid]
    if result <= ORPHAN_FLOOR[fv][z]:
        return result
    # Thirteen orphans is chosen and may be lower, or something is wrong.
    values = RESULTS[rid]
    if values is None:
        raise _bad_count(b, "13 or 14")
    if values[0] >= 13 and fv & _ORPHANS:
        orphans = _orphans(b[0:27:9] + b[8:27:9] + b[27:])
        if orphans < result:
            return orphans
    if result == NO_VALUE:
        raise _no_form(forms, values[0])
    return result


def shanten_by_form(counts: Sequence[int], forms: Form = ALL_FORMS) -> dict[Form, int]:
    """Shanten per chosen form that applies (seven pairs and orphans need no fixed melds).

    >>> from tingpai.tiles import parse_counts
    >>> shanten_by_form(parse_counts("1199m2288p3377s11z"))[Form.PAIRS]
    -1
    """
    values = _values(as_bytes(counts))
    _best(values, forms)
    return {
        form: value
        for form, value in zip((Form.STANDARD, Form.PAIRS, Form.ORPHANS), values[1:], strict=True)
        if form in forms and value != NA
    }


def is_complete(counts: Sequence[int], forms: Form = ALL_FORMS) -> bool:
    """Whether a 14-3k tile concealed part is complete in one of ``forms``.

    A form that does not apply (seven pairs with fixed melds) simply does not complete.

    >>> from tingpai.tiles import parse_counts
    >>> [is_complete(parse_counts(h)) for h in ("123m456p789s11122z", "123m456p789s11123z")]
    [True, False]
    >>> is_complete(parse_counts("1122m3344p5566s77z"), Form.STANDARD)
    False
    """
    b = as_bytes(counts)
    values = _values(b)
    if values[0] % 3 != 2:
        raise _bad_count(b, "14")
    fv = _form_bits(forms)
    if not fv:
        raise _no_form(forms, values[0])
    return any(fv & bit and v == -1 for bit, v in zip(FORM_BITS, values[1:], strict=True))


def _efficiency(
    k0: bytes, k1: bytes, k2: bytes, k3: bytes, fv: int, ready_only: bool = False
) -> tuple[int, int]:
    """(shanten, mask of improving kinds) of a 13-3k tile hand given by its four keys.

    A kind improves the hand when drawing it lowers the shanten (so for a ready hand the
    improving kinds are the waits).  For the standard form they are the kinds that lower,
    in their suit, the distance of a cell used by some optimal split of the hand across
    suits (:class:`.tables.KeyData`).  With ``ready_only`` the mask is only computed when
    the shanten is 0.  The shanten is ``NA`` when no chosen form applies.
    """
    comb = COMB
    m = SUIT_KEYS[k0]
    p = SUIT_KEYS[k1]
    s = SUIT_KEYS[k2]
    z = HONOR_KEYS[k3]
    mp = comb[m][p]
    sz = comb[s][z]
    rid = TOTAL[mp][sz]
    result = RESULTS[rid]
    if result is None or result[0] % 3 != 1:
        raise _bad_count(k0 + k1 + k2 + k3, "13")
    tiles, std, pairs = result
    best = FINAL[fv][rid]
    orphans = NA
    if fv & _ORPHANS and tiles == 13 and best >= ORPHAN_FLOOR[fv][z]:
        orphans = _orphans(k0[::8] + k1[::8] + k2[::8] + k3)
        if orphans < best:
            best = orphans
    if best == NO_VALUE:
        return NA, 0
    if ready_only and best != 0:
        return best, 0
    d0, d1, d2, d3 = SUIT_DATA[k0], SUIT_DATA[k1], SUIT_DATA[k2], HONOR_DATA[k3]
    mask = 0
    if fv & _STD and std == best:
        mask = (
            d0.by_context[comb[p][sz]]
            | d1.by_context[comb[m][sz]] << 9
            | d2.by_context[comb[mp][z]] << 18
            | d3.by_context[comb[mp][s]] << 27
        )
    if (fv & _PAIRS and pairs == best) or orphans == best:
        o0, z0 = d0.singles()
        o1, z1 = d1.singles()
        o2, z2 = d2.singles()
        o3, z3 = d3.singles()
        ones = o0 | o1 << 9 | o2 << 18 | o3 << 27
        zeros = z0 | z1 << 9 | z2 << 18 | z3 << 27
        if fv & _PAIRS and pairs == best:
            # A single becomes a pair; a new kind helps while fewer than 7 kinds are held.
            mask |= ones
            if NUM_KINDS - zeros.bit_count() < 7:
                mask |= zeros
        if orphans == best:
            # A missing orphan kind helps; a held one too while none is doubled.
            doubled = _ORPHAN_MASK & ~zeros & ~ones
            mask |= _ORPHAN_MASK & zeros if doubled else _ORPHAN_MASK
    return best, mask


def _mask_tiles(mask: int) -> tuple[Tile, ...]:
    """The sorted tile kinds of a 34-bit mask."""
    t = _MASK_TILES
    return t[0][mask & 511] + t[1][mask >> 9 & 511] + t[2][mask >> 18 & 511] + t[3][mask >> 27]


def waits(counts: Sequence[int], forms: Form = ALL_FORMS) -> list[Tile]:
    """The tile kinds that complete a 13-3k tile hand, sorted; [] when not ready.

    A kind of which the concealed part already holds four is not a wait.  A form that
    does not apply (seven pairs with fixed melds) simply completes nothing.

    >>> from tingpai.tiles import parse_counts
    >>> waits(parse_counts("1112345678999m"))  # nine gates
    [0, 1, 2, 3, 4, 5, 6, 7, 8]
    """
    try:
        b = bytes(bytearray(counts)) if type(counts) is list else as_bytes(counts)
    except ValueError:  # a negative count (the hot path reads a list at once)
        raise unreadable_counts(counts) from None
    fv = _form_bits(forms)
    value, mask = _efficiency(b[0:9], b[9:18], b[18:27], b[27:], fv, True)
    if value == NA and not forms:
        raise _no_form(forms, sum(b))
    return list(_mask_tiles(mask)) if value == 0 else []


def is_ready(counts: Sequence[int], forms: Form = ALL_FORMS) -> bool:
    """Whether a 13-3k tile hand is one tile from complete: ``bool(waits(counts, forms))``.

    >>> from tingpai.tiles import parse_counts
    >>> is_ready(parse_counts("123m456p789s1122z")), is_ready(parse_counts("123m456p789s1357z"))
    (True, False)
    """
    b = as_bytes(counts)
    fv = _form_bits(forms)
    value = _efficiency(b[0:9], b[9:18], b[18:27], b[27:], fv, True)[0]
    if value == NA and not forms:
        raise _no_form(forms, sum(b))
    return value == 0


def improving_tiles(counts: Sequence[int], forms: Form = ALL_FORMS) -> list[Tile]:
    """The kinds whose draw lowers the shanten of a 13-3k tile hand, sorted.

    Kinds the hand already holds four of are never included (they cannot be drawn).

    >>> from tingpai.tiles import parse_counts, tiles_to_str
    >>> tiles_to_str(improving_tiles(parse_counts("123m456p789s11z57z"), Form.STANDARD))
    '157z'
    """
    b = as_bytes(counts)
    fv = _form_bits(forms)
    value, mask = _efficiency(b[0:9], b[9:18], b[18:27], b[27:], fv)
    if value == NA:
        raise _no_form(forms, sum(b))
    return list(_mask_tiles(mask))


@dataclass(frozen=True, slots=True)
class DiscardOption:
    """One discard of a 14-3k tile hand and what the remaining hand looks like (a row of
    :func:`discard_table`).

    >>> from tingpai.tiles import parse_counts, tiles_to_str
    >>> best = discard_table(parse_counts("123m456p789s11223z"))[0]
    >>> tiles_to_str([best.tile]), best.shanten, tiles_to_str(best.improving), best.live
    ('3z', 0, '12z', 4)
    """

    tile: Tile
    """The discarded kind."""
    shanten: int
    """Shanten of the hand after the discard."""
    improving: tuple[Tile, ...]
    """Kinds whose draw would then lower the shanten, sorted."""
    live: int
    """Copies of the improving kinds in neither the hand (before the discard) nor
    ``visible``."""


def discard_table(
    counts: Sequence[int],
    visible: Sequence[int] | None = None,
    forms: Form = ALL_FORMS,
) -> list[DiscardOption]:
    """Every distinct discard of a 14-3k tile hand, best first.

    Sorted by shanten after the discard, then most live improving tiles, then tile.
    ``visible`` is a 34-count of tiles seen outside the hand (ponds, exposed melds, ...);
    the live count of a kind is 4 minus its copies in the hand (the discarded tile
    included, as it lies in the pond) minus its visible copies, never below 0.

    >>> from tingpai.tiles import parse_counts
    >>> best = discard_table(parse_counts("123m456p789s11223z"))[0]
    >>> best.tile, best.shanten, best.improving, best.live
    (29, 0, (27, 28), 4)
    """
    b = as_bytes(counts)
    if sum(b) % 3 != 2:
        raise _bad_count(b, "14")
    if visible is None:
        seen = b
    else:
        vis = as_bytes(visible, "visible")
        if len(vis) != NUM_KINDS:
            raise ValueError("visible must have 34 entries (one per tile kind)")
        seen = bytes([min(4, x + y) for x, y in zip(b, vis, strict=False)])
    fv = _form_bits(forms)
    keys = [b[0:9], b[9:18], b[18:27], b[27:]]
    options: list[DiscardOption] = []
    for position, key in enumerate(keys):
        base = KEY_OFFSETS[position]
        data = HONOR_DATA[key] if position == 3 else SUIT_DATA[key]
        for kind, smaller in data.minus():
            keys[position] = smaller
            value, mask = _efficiency(keys[0], keys[1], keys[2], keys[3], fv)
            if value == NA:
                raise _no_form(forms, sum(b))
            improving = _mask_tiles(mask)
            live = 4 * len(improving) - sum([seen[t] for t in improving])
            options.append(DiscardOption(base + kind, value, improving, live))
        keys[position] = key
    options.sort(key=lambda o: (o.shanten, -o.live, o.tile))
    return options

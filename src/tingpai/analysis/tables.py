"""Per-suit lookup tables behind the analysis layer: lazily filled, exact and cheap to key.

A hand's 34 counts split into four *suit keys*: ``bytes`` slices ``b[0:9]``, ``b[9:18]``,
``b[18:27]`` (characters, dots, bamboo) and ``b[27:34]`` (honours).  Each key maps to an
interned :class:`Profile` id, and profiles combine through memoized tables indexed by id,
so analysing a hand costs a handful of dict and list lookups.

The standard-form part of a profile is *exact* (the "real" shanten, as in tomohxx's
table method): ``f[c]`` for cell ``c = 2 * j + p`` is the least number of tiles that must
be added to the suit so that it contains ``j`` melds and ``p`` pairs (``j <= 4``,
``p <= 1``), where the completed suit never needs a fifth copy of a kind.  Suit
distances add up across suits, so a whole hand's distance to a complete hand is a
min-plus convolution of the four vectors, and shanten = distance - 1.

``f`` is computed by a small automaton that reads a suit's counts left to right, carrying
the chows still open and, for every (melds, pairs) cell, the best overlap with a target
suit; overlaps are packed in unary into one int so that "best of" is a bitwise OR.  The
automaton has about 5,400 states for keys of at most 14 tiles and 126 distinct outputs;
its transitions, like every table here, are computed on first use (a key costs a few
microseconds), so nothing is built at import and nothing touches the disk.  :func:`warm`
fills every key up front for long-running processes.

Thirteen orphans is not part of the profiles (it would multiply their number); callers
compute it from a strided slice of the counts when :data:`ORPHAN_FLOOR` says it can
matter.  Tile efficiency (improving tiles, waits) uses :class:`KeyData`: per key, which
cells each added kind lowers, and per rest-of-hand profile, which cells optimal splits
use (:data:`CELL_TABLE`).
"""

from __future__ import annotations

import threading
from itertools import product
from operator import add, itemgetter
from typing import NamedTuple

from tingpai.analysis.forms import Form

__all__ = [
    "CELLS",
    "CELL_TABLE",
    "COMB",
    "FINAL",
    "FORM_BITS",
    "HONOR_DATA",
    "HONOR_KEYS",
    "HONOR_KEY_LEN",
    "KEY_OFFSETS",
    "MAX_TILES",
    "NA",
    "NO_VALUE",
    "ORPHAN_FLOOR",
    "PROFILES",
    "RESULTS",
    "SUIT_DATA",
    "SUIT_KEYS",
    "SUIT_KEY_LEN",
    "TOTAL",
    "KeyData",
    "Profile",
    "cell",
    "melds_needed",
    "warm",
]

SUIT_KEY_LEN = 9
"""Kinds in a numbered suit."""
HONOR_KEY_LEN = 7
"""Kinds of honour tiles."""
KEY_OFFSETS = (0, 9, 18, 27)
"""First tile of each of a hand's four keys (characters, dots, bamboo, honours)."""
MAX_TILES = 14
"""Most concealed tiles a hand can hold; larger counts are rejected."""
CELLS = 10
"""(melds, pairs) cells: ``2 * j + p`` for ``j`` in 0..4 and ``p`` in 0..1."""
NA = 99
"""Shanten value of a form that does not apply to a hand (e.g. seven pairs with melds)."""


def cell(melds: int, pairs: int) -> int:
    """Index of the (melds, pairs) cell in a profile's distance vector."""
    return 2 * melds + pairs


class Profile(NamedTuple):
    """What the analysis needs to know about a suit, or about several suits combined.

    ``f`` holds the standard-form distances per (melds, pairs) cell (see the module doc);
    ``pairs`` and ``kinds`` feed seven pairs, which folds into the same lookups.
    ``kinds`` is capped at 7 because seven pairs never needs more.  Thirteen orphans is
    left out on purpose: its data would multiply the number of distinct profiles tenfold,
    and it is cheap to compute from a strided slice of the counts when it can matter.
    """

    tiles: int
    """Number of tiles."""
    pairs: int
    """Kinds held at least twice (seven pairs)."""
    kinds: int
    """Distinct kinds held, capped at 7 (seven pairs; exact for honours)."""
    f: tuple[int, ...]
    """Standard-form distance per cell."""


# --------------------------------------------------------------------------------------
# The automaton computing exact standard-form distances of one suit.
#
# A state is a tuple of packed ints indexed by the open-chow carry ``3 * c1 + c2`` (``c1``
# chows started at the previous kind, ``c2`` two kinds back).  Each packed int holds, per
# (melds j, pairs p) field ``j + 9 * p`` of 16 bits, the best overlap ``v`` between the
# counts read so far and a target, in unary: ``v + 1`` low one-bits, 0 when no target
# reaches that cell.  Elementwise max is then OR, adding a constant is a shift (both
# distribute over OR).  At most two equal chows start at a kind: three equal chows are
# the same tiles as three pungs, so targets with more add nothing.

_W = 16
_STRIDE = 9
_FIELDS = tuple(j + _STRIDE * p for p in (0, 1) for j in range(5))
_ONES = sum(1 << (_W * i) for i in _FIELDS)
_VALID = sum(((1 << _W) - 1) << (_W * i) for i in _FIELDS)
_MAX_CHOWS = 2
_CARRIES = (_MAX_CHOWS + 1) ** 2

_Move = tuple[int, int, int]


def _transitions(allow_chow: bool, count: int) -> tuple[tuple[_Move, ...], ...]:
    """Per carry, the moves on reading a kind held ``count`` times.

    At each kind a target may start ``a`` chows, hold a pung (``b``) and hold the pair
    (``q``); with the open chows it needs ``t <= 4`` copies and overlaps the hand on
    ``g = min(count, t)`` of them.  A move is (next carry, field shift in bits, g).
    """
    table = []
    for c1 in range(_MAX_CHOWS + 1):
        for c2 in range(_MAX_CHOWS + 1):
            moves: list[_Move] = []
            base = c1 + c2
            for a in range(min(_MAX_CHOWS, 4 - base) + 1 if allow_chow else 1):
                for b in (0, 1):
                    for q in (0, 1):
                        t = base + a + 3 * b + 2 * q
                        if t <= 4:
                            shift = _W * (a + b + _STRIDE * q)
                            moves.append(((_MAX_CHOWS + 1) * a + c1, shift, min(count, t)))
            table.append(tuple(moves))
    return tuple(table)


_MOVES = tuple(tuple(_transitions(allow, count) for count in range(5)) for allow in (False, True))
_LOCK = threading.RLock()
"""Guards the registration of new automaton states, profiles and results, so that ids
stay consistent when threads fill the tables at once (lookups need no lock)."""
_ROOT: tuple[int, ...] = (1,) + (0,) * (_CARRIES - 1)
_STATE_IDS: dict[tuple[int, ...], int] = {_ROOT: 0}
_STATES: list[tuple[int, ...]] = [_ROOT]
_DELTA: dict[int, int] = {}


def _step(sid: int, count: int, allow_chow: bool) -> int:
    """The state after reading one kind held ``count`` times (memoized)."""
    memo_key = sid * 10 + count * 2 + allow_chow
    nxt = _DELTA.get(memo_key)
    if nxt is not None:
        return nxt
    new = [0] * _CARRIES
    moves = _MOVES[allow_chow][count]
    for carry, value in enumerate(_STATES[sid]):
        if value:
            # ``added[g]``: every field's overlap plus g (unary: shift in g one-bits).
            ones = value & _ONES
            added = [value]
            for g in range(1, count + 1):
                added.append((value << g) | ones * ((1 << g) - 1))
            for nxt_carry, shift, g in moves[carry]:
                new[nxt_carry] |= added[g] << shift
    state = tuple([v & _VALID for v in new])
    with _LOCK:
        nxt = _STATE_IDS.get(state)
        if nxt is None:
            nxt = len(_STATES)
            _STATES.append(state)
            _STATE_IDS[state] = nxt
    _DELTA[memo_key] = nxt
    return nxt


_DECODED: dict[int, tuple[int, ...]] = {}


def _decode(sid: int) -> tuple[int, ...]:
    """Distance per cell from a final automaton state (memoized)."""
    decoded = _DECODED.get(sid)
    if decoded is None:
        packed = _STATES[sid][0]  # every chow is closed at the end of the suit
        out = []
        for j in range(5):
            for p in (0, 1):
                field = (packed >> (_W * (j + _STRIDE * p))) & 0xFFFF
                out.append(3 * j + 2 * p - (field.bit_length() - 1))
        decoded = _DECODED[sid] = tuple(out)
    return decoded


def _distances(key: bytes) -> tuple[int, ...]:
    """Exact standard-form distance per cell for one suit key (numbered or honours)."""
    sid = 0
    delta = _DELTA
    chows_until = len(key) - 2 if len(key) == SUIT_KEY_LEN else 0
    for i, count in enumerate(key):
        allow = i < chows_until
        nxt = delta.get(sid * 10 + count * 2 + allow)
        sid = _step(sid, count, allow) if nxt is None else nxt
    return _decode(sid)


# --------------------------------------------------------------------------------------
# Interned profiles and the tables indexed by profile id.

PROFILES: list[Profile] = []
"""Profile by id."""
_PROFILE_IDS: dict[Profile, int] = {}

FORM_BITS = (Form.STANDARD.value, Form.PAIRS.value, Form.ORPHANS.value)
"""``Form`` bits of the standard, seven pairs and thirteen orphans forms."""
_STD_BIT, _PAIRS_BIT, _ORPHANS_BIT = FORM_BITS
_FORM_VALUES = range(sum(FORM_BITS) + 1)

RESULTS: list[tuple[int, int, int] | None] = []
"""Per result id (see :data:`TOTAL`): (tiles, standard shanten, seven pairs shanten or
``NA``), or None when the tile count is not 13-3k or 14-3k."""
NO_VALUE = NA + 1
"""``FINAL`` entry of a hand with an invalid tile count or no chosen form that applies
(larger than every ``ORPHAN_FLOOR`` entry, so one comparison catches it)."""
FINAL: list[list[int]] = [[] for _ in _FORM_VALUES]
"""``FINAL[forms_value][rid]``: least shanten over the standard and seven pairs forms
among the ``Form`` bits ``forms_value`` (thirteen orphans is added by the caller, see
:data:`ORPHAN_FLOOR`); ``NO_VALUE`` when the tile count is invalid or neither form is
chosen."""
ORPHAN_FLOOR: list[list[int]] = [[] for _ in _FORM_VALUES]
"""``ORPHAN_FLOOR[forms_value][honor_pid]``: a lower bound on the thirteen orphans shanten
of any hand whose honours have that profile (``NA`` when orphans is not chosen).  Callers
only compute orphans when the other forms' shanten exceeds it."""


class _CombRow(dict[int, int]):
    """``COMB[a][b]``: id of the profile of suits a and b together (filled on demand)."""

    __slots__ = ("a",)

    def __init__(self, a: int) -> None:
        super().__init__()
        self.a = a

    def __missing__(self, b: int) -> int:
        pid = _combine(self.a, b)
        self[b] = pid
        COMB[b][self.a] = pid
        return pid


class _TotalRow(dict[int, int]):
    """``TOTAL[a][b]``: result id of a whole hand made of profiles a and b (on demand)."""

    __slots__ = ("a",)

    def __init__(self, a: int) -> None:
        super().__init__()
        self.a = a

    def __missing__(self, b: int) -> int:
        rid = _total(self.a, b)
        self[b] = rid
        TOTAL[b][self.a] = rid
        return rid


class _CellRow(dict[int, int]):
    """``CELL_TABLE[ctx][pid]``: the cells of ``pid`` used by some optimal split.

    ``ctx`` is the profile of the rest of the hand; the hand's standard distance is
    ``min over cells c of f_pid[c] + f_ctx[complement of c]``, and the result is the mask
    of cells that reach that minimum (bit ``c``).  Filled on demand.
    """

    __slots__ = ("ctx",)

    def __init__(self, ctx: int) -> None:
        super().__init__()
        self.ctx = ctx

    def __missing__(self, pid: int) -> int:
        mask = _optimal_cells(self.ctx, pid)
        self[pid] = mask
        return mask


COMB: list[_CombRow] = []
"""Combination table, see :class:`_CombRow`."""
TOTAL: list[_TotalRow] = []
"""Whole-hand table, see :class:`_TotalRow`."""
CELL_TABLE: list[_CellRow] = []
"""Optimal-cell table, see :class:`_CellRow`."""


def melds_needed(tiles: int) -> int | None:
    """Melds a concealed part of ``tiles`` tiles must form (4 - fixed melds), or None."""
    if tiles <= 0 or tiles > MAX_TILES or tiles % 3 == 0:
        return None
    return 4 - (MAX_TILES - tiles) // 3


def _intern(profile: Profile) -> int:
    """Id of ``profile``, registering it (and its rows in every table) when new."""
    pid = _PROFILE_IDS.get(profile)
    if pid is not None:
        return pid
    with _LOCK:
        pid = _PROFILE_IDS.get(profile)
        if pid is not None:
            return pid
        pid = len(PROFILES)
        # Every per-profile table gets its row before the id is published.
        COMB.append(_CombRow(pid))
        TOTAL.append(_TotalRow(pid))
        CELL_TABLE.append(_CellRow(pid))
        # Orphans shanten = missing orphan kinds - (1 if one is doubled) >= 13 - (honour
        # kinds + 6 terminal kinds) - 1, when ``profile`` is the honours' profile.
        floor = 6 - profile.kinds
        for forms_value, row in zip(_FORM_VALUES, ORPHAN_FLOOR, strict=True):
            row.append(floor if forms_value & _ORPHANS_BIT else NA)
        PROFILES.append(profile)
        _PROFILE_IDS[profile] = pid
    return pid


_RESULT_IDS: dict[tuple[int, int, int] | None, int] = {}


def _intern_result(result: tuple[int, int, int] | None) -> int:
    """Id of a whole-hand result, registering its FINAL entries when new."""
    rid = _RESULT_IDS.get(result)
    if rid is not None:
        return rid
    with _LOCK:
        rid = _RESULT_IDS.get(result)
        if rid is not None:
            return rid
        rid = len(RESULTS)
        for forms_value, row in zip(_FORM_VALUES, FINAL, strict=True):
            chosen = []
            if result is not None:
                if forms_value & _STD_BIT:
                    chosen.append(result[1])
                if forms_value & _PAIRS_BIT and result[2] != NA:
                    chosen.append(result[2])
            row.append(min(chosen) if chosen else NO_VALUE)
        RESULTS.append(result)
        _RESULT_IDS[result] = rid
    return rid


# Min-plus convolution of two distance vectors, with all the work in C-level calls: the
# sums of every compatible cell pair, then a min over each output cell's slice.
_PAIR_A: list[int] = []
_PAIR_B: list[int] = []
_SLICES: list[tuple[int, int]] = []
for _j in range(5):
    for _q in (0, 1):
        _lo = len(_PAIR_A)
        for _ja in range(_j + 1):
            for _qa in range(_q + 1):
                _PAIR_A.append(cell(_ja, _qa))
                _PAIR_B.append(cell(_j - _ja, _q - _qa))
        _SLICES.append((_lo, len(_PAIR_A)))
_GET_A = itemgetter(*_PAIR_A)
_GET_B = itemgetter(*_PAIR_B)
# For the whole-hand cell (melds, 1): the cells of a and b that add up to it, per melds.
_TOTAL_GET = [
    (
        itemgetter(*[cell(j, q) for j in range(m + 1) for q in (0, 1)]),
        itemgetter(*[cell(m - j, 1 - q) for j in range(m + 1) for q in (0, 1)]),
    )
    for m in range(5)
]


def _combine(a: int, b: int) -> int:
    """Profile id of two disjoint groups of suits taken together (min-plus on ``f``)."""
    pa, pb = PROFILES[a], PROFILES[b]
    sums = list(map(add, _GET_A(pa.f), _GET_B(pb.f)))
    return _intern(
        Profile(
            tiles=pa.tiles + pb.tiles,
            pairs=pa.pairs + pb.pairs,
            kinds=min(7, pa.kinds + pb.kinds),
            f=tuple([min(sums[lo:hi]) for lo, hi in _SLICES]),
        )
    )


def _total(a: int, b: int) -> int:
    """Result id of a whole hand made of two groups of suits (only the cells it needs)."""
    pa, pb = PROFILES[a], PROFILES[b]
    tiles = pa.tiles + pb.tiles
    melds = melds_needed(tiles)
    if melds is None:
        return _intern_result(None)
    get_a, get_b = _TOTAL_GET[melds]
    standard = min(map(add, get_a(pa.f), get_b(pb.f))) - 1
    pairs = NA
    if melds == 4:
        kinds = min(7, pa.kinds + pb.kinds)
        pairs = 6 - pa.pairs - pb.pairs + max(0, 7 - kinds)
    return _intern_result((tiles, standard, pairs))


def _optimal_cells(ctx: int, pid: int) -> int:
    """Mask of ``pid``'s cells that some optimal standard split of ctx + pid uses."""
    pc, pp = PROFILES[ctx], PROFILES[pid]
    melds = melds_needed(pc.tiles + pp.tiles)
    if melds is None:
        return 0
    fc, fp = pc.f, pp.f
    best = 1000
    mask = 0
    for j in range(melds + 1):
        for p in (0, 1):
            v = fp[cell(j, p)] + fc[cell(melds - j, 1 - p)]
            if v < best:
                best, mask = v, 0
            if v == best:
                mask |= 1 << cell(j, p)
    return mask


# --------------------------------------------------------------------------------------
# Suit keys.


def _check_key(key: bytes) -> None:
    """Raise ValueError unless ``key`` is a valid numbered-suit or honour key."""
    if max(key) > 4:
        raise ValueError("counts must be between 0 and 4 for every kind")
    if sum(key) > MAX_TILES:
        raise ValueError(f"counts hold more than {MAX_TILES} tiles")


_KEY_PROFILE_IDS: dict[tuple[int, int, int, tuple[int, ...]], int] = {}


def _key_pid(key: bytes) -> int:
    """Profile id of one valid suit key (numbered suit if 9 long, honours if 7 long)."""
    kinds = len(key) - key.count(0)
    fields = (sum(key), kinds - key.count(1), min(7, kinds), _distances(key))
    pid = _KEY_PROFILE_IDS.get(fields)
    if pid is None:
        pid = _KEY_PROFILE_IDS[fields] = _intern(Profile(*fields))
    return pid


class _KeyTable(dict[bytes, int]):
    """Profile id per key of one length (filled on demand, validating the key)."""

    __slots__ = ("length",)

    def __init__(self, length: int) -> None:
        super().__init__()
        self.length = length

    def __missing__(self, key: bytes) -> int:
        key = bytes(key)
        if len(key) != self.length:
            raise ValueError(
                "counts must have 34 entries (one per tile kind; an Observation's hand "
                "holds 42 with the bonus tiles: obs.concealed is its 34)"
            )
        _check_key(key)
        pid = _key_pid(key)
        self[key] = pid
        return pid


SUIT_KEYS = _KeyTable(SUIT_KEY_LEN)
"""Profile id per numbered-suit key (9 bytes)."""
HONOR_KEYS = _KeyTable(HONOR_KEY_LEN)
"""Profile id per honour key (7 bytes)."""


class _ByContext(dict[int, int]):
    """``data.by_context[ctx]``: the improving kinds of a key given the rest of the hand.

    The union of the key's improving kinds over the cells that some optimal split uses
    (:data:`CELL_TABLE`), filled on demand per context profile id.
    """

    __slots__ = ("data",)

    def __init__(self, data: KeyData) -> None:
        super().__init__()
        self.data = data

    def __missing__(self, ctx: int) -> int:
        data = self.data
        # Cells used by an optimal split; one already at distance 0 cannot improve.
        cells = CELL_TABLE[ctx][data.pid] & data.positive
        mask = 0
        if cells:
            for i, lowered in enumerate(data.lowered()):
                if lowered & cells:
                    mask |= 1 << i
        self[ctx] = mask
        return mask


class KeyData:
    """Per-key data for tile efficiency, in suit-local bit masks (bit i = kind i).

    Everything but the profile id is computed on first use: a ready hand, for instance,
    only needs the neighbours of the one or two suits that are not yet complete.
    """

    __slots__ = ("_lowered", "_minus", "_singles", "by_context", "key", "pid", "positive")

    def __init__(self, key: bytes, table: _KeyTable) -> None:
        self.key = key
        self.pid: int = table[key]
        """Profile id of the key."""
        f = PROFILES[self.pid].f
        self.positive = sum(1 << c for c in range(CELLS) if f[c])
        """Mask of the cells at a positive distance (the only ones a tile can lower)."""
        self.by_context = _ByContext(self)
        """Improving kinds per context profile, see :class:`_ByContext`."""
        self._lowered: tuple[int, ...] | None = None
        self._singles: tuple[int, int] | None = None
        self._minus: tuple[tuple[int, bytes], ...] | None = None

    def lowered(self) -> tuple[int, ...]:
        """Per kind, the mask of cells whose distance drops when a tile of it is added."""
        if self._lowered is None:
            f = PROFILES[self.pid].f
            self._lowered = tuple(
                0 if g is None else _lowered_cells(f, g) for g in _neighbour_distances(self.key)
            )
        return self._lowered

    def singles(self) -> tuple[int, int]:
        """(kinds held exactly once, kinds not held)."""
        if self._singles is None:
            ones = zeros = 0
            for i, count in enumerate(self.key):
                if count == 0:
                    zeros |= 1 << i
                elif count == 1:
                    ones |= 1 << i
            self._singles = (ones, zeros)
        return self._singles

    def minus(self) -> tuple[tuple[int, bytes], ...]:
        """(kind, key with one tile of that kind removed) for every kind held."""
        if self._minus is None:
            key = self.key
            self._minus = tuple(
                (i, key[:i] + bytes((count - 1,)) + key[i + 1 :])
                for i, count in enumerate(key)
                if count
            )
        return self._minus


_LOWERED: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {}


def _lowered_cells(f: tuple[int, ...], g: tuple[int, ...]) -> int:
    """Mask of the cells where distance vector ``g`` is below ``f`` (memoized)."""
    mask = _LOWERED.get((f, g))
    if mask is None:
        mask = _LOWERED[f, g] = sum(1 << c for c in range(CELLS) if g[c] < f[c])
    return mask


def _neighbour_distances(key: bytes) -> list[tuple[int, ...] | None]:
    """Distance vectors of the key with one more tile of each kind (None if impossible).

    Reuses the automaton states of the key's prefixes, so each neighbour costs only the
    steps from the changed kind on.
    """
    size = len(key)
    chows_until = size - 2 if size == SUIT_KEY_LEN else 0
    delta = _DELTA
    prefix = [0]
    for i, count in enumerate(key):
        allow = i < chows_until
        nxt = delta.get(prefix[-1] * 10 + count * 2 + allow)
        prefix.append(_step(prefix[-1], count, allow) if nxt is None else nxt)
    out: list[tuple[int, ...] | None] = []
    if sum(key) >= MAX_TILES:
        return [None] * size
    for i, count in enumerate(key):
        if count >= 4:
            out.append(None)
            continue
        sid = _step(prefix[i], count + 1, i < chows_until)
        for j in range(i + 1, size):
            allow = j < chows_until
            nxt = delta.get(sid * 10 + key[j] * 2 + allow)
            sid = _step(sid, key[j], allow) if nxt is None else nxt
        out.append(_decode(sid))
    return out


class _KeyDataTable(dict[bytes, KeyData]):
    """:class:`KeyData` per key of one key table (filled on demand)."""

    __slots__ = ("table",)

    def __init__(self, table: _KeyTable) -> None:
        super().__init__()
        self.table = table

    def __missing__(self, key: bytes) -> KeyData:
        data = KeyData(key, self.table)
        self[key] = data
        return data


SUIT_DATA = _KeyDataTable(SUIT_KEYS)
""":class:`KeyData` per numbered-suit key."""
HONOR_DATA = _KeyDataTable(HONOR_KEYS)
""":class:`KeyData` per honour key."""


def warm(max_tiles: int = MAX_TILES) -> None:
    """Fill the key tables for every suit and honour key of at most ``max_tiles`` tiles.

    Optional: tables fill themselves on first use.  Long-running processes that analyse
    many varied hands may call this once to move first-use costs up front (all keys:
    about 450,000, a few seconds; ``max_tiles=8`` covers most suits of real hands).
    """
    for table in (SUIT_KEYS, HONOR_KEYS):
        for counts in product(range(5), repeat=table.length):
            if sum(counts) <= max_tiles:
                table[bytes(counts)]

"""Scoring: ``score(situation, ruleset) -> Score``, pure and without I/O.

The input mirrors the ``tingpai score --json`` contract of DESIGN.md; the output carries
every pattern counted, every pattern superseded (and by what), the total, the payments and
the decomposition used.

How a hand is scored (every family difference is ruleset data):

1. The situation is checked (tile set, copies, tile count, flowers, winning tile, luck flags);
   a problem gives ``Score(valid=False, reason=...)``, never an exception.
2. Every decomposition the ruleset's ``forms`` allow is tried (four melds and a pair with the
   declared melds fixed, seven distinct pairs, thirteen orphans); each becomes a
   :class:`~tingpai.rules.context.HandContext` and every pattern predicate is asked how many
   times it applies.
3. Per decomposition: patterns implied by a present pattern are superseded (``implies``,
   ``absorbs``); if a limit pattern is present only the most valuable one counts; otherwise
   the sum is capped at ``max_value``.  The hand must show a ``qualifies`` pattern (when the
   ruleset requires one) and reach ``min_value``.
4. The eligible decomposition with the highest total wins (on a tie, a limit hand before a
   capped sum: a hand that is Seven Consecutive Pairs is named so; then the higher sum
   before the cap); outside the cap the ruleset's
   bonus policy adds its awards (Hu: the dealer-repeat and eighth-repeat bonuses,
   :mod:`tingpai.rules.bonuses`); the ruleset's payment function gives the payments.

Special wins that need no complete hand (Eight Immortals, All Terminal and Honor Discards)
are passed as ``Situation.special`` (the pattern id) or as ``win=WinKind.EIGHT_IMMORTALS`` /
``WinKind.TERMINAL_DISCARDS`` (paid as self-draw); only patterns with ``needs_hand=False``
(the special pattern itself and the flower bonuses) are evaluated for them.  A winner whose
``flowers`` are every bonus tile of the set has Eight Immortals whatever else is given (the
last one won the moment it was declared, paid as self-draw).

Speed (the engine scores every claimed win): the hand's counts are cut into the four suit
keys of :mod:`tingpai.analysis.tables`, and one bounded table per key position gives both
the key's feature counts and its decompositions (:mod:`tingpai.analysis.decompose`), so a
hand of known suit shapes needs no per-tile work beyond counting.  A reading asks only the
patterns its features allow (``Pattern.requires``, planned once per feature set), and the
result entries, listings and payments are memoized in small bounded tables.  Nothing here
memoizes a whole hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from typing import Any

from tingpai.analysis import is_thirteen_orphans
from tingpai.analysis.decompose import (
    Reading,
    combine,
    combine_single,
    standard_readings,
    suit_readings,
)
from tingpai.analysis.forms import Form
from tingpai.analysis.tables import MAX_TILES
from tingpai.inputs import MAX_INT, echo, whole_number
from tingpai.rules.base import Payments, Unit, WinKind
from tingpai.rules.context import (
    CHOWS2,
    CHOWS3,
    CHOWS4,
    CONCEALED,
    DECLARED,
    FLOWERS,
    HAS_HONOR,
    HAS_ORPHAN,
    HONOR_BITS,
    HONOR_TRIPLET,
    HONORS_ONLY,
    KONG,
    LUCK,
    NO_ORPHAN,
    NO_TILE,
    ONE_SUIT,
    ORPHANS_FORM,
    ORPHANS_ONLY,
    PAIRS,
    SELF_DRAWN,
    SPECIAL,
    STANDARD,
    SUIT_DRAGON,
    SUIT_M,
    SUIT_P,
    SUIT_S,
    SUIT_WIND,
    SUITED_BITS,
    TRIPLETS2,
    TRIPLETS3,
    TRIPLETS4,
    HandContext,
)
from tingpai.rules.policies import SpecialWin
from tingpai.rules.registry import find_ruleset
from tingpai.rules.ruleset import Ruleset
from tingpai.tiles import (
    EAST,
    NORTH,
    NUM_KINDS,
    NUM_TILE_IDS,
    InvalidNotation,
    Meld,
    MeldKind,
    Tile,
    parse_meld,
    parse_tile,
    parse_tiles,
    tile_to_str,
    tiles_to_str,
    wind_from_str,
    wind_to_str,
)


class SituationError(ValueError):
    """A :class:`Situation` field of the wrong type or in unreadable notation (the message
    names the field), or a ruleset argument that is not a ruleset.  A well-typed situation
    that cannot be this win is not an error: :func:`score` answers it ``valid=False``."""


WIN_WORDS: dict[str, WinKind] = {
    "self-draw": WinKind.SELF_DRAW,
    "self_draw": WinKind.SELF_DRAW,
    "selfdraw": WinKind.SELF_DRAW,
    "self": WinKind.SELF_DRAW,
    "tsumo": WinKind.SELF_DRAW,
    "zimo": WinKind.SELF_DRAW,
    "discard": WinKind.DISCARD,
    "ron": WinKind.DISCARD,
    "robbing-kong": WinKind.ROBBING_KONG,
    "robbing_kong": WinKind.ROBBING_KONG,
    "eight-immortals": WinKind.EIGHT_IMMORTALS,
    "eight_immortals": WinKind.EIGHT_IMMORTALS,
    "terminal-discards": WinKind.TERMINAL_DISCARDS,
    "terminal_discards": WinKind.TERMINAL_DISCARDS,
}
"""Accepted spellings of a win kind (the ``win`` field of ``tingpai score --json`` and of
:class:`Situation`), lower case."""


@dataclass(frozen=True)
class Situation:
    """Everything the scorer needs to know about one winning hand.

    ``concealed`` holds every concealed tile including the winning tile (not concealed
    kongs, which are in ``melds`` with ``concealed=True``).  The defaults are those of the
    ``tingpai score --json`` contract (a discard win, seat and round wind East, ...).

    >>> from tingpai import find_ruleset, parse_hand, score
    >>> concealed, melds, win = parse_hand("123m456p789s1122z +2z")
    >>> sit = Situation(tuple(concealed), win, win=WinKind.SELF_DRAW)
    >>> sit.seat_wind == EAST, score(sit, find_ruleset("hu-4p")).valid
    (True, True)

    The fields have the JSON fields' names, and their JSON spellings are accepted too
    (tile and meld notation, wind letters, ``"discard"`` / ``"self-draw"``, lists), so
    ``Situation(**fields)`` scores a ``tingpai score --json`` input's hand, except that the
    command also reads ``win`` and ``seat_wind`` from other fields (an omitted one implied
    by ``replacements`` or ``blessing``, a discard with ``robbing_kong`` made robbing-kong)
    and this class does not.  A field that is neither raises :class:`SituationError`
    naming it.

    >>> sit = Situation("123s123p789p99p", "9p", ["chow 123m"], seat_wind="S", flowers="5f")
    >>> sit.concealed[:3], score(sit, "hu-4p").total
    ((18, 19, 20), 6600)
    >>> Situation("123s123p789p99p", "9p", win="tsumo!")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tingpai.scoring.SituationError: Situation field 'win': win 'tsumo!' must be ...
    """

    concealed: tuple[Tile, ...]
    win_tile: Tile
    """The winning tile (one of ``concealed``); ignored for a special win."""
    melds: tuple[Meld, ...] = ()
    """Declared melds: exposed chows, pungs and kongs, and concealed kongs
    (``concealed=True``).  A declared meld counts as exposed unless its ``concealed`` flag
    is set."""
    win: WinKind = WinKind.DISCARD
    """SELF_DRAW, DISCARD or ROBBING_KONG (robbing is also flagged by ``robbing_kong``);
    EIGHT_IMMORTALS / TERMINAL_DISCARDS are special wins paid as self-draw."""
    seat_wind: Tile = EAST
    round_wind: Tile = EAST
    flowers: tuple[Tile, ...] = ()
    """Declared bonus tiles."""
    dealer_repeats: int = 0
    eighth_repeat: bool = False
    replacements: tuple[str, ...] = ()
    """Chain of consecutive replacement draws that produced the winning tile, oldest
    first, each ``"kong"`` or ``"flower"``."""
    robbing_kong: bool = False
    last_tile: bool = False
    """Won on the last draw or the last discard (pond limit or final wall tile)."""
    blessing: str | None = None
    """None, ``"heaven"`` or ``"earth"``."""
    special: str | None = None
    """A special win decided by the engine, named by its pattern id (Hu:
    ``"eight_immortals"``, ``"terminal_discards"``).  The hand need not be complete; the
    scorer evaluates only the patterns that need no hand (the special one and the flower
    bonuses).  ``win`` says how it is paid: SELF_DRAW (each other player) or DISCARD (one
    player: the declarer of the last flower for Eight Immortals).  A winner holding all eight
    flowers declared the last one himself, so that win is paid as self-draw whatever ``win``
    says (a discard form leaves the winner with seven)."""

    def __post_init__(self) -> None:
        # The engine's and the parsers' situations are already in this form: a few type
        # checks (of containers and their first items) and no work.  Anything else is
        # converted or refused by _normalize (and what slips past, by score()).
        c, m, f = self.concealed, self.melds, self.flowers
        if not (
            type(c) is tuple and (not c or type(c[0]) is int) and type(self.win_tile) is int
            and type(m) is tuple and (not m or type(m[0]) is Meld)
            and type(f) is tuple and (not f or type(f[0]) is int)
            and type(self.win) is WinKind
            and type(self.seat_wind) is int and type(self.round_wind) is int
            and type(self.replacements) is tuple
            and type(self.dealer_repeats) is int and type(self.eighth_repeat) is bool
            and type(self.robbing_kong) is bool and type(self.last_tile) is bool
        ):
            _normalize(self)

    @property
    def self_drawn(self) -> bool:
        """True for a win on one's own draw."""
        return self.win is WinKind.SELF_DRAW

    @property
    def dealer(self) -> bool:
        """The dealer is the seat whose wind is East."""
        return self.seat_wind == EAST


def _tiles_of(value: object) -> object:
    """Tile notation (``"123m"``, or a list of one-tile strings) as a tuple of tile ids; a
    list as a tuple; anything else unchanged (for :func:`_field_problem` to name)."""
    if isinstance(value, str):
        return tuple(parse_tiles(value))
    if isinstance(value, list | tuple):
        return tuple(parse_tile(t) if isinstance(t, str) else _int_of(t) for t in value)
    if isinstance(value, Sequence) or _is_array(value):
        # a numpy array of tile ids (np.flatnonzero, np.repeat) or a range
        return tuple(_int_of(t) for t in value)  # type: ignore[attr-defined]
    return value


def _is_array(value: object) -> bool:
    """A numpy array (read entry by entry; numpy is not imported here)."""
    return hasattr(value, "__array__") and hasattr(value, "__iter__")


def _int_of(value: object) -> object:
    """An integer of any type (numpy's) as a plain int; anything else unchanged (for
    :func:`_field_problem` to name)."""
    if type(value) is int:
        return value
    try:
        number = whole_number(value)
    except TypeError:  # a numpy array of several entries
        return value
    return value if number is None else number


def _tile_of(value: object) -> object:
    """One tile in notation (``"9p"``) as its id; None (a special win's) as -1."""
    if isinstance(value, str):
        return parse_tile(value)
    return -1 if value is None else _int_of(value)


def _melds_of(value: object) -> object:
    """Meld strings (``"pung 555p"``, ``"[123m]"``) as :class:`Meld`; a list as a tuple."""
    if isinstance(value, list | tuple):
        return tuple(parse_meld(m) if isinstance(m, str) else m for m in value)
    return value


def _win_of(value: object) -> object:
    """A win word (``"discard"``, ``"self-draw"``, ... of :data:`WIN_WORDS`) as its kind."""
    if isinstance(value, str):
        kind = WIN_WORDS.get(value.strip().lower())
        if kind is None:
            raise InvalidNotation(
                f"win {echo(value)} must be 'discard' or 'self-draw' (or ron, tsumo, ...)"
            )
        return kind
    return value


def _wind_of(value: object) -> object:
    """A wind letter (``"E"``, ``"S"``, ...) as its tile id."""
    return wind_from_str(value) if isinstance(value, str) else _int_of(value)


def _tuple_of(value: object) -> object:
    """A list as a tuple."""
    return tuple(value) if isinstance(value, list) else value


def _same(value: object) -> object:
    return value


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_ints(value: object) -> bool:
    return type(value) is tuple and all(_is_int(t) for t in value)


def _is_str_or_none(value: object) -> bool:
    return value is None or isinstance(value, str)


_SITUATION_FIELDS: tuple[tuple[str, Any, Any, str], ...] = (
    ("concealed", _tiles_of, _is_ints, "tile ids or tile notation such as '123m99p'"),
    ("win_tile", _tile_of, _is_int, "a tile id or a tile such as '9p'"),
    ("melds", _melds_of,
     lambda v: type(v) is tuple and all(isinstance(m, Meld) for m in v),
     "Meld values or meld strings such as 'pung 555p'"),
    ("win", _win_of, lambda v: isinstance(v, WinKind), "a WinKind, 'discard' or 'self-draw'"),
    ("seat_wind", _wind_of, _is_int, "a wind tile id or a wind letter E/S/W/N"),
    ("round_wind", _wind_of, _is_int, "a wind tile id or a wind letter E/S/W/N"),
    ("flowers", _tiles_of, _is_ints, "tile ids or tile notation such as '15f'"),
    ("dealer_repeats", _int_of, _is_int, "a non-negative integer"),
    ("eighth_repeat", _same, lambda v: isinstance(v, bool), "True or False"),
    ("replacements", _tuple_of,
     lambda v: type(v) is tuple and all(isinstance(r, str) for r in v),
     "a sequence of 'kong' / 'flower'"),
    ("robbing_kong", _same, lambda v: isinstance(v, bool), "True or False"),
    ("last_tile", _same, lambda v: isinstance(v, bool), "True or False"),
    ("blessing", _same, _is_str_or_none, "None, 'heaven' or 'earth'"),
    ("special", _same, _is_str_or_none, "None or a special win's pattern id"),
)
"""Each :class:`Situation` field: how another form of it is converted (notation, lists,
win words, wind letters), the type check of the result and what it must be."""


def _normalize(situation: Situation) -> None:
    """Convert a :class:`Situation`'s fields given in another form to the canonical one
    (the ``tingpai score --json`` spellings are accepted: tile and meld notation, wind
    letters, win words, lists); :class:`SituationError` naming the first field that
    cannot be converted or has the wrong type."""
    for name, convert, _, _ in _SITUATION_FIELDS:
        try:
            object.__setattr__(situation, name, convert(getattr(situation, name)))
        except InvalidNotation as exc:
            raise SituationError(f"Situation field {name!r}: {exc}") from None
    problem = _field_problem(situation)
    if problem is not None:
        raise SituationError(problem)


def _field_problem(situation: object) -> str | None:
    """Why ``situation`` is not a well-typed :class:`Situation` (naming the field), or
    None.  Only types: what the values say is :func:`score`'s to judge."""
    if not isinstance(situation, Situation):
        return f"score() takes a Situation, got {echo(situation)}"
    for name, _, ok, what in _SITUATION_FIELDS:
        value = getattr(situation, name)
        if not ok(value):
            return f"Situation field {name!r} must be {what}, got {echo(value)}"
    return None


def _ruleset_of(rules: Ruleset | str) -> Ruleset:
    """A ruleset given as itself or by its id (:func:`~tingpai.rules.find_ruleset`, which
    names an unknown id); :class:`SituationError` for anything else."""
    if isinstance(rules, Ruleset):
        return rules
    if isinstance(rules, str):
        return find_ruleset(rules)
    raise SituationError(f"the ruleset must be a Ruleset or a ruleset id, got {echo(rules)}")


@dataclass(frozen=True)
class PatternScore:
    """One counted pattern: its definition id and names, and the value it added."""

    id: str
    name: str
    chinese: str
    pinyin: str
    value: int
    count: int = 1
    """How many times it counted (Value Triplet, Flower Tile); ``value`` is the total."""

    @property
    def label(self) -> str:
        """Its name with its count when it counted more than once: ``Flower Tile ×2``."""
        return f"{self.name} ×{self.count}" if self.count > 1 else self.name

    def to_json(self) -> dict[str, Any]:
        """``{id, name, chinese, pinyin, value, count}`` as in the score and replay output."""
        return {
            "id": self.id, "name": self.name, "chinese": self.chinese, "pinyin": self.pinyin,
            "value": self.value, "count": self.count,
        }


@dataclass(frozen=True)
class Superseded:
    """A pattern that was present but not counted, and the pattern that implies it."""

    id: str
    name: str
    by: str
    """The id of the pattern (or limit hand) that superseded it."""
    count: int = 1
    """How many of its counts were superseded (Flower Set takes four Flower Tiles each)."""


@dataclass(frozen=True)
class Score:
    """The result of scoring one hand.  An invalid hand is a result, not an error."""

    valid: bool
    total: int = 0
    """Hu: base points after cap and bonuses; Hong Kong: fan after cap."""
    patterns: tuple[PatternScore, ...] = ()
    superseded: tuple[Superseded, ...] = ()
    limit: bool = False
    """A limit hand was scored."""
    payments: Payments = field(default_factory=Payments)
    reason: str | None = None
    """Why an invalid hand is invalid."""
    decomposition: tuple[str, ...] = ()
    """The groups of the decomposition used, in notation (``pung 555p``, ``pair 99p``, ...);
    declared melds are prefixed ``declared``."""
    unit: Unit = Unit.POINTS
    """Whether values are base points or fan."""
    subtotal: int = 0
    """Sum of the counted patterns before the cap (a limit hand: its value)."""
    capped: bool = False
    """The subtotal exceeded ``max_value`` and was cut to it."""
    bonuses: tuple[PatternScore, ...] = ()
    """Additions outside the cap (the ruleset's bonus policy; Hu: dealer repeats, eighth
    repeat)."""

    def to_json(self) -> dict[str, Any]:
        """The ``tingpai score --json`` output object (DESIGN.md contract, plus ``unit``,
        ``subtotal``, ``capped``, ``bonuses`` and ``decomposition``)."""
        out: dict[str, Any] = {
            "valid": self.valid,
            "total": self.total,
            "patterns": [p.to_json() for p in self.patterns],
            "superseded": [
                {"id": s.id, "name": s.name, "by": s.by, "count": s.count}
                for s in self.superseded
            ],
            "limit": self.limit,
            "payments": self.payments.as_dict(),
            "unit": self.unit.value,
            "subtotal": self.subtotal,
            "capped": self.capped,
            "bonuses": [b.to_json() for b in self.bonuses],
            "decomposition": list(self.decomposition),
        }
        if not self.valid:
            out["reason"] = self.reason
        return out


@dataclass(frozen=True)
class PatternNote:
    """Why one pattern of the ruleset did or did not count (for explanations)."""

    id: str
    name: str
    chinese: str
    pinyin: str
    status: str
    """``counted``, ``superseded`` or ``absent``."""
    value: int
    """The value it added (counted) or would have added (superseded); 0 when absent."""
    detail: str
    """Counted: ``×n`` or empty; superseded: ``by <id>``; absent: the pattern's description."""


@dataclass(frozen=True)
class Explanation:
    """A score and, for every pattern of the ruleset, whether and why it counted."""

    score: Score
    notes: tuple[PatternNote, ...]


# --------------------------------------------------------------------------------------

_SCORE_FIELDS = (
    "valid", "total", "patterns", "superseded", "limit", "payments", "reason",
    "decomposition", "unit", "subtotal", "capped", "bonuses",
)
_object_new = object.__new__


def _fast_score(
    valid: bool, total: int, patterns: tuple[PatternScore, ...],
    superseded: tuple[Superseded, ...], limit: bool, payments: Payments, reason: str | None,
    decomposition: tuple[str, ...], unit: Unit, subtotal: int, capped: bool,
    bonuses: tuple[PatternScore, ...],
) -> Score:
    """``Score(...)`` (every field, positionally) without the frozen dataclass ``__init__``.

    A frozen ``__init__`` sets each of the twelve fields through ``object.__setattr__``,
    about 3 µs, a tenth of scoring a hand; filling the new instance's ``__dict__`` in one
    call gives an equal object (same fields, equality, hash, repr) in a fraction of that.
    Used only while :class:`Score`'s fields are exactly :data:`_SCORE_FIELDS` (checked at
    import; otherwise :data:`_new_score` is the class itself).
    """
    result: Score = _object_new(Score)
    result.__dict__.update({
        "valid": valid, "total": total, "patterns": patterns, "superseded": superseded,
        "limit": limit, "payments": payments, "reason": reason,
        "decomposition": decomposition, "unit": unit, "subtotal": subtotal,
        "capped": capped, "bonuses": bonuses,
    })
    return result


_new_score = (
    _fast_score
    if tuple(f.name for f in fields(Score)) == _SCORE_FIELDS
    and not hasattr(Score, "__post_init__") and not hasattr(Score, "__slots__")
    else Score
)
"""Builds a valid :class:`Score` from all its fields, positionally."""

_SPECIAL_WINS: dict[WinKind, str] = {
    WinKind.EIGHT_IMMORTALS: "eight_immortals",
    WinKind.TERMINAL_DISCARDS: "terminal_discards",
}
"""Win kinds that name a special win (paid as self-draw) and the pattern id they mean."""
_REPLACEMENTS = frozenset({"kong", "flower"})
_BLESSINGS = (None, "heaven", "earth")

# Whole-hand features from the four suit keys of the hand's counts (``b[0:9]``, ``b[9:18]``,
# ``b[18:27]``, ``b[27:34]``, the same keys the decomposition tables use).  Each key maps to a
# packed word; the four words are summed and unpacked once.  Fields: the ``SUIT_*`` bits
# (distinct per key, so summing is OR-ing), then six-bit counters of terminals and honours,
# honours and green tiles (a hand has at most 18 tiles, so they never carry), and a flag
# per key holding a kind more than four times.
_I_ORPHAN, _I_HONOR, _I_GREEN, _I_OVER = 8, 16, 24, 32
_I_FIELD = 63
_KeyEntry = tuple[int, Reading | None, tuple[Reading, ...]]
_KEY_INFO_LIMIT = 1 << 14
"""Most keys remembered per key position; the memo is cleared when full (bounded)."""
_KEY_INFO: tuple[dict[bytes, _KeyEntry], ...] = tuple({} for _ in range(4))
"""Per key position: key -> (packed word, the key's reading when it has exactly one, all
its readings).  A hand without declared melds reads both its features and its
decompositions from the same four lookups."""
_SUIT_BIT_MASK = SUITED_BITS | HONOR_BITS
_SUITED = (SUIT_M, SUIT_P, SUIT_S)


def _key_info(position: int, key: bytes) -> _KeyEntry:
    """The packed word of one suit key at a key position (0-2 numbered suits, 3 honours)
    and its readings (see :func:`~tingpai.analysis.decompose.suit_readings`), memoized in
    a bounded table."""
    if max(key) > 4:
        word = 1 << (_I_OVER + position)  # the hand is invalid: nothing else is read
    elif position < 3:
        word = 0
        if any(key):
            word = _SUITED[position] | (key[0] + key[8]) << _I_ORPHAN
            if position == 2:  # 2 3 4 6 8 bamboo are green
                word |= (key[1] + key[2] + key[3] + key[5] + key[7]) << _I_GREEN
    else:
        winds = key[0] + key[1] + key[2] + key[3]
        honors = winds + key[4] + key[5] + key[6]
        word = (
            (SUIT_WIND if winds else 0) | (SUIT_DRAGON if honors > winds else 0)
            | honors << _I_ORPHAN | honors << _I_HONOR | key[5] << _I_GREEN  # Green dragon
        )
    # a concealed part holds at most 14 tiles; larger keys (declared melds) need no reading
    readings = () if word >> _I_OVER or sum(key) > MAX_TILES else suit_readings(position, key)
    entry = (word, readings[0] if len(readings) == 1 else None, readings)
    table = _KEY_INFO[position]
    if len(table) >= _KEY_INFO_LIMIT:
        table.clear()
    table[key] = entry
    return entry


_CHOW_FEATURES = (0, 0, CHOWS2, CHOWS2 | CHOWS3, CHOWS2 | CHOWS3 | CHOWS4)
"""Features of a reading by its number of chows."""
_TRIPLET_FEATURES = (
    0, 0, TRIPLETS2, TRIPLETS2 | TRIPLETS3, TRIPLETS2 | TRIPLETS3 | TRIPLETS4
)
"""Features of a reading by its number of triplets."""
_SUIT_FEATURES = tuple(
    (ONE_SUIT if mask & SUITED_BITS in (SUIT_M, SUIT_P, SUIT_S) else 0)
    | (HAS_HONOR if mask & HONOR_BITS else 0)
    | (HONORS_ONLY if mask and not mask & SUITED_BITS else 0)
    for mask in range(32)
)
"""ONE_SUIT, HAS_HONOR and HONORS_ONLY by suit mask."""
_NO_FORM = Form(0)
_STANDARD = Form.STANDARD
_PAIRS = Form.PAIRS
_ORPHANS = Form.ORPHANS
_NO_REDUCTION: dict[int, int] = {}
_CHOW = MeldKind.CHOW
_KONG = MeldKind.KONG
_DISCARD = WinKind.DISCARD
_SELF_DRAW = WinKind.SELF_DRAW
_ROBBING = WinKind.ROBBING_KONG


_STANDARD_BIT: int = Form.STANDARD._value_
_PAIRS_BIT: int = Form.PAIRS._value_
_ORPHANS_BIT: int = Form.ORPHANS._value_
"""``Form`` bits as ints: testing ``opts.forms._value_`` avoids Flag arithmetic."""


def _name(tile: object) -> str:
    """Notation of a tile id for messages, even an out-of-range one."""
    if isinstance(tile, int) and 0 <= tile < NUM_TILE_IDS:
        return tile_to_str(tile)
    return f"tile id {tile!r}"


def _group_text(kind: str, first: Tile) -> str:
    """``chow 123m`` / ``pung 555p`` / ``pair 99p`` for a concealed group."""
    if kind == "chow":
        tiles: tuple[Tile, ...] = (first, first + 1, first + 2)
    elif kind == "pung":
        tiles = (first,) * 3
    else:
        tiles = (first,) * 2
    return f"{kind} {tiles_to_str(tiles)}"


_CHOW_TEXT: tuple[str, ...] = tuple(
    _group_text("chow", t) if t < EAST and t % 9 <= 6 else "" for t in range(NUM_KINDS)
)
_PUNG_TEXT: tuple[str, ...] = tuple(_group_text("pung", t) for t in range(NUM_KINDS))
_PAIR_TEXT: tuple[str, ...] = tuple(_group_text("pair", t) for t in range(NUM_KINDS))
"""Text of every concealed group, built once."""
_MELD_TEXT: tuple[str, ...] = tuple(
    _PUNG_TEXT[code >> 1] if code & 1 else _CHOW_TEXT[code >> 1] for code in range(2 * NUM_KINDS)
)
"""Text of a concealed meld by its :data:`~tingpai.analysis.decompose.Reading` code."""
_MELD_TEXT_OF = _MELD_TEXT.__getitem__


@dataclass(slots=True)
class _Outcome:
    """One candidate reading of the hand, evaluated: the data a Score is built from."""

    ctx: HandContext
    decomposition: Reading | None
    """The standard decomposition read, or None (seven pairs, orphans, special)."""
    present: list[tuple[int, int]]
    """(pattern index, count) of every pattern present, in ruleset order."""
    superseded: int
    """Mask of the present patterns superseded by implication."""
    reduced: dict[int, int]
    """Pattern index -> counts absorbed (Flower Set takes Flower Tiles)."""
    top: int
    """Index of the limit pattern scored, or -1."""
    subtotal: int
    total: int
    capped: bool
    eligible: bool
    reason: str | None
    plain: bool = False
    """No present pattern supersedes, absorbs, limits or has an ``amount``: every present
    pattern counts value × count (the listing then depends on ``present`` alone)."""


_MAX_COUNT = 255
"""Largest count a byte holds (the count tables are bytes)."""


def _too_many(counts: list[int]) -> str:
    """The reason for a hand holding a kind more than four times (the first such kind
    with the largest count)."""
    most = max(counts)
    return f"{_name(counts.index(most))} appears {most} times counting melds (at most 4)"


_NO_PAYMENTS = Payments()


def _invalid(reason: str, ruleset: Ruleset) -> Score:
    """``Score(valid=False, reason=reason, unit=...)``, built the fast way."""
    return _new_score(False, 0, (), (), False, _NO_PAYMENTS, reason, (), ruleset.options.unit,
                      0, False, ())


def score(situation: Situation, ruleset: Ruleset | str) -> Score:
    """Score a winning hand under a ruleset (or a ruleset id); an invalid hand gives
    ``valid=False``.

    Never raises on a well-typed situation; a field of the wrong type raises
    :class:`SituationError` naming it (a ``ValueError``, as does an unknown ruleset id).

    >>> from tingpai import Situation, find_ruleset, parse_hand
    >>> concealed, melds, win = parse_hand("123s123p789p9p [123m] +9p")
    >>> from tingpai.tiles import SOUTH, parse_tile
    >>> result = score(Situation(tuple(concealed), win, tuple(melds), seat_wind=SOUTH,
    ...                          flowers=(parse_tile("5f"),)), find_ruleset("hu-4p"))
    >>> result.total, [p.id for p in result.patterns]
    (6600, ['all_sequences', 'fully_outside', 'three_color_sequences', 'flower_tile'])
    >>> result.payments.discarder
    19800
    """
    result = _guarded(situation, ruleset, False)
    return result if isinstance(result, Score) else result.score


def explain(situation: Situation, ruleset: Ruleset | str) -> Explanation:
    """Score a hand and say, for every pattern of the ruleset, whether and why it counted.

    Costs one more pass over the patterns than :func:`score`; meant for people, not for the
    engine's hot path.
    """
    result = _guarded(situation, ruleset, True)
    return result if isinstance(result, Explanation) else Explanation(result, ())


def _guarded(
    situation: Situation, ruleset: Ruleset | str, explain: bool
) -> Score | Explanation:
    """:func:`_score`, with a situation of the wrong types (one built around the checks of
    :class:`Situation`, e.g. a tuple of strings) refused by :class:`SituationError`
    naming the field instead of failing somewhere inside the scorer."""
    rules = ruleset if type(ruleset) is Ruleset else _ruleset_of(ruleset)
    try:
        return _score(situation, rules, explain)
    except (TypeError, AttributeError, KeyError, IndexError):
        problem = _field_problem(situation)
        if problem is None:
            raise  # not the input's fault: a bug, shown as it is
        if not isinstance(situation, Situation):
            raise SituationError(problem) from None
    # A field in another form past the quick checks of Situation.__post_init__ (a tuple
    # whose later items are notation): convert a copy, or refuse it naming the field.
    fixed: Situation = object.__new__(Situation)
    fixed.__dict__.update(situation.__dict__)
    _normalize(fixed)
    return _score(fixed, rules, explain)


def _check(
    situation: Situation, ruleset: Ruleset
) -> tuple[str | None, str | None, bool, bool]:
    """Validate the parts of a situation that are not tile counts.

    Returns (reason if invalid, special pattern id or None, paid as self-draw, robbing).
    """
    win = situation.win
    special = situation.special
    self_drawn = win is _SELF_DRAW
    if win is not _DISCARD and not self_drawn and win is not _ROBBING:
        if win is WinKind.EXHAUSTIVE_DRAW:
            return "an exhaustive draw is not a win", None, False, False
        implied = _SPECIAL_WINS[win]
        if special is not None and special != implied:
            return f"win {win.value} contradicts special {special!r}", None, False, False
        special = implied
        self_drawn = True
    robbing = situation.robbing_kong or win is _ROBBING
    if situation.flowers:
        # Every bonus tile declared is Eight Immortals (form 1) whatever else is given: the
        # last one won the moment it was declared, paid as self-draw.
        for flower_win in ruleset.policies.special_wins:
            if flower_win.won_by_flowers(situation.flowers) and special in (
                None, flower_win.pattern
            ):
                special = flower_win.pattern
                self_drawn = True
                break
    if special is not None:
        problem = _special_problem(special, ruleset)
        if problem is not None:
            return problem, None, False, False
        policy = _special_policy(special, ruleset)
        assert policy is not None  # _special_problem found it
        if robbing:
            return f"{policy.name} is not won by robbing a kong", None, False, False
        if not policy.by_discard:
            self_drawn = True  # nobody discarded it: paid as self-draw, however given
        problem = policy.scoring_problem(situation.flowers)
        if problem is not None:
            return problem, None, False, False
    if robbing and win is _SELF_DRAW:
        return (
            "robbing the kong is a win on another player's tile, not a self-draw",
            None, False, False,
        )
    replacements = situation.replacements
    if replacements:
        for r in replacements:
            if r not in _REPLACEMENTS:
                return f"replacement {r!r} must be 'kong' or 'flower'", None, False, False
        if win is not _SELF_DRAW:
            return (
                "a replacement chain needs a self-drawn win (the replacement is drawn)",
                None, False, False,
            )
        problem = _chain_problem(situation, ruleset)
        if problem is not None:
            return problem, None, False, False
    blessing = situation.blessing
    if blessing is not None:
        if blessing not in _BLESSINGS:
            return (
                f"blessing {blessing!r} must be null, 'heaven' or 'earth'", None, False, False
            )
        if blessing == "heaven" and situation.seat_wind != EAST:
            return "Blessing of Heaven is for the dealer (seat wind East)", None, False, False
        if blessing == "earth" and situation.seat_wind == EAST:
            return (
                "Blessing of Earth is for a non-dealer (seat wind not East)", None, False, False
            )
        if situation.melds:
            # Heaven is the dealer's initial hand and Earth comes before any call or kong
            # (every ruleset): a declared meld, even a concealed kong, rules both out.
            return (
                f"Blessing of {blessing.title()} cannot have a declared meld "
                f"({situation.melds[0]}): it is won before any call or kong",
                None, False, False,
            )
        # Heaven is the dealer's initial 14; Earth is won on the first own draw, or (Hong
        # Kong, the ruleset's blessing policy) on the dealer's first discard.
        by_discard = blessing == "earth" and ruleset.policies.blessings.earth_by_discard
        if special is None and robbing:
            return f"Blessing of {blessing.title()} cannot rob a kong", None, False, False
        if special is None and self_drawn == by_discard:
            how = "on the dealer's first discard" if by_discard else "by self-draw"
            return f"Blessing of {blessing.title()} is won {how}", None, False, False
    if not EAST <= situation.seat_wind <= NORTH:
        return f"seat wind {_name(situation.seat_wind)} is not a wind", None, False, False
    if not EAST <= situation.round_wind <= NORTH:
        return f"round wind {_name(situation.round_wind)} is not a wind", None, False, False
    opts = ruleset.options
    if situation.round_wind - EAST >= opts.rounds:
        played = ", ".join(wind_to_str(EAST + r) for r in range(opts.rounds))
        return (
            f"round wind {wind_to_str(situation.round_wind)} is not a round this table plays "
            f"(rounds: {played})", None, False, False,
        )
    repeats = situation.dealer_repeats
    if repeats:
        problem = _repeats_problem(repeats, ruleset)
        if problem is not None:
            return problem, None, False, False

    concealed = situation.concealed
    if (
        situation.flowers
        or len(opts.tile_kinds) != NUM_KINDS
        or (concealed and (min(concealed) < 0 or max(concealed) >= NUM_KINDS))
    ):
        problem = _set_problem(situation, ruleset)
        if problem is not None:
            return problem, None, False, False
        for t in concealed:
            if t >= NUM_KINDS:
                return (
                    f"a flower ({_name(t)}) in the concealed tiles: a bonus tile cannot be "
                    "part of a complete hand (declare it)"
                ), None, False, False
    if situation.seat_wind not in opts.seat_winds:
        seats = ", ".join(wind_to_str(w) for w in opts.seat_winds)
        return (
            f"seat wind {wind_to_str(situation.seat_wind)} is not a seat of this table "
            f"(seats: {seats})", None, False, False,
        )
    if robbing and special is None:
        problem = _robbing_problem(situation)
        if problem is not None:
            return problem, None, False, False
    if special is None and not robbing:
        return _PLAIN_SELF_DRAW if self_drawn else _PLAIN_DISCARD
    return None, special, self_drawn, robbing


def _special_policy(special: str, ruleset: Ruleset) -> SpecialWin[Any] | None:
    """The ruleset's policy for the special win named ``special``, or None."""
    for policy in ruleset.policies.special_wins:
        if policy.pattern == special:
            return policy
    return None


def _special_problem(special: str, ruleset: Ruleset) -> str | None:
    """Why ``special`` is not a special win of the ruleset (no such pattern, or no policy
    that decides it: Eight Immortals on a table without flowers), or None."""
    index = ruleset.compiled.index.get(special)
    pattern = None if index is None else ruleset.patterns[index]
    if (
        pattern is None or pattern.needs_hand or not pattern.qualifies
        or _special_policy(special, ruleset) is None
    ):
        return f"{echo(special)} is not a special win of {ruleset.id}"
    return None


def _chain_problem(situation: Situation, ruleset: Ruleset) -> str | None:
    """Why the replacement chain cannot have happened, or None: each ``kong`` in it needs a
    declared kong of the winner's and each ``flower`` a declared flower."""
    chain = situation.replacements
    kongs = sum(1 for m in situation.melds if m.kind is _KONG)
    kong_draws = chain.count("kong")
    if kong_draws > kongs:
        return (
            f"a replacement chain with {kong_draws} kong replacement(s) needs as many "
            f"declared kongs; the hand has {kongs}"
        )
    flower_draws = chain.count("flower")
    if flower_draws and not ruleset.options.bonus_tiles:
        return f"flower replacements on a table without flowers ({ruleset.id})"
    if flower_draws > len(situation.flowers):
        return (
            f"a replacement chain with {flower_draws} flower replacement(s) needs as many "
            f"declared flowers; the hand declares {len(situation.flowers)}"
        )
    return None


def _repeats_problem(repeats: int, ruleset: Ruleset) -> str | None:
    """Why ``dealer_repeats`` cannot happen at this table, or None."""
    if repeats < 0:
        return f"dealer_repeats {echo(repeats)} is negative"
    limit = ruleset.options.max_repeats
    if limit is not None and repeats > limit:
        return (
            f"dealer_repeats {echo(repeats)} is beyond this table's last repeat "
            f"(max_repeats {limit})"
        )
    if repeats > MAX_INT:
        return f"dealer_repeats {echo(repeats)} is beyond {MAX_INT:.0e}"
    return None


def _robbing_problem(situation: Situation) -> str | None:
    """Why the kong robbed cannot have been added, or None: the konger's pung and the
    added tile are all four copies, so the winner holds no other copy of the tile."""
    tile = situation.win_tile
    held = situation.concealed.count(tile) + sum(m.tiles.count(tile) for m in situation.melds)
    if held > 1:
        return (
            f"robbing a kong of {_name(tile)}: the winner holds {held} of it, but the "
            "konger's pung and the added tile are all four copies"
        )
    return None


def _set_problem(situation: Situation, ruleset: Ruleset) -> str | None:
    """Why the situation's tiles are not tiles of this ruleset's set, or None: an id out of
    range, a kind the set lacks (concealed, melds, flowers), a declared flower that is not a
    bonus tile of the set, a bonus tile declared twice.  (Copies beyond four are found with
    the counts.)"""
    opts = ruleset.options
    if situation.flowers:
        bonus = opts.bonus_tiles
        seen: set[Tile] = set()
        for f_ in situation.flowers:
            if f_ not in bonus:
                if NUM_KINDS <= f_ < NUM_TILE_IDS:
                    return f"flower {_name(f_)} is not in this ruleset's set"
                return f"{_name(f_)} is not a flower or season tile"
            if f_ in seen:
                return f"flower {_name(f_)} declared twice"
            seen.add(f_)
    concealed = situation.concealed
    every_kind = len(opts.tile_kinds) == NUM_KINDS
    if every_kind and not (concealed and (min(concealed) < 0 or max(concealed) >= NUM_KINDS)):
        return None  # (declared melds hold suited and honour tiles only: Meld checks that)
    in_set = frozenset(opts.tile_kinds)
    for t in concealed:
        if not 0 <= t < NUM_TILE_IDS:
            return f"{_name(t)} is not a tile"
        if t >= NUM_KINDS:
            if t not in opts.bonus_tiles:
                return f"flower {_name(t)} is not in this ruleset's set"
        elif t not in in_set:
            return f"tile {_name(t)} is not in this ruleset's set"
    for m in situation.melds:
        for t in m.tiles:
            if t not in in_set:
                return f"tile {_name(t)} in meld {m} is not in this ruleset's set"
    return None


def tile_problem(situation: Situation, ruleset: Ruleset) -> str | None:
    """Why the situation names tiles this table does not have, or None.

    These are the problems the command line treats as malformed input (exit status 2)
    rather than as a hand that is not a valid win: a tile id out of range or not in the
    ruleset's set, a kind more than four times counting melds, a declared flower that is
    not one of the set's bonus tiles or is declared twice, an unknown special win.
    :func:`score` still answers them with ``valid=False`` (it never raises).
    """
    special = situation.special
    if special is not None:
        problem = _special_problem(special, ruleset)
        if problem is not None:
            return problem
    problem = _set_problem(situation, ruleset)
    if problem is not None:
        return problem
    counts = [0] * NUM_TILE_IDS
    for t in (*situation.concealed, *(t for m in situation.melds for t in m.tiles)):
        counts[t] += 1
    most = max(counts[:NUM_KINDS])
    if most > 4:
        return _too_many(counts[:NUM_KINDS])
    return None


_PLAIN_DISCARD: tuple[None, None, bool, bool] = (None, None, False, False)
_PLAIN_SELF_DRAW: tuple[None, None, bool, bool] = (None, None, True, False)
"""What :func:`_check` returns for an ordinary valid win (no tuple built)."""


def _score(situation: Situation, ruleset: Ruleset, explain: bool) -> Score | Explanation:
    reason, special, self_drawn, robbing = _check(situation, ruleset)
    if reason is not None:
        return _explained(_invalid(reason, ruleset), None, ruleset, explain)
    opts = ruleset.options
    concealed = situation.concealed
    melds = situation.melds
    win = situation.win

    # --- counts and features of the whole hand -----------------------------------------
    counts = [0] * NUM_KINDS
    for t in concealed:
        counts[t] += 1
    size = n_concealed = len(concealed)
    n_melds = len(melds)
    decl_chows: tuple[Tile, ...] = ()
    decl_triplets: tuple[Tile, ...] = ()
    kongs = concealed_triplets0 = exposed = 0
    if melds:
        concealed_counts = counts.copy()
        chow_list: list[Tile] = []
        triplet_list: list[Tile] = []
        for m in melds:
            tiles = m.tiles
            for t in tiles:
                counts[t] += 1
            size += len(tiles)
            kind = m.kind
            if kind is _CHOW:
                chow_list.append(tiles[0])
            else:
                triplet_list.append(tiles[0])
                if kind is _KONG:
                    kongs += 1
                if m.concealed:
                    concealed_triplets0 += 1
            if not m.concealed:
                exposed += 1
        decl_chows = tuple(chow_list)
        decl_triplets = tuple(triplet_list)
        if size > _MAX_COUNT:  # some count may not fit a byte; it is far above four anyway
            return _explained(_invalid(_too_many(counts), ruleset), None, ruleset, explain)
        all_bytes = bytes(bytearray(counts))
        concealed_bytes = bytes(bytearray(concealed_counts))
    else:
        if size > _MAX_COUNT:
            return _explained(_invalid(_too_many(counts), ruleset), None, ruleset, explain)
        all_bytes = concealed_bytes = bytes(bytearray(counts))
    k0 = all_bytes[0:9]
    k1 = all_bytes[9:18]
    k2 = all_bytes[18:27]
    k3 = all_bytes[27:]
    key_info = _KEY_INFO
    i0 = key_info[0].get(k0)
    if i0 is None:
        i0 = _key_info(0, k0)
    i1 = key_info[1].get(k1)
    if i1 is None:
        i1 = _key_info(1, k1)
    i2 = key_info[2].get(k2)
    if i2 is None:
        i2 = _key_info(2, k2)
    i3 = key_info[3].get(k3)
    if i3 is None:
        i3 = _key_info(3, k3)
    info = i0[0] + i1[0] + i2[0] + i3[0]
    if info >> _I_OVER:
        return _explained(_invalid(_too_many(counts), ruleset), None, ruleset, explain)
    w = situation.win_tile
    dealt = n_concealed + 3 * n_melds
    if special is None:
        if dealt != 14:
            reason = (
                f"wrong tile count: {dealt} tiles (a winning hand has 14, each kong counting "
                "3; the concealed tiles include the winning tile)"
            )
            return _explained(_invalid(reason, ruleset), None, ruleset, explain)
        if not (0 <= w < NUM_KINDS and concealed_bytes[w]):
            reason = f"winning tile {_name(w)} is not among the concealed tiles"
            return _explained(_invalid(reason, ruleset), None, ruleset, explain)
    elif dealt > 14:
        reason = f"wrong tile count: {dealt} tiles (at most 14 for a special win)"
        return _explained(_invalid(reason, ruleset), None, ruleset, explain)

    # --- features of the whole hand; each reading adds its own ----------------------------
    suits = info & _SUIT_BIT_MASK
    orphans = (info >> _I_ORPHAN) & _I_FIELD
    honors = (info >> _I_HONOR) & _I_FIELD
    greens = (info >> _I_GREEN) & _I_FIELD
    features = _SUIT_FEATURES[suits] | (DECLARED if melds else CONCEALED)
    if special is not None:
        features |= SPECIAL
    if self_drawn:
        features |= SELF_DRAWN
    replacements = situation.replacements
    last_tile = situation.last_tile
    blessing = situation.blessing
    if replacements or robbing or last_tile or blessing:
        features |= LUCK
    flowers = situation.flowers
    if flowers:
        features |= FLOWERS
    if orphans:
        features |= HAS_ORPHAN | (ORPHANS_ONLY if orphans == size else 0)
    else:
        features |= NO_ORPHAN
    if kongs:
        features |= KONG
    seat = situation.seat_wind
    dealer = seat == EAST
    round_wind = situation.round_wind

    # --- candidate readings, each evaluated as it is built -------------------------------
    forms: int = opts.forms._value_
    standard = forms & _STANDARD_BIT
    pairs_form = forms & _PAIRS_BIT
    orphans_form = forms & _ORPHANS_BIT
    outcomes: list[_Outcome] = []
    if special is not None:
        ctx = HandContext(
            _NO_FORM, counts, suits, orphans, honors, greens, size, (), (), NO_TILE, (),
            kongs, 0, n_melds, exposed, win, self_drawn, w, seat, round_wind, dealer,
            flowers, replacements, robbing, last_tile, blessing, special, features,
        )
        outcomes.append(_evaluate(ruleset, ctx, None, True))
    else:
        if standard:
            if melds:
                readings = standard_readings(concealed_bytes)
            else:
                r0, r1, r2, r3 = i0[1], i1[1], i2[1], i3[1]
                if r0 is not None and r1 is not None and r2 is not None and r3 is not None:
                    readings = combine_single(r0, r1, r2, r3)
                else:
                    readings = combine(i0[2], i1[2], i2[2], i3[2])
            if readings:
                base = features | STANDARD
                for reading in readings:
                    pair, chows, triplets, cover, _ = reading
                    concealed_triplets = concealed_triplets0
                    if triplets:
                        concealed_triplets += len(triplets)
                        # A triplet completed by the winning discard is not concealed,
                        # unless the winning tile can be read in the pair or in a chow.
                        if (
                            not self_drawn and pair != w and not cover >> w & 1
                            and w in triplets
                        ):
                            concealed_triplets -= 1
                    if melds:
                        if decl_chows:
                            chows = tuple(sorted(decl_chows + chows))
                        if decl_triplets:
                            triplets = tuple(sorted(decl_triplets + triplets))
                    ft = base | _CHOW_FEATURES[len(chows)] | _TRIPLET_FEATURES[len(triplets)]
                    if triplets and triplets[-1] >= EAST:
                        ft |= HONOR_TRIPLET
                    ctx = HandContext(
                        _STANDARD, counts, suits, orphans, honors, greens, size, chows,
                        triplets, pair, (), kongs, concealed_triplets, n_melds, exposed, win,
                        self_drawn, w, seat, round_wind, dealer, flowers, replacements,
                        robbing, last_tile, blessing, None, ft,
                    )
                    outcomes.append(_evaluate(ruleset, ctx, reading, False))
        if not melds:
            # 14 concealed tiles with seven kinds held twice are seven distinct pairs
            if pairs_form and concealed_bytes.count(2) == 7:
                kinds7 = tuple(sorted(set(concealed)))
                ctx = HandContext(
                    _PAIRS, counts, suits, orphans, honors, greens, size, (), (), NO_TILE,
                    kinds7, 0, 0, 0, 0, win, self_drawn, w, seat, round_wind, dealer,
                    flowers, replacements, robbing, last_tile, blessing, None,
                    features | PAIRS,
                )
                outcomes.append(_evaluate(ruleset, ctx, None, False))
            if (
                orphans_form
                and orphans == 14
                and not outcomes
                and is_thirteen_orphans(concealed_bytes)
            ):
                ctx = HandContext(
                    _ORPHANS, counts, suits, orphans, honors, greens, size, (), (), NO_TILE,
                    (), 0, 0, 0, 0, win, self_drawn, w, seat, round_wind, dealer,
                    flowers, replacements, robbing, last_tile, blessing, None,
                    features | ORPHANS_FORM,
                )
                outcomes.append(_evaluate(ruleset, ctx, None, False))
    if not outcomes:
        reason = _incomplete_reason(ruleset, bool(melds))
        return _explained(_invalid(reason, ruleset), None, ruleset, explain)

    best: _Outcome | None = None
    failure: _Outcome | None = None
    if len(outcomes) == 1:
        best = outcomes[0]
        if not best.eligible:
            best, failure = None, best
    else:
        for outcome in outcomes:
            if not outcome.eligible:
                if failure is None:
                    failure = outcome
            elif best is None or (outcome.total, outcome.top >= 0, outcome.subtotal) > (
                best.total, best.top >= 0, best.subtotal
            ):
                best = outcome
    if best is None:
        assert failure is not None
        reason = failure.reason or "not eligible to win"
        return _explained(_invalid(reason, ruleset), failure, ruleset, explain)

    bonuses: tuple[PatternScore, ...] = ()
    total = best.total
    bonus = ruleset.policies.bonus
    if bonus is not None:
        awards = bonus.awards(situation)
        if awards:
            bonuses = tuple(
                PatternScore(a.id, a.name, a.chinese, a.pinyin, a.value, a.count) for a in awards
            )
            total += sum(a.value for a in awards)
    comp = ruleset.compiled
    if best.plain:
        present = tuple(best.present)
        counted = comp.listings.get(present)
        if counted is None:
            counted = _listing(ruleset, best)[0]
            if len(comp.listings) >= _MEMO_LIMIT:
                comp.listings.clear()
            comp.listings[present] = counted
        superseded: tuple[Superseded, ...] = ()
    else:
        counted, superseded = _listing(ruleset, best)
    paid = comp.payments
    pay_key = 2 * total + self_drawn
    payments = paid.get(pay_key)
    if payments is None:
        payments = ruleset.payment(total, self_drawn)
        if len(paid) >= _MEMO_LIMIT:
            paid.clear()
        paid[pay_key] = payments
    result = _new_score(
        True, total, counted, superseded, best.top >= 0, payments, None,
        _groups(situation, best), opts.unit, best.subtotal, best.capped, bonuses,
    )
    if explain:
        return _explained(result, best, ruleset, explain)
    return result


_DECLARED_TEXT: dict[tuple[tuple[Tile, ...], bool], str] = {}
"""``declared chow 123m`` ... by (meld tiles, concealed flag), which fix the text; a few
hundred valid melds exist, and the memo is cleared past :data:`_MEMO_LIMIT` anyway."""
_MEMO_LIMIT = 4096
"""Bound of the scorer memos: cleared when they reach it."""


def _declared_text(meld: Meld) -> str:
    """``"declared " + meld.to_str()``, memoized."""
    key = (meld.tiles, meld.concealed)
    text = _DECLARED_TEXT.get(key)
    if text is None:
        if len(_DECLARED_TEXT) >= _MEMO_LIMIT:
            _DECLARED_TEXT.clear()
        text = _DECLARED_TEXT[key] = "declared " + meld.to_str()
    return text


def _groups(situation: Situation, outcome: _Outcome) -> tuple[str, ...]:
    """The text of the groups of the reading used (declared melds first)."""
    melds = situation.melds
    d = outcome.decomposition
    if d is not None:
        if melds:
            return (*map(_declared_text, melds), *map(_MELD_TEXT_OF, d[4]), _PAIR_TEXT[d[0]])
        return (*map(_MELD_TEXT_OF, d[4]), _PAIR_TEXT[d[0]])
    ctx = outcome.ctx
    if ctx.form is _PAIRS:
        return tuple(map(_PAIR_TEXT.__getitem__, ctx.pairs))
    if ctx.form is _ORPHANS:
        return ("orphans " + tiles_to_str(situation.concealed),)
    return tuple(_declared_text(m) for m in melds)


def _incomplete_reason(ruleset: Ruleset, has_melds: bool) -> str:
    forms = ruleset.options.forms
    shapes = []
    if forms & Form.STANDARD:
        shapes.append("four melds and a pair")
    if forms & Form.PAIRS and not has_melds:
        shapes.append("seven distinct pairs")
    if forms & Form.ORPHANS and not has_melds:
        shapes.append("thirteen orphans")
    if not shapes:
        return "incomplete hand: no winning form of this ruleset applies"
    joined = ", ".join(shapes[:-1]) + " or " + shapes[-1] if len(shapes) > 1 else shapes[0]
    return f"incomplete hand: not {joined}"


def _evaluate(
    ruleset: Ruleset,
    ctx: HandContext,
    decomposition: Reading | None,
    special: bool,
) -> _Outcome:
    """Ask every pattern about one reading; apply superseding, limits, the cap, eligibility."""
    comp = ruleset.compiled
    features = ctx.features
    plan = (comp.special_plans if special else comp.plans).get(features)
    if plan is None:
        plan = comp.plan(features, special)
    present: list[tuple[int, int]] = []
    mask = 0
    for i, predicate in plan:
        n = predicate(ctx)
        if n:
            present.append((i, n))
            mask |= 1 << i
    opts = ruleset.options
    values = comp.values
    superseded = 0
    reduced: dict[int, int] = _NO_REDUCTION
    top = -1
    capped = False
    if not mask & comp.unusual:
        # the common case: nothing supersedes, absorbs or limits; value × count each
        subtotal = 0
        for i, n in present:
            subtotal += values[i] * n
    else:
        live = mask
        if mask & comp.implying:
            implied = 0
            implies = comp.implies
            for i, _ in present:
                implied |= implies[i]
            superseded = implied & mask
            live = mask & ~superseded
        if live & comp.absorbing:
            reduced = {}
            have = dict(present)
            for i, n in present:
                if live >> i & 1:
                    for j, per in comp.absorbs[i]:
                        left = have.get(j, 0) - reduced.get(j, 0)
                        if left > 0 and live >> j & 1:
                            reduced[j] = reduced.get(j, 0) + min(left, per * n)
        amounts = comp.amounts
        limits = live & comp.limits
        if limits:
            best_value = -1
            for i, n in present:
                if limits >> i & 1:
                    amount = amounts[i]
                    value = values[i] * n if amount is None else amount(ctx, n)
                    if value > best_value:
                        top, best_value = i, value
            subtotal = best_value
        else:
            subtotal = 0
            for i, n in present:
                if live >> i & 1:
                    if reduced:
                        n -= reduced.get(i, 0)
                    amount = amounts[i]
                    subtotal += values[i] * n if amount is None else amount(ctx, n)
    total = subtotal
    cap = opts.max_value
    # a limit hand (top >= 0) is capped only where the ruleset says so (cap_limits)
    if cap is not None and subtotal > cap and (top < 0 or opts.cap_limits):
        total = cap
        capped = True

    eligible = True
    reason: str | None = None
    if opts.require_pattern and not mask & comp.qualifying:
        eligible = False
        if present:
            shown = ", ".join(ruleset.patterns[i].name for i, _ in present)
            which = "which does not qualify" if len(present) == 1 else "none of which qualifies"
            reason = f"complete hand but no qualifying pattern (only {shown}, {which})"
        else:
            reason = "complete hand but no qualifying pattern"
    elif total < opts.min_value:
        eligible = False
        reason = (
            f"the hand is worth {total} {ruleset.unit.value}, below the minimum "
            f"{opts.min_value}"
        )
    return _Outcome(ctx, decomposition, present, superseded, reduced, top, subtotal, total,
                    capped, eligible, reason, not mask & comp.unusual)


def _counted_entry(ruleset: Ruleset, ctx: HandContext, i: int, n: int) -> PatternScore:
    """The (memoized, immutable) PatternScore of pattern ``i`` counted ``n`` times."""
    comp = ruleset.compiled
    amount = comp.amounts[i]
    value = comp.values[i] * n if amount is None else amount(ctx, n)
    key = (i, n, value)
    memo = comp.memo
    entry = memo.get(key)
    if entry is None:
        if len(memo) >= _MEMO_LIMIT:
            memo.clear()
        p = ruleset.patterns[i]
        entry = memo[key] = PatternScore(p.id, p.name, p.chinese, p.pinyin, value, n)
    return entry


def _superseded_entry(ruleset: Ruleset, i: int, by: int, n: int) -> Superseded:
    """The (memoized, immutable) Superseded entry of pattern ``i``."""
    comp = ruleset.compiled
    key = (-1, i, by, n)
    memo = comp.memo
    entry = memo.get(key)
    if entry is None:
        if len(memo) >= _MEMO_LIMIT:
            memo.clear()
        p = ruleset.patterns[i]
        entry = memo[key] = Superseded(p.id, p.name, ruleset.patterns[by].id, n)
    return entry


def _listing(
    ruleset: Ruleset, outcome: _Outcome
) -> tuple[tuple[PatternScore, ...], tuple[Superseded, ...]]:
    """The counted and superseded entries of an evaluated reading, in ruleset order."""
    ctx = outcome.ctx
    sup = outcome.superseded
    top = outcome.top
    present = outcome.present
    if not sup and top < 0 and not outcome.reduced:
        comp = ruleset.compiled
        memo = comp.memo
        values = comp.values
        amounts = comp.amounts
        listed: list[PatternScore] = []
        for i, n in present:
            entry = memo.get((i, n, values[i] * n)) if amounts[i] is None else None
            listed.append(_counted_entry(ruleset, ctx, i, n) if entry is None else entry)
        return tuple(listed), ()
    implies = ruleset.compiled.implies
    counted: list[PatternScore] = []
    superseded: list[Superseded] = []
    for i, n in present:
        if sup >> i & 1:
            by = -1
            for j, _ in present:
                if implies[j] >> i & 1 and (by < 0 or not sup >> j & 1):
                    by = j
                    if not sup >> j & 1:
                        break
            superseded.append(_superseded_entry(ruleset, i, by, n))
        elif top >= 0:
            if i == top:
                counted.append(_counted_entry(ruleset, ctx, i, n))
            else:
                superseded.append(_superseded_entry(ruleset, i, top, n))
        else:
            taken = outcome.reduced.get(i, 0)
            if taken:
                absorbs = ruleset.compiled.absorbs
                by = next(j for j, _ in present if any(k == i for k, _ in absorbs[j]))
                superseded.append(_superseded_entry(ruleset, i, by, taken))
                n -= taken
            if n:
                counted.append(_counted_entry(ruleset, ctx, i, n))
    return tuple(counted), tuple(superseded)


def _explained(
    result: Score, outcome: _Outcome | None, ruleset: Ruleset, explain: bool
) -> Score | Explanation:
    if not explain:
        return result
    notes: list[PatternNote] = []
    counted: dict[str, PatternScore] = {}
    superseded: dict[str, Superseded] = {}
    present: dict[int, int] = {}
    if outcome is not None:
        listed, dropped = _listing(ruleset, outcome)
        counted = {p.id: p for p in listed}
        superseded = {s.id: s for s in dropped}
        present = dict(outcome.present)
    for i, pat in enumerate(ruleset.patterns):
        if pat.id in counted:
            entry = counted[pat.id]
            detail = f"×{entry.count}" if entry.count > 1 else ""
            if pat.id in superseded:  # partly absorbed (Flower Set took some Flower Tiles)
                detail = (detail + f"; part by {superseded[pat.id].by}").lstrip("; ")
            note = PatternNote(pat.id, pat.name, pat.chinese, pat.pinyin, "counted",
                               entry.value, detail)
        elif pat.id in superseded:
            assert outcome is not None
            value = pat.worth(outcome.ctx, present[i])
            note = PatternNote(pat.id, pat.name, pat.chinese, pat.pinyin, "superseded", value,
                               f"by {superseded[pat.id].by}")
        else:
            note = PatternNote(pat.id, pat.name, pat.chinese, pat.pinyin, "absent", 0,
                               pat.description)
        notes.append(note)
    return Explanation(result, tuple(notes))

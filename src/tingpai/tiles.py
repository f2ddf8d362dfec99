"""Tiles, melds and the one text notation of tingpai.

A tile is a small int (see DESIGN.md): 0-8 characters ``1m``-``9m``, 9-17 dots ``1p``-``9p``,
18-26 bamboo ``1s``-``9s``, 27-33 honours ``1z``-``7z`` (East, South, West, North, White,
Green, Red) and 34-41 bonus tiles ``1f``-``8f`` (plum, orchid, chrysanthemum, bamboo, spring,
summer, autumn, winter).  A concealed hand is a 34-count array.  Everything that reads or
writes tile text goes through :func:`parse_tiles` / :func:`tiles_to_str` and the meld
helpers here, so there is exactly one notation in the project.

>>> tiles_to_str(parse_tiles("3m 12m 7z"))
'123m7z'
>>> parse_tiles("🀄︎🀅🀆") == [RED, GREEN, WHITE]
True
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from tingpai.inputs import MAX_NOTATION, echo

Tile = int
"""A tile kind id, 0-41."""

Counts = list[int]
"""A 34-entry count array of tile kinds (bonus tiles are never counted in it)."""

NUM_KINDS = 34
"""Kinds that can stand in a hand: suited tiles and honours."""
NUM_TILE_IDS = 42
"""All tile ids, bonus tiles included."""

MAN, PIN, SOU, HONOR, FLOWER = 0, 1, 2, 3, 4
"""Suit indexes: characters, dots, bamboo, honours, bonus tiles."""
SUIT_LETTERS = "mpszf"

M1, M2, M3, M4, M5, M6, M7, M8, M9 = range(0, 9)
P1, P2, P3, P4, P5, P6, P7, P8, P9 = range(9, 18)
S1, S2, S3, S4, S5, S6, S7, S8, S9 = range(18, 27)
EAST, SOUTH, WEST, NORTH, WHITE, GREEN, RED = range(27, 34)
PLUM, ORCHID, CHRYSANTHEMUM, BAMBOO_FLOWER, SPRING, SUMMER, AUTUMN, WINTER = range(34, 42)

WINDS: tuple[Tile, ...] = (EAST, SOUTH, WEST, NORTH)
DRAGONS: tuple[Tile, ...] = (WHITE, GREEN, RED)
HONORS: tuple[Tile, ...] = WINDS + DRAGONS
TERMINALS: tuple[Tile, ...] = (M1, M9, P1, P9, S1, S9)
ORPHANS: tuple[Tile, ...] = TERMINALS + HONORS
"""The thirteen kinds of Thirteen Orphans."""
GREENS: frozenset[Tile] = frozenset({S2, S3, S4, S6, S8, GREEN})
"""The green tiles of All Green (RULES.md)."""
FLOWERS: tuple[Tile, ...] = (PLUM, ORCHID, CHRYSANTHEMUM, BAMBOO_FLOWER)
SEASONS: tuple[Tile, ...] = (SPRING, SUMMER, AUTUMN, WINTER)
BONUS_TILES: tuple[Tile, ...] = FLOWERS + SEASONS

WIND_LETTERS = "ESWN"
"""Wind letters used on the command line and in records (``E``, ``S``, ``W``, ``N``)."""

# Unicode Mahjong Tiles block: winds, then Red, Green, White, then characters, bamboo, dots,
# then plum, orchid, bamboo, chrysanthemum, spring .. winter.
_UNICODE_ORDER: tuple[Tile, ...] = (
    EAST, SOUTH, WEST, NORTH, RED, GREEN, WHITE,
    *range(M1, M9 + 1),
    *range(S1, S9 + 1),
    *range(P1, P9 + 1),
    PLUM, ORCHID, BAMBOO_FLOWER, CHRYSANTHEMUM, SPRING, SUMMER, AUTUMN, WINTER,
)
UNICODE_BASE = 0x1F000
_TILE_TO_CHAR: dict[Tile, str] = {t: chr(UNICODE_BASE + i) for i, t in enumerate(_UNICODE_ORDER)}
_CHAR_TO_TILE: dict[str, Tile] = {c: t for t, c in _TILE_TO_CHAR.items()}
VARIATION_SELECTOR_TEXT = "\ufe0e"
VARIATION_SELECTOR_EMOJI = "\ufe0f"

_ENGLISH_HONOR = ("East", "South", "West", "North", "White", "Green", "Red")
_ENGLISH_BONUS = (
    "Plum", "Orchid", "Chrysanthemum", "Bamboo", "Spring", "Summer", "Autumn", "Winter",
)
_ENGLISH_SUIT = ("Characters", "Dots", "Bamboo")


class InvalidNotation(ValueError):
    """Text that is not valid tile or meld notation; the message names what and where."""


class MeldKind(enum.Enum):
    """The kinds of declared or decomposed melds."""

    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"


@dataclass(frozen=True, slots=True)
class Meld:
    """A meld: a chow (three consecutive suited tiles), a pung or a kong.

    ``concealed`` is true for a concealed kong (and for melds found inside the concealed
    part by decomposition); ``claimed_from`` is the seat whose discard completed it, if any.
    """

    kind: MeldKind
    tiles: tuple[Tile, ...]
    concealed: bool = False
    claimed_from: int | None = None

    def __post_init__(self) -> None:
        validate_meld(self.kind, self.tiles)

    @property
    def first(self) -> Tile:
        """The lowest tile of the meld (its identity for chows, its kind for pungs and kongs)."""
        return self.tiles[0]

    @property
    def is_triplet(self) -> bool:
        """Pungs and kongs both count as triplets for triplet patterns."""
        return self.kind is not MeldKind.CHOW

    def to_str(self) -> str:
        """Record notation: ``chow 123m``, ``pung 555p``, ``kong 1111s``, ``ckong 7777z``."""
        word = "ckong" if self.kind is MeldKind.KONG and self.concealed else self.kind.value
        return f"{word} {tiles_to_str(self.tiles)}"

    @classmethod
    def from_str(cls, text: str) -> Meld:
        """Parse record notation (see :meth:`to_str`)."""
        return parse_meld(text)

    def __str__(self) -> str:
        return self.to_str()


def validate_meld(kind: MeldKind, tiles: Sequence[Tile]) -> None:
    """Raise :class:`InvalidNotation` unless ``tiles`` form a meld of ``kind``."""
    for t in tiles:
        if not 0 <= t < NUM_KINDS:
            name = tile_to_str(t) if 0 <= t < NUM_TILE_IDS else echo(t)
            raise InvalidNotation(f"meld tile {name} is not a suited or honour tile")
    if kind is MeldKind.CHOW:
        if len(tiles) != 3:
            raise InvalidNotation(
                f"chow {_meld_text(tiles)!r} must have three tiles, not {len(tiles)}"
            )
        ordered = sorted(tiles)
        a = ordered[0]
        if a >= EAST or a % 9 > 6 or ordered != [a, a + 1, a + 2]:
            raise InvalidNotation(
                f"chow {_meld_text(tiles)!r} is not three consecutive tiles of one suit"
            )
    else:
        size = 3 if kind is MeldKind.PUNG else 4
        if len(tiles) != size or len(set(tiles)) != 1:
            raise InvalidNotation(
                f"{kind.value} {_meld_text(tiles)!r} is not {size} identical tiles"
            )


def _meld_text(tiles: Sequence[Tile]) -> str:
    """The notation of a (bad) meld's tiles for a message, cut after eight tiles."""
    return tiles_to_str(tiles[:8]) + ("..." if len(tiles) > 8 else "")


def suit_of(tile: Tile) -> int:
    """The suit index (MAN, PIN, SOU, HONOR, FLOWER) of a tile."""
    return tile // 9 if tile < EAST else (HONOR if tile < PLUM else FLOWER)


def number_of(tile: Tile) -> int:
    """The number 1-9 of a suited tile, 1-7 of an honour, 1-8 of a bonus tile."""
    if tile < EAST:
        return tile % 9 + 1
    return tile - EAST + 1 if tile < PLUM else tile - PLUM + 1


def is_suited(tile: Tile) -> bool:
    """Characters, dots or bamboo."""
    return 0 <= tile < EAST


def is_honor(tile: Tile) -> bool:
    """Winds and dragons."""
    return EAST <= tile < PLUM


def is_terminal(tile: Tile) -> bool:
    """The 1 or 9 of a suit."""
    return tile < EAST and tile % 9 in (0, 8)


def is_orphan(tile: Tile) -> bool:
    """A terminal or an honour."""
    return is_terminal(tile) or is_honor(tile)


def is_bonus(tile: Tile) -> bool:
    """A flower or season tile."""
    return PLUM <= tile < NUM_TILE_IDS


def tile_name(tile: Tile) -> str:
    """English name, e.g. ``3 Dots``, ``Red``, ``Plum``."""
    if tile < EAST:
        return f"{number_of(tile)} {_ENGLISH_SUIT[suit_of(tile)]}"
    if tile < PLUM:
        return _ENGLISH_HONOR[tile - EAST]
    return _ENGLISH_BONUS[tile - PLUM]


def tile_to_str(tile: Tile) -> str:
    """Text notation of one tile, e.g. ``5p``, ``7z``, ``2f``."""
    if not 0 <= tile < NUM_TILE_IDS:
        raise InvalidNotation(f"tile id {echo(tile)} is out of range 0-41")
    return TILE_TEXT[tile]


TILE_TEXT: tuple[str, ...] = tuple(
    f"{number_of(t)}{SUIT_LETTERS[suit_of(t)]}" for t in range(NUM_TILE_IDS)
)
"""Each tile id's text notation, for hot loops that know their ids are in range (the
server writes every seat's view in it)."""
_TILE_DIGIT: tuple[str, ...] = tuple(text[0] for text in TILE_TEXT)
_TILE_SUIT: tuple[int, ...] = tuple(suit_of(t) for t in range(NUM_TILE_IDS))


def tile_to_unicode(tile: Tile) -> str:
    """The Unicode Mahjong Tiles character of one tile."""
    if not 0 <= tile < NUM_TILE_IDS:
        raise InvalidNotation(f"tile id {echo(tile)} is out of range 0-41")
    return _TILE_TO_CHAR[tile]


_SUIT_SIZE = {"m": 9, "p": 9, "s": 9, "z": 7, "f": 8}
_SUIT_BASE = {"m": 0, "p": 9, "s": 18, "z": 27, "f": 34}


def parse_tiles(text: str) -> list[Tile]:
    """Parse text or Unicode notation into a list of tiles, in the order written.

    Digits are followed by their suit letter (``123m``); spaces separate freely; Unicode
    tiles may be mixed in, with or without a variation selector.

    >>> parse_tiles("19m 5z")
    [0, 8, 31]

    Text longer than :data:`~tingpai.inputs.MAX_NOTATION` characters is refused before it
    is read (no hand, meld or wall needs more).
    """
    _check_length(text)
    out: list[Tile] = []
    pending: list[tuple[int, int]] = []  # (digit, position)
    for pos, ch in enumerate(text):
        if ch.isdigit() and ch.isascii():
            pending.append((int(ch), pos))
        elif ch in _SUIT_SIZE:
            if not pending:
                raise InvalidNotation(
                    f"suit letter {ch!r} at position {pos} has no digits before it"
                )
            for digit, dpos in pending:
                if not 1 <= digit <= _SUIT_SIZE[ch]:
                    raise InvalidNotation(
                        f"digit {digit!r} at position {dpos} is not a tile of suit {ch!r} "
                        f"(1-{_SUIT_SIZE[ch]})"
                    )
                out.append(_SUIT_BASE[ch] + digit - 1)
            pending = []
        elif ch in _CHAR_TO_TILE:
            if pending:
                raise InvalidNotation(
                    f"digits at position {pending[0][1]} have no suit letter before "
                    f"the Unicode tile at position {pos}"
                )
            out.append(_CHAR_TO_TILE[ch])
        elif ch in (VARIATION_SELECTOR_TEXT, VARIATION_SELECTOR_EMOJI):
            if pos == 0 or text[pos - 1] not in _CHAR_TO_TILE:
                raise InvalidNotation(
                    f"variation selector at position {pos} does not follow a Unicode tile"
                )
        elif ch.isspace() or ch == ",":
            if pending:
                raise InvalidNotation(
                    f"digits at position {pending[0][1]} have no suit letter "
                    f"(found {ch!r} at position {pos})"
                )
        else:
            raise InvalidNotation(f"unexpected character {ch!r} at position {pos}")
    if pending:
        raise InvalidNotation(
            f"digits at position {pending[0][1]} have no suit letter (text ended)"
        )
    return out


def _check_length(text: str) -> None:
    """Refuse notation that is not a string or is longer than
    :data:`~tingpai.inputs.MAX_NOTATION` characters."""
    if not isinstance(text, str):
        raise InvalidNotation(f"tile text must be a string, got {echo(text)}")
    if len(text) > MAX_NOTATION:
        raise InvalidNotation(
            f"tile text of {len(text):,} characters is too long (at most {MAX_NOTATION})"
        )


def parse_tile(text: str) -> Tile:
    """Parse exactly one tile."""
    tiles = parse_tiles(text)
    if len(tiles) != 1:
        raise InvalidNotation(f"expected exactly one tile, got {len(tiles)} in {echo(text)}")
    return tiles[0]


def tiles_to_str(tiles: Iterable[Tile], *, sort: bool = True) -> str:
    """Compact text notation: ``123m456p789s1122z``.

    With ``sort`` the tiles are ordered by id (the canonical form); without it each run of
    tiles of one suit is grouped as written.
    """
    seq = sorted(tiles) if sort else list(tiles)
    parts: list[str] = []
    cur_suit = -1
    for t in seq:
        if not 0 <= t < NUM_TILE_IDS:
            tile_to_str(t)  # raises, naming the tile id
        suit = _TILE_SUIT[t]
        if suit != cur_suit:
            if cur_suit >= 0:
                parts.append(SUIT_LETTERS[cur_suit])
            cur_suit = suit
        parts.append(_TILE_DIGIT[t])
    if cur_suit >= 0:
        parts.append(SUIT_LETTERS[cur_suit])
    return "".join(parts)


def tiles_to_unicode(tiles: Iterable[Tile], *, sort: bool = True) -> str:
    """Unicode notation; the Red dragon is followed by U+FE0E so it renders as a tile."""
    seq = sorted(tiles) if sort else list(tiles)
    return "".join(
        _TILE_TO_CHAR[t] + (VARIATION_SELECTOR_TEXT if t == RED else "") for t in seq
    )


def to_counts(tiles: Iterable[Tile]) -> Counts:
    """A 34-count array from suited and honour tiles (bonus tiles are rejected)."""
    counts = [0] * NUM_KINDS
    for t in tiles:
        if not 0 <= t < NUM_KINDS:
            raise InvalidNotation(f"{tile_to_str(t)} is a bonus tile and cannot be counted")
        counts[t] += 1
    return counts


def counts_to_tiles(counts: Sequence[int]) -> list[Tile]:
    """The sorted tile list of a count array."""
    return [t for t, n in enumerate(counts) for _ in range(n)]


def parse_counts(text: str) -> Counts:
    """Parse notation straight into a 34-count array, checking at most 4 of each kind."""
    counts = to_counts(parse_tiles(text))
    for t, n in enumerate(counts):
        if n > 4:
            raise InvalidNotation(f"{tile_to_str(t)} appears {n} times (at most 4)")
    return counts


def counts_to_str(counts: Sequence[int]) -> str:
    """Text notation of a count array (34 kinds, or 42 with the bonus tiles)."""
    size = len(counts)
    if size > NUM_TILE_IDS:
        return tiles_to_str(counts_to_tiles(counts))  # raises, naming the first bad tile id
    parts: list[str] = []
    for suit, (start, stop) in enumerate(_SUIT_SPANS):
        if start >= size:
            break
        digits = "".join(
            [_TILE_DIGIT[t] * n for t, n in enumerate(counts[start:stop], start) if n > 0]
        )
        if digits:
            parts.append(digits + SUIT_LETTERS[suit])
    return "".join(parts)


_SUIT_SPANS: tuple[tuple[int, int], ...] = ((0, 9), (9, 18), (18, 27), (EAST, PLUM),
                                            (PLUM, NUM_TILE_IDS))
"""The tile ids of each suit, in SUIT_LETTERS order."""


_MELD_WORDS = {
    "chow": (MeldKind.CHOW, False),
    "pung": (MeldKind.PUNG, False),
    "kong": (MeldKind.KONG, False),
    "ckong": (MeldKind.KONG, True),
}


def parse_meld(text: str, *, claimed_from: int | None = None) -> Meld:
    """Parse ``chow 123m`` / ``pung 555p`` / ``kong 1111s`` / ``ckong 7777z``.

    A bare group in brackets, e.g. ``[123m]`` or ``[5555p]``, is read as an exposed meld of
    the kind its shape implies (``[[7777z]]`` is a concealed kong).
    """
    _check_length(text)
    stripped = text.strip()
    if stripped.startswith("[[") and stripped.endswith("]]"):
        tiles = parse_tiles(stripped[2:-2])
        if len(tiles) != 4:
            raise InvalidNotation(f"concealed kong {echo(text)} must have four tiles")
        return Meld(MeldKind.KONG, tuple(sorted(tiles)), concealed=True)
    if stripped.startswith("[") and stripped.endswith("]"):
        tiles = sorted(parse_tiles(stripped[1:-1]))
        if len(tiles) == 4:
            kind = MeldKind.KONG
        elif len(tiles) == 3 and len(set(tiles)) == 1:
            kind = MeldKind.PUNG
        elif len(tiles) == 3:
            kind = MeldKind.CHOW
        else:
            raise InvalidNotation(f"meld {echo(text)} must have three or four tiles")
        return Meld(kind, tuple(tiles), claimed_from=claimed_from)
    word, _, rest = stripped.partition(" ")
    if word not in _MELD_WORDS:
        raise InvalidNotation(
            f"meld {echo(text)} must start with chow, pung, kong or ckong (got {echo(word)})"
        )
    kind, concealed = _MELD_WORDS[word]
    tiles = sorted(parse_tiles(rest))
    return Meld(kind, tuple(tiles), concealed=concealed, claimed_from=claimed_from)


def parse_hand(text: str) -> tuple[list[Tile], list[Meld], Tile | None]:
    """Parse the human hand form ``123s123p789p99p [123m] [[7777z]] +9p``.

    Returns (concealed tiles in the order written, melds, winning tile).  The winning tile,
    written after ``+``, is added to the concealed tiles (the scoring convention).

    >>> concealed, melds, win = parse_hand("123s123p789p9p [123m] +9p")
    >>> tiles_to_str(concealed), melds[0].kind.value, tile_to_str(win)
    ('12378999p123s', 'chow', '9p')
    """
    _check_length(text)
    concealed: list[Tile] = []
    melds: list[Meld] = []
    win: Tile | None = None
    i = 0
    n = len(text)
    while i < n:
        ch = text[i]
        if ch == "[":
            close = text.find("]]" if text.startswith("[[", i) else "]", i)
            if close < 0:
                raise InvalidNotation(f"unclosed '[' at position {i}")
            end = close + (2 if text.startswith("[[", i) else 1)
            melds.append(parse_meld(text[i:end]))
            i = end
        elif ch == "+":
            j = i + 1
            while j < n and text[j] not in " [":
                j += 1
            if win is not None:
                raise InvalidNotation(f"second winning tile at position {i}")
            try:
                win = parse_tile(text[i + 1 : j])
            except InvalidNotation as exc:
                raise InvalidNotation(f"winning tile after '+' at position {i}: {exc}") from None
            concealed.append(win)
            i = j
        else:
            j = i
            while j < n and text[j] not in "[+":
                j += 1
            try:
                concealed.extend(parse_tiles(text[i:j]))
            except InvalidNotation as exc:
                raise InvalidNotation(f"{exc} (in {echo(text[i:j])} at position {i})") from None
            i = j
    return concealed, melds, win


def wind_from_str(text: str) -> Tile:
    """``E``/``S``/``W``/``N`` (or ``1z``-``4z``) to a wind tile."""
    t = text.strip().upper()
    if len(t) == 1 and t in WIND_LETTERS:
        return EAST + WIND_LETTERS.index(t)
    try:
        tile = parse_tile(text)
    except InvalidNotation:
        raise InvalidNotation(f"wind {echo(text)} must be one of E, S, W, N") from None
    if tile not in WINDS:
        raise InvalidNotation(f"wind {echo(text)} must be one of E, S, W, N")
    return tile


def wind_to_str(wind: Tile) -> str:
    """A wind tile to its letter."""
    return WIND_LETTERS[wind - EAST]

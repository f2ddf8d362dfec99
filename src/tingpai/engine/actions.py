"""Player actions: frozen values that round-trip to the record notation.

An :class:`Action` is what one seat does: ``discard``, ``flower``, ``chow``, ``pung``,
``kong``, ``ckong``, ``akong``, ``ron``, ``tsumo`` or ``pass`` (DESIGN.md, "Game records").
Like python-chess ``Move.uci()`` / ``Move.from_uci()``, each action has a text form
(``to_str`` / ``from_str``) and a JSON form (``to_dict`` / ``from_dict``):

>>> a = Action.from_dict({"seat": 0, "do": "discard", "tile": "9m"})
>>> a.to_str()
'0 discard 9m'
>>> Action.from_str("1 chow 345m").to_dict()
{'seat': 1, 'do': 'chow', 'tiles': '345m'}

``penalty`` is not a player action: it is the host's heavy penalty, recorded in the same
list so a replay reproduces the scores.

Action index space
------------------
Every player action maps to one index of a fixed space of :data:`ACTION_SPACE_SIZE` (136)
entries, used by the legal action mask of an observation:

====================  ===========================================================
index                 action
====================  ===========================================================
0-33                  ``discard`` of tile kind *i*
34-41                 ``flower``: declare bonus tile *i* (``1f``-``8f``)
42-75                 ``ckong`` of kind *i - 42*
76-109                ``akong`` of kind *i - 76*
110-130               ``chow`` whose lowest tile is suit *s*, number *n* (1-7):
                      ``110 + 7*s + (n-1)``
131                   ``pung``
132                   ``kong`` (exposed, from a discard)
133                   ``ron``
134                   ``tsumo``
135                   ``pass``
====================  ===========================================================
"""

from __future__ import annotations

import enum
import operator
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from tingpai.inputs import echo, whole_number
from tingpai.tiles import (
    EAST,
    NUM_KINDS,
    NUM_TILE_IDS,
    InvalidNotation,
    Tile,
    parse_tile,
    parse_tiles,
    tile_to_str,
    tiles_to_str,
)


class ActionKind(enum.Enum):
    """What an action does; the value is the record word (``"do"``)."""

    DISCARD = "discard"
    FLOWER = "flower"
    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"
    CKONG = "ckong"
    AKONG = "akong"
    RON = "ron"
    TSUMO = "tsumo"
    PASS = "pass"
    PENALTY = "penalty"
    """Host action (heavy penalty); never among a seat's legal actions."""


TILE_KINDS: frozenset[ActionKind] = frozenset(
    {ActionKind.DISCARD, ActionKind.FLOWER, ActionKind.CKONG, ActionKind.AKONG}
)
"""Kinds that carry one ``tile``."""
CLAIM_KINDS: frozenset[ActionKind] = frozenset(
    {ActionKind.PASS, ActionKind.CHOW, ActionKind.PUNG, ActionKind.KONG, ActionKind.RON}
)
"""Kinds that answer a discard (or, for ``ron``/``pass``, a kong or flower being robbed)."""

ACTION_SPACE_SIZE = 136
"""Size of the fixed action index space (see the module docstring)."""
_CKONG_BASE = 42
_AKONG_BASE = 76
_CHOW_BASE = 110
PUNG_INDEX = 131
KONG_INDEX = 132
RON_INDEX = 133
TSUMO_INDEX = 134
PASS_INDEX = 135

_WORDS: dict[str, ActionKind] = {k.value: k for k in ActionKind}
_T = TypeVar("_T")


def _field_tiles(name: str, text: str, parse: Callable[[str], _T]) -> _T:
    """``parse(text)``, a notation error naming the action's field ``name``."""
    try:
        return parse(text)
    except InvalidNotation as exc:
        raise InvalidNotation(f"{name!r}: {exc}") from None


@dataclass(frozen=True, slots=True)
class Action:
    """One seat's action.

    ``tile`` is set for ``discard``, ``flower``, ``ckong`` and ``akong``; ``tiles`` (sorted,
    three tiles including the discard) for ``chow``; neither for the others.

    >>> Action.from_dict({"seat": 2, "do": "pung"}).to_dict()
    {'seat': 2, 'do': 'pung'}
    >>> Action.from_str("0 discard 9m").index
    8
    """

    seat: int
    kind: ActionKind
    tile: Tile | None = None
    tiles: tuple[Tile, ...] = ()

    def __post_init__(self) -> None:
        # numpy integers (a policy's argmax, an env's agent index) are taken as plain ints
        if type(self.seat) is not int:
            object.__setattr__(self, "seat", _plain_int(self.seat))
        if self.tile is not None and type(self.tile) is not int:
            object.__setattr__(self, "tile", _plain_int(self.tile))
        if type(self.seat) is not int or not 0 <= self.seat < 4:
            raise InvalidNotation(f"seat {echo(self.seat)} is not 0-3")
        if type(self.kind) is not ActionKind:
            raise InvalidNotation(
                f"action kind {echo(self.kind)} is not an ActionKind (the words: "
                f"{', '.join(_WORDS)} are read by Action.from_dict / from_str)"
            )
        if self.kind in TILE_KINDS:
            tile = self.tile
            if tile is None:
                raise InvalidNotation(f"{self.kind.value} needs a tile ('tile', e.g. '9m')")
            if type(tile) is not int or not 0 <= tile < NUM_TILE_IDS:
                raise InvalidNotation(f"{self.kind.value} tile {echo(tile)} is not a tile id")
        elif self.tile is not None:
            raise InvalidNotation(f"{self.kind.value} takes no tile")
        if self.kind is ActionKind.CHOW:
            t = self.tiles
            if type(t) is not tuple or len(t) != 3 or not (
                type(t[0]) is int and type(t[1]) is int and type(t[2]) is int
            ):
                t = _chow_ids(t)  # a list, numpy ids: a tuple of plain ints
                object.__setattr__(self, "tiles", t)
            if (
                len(t) != 3
                or not 0 <= t[0] < EAST
                or t[0] % 9 > 6
                or t != (t[0], t[0] + 1, t[0] + 2)
            ):
                raise InvalidNotation(
                    f"chow tiles {tiles_to_str(t)!r} are not three consecutive tiles "
                    "of one suit in order"
                )
        elif self.tiles:
            raise InvalidNotation(f"{self.kind.value} takes no tiles")
        elif type(self.tiles) is not tuple:  # an empty list: () keeps the action hashable
            object.__setattr__(self, "tiles", ())

    # -- text forms ------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The record form: ``{"seat": 0, "do": "discard", "tile": "9m"}``."""
        out: dict[str, Any] = {"seat": self.seat, "do": self.kind.value}
        if self.tile is not None:
            out["tile"] = tile_to_str(self.tile)
        if self.tiles:
            out["tiles"] = tiles_to_str(self.tiles)
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Action:
        """Parse the record form; raises :class:`InvalidNotation` naming what is wrong."""
        if not isinstance(data, Mapping):
            raise InvalidNotation(f"action {echo(data)} is not an object")
        seat = _plain_int(data.get("seat"))  # type: ignore[arg-type]
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise InvalidNotation(f"action {echo(dict(data))} has no integer 'seat'")
        word = data.get("do")
        if not isinstance(word, str) or word not in _WORDS:
            raise InvalidNotation(
                f"action {echo(dict(data))}: 'do' must be one of {', '.join(_WORDS)}"
            )
        kind = _WORDS[word]
        extra = set(data) - {"seat", "do", "tile", "tiles"}
        if extra:
            raise InvalidNotation(
                f"action {echo(dict(data))} has unknown keys {echo(sorted(extra, key=str))}"
            )
        tile: Tile | None = None
        tiles: tuple[Tile, ...] = ()
        try:
            if "tile" in data:
                if not isinstance(data["tile"], str):
                    raise InvalidNotation("'tile' must be a string")
                tile = _field_tiles("tile", data["tile"], parse_tile)
            if "tiles" in data:
                if not isinstance(data["tiles"], str):
                    raise InvalidNotation("'tiles' must be a string")
                tiles = tuple(sorted(_field_tiles("tiles", data["tiles"], parse_tiles)))
            return cls(seat, kind, tile, tiles)
        except InvalidNotation as exc:
            raise InvalidNotation(f"action {echo(dict(data))}: {exc}") from None

    def to_str(self) -> str:
        """Compact text: ``0 discard 9m``, ``1 chow 345m``, ``2 pung``."""
        parts = [str(self.seat), self.kind.value]
        if self.tile is not None:
            parts.append(tile_to_str(self.tile))
        if self.tiles:
            parts.append(tiles_to_str(self.tiles))
        return " ".join(parts)

    @classmethod
    def from_str(cls, text: str) -> Action:
        """Parse :meth:`to_str` output."""
        if not isinstance(text, str):
            raise InvalidNotation(f"action {echo(text)} is not a string")
        parts = text.split()
        if len(parts) not in (2, 3):
            raise InvalidNotation(f"action {echo(text)} is not 'SEAT WORD [TILES]'")
        if parts[0] not in ("0", "1", "2", "3"):
            raise InvalidNotation(f"action {echo(text)}: seat {echo(parts[0])} is not 0-3")
        word = parts[1]
        if word not in _WORDS:
            raise InvalidNotation(f"action {echo(text)}: unknown word {echo(word)}")
        kind = _WORDS[word]
        data: dict[str, Any] = {"seat": int(parts[0]), "do": word}
        if len(parts) == 3:
            data["tiles" if kind is ActionKind.CHOW else "tile"] = parts[2]
        return cls.from_dict(data)

    def __str__(self) -> str:
        return self.to_str()

    # -- index space -------------------------------------------------------------------

    @property
    def index(self) -> int:
        """This action's index in the fixed action space (independent of the seat).  An
        action that can be written but is never legal (discarding or konging a bonus tile,
        declaring a plain tile as a flower) has none: its slot is another action's."""
        k = self.kind
        tile = self.tile
        if k is ActionKind.DISCARD or k is ActionKind.FLOWER:
            assert tile is not None
            if (tile >= NUM_KINDS) is not (k is ActionKind.FLOWER):
                raise ValueError(f"{self.to_str()} is never legal and has no index: "
                                 "a flower is declared, every other tile discarded")
            return tile
        if k is ActionKind.CKONG or k is ActionKind.AKONG:
            assert tile is not None
            if tile >= NUM_KINDS:
                raise ValueError(f"{self.to_str()} is never legal and has no index: "
                                 "a bonus tile is declared, never konged")
            return (_CKONG_BASE if k is ActionKind.CKONG else _AKONG_BASE) + tile
        if k is ActionKind.CHOW:
            first = self.tiles[0]
            return _CHOW_BASE + 7 * (first // 9) + first % 9
        if k is ActionKind.PENALTY:
            raise ValueError("penalty is a host action and has no index")
        return _SIMPLE_INDEX[k]

    @classmethod
    def from_index(cls, seat: int, index: int) -> Action:
        """The action of ``seat`` at ``index`` (the inverse of :attr:`index`); any integer
        type will do for either (a numpy ``argmax``), not a bool.

        >>> Action.from_index(1, 8)
        Action(seat=1, kind=<ActionKind.DISCARD: 'discard'>, tile=8, tiles=())
        """
        seat, index = _plain_int(seat), _plain_int(index)
        if type(index) is not int:
            raise ValueError(f"action index {echo(index)} is not an integer")
        if not 0 <= index < ACTION_SPACE_SIZE:
            raise ValueError(f"action index {index} is outside 0-{ACTION_SPACE_SIZE - 1}")
        if index < NUM_KINDS:
            return cls(seat, ActionKind.DISCARD, index)
        if index < NUM_TILE_IDS:
            return cls(seat, ActionKind.FLOWER, index)
        if index < _AKONG_BASE:
            return cls(seat, ActionKind.CKONG, index - _CKONG_BASE)
        if index < _CHOW_BASE:
            return cls(seat, ActionKind.AKONG, index - _AKONG_BASE)
        if index < PUNG_INDEX:
            rel = index - _CHOW_BASE
            first = 9 * (rel // 7) + rel % 7
            return cls(seat, ActionKind.CHOW, tiles=(first, first + 1, first + 2))
        return cls(seat, _INDEX_SIMPLE[index])


def _chow_ids(tiles: object) -> tuple[Tile, ...]:
    """A chow's ``tiles`` given as another sequence (a list, numpy ids) as a tuple of plain
    ints; InvalidNotation when they are not tile ids."""
    try:
        ids = tuple(whole_number(t) for t in tiles)  # type: ignore[attr-defined]
    except TypeError:
        ids = (None,)
    if any(t is None for t in ids):
        raise InvalidNotation(
            f"chow tiles {echo(tiles)} must be tile ids (Action.from_dict / from_str read "
            "the notation)"
        )
    return ids  # type: ignore[return-value]


def _plain_int(value: int) -> int:
    """An integer of any type (numpy's) as a plain int; anything else (a bool, a string)
    unchanged, for the checks to refuse."""
    if type(value) is int or isinstance(value, bool):
        return value
    try:
        return operator.index(value)
    except TypeError:
        return value


_SIMPLE_INDEX: dict[ActionKind, int] = {
    ActionKind.PUNG: PUNG_INDEX,
    ActionKind.KONG: KONG_INDEX,
    ActionKind.RON: RON_INDEX,
    ActionKind.TSUMO: TSUMO_INDEX,
    ActionKind.PASS: PASS_INDEX,
}
_INDEX_SIMPLE: dict[int, ActionKind] = {v: k for k, v in _SIMPLE_INDEX.items()}


def action_mask(actions: tuple[Action, ...] | list[Action]) -> tuple[bool, ...]:
    """A fixed-size mask over the action index space: True where an action is legal."""
    mask = [False] * ACTION_SPACE_SIZE
    for a in actions:
        mask[a.index] = True
    return tuple(mask)


# Canonical action objects, so the hot path reuses instead of allocating.
_SIMPLE_CACHE: dict[tuple[int, ActionKind], Action] = {
    (s, k): Action(s, k) for s in range(4) for k in _SIMPLE_INDEX
}


def _per_seat(kind: ActionKind, tiles: range) -> tuple[tuple[Action | None, ...], ...]:
    return tuple(
        tuple(Action(s, kind, t) if t in tiles else None for t in range(NUM_TILE_IDS))
        for s in range(4)
    )


_BY_TILE: dict[ActionKind, tuple[tuple[Action | None, ...], ...]] = {
    ActionKind.DISCARD: _per_seat(ActionKind.DISCARD, range(NUM_KINDS)),
    ActionKind.CKONG: _per_seat(ActionKind.CKONG, range(NUM_KINDS)),
    ActionKind.AKONG: _per_seat(ActionKind.AKONG, range(NUM_KINDS)),
    ActionKind.FLOWER: _per_seat(ActionKind.FLOWER, range(NUM_KINDS, NUM_TILE_IDS)),
}


def simple(seat: int, kind: ActionKind) -> Action:
    """The shared ``pung``/``kong``/``ron``/``tsumo``/``pass`` action of a seat."""
    return _SIMPLE_CACHE[(seat, kind)]


def by_tile(kind: ActionKind, seat: int) -> tuple[Action, ...]:
    """The shared ``discard``/``ckong``/``akong`` (index: kind 0-33) or ``flower`` (index:
    bonus tile 34-41) actions of a seat, indexed by tile id (other entries are unusable)."""
    return _BY_TILE[kind][seat]  # type: ignore[return-value]


def with_tile(seat: int, kind: ActionKind, tile: Tile) -> Action:
    """The shared ``discard``/``flower``/``ckong``/``akong`` action of a seat."""
    a = _BY_TILE[kind][seat][tile]
    assert a is not None
    return a

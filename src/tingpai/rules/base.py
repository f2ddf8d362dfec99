"""The data a ruleset is made of: options, pattern definitions, payments.

A ruleset is data, not a subclass: :class:`RuleOptions` holds every table choice the engine
and scorer read (the same fields for every family, with per-family defaults), and
:class:`Ruleset` adds the ordered pattern list, the payment function and the policies of its
special mechanisms (:mod:`tingpai.rules.policies`).  The engine never asks which ruleset it
is playing; it reads these fields and calls those policies.

Options with a few named values are enums (:class:`MultipleWinners`, :class:`RepeatOnDraw`,
:class:`EarthBlessing`) whose values are the strings of the JSON ``options`` object and of
game records (``"all"``, ``"head_bump"``, ...); a ``RuleOptions`` built with such a string
holds the enum member.
"""

from __future__ import annotations

import copy
import enum
import operator
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from tingpai.analysis.forms import Form
from tingpai.tiles import Tile


class RuleError(ValueError):
    """An unknown ruleset id, an unknown option or a bad option value (named in the message)."""


class WinKind(enum.Enum):
    """How a hand ended for its winner(s); the engine's results use the same enum."""

    SELF_DRAW = "self-draw"
    DISCARD = "discard"
    ROBBING_KONG = "robbing-kong"
    EXHAUSTIVE_DRAW = "exhaustive-draw"
    EIGHT_IMMORTALS = "eight-immortals"
    TERMINAL_DISCARDS = "terminal-discards"


class MultipleWinners(enum.StrEnum):
    """Option ``multiple_winners``: who wins when several seats claim one discard."""

    ALL = "all"
    """Everyone who claims the win wins (Hu)."""
    HEAD_BUMP = "head_bump"
    """Only the first claimant in turn order after the discarder (Hong Kong)."""


class RepeatOnDraw(enum.StrEnum):
    """Option ``repeat_on_draw``: whether the dealer repeats after an exhaustive draw."""

    IF_READY = "if_ready"
    """When the dealer was ready (Hu)."""
    ALWAYS = "always"
    """Always (Hong Kong)."""


class EarthBlessing(enum.StrEnum):
    """Option ``blessing_of_earth``: which win Blessing of Earth is (the ruleset's blessing
    policy, :mod:`tingpai.rules.blessings`, follows it)."""

    FIRST_DRAW = "first_draw"
    """A non-dealer, ready after the deal, self-draws the win on its first draw (Hu)."""
    DEALER_FIRST_DISCARD = "dealer_first_discard"
    """A non-dealer wins on the dealer's first discard (Hong Kong)."""


class Blessing(enum.StrEnum):
    """A blessing a win carries (``Situation.blessing``, JSON ``"heaven"`` / ``"earth"``)."""

    HEAVEN = "heaven"
    EARTH = "earth"


_ENUM_OPTIONS: tuple[tuple[str, type[enum.StrEnum]], ...] = (
    ("multiple_winners", MultipleWinners),
    ("repeat_on_draw", RepeatOnDraw),
    ("blessing_of_earth", EarthBlessing),
)
"""``RuleOptions`` fields holding an enum, turned from their JSON string on construction."""


class Unit(enum.Enum):
    """What a pattern's value counts: Hu base points or Hong Kong fan."""

    POINTS = "points"
    FAN = "fan"


class ReadOnlyDict(dict[str, Any]):
    """A dict (JSON, pickle, ``==`` as one) that refuses to be changed: shared option
    data that one table changing would change for every table.

    >>> extra = ReadOnlyDict({"note": 1})
    >>> extra["note"] = 2
    Traceback (most recent call last):
    ...
    TypeError: a ruleset's options are read-only (dataclasses.replace makes a variant)
    """

    __slots__ = ()
    refusal = "a ruleset's options are read-only (dataclasses.replace makes a variant)"
    """The message of the TypeError a change raises (subclasses say what they hold)."""

    def _refuse(self, *args: object, **kwargs: object) -> None:
        raise TypeError(self.refusal)

    __setitem__ = __delitem__ = _refuse
    clear = pop = popitem = setdefault = update = _refuse  # type: ignore[assignment]
    __ior__ = _refuse  # type: ignore[assignment]

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (dict(self),))

    def __copy__(self) -> ReadOnlyDict:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> ReadOnlyDict:
        return type(self)(copy.deepcopy(dict(self), memo))


@dataclass(frozen=True)
class RuleOptions:
    """Every choice a table makes, read by the engine and the scorer.

    Family defaults are set by the registry; a host changes any of them by name through
    ``find_ruleset(id, **options)``.  Fields a family does not use keep neutral values.
    """

    players: int
    """Seats at the table: 4, 3 or 2."""
    seat_winds: tuple[Tile, ...]
    """Winds of seats 0.. in turn order at the game's first hand (E S W N, E S W, E S)."""
    tile_kinds: tuple[Tile, ...]
    """Kinds in the set; the wall holds four of each."""
    bonus_tiles: tuple[Tile, ...]
    """Flower and season tiles in the set (one each), empty for no flowers."""
    forms: Form
    """Winning forms allowed (standard, seven pairs, thirteen orphans)."""
    unit: Unit
    """Whether pattern values are base points (Hu) or fan (Hong Kong)."""
    start_points: int
    """Points each seat starts with."""
    pond_limit: int | None
    """Hu: the hand ends when any pond reaches this many tiles; None: ends when the wall does."""
    multiple_winners: MultipleWinners
    """``all``: everyone who claims a win on a discard wins; ``head_bump``: first in turn order."""
    furiten: bool
    """Sacred discard: no win by discard while a winning tile lies in one's own pond."""
    temporary_furiten: bool
    """Passing a winning discard bars discard wins until one's next discard."""
    min_value: int
    """Minimum points/fan to win (Hu: 0, its eligibility rule is a qualifying pattern)."""
    max_value: int | None
    """Cap on the total of non-limit patterns (Hu 8000 points, HK 10 fan, fan-laak none)."""
    ready_payment: int
    """Exhaustive draw: each not-ready seat pays this to each ready seat (Hu 1000)."""
    repeat_on_draw: RepeatOnDraw
    """Dealer after exhaustive draw: ``if_ready`` (Hu) or ``always`` (Hong Kong)."""
    max_repeats: int | None
    """Hu: the hand played at this repeat is the dealer's last (8); None: no cap."""
    repeat_bonus: int
    """Hu: 100 base points per dealer repeat to a winning dealer, outside the cap (the
    :class:`~tingpai.rules.bonuses.RepeatBonuses` policy)."""
    eighth_repeat_bonus: int
    """Hu: 4000 base points to every winner of the hand played at the max repeat, outside
    the cap."""
    rounds: int
    """Prevailing winds played: 2 (East, South) for Hu, 4 for Hong Kong."""
    early_finish: bool
    """Hu 2p: in the final dealership a dealer who wins and leads ends the game."""
    pao: bool
    """Hong Kong liability for the fourth declared meld / third dragon meld (the ruleset then
    plays the :class:`~tingpai.rules.liability.HongKongPao` policy)."""
    heavy_penalty: int
    """Hu: what an offender pays to each other seat on a heavy penalty (a host action)."""
    stake: int
    """Fan-laak settlement: money per point."""
    point_limit: int | None
    """Fan-laak: the game ends after a hand in which a seat's net points reach this."""
    payment_table: str
    """Name of the payment table (``hu``, ``half-spicy``, ``full-spicy``, ``golden``,
    ``fan-laak``, or a host table loaded from a file)."""
    extra: Mapping[str, Any] = field(default_factory=dict, hash=False)
    """Family-specific data that has no common meaning, held read-only (a
    :class:`ReadOnlyDict`): every table of a ruleset shares its options."""
    require_pattern: bool = True
    """A win needs at least one present pattern marked ``qualifies`` (Hu: anything but One
    Quad, Flower Tile and Flower Set).  A table where a Chicken Hand may win sets False."""
    discard_multiplier: Fraction = Fraction(1)
    """Multiplier-style payment tables (``hu``): what the discarder pays is the hand's value
    times this (Hu: 3 / 2.5 / 2 for 4 / 3 / 2 players); self-draw payers pay the value."""
    blessing_of_earth: EarthBlessing = EarthBlessing.FIRST_DRAW
    """What Blessing of Earth is: ``first_draw`` (Hu: a non-dealer, ready after the deal,
    self-draws the win on its first draw) or ``dealer_first_discard`` (Hong Kong: a
    non-dealer wins on the dealer's first discard).  Either way nobody may have called or
    declared a kong before."""
    payment_rows: FanRows | None = None
    """A host-supplied fan table (``payment_table`` gave the rows inline); when set it is
    the payment table and ``payment_table`` only records where it came from."""
    cap_limits: bool = False
    """Whether ``max_value`` caps a limit hand too: Hong Kong's "the score is capped at 10
    Fan" (so a host's lower ``max_fan`` caps every hand), where Hu's double to quadruple
    limits stand above its 8000 cap."""
    max_hands: int | None = None
    """Every table: the game ends after this many hands (counted from the match's start),
    whatever the rounds; None: no limit.  A Hong Kong dealer repeats on every exhaustive
    draw, so without a limit a game of draws never ends."""

    def __post_init__(self) -> None:
        if not isinstance(self.extra, ReadOnlyDict):
            if not isinstance(self.extra, Mapping):
                raise RuleError(f"option extra must be a mapping, got {self.extra!r}")
            object.__setattr__(self, "extra", ReadOnlyDict(self.extra))
        # An enum option given by its JSON string (e.g. ``dataclasses.replace(options,
        # multiple_winners="all")``) holds the enum member; an unknown string is an error.
        for name, kind in _ENUM_OPTIONS:
            value = getattr(self, name)
            if not isinstance(value, kind):
                try:
                    object.__setattr__(self, name, kind(value))
                except ValueError:
                    allowed = ", ".join(m.value for m in kind)
                    raise RuleError(
                        f"option {name} must be one of {allowed}, got {value!r}"
                    ) from None
        # A ruleset built in code (``dataclasses.replace(options, ...)``) skips the
        # registry's option checks: a wrong type is named here, not met as an IndexError
        # at the first hand or as a win that silently never qualifies.
        for name in _INT_OPTIONS:
            self._whole(name, optional=False)
        for name in _OPTIONAL_INT_OPTIONS:
            self._whole(name, optional=True)
        for name in _BOOL_OPTIONS:
            if not isinstance(getattr(self, name), bool):
                raise RuleError(f"option {name} must be True or False, got "
                                f"{getattr(self, name)!r}")
        if self.players not in (2, 3, 4):
            raise RuleError(f"option players must be 2, 3 or 4, got {self.players!r}")
        if len(self.seat_winds) != self.players:
            raise RuleError(f"option seat_winds must hold one wind per seat ({self.players}), "
                            f"got {len(self.seat_winds)}")
        if not 1 <= self.rounds <= 4:
            raise RuleError(f"option rounds must be 1-4 (prevailing winds E to N), got "
                            f"{self.rounds}")

    def _whole(self, name: str, *, optional: bool) -> None:
        """Hold option ``name`` as a plain int (numpy's integers too); RuleError naming it
        when it is no whole number (or, unless ``optional``, None)."""
        value = getattr(self, name)
        if value is None and optional:
            return
        if type(value) is int:
            return
        number = None
        if not isinstance(value, bool):
            try:
                number = operator.index(value)
            except TypeError:
                number = None
        if number is None:
            what = "a whole number or None" if optional else "a whole number"
            raise RuleError(f"option {name} must be {what}, got {value!r}")
        object.__setattr__(self, name, number)


_INT_OPTIONS = (
    "players", "start_points", "min_value", "ready_payment", "repeat_bonus",
    "eighth_repeat_bonus", "rounds", "heavy_penalty", "stake",
)
"""``RuleOptions`` fields that hold a whole number."""
_OPTIONAL_INT_OPTIONS = ("pond_limit", "max_value", "max_repeats", "point_limit", "max_hands")
"""``RuleOptions`` fields that hold a whole number or None."""
_BOOL_OPTIONS = (
    "furiten", "temporary_furiten", "early_finish", "pao", "require_pattern", "cap_limits",
)
"""``RuleOptions`` fields that hold True or False."""


@dataclass(frozen=True)
class FanRows:
    """A host-supplied Hong Kong payment table, one row per fan count, validated.

    ``rows`` are ``(fan, discard, self_draw, others)``: what the discarder pays, what each
    loser pays on self-draw, and what each non-discarding loser pays on a discard win (None:
    nothing, the usual Hong Kong split).  A hand worth more fan than the last row pays the
    last row (the limit).
    """

    source: str
    """The table's ``name`` if it gives one, else ``inline``, for messages."""
    rows: tuple[tuple[int, int, int, int | None], ...]
    """Sorted by fan, consecutive, no duplicates."""


@dataclass(frozen=True)
class Payments:
    """What each loser pays a winner, by the DESIGN.md keys.

    ``discarder``: what the discarder pays on a discard win; ``others``: what each
    non-discarding loser pays (fan-laak only); ``each``: what every loser pays on self-draw.
    Keys that do not apply are None and are left out of JSON.
    """

    discarder: int | None = None
    others: int | None = None
    each: int | None = None

    def as_dict(self) -> dict[str, int]:
        """The JSON form: only the keys that apply."""
        out: dict[str, int] = {}
        if self.discarder is not None:
            out["discarder"] = self.discarder
        if self.others is not None:
            out["others"] = self.others
        if self.each is not None:
            out["each"] = self.each
        return out

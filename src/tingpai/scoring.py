"""Scoring: ``score(situation, ruleset) -> Score``, pure and without I/O.

The input mirrors the ``tingpai score --json`` contract of DESIGN.md; the output carries
every pattern counted, every pattern superseded (and by what), the total, the payments and
the decomposition used.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tingpai.rules.base import Payments, WinKind
from tingpai.tiles import EAST, Meld, Tile


@dataclass(frozen=True)
class Situation:
    """Everything the scorer needs to know about one winning hand.

    ``concealed`` holds every concealed tile including the winning tile (not concealed
    kongs, which are in ``melds`` with ``concealed=True``).
    """

    concealed: tuple[Tile, ...]
    win_tile: Tile
    melds: tuple[Meld, ...] = ()
    win: WinKind = WinKind.DISCARD
    """SELF_DRAW, DISCARD or ROBBING_KONG (robbing is also flagged by ``robbing_kong``)."""
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

    @property
    def self_drawn(self) -> bool:
        """True for a win on one's own draw."""
        return self.win is WinKind.SELF_DRAW

    @property
    def dealer(self) -> bool:
        """The dealer is the seat whose wind is East."""
        return self.seat_wind == EAST


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


@dataclass(frozen=True)
class Superseded:
    """A pattern that was present but not counted, and the pattern that implies it."""

    id: str
    name: str
    by: str
    """The id of the pattern (or limit hand / cap) that superseded it."""


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
    """The groups of the decomposition used, in notation (``pung 555p``, ``pair 99p``, ...)."""

"""Hand results: how a hand ended, who won with what score, and what each seat paid."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

from tingpai.rules.base import WinKind
from tingpai.scoring import Score
from tingpai.tiles import Tile, tile_to_str


class Phase(enum.Enum):
    """The phase of a hand (DESIGN.md, "The engine's flow")."""

    TURN = "turn"
    """One seat holds 14 tiles (melds counted as 3) and must discard, declare or win."""
    CLAIMS = "claims"
    """Every other seat answers a discard: pass, chow, pung, kong or ron."""
    ROBBING = "robbing"
    """Others may only ron or pass: an added kong (Robbing the Kong) or a declared flower
    (Eight Immortals)."""
    ENDED = "ended"
    """The hand is over; :attr:`Hand.result` holds the result."""


@dataclass(frozen=True)
class Winner:
    """One winner of a hand."""

    seat: int
    kind: WinKind
    """How it was won: SELF_DRAW, DISCARD, ROBBING_KONG, EIGHT_IMMORTALS (any of its four
    forms) or TERMINAL_DISCARDS."""
    score: Score
    win_tile: Tile | None
    """The winning tile (None for wins at exhaustive draw)."""
    payer: int | None
    """The seat paying alone as discarder (discarder, robbed konger, flower declarer), or
    None when paid as self-draw."""
    deltas: tuple[int, ...]
    """Per-seat net change caused by this win."""

    def to_json(self) -> dict[str, Any]:
        """``{seat, total, patterns}`` as in the replay contract (patterns as in the score
        contract: ``{id, name, chinese, pinyin, value, count}``), plus how it was won."""
        return {
            "seat": self.seat,
            "total": self.score.total,
            "patterns": [p.to_json() for p in self.score.patterns],
            "win": self.kind.value,
            "tile": None if self.win_tile is None else tile_to_str(self.win_tile),
            "from": self.payer,
        }


@dataclass(frozen=True)
class HandResult:
    """How one hand ended.

    ``end`` is the hand's ending: the first winner's kind, or EXHAUSTIVE_DRAW when nobody
    won.  ``deltas`` are the settlement of the hand (wins or ready-hand payments); heavy
    penalties are reported separately by :attr:`Hand.deltas`.
    """

    end: WinKind
    winners: tuple[Winner, ...]
    deltas: tuple[int, ...]
    ready: tuple[bool, ...] | None
    """At exhaustive draw: which seats were ready (None when the hand was won by a call
    or self-draw during play)."""
    exhaustive: bool
    """The hand reached exhaustive draw (a pond limit or the end of the wall), with or
    without wins at the draw (Eight Immortals, All Terminal and Honor Discards)."""
    dealer: int
    """The hand's dealer."""

    @property
    def is_draw(self) -> bool:
        """Nobody won."""
        return not self.winners

    @property
    def winner_seats(self) -> tuple[int, ...]:
        """Seats of the winners, in the order they were settled."""
        return tuple(w.seat for w in self.winners)

    @property
    def dealer_won(self) -> bool:
        """The dealer is among the winners."""
        return any(w.seat == self.dealer for w in self.winners)

    @property
    def dealer_ready(self) -> bool:
        """At exhaustive draw, the dealer was ready."""
        return bool(self.ready and self.ready[self.dealer])

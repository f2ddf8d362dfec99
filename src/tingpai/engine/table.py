"""The table state of one hand: :class:`Table`, the base of :class:`~tingpai.engine.Hand`.

Tiles and piles (each seat's concealed counts, melds, declared flowers, pond and which of
its discards were called), the wall and its two pointers (draws from the head, replacement
tiles from the tail), the census of where every tile is, and what is derived from the
tiles and kept up to date for the hot path: each seat's waits (computed on demand, dropped
when its tiles change), the tiles every seat can see (:attr:`Observation.visible`), the
discards left before a pond limit.  It also builds the scorer's
:class:`~tingpai.scoring.Situation` of a seat's win from this state.

The read-only views here (:meth:`holds`, :meth:`flowers`, :meth:`pond`, :meth:`called`,
:meth:`melds`, :attr:`calls_made`, :attr:`players`, :attr:`dealer`) are the
:class:`~tingpai.rules.policies.TableView` the ruleset's policies read.

Rulings implemented here:

* Ready (RULES.md): some kind completes the hand structurally, not counting a kind whose
  four tiles are all in the seat's own hand and melds; a hand holding an undeclared flower
  is neither complete nor ready.
* A special win (Eight Immortals, All Terminal and Honor Discards) counts the bonus tiles
  the winner holds undeclared as declared.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from tingpai.analysis import waits
from tingpai.analysis.forms import Form
from tingpai.engine.wall import HAND_SIZE, check_wall, wall_tiles
from tingpai.inputs import MAX_INT, echo, whole_number
from tingpai.rules.base import WinKind
from tingpai.rules.policies import SpecialWin
from tingpai.rules.ruleset import Ruleset
from tingpai.scoring import Situation
from tingpai.tiles import (
    EAST,
    NUM_KINDS,
    NUM_TILE_IDS,
    WINDS,
    Meld,
    Tile,
    counts_to_str,
)


class ClaimKind(enum.Enum):
    """What the tile others may answer is."""

    DISCARD = "discard"
    KONG = "kong"
    """A tile added to an exposed pung (Robbing the Kong)."""
    FLOWER = "flower"
    """A declared flower a special-win policy made claimable (Eight Immortals)."""


@dataclass(slots=True)
class Claimable:
    """The tile others may answer in CLAIMS / ROBBING; never changed once made.

    A slotted, non-frozen dataclass: the hand makes one per discard and reads its fields
    often, and both are several times faster than with a frozen dataclass or a named tuple.
    """

    seat: int
    """Discarder, konger or flower declarer."""
    tile: Tile
    kind: ClaimKind
    last: bool = False
    """The last discard of the hand (pond limit reached or wall empty): passed, the hand
    ends."""
    final: bool = False
    """The discard reached a pond limit: it can only be won on, no other call.  A discard
    made with the wall empty (tables without a pond limit) may still be claimed; the hand then
    ends when a draw is due."""
    special: SpecialWin[Any] | None = None
    """The policy that made a declared flower claimable (``kind`` FLOWER)."""
    last_tile: bool = False
    """A win on it scores Winning on the Last Discard / Last Tile: the discard that reached a
    pond limit, or the discard that follows the wall's last tile (seed 002: "the very last
    tile or the following discard"), not a later one made after a claim of it."""


class Table:
    """Tiles, piles, wall pointers and the per-seat caches of one hand, dealt but not yet
    played (the deal's draws are the phase machine's).

    The wall must be a permutation of the ruleset's set (checked) and long enough to deal;
    ``dealer`` a seat, ``round_wind`` a wind tile and ``repeats`` a non-negative integer
    (checked: ValueError naming the argument).
    """

    _LISTS: ClassVar[tuple[str, ...]] = (
        "_held_bonus", "_melds", "_flowers", "_ponds", "_called", "_from_draw", "_sizes",
        "_waits", "_seen", "_temp_furiten", "_chain",
    )
    """Mutable list attributes whose items are immutable: a shallow copy each (see
    :meth:`Hand.copy`); ``_counts`` (lists of counts) is copied one level deeper."""

    def __init__(
        self,
        ruleset: Ruleset,
        wall: Sequence[Tile],
        dealer: int,
        round_wind: Tile,
        repeats: int,
    ) -> None:
        opts = ruleset.options
        n = opts.players
        # Any integer type will do (a seat or a wind drawn by numpy), held as a plain int.
        number = whole_number(dealer)
        if number is None or not 0 <= number < n:
            raise ValueError(f"dealer {dealer!r} is not a seat of a {n}-player table")
        dealer = number
        number = whole_number(round_wind)
        if number is None or number not in WINDS:
            raise ValueError(f"round_wind {round_wind!r} is not a wind tile (E, S, W or N)")
        round_wind = number
        number = whole_number(repeats)
        if number is None or number < 0:
            raise ValueError(f"repeats {repeats!r} is not a non-negative integer")
        repeats = number
        top = MAX_INT if opts.max_repeats is None else opts.max_repeats
        if repeats > top:  # the scorer would refuse every dealer win of the hand
            what = "beyond 1e+15" if opts.max_repeats is None else f"more than max_repeats {top}"
            raise ValueError(f"repeats {echo(repeats)} is {what} at {ruleset.id}")
        self.ruleset = ruleset
        self.options = opts
        self.players = n
        self.wall: tuple[Tile, ...] = wall_tiles(wall)
        check_wall(ruleset, self.wall)
        if len(self.wall) < HAND_SIZE * n + 1:
            raise ValueError(f"a wall of {len(self.wall)} tiles is too short to deal")
        self.dealer = dealer
        self.round_wind = round_wind
        self.repeats = repeats
        self.seat_winds: tuple[Tile, ...] = tuple(
            opts.seat_winds[(s - dealer) % n] for s in range(n)
        )
        self._forms = opts.forms
        self._std = opts.forms & Form.STANDARD
        self._limit = opts.pond_limit
        self._bonus: tuple[Tile, ...] = tuple(opts.bonus_tiles)
        policies = ruleset.policies
        self._specials: tuple[SpecialWin[Any], ...] = policies.special_wins
        self._turn_specials: tuple[tuple[int, SpecialWin[Any]], ...] = tuple(
            (i, p) for i, p in enumerate(self._specials) if p.has_turn_wins
        )
        """The special-win policies with turn wins, with their index in ``_specials``."""
        self._liability = policies.liability
        self._blessings = policies.blessings

        self._counts: list[list[int]] = [[0] * NUM_TILE_IDS for _ in range(n)]
        self._held_bonus: list[int] = [0] * n
        # Public piles are tuples replaced on change, so observations share them.
        self._melds: list[tuple[Meld, ...]] = [()] * n
        self._flowers: list[tuple[Tile, ...]] = [()] * n
        self._ponds: list[tuple[Tile, ...]] = [()] * n
        self._called: list[tuple[bool, ...]] = [()] * n
        self._from_draw: list[tuple[bool, ...]] = [()] * n
        self._sizes: list[int] = [0] * n
        self._waits: list[frozenset[Tile] | None] = [None] * n
        """Per seat: its waits, computed on demand and dropped when its tiles change."""
        self._draw_waits: frozenset[Tile] | None = None
        """The drawing seat's waits just before its last draw, when they were known (a
        drawn tile outside them cannot complete the hand, so no analysis is needed)."""
        self._seen: list[int] = [0] * NUM_KINDS
        """Every seat's uncalled pond tiles and meld tiles, kept up to date for
        :attr:`Observation.visible`."""
        self._pond_left: tuple[int, ...] | None = (
            (self._limit,) * n if self._limit is not None else None
        )
        """Per seat: discards left before the pond limit (None: no limit), as observed."""
        self._temp_furiten: list[bool] = [False] * n
        self._head = 0
        self._tail = len(self.wall) - 1
        self._drawn: Tile | None = None
        """The tile the seat to play drew this turn (None after a claim or a declaration)."""
        self._chain: list[str] = []
        """The consecutive replacement draws (``"kong"``/``"flower"``) behind ``_drawn``."""
        self._took_last = False
        """The seat to play drew the wall's last tile in this turn: its discard is the one
        that follows the last tile."""
        self._calls = False
        """Somebody made a call or declared a kong (denies the blessings)."""
        self._kong_meld: int = -1
        """Index of the pung an added kong is being made of."""
        self._robbed: Tile | None = None
        """The tile of an added kong while others may rob it (in the census)."""

    def _seat_of(self, seat: object) -> int:
        """``seat`` as a plain int (any integer type but bool, e.g. numpy's), or a
        ValueError naming it when it is not a seat at this table."""
        index = whole_number(seat)
        if index is not None and 0 <= index < self.players:
            return index
        raise ValueError(f"seat {echo(seat)} is not a seat of this {self.players}-player table")

    # ------------------------------------------------------------------ public views

    @property
    def wall_left(self) -> int:
        """Tiles left in the wall."""
        return self._tail - self._head + 1

    @property
    def calls_made(self) -> bool:
        """Somebody has made a call (chow, pung, kong) or declared a kong this hand."""
        return self._calls

    def concealed(self, seat: int) -> list[int]:
        """A copy of the seat's concealed 42-count array (bonus tiles at 34-41)."""
        return list(self._counts[seat])

    def holds(self, seat: int, tile: Tile) -> int:
        """How many of ``tile`` the seat holds concealed (bonus tiles included)."""
        return self._counts[seat][tile]

    def melds(self, seat: int) -> tuple[Meld, ...]:
        """The seat's declared melds."""
        return self._melds[seat]

    def pond(self, seat: int) -> tuple[Tile, ...]:
        """The seat's pond in order, called tiles included."""
        return self._ponds[seat]

    def called(self, seat: int) -> tuple[bool, ...]:
        """Parallel to :meth:`pond`: whether each discard was called by another seat."""
        return self._called[seat]

    def flowers(self, seat: int) -> tuple[Tile, ...]:
        """The seat's declared bonus tiles."""
        return self._flowers[seat]

    def census(self) -> list[int]:
        """Where every tile is, as a 42-count array: wall, hands, melds, uncalled pond
        tiles, declared flowers and a robbed kong tile.  Always equals the full set."""
        total = [0] * NUM_TILE_IDS
        for t in self.wall[self._head : self._tail + 1]:
            total[t] += 1
        for s in range(self.players):
            for t, c in enumerate(self._counts[s]):
                total[t] += c
            for m in self._melds[s]:
                for t in m.tiles:
                    total[t] += 1
            for t, called in zip(self._ponds[s], self._called[s], strict=True):
                if not called:
                    total[t] += 1
            for t in self._flowers[s]:
                total[t] += 1
        if self._robbed is not None:
            total[self._robbed] += 1
        return total

    def is_ready(self, seat: int) -> bool:
        """Ready (RULES.md): some kind completes the hand structurally, not counting a
        kind whose four tiles are all in the seat's own hand and melds; a hand holding an
        undeclared flower is not ready.  Meaningful between turns (13 tiles)."""
        if self._held_bonus[seat]:
            return False
        c = self._counts[seat]
        if sum(c[:NUM_KINDS]) % 3 != 1:
            return False
        own = c[:NUM_KINDS]
        for m in self._melds[seat]:
            for t in m.tiles:
                own[t] += 1
        return any(own[t] < 4 for t in self._waits_of(seat))

    def is_furiten(self, seat: int) -> bool:
        """Whether sacred discard bars the seat from winning by discard now."""
        return self._furiten_tile(seat) is not None or (
            self.options.temporary_furiten and self._temp_furiten[seat]
        )

    # ------------------------------------------------------------------ tiles

    def _add(self, s: int, t: Tile) -> None:
        self._counts[s][t] += 1
        self._sizes[s] += 1
        if t >= NUM_KINDS:
            self._held_bonus[s] += 1
        self._waits[s] = None

    def _remove(self, s: int, t: Tile, n: int = 1) -> None:
        self._counts[s][t] -= n
        self._sizes[s] -= n
        if t >= NUM_KINDS:
            self._held_bonus[s] -= n
        self._waits[s] = None

    def _waits_of(self, s: int) -> frozenset[Tile]:
        w = self._waits[s]
        if w is None:
            c = self._counts[s]
            if self._held_bonus[s] or sum(c[:NUM_KINDS]) % 3 != 1:
                w = frozenset()
            else:
                forms = self._std if self._melds[s] else self._forms
                w = frozenset(waits(c[:NUM_KINDS], forms))
            self._waits[s] = w
        return w

    def _furiten_tile(self, s: int) -> Tile | None:
        """A tile of the seat's pond that would complete its hand, if sacred discard applies."""
        if not self.options.furiten:
            return None
        w = self._waits_of(s)
        if not w:
            return None
        for t in self._ponds[s]:
            if t in w:
                return t
        return None

    def _hand_text(self, s: int) -> str:
        return counts_to_str(self._counts[s][:NUM_KINDS])

    def _missing_flowers_held(self, s: int) -> tuple[Tile, ...]:
        """Bonus tiles the seat holds undeclared (declared at once by a special win)."""
        c = self._counts[s]
        return tuple(f for f in self._bonus if c[f])

    # ------------------------------------------------------------------ situations

    @property
    def _eighth_repeat(self) -> bool:
        mr = self.options.max_repeats
        return mr is not None and self.repeats >= mr

    def _situation(
        self,
        s: int,
        win_tile: Tile,
        extra: Tile | None,
        win: WinKind,
        *,
        replacements: tuple[str, ...] = (),
        robbing_kong: bool = False,
        last_tile: bool = False,
        blessing: str | None = None,
    ) -> Situation:
        """The scorer's view of seat ``s`` winning on ``win_tile`` (``extra``: a tile from
        outside its hand completing it)."""
        c = self._counts[s]
        concealed = [t for t in range(NUM_KINDS) for _ in range(c[t])]
        if extra is not None:
            concealed.append(extra)
            concealed.sort()
        dealer = s == self.dealer
        return Situation(
            concealed=tuple(concealed),
            win_tile=win_tile,
            melds=self._melds[s],
            win=win,
            seat_wind=self.seat_winds[s],
            round_wind=self.round_wind,
            flowers=self._flowers[s],
            dealer_repeats=self.repeats if dealer else 0,
            eighth_repeat=self._eighth_repeat,
            replacements=replacements,
            robbing_kong=robbing_kong,
            last_tile=last_tile,
            blessing=blessing,
        )

    def _last_draw(self, s: int) -> bool:
        """Whether a self-draw by seat ``s`` now is on the last tile (Hu: its pond one short
        of the limit; every table: the wall empty), which scores the Last Tile pattern."""
        return (self._limit is not None and len(self._ponds[s]) == self._limit - 1) or (
            self.wall_left == 0
        )

    def _special_situation(self, s: int, special: str, *, self_drawn: bool) -> Situation:
        """The scorer's view of a special win (pattern ``special``) of seat ``s``."""
        c = self._counts[s]
        concealed = tuple(t for t in range(NUM_KINDS) for _ in range(c[t]))
        dealer = s == self.dealer
        return Situation(
            concealed=concealed,
            win_tile=concealed[-1] if concealed else EAST,
            melds=self._melds[s],
            win=WinKind.SELF_DRAW if self_drawn else WinKind.DISCARD,
            seat_wind=self.seat_winds[s],
            round_wind=self.round_wind,
            flowers=self._flowers[s] + self._missing_flowers_held(s),
            dealer_repeats=self.repeats if dealer else 0,
            eighth_repeat=self._eighth_repeat,
            special=special,
        )

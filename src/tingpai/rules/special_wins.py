"""Hu's special wins as policies (:class:`~tingpai.rules.policies.SpecialWin`).

Eight Immortals (八仙过海, pattern ``eight_immortals``, limit; RULES.md) on a table with
bonus tiles, in its four forms:

1. Declaring the last bonus tile with all the others declared by oneself wins at once, paid
   as self-draw; written ``tsumo`` or ``flower`` of that tile.
2. Holding all but one declared at exhaustive draw while the last is still in the wall wins,
   paid as self-draw; if another player holds it undeclared, nothing is scored and the draw
   stands.
3. With all but one declared, another player declares the last: a win by discard that player
   pays, written ``ron`` while the flower is claimable (phase ROBBING); passed, the declarer
   draws its replacement.
4. With all but two declared, another player declares the next to last (nobody holding the
   last undeclared) and this player draws the last before that player's next turn: a win by
   discard, the declarer of the next to last pays.  Won in the turn it is drawn (a discard
   gives it up), written ``ron``, ``tsumo`` or ``flower`` of that tile.

The winner's undeclared bonus tiles count as declared, and the hand need not be complete.

All Terminal and Honor Discards (么九池, pattern ``terminal_discards``, 4000): at exhaustive
draw, a player whose non-empty pond holds only terminals and honours, none called by
others, wins, paid as self-draw.

Wins at exhaustive draw replace the ready-hand payments of that draw and count as wins for
the dealer's rotation; a seat qualifying for both scores Eight Immortals only.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import ClassVar

from tingpai.rules.base import WinKind
from tingpai.rules.policies import SpecialWin, TableView, TurnWin
from tingpai.tiles import Tile, is_orphan


@dataclass(frozen=True, slots=True)
class Window:
    """Eight Immortals form 4 is open: ``declarer`` declared the next to last bonus tile,
    ``seat`` holds all but two; ``ready`` once ``seat`` has drawn the last one."""

    declarer: int
    seat: int
    ready: bool = False


@dataclass(frozen=True)
class EightImmortals(SpecialWin[Window]):
    """Eight Immortals over a set's bonus tiles (at least two)."""

    bonus_tiles: tuple[Tile, ...]
    _all_but_one: int = field(init=False, repr=False, compare=False)

    pattern: ClassVar[str] = "eight_immortals"
    kind: ClassVar[WinKind] = WinKind.EIGHT_IMMORTALS
    name: ClassVar[str] = "Eight Immortals"
    turn_ron_rule: ClassVar[str | None] = (
        "only Eight Immortals after drawing the last flower within the go-around after "
        "another seat declared the 7th"
    )

    def __post_init__(self) -> None:
        if len(self.bonus_tiles) < 2:
            raise ValueError("Eight Immortals needs at least two bonus tiles")
        object.__setattr__(self, "_all_but_one", len(self.bonus_tiles) - 1)

    def scoring_problem(self, flowers: tuple[Tile, ...]) -> str | None:
        """Every form leaves the winner with all the bonus tiles but at most one."""
        own = sum(1 for f in set(flowers) if f in self.bonus_tiles)
        if own < self._all_but_one:
            return (
                f"{self.name} needs at least {self._all_but_one} of the "
                f"{len(self.bonus_tiles)} bonus tiles among the winner's flowers, got {own}"
            )
        return None

    def won_by_flowers(self, flowers: tuple[Tile, ...]) -> bool:
        """Form 1: the winner declared every bonus tile itself."""
        return set(self.bonus_tiles) <= set(flowers)

    def last_flower(self, table: TableView) -> Tile | None:
        """The one bonus tile nobody has declared, when all but one are declared."""
        declared = {f for s in range(table.players) for f in table.flowers(s)}
        rest = [f for f in self.bonus_tiles if f not in declared]
        return rest[0] if len(rest) == 1 else None

    def _held(self, table: TableView, tile: Tile) -> bool:
        return any(table.holds(s, tile) for s in range(table.players))

    def turn_win(self, table: TableView, seat: int, state: Window | None) -> TurnWin | None:
        """Form 4 when ``seat`` drew the last flower inside the window, else form 1."""
        if state is not None and state.ready and state.seat == seat:
            last = self.last_flower(table)
            if last is not None and table.holds(seat, last):
                return TurnWin(last, state.declarer)
        if len(table.flowers(seat)) != self._all_but_one:
            return None
        last = self.last_flower(table)
        if last is not None and table.holds(seat, last):
            return TurnWin(last, None)
        return None

    def on_flower(
        self, table: TableView, seat: int, tile: Tile, state: Window | None
    ) -> tuple[Window | None, bool]:
        """The last flower is claimable by a seat holding all the others (form 3); the
        next to last opens form 4's window for a seat holding all but two."""
        n = table.players
        counts = [len(table.flowers(s)) for s in range(n)]
        total = sum(counts)
        if total == len(self.bonus_tiles) and any(
            counts[o] == self._all_but_one for o in range(n) if o != seat
        ):
            return state, True
        if total == self._all_but_one:
            last = self.last_flower(table)
            if last is None or not self._held(table, last):
                for o in range(n):
                    if o != seat and counts[o] == self._all_but_one - 1:
                        state = Window(seat, o)
        return state, False

    def flower_claim(self, table: TableView, seat: int) -> bool:
        """Form 3: ``seat`` holds all the other flowers declared."""
        return len(table.flowers(seat)) == self._all_but_one

    def claim_rule(self, table: TableView, seat: int) -> str:
        """Form 3's condition."""
        return f"Eight Immortals by discard needs {self._all_but_one} declared flowers"

    def on_draw(self, table: TableView, seat: int, tile: Tile, state: Window) -> Window | None:
        """The window's seat drawing the last flower may win in this turn."""
        if state.seat == seat and tile == self.last_flower(table):
            return replace(state, ready=True)
        return state

    def on_turn(self, table: TableView, seat: int, state: Window) -> Window | None:
        """The window closes when its declarer's next turn begins."""
        return None if state.declarer == seat else state

    def on_discard(self, table: TableView, seat: int, state: Window) -> Window | None:
        """Discarding after drawing the last flower gives form 4 up."""
        if state.ready and state.seat == seat:
            return replace(state, ready=False)
        return state

    def at_exhaustive_draw(self, table: TableView, seat: int) -> bool:
        """Form 2: all the others declared, the last still in the wall."""
        if len(table.flowers(seat)) != self._all_but_one:
            return False
        last = self.last_flower(table)
        return last is not None and not self._held(table, last)


@dataclass(frozen=True)
class TerminalDiscards(SpecialWin[None]):
    """All Terminal and Honor Discards at exhaustive draw."""

    pattern: ClassVar[str] = "terminal_discards"
    kind: ClassVar[WinKind] = WinKind.TERMINAL_DISCARDS
    name: ClassVar[str] = "All Terminal and Honor Discards"
    by_discard: ClassVar[bool] = False

    def at_exhaustive_draw(self, table: TableView, seat: int) -> bool:
        """A non-empty pond of terminals and honours only, none called."""
        pond = table.pond(seat)
        return (
            bool(pond) and not any(table.called(seat)) and all(is_orphan(t) for t in pond)
        )

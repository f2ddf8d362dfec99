"""Settlement of one hand: :class:`Settlement`, who wins what and who pays it.

Winners of a hand are settled one by one (:meth:`Settlement._winner`): a self-draw (and a
special win paid as self-draw) is paid by every other seat, a win on a discard, a robbed
kong or a declared flower by that seat alone (fan-laak: plus each other loser's share).
The ruleset's liability policy (Hong Kong pao, :mod:`tingpai.rules.liability`) moves a
payment to a liable seat: a win paid as self-draw wholly when it covers self-draws, a win
on a discard wholly (the discarder's and every other loser's share) when it covers
discards.

At an exhaustive draw (:meth:`Settlement._draw_result`), the ruleset's special-win policies
are asked seat by seat from the dealer (Eight Immortals form 2, All Terminal and Honor
Discards: :mod:`tingpai.rules.special_wins`); any such win replaces the ready-hand payments
of that draw, and a seat takes only the first policy's win.  Otherwise each seat that is
not ready pays ``ready_payment`` to each ready seat (Hu: 1000; Hong Kong: nothing).

A heavy penalty (:meth:`Settlement.penalize`, a host action) moves points and nothing else:
the hand goes on.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import ClassVar

from tingpai.engine.actions import Action, ActionKind
from tingpai.engine.errors import IllegalAction
from tingpai.engine.results import HandResult, Winner
from tingpai.engine.table import Table
from tingpai.inputs import MAX_INT, echo, whole_number
from tingpai.rules.base import WinKind
from tingpai.rules.policies import Liable
from tingpai.rules.ruleset import Ruleset
from tingpai.scoring import Score, score
from tingpai.tiles import Tile


def checked_scores(scores: object, players: int) -> tuple[int, ...]:
    """``scores`` (any iterable of integers, numpy's included) as a tuple of one int per
    seat, each within :data:`~tingpai.inputs.MAX_INT` (what a game record can hold);
    ValueError naming the first bad one.  Hands and matches check their start scores with
    it, so a bad score is refused at once, not found by the settlement at the hand's end."""
    if isinstance(scores, str | bytes | Mapping) or not isinstance(scores, Iterable):
        raise ValueError(f"scores must be a sequence of {players} integers, got {echo(scores)}")
    values = tuple(scores)
    if len(values) != players:
        raise ValueError(f"{len(values)} scores for {players} seats")
    out: list[int] = []
    for seat, value in enumerate(values):
        number = whole_number(value)
        if number is None:
            raise ValueError(f"scores[{seat}] {echo(value)} is not an integer")
        if not -MAX_INT <= number <= MAX_INT:
            raise ValueError(f"scores[{seat}] {echo(value)} is beyond ±{MAX_INT:.0e}")
        out.append(number)
    return tuple(out)


class Settlement(Table):
    """The table plus its settlement: liabilities, penalties, the result and the scores."""

    _LISTS: ClassVar[tuple[str, ...]] = (*Table._LISTS, "_liable", "_penalties")

    history: list[Action]
    """Every action applied (kept by the phase machine; penalties are recorded in it)."""

    def __init__(
        self,
        ruleset: Ruleset,
        wall: Sequence[Tile],
        dealer: int,
        round_wind: Tile,
        repeats: int,
        scores: Sequence[int] | None,
    ) -> None:
        super().__init__(ruleset, wall, dealer, round_wind, repeats)
        n = self.players
        self.start_scores: tuple[int, ...] = (
            checked_scores(scores, n) if scores is not None else (self.options.start_points,) * n
        )
        self._liable: list[Liable | None] = [None] * n
        """Per seat: who is liable for its win (the ruleset's liability policy)."""
        self._result: HandResult | None = None
        self._penalties: list[int] = [0] * n
        self._scores: tuple[int, ...] = self.start_scores

    # ------------------------------------------------------------------ public views

    @property
    def result(self) -> HandResult | None:
        """The result once the hand has ENDED."""
        return self._result

    @property
    def deltas(self) -> tuple[int, ...]:
        """Per-seat net change of this hand so far: the settlement plus heavy penalties."""
        base = self._result.deltas if self._result is not None else (0,) * self.players
        return tuple(a + b for a, b in zip(base, self._penalties, strict=True))

    @property
    def scores(self) -> tuple[int, ...]:
        """Scores now: the start scores plus :attr:`deltas`."""
        return self._scores

    def penalize(self, seat: int) -> None:
        """Heavy penalty (host action): ``seat`` pays the ruleset's amount to each other
        seat.  Recorded in :attr:`history`; the hand itself goes on unchanged.
        :class:`IllegalAction` (changing nothing) for a seat not at this table."""
        try:
            seat = self._seat_of(seat)  # the seat check observe() uses (numpy ints too)
        except ValueError:
            raise IllegalAction(
                f"seat {echo(seat)} is not at a {self.players}-player table"
            ) from None
        amount = self.options.heavy_penalty
        for o in range(self.players):
            if o != seat:
                self._penalties[o] += amount
                self._penalties[seat] -= amount
        self._update_scores()
        self.history.append(Action(seat, ActionKind.PENALTY))

    # ------------------------------------------------------------------ settling

    def _update_scores(self) -> None:
        self._scores = tuple(a + b for a, b in zip(self.start_scores, self.deltas, strict=True))

    def _record_result(self, result: HandResult) -> None:
        """The hand's result is final: keep it and update the scores."""
        self._result = result
        self._update_scores()

    def _winner(
        self, s: int, kind: WinKind, sc: Score, tile: Tile | None, payer: int | None
    ) -> Winner:
        """Settle one win: who pays what (liability included).  ``payer`` None: paid as
        self-draw; otherwise that seat pays as the discarder."""
        n = self.players
        d = [0] * n
        p = sc.payments
        liable = self._liable[s]
        if payer is None:
            each = p.each or 0
            if liable is not None and liable.self_draw:
                d[liable.payer] -= each * (n - 1)
                d[s] += each * (n - 1)
            else:
                for o in range(n):
                    if o != s:
                        d[o] -= each
                        d[s] += each
        else:
            main = p.discarder or 0
            other = p.others or 0
            if liable is not None and liable.discard:
                whole = main + other * (n - 2)
                d[liable.payer] -= whole
                d[s] += whole
            else:
                d[payer] -= main
                d[s] += main
                for o in range(n):
                    if o not in (s, payer):
                        d[o] -= other
                        d[s] += other
        return Winner(s, kind, sc, tile, payer, tuple(d))

    def _win_result(self, winners: tuple[Winner, ...]) -> HandResult:
        """The result of a hand won during play (``end`` is the first winner's kind)."""
        n = self.players
        deltas = [0] * n
        for w in winners:
            for i in range(n):
                deltas[i] += w.deltas[i]
        return HandResult(
            end=winners[0].kind, winners=winners, deltas=tuple(deltas), ready=None,
            exhaustive=False, dealer=self.dealer,
        )

    def _draw_result(self) -> HandResult:
        """The result at a pond limit or an empty wall: special wins, else ready payments."""
        n = self.players
        ready = tuple(self.is_ready(s) for s in range(n))
        order = [(self.dealer + i) % n for i in range(n)]
        winners: list[Winner] = []
        for s in order:
            for special in self._specials:
                if special.at_exhaustive_draw(self, s):
                    sc = score(
                        self._special_situation(s, special.pattern, self_drawn=True),
                        self.ruleset,
                    )
                    if sc.valid:
                        winners.append(self._winner(s, special.kind, sc, None, None))
                        break
        d = [0] * n
        if winners:
            for w in winners:
                for i in range(n):
                    d[i] += w.deltas[i]
            end = winners[0].kind
        else:
            end = WinKind.EXHAUSTIVE_DRAW
            pay = self.options.ready_payment
            if pay:
                for s in range(n):
                    if ready[s]:
                        for o in range(n):
                            if not ready[o]:
                                d[o] -= pay
                                d[s] += pay
        return HandResult(
            end=end, winners=tuple(winners), deltas=tuple(d), ready=ready, exhaustive=True,
            dealer=self.dealer,
        )

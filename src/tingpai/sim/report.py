"""Statistics of a simulation run: :class:`SimStats` aggregates, :class:`SimReport` reports.

Games are added in game order and every figure is computed from integer counts at the
end, so a report depends only on the run's arguments and seed; the only measured values
(wall time, hands per second, the backend) sit in :attr:`SimReport.timing`.

Rates are per hand and partition the hands: ``self_draw + discard + special +
exhaustive_draw == 1`` (``discard`` includes Robbing the Kong; ``special`` is the wins
decided by the table rather than a winning tile: Eight Immortals, All Terminal and Honor
Discards) and ``win`` is the sum of the three kinds of win.  Pattern frequencies are per
won hand: the share of winning hands (one per winner, so two winners on one discard are
two winning hands) in which the pattern counted.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tingpai.rules.base import WinKind
from tingpai.rules.ruleset import Ruleset
from tingpai.sim.games import DISCARD_KINDS, GameOutcome, dealt_in

_SPECIAL_KINDS = (WinKind.EIGHT_IMMORTALS, WinKind.TERMINAL_DISCARDS)
_DIGITS = 6
"""Decimal places kept in reported ratios and means (they are exact to this precision)."""


def _ratio(a: float, b: float) -> float:
    return round(a / b, _DIGITS) if b else 0.0


@dataclass(frozen=True)
class Timing:
    """Measured, machine-dependent figures of a run (excluded from determinism checks)."""

    wall_seconds: float
    hands_per_second: float
    games_per_second: float
    backend: str
    workers: int
    resumed_games: int = 0
    """Games read back from a run directory rather than played (``--resume``); the speeds
    count only the games played."""

    def to_json(self) -> dict[str, Any]:
        """The ``timing`` object of the report."""
        return {
            "wall_seconds": round(self.wall_seconds, 3),
            "hands_per_second": round(self.hands_per_second, 1),
            "games_per_second": round(self.games_per_second, 2),
            "backend": self.backend,
            "workers": self.workers,
            "resumed_games": self.resumed_games,
        }


@dataclass(frozen=True)
class SeatStats:
    """One seat's results over the run."""

    seat: int
    bot: str
    mean_score: float
    """Average final score."""
    mean_delta: float
    """Average net change over a game (final score minus start score)."""
    wins: int
    """Hands this seat won."""
    self_draws: int
    """Of those, won by self-draw."""
    dealt_in: int
    """Wins by others that this seat paid alone as discarder (deal-ins, robbed kongs)."""
    first_places: int
    """Games this seat finished first in."""

    def to_json(self) -> dict[str, Any]:
        """JSON form."""
        return {
            "seat": self.seat,
            "bot": self.bot,
            "mean_score": self.mean_score,
            "mean_delta": self.mean_delta,
            "wins": self.wins,
            "self_draws": self.self_draws,
            "dealt_in": self.dealt_in,
            "first_places": self.first_places,
        }


@dataclass(frozen=True)
class PatternStats:
    """How often one pattern counted in winning hands."""

    id: str
    name: str
    chinese: str
    count: int
    """Winning hands in which it counted."""
    frequency: float
    """``count`` / winning hands."""
    bonus: bool = False
    """A bonus outside the pattern list (dealer repeats, eighth repeat)."""

    def to_json(self) -> dict[str, Any]:
        """JSON form."""
        return {
            "id": self.id,
            "name": self.name,
            "chinese": self.chinese,
            "count": self.count,
            "frequency": self.frequency,
            "bonus": self.bonus,
        }


@dataclass(frozen=True)
class SimReport:
    """The statistics of a run of self-play games (see the module docstring)."""

    rules: str
    """Canonical ruleset id."""
    ruleset_name: str
    options: Mapping[str, Any]
    bots: tuple[str, ...]
    seed: int
    games: int
    hands: int
    ends: Mapping[str, int]
    """Hands per ending (:class:`WinKind` value), every ending listed."""
    rates: Mapping[str, float]
    """Per hand: ``win``, ``self_draw``, ``discard``, ``special``, ``exhaustive_draw``,
    ``dealer_win``."""
    dealer_wins: int
    """Hands the dealer won (alone or with others)."""
    wins: int
    """Winning hands (one per winner)."""
    mean_win_total: float
    """Average winning total (base points or fan, after cap and bonuses)."""
    seats: tuple[SeatStats, ...]
    patterns: tuple[PatternStats, ...]
    """Every pattern of the ruleset in its order, then bonuses that occurred."""
    timing: Timing = field(compare=False)
    max_hands: int | None = None
    """The run's cap on hands per game (None: none)."""
    games_cut_short: int = 0
    """Games the cap stopped before their end (their hands are counted as played)."""

    @property
    def hands_per_game(self) -> float:
        """Average hands per game."""
        return _ratio(self.hands, self.games)

    def to_json(self) -> dict[str, Any]:
        """One JSON object; everything but ``timing`` is a function of the arguments."""
        return {
            "rules": self.rules,
            "ruleset_name": self.ruleset_name,
            "options": dict(self.options),
            "bots": list(self.bots),
            "seed": self.seed,
            "games": self.games,
            "hands": self.hands,
            "hands_per_game": self.hands_per_game,
            "ends": dict(self.ends),
            "rates": dict(self.rates),
            "dealer_wins": self.dealer_wins,
            "wins": self.wins,
            "mean_win_total": self.mean_win_total,
            "seats": [s.to_json() for s in self.seats],
            "patterns": [p.to_json() for p in self.patterns],
            "max_hands": self.max_hands,
            "games_cut_short": self.games_cut_short,
            "timing": self.timing.to_json(),
        }


class SimStats:
    """Running counts of a simulation; :meth:`add` games in game order, then :meth:`report`."""

    def __init__(
        self, ruleset: Ruleset, options: Mapping[str, Any], bots: Sequence[str], seed: int,
        max_hands: int | None = None,
    ) -> None:
        self.ruleset = ruleset
        self.max_hands = max_hands
        self.cut_short = 0
        self.options = dict(options)
        self.bots = tuple(bots)
        self.seed = seed
        n = len(self.bots)
        self.games = 0
        self.hands = 0
        self.ends: dict[WinKind, int] = dict.fromkeys(WinKind, 0)
        self.dealer_wins = 0
        self.wins = 0
        self.win_total = 0
        self.score_sum = [0] * n
        self.delta_sum = [0] * n
        self.seat_wins = [0] * n
        self.seat_self_draws = [0] * n
        self.dealt_in = [0] * n
        self.first_places = [0] * n
        self.pattern_counts: dict[str, int] = {p.id: 0 for p in ruleset.patterns}
        self.pattern_names: dict[str, tuple[str, str]] = {
            p.id: (p.name, p.chinese) for p in ruleset.patterns
        }

    def add(self, outcome: GameOutcome) -> None:
        """Count one game (call in game order)."""
        self.games += 1
        self.cut_short += outcome.cut_short
        self.hands += len(outcome.hands)
        for hand in outcome.hands:
            self.ends[hand.end] += 1
            if any(w.seat == hand.dealer for w in hand.winners):
                self.dealer_wins += 1
            for w in hand.winners:
                self.wins += 1
                self.win_total += w.total
                self.seat_wins[w.seat] += 1
                if w.kind is WinKind.SELF_DRAW:
                    self.seat_self_draws[w.seat] += 1
                for pid, name, chinese in w.patterns:
                    if pid not in self.pattern_counts:
                        self.pattern_counts[pid] = 0
                        self.pattern_names[pid] = (name, chinese)
                    self.pattern_counts[pid] += 1
            for seat in dealt_in(hand.winners):  # one per hand, however many won on it
                self.dealt_in[seat] += 1
        for s, (start, final) in enumerate(
            zip(outcome.start_scores, outcome.final_scores, strict=True)
        ):
            self.score_sum[s] += final
            self.delta_sum[s] += final - start
        self.first_places[outcome.ranking[0]] += 1

    def report(self, timing: Timing) -> SimReport:
        """The report of the games added so far."""
        h = self.hands
        ends = self.ends
        self_draw = ends[WinKind.SELF_DRAW]
        discard = sum(ends[k] for k in DISCARD_KINDS)
        special = sum(ends[k] for k in _SPECIAL_KINDS)
        rates = {
            "win": _ratio(self_draw + discard + special, h),
            "self_draw": _ratio(self_draw, h),
            "discard": _ratio(discard, h),
            "special": _ratio(special, h),
            "exhaustive_draw": _ratio(ends[WinKind.EXHAUSTIVE_DRAW], h),
            "dealer_win": _ratio(self.dealer_wins, h),
        }
        seats = tuple(
            SeatStats(
                seat=s,
                bot=bot,
                mean_score=_ratio(self.score_sum[s], self.games),
                mean_delta=_ratio(self.delta_sum[s], self.games),
                wins=self.seat_wins[s],
                self_draws=self.seat_self_draws[s],
                dealt_in=self.dealt_in[s],
                first_places=self.first_places[s],
            )
            for s, bot in enumerate(self.bots)
        )
        in_ruleset = {p.id for p in self.ruleset.patterns}
        patterns = tuple(
            PatternStats(
                id=pid,
                name=self.pattern_names[pid][0],
                chinese=self.pattern_names[pid][1],
                count=count,
                frequency=_ratio(count, self.wins),
                bonus=pid not in in_ruleset,
            )
            for pid, count in self.pattern_counts.items()
        )
        return SimReport(
            rules=self.ruleset.id,
            ruleset_name=self.ruleset.name,
            options=self.options,
            bots=self.bots,
            seed=self.seed,
            games=self.games,
            hands=h,
            ends={k.value: v for k, v in ends.items()},
            rates=rates,
            dealer_wins=self.dealer_wins,
            wins=self.wins,
            mean_win_total=_ratio(self.win_total, self.wins),
            seats=seats,
            patterns=patterns,
            timing=timing,
            max_hands=self.max_hands,
            games_cut_short=self.cut_short,
        )

"""Balance statistics of stored runs: every rate and mean with a 95% interval, and tests of
the differences between runs.

:class:`BalanceRun` reads one run directory (:mod:`tingpai.sim.store`) and measures, per
hand: the win rate by seat and for the dealer, the self-draw, discard-win and draw rates,
each seat's deal-in rate, the hand length (discards) and, per game, the game length
(hands) and each seat's net points; per winning hand the average winning value and each
pattern's frequency against its value; and per ready seat at the end of a hand the share
that could not win for want of a pattern or fan (``no_pattern_ready_rate``,
:func:`~tingpai.sim.readiness.no_pattern_ready`).

Intervals: Wilson score intervals for rates, normal (mean ± 1.96 standard errors)
intervals for means.  Hands within a game are treated as independent samples (they are
nearly so: only the dealer and the scores carry over), which makes the intervals of
per-hand figures slightly narrow for tables where dealers repeat often.

Differences (:func:`compare_runs`): a two-sided two-proportion z-test for rates and
Welch's z-test for means (unequal variances; the samples are large), with the p-values of
all comparisons of one report adjusted together by Holm's step-down method; a difference
is *significant* when its adjusted p-value is below 0.05.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from tingpai.rules import find_ruleset
from tingpai.rules.base import WinKind
from tingpai.rules.ruleset import Ruleset
from tingpai.sim.games import GameOutcome
from tingpai.sim.report import SimStats
from tingpai.sim.store import Manifest, option_text, read_manifest, stored_outcomes

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""
ALPHA = 0.05
"""Significance level of the comparisons (after Holm's adjustment)."""


@dataclass(frozen=True)
class Estimate:
    """A rate or a mean with its 95% interval."""

    kind: str
    """``"rate"`` (a share of ``n`` samples) or ``"mean"`` (an average over ``n``)."""
    value: float
    low: float
    high: float
    n: int
    """Samples (hands, games, wins or ready seats)."""
    sd: float = 0.0
    """Standard deviation of one sample (means only)."""
    successes: int = 0
    """Samples counted (rates only)."""

    @property
    def defined(self) -> bool:
        """Whether there was any sample."""
        return self.n > 0


def rate(successes: int, n: int) -> Estimate:
    """``successes / n`` with its Wilson score interval.

    >>> e = rate(50, 100)
    >>> round(e.value, 3), round(e.low, 3), round(e.high, 3)
    (0.5, 0.404, 0.596)
    >>> rate(0, 0).defined
    False
    >>> all(rate(k, n).low <= k / n <= rate(k, n).high for n in range(1, 400) for k in (0, n))
    True
    """
    if n <= 0:
        return Estimate("rate", 0.0, 0.0, 0.0, 0)
    p = successes / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    # The interval holds the rate itself: at 0 of n or n of n rounding would leave the
    # bound a hair beyond it (a negative error bar to a plot).
    return Estimate("rate", p, min(p, max(0.0, centre - half)), max(p, min(1.0, centre + half)),
                    n, successes=successes)


def mean(values: Iterable[float]) -> Estimate:
    """The mean of ``values`` with a normal 95% interval (mean ± 1.96 standard errors);
    of a single value, the interval is unbounded (its spread is unknown).

    >>> e = mean([1, 2, 3, 4])
    >>> e.value, round(e.sd, 4), round(e.high - e.value, 4)
    (2.5, 1.291, 1.2652)
    """
    n = 0
    total = 0.0
    squares = 0.0
    for x in values:
        n += 1
        total += x
        squares += x * x
    return _mean_from_sums(n, total, squares)


def _mean_from_sums(n: int, total: float, squares: float) -> Estimate:
    if n == 0:
        return Estimate("mean", 0.0, 0.0, 0.0, 0)
    mu = total / n
    if n == 1:
        # One sample says nothing of the spread: no interval (not one of width zero).
        return Estimate("mean", mu, -math.inf, math.inf, 1, sd=math.nan)
    var = max(0.0, (squares - n * mu * mu) / (n - 1))
    sd = math.sqrt(var)
    half = Z95 * sd / math.sqrt(n)
    return Estimate("mean", mu, mu - half, mu + half, n, sd=sd)


def counter_mean(counts: Counter[int]) -> Estimate:
    """:func:`mean` of a histogram (value -> how many samples)."""
    n = sum(counts.values())
    total = float(sum(v * c for v, c in counts.items()))
    squares = float(sum(v * v * c for v, c in counts.items()))
    return _mean_from_sums(n, total, squares)


def _normal_p(z: float) -> float:
    """Two-sided p-value of a standard normal statistic."""
    return math.erfc(abs(z) / math.sqrt(2))


def difference_p(a: Estimate, b: Estimate) -> float | None:
    """Two-sided p-value of ``a`` and ``b`` differing: the two-proportion z-test (pooled)
    for rates, Welch's z-test for means; None when either has no sample (or, for means,
    a single one: no standard error to test with).

    >>> round(difference_p(rate(550, 1000), rate(500, 1000)), 4)
    0.0252
    >>> difference_p(rate(5, 10), rate(5, 10))
    1.0
    """
    if not (a.defined and b.defined) or a.kind != b.kind:
        return None
    if a.kind == "mean" and min(a.n, b.n) < 2:
        return None
    if a.kind == "rate":
        pooled = (a.successes + b.successes) / (a.n + b.n)
        se = math.sqrt(pooled * (1 - pooled) * (1 / a.n + 1 / b.n))
    else:
        se = math.sqrt(a.sd * a.sd / a.n + b.sd * b.sd / b.n)
    if se == 0:
        return 1.0 if a.value == b.value else 0.0
    return _normal_p((a.value - b.value) / se)


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down adjustment of ``p_values`` (same order), controlling the
    family-wise error rate.

    >>> [round(p, 3) for p in holm([0.01, 0.04, 0.03])]
    [0.03, 0.06, 0.06]
    """
    order = sorted(range(len(p_values)), key=lambda i: p_values[i])
    adjusted = [0.0] * len(p_values)
    running = 0.0
    m = len(p_values)
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p_values[i]))
        adjusted[i] = running
    return adjusted


@dataclass(frozen=True)
class PatternRow:
    """One pattern's frequency in winning hands against its value."""

    id: str
    name: str
    chinese: str
    value: int | None
    """The ruleset's value of one count (None for a bonus outside the pattern list)."""
    limit: bool
    frequency: Estimate
    """Share of winning hands in which it counted."""
    mean_value: float
    """Average value it added when it counted (counts and bonuses included)."""


@dataclass
class BalanceRun:
    """Everything the balance report shows of one run."""

    path: Path
    manifest: Manifest
    ruleset: Ruleset
    stats: SimStats
    players: int
    hand_turns: Counter[int] = field(default_factory=Counter)
    game_hands: Counter[int] = field(default_factory=Counter)
    win_values: Counter[int] = field(default_factory=Counter)
    net_points: list[list[int]] = field(default_factory=list)
    """Per seat, each game's net points."""
    ready: int = 0
    """Seats ready at the end of a hand (winners included), over all hands."""
    no_pattern: int = 0
    seat_ready: list[int] = field(default_factory=list)
    seat_no_pattern: list[int] = field(default_factory=list)
    pattern_values: Counter[str] = field(default_factory=Counter)
    draws: int = 0
    """Hands that ended without a winner."""

    @classmethod
    def load(cls, path: str | Path) -> BalanceRun:
        """Read a run directory (StoreError when it is not one)."""
        folder = Path(path)
        manifest = read_manifest(folder)
        return cls.from_outcomes(folder, manifest, stored_outcomes(folder, manifest))

    @classmethod
    def from_outcomes(
        cls, path: Path, manifest: Manifest, outcomes: Iterable[GameOutcome]
    ) -> BalanceRun:
        """Aggregate outcomes (in game order) of the run ``manifest`` describes."""
        ruleset = find_ruleset(manifest.rules, **dict(manifest.options))
        players = ruleset.options.players
        run = cls(
            path, manifest, ruleset, SimStats(ruleset, manifest.options, manifest.bots,
                                              manifest.seed),
            players, net_points=[[] for _ in range(players)],
            seat_ready=[0] * players, seat_no_pattern=[0] * players,
        )
        for outcome in outcomes:
            run.add(outcome)
        return run

    def add(self, outcome: GameOutcome) -> None:
        """Count one game."""
        self.stats.add(outcome)
        self.game_hands[len(outcome.hands)] += 1
        for s, (start, final) in enumerate(
            zip(outcome.start_scores, outcome.final_scores, strict=True)
        ):
            self.net_points[s].append(final - start)
        for hand in outcome.hands:
            self.hand_turns[hand.turns] += 1
            if not hand.winners:
                self.draws += 1
            for w in hand.winners:
                self.win_values[w.total] += 1
                for (pid, _, _), value in zip(w.patterns, w.values, strict=True):
                    self.pattern_values[pid] += value
            for s in range(self.players):
                if hand.ready[s]:
                    self.ready += 1
                    self.seat_ready[s] += 1
                if hand.no_pattern[s]:
                    self.no_pattern += 1
                    self.seat_no_pattern[s] += 1

    # --- figures ------------------------------------------------------------------------

    @property
    def label(self) -> str:
        """A short name: rules, the options set and the bots, seat by seat from seat 0 (one
        name when every seat has the same): ``greedy`` in seat 0 against three ``random``
        is another run than ``random`` in seat 0, and the label must tell them apart."""
        m = self.manifest
        text = m.rules
        if m.options:
            text += " " + " ".join(f"{k}={option_text(v)}" for k, v in sorted(m.options.items()))
        bots = list(m.bots) if len(set(m.bots)) > 1 else list(m.bots[:1])
        text += f" ({', '.join(bots)})"
        return text

    @property
    def games(self) -> int:
        """Games stored."""
        return self.stats.games

    @property
    def hands(self) -> int:
        """Hands stored."""
        return self.stats.hands

    @property
    def complete(self) -> bool:
        """Whether every game the manifest names is stored."""
        return self.stats.games >= self.manifest.games

    def metrics(self) -> dict[str, Estimate]:
        """Every headline figure by name, in report order (per-seat figures last)."""
        st = self.stats
        h = st.hands
        ends = st.ends
        discard_wins = ends[WinKind.DISCARD] + ends[WinKind.ROBBING_KONG]
        out: dict[str, Estimate] = {
            "win rate": rate(h - self.draws, h),
            "self-draw rate": rate(ends[WinKind.SELF_DRAW], h),
            "discard win rate": rate(discard_wins, h),
            "draw rate": rate(self.draws, h),
            "dealer win rate": rate(st.dealer_wins, h),
            "deal-in rate": rate(sum(st.dealt_in), h * self.players),
            "no-pattern ready rate": rate(self.no_pattern, self.ready),
            "hand length (discards)": counter_mean(self.hand_turns),
            "game length (hands)": counter_mean(self.game_hands),
            "average winning value": counter_mean(self.win_values),
        }
        for s in range(self.players):
            out[f"seat {s} win rate"] = rate(st.seat_wins[s], h)
        for s in range(self.players):
            out[f"seat {s} deal-in rate"] = rate(st.dealt_in[s], h)
        for s in range(self.players):
            out[f"seat {s} points per game"] = mean(self.net_points[s])
        return out

    def patterns(self) -> list[PatternRow]:
        """Every pattern of the ruleset, then bonuses that occurred, with frequencies."""
        defined = {p.id: p for p in self.ruleset.patterns}
        wins = self.stats.wins
        rows = []
        for pid, count in self.stats.pattern_counts.items():
            name, chinese = self.stats.pattern_names[pid]
            pattern = defined.get(pid)
            rows.append(
                PatternRow(
                    id=pid,
                    name=name,
                    chinese=chinese,
                    value=pattern.value if pattern is not None else None,
                    limit=bool(pattern.limit) if pattern is not None else False,
                    frequency=rate(count, wins),
                    mean_value=self.pattern_values[pid] / count if count else 0.0,
                )
            )
        return rows


@dataclass(frozen=True)
class Comparison:
    """One metric compared between two runs."""

    metric: str
    first: int
    """Index of the first run."""
    second: int
    difference: float
    """First run's value minus the second's."""
    p: float
    """Two-sided p-value before adjustment."""
    adjusted: float
    """After Holm's adjustment over every comparison of the report."""

    @property
    def significant(self) -> bool:
        """Adjusted p-value below :data:`ALPHA`."""
        return self.adjusted < ALPHA


VALUE_METRICS = frozenset({"average winning value"})
"""Metrics in the ruleset's unit of value (Hu base points, Hong Kong fan): two runs of
different units are not compared on them."""


def in_table_points(metric: str) -> bool:
    """Whether ``metric`` is counted in the table's points (``seat 0 points per game``):
    Hu points (30,000 at the start, hands worth thousands) and Hong Kong payments (tens
    to hundreds) are two currencies, so a Hu run and a Hong Kong run are not compared on
    them either."""
    return metric.endswith(" points per game")


def compare_runs(runs: Sequence[BalanceRun]) -> list[Comparison]:
    """Every headline metric that two runs both have, for every pair of runs, with
    Holm-adjusted p-values (see the module docstring); a Hu run and a Hong Kong run are
    not compared on :data:`VALUE_METRICS` nor on points (:func:`in_table_points`)."""
    metrics = [r.metrics() for r in runs]
    raw: list[tuple[str, int, int, float, float]] = []
    for i in range(len(runs)):
        for j in range(i + 1, len(runs)):
            apart = runs[i].ruleset.unit != runs[j].ruleset.unit
            for name, a in metrics[i].items():
                b = metrics[j].get(name)
                if b is None or (apart and (name in VALUE_METRICS or in_table_points(name))):
                    continue
                p = difference_p(a, b)
                if p is not None:
                    raw.append((name, i, j, a.value - b.value, p))
    adjusted = holm([r[4] for r in raw])
    return [
        Comparison(name, i, j, diff, p, adj)
        for (name, i, j, diff, p), adj in zip(raw, adjusted, strict=True)
    ]

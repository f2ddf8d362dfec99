"""Duplicate arenas: bots compared on the same walls from every seat.

:func:`run_arena` plays ``games`` seeded games, each once per rotation of the bot list
through the seats (4, 3 or 2 rotations: the table's player count), with the same walls
every time: game ``i`` is seeded with :func:`~tingpai.sim.games.game_seed` ``(seed, i)``
in every rotation, and that seed alone draws the walls, so every bot meets every wall
from every seat.  The *duplicate set* of game ``i`` is its plays in all rotations.

Readings of the statistics (DESIGN.md, "Bots and the arena"):

* A bot list shorter than the table is repeated to fill it (``A,B`` at four seats is
  ``A,B,A,B``; ``A,B,C`` is ``A,B,C,A``), and then rotated; ``seats`` is how many seats of
  the table a bot occupies in that filled list.  Each distinct name gets one entry.
* ``games`` is N as given; ``plays`` is N × rotations; ``hands`` counts every hand of every
  play.  A game stops after ``max_hands`` hands (a cap against endless all-draw games;
  ``capped`` counts the plays it stopped) and its standing then counts as its result.
* ``points_per_game``: a bot's mean net points per game per occupied seat (net = final
  score minus start score).  Its ``ci95`` is computed over the N duplicate sets: each set
  contributes the bot's mean net per play and seat over all rotations of that game, and the
  interval is mean ± t(0.975, N - 1) × sd / √N (``[null, null]`` for a single game).
  Summed over the bots and weighted by seats, points per game are zero.
* Rates are per hand played by the bot (a bot at two seats plays each hand twice):
  ``win_rate`` (hands it won, alone or with others), ``self_draw_rate`` (won by its own
  draw), ``deal_in_rate`` (hands in which it paid another seat's win as the discarder,
  Robbing the Kong included).  ``avg_win_value`` is its mean winning total (base points in
  Hu, fan in Hong Kong, after cap and bonuses).
* ``no_pattern_ready_rate``: among the bot's hands that *ended with it ready and not
  winning* (its final concealed hand structurally ready: at an exhaustive draw, or when
  another seat won), the share in which no wait could be a legal win, by discard or by
  self-draw, for want of a pattern (Hu) or of the minimum fan (Hong Kong).
* ``draw_rate``: hands that ended with no winner, over all hands.

Games run in a process pool with ``workers`` > 1; outcomes are gathered in game order, so
the report is identical for any worker count.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections import deque
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any

from tingpai.bots import Bot, bot_names, find_bot
from tingpai.bots.play import new_game
from tingpai.rules import WinKind
from tingpai.rules.ruleset import Ruleset
from tingpai.sim.backends import MAX_WORKERS, stop_workers, worker_pool
from tingpai.sim.games import (
    MAX_GAMES,
    LazyTasks,
    check_sendable,
    dealt_in,
    game_seed,
    table_of,
    whole_number,
)
from tingpai.sim.readiness import no_pattern_ready

DEFAULT_MAX_HANDS = 150
"""Hands after which a game is stopped (a real game is some 8-40 hands)."""

Progress = Callable[[int, int], None]
"""``progress(sets_done, sets_total)``, called after each duplicate set in game order."""


@dataclass(frozen=True)
class SeatTally:
    """One seat's results over one play."""

    net: int
    hands: int
    wins: int
    self_draws: int
    deal_ins: int
    win_total: int
    ready: int
    """Hands that ended with the seat ready and not winning."""
    no_pattern_ready: int
    """Of those, hands where no wait could be a legal win."""


@dataclass(frozen=True)
class PlayTally:
    """One play of one game (one rotation)."""

    seats: tuple[SeatTally, ...]
    hands: int
    draws: int
    capped: bool
    times: tuple[tuple[float, ...], ...] = ()
    """Per seat: seconds per decision (only when decisions are timed)."""


@dataclass(frozen=True)
class ArenaTask:
    """One duplicate set: game ``index`` played in every rotation."""

    index: int
    seed: int
    rules: str | Ruleset
    """A ruleset id, or a :class:`Ruleset` built in code (then ``options`` is empty)."""
    options: Mapping[str, Any]
    bots: tuple[str, ...]
    """The filled bot list (one per seat, before rotation)."""
    max_hands: int
    time_decisions: bool = False


@dataclass(frozen=True)
class BotStats:
    """One bot's figures in an arena (see the module docstring)."""

    bot: str
    seats: int
    points_per_game: float
    ci95: tuple[float, float] | None
    """None when fewer than two games were played (no interval can be given)."""
    win_rate: float
    deal_in_rate: float
    self_draw_rate: float
    avg_win_value: float
    no_pattern_ready_rate: float
    hands: int
    """Hands played by the bot (seat-hands)."""
    ready_hands: int
    """Hands that ended with it ready and not winning (the no-pattern rate's base)."""
    decision_ms: Mapping[str, float] | None = None
    """When decisions were timed: ``{"mean": ms, "p99": ms, "max": ms, "decisions": n}``."""

    def to_json(self) -> dict[str, Any]:
        """The arena JSON entry of this bot."""
        out: dict[str, Any] = {
            "bot": self.bot,
            "seats": self.seats,
            "points_per_game": self.points_per_game,
            "ci95": [self.ci95[0], self.ci95[1]] if self.ci95 is not None else [None, None],
            "win_rate": self.win_rate,
            "deal_in_rate": self.deal_in_rate,
            "self_draw_rate": self.self_draw_rate,
            "avg_win_value": self.avg_win_value,
            "no_pattern_ready_rate": self.no_pattern_ready_rate,
            "hands": self.hands,
            "ready_hands": self.ready_hands,
        }
        if self.decision_ms is not None:
            out["decision_ms"] = dict(self.decision_ms)
        return out


@dataclass(frozen=True)
class ArenaReport:
    """The result of :func:`run_arena`."""

    rules: str
    options: Mapping[str, Any]
    seed: int
    games: int
    rotations: int
    hands: int
    draws: int
    capped: int
    lineup: tuple[str, ...]
    """The filled bot list, seat 0 first, of the first rotation."""
    bots: tuple[BotStats, ...]
    max_hands: int
    wall_seconds: float = field(compare=False, default=0.0)

    @property
    def plays(self) -> int:
        """Games played in all: ``games`` × ``rotations``."""
        return self.games * self.rotations

    @property
    def draw_rate(self) -> float:
        """Hands with no winner over all hands."""
        return _ratio(self.draws, self.hands)

    def to_json(self) -> dict[str, Any]:
        """The arena JSON object (DESIGN.md contract, plus extra fields): a function of the
        run's arguments alone, the same for any ``--workers`` (no timing in it)."""
        return {
            "rules": self.rules,
            "games": self.games,
            "hands": self.hands,
            "bots": [b.to_json() for b in self.bots],
            "draw_rate": self.draw_rate,
            "options": dict(self.options),
            "seed": self.seed,
            "rotations": self.rotations,
            "plays": self.plays,
            "hands_per_game": _ratio(self.hands, self.plays),
            "capped": self.capped,
            "max_hands": self.max_hands,
            "lineup": list(self.lineup),
        }


def _ratio(a: float, b: float) -> float:
    return round(a / b, 6) if b else 0.0


def fill_lineup(bots: Sequence[str], players: int) -> tuple[str, ...]:
    """The bot list repeated to fill the table's seats (ValueError for a bad list)."""
    names = [b.strip() for b in bots]
    if not names or any(not n for n in names):
        raise ValueError("give at least one bot name (empty names are not bots)")
    for name in names:
        if name not in bot_names():
            raise ValueError(f"unknown bot {name!r} (known: {', '.join(bot_names())})")
    if len(names) > players:
        raise ValueError(f"{len(names)} bots for a {players}-player table")
    return tuple(names[i % len(names)] for i in range(players))


def rotation(lineup: Sequence[str], r: int) -> tuple[str, ...]:
    """Seat ``s`` of rotation ``r`` holds ``lineup[(s + r) % players]``."""
    n = len(lineup)
    return tuple(lineup[(s + r) % n] for s in range(n))


def t_quantile(df: int, level: float = 0.95) -> float:
    """The two-sided ``level`` quantile of Student's t with ``df`` degrees of freedom: the
    ``t`` with ``P(|T| <= t) = level``, solved to full float precision on the exact
    distribution function (Abramowitz and Stegun 26.7.3-4), for any level the stopping rule
    asks (0.9995 at four games: an approximation there is some 15% too small).

    >>> round(t_quantile(3), 4), round(t_quantile(4, 0.9995), 3), round(t_quantile(10**6), 3)
    (3.1824, 10.306, 1.96)
    """
    if df <= 0:
        return math.inf
    low, high = 0.0, 1.0
    while _t_within(high, df) < level:
        low, high = high, 2.0 * high
    for _ in range(200):
        middle = (low + high) / 2.0
        if middle in (low, high):
            break
        if _t_within(middle, df) < level:
            low = middle
        else:
            high = middle
    return high


def _t_within(t: float, df: int) -> float:
    """``P(|T| <= t)`` for Student's t with ``df`` degrees of freedom (exact series in
    ``theta = atan(t / sqrt(df))``; past 10^4 degrees the normal distribution, within
    1e-5 there)."""
    if df > 10_000:
        return 2.0 * statistics.NormalDist().cdf(t) - 1.0
    theta = math.atan(t / math.sqrt(df))
    cos2 = math.cos(theta) ** 2
    if df % 2:
        if df == 1:
            return 2.0 * theta / math.pi
        term = total = math.cos(theta)
        for k in range(3, df, 2):  # 2/3 cos^3, (2*4)/(3*5) cos^5, ...
            term *= cos2 * (k - 1) / k
            total += term
        return 2.0 / math.pi * (theta + math.sin(theta) * total)
    term = total = 1.0
    for k in range(2, df, 2):  # 1/2 cos^2, (1*3)/(2*4) cos^4, ...
        term *= cos2 * (k - 1) / k
        total += term
    return math.sin(theta) * total


def stopping_level(games: int, every: int) -> float:
    """The interval level an arena checked every ``every`` duplicate sets of ``games`` must
    exclude zero at to stop early: 95% split over the planned looks (Bonferroni), so that
    looking repeatedly keeps the chance of stopping on a difference that is not there
    under 5% (ten looks at 95% each would raise it to about a fifth)."""
    looks = max(1, games // every)
    return 1.0 - 0.05 / looks


def play_set(task: ArenaTask) -> list[PlayTally]:
    """Play one duplicate set: the game in every rotation of the lineup."""
    return [_play(task, r) for r in range(len(task.bots))]


def play_sets(tasks: Sequence[ArenaTask]) -> list[list[PlayTally]]:
    """A batch of duplicate sets (one unit of work for a process pool)."""
    return [play_set(t) for t in tasks]


def _play(task: ArenaTask, r: int) -> PlayTally:
    seated = rotation(task.bots, r)
    # The game seed draws the walls exactly as play_game(seated, seed) would; each bot's
    # own randomness comes from the seed, its name and its seat.
    seated_bots: list[Bot] = [
        find_bot(name, random.Random(f"arena/{task.seed}/{name}/{s}"))
        for s, name in enumerate(seated)
    ]
    match, players = new_game(seated_bots, task.seed, task.rules, task.options)
    n = match.players
    hands = 0
    draws = 0
    per_seat = [[0, 0, 0, 0, 0, 0, 0] for _ in range(n)]  # wins, tsumo, deal-in, total,...
    times: list[list[float]] = [[] for _ in range(n)]
    timed = task.time_decisions
    clock = time.perf_counter
    while not match.is_over and hands < task.max_hands:
        hand = match.next_hand()
        while not hand.is_over:
            seat = hand.to_act()[0]
            obs = hand.observe(seat)
            if timed:
                start = clock()
                action = players[seat].act(obs)
                times[seat].append(clock() - start)
            else:
                action = players[seat].act(obs)
            hand.apply(action)
        result = hand.result
        assert result is not None
        hands += 1
        if not result.winners:
            draws += 1
        winners = set()
        for w in result.winners:
            winners.add(w.seat)
            tally = per_seat[w.seat]
            tally[0] += 1
            tally[3] += w.score.total
            if w.kind is WinKind.SELF_DRAW:
                tally[1] += 1
        for payer in dealt_in(result.winners):
            per_seat[payer][2] += 1
        for s in range(n):
            if s in winners:
                continue
            flag = no_pattern_ready(hand, s)
            if flag is not None:
                per_seat[s][4] += 1
                if flag:
                    per_seat[s][5] += 1
    net = match.result.net
    seats = tuple(
        SeatTally(net[s], hands, t[0], t[1], t[2], t[3], t[4], t[5])
        for s, t in enumerate(per_seat)
    )
    return PlayTally(seats, hands, draws, not match.is_over,
                     tuple(tuple(ts) for ts in times) if timed else ())


def _run(tasks: Sequence[ArenaTask], workers: int) -> Iterator[list[PlayTally]]:
    """Play the sets in order, here or in a pool with a few batches in flight (so that a
    caller that stops early does not wait for the whole run).  The pool has at most one
    process per batch and at most :data:`~tingpai.sim.backends.MAX_WORKERS`: a worker count
    far above the games or the machine starts no idle processes."""
    if workers <= 1:
        for task in tasks:
            yield play_set(task)
        return
    workers = min(workers, MAX_WORKERS)
    chunk = max(1, min(4, len(tasks) // (4 * workers)))
    starts = range(0, len(tasks), chunk)  # each batch is sliced when it is submitted
    with worker_pool(min(workers, len(starts))) as pool:
        pending: deque[Future[list[list[PlayTally]]]] = deque()
        nxt = 0
        try:
            while pending or nxt < len(starts):
                while nxt < len(starts) and len(pending) < 3 * workers:
                    first = starts[nxt]
                    pending.append(pool.submit(play_sets, list(tasks[first : first + chunk])))
                    nxt += 1
                yield from pending.popleft().result()
        except BaseException:
            # Ctrl-C (the workers ignore it) or a caller that stopped early: end the
            # workers mid-game rather than wait for the sets in progress.
            stop_workers(pool)
            raise


class ArenaTally:
    """Running figures of an arena: :meth:`add` duplicate sets in game order, then
    :meth:`report`."""

    def __init__(self, rules: str, options: Mapping[str, Any], seed: int,
                 lineup: tuple[str, ...], max_hands: int, timed: bool) -> None:
        self.rules = rules
        self.options = dict(options)
        self.seed = seed
        self.lineup = lineup
        self.max_hands = max_hands
        self.timed = timed
        self.names = list(dict.fromkeys(lineup))
        self.seats_of = {name: lineup.count(name) for name in self.names}
        self.set_means: dict[str, list[float]] = {name: [] for name in self.names}
        self.totals = {name: [0] * 7 for name in self.names}
        self.times: dict[str, list[float]] = {name: [] for name in self.names}
        self.games = self.hands = self.draws = self.capped = 0

    def add(self, plays: Sequence[PlayTally]) -> None:
        """Count one duplicate set (the game in every rotation)."""
        self.games += 1
        net_sum = dict.fromkeys(self.names, 0)
        for r, play in enumerate(plays):
            seated = rotation(self.lineup, r)
            self.hands += play.hands
            self.draws += play.draws
            self.capped += play.capped
            for s, tally in enumerate(play.seats):
                name = seated[s]
                net_sum[name] += tally.net
                t = self.totals[name]
                t[0] += tally.hands
                t[1] += tally.wins
                t[2] += tally.self_draws
                t[3] += tally.deal_ins
                t[4] += tally.win_total
                t[5] += tally.ready
                t[6] += tally.no_pattern_ready
                if play.times:
                    self.times[name].extend(play.times[s])
        for name in self.names:
            self.set_means[name].append(net_sum[name] / (len(plays) * self.seats_of[name]))

    def interval(self, name: str, level: float = 0.95) -> tuple[float, float] | None:
        """The ``level`` interval of a bot's points per game (None before two sets)."""
        values = self.set_means[name]
        if len(values) < 2:
            return None
        mean = statistics.fmean(values)
        spread = statistics.stdev(values) / math.sqrt(len(values))
        half = t_quantile(len(values) - 1, level) * spread
        return (round(mean - half, 4), round(mean + half, 4))

    def significant(self, level: float = 0.95) -> bool:
        """Every bot's ``level`` interval excludes zero."""
        for name in self.names:
            ci = self.interval(name, level)
            if ci is None or ci[0] <= 0.0 <= ci[1]:
                return False
        return True

    def report(self, wall_seconds: float = 0.0) -> ArenaReport:
        """The report of the sets added so far."""
        stats = []
        for name in self.names:
            t = self.totals[name]
            timing = None
            if self.timed and self.times[name]:
                ts = sorted(self.times[name])
                timing = {
                    "mean": round(1000 * statistics.fmean(ts), 4),
                    "p99": round(1000 * ts[min(len(ts) - 1, int(0.99 * len(ts)))], 4),
                    "max": round(1000 * ts[-1], 4),
                    "decisions": len(ts),
                }
            stats.append(
                BotStats(
                    bot=name,
                    seats=self.seats_of[name],
                    points_per_game=round(statistics.fmean(self.set_means[name]), 4),
                    ci95=self.interval(name),
                    win_rate=_ratio(t[1], t[0]),
                    deal_in_rate=_ratio(t[3], t[0]),
                    self_draw_rate=_ratio(t[2], t[0]),
                    avg_win_value=_ratio(t[4], t[1]),
                    no_pattern_ready_rate=_ratio(t[6], t[5]),
                    hands=t[0],
                    ready_hands=t[5],
                    decision_ms=timing,
                )
            )
        return ArenaReport(
            rules=self.rules,
            options=self.options,
            seed=self.seed,
            games=self.games,
            rotations=len(self.lineup),
            hands=self.hands,
            draws=self.draws,
            capped=self.capped,
            lineup=self.lineup,
            bots=tuple(stats),
            max_hands=self.max_hands,
            wall_seconds=wall_seconds,
        )


def run_arena(
    rules: str | Ruleset,
    bots: Sequence[str],
    games: int,
    seed: int,
    *,
    options: Mapping[str, Any] | None = None,
    workers: int = 1,
    max_hands: int = DEFAULT_MAX_HANDS,
    progress: Progress | None = None,
    time_decisions: bool = False,
    until_significant: int | None = None,
) -> ArenaReport:
    """Play a duplicate arena and report each bot's figures (see the module docstring).

    ``time_decisions`` measures every decision (``BotStats.decision_ms``).  With
    ``until_significant`` = K the arena stops after any multiple of K duplicate sets at
    which every bot's interval excludes zero at :func:`stopping_level` (95% over the
    ``games // K`` planned looks, so stopping early does not make a chance difference
    significant); ``games`` is then the number played, and the report is that of a run of
    exactly that many games (game ``i`` is the same game either way; ``ci95`` stays the
    plain 95% interval).

    ``rules`` is a ruleset id or a :class:`~tingpai.rules.Ruleset` built in code (no
    ``options`` then).

    Raises :class:`~tingpai.rules.RuleError` for an unknown rules id or option and
    ValueError for bad bots, games, seed, workers or hand cap, before any game is played.
    """
    opts = dict(options or {})
    ruleset = table_of(rules, opts)
    players = ruleset.options.players
    lineup = fill_lineup(bots, players)
    seed = whole_number("seed", seed)
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be a positive integer, got {games!r}")
    if games > MAX_GAMES:
        raise ValueError(f"games must be at most {MAX_GAMES:,}, got {games:,}")
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ValueError(f"workers must be a positive integer, got {workers!r}")
    if isinstance(max_hands, bool) or not isinstance(max_hands, int) or max_hands < 1:
        raise ValueError(f"max_hands must be a positive integer, got {max_hands!r}")
    if until_significant is not None and (
        isinstance(until_significant, bool) or not isinstance(until_significant, int)
        or until_significant < 2
    ):
        raise ValueError(f"until_significant must be an integer of at least 2, got "
                         f"{until_significant!r}")
    if until_significant is not None and until_significant > games:
        raise ValueError(f"until_significant ({until_significant}) is more than games "
                         f"({games}): the arena would never look; give at most {games}")
    if workers > 1:
        check_sendable(rules)
    tasks = LazyTasks(
        lambda i: ArenaTask(i, game_seed(seed, i), rules, opts, lineup, max_hands,
                            time_decisions),
        0, games,
    )
    tally = ArenaTally(ruleset.id, opts, seed, lineup, max_hands, time_decisions)
    level = stopping_level(games, until_significant) if until_significant else 0.95
    start = time.perf_counter()
    for done, plays in enumerate(_run(tasks, workers), start=1):
        tally.add(plays)
        if progress is not None:
            progress(done, games)
        if until_significant and done % until_significant == 0 and tally.significant(level):
            break
    return tally.report(time.perf_counter() - start)

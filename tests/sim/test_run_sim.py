"""``run_sim`` and its parts: seeding, backends, aggregation, validation."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future
from pathlib import Path
from typing import Any, ClassVar

import pytest

from tingpai.bots import play_game
from tingpai.engine import replay
from tingpai.rules import RuleError, WinKind, ruleset_ids
from tingpai.sim import (
    Backend,
    GameOutcome,
    GameTask,
    HandSummary,
    ProcessBackend,
    SerialBackend,
    WinSummary,
    game_seed,
    local_backend,
    play_task,
    resolve_bots,
    run_sim,
)
from tingpai.sim.arena import run_arena


def test_game_seeds_are_deterministic_and_distinct() -> None:
    seeds = {game_seed(s, i) for s in range(5) for i in range(50)}
    assert len(seeds) == 250  # nearby run seeds share no games
    assert game_seed(3, 7) == game_seed(3, 7)
    assert all(0 <= s < 2**63 for s in seeds)


def test_a_task_plays_the_game_play_game_plays() -> None:
    seed = game_seed(9, 0)
    bots = ("greedy", "random", "random")
    outcome = play_task(GameTask(0, seed, "hu-3p", {}, bots, keep_record=True))
    run = play_game(list(bots), seed, "hu-3p")
    assert outcome.record is not None
    assert json.loads(outcome.record) == run.record
    assert outcome.final_scores == run.result.scores
    assert outcome.ranking == run.result.ranking
    assert [h.end for h in outcome.hands] == [r.end for r in run.hands]
    assert play_task(GameTask(0, seed, "hu-3p", {}, bots)).record is None


def test_resolve_bots() -> None:
    assert resolve_bots("random", 3) == ("random",) * 3
    assert resolve_bots(["greedy"], 2) == ("greedy", "greedy")
    assert resolve_bots(["greedy", "random"], 2) == ("greedy", "random")
    with pytest.raises(ValueError, match="3 bots for a 2-player table"):
        resolve_bots(["greedy"] * 3, 2)
    with pytest.raises(ValueError, match="unknown bot 'human'"):
        resolve_bots("human", 4)


def test_bad_arguments_raise_before_playing(tmp_path: Path) -> None:
    with pytest.raises(RuleError, match="unknown rules id"):
        run_sim("nope", {}, 1, 0, "random", records_dir=tmp_path / "r")
    with pytest.raises(RuleError, match="unknown option"):
        run_sim("hu-4p", {"nope": 1}, 1, 0, "random")
    with pytest.raises(ValueError, match="workers"):
        run_sim("hu-4p", {}, 1, 0, "random", workers=0)
    with pytest.raises(ValueError, match="games"):
        run_sim("hu-4p", {}, -1, 0, "random")
    assert not (tmp_path / "r").exists()


def test_zero_games_is_an_empty_report() -> None:
    report = run_sim("hu-2p", None, 0, 0, "random")
    assert report.games == report.hands == report.wins == 0
    assert all(v == 0 for v in report.rates.values())
    assert report.to_json()["timing"]["workers"] == 1


def test_progress_counts_every_game_in_order() -> None:
    calls: list[tuple[int, int]] = []
    run_sim("hu-2p", {}, 3, 1, "random", progress=lambda d, t: calls.append((d, t)))
    assert calls == [(1, 3), (2, 3), (3, 3)]


class ReversedBackend:
    """A backend whose games finish in reverse order (it still yields in task order)."""

    name = "reversed"
    workers = 1

    def run(self, tasks: Sequence[GameTask]) -> Iterator[GameOutcome]:
        done = {t.index: play_task(t) for t in reversed(tasks)}
        for t in tasks:
            yield done[t.index]


def test_backends_give_identical_reports() -> None:
    assert isinstance(ReversedBackend(), Backend)
    assert isinstance(local_backend(1), SerialBackend)
    assert isinstance(local_backend(2), ProcessBackend)
    def run(backend: Backend | None = None) -> dict[str, Any]:
        report = run_sim("hu-3p", {}, 5, 4, ["random", "greedy", "random"], backend=backend)
        return report.to_json()

    base = run()
    other = run(ReversedBackend())
    pooled = run(ProcessBackend(2, chunk=2))
    assert other.pop("timing")["backend"] == "reversed"
    assert pooled.pop("timing")["backend"] == "processes"
    base.pop("timing")
    assert base == other == pooled


def test_statistics_are_counted_per_hand_and_per_win() -> None:
    """Two games made up by hand, aggregated by the real SimStats."""
    from tingpai.rules import find_ruleset
    from tingpai.sim import SimStats, Timing

    rs = find_ruleset("hu-2p")
    pung = ("value_triplet", "Value Triplet", "")
    flower = ("flower_tile", "Flower Tile", "")
    bonus = ("dealer_repeats", "Dealer Repeats", "")
    g1 = GameOutcome(
        0, 1,
        (
            HandSummary(WinKind.SELF_DRAW, 0, (WinSummary(0, WinKind.SELF_DRAW, None, 500,
                                                          (pung, flower)),)),
            HandSummary(WinKind.EXHAUSTIVE_DRAW, 0, ()),
            HandSummary(WinKind.DISCARD, 1, (WinSummary(0, WinKind.DISCARD, 1, 300,
                                                        (pung, bonus)),)),
        ),
        (40000, 40000), (41000, 39000), (0, 1),
    )
    g2 = GameOutcome(
        1, 2,
        (HandSummary(WinKind.ROBBING_KONG, 0, (WinSummary(1, WinKind.ROBBING_KONG, 0, 100,
                                                          (flower,)),)),),
        (40000, 40000), (39500, 40500), (1, 0),
    )
    stats = SimStats(rs, {}, ("greedy", "random"), 7)
    stats.add(g1)
    stats.add(g2)
    report = stats.report(Timing(1.0, 4.0, 2.0, "serial", 1))
    assert report.hands == 4 and report.wins == 3
    assert report.rates["self_draw"] == 0.25
    assert report.rates["discard"] == 0.5  # robbing the kong counts as a discard win
    assert report.rates["exhaustive_draw"] == 0.25
    assert report.rates["win"] == 0.75
    assert report.rates["dealer_win"] == 0.25  # only in the first hand did the dealer win
    assert report.mean_win_total == 300.0
    s0, s1 = report.seats
    assert (s0.mean_score, s0.mean_delta, s0.wins, s0.self_draws) == (40250.0, 250.0, 2, 1)
    assert (s1.dealt_in, s0.dealt_in, s0.first_places, s1.first_places) == (1, 1, 1, 1)
    by_id = {p.id: p for p in report.patterns}
    assert by_id["value_triplet"].count == 2
    assert by_id["value_triplet"].frequency == pytest.approx(2 / 3, abs=1e-6)
    assert by_id["flower_tile"].count == 2
    assert by_id["dealer_repeats"].bonus and by_id["dealer_repeats"].count == 1
    assert not by_id["value_triplet"].bonus
    assert report.patterns[-1].id == "dealer_repeats"  # bonuses after the ruleset's list
    assert report.ends["robbing-kong"] == 1 and report.ends["eight-immortals"] == 0


@pytest.mark.parametrize("rules", ruleset_ids())
def test_every_ruleset_simulates_and_its_records_replay(rules: str, tmp_path: Path) -> None:
    report = run_sim(rules, {}, 1, 0, "greedy", records_dir=tmp_path)
    parts = ("self_draw", "discard", "special", "exhaustive_draw")
    assert sum(report.rates[k] for k in parts) == pytest.approx(1, abs=1e-5)
    assert sum(report.ends.values()) == report.hands >= 1
    result = replay((tmp_path / "game-00001.json").read_text(encoding="utf-8"))
    assert [s.mean_score for s in report.seats] == list(result.scores)
    assert len(result.hands) == report.hands


class RecordingPool:
    """A stand-in for ProcessPoolExecutor that records its size and runs jobs in place."""

    sizes: ClassVar[list[int]] = []

    def __init__(self, max_workers: int, **options: Any) -> None:
        RecordingPool.sizes.append(max_workers)

    def __enter__(self) -> RecordingPool:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def submit(self, fn: Callable[..., Any], *args: Any) -> Future[Any]:
        future: Future[Any] = Future()
        future.set_result(fn(*args))
        return future


def _sim(games: int, workers: int) -> int:
    return run_sim("hu-2p", {}, games, 1, ["random"], backend=ProcessBackend(workers),
                   max_hands=1).games


def _arena(games: int, workers: int) -> int:
    return run_arena("hu-2p", ["random"], games=games, seed=1, workers=workers,
                     max_hands=1).games


@pytest.mark.parametrize(("pool_of", "run"), [("tingpai.sim.backends", _sim),
                                               ("tingpai.sim.backends", _arena)])
@pytest.mark.parametrize(("games", "workers", "pool"), [(1, 100_000, 1), (3, 10_000, 3),
                                                          (5, 2, 2)])
def test_a_worker_count_above_the_games_starts_no_idle_processes(
    pool_of: str, run: Callable[[int, int], int], games: int, workers: int, pool: int,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``tingpai sim`` or ``tingpai arena`` with ``--workers 100000 --games 1`` once forked
    100,000 processes (the pool starts all of them at once) and hung; the pool now has at
    most one process per game (per batch of duplicate sets in the arena)."""
    RecordingPool.sizes = []
    monkeypatch.setattr(f"{pool_of}.ProcessPoolExecutor", RecordingPool)
    assert run(games, workers) == games
    assert RecordingPool.sizes == [pool]

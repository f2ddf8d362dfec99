"""Batch self-play: many seeded bot games, their records and their statistics.

:func:`run_sim` plays ``games`` full games (game ``i`` seeded from the run seed and ``i``,
:func:`game_seed`), optionally saves each record, and returns a :class:`SimReport` (rates
per hand, average scores per seat, pattern frequencies, average winning total, and the
measured ``timing``).  Where the games run is a :class:`Backend`: :class:`SerialBackend`
(this process) or :class:`ProcessBackend` (a local process pool, ``workers`` > 1); results
are aggregated in game order, so they are identical for any backend, :class:`RayBackend`
(a local Ray instance or a cluster) included.  With ``out`` a run's rows are stored as
they finish and a stopped run can be resumed (:mod:`tingpai.sim.store`); the balance
report over stored runs is :mod:`tingpai.sim.balance`.

>>> report = run_sim("hu-2p", {}, games=1, seed=7, bots="greedy")
>>> report.games, abs(sum(report.rates[k] for k in
...     ("self_draw", "discard", "special", "exhaustive_draw")) - 1) < 1e-5
(1, True)
"""

from __future__ import annotations

from tingpai.sim.backends import Backend, ProcessBackend, SerialBackend, local_backend
from tingpai.sim.games import (
    GameOutcome,
    GameTask,
    HandSummary,
    WinSummary,
    game_seed,
    play_task,
    play_tasks,
    summarize_hand,
)
from tingpai.sim.ray_backend import RayBackend
from tingpai.sim.readiness import no_pattern_ready
from tingpai.sim.report import PatternStats, SeatStats, SimReport, SimStats, Timing
from tingpai.sim.runner import Progress, SimInterrupted, record_name, resolve_bots, run_sim
from tingpai.sim.store import Manifest, StoreError, read_manifest, stored_outcomes

__all__ = [
    "Backend",
    "GameOutcome",
    "GameTask",
    "HandSummary",
    "Manifest",
    "PatternStats",
    "ProcessBackend",
    "Progress",
    "RayBackend",
    "SeatStats",
    "SerialBackend",
    "SimInterrupted",
    "SimReport",
    "SimStats",
    "StoreError",
    "Timing",
    "WinSummary",
    "game_seed",
    "local_backend",
    "no_pattern_ready",
    "play_task",
    "play_tasks",
    "read_manifest",
    "record_name",
    "resolve_bots",
    "run_sim",
    "stored_outcomes",
    "summarize_hand",
]

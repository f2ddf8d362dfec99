"""Batch self-play: many seeded bot games, their records and their statistics.

:func:`run_sim` plays ``games`` full games (game ``i`` seeded from the run seed and ``i``,
:func:`game_seed`), optionally saves each record, and returns a :class:`SimReport` (rates
per hand, average scores per seat, pattern frequencies, average winning total, and the
measured ``timing``).  Where the games run is a :class:`Backend`: :class:`SerialBackend`
(this process) or :class:`ProcessBackend` (a local process pool, ``workers`` > 1); results
are aggregated in game order, so they are identical for any backend.

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
)
from tingpai.sim.report import PatternStats, SeatStats, SimReport, SimStats, Timing
from tingpai.sim.runner import Progress, record_name, resolve_bots, run_sim

__all__ = [
    "Backend",
    "GameOutcome",
    "GameTask",
    "HandSummary",
    "PatternStats",
    "ProcessBackend",
    "Progress",
    "SeatStats",
    "SerialBackend",
    "SimReport",
    "SimStats",
    "Timing",
    "WinSummary",
    "game_seed",
    "local_backend",
    "play_task",
    "play_tasks",
    "record_name",
    "resolve_bots",
    "run_sim",
]

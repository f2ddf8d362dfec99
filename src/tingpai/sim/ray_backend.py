"""Simulation on Ray: :class:`RayBackend`, the :class:`~tingpai.sim.backends.Backend` for a
cluster (or a local Ray instance on this machine).

Games go out as Ray tasks in batches, a few batches per CPU in flight, and come back in
task order (:func:`~tingpai.sim.backends.in_task_order`, the same batching as the process
pool), so a run's results are identical on Ray, in a process pool and serially.

Without ``address`` a local Ray instance is started with ``workers`` CPUs (default: every
CPU of this machine) and stopped when the run ends; with ``address`` (``"auto"``, or
``"ray://HEAD:10001"`` / ``"HEAD:6379"``) the run joins that cluster and uses all its CPUs.
If Ray is already initialized in this process (a notebook, a test session) the backend uses
that instance and leaves it running.  Every node of a cluster needs tingpai installed (the
same version), like any Ray job's code.  Ray is in the ``lab`` extra
(``pip install 'tingpai[lab]'``); the library core never imports it.
"""

from __future__ import annotations

import contextlib
import importlib
import logging
import os
from collections.abc import Iterator, Sequence
from typing import Any

from tingpai.sim.backends import in_task_order
from tingpai.sim.games import GameOutcome, GameTask, play_tasks


def import_ray() -> Any:
    """The ``ray`` module, or ImportError saying which extra provides it."""
    try:
        return importlib.import_module("ray")
    except ImportError:
        raise ImportError("the Ray backend needs ray: pip install 'tingpai[lab]'") from None


class RayBackend:
    """Plays the games as Ray tasks, locally or on a cluster."""

    name = "ray"

    def __init__(
        self, address: str | None = None, workers: int | None = None, chunk: int | None = None
    ) -> None:
        if workers is not None and workers < 1:
            raise ValueError(f"workers must be at least 1, got {workers}")
        if chunk is not None and chunk < 1:
            raise ValueError(f"chunk must be at least 1, got {chunk}")
        self.address = address
        self.chunk = chunk
        self.workers = workers or (os.cpu_count() or 1)
        """CPUs the run uses (known for a cluster once connected)."""

    def _connect(self, ray: Any) -> bool:
        """Initialize Ray unless it already is; True when this call started it."""
        if ray.is_initialized():
            started = False
        elif self.address is None:
            ray.init(
                num_cpus=self.workers,
                include_dashboard=False,
                log_to_driver=False,
                logging_level=logging.WARNING,
            )
            started = True
        else:
            ray.init(address=self.address, log_to_driver=False, logging_level=logging.WARNING)
            started = True
        self.workers = max(1, int(ray.cluster_resources().get("CPU", 1)))
        return started

    def run(self, tasks: Sequence[GameTask]) -> Iterator[GameOutcome]:
        """Play the tasks on Ray; yield outcomes in task order."""
        if not tasks:
            return
        ray = import_ray()
        started = self._connect(ray)
        try:
            play = ray.remote(num_cpus=1)(play_tasks)

            def cancel(ref: Any) -> None:
                with contextlib.suppress(Exception):  # finished or gone: nothing to cancel
                    ray.cancel(ref)

            yield from in_task_order(
                tasks,
                self.workers,
                self.chunk,
                lambda batch: play.remote(list(batch)),
                ray.get,
                cancel,
            )
        finally:
            if started:
                ray.shutdown()

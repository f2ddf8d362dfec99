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
import socket
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


def start_local_ray(cpus: int) -> Any:
    """Start a local Ray instance with ``cpus`` CPUs, bound to the loopback address (it
    serves only this machine), without the dashboard; returns the ``ray`` module."""
    ray = import_ray()
    ray.init(num_cpus=cpus, include_dashboard=False, log_to_driver=False,
             logging_level=logging.WARNING, _node_ip_address="127.0.0.1")
    return ray


REACH_TIMEOUT = 5.0
"""Seconds to wait for a cluster address to answer before giving up on it (Ray itself
retries an address that does not answer for minutes)."""


def check_reachable(address: str) -> None:
    """ValueError naming ``address`` when it is ``HOST:PORT`` (or ``ray://HOST:PORT``) and
    nothing accepts a connection there within :data:`REACH_TIMEOUT`; other forms
    (``"auto"``) are left to Ray."""
    host, colon, port = address.removeprefix("ray://").rpartition(":")
    if not colon or not host or not port.isdigit():
        return
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=REACH_TIMEOUT):
            pass
    except (OSError, ValueError, OverflowError) as exc:
        raise ValueError(
            f"cannot reach Ray at {address}: nothing answers there ({exc}); is the "
            "cluster's head node running, and is this its address?"
        ) from None


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
        """CPUs the run uses (known for a cluster once connected: its CPUs, or the
        ``workers`` given when fewer, so a run can leave room for others' jobs)."""
        self._cap = workers
        self._owns = False

    def connect(self) -> None:
        """Initialize Ray unless it already is (a local instance, or the cluster at
        :attr:`address`); ValueError naming the address when that fails.  :meth:`run`
        connects by itself; calling this first reports a bad address before a run starts."""
        ray = import_ray()
        if not ray.is_initialized():
            where = "a local Ray instance" if self.address is None else f"Ray at {self.address}"
            if self.address is not None:
                check_reachable(self.address)
            try:
                if self.address is None:
                    start_local_ray(self.workers)
                else:
                    ray.init(address=self.address, log_to_driver=False,
                             logging_level=logging.WARNING)
            except Exception as exc:  # Ray raises several kinds: name the cause
                raise ValueError(f"cannot start {where}: {exc}") from None
            self._owns = True
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        self.workers = cpus if self._cap is None else min(cpus, self._cap)

    def close(self) -> None:
        """Stop the Ray instance this backend started (one it found running stays)."""
        if self._owns:
            import_ray().shutdown()
            self._owns = False

    def run(self, tasks: Sequence[GameTask]) -> Iterator[GameOutcome]:
        """Play the tasks on Ray; yield outcomes in task order."""
        if not tasks:
            return
        self.connect()
        ray = import_ray()
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
            self.close()

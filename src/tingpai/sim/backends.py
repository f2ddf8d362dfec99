"""Where simulated games run: the :class:`Backend` protocol and the local backends.

A backend takes the run's :class:`~tingpai.sim.games.GameTask` list and yields one
:class:`~tingpai.sim.games.GameOutcome` per task **in task order**, whatever order the
games actually finish in; that is what makes a run's statistics identical for any number
of workers.  :class:`SerialBackend` plays in this process; :class:`ProcessBackend` uses a
:class:`concurrent.futures.ProcessPoolExecutor`.  A cluster backend (Ray) only has to
implement :meth:`Backend.run` the same way: :class:`~tingpai.sim.ray_backend.RayBackend`
does, through the same :func:`in_task_order` batching.
"""

from __future__ import annotations

import os
import signal
import threading
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Protocol, TypeVar, runtime_checkable

from tingpai.sim.games import GameOutcome, GameTask, play_task, play_tasks

MAX_WORKERS = 1024
"""Most processes a local pool starts, whatever worker count it is given: more would only
fork the machine out of memory (the results do not depend on the count)."""


@runtime_checkable
class Backend(Protocol):
    """Runs game tasks somewhere and yields their outcomes in task order."""

    name: str
    """Short name shown in reports (``serial``, ``processes``, ...)."""
    workers: int
    """How many games may run at once."""

    def run(self, tasks: Sequence[GameTask]) -> Iterator[GameOutcome]:
        """Play every task; yield the outcomes in the order of ``tasks``."""
        ...


class SerialBackend:
    """Plays the games one after another in this process."""

    name = "serial"
    workers = 1

    def run(self, tasks: Sequence[GameTask]) -> Iterator[GameOutcome]:
        """Play each task in turn."""
        for task in tasks:
            yield play_task(task)


class ProcessBackend:
    """Plays the games in a pool of ``workers`` local processes.

    Tasks go out one game at a time by default (``chunk`` games per task if given), at
    most a few per worker in flight, so memory stays bounded for long runs, and each game
    comes back as soon as it is played: progress moves game by game, and a run stopped by
    Ctrl-C keeps every game already back rather than losing whole batches in flight.
    """

    name = "processes"

    def __init__(self, workers: int, chunk: int | None = None) -> None:
        if workers < 1:
            raise ValueError(f"workers must be at least 1, got {workers}")
        if chunk is not None and chunk < 1:
            raise ValueError(f"chunk must be at least 1, got {chunk}")
        self.workers = workers
        self.chunk = chunk

    def run(self, tasks: Sequence[GameTask]) -> Iterator[GameOutcome]:
        """Play the tasks in the pool; yield outcomes in task order as batches finish.

        The pool has at most one process per game and at most :data:`MAX_WORKERS`: a
        worker count far above the games or the machine starts no idle processes."""
        if not tasks:
            return
        workers = min(self.workers, len(tasks), MAX_WORKERS)
        with worker_pool(workers) as pool:

            def submit(batch: Sequence[GameTask]) -> Future[list[GameOutcome]]:
                return pool.submit(play_tasks, batch)

            try:
                # Nothing is cancelled one by one: stop_workers ends the pool, which fails
                # every future left (a future cancelled first would make Python 3.11's pool
                # print an InvalidStateError traceback as it breaks).
                yield from in_task_order(
                    tasks, workers, self.chunk or 1, submit, lambda f: f.result(),
                    lambda f: None,
                )
            except BaseException:  # Ctrl-C, or the consumer stopped early
                stop_workers(pool)
                raise


PARENT_POLL_SECONDS = 0.5
"""How often a pool worker checks that the process that started it is still there."""


def exit_with_parent() -> None:
    """A pool worker's initializer: end this worker as soon as the process that started it
    is gone (the run killed by SIGTERM or SIGKILL, which gives the pool no chance to stop
    its workers).  Without it the orphaned workers would sleep forever, holding the
    command's standard output and error open, so whoever waits for them (a shell pipe, a
    job scheduler, ``subprocess.run``) would wait forever too."""
    parent = os.getppid()

    def watch() -> None:
        pause = threading.Event()
        while os.getppid() == parent:
            pause.wait(PARENT_POLL_SECONDS)
        os._exit(1)

    threading.Thread(target=watch, name="exit-with-parent", daemon=True).start()


def start_worker() -> None:
    """A pool worker's initializer: Ctrl-C is the parent's to handle (it stops the run and
    keeps the games already back), so the worker ignores SIGINT, which the terminal sends
    to the whole process group; and the worker ends with its parent
    (:func:`exit_with_parent`)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    exit_with_parent()


def worker_pool(workers: int) -> ProcessPoolExecutor:
    """A pool of ``workers`` processes (at most :data:`MAX_WORKERS`) that ignore Ctrl-C and
    end when the process that started them ends, however it ends (:func:`start_worker`):
    the pool of the simulation and the arena."""
    return ProcessPoolExecutor(
        max_workers=min(workers, MAX_WORKERS), initializer=start_worker
    )


def stop_workers(pool: ProcessPoolExecutor) -> None:
    """End the pool's worker processes now, mid-game: a run stopped (Ctrl-C) or abandoned
    by its consumer does not wait for the games in progress, whose outcomes nobody will
    read (the pool's shutdown would otherwise wait for each to finish).  The pool is
    broken then, and every future left fails."""
    for process in list((getattr(pool, "_processes", None) or {}).values()):
        process.kill()  # SIGKILL: no handler a library installed runs (Ray's dumps stacks)


Handle = TypeVar("Handle")


def batch_size(tasks: int, workers: int, chunk: int | None) -> int:
    """Games per batch: ``chunk``, or small enough that every worker gets several
    batches (so a slow batch does not leave the others idle), at most 32."""
    return chunk or max(1, min(32, tasks // (4 * workers)))


def in_task_order(
    tasks: Sequence[GameTask],
    workers: int,
    chunk: int | None,
    submit: Callable[[Sequence[GameTask]], Handle],
    result: Callable[[Handle], list[GameOutcome]],
    cancel: Callable[[Handle], object],
) -> Iterator[GameOutcome]:
    """Run ``tasks`` in batches through ``submit`` (any pool: processes, Ray) with at most
    a few batches per worker in flight, yielding the outcomes in task order; batches still
    in flight are cancelled when the consumer stops early."""
    size = batch_size(len(tasks), workers, chunk)
    starts = range(0, len(tasks), size)  # each batch is sliced when it is submitted
    window = 4 * workers
    pending: deque[Handle] = deque()
    next_batch = 0
    try:
        while pending or next_batch < len(starts):
            while next_batch < len(starts) and len(pending) < window:
                first = starts[next_batch]
                pending.append(submit(list(tasks[first : first + size])))
                next_batch += 1
            yield from result(pending.popleft())
    finally:
        for handle in pending:
            cancel(handle)


def local_backend(workers: int = 1) -> Backend:
    """The local backend for a worker count: serial for 1, a process pool above."""
    if workers < 1:
        raise ValueError(f"workers must be at least 1, got {workers}")
    return SerialBackend() if workers == 1 else ProcessBackend(workers)

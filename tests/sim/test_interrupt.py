"""A real interruption: ``tingpai sim --out`` is killed mid-run (SIGKILL, no chance to
clean up) or interrupted (SIGINT, as Ctrl-C), then ``--resume`` finishes it; the rows and
the report equal those of an uninterrupted run."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tingpai.sim import run_sim, stored_outcomes

GAMES = 60
RUN = ["--rules", "hu-2p", "--games", str(GAMES), "--seed", "9", "--bots", "random", "--json"]


def _default_sigint() -> None:
    # An ignored SIGINT is inherited across exec, and Python then installs no
    # KeyboardInterrupt handler: under a parent that ignores it (a shell's background
    # job, `make test &`) the SIGINT below would be a no-op for the child.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def tingpai(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "tingpai.cli", "sim", *args],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"}, preexec_fn=_default_sigint,
    )


def finished(*args: str) -> dict[str, Any]:
    proc = tingpai(*args)
    out, err = proc.communicate(timeout=300)
    assert proc.returncode == 0, err
    result: dict[str, Any] = json.loads(out)
    return result


def interrupt_when(proc: subprocess.Popen[str], ready: Callable[[], bool], sig: int) -> None:
    """Send ``sig`` once ``ready()`` holds (some games stored), before the run ends."""
    deadline = time.monotonic() + 120
    while not ready():
        assert proc.poll() is None, "the run ended before it could be interrupted"
        assert time.monotonic() < deadline
        time.sleep(0.02)
    proc.send_signal(sig)
    proc.communicate(timeout=60)
    assert proc.returncode != 0


def stored_lines(folder: Path) -> int:
    rows = folder / "games.jsonl"
    return rows.read_bytes().count(b"\n") if rows.exists() else 0


@pytest.mark.parametrize(
    ("storage", "sig"),
    [("jsonl", signal.SIGKILL), ("parquet", signal.SIGINT)],
)
def test_interrupted_then_resumed_equals_uninterrupted(
    tmp_path: Path, storage: str, sig: int
) -> None:
    if storage == "parquet":
        pytest.importorskip("pyarrow")
    store = ["--storage", storage, "--flush-every", "10"]
    whole = run_sim("hu-2p", {}, GAMES, 9, "random", out=tmp_path / "whole", storage=storage,
                    flush_every=10).to_json()

    part = tmp_path / "part"
    proc = tingpai(*RUN, *store, "--out", str(part))
    if storage == "jsonl":
        interrupt_when(proc, lambda: stored_lines(part) >= 5, sig)
    else:
        parts = part / "games"
        interrupt_when(proc, lambda: len(list(parts.glob("part-*.parquet"))) >= 1, sig)
    stopped = len(list(stored_outcomes(part)))
    assert 0 < stopped < GAMES

    resumed = finished("--out", str(part), "--resume", "--json")  # the rest: manifest
    assert resumed["timing"]["resumed_games"] == stopped
    whole.pop("timing")
    resumed.pop("timing")
    assert resumed == whole
    assert list(stored_outcomes(part)) == list(stored_outcomes(tmp_path / "whole"))

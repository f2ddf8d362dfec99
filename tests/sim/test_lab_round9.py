"""Ninth audit of the lab, used as a host running long runs would: each test fails on the
code it was written against.

* Ctrl-C (SIGINT to the whole process group, as a terminal sends it) during a run with
  worker processes stopped silently with status 130; the workers got the signal too, and
  every game of the batches in flight (up to 32 per batch, finished or not) was lost.  Now
  the workers ignore it, the games come back one by one (so the progress moves game by
  game), every game already back is stored, and the run says how many and how to resume.
* ``--resume`` refused an option given at the value the run already had (its default),
  as "another run"; a real change is still refused, naming the option and both values.
* The balance report's label sorted the bots: ``greedy`` in seat 0 against three
  ``random`` and ``random`` in seat 0 against ``greedy`` read the same.
* A manifest whose table cannot be built (an unknown option, a bot count that is not the
  table's) is named by ``report`` and ``--resume``.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import Future
from pathlib import Path
from typing import Any

import pytest

import tingpai.sim.backends as backends
from tingpai.cli import main
from tingpai.sim import (
    GameOutcome,
    GameTask,
    Manifest,
    ProcessBackend,
    SimInterrupted,
    StoreError,
    run_sim,
    stored_outcomes,
)
from tingpai.sim.balance import BalanceRun
from tingpai.sim.games import play_tasks
from tingpai.sim.store import changed_options


def _ctrl_c_ready() -> None:
    # A parent that ignores SIGINT (a background job) would pass that on; and a session of
    # its own lets the test signal the whole group, workers included, as a terminal does.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _rows(folder: Path) -> int:
    rows = folder / "games.jsonl"
    return rows.read_bytes().count(b"\n") if rows.exists() else 0


# --- Ctrl-C ----------------------------------------------------------------------------------


def test_ctrl_c_keeps_every_game_back_and_says_how_to_resume(tmp_path: Path) -> None:
    run = tmp_path / "run"
    args = ["--rules", "hu-2p", "--games", "400", "--seed", "4", "--bots", "random",
            "--workers", "2", "--out", str(run)]
    proc = subprocess.Popen(
        [sys.executable, "-m", "tingpai.cli", "sim", *args],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"}, preexec_fn=_ctrl_c_ready,
        start_new_session=True,
    )
    deadline = time.monotonic() + 120
    while _rows(run) < 5:
        assert proc.poll() is None, "the run ended before it could be interrupted"
        assert time.monotonic() < deadline
        time.sleep(0.02)
    os.killpg(proc.pid, signal.SIGINT)
    _, err = proc.communicate(timeout=30)  # no wait for the games in progress
    assert proc.returncode == 130, err
    assert "Traceback" not in err and "Error" not in err
    said = re.search(r"interrupted after (\d+) of 400 games, all stored in (\S+); continue "
                     r"the run with: tingpai sim --out (\S+) --resume", err)
    assert said is not None, err
    assert said[2] == said[3] == str(run)
    kept = int(said[1])
    assert kept == len(list(stored_outcomes(run))) == _rows(run)
    assert 5 <= kept < 400


def test_without_a_run_directory_ctrl_c_says_nothing_was_kept(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def stopped(**_: Any) -> None:
        raise SimInterrupted(7, 100)

    monkeypatch.setattr("tingpai.cli.sim_cmd.run_sim", stopped)
    assert main(["sim", "--games", "100", "--json"]) == 130
    out, err = capsys.readouterr()
    assert "interrupted after 7 of 100 games" in err and "--out DIR" in err
    assert "interrupted after 7 of 100" in json.loads(out)["error"]


def test_the_pool_sends_each_game_back_as_soon_as_it_is_played(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Batches of up to 32 games came back whole: the progress jumped by 32, and Ctrl-C
    lost every game of a batch in flight."""
    sizes: list[int] = []

    class Pool:  # the process pool, played here
        def __init__(self, workers: int) -> None:
            self.workers = workers

        def __enter__(self) -> Pool:
            return self

        def __exit__(self, *exc: object) -> None:
            return None

        def submit(self, fn: Any, batch: Sequence[GameTask]) -> Future[list[GameOutcome]]:
            sizes.append(len(batch))
            done: Future[list[GameOutcome]] = Future()
            done.set_result(play_tasks(batch))
            return done

    monkeypatch.setattr(backends, "worker_pool", Pool)
    tasks = [GameTask(i, i, "hu-2p", {}, ("random", "random"), max_hands=1)
             for i in range(300)]
    outcomes = list(ProcessBackend(2).run(tasks))
    assert [o.index for o in outcomes] == list(range(300))
    assert set(sizes) == {1}
    sizes.clear()
    list(ProcessBackend(2, chunk=5).run(tasks[:20]))  # a chunk asked for is kept
    assert set(sizes) == {5}


def test_a_consumer_that_stops_early_does_not_wait_for_the_games_in_progress() -> None:
    """hk-4p games of greedy bots last seconds each; stopping after the first game used to
    wait for every batch already running."""
    tasks = [GameTask(i, i, "hk-4p", {}, ("greedy",) * 4, max_hands=200) for i in range(40)]
    outcomes: Iterator[GameOutcome] = ProcessBackend(2).run(tasks)
    next(outcomes)
    start = time.monotonic()
    outcomes.close()  # type: ignore[attr-defined]
    assert time.monotonic() - start < 3  # it waited 9 s for the batches in progress


# --- resume: the same table, however spelt -----------------------------------------------


def test_resume_accepts_an_option_given_at_the_runs_value(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run = tmp_path / "run"
    first = ["sim", "--rules", "hu-2p", "--bots", "random", "--seed", "2", "--out", str(run),
             "--json", "--max-hands", "3"]
    assert main([*first, "--games", "2", "--option", "pond_limit=22"]) == 0
    capsys.readouterr()
    # flowers=true is the default; pond_limit=22 is what the run has
    assert main(["sim", "--out", str(run), "--resume", "--games", "3", "--json",
                 "--option", "flowers=true", "--option", "pond_limit=22"]) == 0
    resumed = json.loads(capsys.readouterr().out)
    assert resumed["options"] == {"pond_limit": 22} and resumed["games"] == 3
    whole = run_sim("hu-2p", {"pond_limit": 22}, 3, 2, "random", max_hands=3).to_json()
    resumed.pop("timing")
    whole.pop("timing")
    assert resumed == whole
    manifest = json.loads((run / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["options"] == {"pond_limit": 22}


def test_resume_refuses_a_real_change_naming_the_option(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run = tmp_path / "run"
    assert main(["sim", "--rules", "hu-2p", "--bots", "random", "--games", "1", "--out",
                 str(run), "--json", "--max-hands", "2"]) == 0
    capsys.readouterr()
    assert main(["sim", "--out", str(run), "--resume", "--games", "2", "--json",
                 "--option", "flowers=true", "--option", "pond_limit=20"]) == 2
    error = json.loads(capsys.readouterr().out)["error"]
    assert "(options: pond_limit 22 there, 20 asked)" in error and "flowers" not in error


def test_the_python_resume_accepts_the_same_table_too(tmp_path: Path) -> None:
    run = tmp_path / "run"
    run_sim("hu-2p", {}, 1, 5, "random", out=run, max_hands=2)
    report = run_sim("hu-2p", {"flowers": True}, 2, 5, "random", out=run, resume=True,
                     max_hands=2)
    assert report.options == {} and report.timing.resumed_games == 1
    with pytest.raises(StoreError, match="options: flowers true there, false asked"):
        run_sim("hu-2p", {"flowers": False}, 3, 5, "random", out=run, resume=True,
                max_hands=2)


def test_changed_options_are_named_by_effect() -> None:
    assert changed_options("hk-4p", {}, {"min_fan": 3, "pao": True}) == []
    assert changed_options("hk-4p", {"min_fan": 3}, {"min_fan": 4}) == ["min_fan"]
    assert changed_options("hu-4p", {"pond_limit": 20}, {}) == ["pond_limit"]


# --- balance report labels ---------------------------------------------------------------


def _run(tmp_path: Path, bots: tuple[str, ...]) -> BalanceRun:
    manifest = Manifest("hu-4p", {}, bots, 1, 0)
    return BalanceRun.from_outcomes(tmp_path, manifest, [])


def test_a_runs_label_keeps_the_seat_order(tmp_path: Path) -> None:
    one = _run(tmp_path, ("greedy", "random", "random", "random"))
    other = _run(tmp_path, ("random", "random", "random", "greedy"))
    assert one.label == "hu-4p (greedy, random, random, random)"
    assert other.label == "hu-4p (random, random, random, greedy)"
    assert _run(tmp_path, ("expert",) * 4).label == "hu-4p (expert)"


# --- a manifest naming a table that cannot be built -----------------------------------------


@pytest.mark.parametrize(("options", "bots", "said"), [
    ({"foo": 1}, ["greedy"] * 4, "unknown option 'foo' for hu-4p"),
    ({}, ["greedy"], "the manifest names 1 bots for a 4-player table"),
])
def test_report_and_resume_name_the_manifest_of_a_table_that_cannot_be_built(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], options: dict[str, Any],
    bots: list[str], said: str,
) -> None:
    """An unknown option said only ``unknown option 'foo' for hu-4p`` (which run?), and a
    resume of a manifest with one bot for four seats said it "holds another run"."""
    run = tmp_path / "run"
    run.mkdir()
    (run / "manifest.json").write_text(json.dumps(
        {"format": "tingpai-lab/1", "rules": "hu-4p", "options": options, "bots": bots,
         "seed": 0, "games": 5}), encoding="utf-8")
    for argv in (["report", str(run)], ["sim", "--out", str(run), "--resume"]):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert err.startswith(f"error: {run / 'manifest.json'}: ") and said in err

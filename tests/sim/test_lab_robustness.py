"""The lab's second audit: a run killed by SIGTERM takes its worker processes with it;
counts far too large for any run are refused at once; stored runs whose rows or manifest
do not fit their table are refused with the file and the field named, never a traceback;
the balance report's net points are points at every table."""

from __future__ import annotations

import contextlib
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

from tingpai.cli import main
from tingpai.sim import run_sim, stored_outcomes
from tingpai.sim.backends import MAX_WORKERS, ProcessBackend, in_task_order, worker_pool
from tingpai.sim.balance import BalanceRun
from tingpai.sim.games import MAX_GAMES, GameOutcome, GameTask, LazyTasks
from tingpai.sim.runner import record_name, taken_record
from tingpai.sim.store import JSONL_NAME, MANIFEST, Manifest, StoreError, write_manifest

# --- SIGTERM ------------------------------------------------------------------------------


def _wait_for(ready: Callable[[], bool], proc: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + 120
    while not ready():
        assert proc.poll() is None, "the run ended before it could be stopped"
        assert time.monotonic() < deadline
        time.sleep(0.05)


def _has_children(pid: int) -> bool:
    children = Path(f"/proc/{pid}/task/{pid}/children")
    return children.exists() and bool(children.read_text().split())


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("command", ["sim", "arena"])
def test_sigterm_ends_the_worker_processes_too(tmp_path: Path, command: str) -> None:
    """SIGTERM (``kill``, a job scheduler, ``timeout``) gives the pool no chance to stop its
    workers: they used to sleep on forever, holding the command's output open, so whoever
    read it waited forever.  They now end with the run, and what it stored stays readable."""
    out = tmp_path / "run"
    args = {
        "sim": ["sim", "--rules", "hu-2p", "--bots", "random", "--games", "400",
                "--out", str(out)],
        "arena": ["arena", "--rules", "hu-2p", "--bots", "random,greedy", "--games", "400"],
    }[command]
    proc = subprocess.Popen(
        [sys.executable, "-m", "tingpai.cli", *args, "--workers", "2", "--json"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
    )
    try:
        if command == "sim":
            rows = out / JSONL_NAME
            _wait_for(lambda: rows.exists() and rows.read_bytes().count(b"\n") >= 1, proc)
        else:
            _wait_for(lambda: _has_children(proc.pid), proc)
            time.sleep(1.0)
        proc.send_signal(signal.SIGTERM)
        proc.communicate(timeout=30)  # the workers held these pipes open
    except subprocess.TimeoutExpired:
        pytest.fail("the worker processes outlived the run they belong to")
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)  # whatever is left of the session
        proc.communicate()
    assert proc.returncode == -signal.SIGTERM
    if command == "sim":
        stored = list(stored_outcomes(out))
        assert 0 < len(stored) < 400
        assert BalanceRun.load(out).games == len(stored)


# --- counts beyond any run ------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["sim", "--games", str(10**20)], "games must be at most"),
        (["sim", "--games", str(MAX_GAMES + 1)], "games must be at most"),
        (["arena", "--bots", "greedy", "--games", str(10**20)], "games must be at most"),
        (["arena", "--bots", "greedy", "--games", str(MAX_GAMES + 1)], "games must be at most"),
    ],
)
def test_huge_game_counts_are_one_error_line(
    args: list[str], named: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A game count no machine could honour (its task list alone used to fill the memory
    before the first game) is refused before anything starts."""
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and named in err and err.count("\n") == 1
    assert main([*args, "--json"]) == 2
    assert named in json.loads(capsys.readouterr().out)["error"]


def test_a_pool_never_starts_more_than_max_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    """``--workers 1000000`` with a million games would have forked a million processes;
    the results do not depend on the count, so the pool stops at :data:`MAX_WORKERS`."""
    sizes: list[int] = []

    class Pool:
        def __init__(self, max_workers: int, **options: Any) -> None:
            sizes.append(max_workers)
            raise RuntimeError("only the size was wanted")

    monkeypatch.setattr("tingpai.sim.backends.ProcessPoolExecutor", Pool)
    with pytest.raises(RuntimeError, match="only the size"):
        worker_pool(10**6)
    tasks = LazyTasks(lambda i: GameTask(i, i, "hu-2p", {}, ("random", "random")), 0, 10**6)
    with pytest.raises(RuntimeError, match="only the size"):
        next(ProcessBackend(10**6).run(tasks))
    assert sizes == [MAX_WORKERS, MAX_WORKERS]


def test_an_error_is_not_preceded_by_a_blank_line(capsys: pytest.CaptureFixture[str]) -> None:
    """Off a terminal the progress bar is not shown, so it leaves no stray line."""
    assert main(["sim", "--rules", "nope"]) == 2
    assert capsys.readouterr().err.startswith("error: unknown rules id 'nope'")
    assert main(["arena", "--bots", "nope"]) == 2
    assert capsys.readouterr().err.startswith("error: unknown bot 'nope'")


def test_tasks_are_made_as_their_batch_is_sent() -> None:
    """A long run holds the batches in flight, not one task per game."""
    made: list[int] = []

    def make(i: int) -> GameTask:
        made.append(i)
        return GameTask(i, i, "hu-2p", {}, ("random", "random"))

    tasks = LazyTasks(make, 0, 10**12)
    outcomes = in_task_order(
        tasks, 2, 4, lambda batch: list(batch),
        lambda batch: [GameOutcome(t.index, t.seed, (), (), (), ()) for t in batch],
        lambda batch: None,
    )
    assert [next(outcomes).index for _ in range(10)] == list(range(10))
    outcomes.close()
    assert len(made) <= (4 * 2 + 3) * 4  # the window (four batches a worker) refilled


def test_records_already_there_are_found_by_listing_the_folder(tmp_path: Path) -> None:
    """The check that ``--records`` holds no record of the run lists the folder once
    (it used to look up every game's name: a billion look-ups for a billion games)."""
    assert taken_record(tmp_path / "none", MAX_GAMES) is None
    (tmp_path / "game-2.json").write_text("{}")  # not a name the run writes
    (tmp_path / "notes.txt").write_text("")
    assert taken_record(tmp_path, MAX_GAMES) is None
    (tmp_path / record_name(123_456)).write_text("{}")
    (tmp_path / record_name(7)).write_text("{}")
    assert taken_record(tmp_path, MAX_GAMES) == "game-00008.json"
    assert taken_record(tmp_path, 7) is None
    with pytest.raises(ValueError, match=r"game-00008\.json"):
        run_sim("hu-2p", {}, 8, 1, "random", records_dir=tmp_path)


# --- stored runs that do not fit their table ----------------------------------------------


@pytest.fixture(scope="module")
def stored_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("lab") / "run"
    run_sim("hu-4p", {}, 2, 3, "greedy", out=folder)
    return folder


def _copy_with(stored_run: Path, tmp_path: Path, change: Callable[[dict[str, Any]], None]) -> Path:
    folder = tmp_path / "bad"
    folder.mkdir()
    (folder / MANIFEST).write_bytes((stored_run / MANIFEST).read_bytes())
    rows = [json.loads(line) for line in (stored_run / JSONL_NAME).read_text().splitlines()]
    change(rows[1])
    (folder / JSONL_NAME).write_text("".join(json.dumps(r) + "\n" for r in rows))
    return folder


def _first_win(row: dict[str, Any]) -> dict[str, Any]:
    winner: dict[str, Any] = next(h for h in row["hands"] if h["winners"])["winners"][0]
    return winner


@pytest.mark.parametrize(
    ("change", "named"),
    [
        (lambda row: row["hands"][0].update(ready=[True]), "hand 0 ready has 1 entries"),
        (lambda row: row["hands"][0].update(no_pattern=[]), "hand 0 no_pattern"),
        (lambda row: row["hands"][0].update(deltas=[0, 0]), "hand 0 deltas"),
        (lambda row: row["hands"][0].update(dealer=9), "dealer 9 is not a seat"),
        (lambda row: _first_win(row).update(seat=7), "winner 7 is not a seat"),
        (lambda row: _first_win(row).update(payer=-1), "payer -1 is not a seat"),
        (lambda row: row.update(ranking=[]), "ranking [] is not an order"),
        (lambda row: row.update(ranking=[0, 0, 1, 2]), "ranking"),
        (lambda row: row.update(final=[1, 2]), "final has 2 entries"),
    ],
)
def test_rows_that_do_not_fit_the_table_are_named(
    stored_run: Path, tmp_path: Path, change: Callable[[dict[str, Any]], None], named: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Such a row used to reach the statistics and end the report (and a resume) in an
    IndexError traceback, or pass unnoticed into the figures."""
    folder = _copy_with(stored_run, tmp_path, change)
    before = (folder / JSONL_NAME).read_bytes()
    with pytest.raises(StoreError, match="game row 1 is malformed") as exc:
        BalanceRun.load(folder)
    assert named in str(exc.value)
    assert main(["report", str(folder), "--format", "md"]) == 2
    assert named in capsys.readouterr().err
    assert main(["sim", "--out", str(folder), "--resume", "--json"]) == 2
    assert named in json.loads(capsys.readouterr().out)["error"]
    assert (folder / JSONL_NAME).read_bytes() == before  # nothing stored is lost


def test_unreadable_run_files_are_named(
    stored_run: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bots = tmp_path / "bots"
    bots.mkdir()
    write_manifest(bots, Manifest("hu-4p", {}, ("greedy",), 3, 2))
    (bots / JSONL_NAME).write_bytes((stored_run / JSONL_NAME).read_bytes())
    binary = tmp_path / "binary"
    binary.mkdir()
    (binary / MANIFEST).write_bytes(b"\xff\xfe\x00 not a manifest")
    folder = tmp_path / "folder"
    folder.mkdir()
    (folder / MANIFEST).write_bytes((stored_run / MANIFEST).read_bytes())
    (folder / JSONL_NAME).mkdir()
    for run, named in ((bots, "names 1 bots for a 4-player table"),
                       (binary, f"{binary / MANIFEST}: not JSON"),
                       (folder, f"{folder / JSONL_NAME}: cannot read")):
        assert main(["report", str(run), "--format", "md"]) == 2
        err = capsys.readouterr().err
        assert err.startswith("error: ") and named in err, err


def test_net_points_are_points_at_a_fan_table(tmp_path: Path) -> None:
    """At the Hong Kong tables a winning value is in fan but a net score is in points."""
    pytest.importorskip("matplotlib")
    from tingpai.sim.balance_report import render_html, render_markdown

    write_manifest(tmp_path, Manifest("hk-2p", {}, ("greedy", "greedy"), 1, 0))
    run = BalanceRun.load(tmp_path)
    text = render_markdown([run])
    assert "| average winning value (fan) |" in text
    assert "| seat 0 points per game |" in text and "per game (fan)" not in text
    assert "net fan" not in render_html([run])

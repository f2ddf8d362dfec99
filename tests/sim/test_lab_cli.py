"""``tingpai sim --out/--resume/--storage`` on the command line, and the progress bar."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from rich.progress import Progress

from tingpai.cli import main
from tingpai.cli.common import GamesPerSecondColumn
from tingpai.sim import read_manifest

BASE = ["--rules", "hu-2p", "--seed", "4", "--bots", "random"]


def sim(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, Any]:
    status = main(["sim", "--json", *args])
    out = capsys.readouterr().out
    return status, json.loads(out)


def test_out_then_resume_with_the_manifests_parameters(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run = str(tmp_path / "run")
    status, first = sim(capsys, *BASE, "--games", "3", "--out", run)
    assert status == 0 and first["games"] == 3
    manifest = read_manifest(run)
    assert (manifest.rules, manifest.seed, manifest.bots) == ("hu-2p", 4, ("random", "random"))
    # --games grows the run; everything else comes from the manifest.
    status, grown = sim(capsys, "--out", run, "--resume", "--games", "5")
    assert status == 0 and grown["timing"]["resumed_games"] == 3
    status, fresh = sim(capsys, *BASE, "--games", "5")
    grown.pop("timing")
    fresh.pop("timing")
    assert grown == fresh


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["--rules", "hu-3p"], "holds another run (rules 'hu-2p' there, 'hu-3p' asked)"),
        (["--seed", "5"], "holds another run (seed 4 there, 5 asked)"),
        (["--bots", "greedy"], "holds another run (bots"),
        (["--option", "flowers=false"], "holds another run (options"),
        (["--storage", "parquet"], "cannot change on resume"),
        (["--max-hands", "7"], "holds another run (max_hands 1000 there, 7 asked)"),
    ],
)
def test_resume_refuses_other_parameters(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], named: str
) -> None:
    run = str(tmp_path / "run")
    assert sim(capsys, *BASE, "--games", "2", "--out", run)[0] == 0
    status, error = sim(capsys, "--out", run, "--resume", *args)
    assert status == 2
    assert named in error["error"]


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["--resume"], "--resume needs --out DIR"),
        (["--resume", "--out", "{tmp}/none"], "no manifest.json"),
    ],
)
def test_bad_run_directories_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], named: str
) -> None:
    args = [a.replace("{tmp}", str(tmp_path)) for a in args]
    status, error = sim(capsys, *args)
    assert status == 2 and named in error["error"]


def test_a_second_run_into_the_same_directory_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run = str(tmp_path / "run")
    assert sim(capsys, *BASE, "--games", "2", "--out", run)[0] == 0
    status, error = sim(capsys, *BASE, "--games", "2", "--out", run)
    assert status == 2 and "already holds a run" in error["error"]


def test_progress_shows_games_per_second() -> None:
    with Progress(GamesPerSecondColumn(), auto_refresh=False) as bar:
        task_id = bar.add_task("games", total=10)
        task = bar.tasks[0]
        assert GamesPerSecondColumn().render(task).plain == ""  # no estimate yet
        bar.update(task_id, completed=2)
        bar.update(task_id, completed=6)
        speed = task.speed
        assert speed is not None and speed > 0
        assert GamesPerSecondColumn().render(task).plain == f"{speed:,.1f} games/s"


def test_human_run_with_out(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sim", *BASE, "--games", "2", "--out", str(tmp_path / "run")]) == 0
    assert "hands/s" in capsys.readouterr().out
    assert (tmp_path / "run" / "summary.json").exists()

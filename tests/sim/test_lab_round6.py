"""Sixth audit of the lab: a resumed run checks that the records folder it adds to holds
its own records, ``--address`` is refused beside ``--backend local`` and caps the games at
once with ``--workers``, and a run refused before its games still stops its backend."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tingpai.cli import main, sim_cmd
from tingpai.rules import WinKind
from tingpai.sim import GameOutcome, HandSummary, Manifest, SerialBackend, WinSummary
from tingpai.sim.balance import BalanceRun, compare_runs
from tingpai.sim.balance_report import render_markdown, summary_markdown


def sim(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, Any]:
    status = main(["sim", "--json", *args])
    return status, json.loads(capsys.readouterr().out)


BASE = ["--rules", "hu-4p", "--bots", "random", "--max-hands", "2"]


@pytest.mark.parametrize(
    ("other", "why"),
    [(["--seed", "8"], "another seed"), (["--rules", "hu-3p", "--seed", "3"], "another table")],
)
def test_resume_refuses_a_records_folder_of_another_run(
    other: list[str], why: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Resumed, the run used to add its records beside another run's without a word (the
    fresh run refuses such a folder)."""
    records, run = str(tmp_path / "records"), str(tmp_path / "run")
    foreign = [*BASE, *other] if other[0] == "--seed" else ["--bots", "random",
                                                             "--max-hands", "2", *other]
    assert sim(capsys, *foreign, "--games", "1", "--records", records)[0] == 0, why
    assert sim(capsys, *BASE, "--seed", "3", "--games", "1", "--out", run)[0] == 0
    status, error = sim(capsys, *BASE, "--seed", "3", "--games", "2", "--out", run,
                        "--resume", "--records", records)
    assert status == 2
    assert "holds game-00001.json from another run" in error["error"], why
    assert sorted(p.name for p in Path(records).iterdir()) == ["game-00001.json"]


def test_resume_adds_to_its_own_records_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    records, run = tmp_path / "records", str(tmp_path / "run")
    common = [*BASE, "--seed", "3", "--out", run, "--records", str(records)]
    assert sim(capsys, *common, "--games", "1")[0] == 0
    first = (records / "game-00001.json").read_text(encoding="utf-8")
    status, report = sim(capsys, *common, "--games", "2", "--resume")
    assert status == 0 and report["timing"]["resumed_games"] == 1
    assert sorted(p.name for p in records.iterdir()) == ["game-00001.json", "game-00002.json"]
    assert (records / "game-00001.json").read_text(encoding="utf-8") == first


def test_a_records_folder_of_something_else_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    records, run = tmp_path / "records", str(tmp_path / "run")
    assert sim(capsys, *BASE, "--games", "1", "--out", run)[0] == 0
    records.mkdir()
    (records / "game-00001.json").write_text("not a record", encoding="utf-8")
    status, error = sim(capsys, *BASE, "--games", "2", "--out", run, "--resume",
                        "--records", str(records))
    assert status == 2 and "game-00001.json from another run" in error["error"]
    assert (records / "game-00001.json").read_text(encoding="utf-8") == "not a record"


def test_address_with_backend_local_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    """``--backend local --address X`` used to start Ray on X, against the flag given."""
    status, error = sim(capsys, "--games", "1", "--backend", "local", "--address",
                        "127.0.0.1:1")
    assert status == 2
    assert "--address 127.0.0.1:1" in error["error"] and "--backend local" in error["error"]


def test_workers_cap_the_games_at_once_on_a_running_cluster(ray_instance: Any) -> None:
    """On a cluster (here the session's 2-CPU instance) ``workers`` used to be replaced by
    the cluster's CPUs."""
    from tingpai.sim import RayBackend

    capped, whole = RayBackend(address="auto", workers=1), RayBackend(address="auto")
    capped.connect()
    whole.connect()
    assert (capped.workers, whole.workers) == (1, 2)
    assert ray_instance.is_initialized()  # an instance it did not start is left running


class ClosingBackend(SerialBackend):
    """A serial backend that notes being closed, as the Ray backend stops its instance."""

    closed = 0

    def close(self) -> None:
        ClosingBackend.closed += 1


def test_a_run_refused_before_its_games_closes_its_backend(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A run directory that does not fit used to leave the Ray instance the backend had
    started running until the process ended."""
    run = str(tmp_path / "run")
    assert sim(capsys, *BASE, "--games", "1", "--out", run)[0] == 0
    monkeypatch.setattr(sim_cmd, "_backend", lambda args: ClosingBackend())
    ClosingBackend.closed = 0
    status, error = sim(capsys, *BASE, "--seed", "9", "--games", "1", "--out", run)
    assert status == 2 and "error" in error
    assert ClosingBackend.closed == 1


# --- Hu points beside Hong Kong fan -----------------------------------------------------------


def winning_run(rules: str, players: int, values: list[int]) -> BalanceRun:
    """A run of one game of ``rules`` whose hands are self-draw wins worth ``values``."""
    hands = tuple(
        HandSummary(WinKind.SELF_DRAW, 0,
                    (WinSummary(0, WinKind.SELF_DRAW, None, value, ()),),
                    turns=30, deltas=(0,) * players, ready=(False,) * players,
                    no_pattern=(False,) * players)
        for value in values
    )
    start = (1000,) * players
    game = GameOutcome(0, 0, hands, start, start, tuple(range(players)))
    manifest = Manifest(rules, {}, ("random",) * players, 0, 1)
    return BalanceRun.from_outcomes(Path(rules), manifest, [game])


def test_hu_points_and_hong_kong_fan_are_not_compared() -> None:
    """A Hu run's average winning value (base points, thousands) used to be tested against
    a Hong Kong run's (fan, a few) and reported as a "significant difference"."""
    hu = winning_run("hu-2p", 2, [2000, 3000, 2500, 4000] * 5)
    hk = winning_run("hk-2p", 2, [3, 4, 5, 3] * 5)
    other_hu = winning_run("hu-4p", 4, [200, 300, 250, 400] * 5)
    pairs = {(c.metric, c.first, c.second) for c in compare_runs([hu, hk, other_hu])}
    assert ("average winning value", 0, 2) in pairs  # both in points: compared
    assert ("average winning value", 0, 1) not in pairs
    assert ("average winning value", 1, 2) not in pairs
    assert ("win rate", 0, 1) in pairs  # rates are compared whatever the unit
    table = summary_markdown([hu, hk])
    assert " points |" in table and " fan |" in table
    assert " points |" not in summary_markdown([hu, other_hu])
    side = render_markdown([hu, hk])
    assert "2,875 [" in side and "] points" in side and "] fan" in side

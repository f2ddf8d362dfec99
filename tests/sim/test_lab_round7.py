"""Seventh audit of the lab, used as a club host would: a run of the club's own payment
table (``--option payment_table=FILE.toml``) is named by its table in the balance report,
and two commands writing into one run directory at once no longer leave a run that can
neither be reported nor resumed."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tingpai.cli import main
from tingpai.rules import WinKind
from tingpai.sim import GameOutcome, HandSummary, Manifest
from tingpai.sim.balance import BalanceRun, compare_runs, option_text
from tingpai.sim.balance_report import render_markdown

HOST_TABLE = Path(__file__).resolve().parents[2] / "examples" / "host_table.toml"


def sim(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, Any]:
    status = main(["sim", "--json", *args])
    return status, json.loads(capsys.readouterr().out)


# --- a host's payment table in the report ---------------------------------------------------


def test_a_host_payment_table_is_named_by_its_name_in_the_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The label of such a run used to be the Python repr of every row of the table
    (``hk-4p payment_table={'name': 'club linear', 'rows': [{'fan': 3, 'discard': 30,
    ...}]} (greedy)``, 700 characters) in every column head, legend and section title."""
    club, standard = tmp_path / "club", tmp_path / "standard"
    common = ["--rules", "hk-4p", "--bots", "greedy", "--games", "1", "--max-hands", "2"]
    assert sim(capsys, *common, "--option", f"payment_table={HOST_TABLE}", "--out",
               str(club))[0] == 0
    assert sim(capsys, *common, "--out", str(standard))[0] == 0
    runs = [BalanceRun.load(club), BalanceRun.load(standard)]
    assert runs[0].label == "hk-4p payment_table=club linear (greedy)"
    text = render_markdown(runs)
    assert "| metric | 1. hk-4p payment_table=club linear (greedy) | 2. hk-4p (greedy) |" in text
    assert "options payment_table=club linear" in text
    assert "'rows'" not in text and "self_draw" not in text
    # The manifest still holds the whole table: the run is rebuilt from it.
    manifest = json.loads((club / "manifest.json").read_text(encoding="utf-8"))
    assert len(manifest["options"]["payment_table"]["rows"]) == 8


@pytest.mark.parametrize(
    ("value", "text"),
    [
        ({"name": "club linear", "rows": [{"fan": 3}]}, "club linear"),
        ({"rows": [{"fan": 3}, {"fan": 4}, {"fan": 5}]}, "a table of 3 rows"),
        (False, "false"),
        (None, "null"),
        (20, "20"),
        ("golden", "golden"),
    ],
)
def test_option_values_are_written_as_on_the_command_line(value: Any, text: str) -> None:
    """``flowers=False`` (Python's spelling) was what ``--option flowers=false`` showed."""
    assert option_text(value) == text


# --- one writer per run directory ------------------------------------------------------------

HOLD = """
import sys
from tingpai.sim.store import open_store, read_manifest
store, stored = open_store(sys.argv[1], read_manifest(sys.argv[1]), resume=True)
for _ in stored:
    pass
print("holding", flush=True)
sys.stdin.read()
store.close()
"""


def test_a_second_command_cannot_write_into_a_run_being_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``tingpai sim --out DIR --resume`` started twice (two terminals, a job restarted
    while the first still ran) used to have both append their games: 77 rows for 40 games,
    both reporting success, and the run then refused by report and resume alike ("row 5
    holds game 3").  The second is now refused at once and writes nothing."""
    run = tmp_path / "run"
    common = ["--rules", "hu-2p", "--bots", "random", "--max-hands", "2", "--seed", "4"]
    assert sim(capsys, *common, "--games", "2", "--out", str(run))[0] == 0
    rows = (run / "games.jsonl").read_bytes()
    holder = subprocess.Popen([sys.executable, "-c", HOLD, str(run)], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "holding\n"
        status, answer = sim(capsys, "--out", str(run), "--resume", "--games", "4")
        assert status == 2
        assert answer["error"] == (f"{run} is being written by another tingpai sim right now: "
                                   "wait for it to end (or stop it), then resume")
        assert (run / "games.jsonl").read_bytes() == rows
    finally:
        holder.communicate("", timeout=60)
    # Once the other command has ended, the run resumes and reads whole.
    status, report = sim(capsys, "--out", str(run), "--resume", "--games", "4")
    assert status == 0 and report["games"] == 4
    assert BalanceRun.load(run).games == 4


def test_a_run_directory_is_free_again_after_a_refused_resume(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A resume refused after the directory was locked (a run that cannot shrink) lets
    another process take the directory at once."""
    run = tmp_path / "run"
    common = ["--rules", "hu-2p", "--bots", "random", "--max-hands", "2"]
    assert sim(capsys, *common, "--games", "3", "--out", str(run))[0] == 0
    status, answer = sim(capsys, "--out", str(run), "--resume", "--games", "2")
    assert status == 2 and "cannot shrink" in answer["error"]
    holder = subprocess.run([sys.executable, "-c", HOLD, str(run)], input="",
                            capture_output=True, text=True, timeout=60, check=False)
    assert holder.stdout == "holding\n", holder.stderr


# --- the human report of a resumed run ---------------------------------------------------------


def test_a_resume_with_nothing_left_to_play_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """It used to end with ``0.0 hands/s, 0.00 games/s, 0.00 s wall``, as if the run had
    stalled; a resume that plays some games says how many it read back."""
    run = str(tmp_path / "run")
    common = ["--rules", "hu-2p", "--bots", "random", "--max-hands", "2", "--out", run]
    assert sim(capsys, *common, "--games", "2")[0] == 0
    assert main(["sim", "--out", run, "--resume"]) == 0
    out = capsys.readouterr().out
    assert "all 2 games were already stored: nothing left to play" in out
    assert "hands/s" not in out
    assert main(["sim", "--out", run, "--resume", "--games", "3"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "hands/s" in out and "2 games read back, not replayed)" in out


# --- Hu points beside Hong Kong payments ---------------------------------------------------------


def points_run(rules: str, nets: list[int]) -> BalanceRun:
    """A two-player run of one drawn hand per game, seat 0 ending each game ``net`` up."""
    hand = HandSummary(WinKind.EXHAUSTIVE_DRAW, 0, (), turns=30, deltas=(0, 0),
                       ready=(False, False), no_pattern=(False, False))
    games = [GameOutcome(i, 0, (hand,), (0, 0), (net, -net), (0, 1))
             for i, net in enumerate(nets)]
    manifest = Manifest(rules, {}, ("random", "random"), 0, len(games))
    return BalanceRun.from_outcomes(Path(rules), manifest, games)


def test_hu_points_and_hong_kong_payments_are_not_compared() -> None:
    """A Hu run's points per game (hands worth thousands of points) used to be tested
    against a Hong Kong run's (payments of tens) and their gap reported as a significant
    difference, as the average winning values were before the sixth audit."""
    hu = points_run("hu-2p", [3000, 2000, 4000, 3500, 2500] * 4)
    hk = points_run("hk-2p", [30, -20, 40, 10, -10] * 4)
    other_hk = points_run("hk-2p", [300, 200, 400, 350, 250] * 4)
    pairs = {(c.metric, c.first, c.second) for c in compare_runs([hu, hk, other_hk])}
    assert ("seat 0 points per game", 0, 1) not in pairs
    assert ("seat 1 points per game", 0, 2) not in pairs
    assert ("seat 0 points per game", 1, 2) in pairs  # both Hong Kong payments
    assert ("draw rate", 0, 1) in pairs
    side = render_markdown([hu, hk])
    assert "| seat 0 points per game | 3,000 [2,682, 3,318] | 10.00 [-0.25, 20.25] |" in side
    assert "0 of 12 comparisons are significant." in side


def test_the_human_report_names_the_host_table_too(capsys: pytest.CaptureFixture[str]) -> None:
    """Its first line used to carry the table's every row as JSON."""
    assert main(["sim", "--rules", "hk-4p", "--bots", "random", "--games", "1", "--max-hands",
                 "1", "--option", f"payment_table={HOST_TABLE}", "--option", "rounds=1"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "options payment_table=club linear rounds=1" in out and "self_draw" not in out

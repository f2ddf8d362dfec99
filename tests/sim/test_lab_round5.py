"""Fifth audit of the lab, used as a researcher would: a run started with a ruleset alias
resumes with the same command, ``run_sim`` refuses settings that would leave a run
directory nobody can read back, and the balance report claims no significant difference
and no interval from a mean of one sample."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

from tingpai.cli import main
from tingpai.rules import WinKind
from tingpai.sim import GameOutcome, HandSummary, Manifest, run_sim
from tingpai.sim.balance import BalanceRun, compare_runs, difference_p, mean
from tingpai.sim.balance_report import fmt, render_markdown


def sim(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, Any]:
    status = main(["sim", "--json", *args])
    return status, json.loads(capsys.readouterr().out)


# --- resume with the same command ------------------------------------------------------------


@pytest.mark.parametrize(("alias", "canonical"), [("hu", "hu-4p"), ("fan-laak", "hk-fanlaak")])
def test_a_run_started_with_an_alias_resumes_with_the_same_command(
    alias: str, canonical: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """README: "A run stopped for any reason continues with the same command plus
    --resume".  ``tingpai sim --rules hu ... --resume`` used to answer "holds another run
    (rules 'hu-4p' there, 'hu' asked)": the manifest keeps the canonical id."""
    run = str(tmp_path / "run")
    command = ["--rules", alias, "--seed", "2", "--bots", "random", "--max-hands", "3",
               "--out", run]
    status, first = sim(capsys, *command, "--games", "1")
    assert status == 0 and first["rules"] == canonical
    status, grown = sim(capsys, *command, "--games", "2", "--resume")
    assert status == 0, grown
    assert grown["games"] == 2 and grown["timing"]["resumed_games"] == 1


def test_resume_still_refuses_another_ruleset_and_names_an_unknown_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run = str(tmp_path / "run")
    base = ["--seed", "2", "--bots", "random", "--max-hands", "3", "--out", run]
    assert sim(capsys, "--rules", "hu", *base, "--games", "1")[0] == 0
    status, error = sim(capsys, "--rules", "hk", *base, "--resume")
    assert status == 2 and "rules 'hu-4p' there, 'hk-4p' asked" in error["error"]
    status, error = sim(capsys, "--rules", "nope", *base, "--resume")
    assert status == 2 and "unknown rules id 'nope'" in error["error"]


# --- settings run_sim must refuse -------------------------------------------------------------

BASE: dict[str, Any] = {"rules": "hu-2p", "options": {}, "games": 1, "seed": 1,
                        "bots": "random"}


@pytest.mark.parametrize(
    ("settings", "named"),
    [
        ({"max_hands": 2.5}, "max_hands must be a whole number"),
        ({"max_hands": True}, "max_hands must be a whole number"),
        ({"max_hands": "5"}, "max_hands must be a whole number"),
        ({"flush_every": 0, "storage": "parquet"}, "flush_every must be at least 1"),
        ({"flush_every": "x"}, "flush_every must be a whole number"),
        ({"flush_every": 2.0}, "flush_every must be a whole number"),
        ({"workers": "2"}, "workers must be a whole number"),
        ({"workers": 2.5}, "workers must be a whole number"),
        ({"bots": None}, "bots must be a bot level"),
    ],
)
def test_settings_a_run_cannot_store_are_refused_before_anything_is_written(
    settings: dict[str, Any], named: str, tmp_path: Path
) -> None:
    """``run_sim(..., out=DIR, max_hands=2.5)`` (or ``flush_every=0``) used to play the run
    and write a manifest that ``tingpai report`` and ``--resume`` then refused ("manifest
    field 'max_hands' is invalid"): the run could never be read back.  ``workers="2"`` and
    ``bots=None`` ended in a TypeError rather than the ValueError the docstring names."""
    out = tmp_path / "run"
    with pytest.raises(ValueError, match=named):
        run_sim(**{**BASE, **settings}, out=out)
    assert not out.exists()


def test_numpy_settings_are_whole_numbers_too(tmp_path: Path) -> None:
    np = pytest.importorskip("numpy")
    report = run_sim(**BASE, max_hands=np.int64(2), flush_every=np.int32(3), out=tmp_path / "r")
    assert report.max_hands == 2 and type(report.max_hands) is int
    assert BalanceRun.load(tmp_path / "r").games == 1  # the run reads back


# --- means of one sample ----------------------------------------------------------------------


def one_game_run(final: tuple[int, int], hands: int) -> BalanceRun:
    """A hu-2p run of one game of ``hands`` exhaustive draws ending at ``final``."""
    draw = HandSummary(WinKind.EXHAUSTIVE_DRAW, 0, (), turns=40, deltas=(0, 0),
                       ready=(False, False), no_pattern=(False, False))
    game = GameOutcome(0, 0, (draw,) * hands, (40000, 40000), final,
                       (0, 1) if final[0] >= final[1] else (1, 0))
    manifest = Manifest("hu-2p", {}, ("random", "random"), 0, 1)
    return BalanceRun.from_outcomes(Path("x"), manifest, [game])


def test_a_mean_of_one_sample_has_no_interval() -> None:
    """``mean([1700])`` used to be ``1,700 [1,700, 1,700]``: a 95% interval of width zero
    from one game, whose spread nobody can know."""
    e = mean([1700])
    assert e.value == 1700 and e.n == 1
    assert e.low == -math.inf and e.high == math.inf
    assert fmt(e) == "1,700 [—]"
    assert fmt(mean([2.5])) == "2.50 [—]"
    assert fmt(mean([1, 3])) == "2.00 [0.04, 3.96]"  # two samples: as before


def test_one_game_per_run_is_no_significant_difference() -> None:
    """Two runs of one game each: the report used to list their game lengths and every
    seat's points per game as significant differences (p < 0.0001), the standard error
    of a single sample being taken as zero."""
    a, b = one_game_run((41700, 38300), 11), one_game_run((31900, 48100), 10)
    assert difference_p(a.metrics()["game length (hands)"],
                        b.metrics()["game length (hands)"]) is None
    compared = {c.metric for c in compare_runs([a, b])}
    assert "game length (hands)" not in compared
    assert "seat 0 points per game" not in compared
    assert "draw rate" in compared  # rates of 11 and 10 hands are still tested
    assert not any(c.significant for c in compare_runs([a, b]))
    text = render_markdown([a, b])
    assert "0 of " in text and "comparisons are significant" in text
    assert "11.00 [—]" in text and "1,700 [—]" in text


def test_constant_samples_of_several_games_are_still_compared() -> None:
    """n >= 2 with no spread in either run (every hu-2p random game four hands long) is a
    sample, not a missing one: it is still compared."""
    p = difference_p(mean([4, 4, 4]), mean([8, 8]))
    assert p == 0.0

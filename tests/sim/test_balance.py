"""The balance report: intervals and tests, per-run figures, HTML and Markdown output."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tingpai.cli import main
from tingpai.rules import WinKind
from tingpai.sim import GameOutcome, HandSummary, Manifest, WinSummary, run_sim
from tingpai.sim.balance import BalanceRun, compare_runs, difference_p, holm, mean, rate
from tingpai.sim.balance_report import render_html, render_markdown


@pytest.mark.parametrize(
    ("successes", "n", "low", "high"),
    [
        (0, 10, 0.0, 0.2775),  # Wilson's interval never leaves [0, 1]
        (10, 10, 0.7225, 1.0),
        (50, 100, 0.4038, 0.5962),
        (1, 1000, 0.000177, 0.005643),
    ],
)
def test_wilson_intervals(successes: int, n: int, low: float, high: float) -> None:
    e = rate(successes, n)
    assert e.value == successes / n
    assert e.low == pytest.approx(low, abs=1e-4)
    assert e.high == pytest.approx(high, abs=1e-4)


def test_mean_interval_and_welch() -> None:
    a = mean([0, 2] * 50)  # mean 1, variance 100/99
    b = mean([1, 3] * 50)
    assert a.value == 1 and a.sd == pytest.approx((100 / 99) ** 0.5)
    assert a.high - a.value == pytest.approx(1.959964 * a.sd / 10, rel=1e-6)
    p = difference_p(a, b)
    assert p is not None and p < 1e-10  # z = 1 / sqrt(2 * (100/99) / 100) = 7.04
    assert difference_p(a, a) == 1.0
    assert difference_p(a, mean([])) is None
    assert difference_p(a, rate(1, 2)) is None  # a rate and a mean are not compared


def test_two_proportion_test() -> None:
    # pooled p = 0.15, se = sqrt(0.15 * 0.85 * 2 / 400) = 0.02525, z = 0.05 / se = 1.980
    p = difference_p(rate(70, 400), rate(50, 400))
    assert p == pytest.approx(0.0477, abs=5e-4)


def test_holm() -> None:
    assert holm([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert holm([]) == []


def outcome(index: int, hands: tuple[HandSummary, ...], final: tuple[int, int]) -> GameOutcome:
    return GameOutcome(index, 0, hands, (40000, 40000), final, (0, 1) if final[0] >= final[1]
                       else (1, 0))


def test_figures_of_a_made_up_run() -> None:
    """Two games of hu-2p written by hand, measured by the real aggregation."""
    pung = ("value_triplet", "Value Triplet", "")
    bonus = ("dealer_repeats", "Dealer Repeats", "")
    g1 = (
        HandSummary(WinKind.SELF_DRAW, 0, (WinSummary(0, WinKind.SELF_DRAW, None, 600, (pung,),
                                                      (600,)),),
                    turns=30, deltas=(600, -600), ready=(True, True), no_pattern=(False, True)),
        HandSummary(WinKind.EXHAUSTIVE_DRAW, 0, (), turns=44, deltas=(0, 0),
                    ready=(False, True), no_pattern=(False, False)),
    )
    g2 = (
        HandSummary(WinKind.DISCARD, 1, (WinSummary(1, WinKind.DISCARD, 0, 1000, (pung, bonus),
                                                    (900, 100)),),
                    turns=20, deltas=(-1000, 1000), ready=(True, True),
                    no_pattern=(True, False)),
    )
    manifest = Manifest("hu-2p", {}, ("greedy", "random"), 3, 2)
    run = BalanceRun.from_outcomes(Path("x"), manifest, [
        outcome(0, g1, (40600, 39400)), outcome(1, g2, (39000, 41000))])
    m = run.metrics()
    assert run.hands == 3 and run.games == 2 and run.complete
    assert (m["win rate"].successes, m["win rate"].n) == (2, 3)
    assert m["draw rate"].value == pytest.approx(1 / 3)
    assert m["dealer win rate"].successes == 2  # seat 0 dealt and won, then seat 1
    assert (m["deal-in rate"].successes, m["deal-in rate"].n) == (1, 6)
    assert m["seat 0 deal-in rate"].successes == 1 and m["seat 1 deal-in rate"].successes == 0
    assert (m["no-pattern ready rate"].successes, m["no-pattern ready rate"].n) == (2, 5)
    assert m["hand length (discards)"].value == pytest.approx((30 + 44 + 20) / 3)
    assert m["game length (hands)"].value == 1.5
    assert m["average winning value"].value == 800
    assert m["seat 0 points per game"].value == -200  # (600 - 1000) / 2
    assert m["seat 1 win rate"].successes == 1
    patterns = {p.id: p for p in run.patterns()}
    assert patterns["value_triplet"].frequency.successes == 2
    assert patterns["value_triplet"].mean_value == 750
    assert patterns["value_triplet"].value is not None
    assert patterns["dealer_repeats"].value is None and patterns["dealer_repeats"].mean_value == 100
    assert "greedy, random" in run.label


@pytest.fixture(scope="module")
def two_runs(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    base = tmp_path_factory.mktemp("runs")
    run_sim("hu-2p", {}, 8, 1, "greedy", out=base / "hu2")
    run_sim("hu-3p", {}, 6, 1, "random", out=base / "hu3")
    return [base / "hu2", base / "hu3"]


def test_html_is_self_contained_with_every_plot_and_table(two_runs: list[Path]) -> None:
    runs = [BalanceRun.load(p) for p in two_runs]
    page = render_html(runs)
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
    per_run = ["win and deal-in rate by seat", "hand length", "game length",
               "points distribution", "winning value", "pattern frequency against value"]
    plots = re.findall(r'<figure class="plot[^"]*" data-plot="([^"]+)"><svg', page)
    assert plots == ["rates side by side"] + per_run * 2
    assert page.count("<svg") == len(plots)
    for table in ("side-by-side", "differences", "metrics", "patterns"):
        assert f'<table class="{table}">' in page or table == "differences"
    assert page.count('<table class="metrics">') == page.count('<table class="patterns">') == 2
    assert "Holm" in page and "Wilson" in page
    # Opens offline: nothing to fetch.
    assert not re.search(r"<script|<link|<img|src=|@import|url\((?!#)", page)
    assert "no-pattern ready rate" in page and "deal-in rate" in page


def test_significant_differences_are_reported(two_runs: list[Path]) -> None:
    runs = [BalanceRun.load(p) for p in two_runs]
    comparisons = compare_runs(runs)
    names = {c.metric for c in comparisons}
    assert "seat 2 win rate" not in names  # hu-2p has no seat 2: not compared
    assert {"win rate", "hand length (discards)", "seat 1 points per game"} <= names
    for c in comparisons:
        assert c.p <= c.adjusted <= 1
        assert c.significant == (c.adjusted < 0.05)
    md = render_markdown(runs)
    significant = sum(c.significant for c in comparisons)
    assert f"{significant} of {len(comparisons)} comparisons are significant." in md


def test_markdown_tables(two_runs: list[Path]) -> None:
    md = render_markdown([BalanceRun.load(p) for p in two_runs])
    assert "## Side by side" in md and "### Patterns" in md
    assert "| metric | 1. hu-2p (greedy) | 2. hu-3p (random) |" in md
    assert re.search(r"\| win rate \| \d+\.\d% \[\d+\.\d, \d+\.\d\] \|", md)
    assert "<svg" not in md


def test_report_command(two_runs: list[Path], tmp_path: Path,
                        capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "report.html"
    assert main(["report", *map(str, two_runs), "-o", str(out)]) == 0
    assert out.read_text(encoding="utf-8").count("<svg") == 13
    assert main(["report", str(two_runs[0]), "--format", "md"]) == 0
    assert capsys.readouterr().out.startswith("# Balance report")
    assert main(["report", str(tmp_path / "missing")]) == 2
    assert "missing: no manifest.json" in capsys.readouterr().err
    # A report written into a run directory could replace the run's own files: refused.
    rows = (two_runs[0] / "games.jsonl").read_bytes()
    target = two_runs[0] / "games.jsonl"
    assert main(["report", str(two_runs[0]), "-o", str(target)]) == 2
    assert "inside the run directory" in capsys.readouterr().err
    assert target.read_bytes() == rows
    deeper = two_runs[0] / "kept" / "report.html"
    assert main(["report", str(two_runs[0]), "-o", str(deeper)]) == 2
    assert "inside the run directory" in capsys.readouterr().err and not deeper.exists()
    assert main(["report", str(two_runs[0]), "--format", "md", "-o", "-"]) == 0
    assert capsys.readouterr().out.startswith("# Balance report")


def test_a_discard_two_seats_win_on_is_one_deal_in_of_its_discarder() -> None:
    """Hu pays every winner on one discard; the sim's deal-in count, like the arena's, is
    per hand (a rate over hands played)."""
    from tingpai.rules import find_ruleset
    from tingpai.sim.report import SimStats

    double = HandSummary(WinKind.DISCARD, 0, (
        WinSummary(0, WinKind.DISCARD, 2, 1000, ()), WinSummary(1, WinKind.DISCARD, 2, 500, ()),
    ))
    stats = SimStats(find_ruleset("hu-3p"), {}, ("greedy",) * 3, 1)
    stats.add(GameOutcome(0, 0, (double,), (35000,) * 3, (38000, 36500, 30500), (0, 1, 2)))
    assert stats.dealt_in == [0, 0, 1] and stats.wins == 2

"""The balance report as one self-contained HTML page or as Markdown tables.

:func:`render_html` writes one page that opens offline: CSS inline, every plot an inline
SVG drawn by matplotlib (the ``lab`` extra), no script, no font or image fetched.  Per run:
the headline figures with their 95% intervals, plots of the win and deal-in rates by seat
(and for the dealer), the hand and game lengths, the points per game, the winning values
and each pattern's frequency against its value, and the pattern table.  With several runs
a side-by-side table (marking the runs that differ significantly from the first) and the
list of significant differences between every pair come first.  :func:`render_markdown`
gives the same tables without plots (no matplotlib needed).  The statistics are those of
:mod:`tingpai.sim.balance`.
"""

from __future__ import annotations

import html
import io
import itertools
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from tingpai.sim.balance import (
    ALPHA,
    VALUE_METRICS,
    BalanceRun,
    Comparison,
    Estimate,
    compare_runs,
)
from tingpai.sim.store import option_text

TEST_NOTE = (
    "Intervals are 95%: Wilson score intervals for rates, mean ± 1.96 standard errors for "
    "means. Differences are tested with a two-sided two-proportion z-test (rates) or "
    "Welch's z-test (means); the p-values of all comparisons in this report are adjusted "
    f"together with Holm's method, and a difference is significant when the adjusted p < "
    f"{ALPHA:g}. Rates are per hand (the deal-in rate per hand and seat), except the "
    "no-pattern ready rate: among the seats that ended a hand ready and not winning, the "
    "share with no wait a legal win, for want of a pattern (Hu) or of the table's minimum "
    "fan (Hong Kong)."
)
COMPARED = (
    "win rate", "self-draw rate", "discard win rate", "draw rate", "dealer win rate",
    "deal-in rate", "no-pattern ready rate",
)
"""The rates drawn side by side in the comparison plot."""


def _unit(run: BalanceRun) -> str:
    """The unit of a winning value: fan at the Hong Kong tables, base points in Hu.  Net
    scores (points per game) are table points at every table, never fan."""
    return "fan" if run.ruleset.unit.value == "fan" else "points"


def fmt(e: Estimate) -> str:
    """``12.3% [11.8, 12.9]`` for a rate, ``41.20 [40.81, 41.59]`` for a mean, ``41.00 [—]``
    for the mean of a single sample."""
    if not e.defined:
        return "—"
    if e.kind == "rate":
        return f"{100 * e.value:.1f}% [{100 * e.low:.1f}, {100 * e.high:.1f}]"
    if e.n < 2:  # a single sample: no interval
        return f"{e.value:,.{0 if abs(e.value) >= 1000 else 2}f} [—]"
    digits = 0 if abs(e.value) >= 1000 or e.high - e.low >= 100 else 2
    return f"{e.value:,.{digits}f} [{e.low:,.{digits}f}, {e.high:,.{digits}f}]"


def _diff(metric: str, value: float) -> str:
    if "rate" in metric:
        return f"{100 * value:+.1f} pts"
    return f"{value:+,.2f}"


def _p(p: float) -> str:
    return "< 0.0001" if p < 1e-4 else f"{p:.4f}"


# --- plots --------------------------------------------------------------------------------


def _svg(
    draw: Callable[[Any], None], width: float = 5.2, height: float = 3.3, bottom: float = 0.15
) -> str:
    """Draw on a fresh matplotlib axes and return the figure as inline SVG text (fixed
    margins: an automatic layout costs more than the drawing)."""
    from matplotlib import rcParams
    from matplotlib.figure import Figure

    rcParams["svg.hashsalt"] = "tingpai-report"
    fig = Figure(figsize=(width, height))
    fig.subplots_adjust(left=0.14, right=0.97, top=0.9, bottom=bottom)
    ax = fig.subplots()
    draw(ax)
    ax.grid(True, alpha=0.3)
    buf = io.StringIO()
    fig.savefig(buf, format="svg", metadata={"Date": None})
    text = buf.getvalue()
    return text[text.index("<svg") :]


def _error_bars(estimates: Sequence[Estimate]) -> list[list[float]]:
    return [
        [e.value - e.low for e in estimates],
        [e.high - e.value for e in estimates],
    ]


def _plot_seats(run: BalanceRun) -> str:
    m = run.metrics()
    labels = [f"seat {s}" for s in range(run.players)] + ["dealer", "all"]
    wins = [m[f"seat {s} win rate"] for s in range(run.players)]
    wins += [m["dealer win rate"], m["win rate"]]
    deal = [m[f"seat {s} deal-in rate"] for s in range(run.players)]
    deal += [Estimate("rate", 0, 0, 0, 0), m["deal-in rate"]]

    def draw(ax: Any) -> None:
        xs = list(range(len(labels)))
        ax.bar([x - 0.2 for x in xs], [e.value for e in wins], 0.4,
               yerr=_error_bars(wins), capsize=3, label="win rate")
        ax.bar([x + 0.2 for x in xs], [e.value for e in deal], 0.4,
               yerr=_error_bars(deal), capsize=3, label="deal-in rate")
        ax.set_xticks(xs, labels)
        ax.set_ylabel("share of hands")
        ax.set_title("Win and deal-in rate by seat (95% CI)")
        ax.legend(fontsize=8)

    return _svg(draw)


def _plot_histogram(counts: Counter[int], title: str, xlabel: str) -> str:
    def draw(ax: Any) -> None:
        if counts:
            xs = sorted(counts)
            total = sum(counts.values())
            ax.bar(xs, [counts[x] / total for x in xs], width=_bar_width(xs))
        ax.set_title(title)
        ax.set_xlabel(xlabel)
        ax.set_ylabel("share")

    return _svg(draw)


def _bar_width(xs: Sequence[int]) -> float:
    gaps = [b - a for a, b in itertools.pairwise(xs) if b > a]
    return 0.8 * (min(gaps) if gaps else 1)


def _plot_points(run: BalanceRun) -> str:
    def draw(ax: Any) -> None:
        values = [v for seat in run.net_points for v in seat]
        if values:
            bins = min(40, max(5, len(set(values))))
            for s, seat in enumerate(run.net_points):
                ax.hist(seat, bins=bins, range=(min(values), max(values)), histtype="step",
                        label=f"seat {s}")
            ax.legend(fontsize=8)
        ax.set_title("Net points per game")
        ax.set_xlabel("net points (final minus start)")
        ax.set_ylabel("games")

    return _svg(draw)


def _plot_patterns(run: BalanceRun) -> str:
    rows = [r for r in run.patterns() if r.frequency.successes]

    def draw(ax: Any) -> None:
        if rows:
            xs = [r.mean_value for r in rows]
            ys = [r.frequency.value for r in rows]
            ax.scatter(xs, ys, s=18)
            ax.set_yscale("log")
            for r in sorted(rows, key=lambda r: -r.frequency.value)[:8]:
                ax.annotate(r.name, (r.mean_value, r.frequency.value), fontsize=7,
                            xytext=(3, 3), textcoords="offset points")
        ax.set_title("Pattern frequency against value")
        ax.set_xlabel(f"value when counted ({_unit(run)})")
        ax.set_ylabel("share of winning hands (log)")

    return _svg(draw)


def _plot_comparison(runs: Sequence[BalanceRun]) -> str:
    metrics = [r.metrics() for r in runs]

    def draw(ax: Any) -> None:
        width = 0.8 / len(runs)
        xs = list(range(len(COMPARED)))
        for i, (run, m) in enumerate(zip(runs, metrics, strict=True)):
            est = [m[name] for name in COMPARED]
            ax.bar([x - 0.4 + width * (i + 0.5) for x in xs], [e.value for e in est], width,
                   yerr=_error_bars(est), capsize=2, label=run.label)
        ax.set_xticks(xs, [name.replace(" rate", "") for name in COMPARED], rotation=20,
                      fontsize=8)
        ax.set_ylabel("share (95% CI)")
        ax.set_title("Rates side by side")
        ax.legend(fontsize=7)

    return _svg(draw, width=8.5, height=3.8, bottom=0.25)


# --- tables -----------------------------------------------------------------------------


def _side_by_side(
    runs: Sequence[BalanceRun], comparisons: Sequence[Comparison]
) -> tuple[list[str], list[list[str]]]:
    """Header and rows: each metric, each run's value; ``*`` marks a run that differs
    significantly from the first."""
    metrics = [r.metrics() for r in runs]
    vs_first = {(c.metric, c.second): c for c in comparisons if c.first == 0}
    names: list[str] = []
    for m in metrics:
        names.extend(n for n in m if n not in names)
    header = ["metric", *(f"{i + 1}. {r.label}" for i, r in enumerate(runs))]
    rows = [["games / hands", *(f"{r.games:,} / {r.hands:,}" for r in runs)]]
    for name in names:
        cells = [name]
        for i, m in enumerate(metrics):
            e = m.get(name)
            text = fmt(e) if e is not None else "—"
            text += _unit_note(runs, i, name) if e is not None else ""
            c = vs_first.get((name, i))
            if c is not None and c.significant:
                text += " *"
            cells.append(text)
        rows.append(cells)
    return header, rows


def _unit_note(runs: Sequence[BalanceRun], index: int, metric: str) -> str:
    """`` fan`` / `` points`` after a value in its ruleset's unit when the runs set side by
    side count value in different units (Hu beside Hong Kong); nothing otherwise."""
    if metric not in VALUE_METRICS or len({_unit(r) for r in runs}) < 2:
        return ""
    return f" {_unit(runs[index])}"


def _differences(
    runs: Sequence[BalanceRun], comparisons: Sequence[Comparison]
) -> tuple[list[str], list[list[str]]]:
    header = ["metric", "runs", "difference", "p", "Holm-adjusted p"]
    rows = [
        [c.metric, f"{c.first + 1} − {c.second + 1}", _diff(c.metric, c.difference), _p(c.p),
         _p(c.adjusted)]
        for c in sorted(comparisons, key=lambda c: (c.adjusted, c.metric))
        if c.significant
    ]
    return header, rows


def _run_metrics(run: BalanceRun) -> tuple[list[str], list[list[str]]]:
    rows = [["games / hands", f"{run.games:,} / {run.hands:,}"]]
    for name, e in run.metrics().items():
        label = name
        if name == "average winning value":
            label += f" ({_unit(run)})"
        rows.append([label, fmt(e)])
    return ["metric", "value [95% CI]"], rows


def _pattern_table(run: BalanceRun) -> tuple[list[str], list[list[str]]]:
    header = ["pattern", "chinese", "value", "winning hands", "frequency [95% CI]",
              "value when counted"]
    rows = []
    for r in sorted(run.patterns(), key=lambda r: -r.frequency.successes):
        if not r.frequency.successes:
            continue
        value = "bonus" if r.value is None else (f"{r.value} (limit)" if r.limit else str(r.value))
        rows.append([r.name, r.chinese, value, f"{r.frequency.successes:,}", fmt(r.frequency),
                     f"{r.mean_value:,.1f}"])
    return header, rows


def _parameters(run: BalanceRun) -> str:
    m = run.manifest
    text = (f"{run.ruleset.name}; bots {', '.join(m.bots)}; seed {m.seed}; "
            f"{run.games:,} of {m.games:,} games stored")
    if m.options:
        text += "; options " + ", ".join(f"{k}={option_text(v)}" for k, v in m.options.items())
    if run.stats.cut_short:
        text += f"; {run.stats.cut_short:,} games cut short at {m.max_hands} hands"
    return text + ("" if run.complete else " (run not finished)")


def _never(run: BalanceRun) -> int:
    return sum(1 for r in run.patterns() if not r.frequency.successes)


# --- Markdown ---------------------------------------------------------------------------


def _md_table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    def line(cells: Sequence[str]) -> str:
        return "| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |"

    return "\n".join([line(header), line(["---"] * len(header)), *(line(r) for r in rows)])


def render_markdown(runs: Sequence[BalanceRun]) -> str:
    """The report's tables as Markdown."""
    comparisons = compare_runs(runs)
    parts = ["# Balance report", ""]
    parts += [f"{i + 1}. **{r.label}** ({r.path}): {_parameters(r)}" for i, r in
              enumerate(runs)]
    parts += ["", TEST_NOTE, ""]
    if len(runs) > 1:
        parts += ["## Side by side", "", "`*`: differs significantly from run 1.", ""]
        parts += [_md_table(*_side_by_side(runs, comparisons)), ""]
        header, rows = _differences(runs, comparisons)
        parts += ["## Significant differences", "",
                  f"{len(rows)} of {len(comparisons)} comparisons are significant.", ""]
        if rows:
            parts += [_md_table(header, rows), ""]
    for i, run in enumerate(runs):
        parts += [f"## {i + 1}. {run.label}", "", _parameters(run), ""]
        parts += [_md_table(*_run_metrics(run)), ""]
        parts += ["### Patterns", "", _md_table(*_pattern_table(run)), ""]
        never = _never(run)
        if never:
            parts += [f"{never} patterns never counted.", ""]
    return "\n".join(parts)


SUMMARY = (
    "win rate", "self-draw rate", "draw rate", "dealer win rate", "deal-in rate",
    "no-pattern ready rate", "hand length (discards)", "game length (hands)",
    "average winning value",
)
"""The columns of :func:`summary_markdown`."""


def summary_markdown(runs: Sequence[BalanceRun], metrics: Sequence[str] = SUMMARY) -> str:
    """One compact Markdown table, a row per run and a column per metric (value and 95%
    interval); ``*`` marks a value that differs significantly from the first run's (the
    tests of :func:`~tingpai.sim.balance.compare_runs`, Holm-adjusted over these runs)."""
    comparisons = {(c.metric, c.second): c for c in compare_runs(runs) if c.first == 0}
    header = ["run", "games", "hands", *metrics]
    rows = []
    for i, run in enumerate(runs):
        m = run.metrics()
        cells = [run.label, f"{run.games:,}", f"{run.hands:,}"]
        for name in metrics:
            text = fmt(m[name]) + _unit_note(runs, i, name)
            c = comparisons.get((name, i))
            cells.append(text + (" *" if c is not None and c.significant else ""))
        rows.append(cells)
    return _md_table(header, rows)


# --- HTML -------------------------------------------------------------------------------

_CSS = """
body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 1180px;
       color: #1d2430; line-height: 1.4; padding: 0 1rem; }
h1 { margin-bottom: .2rem; } h2 { border-bottom: 2px solid #d0d7e2; padding-bottom: .2rem;
       margin-top: 2.2rem; }
table { border-collapse: collapse; margin: .8rem 0; font-size: .88rem; }
th, td { border: 1px solid #d0d7e2; padding: .25rem .55rem; text-align: right; }
th { background: #eef2f7; } td:first-child, th:first-child { text-align: left; }
td.sig { background: #fff3cd; }
.plots { display: flex; flex-wrap: wrap; gap: .6rem; }
.plot svg { width: 500px; height: auto; display: block; }
.plot.wide svg { width: 820px; }
.note { color: #4a5566; font-size: .9rem; }
"""


def _html_table(
    header: Sequence[str], rows: Sequence[Sequence[str]], css_class: str = ""
) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in header)
    body = []
    for row in rows:
        cells = []
        for cell in row:
            marked = cell.endswith(" *")
            attr = ' class="sig"' if marked else ""
            cells.append(f"<td{attr}>{html.escape(cell)}</td>")
        body.append("<tr>" + "".join(cells) + "</tr>")
    cls = f' class="{css_class}"' if css_class else ""
    return f"<table{cls}><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"


def _figure(svg: str, title: str, wide: bool = False) -> str:
    cls = "plot wide" if wide else "plot"
    return f'<figure class="{cls}" data-plot="{html.escape(title)}">{svg}</figure>'


def render_html(runs: Sequence[BalanceRun]) -> str:
    """The whole report as one self-contained HTML page."""
    comparisons = compare_runs(runs)
    out = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        "<title>tingpai balance report</title>",
        f"<style>{_CSS}</style></head><body>",
        "<h1>tingpai balance report</h1>",
        "<ol>",
        *(f"<li><b>{html.escape(r.label)}</b> ({html.escape(str(r.path))}): "
          f"{html.escape(_parameters(r))}</li>" for r in runs),
        "</ol>",
        f'<p class="note">{html.escape(TEST_NOTE)}</p>',
    ]
    if len(runs) > 1:
        header, rows = _differences(runs, comparisons)
        out += [
            '<section id="side-by-side"><h2>Side by side</h2>',
            '<p class="note">Highlighted, with *: differs significantly from run 1.</p>',
            _html_table(*_side_by_side(runs, comparisons), "side-by-side"),
            _figure(_plot_comparison(runs), "rates side by side", wide=True),
            "<h2>Significant differences</h2>",
            f"<p>{len(rows)} of {len(comparisons)} comparisons are significant.</p>",
            _html_table(header, rows, "differences") if rows else "",
            "</section>",
        ]
    for i, run in enumerate(runs):
        never = _never(run)
        out += [
            f'<section class="run" id="run-{i + 1}"><h2>{i + 1}. {html.escape(run.label)}</h2>',
            f"<p>{html.escape(_parameters(run))}</p>",
            _html_table(*_run_metrics(run), "metrics"),
            '<div class="plots">',
            _figure(_plot_seats(run), "win and deal-in rate by seat"),
            _figure(_plot_histogram(run.hand_turns, "Hand length", "discards in the hand"),
                    "hand length"),
            _figure(_plot_histogram(run.game_hands, "Game length", "hands in the game"),
                    "game length"),
            _figure(_plot_points(run), "points distribution"),
            _figure(_plot_histogram(run.win_values, "Winning value",
                                    f"winning total ({_unit(run)})"), "winning value"),
            _figure(_plot_patterns(run), "pattern frequency against value"),
            "</div>",
            "<h3>Patterns</h3>",
            _html_table(*_pattern_table(run), "patterns"),
            f'<p class="note">{never} patterns never counted.</p>' if never else "",
            "</section>",
        ]
    out.append("</body></html>")
    return "\n".join(out) + "\n"

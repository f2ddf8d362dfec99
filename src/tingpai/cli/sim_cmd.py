"""``tingpai sim``: batch self-play with bots, and its statistics.

::

    tingpai sim --rules hu-4p --games 1000 --seed 1 --bots greedy,greedy,random,random \\
        [--records DIR] [--json] [--option KEY=VALUE ...] [--workers W]

``--bots`` names one bot per seat, or one bot for every seat.  ``--option`` sets a ruleset
option; VALUE is read as JSON when it parses (``true``, ``3``, ``null``), else as a string.
``--records DIR`` saves every game's record (``game-00001.json``, ...).  ``--workers`` plays
in that many local processes; the results do not depend on it.  ``--max-hands N`` (default
1000) stops a game still going after N hands (a Hong Kong game of draws never ends); the
report then says how many games it cut short.  ``--option payment_table=FILE.toml`` reads
a host table here (see :mod:`tingpai.cli.common`).

Human form: a progress bar on standard error, then tables of the rates per hand, the
seats' average scores, the pattern frequencies and the speed.  ``--json`` prints one JSON
object (see :class:`tingpai.sim.SimReport`); for the same arguments and seed every field
is identical except those under ``timing``.

Bad arguments (unknown rules id, option or bot, wrong number of bots) exit with status 2
and a message naming what was wrong (``--json``: ``{"error": "..."}`` on standard output).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from tingpai.bots import bot_names
from tingpai.cli.common import parse_options
from tingpai.inputs import one_line
from tingpai.rules import RuleError, ruleset_ids
from tingpai.sim import SimReport, run_sim
from tingpai.sim.runner import DEFAULT_MAX_HANDS


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not an integer") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def register(subparsers: Any) -> None:
    """Add the ``sim`` subcommand."""
    p = subparsers.add_parser(
        "sim",
        help="play many self-play games with bots and report statistics",
        description=__doc__.split("\n\n")[0] if __doc__ else None,
    )
    p.add_argument(
        "--rules", default="hu-4p", help=f"ruleset id ({', '.join(ruleset_ids())}; default hu-4p)"
    )
    p.add_argument("--games", type=_positive, default=100, help="games to play (default 100)")
    p.add_argument("--seed", type=int, default=0, help="run seed (default 0)")
    p.add_argument(
        "--bots",
        default="greedy",
        help=f"bot per seat, comma separated, or one for all seats ({', '.join(bot_names())}; "
        "default greedy)",
    )
    p.add_argument("--records", metavar="DIR", help="save each game's record in DIR")
    p.add_argument("--json", action="store_true", help="print the report as one JSON object")
    p.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="set a ruleset option (VALUE as JSON when it parses, else a string); repeatable",
    )
    p.add_argument(
        "--workers", type=_positive, default=1, help="local worker processes (default 1)"
    )
    p.add_argument(
        "--max-hands", type=_positive, default=DEFAULT_MAX_HANDS, metavar="N",
        help=f"stop a game that is still going after N hands (default {DEFAULT_MAX_HANDS}; "
        "the report counts the games cut short)",
    )
    p.set_defaults(func=run)


def _fail(args: argparse.Namespace, message: str) -> int:
    message = one_line(message)
    if args.json:
        print(json.dumps({"error": message}))
    else:
        print(f"error: {message}", file=sys.stderr)
    return 2


def run(args: argparse.Namespace) -> int:
    """Run the simulation; exit 0, or 2 on bad arguments."""
    try:
        options = parse_options(args.option)
    except ValueError as exc:  # RuleError included: a payment table file that is bad
        return _fail(args, str(exc))
    bots = [b.strip() for b in args.bots.split(",")]
    common: dict[str, Any] = {
        "rules": args.rules,
        "options": options,
        "games": args.games,
        "seed": args.seed,
        "bots": bots,
        "records_dir": args.records,
        "workers": args.workers,
        "max_hands": args.max_hands,
    }
    try:
        report = run_sim(**common) if args.json else _run_with_progress(common)
    except (RuleError, ValueError) as exc:
        return _fail(args, str(exc))
    except OSError as exc:
        return _fail(args, f"cannot write records: {exc}")
    if args.json:
        print(json.dumps(report.to_json(), ensure_ascii=False))
    else:
        _print_human(report, Console())
    return 0


def _run_with_progress(common: dict[str, Any]) -> SimReport:
    """run_sim with a rich progress bar on standard error (transient)."""
    console = Console(stderr=True)
    with Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    ) as bar:
        task = bar.add_task(f"{common['rules']} games", total=common["games"])

        def step(done: int, total: int) -> None:
            bar.update(task, completed=done)

        return run_sim(**common, progress=step)


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _print_human(report: SimReport, console: Console) -> None:
    """The report as rich tables."""
    console.print(
        f"[bold]{report.ruleset_name}[/] ({report.rules}), {report.games} games, "
        f"{report.hands} hands ({report.hands_per_game:.2f} per game), seed {report.seed}, "
        f"bots {', '.join(report.bots)}"
        + (f", options {json.dumps(dict(report.options))}" if report.options else "")
    )

    rates = Table(title="Hands (rates per hand)")
    rates.add_column("ending")
    rates.add_column("hands", justify="right")
    rates.add_column("rate", justify="right")
    ends = report.ends
    rows = [
        ("win", report.hands - ends.get("exhaustive-draw", 0), report.rates["win"]),
        ("  self-draw", ends.get("self-draw", 0), report.rates["self_draw"]),
        (
            "  discard (incl. robbing)",
            ends.get("discard", 0) + ends.get("robbing-kong", 0),
            report.rates["discard"],
        ),
        (
            "  special (Eight Immortals, ...)",
            ends.get("eight-immortals", 0) + ends.get("terminal-discards", 0),
            report.rates["special"],
        ),
        ("exhaustive draw", ends.get("exhaustive-draw", 0), report.rates["exhaustive_draw"]),
        ("dealer won", report.dealer_wins, report.rates["dealer_win"]),
    ]
    for name, count, rate in rows:
        rates.add_row(name, str(count), _pct(rate))
    console.print(rates)

    seats = Table(title="Seats")
    for col in ("seat", "bot", "avg score", "avg net", "wins", "self-drawn", "dealt in",
                "1st"):
        seats.add_column(col, justify="left" if col == "bot" else "right")
    for s in report.seats:
        seats.add_row(
            str(s.seat), s.bot, f"{s.mean_score:,.1f}", f"{s.mean_delta:+,.1f}", str(s.wins),
            str(s.self_draws), str(s.dealt_in), str(s.first_places),
        )
    console.print(seats)

    pats = Table(title=f"Patterns ({report.wins} winning hands, "
                       f"average total {report.mean_win_total:,.1f})")
    pats.add_column("pattern")
    pats.add_column("chinese")
    pats.add_column("hands", justify="right")
    pats.add_column("frequency", justify="right")
    seen = sorted((p for p in report.patterns if p.count), key=lambda p: -p.count)
    for p in seen:
        pats.add_row(p.name + (" (bonus)" if p.bonus else ""), p.chinese, str(p.count),
                     _pct(p.frequency))
    console.print(pats)
    if report.games_cut_short:
        console.print(
            f"[bold yellow]{report.games_cut_short} of {report.games} games cut short[/] "
            f"at {report.max_hands} hands (--max-hands)"
        )
    never = sum(1 for p in report.patterns if not p.count)
    if never:
        console.print(f"{never} patterns never counted")

    t = report.timing
    console.print(
        f"[bold]{t.hands_per_second:,.1f} hands/s[/], {t.games_per_second:,.2f} games/s, "
        f"{t.wall_seconds:.2f} s wall ({t.backend}, {t.workers} worker"
        f"{'s' if t.workers != 1 else ''})"
    )

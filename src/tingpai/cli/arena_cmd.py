"""``tingpai arena``: bots compared in duplicate games (the same walls from every seat).

::

    tingpai arena --rules hk-4p --bots expert,value --games 400 --seed 1 \\
        [--workers K] [--json] [--option KEY=VALUE ...] [--max-hands H]
        [--until-significant K]

Each of the N seeded games is played once per rotation of the bot list through the seats
(4, 3 or 2 rotations), with the same walls each time.  A bot list shorter than the table
is repeated to fill it (``expert,value`` at four seats is ``expert,value,expert,value``).
``--workers`` plays in that many local processes; the results do not depend on it.
``--max-hands`` stops a game after that many hands (default 150; a game of endless draws
would never end) and its standing then counts.

Human form: a progress bar on standard error, then a table with one row per bot: points
per game and its 95% confidence interval over the duplicate sets, win, deal-in and
self-draw rates per hand played, average winning value, and the share of ready hands that
could not win for want of a pattern (Hu) or of the minimum fan (Hong Kong).  ``--json``
prints one object (:meth:`tingpai.sim.arena.ArenaReport.to_json`; the readings are in
:mod:`tingpai.sim.arena`).

Bad arguments (unknown rules id, option or bot, too many bots) exit with status 2 and a
message naming what was wrong (``--json``: ``{"error": "..."}`` on standard output).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table

from tingpai.bots import bot_names
from tingpai.cli.common import (
    games_progress,
    parse_options,
    percent,
    positive_int,
    print_table,
)
from tingpai.rules import RuleError, find_ruleset, ruleset_ids
from tingpai.sim.arena import DEFAULT_MAX_HANDS, ArenaReport, run_arena


def register(subparsers: Any) -> None:
    """Add the ``arena`` subcommand."""
    p = subparsers.add_parser(
        "arena",
        help="compare bots in duplicate games (same walls, every seat)",
        description=__doc__.split("\n\n")[0] if __doc__ else None,
    )
    p.add_argument(
        "--rules", default="hu-4p", help=f"ruleset id ({', '.join(ruleset_ids())}; default hu-4p)"
    )
    p.add_argument(
        "--bots",
        required=True,
        help=f"bot list, comma separated, at most one per seat ({', '.join(bot_names())}); "
        "a shorter list is repeated to fill the table",
    )
    p.add_argument("--games", type=positive_int, default=100,
                   help="duplicate games, each played in every rotation (default 100)")
    p.add_argument("--seed", type=int, default=0, help="run seed (default 0)")
    p.add_argument("--workers", type=positive_int, default=1,
                   help="local worker processes (default 1)")
    p.add_argument("--json", action="store_true", help="print the report as one JSON object")
    p.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="set a ruleset option (VALUE as JSON when it parses, else a string); repeatable",
    )
    p.add_argument("--max-hands", type=positive_int, default=DEFAULT_MAX_HANDS,
                   help=f"stop a game after this many hands (default {DEFAULT_MAX_HANDS})")
    p.add_argument("--until-significant", type=positive_int, metavar="K",
                   help="check every K games and stop once every bot's interval excludes "
                   "zero at 95%% split over the planned looks (GAMES // K; the report then "
                   "covers the games played)")
    p.set_defaults(func=run)


def _fail(args: argparse.Namespace, message: str) -> int:
    if args.json:
        print(json.dumps({"error": message}))
    else:
        print(f"error: {message}", file=sys.stderr)
    return 2


def run(args: argparse.Namespace) -> int:
    """Run the arena; exit 0, 2 on bad arguments, 130 when Ctrl-C stops it."""
    try:
        options = parse_options(args.option)
    except ValueError as exc:
        return _fail(args, str(exc))
    if args.until_significant is not None and args.until_significant < 2:
        return _fail(args, f"--until-significant must be at least 2 games (an interval needs "
                     f"two), got {args.until_significant}")
    if args.until_significant is not None and args.until_significant > args.games:
        return _fail(args, f"--until-significant {args.until_significant} is more than "
                     f"--games {args.games}: the arena would never look; give at most "
                     f"{args.games}")
    common: dict[str, Any] = {
        "rules": args.rules,
        "bots": [b.strip() for b in args.bots.split(",")],
        "games": args.games,
        "seed": args.seed,
        "options": options,
        "workers": args.workers,
        "max_hands": args.max_hands,
        "until_significant": args.until_significant,
    }
    try:
        report = run_arena(**common) if args.json else _run_with_progress(common)
    except KeyboardInterrupt:
        # It ended with no word: a host could not tell a stopped arena from a finished one.
        message = ("interrupted: an arena keeps nothing of a stopped run (--until-significant "
                   "K ends one early, with the report of the games played)")
        if args.json:  # a tool reading the JSON gets an answer it can parse
            print(json.dumps({"error": message}))
        print(message, file=sys.stderr)
        return 130
    except (RuleError, ValueError) as exc:
        return _fail(args, str(exc))
    if args.json:
        print(json.dumps(report.to_json(), ensure_ascii=False))
    else:
        print_report(report, Console())
    return 0


def _run_with_progress(common: dict[str, Any]) -> ArenaReport:
    """run_arena with the games progress bar on standard error (duplicate sets done, per
    second, time elapsed and left).  Only on a terminal: elsewhere (a log file, a pipe)
    nothing would be animated and the bar would leave a stray blank line before an error
    message."""
    bar = games_progress()
    if not bar.console.is_terminal:
        return run_arena(**common)
    with bar:
        task = bar.add_task(f"{common['rules']} duplicate games", total=common["games"])

        def step(done: int, total: int) -> None:
            bar.update(task, completed=done)

        return run_arena(**common, progress=step)


def _num(x: float) -> str:
    return f"{x:,.1f}" if abs(x) < 100 else f"{x:,.0f}"


def print_report(report: ArenaReport, console: Console) -> None:
    """The report as a rich table."""
    console.print(
        f"[bold]{report.rules}[/]: {report.games} duplicate games × {report.rotations} "
        f"rotations = {report.plays} games, {report.hands} hands "
        f"({report.hands / max(1, report.plays):.1f} per game), draws {percent(report.draw_rate)}, "
        f"seed {report.seed}, seats {', '.join(report.lineup)}"
        + (f", options {json.dumps(dict(report.options))}" if report.options else "")
        + (f"; {report.capped} games stopped at {report.max_hands} hands"
           if report.capped else "")
        + f"; {report.wall_seconds:,.1f} s"
    )
    table = Table(title="Bots (rates per hand played)", box=box.SIMPLE_HEAD, padding=(0, 1),
                  pad_edge=False, collapse_padding=True)
    for col in ("bot", "seats", "pts/game", "±95%", "win", "deal-in", "tsumo",
                "avg win", "no-win"):
        table.add_column(col, justify="left" if col == "bot" else "right")
    for b in report.bots:
        half = "-" if b.ci95 is None else f"{(b.ci95[1] - b.ci95[0]) / 2:,.0f}"
        table.add_row(
            b.bot, str(b.seats), f"{b.points_per_game:+,.0f}", half, percent(b.win_rate),
            percent(b.deal_in_rate), percent(b.self_draw_rate), _num(b.avg_win_value),
            percent(b.no_pattern_ready_rate),
        )
    print_table(console, table)
    # Hu patterns are worth base points, Hong Kong ones fan: avg win is either.
    unit = "fan" if find_ruleset(report.rules).unit.value == "fan" else "base points"
    console.print(
        "pts/game: mean net points per game per seat (±: 95% interval over the duplicate "
        "sets); rates per hand played; tsumo: self-draw wins; avg win: mean value of a "
        f"win in {unit}; no-win: of the hands the bot ended ready and not winning, the "
        "share with no wait a legal win (no pattern / under the minimum fan)."
    )

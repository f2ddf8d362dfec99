"""``tingpai sim``: batch self-play with bots, and its statistics.

::

    tingpai sim --rules hu-4p --games 1000 --seed 1 --bots greedy,greedy,random,random \\
        [--records DIR] [--json] [--option KEY=VALUE ...] [--workers W] \\
        [--out DIR [--storage jsonl|parquet] [--resume]] [--backend ray [--address ADDR]]

``--bots`` names one bot per seat, or one bot for every seat.  ``--option`` sets a ruleset
option; VALUE is read as JSON when it parses (``true``, ``3``, ``null``), else as a string.
``--records DIR`` saves every game's record (``game-00001.json``, ...).  ``--workers`` plays
in that many local processes; the results do not depend on it.  ``--max-hands N`` (default
1000) stops a game still going after N hands (a Hong Kong game of draws never ends); the
report then says how many games it cut short.  ``--option payment_table=FILE.toml`` reads
a host table here (see :mod:`tingpai.cli.common`).

``--out DIR`` writes the games' rows to a run directory as they finish (JSON lines, or
Parquet with ``--storage parquet``; the parameters in ``DIR/manifest.json``, the report in
``DIR/summary.json``; see :mod:`tingpai.sim.store`), for ``tingpai report``.  ``--resume``
continues a stopped run there without replaying its finished games, and ends with the
report an uninterrupted run gives; parameters left out are taken from the manifest, and
those given must match it (``--games`` may grow the run; an ``--option`` given at the value
the run already has is no change).  Ctrl-C stops a run with status 130 once every game
already played is stored, and says how many there are and the command that resumes the
run.  ``--backend ray`` plays on a
local Ray instance with ``--workers`` CPUs (default all), or on the cluster at
``--address`` (``--workers`` then caps the games played at once); the results are the
same on every backend.

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
import shlex
import sys
from typing import Any

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
from tingpai.inputs import one_line
from tingpai.rules import RuleError, ruleset_ids, ruleset_spec
from tingpai.sim import (
    Backend,
    SimInterrupted,
    SimReport,
    local_backend,
    read_manifest,
    run_sim,
)
from tingpai.sim.runner import DEFAULT_MAX_HANDS
from tingpai.sim.store import (
    DEFAULT_FLUSH_EVERY,
    STORAGES,
    changed_options,
    option_changes,
    option_text,
)

DEFAULTS: dict[str, Any] = {"rules": "hu-4p", "games": 100, "seed": 0, "bots": "greedy"}
"""Defaults of the run parameters (left as None by the parser so that ``--resume`` can
tell a parameter left out, taken from the manifest, from one given)."""


def register(subparsers: Any) -> None:
    """Add the ``sim`` subcommand."""
    p = subparsers.add_parser(
        "sim",
        help="play many self-play games with bots and report statistics",
        description=__doc__.split("\n\n")[0] if __doc__ else None,
    )
    p.add_argument(
        "--rules", help=f"ruleset id ({', '.join(ruleset_ids())}; default hu-4p)"
    )
    p.add_argument("--games", type=positive_int, help="games to play (default 100)")
    p.add_argument("--seed", type=int, help="run seed (default 0)")
    p.add_argument(
        "--bots",
        help=f"bot per seat, comma separated, or one for all seats ({', '.join(bot_names())}; "
        "default greedy)",
    )
    p.add_argument("--records", metavar="DIR", help="save each game's record in DIR")
    p.add_argument("--json", action="store_true", help="print the report as one JSON object")
    p.add_argument(
        "--option",
        action="append",
        metavar="KEY=VALUE",
        help="set a ruleset option (VALUE as JSON when it parses, else a string); repeatable",
    )
    p.add_argument(
        "--workers",
        type=positive_int,
        help="local worker processes (default 1); with --backend ray, CPUs of the local "
        "Ray instance (default all); with --address, at most W games at a time on the "
        "cluster (default: one per cluster CPU)",
    )
    p.add_argument("--out", metavar="DIR", help="write the games' rows and the report to DIR")
    p.add_argument(
        "--storage", choices=STORAGES, help="row format in --out DIR (default jsonl)"
    )
    p.add_argument(
        "--flush-every",
        type=positive_int,
        help=f"games per Parquet part (default {DEFAULT_FLUSH_EVERY})",
    )
    p.add_argument(
        "--resume", action="store_true", help="continue the stopped run in --out DIR"
    )
    p.add_argument(
        "--backend",
        choices=("local", "ray"),
        help="where games run: local processes (default) or Ray",
    )
    p.add_argument(
        "--address", help="Ray cluster address (implies --backend ray; default: a local Ray)"
    )
    p.add_argument(
        "--max-hands", type=positive_int, metavar="N",
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


def _parameters(args: argparse.Namespace) -> dict[str, Any]:
    """The run's parameters: the arguments given, then (``--resume``) the manifest's, then
    the defaults.  ValueError names a bad ``--option`` or a missing run directory."""
    given: dict[str, Any] = {
        "rules": args.rules,
        "games": args.games,
        "seed": args.seed,
        "bots": [b.strip() for b in args.bots.split(",")] if args.bots is not None else None,
        "options": parse_options(args.option) if args.option is not None else None,
        "storage": args.storage,
        "flush_every": args.flush_every,
        "max_hands": args.max_hands,
    }
    if args.out is None:
        # Without a run directory nothing is stored: a row format asked for would be
        # silently ignored (a run meant to be kept, lost).
        if args.resume:
            raise ValueError("--resume needs --out DIR (the run to continue)")
        for flag, value in (("--storage", args.storage), ("--flush-every", args.flush_every)):
            if value is not None:
                raise ValueError(f"{flag} needs --out DIR (the run directory it stores)")
    if args.resume:
        manifest = read_manifest(args.out)
        stored: dict[str, Any] = {
            "rules": manifest.rules,
            "games": manifest.games,
            "seed": manifest.seed,
            "bots": list(manifest.bots),
            "options": dict(manifest.options),
            "storage": manifest.storage,
            "flush_every": manifest.flush_every,
            "max_hands": manifest.max_hands,
        }
        if given["rules"] is not None:
            # The manifest keeps the canonical id: the same command, an alias in it
            # (``--rules hu``), is the same run.
            given["rules"] = ruleset_spec(given["rules"]).id
        bots = given["bots"]
        if bots is not None and len(bots) == 1:
            given["bots"] = bots * len(manifest.bots)
        for key in ("rules", "seed", "bots", "max_hands"):
            if given[key] is not None and given[key] != stored[key]:
                raise ValueError(
                    f"{args.out} holds another run ({key} {stored[key]!r} there, "
                    f"{given[key]!r} asked)"
                )
        if given["options"] is not None:
            # The same table however spelt (an option given at its default) is the same
            # run, which keeps its stored options; a real change is named.
            if changed_options(stored["rules"], stored["options"], given["options"]):
                raise ValueError(
                    f"{args.out} holds another run "
                    f"({option_changes(manifest, given['options'])})"
                )
            given["options"] = None
        for key in ("storage", "flush_every"):
            if given[key] is not None and given[key] != stored[key]:
                raise ValueError(
                    f"{args.out} stores its rows as {stored['storage']} "
                    f"(flush every {stored['flush_every']}); --{key.replace('_', '-')} "
                    "cannot change on resume"
                )
        return {k: stored[k] if v is None else v for k, v in given.items()}
    defaults = {**DEFAULTS, "options": {}, "storage": "jsonl",
                "flush_every": DEFAULT_FLUSH_EVERY, "max_hands": DEFAULT_MAX_HANDS}
    out = {k: defaults[k] if v is None else v for k, v in given.items()}
    if isinstance(out["bots"], str):
        out["bots"] = [out["bots"]]
    return out


def _backend(args: argparse.Namespace) -> Backend:
    """The backend the arguments ask for (Ray imported only when asked for)."""
    if args.backend == "local" and args.address is not None:
        raise ValueError(
            f"--address {args.address} is a Ray cluster's: use it with --backend ray (or "
            "alone), not with --backend local"
        )
    if args.backend == "ray" or args.address is not None:
        from tingpai.sim.ray_backend import RayBackend

        backend = RayBackend(address=args.address, workers=args.workers)
        backend.connect()  # a bad address fails here, before the run directory is touched
        return backend
    return local_backend(args.workers or 1)


def run(args: argparse.Namespace) -> int:
    """Run the simulation; exit 0, or 2 on bad arguments."""
    try:
        params = _parameters(args)
        backend = _backend(args)
    except (ValueError, ImportError) as exc:  # RuleError included: a bad payment table file
        return _fail(args, str(exc))
    common: dict[str, Any] = {
        "rules": params["rules"],
        "options": params["options"],
        "games": params["games"],
        "seed": params["seed"],
        "bots": params["bots"],
        "records_dir": args.records,
        "backend": backend,
        "max_hands": params["max_hands"],
        "out": args.out,
        "resume": args.resume,
        "storage": params["storage"],
        "flush_every": params["flush_every"],
    }
    try:
        report = run_sim(**common) if args.json else _run_with_progress(common)
    except SimInterrupted as stop:
        message = _interrupted(args, stop)
        if args.json:  # a tool reading the JSON gets an answer it can parse
            print(json.dumps({"error": message}))
        print(message, file=sys.stderr)
        return 130
    except (RuleError, ValueError) as exc:  # StoreError is a ValueError
        return _fail(args, str(exc))
    except ImportError as exc:
        return _fail(args, str(exc))
    except OSError as exc:
        what = "records" if args.records else "results"
        return _fail(args, f"cannot write {what}: {exc}")
    finally:
        # A run refused before its games (a run directory that does not fit) never runs
        # the backend, which would have stopped the Ray instance it started.
        close = getattr(backend, "close", None)
        if close is not None:
            close()
    if args.json:
        print(json.dumps(report.to_json(), ensure_ascii=False))
    else:
        _print_human(report, Console())
    return 0


def _interrupted(args: argparse.Namespace, stop: SimInterrupted) -> str:
    """What Ctrl-C kept and how to go on: the games stored in the run directory and the
    command that resumes it, or, without one, that nothing was kept (a host stopping a
    long run must know whether it is lost)."""
    left = f"interrupted after {stop.games:,} of {stop.total:,} games"
    if args.out is None:
        records = f" (their records are in {args.records})" if args.records else ""
        return (f"{left}{records}; without --out DIR nothing else was kept: run with --out "
                "DIR to be able to resume a stopped run")
    command = f"tingpai sim --out {shlex.quote(args.out)} --resume"
    if args.records:
        command += f" --records {shlex.quote(args.records)}"
    return f"{left}, all stored in {args.out}; continue the run with: {command}"


def _run_with_progress(common: dict[str, Any]) -> SimReport:
    """run_sim with a rich progress bar on standard error (transient): games done, games
    per second, time elapsed and time left.  Only on a terminal: elsewhere (a log file, a
    pipe) nothing would be animated and the bar would leave a stray blank line before an
    error message."""
    bar = games_progress()
    if not bar.console.is_terminal:
        return run_sim(**common)
    with bar:
        task = bar.add_task(f"{common['rules']} games", total=common["games"])
        started: list[bool] = []

        def step(done: int, total: int) -> None:
            if not started:
                # After a resume the first call reports the games read back: start the
                # bar there, so they do not count into the speed and the time left.
                started.append(True)
                bar.reset(task, total=total, completed=done)
                return
            bar.update(task, completed=done)

        return run_sim(**common, progress=step)


def _print_human(report: SimReport, console: Console) -> None:
    """The report as rich tables."""
    console.print(
        f"[bold]{report.ruleset_name}[/] ({report.rules}), {report.games} games, "
        f"{report.hands} hands ({report.hands_per_game:.2f} per game), seed {report.seed}, "
        f"bots {', '.join(report.bots)}"
        + (", options " + " ".join(f"{k}={option_text(v)}" for k, v in report.options.items())
           if report.options else "")
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
        rates.add_row(name, str(count), percent(rate))
    print_table(console, rates)

    seats = Table(title="Seats")
    for col in ("seat", "bot", "avg score", "avg net", "wins", "self-drawn", "dealt in",
                "1st"):
        seats.add_column(col, justify="left" if col == "bot" else "right")
    for s in report.seats:
        seats.add_row(
            str(s.seat), s.bot, f"{s.mean_score:,.1f}", f"{s.mean_delta:+,.1f}", str(s.wins),
            str(s.self_draws), str(s.dealt_in), str(s.first_places),
        )
    print_table(console, seats)

    pats = Table(title=f"Patterns ({report.wins} winning hands, "
                       f"average total {report.mean_win_total:,.1f})")
    pats.add_column("pattern")
    pats.add_column("chinese")
    pats.add_column("hands", justify="right")
    pats.add_column("frequency", justify="right")
    seen = sorted((p for p in report.patterns if p.count), key=lambda p: -p.count)
    for p in seen:
        pats.add_row(p.name + (" (bonus)" if p.bonus else ""), p.chinese, str(p.count),
                     percent(p.frequency))
    print_table(console, pats)
    if report.games_cut_short:
        console.print(
            f"[bold yellow]{report.games_cut_short} of {report.games} games cut short[/] "
            f"at {report.max_hands} hands (--max-hands)"
        )
    never = sum(1 for p in report.patterns if not p.count)
    if never:
        console.print(f"{never} patterns never counted")

    t = report.timing
    if t.resumed_games >= report.games:
        # A resume with nothing left to play: no speed to speak of (it read "0.0 hands/s").
        console.print(f"all {report.games:,} games were already stored: nothing left to play")
        return
    resumed = f"; {t.resumed_games:,} games read back, not replayed" if t.resumed_games else ""
    console.print(
        f"[bold]{t.hands_per_second:,.1f} hands/s[/], {t.games_per_second:,.2f} games/s, "
        f"{t.wall_seconds:.2f} s wall ({t.backend}, {t.workers} worker"
        f"{'s' if t.workers != 1 else ''}{resumed})"
    )

"""The README's balance table: hu-4p, hu-3p, hu-2p and hk-4p at minimum fan 1 and 3, each
run until it holds at least ``--hands`` hands, then the report and the table.

One command does all of it (and is safe to rerun: every run resumes where it stopped, and
grows by whole games until it has enough hands)::

    .venv/bin/python examples/balance_table.py --bots expert --hands 20000 --workers 2

Runs go to ``--out`` (default ``runs/``), one directory per configuration (e.g.
``runs/hk-4p-min_fan-1``); the report is ``<out>/report.html`` (and ``report.md``), the
table is printed as Markdown.  Each run is also a single ``tingpai sim`` command, printed
as it starts; the numbers of games are estimates that the script raises when a run falls
short of the hands wanted.
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path
from typing import Any

from tingpai.sim import local_backend, run_sim, stored_outcomes
from tingpai.sim.balance import BalanceRun
from tingpai.sim.balance_report import render_html, render_markdown, summary_markdown

CONFIGS: dict[str, tuple[str, dict[str, Any]]] = {
    "hu-4p": ("hu-4p", {}),
    "hu-3p": ("hu-3p", {}),
    "hu-2p": ("hu-2p", {}),
    "hk-4p-min_fan-3": ("hk-4p", {"min_fan": 3}),
    "hk-4p-min_fan-1": ("hk-4p", {"min_fan": 1}),
}
GROUPS = (("hu-4p", "hu-3p", "hu-2p"), ("hk-4p-min_fan-3", "hk-4p-min_fan-1"))
"""Tables compared within (the first run of each is the reference)."""
FIRST_GUESS = 12
"""Hands per game assumed before a run has played any (Hu Mahjong's, with greedy bots)."""


def command(name: str, games: int, args: argparse.Namespace, resume: bool) -> str:
    """The ``tingpai sim`` command of one run."""
    rules, options = CONFIGS[name]
    opts = "".join(f" --option {k}={v}" for k, v in options.items())
    return (f"tingpai sim --rules {rules}{opts} --bots {args.bots} --games {games} "
            f"--seed {args.seed} --workers {args.workers} --out {args.out / name}"
            + (" --resume" if resume else ""))


def grow(name: str, args: argparse.Namespace) -> None:
    """Play (or resume) one run until it holds at least ``args.hands`` hands."""
    rules, options = CONFIGS[name]
    folder = args.out / name
    while True:
        exists = (folder / "manifest.json").exists()
        stored = list(stored_outcomes(folder)) if exists else []
        games = len(stored)
        hands = sum(len(o.hands) for o in stored)
        if hands >= args.hands:
            print(f"{name}: {games:,} games, {hands:,} hands", flush=True)
            return
        if games:
            wanted = games + max(1, math.ceil((args.hands - hands) / (hands / games) * 1.05))
        else:  # a pilot of a tenth of the guess first: games run far longer on some tables
            wanted = max(1, math.ceil(args.hands / FIRST_GUESS / 10))
        print(f"$ {command(name, wanted, args, exists)}", flush=True)
        run_sim(rules, options, wanted, args.seed, args.bots, out=folder, resume=exists,
                backend=local_backend(args.workers))


def main(argv: list[str] | None = None) -> int:
    """Grow every run, then write the report and print the tables."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--bots", default="expert", help="bot level at every seat")
    parser.add_argument("--hands", type=int, default=20_000, help="hands per run, at least")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path("runs"))
    parser.add_argument("--configs", default=",".join(CONFIGS),
                        help=f"comma-separated subset of {', '.join(CONFIGS)}")
    args = parser.parse_args(argv)
    names = [n.strip() for n in args.configs.split(",")]
    unknown = [n for n in names if n not in CONFIGS]
    if unknown:
        print(f"error: unknown configuration {', '.join(unknown)}", file=sys.stderr)
        return 2
    for name in names:
        grow(name, args)
    runs = {name: BalanceRun.load(args.out / name) for name in names}
    ordered = list(runs.values())
    (args.out / "report.html").write_text(render_html(ordered), encoding="utf-8")
    (args.out / "report.md").write_text(render_markdown(ordered), encoding="utf-8")
    print(f"\nwrote {args.out / 'report.html'} and {args.out / 'report.md'}\n")
    for group in GROUPS:
        present = [runs[n] for n in group if n in runs]
        if present:
            print(summary_markdown(present) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

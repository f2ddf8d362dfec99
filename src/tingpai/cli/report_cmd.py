"""``tingpai report``: the balance report of stored simulation runs.

::

    tingpai report DIR [DIR ...] [-o report.html] [--format html|md]

Each DIR is a run directory written by ``tingpai sim --out DIR``.  The HTML page (default
``report.html``) is self-contained: it opens offline, its plots embedded as SVG.  Several
runs are set side by side, with the significant differences between them (see
:mod:`tingpai.sim.balance` for the intervals and tests).  ``--format md`` gives the tables
as Markdown, on standard output unless ``-o`` names a file (``-o -``: standard output).
A file inside one of the run directories is refused: it could overwrite the run.

A directory that is not a run, or holds malformed rows, exits with status 2 and a message
naming it; nothing is written then.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from tingpai.rules import RuleError
from tingpai.sim.balance import BalanceRun


def register(subparsers: Any) -> None:
    """Add the ``report`` subcommand."""
    p = subparsers.add_parser(
        "report",
        help="balance report (HTML or Markdown) of runs stored by tingpai sim --out",
        description=__doc__.split("\n\n")[0] if __doc__ else None,
    )
    p.add_argument("runs", nargs="+", metavar="DIR", help="run directories (tingpai sim --out)")
    p.add_argument("-o", "--output", metavar="FILE",
                   help="output file (default report.html; Markdown: standard output)")
    p.add_argument("--format", choices=("html", "md"), default="html",
                   help="html (default) or md")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Write the report; exit 0, or 2 when a run cannot be read."""
    try:
        runs = [BalanceRun.load(path) for path in args.runs]
    except (RuleError, ValueError) as exc:  # StoreError is a ValueError
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.format == "md":
        from tingpai.sim.balance_report import render_markdown

        text = render_markdown(runs)
    else:
        try:
            from tingpai.sim.balance_report import render_html

            text = render_html(runs)
        except ImportError as exc:
            print(f"error: the HTML report needs matplotlib: pip install 'tingpai[lab]' "
                  f"({exc})", file=sys.stderr)
            return 2
    target = args.output or (None if args.format == "md" else "report.html")
    if target is None or target == "-":
        sys.stdout.write(text)
        return 0
    inside = next((run for run in args.runs
                   if Path(run).resolve() in Path(target).resolve().parents), None)
    if inside is not None:
        print(f"error: {target} is inside the run directory {inside}: a report there could "
              "overwrite the run's own files; write it elsewhere", file=sys.stderr)
        return 2
    try:
        Path(target).write_text(text, encoding="utf-8")
    except OSError as exc:
        print(f"error: cannot write {target}: {exc.strerror}", file=sys.stderr)
        return 2
    print(f"wrote {target} ({len(runs)} run{'s' if len(runs) != 1 else ''})", file=sys.stderr)
    return 0

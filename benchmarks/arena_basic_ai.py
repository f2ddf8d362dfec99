"""A duplicate arena against hk-mahjong's ``BasicAI`` on tingpai's hk-4p table (issue #9).

::

    .venv/bin/python benchmarks/arena_basic_ai.py --bots expert,basic-ai --games 100 \\
        --seed 9 [--workers 2] [--json] [--rules hk-4p] [--until-significant K]

Registers the bench-only ``basic-ai`` bot (:mod:`hk_basic_ai`) and runs
:func:`tingpai.sim.arena.run_arena` exactly as ``tingpai arena`` does, printing the same
table or JSON.  Needs the ``bench`` extra (``pip install -e '.[dev,bench]'``).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from rich.console import Console

sys.path.insert(0, str(Path(__file__).resolve().parent))

from hk_basic_ai import register
from tingpai.cli.arena_cmd import print_report
from tingpai.sim.arena import run_arena


def main() -> int:
    """Run the arena; exit 0."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", default="hk-4p")
    parser.add_argument("--bots", default="expert,basic-ai")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=9)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--until-significant", type=int, default=None, metavar="K")
    args = parser.parse_args()
    register()
    report = run_arena(args.rules, args.bots.split(","), args.games, args.seed,
                       workers=args.workers, until_significant=args.until_significant)
    if args.json:
        print(json.dumps(report.to_json()))
    else:
        print_report(report, Console())
    return 0


if __name__ == "__main__":
    sys.exit(main())

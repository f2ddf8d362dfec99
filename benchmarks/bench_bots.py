"""Bot decision times: mean and 99th percentile per level and ruleset (issue #9).

For every ruleset id and every bot level, a duplicate arena with that level at every seat
(:func:`tingpai.sim.arena.run_arena` with ``time_decisions``) times each decision of each
bot, cold caches included (a fresh process per ruleset would be colder still; one process
runs them all, as a lab worker does).  Target: every decision within 50 ms at the 99th
percentile.  Exit status 1 when a level misses it.

Run: ``make bench`` or ``.venv/bin/python benchmarks/bench_bots.py [--games N]
[--hands H]``.  Defaults keep the run to a few minutes on a shared 2-core machine.

The measurements that calibrated the bots (readiness and wait tables, hazard profiles,
typical improvement shares) come from self-play with full information: for each decision
of a seat, whether each opponent was ready and which tiles it could legally win on, then
frequencies by feature (turn, melds, tile class, suji, copies in sight).  They are
described beside the tables in :mod:`tingpai.bots.danger` and :mod:`tingpai.bots.value`.
The expert's per-tile danger is a model fitted the same way, by ``tools/fit_tells.py``.
"""

from __future__ import annotations

import argparse
import sys
import time

from tingpai.bots import bot_names
from tingpai.rules import ruleset_ids
from tingpai.sim.arena import run_arena

RULESETS = ("hu-4p", "hu-3p", "hu-2p", "hk-4p", "hk-2p", "hk-fanlaak")
TARGET_P99_MS = 50.0


def main() -> int:
    """Time every level in every ruleset; print one table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2, help="duplicate games per arena")
    parser.add_argument("--hands", type=int, default=12, help="hand cap per game")
    parser.add_argument("--seed", type=int, default=20260601)
    args = parser.parse_args()
    rulesets = [r for r in RULESETS if r in ruleset_ids()]
    levels = list(bot_names())
    print(f"{'ruleset':<11} {'level':<7} {'decisions':>9} {'mean ms':>8} {'p99 ms':>8} "
          f"{'max ms':>8}")
    missed = []
    start = time.perf_counter()
    for rules in rulesets:
        for level in levels:
            report = run_arena(rules, [level], args.games, args.seed, max_hands=args.hands,
                               time_decisions=True)
            timing = report.bots[0].decision_ms
            assert timing is not None
            print(f"{rules:<11} {level:<7} {timing['decisions']:>9} {timing['mean']:>8.3f} "
                  f"{timing['p99']:>8.3f} {timing['max']:>8.1f}", flush=True)
            if timing["p99"] > TARGET_P99_MS:
                missed.append(f"{level} on {rules} (p99 {timing['p99']:.1f} ms)")
    print(f"total {time.perf_counter() - start:.0f} s; target: p99 <= {TARGET_P99_MS:.0f} ms")
    if missed:
        print("missed: " + "; ".join(missed))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

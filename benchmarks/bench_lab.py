"""Simulation throughput of the lab: one worker, two worker processes and Ray, in one run
(issue #12).

The same seeded games (``greedy`` bots, hu-4p by default) are played by the serial backend,
a pool of 2 processes and a local Ray instance with 2 CPUs (started, and warmed with a few
games, before its clock starts); the reports are checked identical.  Hands per second and
the ratios to one worker are printed.  Target: 2 workers ≥ 1.8x one worker on 2 cores.
The machine running it should be otherwise idle: on a shared machine the ratio measures
the other load as much as the scaling.  Exit status 1 when the target is missed.

Run: ``make bench`` or ``.venv/bin/python benchmarks/bench_lab.py [--games N] [--rules R]``.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Sequence
from typing import Any

from tingpai.sim import Backend, ProcessBackend, RayBackend, SerialBackend, run_sim

TARGET = 1.8
"""Two workers over one, on two cores."""
SEED = 20240613


def timed(backend: Backend, rules: str, games: int) -> tuple[dict[str, Any], float, int]:
    """(report without timing, wall seconds, hands) of one run."""
    start = time.perf_counter()
    report = run_sim(rules, {}, games, SEED, "greedy", backend=backend).to_json()
    wall = time.perf_counter() - start
    report.pop("timing")
    return report, wall, report["hands"]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark; exit 1 when 2 workers scale below the target."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=120, help="games per backend")
    parser.add_argument("--rules", default="hu-4p")
    parser.add_argument("--no-ray", action="store_true", help="skip the Ray row")
    args = parser.parse_args(argv)
    print(f"{args.games} {args.rules} games with greedy bots per row, {os.cpu_count()} CPUs, "
          f"load average {os.getloadavg()[0]:.2f}", flush=True)
    rows: list[tuple[str, float, int]] = []
    reports = []
    for name, backend in (("1 worker (serial)", SerialBackend()),
                          ("2 worker processes", ProcessBackend(2))):
        report, wall, hands = timed(backend, args.rules, args.games)
        reports.append(report)
        rows.append((name, wall, hands))
        print(f"  {name}: {hands / wall:,.1f} hands/s", flush=True)
    if not args.no_ray:
        try:
            from tingpai.sim.ray_backend import start_local_ray

            ray = start_local_ray(2)
            run_sim(args.rules, {}, 4, SEED + 1, "greedy", backend=RayBackend())  # warm-up
            report, wall, hands = timed(RayBackend(), args.rules, args.games)
            ray.shutdown()
            reports.append(report)
            rows.append(("Ray, local, 2 CPUs", wall, hands))
            print(f"  Ray: {hands / wall:,.1f} hands/s", flush=True)
        except ImportError as exc:
            print(f"  Ray: skipped ({exc})")
    if any(r != reports[0] for r in reports):
        print("MISMATCH: the backends' reports differ")
        return 1
    base = rows[0][2] / rows[0][1]
    print()
    print(f"{'':24}{'hands':>8}{'seconds':>9}{'hands/s':>10}{'vs 1':>7}")
    for name, wall, hands in rows:
        rate = hands / wall
        print(f"{name:24}{hands:>8,}{wall:>9.2f}{rate:>10,.1f}{rate / base:>6.2f}x")
    scaling = (rows[1][2] / rows[1][1]) / base
    print(f"\n2 workers vs 1: {scaling:.2f}x (target ≥ {TARGET:g}x on 2 idle cores); "
          "results identical on every backend")
    if scaling < TARGET:
        print(f"MISSED: {scaling:.2f}x < {TARGET:g}x")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""``Hand.copy()`` cost: microseconds per copy of hands in progress (issue #8).

Monte Carlo rollouts and search copy the hand before every trial, so a copy must stay far
below the cost of playing a move: target ≤ 30 µs per copy.

The hands copied are snapshots taken along seeded random games of every ruleset (deal,
early, middle and late turns and claim phases, every tenth action), so the piles, caches
and flowers are of realistic sizes.  Each snapshot is copied ``--copies`` times in a tight
loop; a row reports the best of ``--repeat`` passes (the machine may be shared), as the
mean time of one copy.  Exit status 1 when a ruleset misses the target.

Run: ``make bench`` or ``.venv/bin/python benchmarks/bench_copy.py [--copies N]``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence

from tingpai import Hand, ruleset_ids

TARGET_US = 30.0
"""Most microseconds one ``Hand.copy()`` may take."""
SEED = 20240604


def snapshots(rules: str, hands: int, seed: int) -> list[Hand]:
    """Copies of hands in progress: every tenth state of ``hands`` random hands."""
    rng = random.Random(seed)
    found: list[Hand] = []
    for i in range(hands):
        hand = Hand(rules, seed=seed + i)
        step = 0
        while not hand.is_over:
            if step % 10 == 0:
                found.append(hand.copy())
            seat = hand.to_act()[0]
            hand.apply(rng.choice(hand.legal_actions(seat)))
            step += 1
    return found


def time_copies(states: Sequence[Hand], copies: int, repeat: int) -> float:
    """Best mean microseconds per copy over ``repeat`` passes of ``copies`` per state."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for state in states:
            for _ in range(copies):
                state.copy()
        elapsed = time.perf_counter() - start
        best = min(best, elapsed / (len(states) * copies))
    return best * 1e6


def main(argv: Sequence[str] | None = None) -> int:
    """Time ``Hand.copy()`` per ruleset; exit 1 when one misses the target."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=8, help="random hands per ruleset")
    parser.add_argument("--copies", type=int, default=200, help="copies per snapshot")
    parser.add_argument("--repeat", type=int, default=5, help="passes (the best is kept)")
    parser.add_argument("--rules", default=",".join(ruleset_ids()),
                        help="comma-separated ruleset ids (default: every registered id)")
    args = parser.parse_args(argv)
    print(f"Hand.copy(), best of {args.repeat} passes, Python {sys.version.split()[0]}")
    print(f"{'rules':16}{'snapshots':>10}{'µs/copy':>10}")
    ok = True
    for rules in args.rules.split(","):
        states = snapshots(rules, args.hands, SEED)
        us = time_copies(states, args.copies, args.repeat)
        print(f"{rules:16}{len(states):>10}{us:>10.2f}", flush=True)
        if us > TARGET_US:
            print(f"MISSED: {rules} {us:.1f} µs > {TARGET_US:g} µs")
            ok = False
    print(f"target: ≤ {TARGET_US:g} µs per copy")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

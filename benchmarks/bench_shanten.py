"""Shanten and waits: tingpai against the ``mahjong`` library (issue #2).

Generates 100,000 random 14-tile and 100,000 random 13-tile hands from a seeded 136-tile
wall, checks that tingpai's overall shanten (all three forms) equals
``mahjong.shanten.Shanten().calculate_shanten`` on every hand, and reports hands/second for
both and the ratio.  tingpai's tables fill themselves on first use, so it is timed cold
(a first pass over other hands of the same kind, in a fresh process), warm (a first pass
over the measured hands after that) and steady (best of further passes: what a bot in a
long loop sees; the target applies to it).  The peer's rate is its best of 3 passes over
20,000 of the hands.  Then waits on 100,000 ready 13-tile hands (complete hands with a
tile removed).  The machine is shared, so passes are repeated and the best one kept.

Run: ``make bench`` or ``.venv/bin/python benchmarks/bench_shanten.py [--hands N]``.
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import time
from collections.abc import Callable, Sequence

from tingpai.analysis import shanten, waits
from tingpai.tiles import counts_to_str

Hand = list[int]

SEED = 20240602
PEER_SAMPLE = 20_000
TARGET_RATIO = 20.0
TARGET_WAITS = 100_000.0


def random_hands(rng: random.Random, size: int, n: int) -> list[Hand]:
    """``n`` hands of ``size`` tiles drawn from a shuffled 136-tile wall."""
    wall = [t for t in range(34) for _ in range(4)]
    hands = []
    for _ in range(n):
        counts = [0] * 34
        for t in rng.sample(wall, size):
            counts[t] += 1
        hands.append(counts)
    return hands


def random_complete(rng: random.Random) -> Hand:
    """A random complete 14-tile hand: mostly four melds and a pair, some seven pairs and
    thirteen orphans (built independently of the code under test)."""
    roll = rng.random()
    counts = [0] * 34
    if roll < 0.05:
        orphans = [0, 8, 9, 17, 18, 26, *range(27, 34)]
        for t in orphans:
            counts[t] = 1
        counts[rng.choice(orphans)] += 1
        return counts
    if roll < 0.15:
        for t in rng.sample(range(34), 7):
            counts[t] = 2
        return counts
    while True:
        counts = [0] * 34
        pair = rng.randrange(34)
        counts[pair] += 2
        for _ in range(4):
            if rng.random() < 0.6:
                suit, start = rng.randrange(3), rng.randrange(7)
                for i in range(3):
                    counts[9 * suit + start + i] += 1
            else:
                counts[rng.randrange(34)] += 3
        if max(counts) <= 4:
            return counts


def ready_hands(rng: random.Random, n: int) -> list[Hand]:
    """``n`` ready 13-tile hands: complete hands with one random tile removed."""
    out = []
    for _ in range(n):
        counts = random_complete(rng)
        tiles = [t for t, c in enumerate(counts) for _ in range(c)]
        counts[rng.choice(tiles)] -= 1
        out.append(counts)
    return out


def rate(func: Callable[[Hand], object], hands: Sequence[Hand]) -> float:
    """Hands per second of one pass of ``func`` over ``hands``."""
    start = time.perf_counter()
    for h in hands:
        func(h)
    return len(hands) / (time.perf_counter() - start)


def best_rate(func: Callable[[Hand], object], hands: Sequence[Hand], repeats: int) -> float:
    """Best of ``repeats`` passes (the machine is shared: the best pass is the least
    disturbed one)."""
    return max(rate(func, hands) for _ in range(repeats))


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark; exit 1 when a target is missed or a ready hand has no wait."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000, help="hands per size")
    args = parser.parse_args(argv)
    try:
        from mahjong.shanten import Shanten
    except ImportError:
        print("the peer library is missing: pip install -e '.[bench]'", file=sys.stderr)
        return 1
    peer = Shanten().calculate_shanten
    rng = random.Random(SEED)
    hands = {14: random_hands(rng, 14, args.hands), 13: random_hands(rng, 13, args.hands)}
    ready = ready_hands(rng, args.hands)
    other = {14: random_hands(rng, 14, args.hands), 13: random_hands(rng, 13, args.hands)}
    other_ready = ready_hands(rng, args.hands)
    gc.collect()
    gc.freeze()  # the millions of hand lists are not garbage: keep the collector off them

    # Timing first, while tingpai's tables are empty.  "cold": a first pass over other
    # hands of the kind (tables filling); "warm": a first pass over the measured hands
    # after that (new keys still appear now and then); "steady": best of further passes
    # over the same hands.  The peer is timed as the best of 3 passes over a sample.
    rows: list[tuple[str, float, float, float, float | None]] = []
    for size in (14, 13):
        cold = rate(shanten, other[size])
        warm = rate(shanten, hands[size])
        steady = best_rate(shanten, hands[size], 5)
        peer_rate = best_rate(peer, hands[size][:PEER_SAMPLE], 3)
        rows.append((f"shanten, {size} tiles", cold, warm, steady, peer_rate))
    cold = rate(waits, other_ready)
    warm = rate(waits, ready)
    steady = best_rate(waits, ready, 5)
    rows.append(("waits, ready 13 tiles", cold, warm, steady, None))

    disagreements = [
        (h, ours, theirs)
        for size in (14, 13)
        for h in hands[size]
        if (ours := shanten(h)) != (theirs := peer(h))
    ]
    wait_count = sum(1 for h in ready if waits(h))

    print(f"{args.hands:,} hands per row, seed {SEED}, Python {sys.version.split()[0]}")
    header = ("tingpai cold", "tingpai warm", "tingpai steady", "mahjong", "warm/peer")
    print(f"{'':23}" + "".join(f"{h:>16}" for h in header) + f"{'steady/peer':>14}")
    for name, cold_rate, warm_rate, steady_rate, peer_rate in rows:
        line = f"{name:23}" + "".join(f"{v:>14,.0f}/s" for v in (cold_rate, warm_rate, steady_rate))
        if peer_rate is not None:
            line += f"{peer_rate:>14,.0f}/s{warm_rate / peer_rate:>15.1f}x"
            line += f"{steady_rate / peer_rate:>13.1f}x"
        print(line)
    print(f"ready hands with at least one wait: {wait_count:,} of {len(ready):,}")
    print(f"shanten disagreements with mahjong: {len(disagreements)} of {2 * args.hands:,}")
    for h, ours_value, theirs_value in disagreements[:10]:
        print(f"  {counts_to_str(h)}: tingpai {ours_value}, mahjong {theirs_value}")

    ok = True
    peer14 = rows[0][4] or 1.0
    if rows[0][3] / peer14 < TARGET_RATIO:
        print(f"MISSED: 14-tile shanten {rows[0][3] / peer14:.1f}x < {TARGET_RATIO:.0f}x")
        ok = False
    if rows[2][3] < TARGET_WAITS:
        print(f"MISSED: waits {rows[2][3]:,.0f}/s < {TARGET_WAITS:,.0f}/s")
        ok = False
    if wait_count != len(ready):
        print("BUG: a ready hand has no wait")
        ok = False
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

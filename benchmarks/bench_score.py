"""Scoring speed: tingpai ``score`` on Hu hands versus the ``mahjong`` library's
``HandCalculator.estimate_hand_value`` on riichi hands of the same shapes.

Both sides get the same seeded random complete hands (a mix of closed standard hands,
seven pairs and open hands with one or two declared chows/pungs) and are timed on the
scoring calls only, in process CPU time; building the inputs is not timed.  The riichi
side scores closed hands as riichi (so they have a yaku) and open hands as they are.

How it is timed (the headline is the *fresh hands* ratio):

1. Warm-up, untimed: both libraries score ``--warmup`` hands of another seed, so one-time
   costs (imports, tingpai's per-suit tables, which a long-running process fills once) are
   not charged to the first timed hand.
2. Fresh hands: ``--repeat`` sets of ``--hands`` hands (seeds ``S``, ``S+1``, ...); each set
   is scored once by each library, so no timed hand was ever scored before.  Each library's
   rate is the best of its sets (the machine may be shared).  **This is the headline.**
3. Repeat pass (for information only): the first set is scored again, best of
   ``--repeat`` passes; a library with per-suit tables sees only known suit shapes then.

Run: ``.venv/bin/python benchmarks/bench_score.py [--hands N] [--seed S] [--repeat R]``
(``make bench``).
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tingpai.rules import WinKind, find_ruleset
from tingpai.scoring import Situation, score
from tingpai.tiles import EAST, SOUTH, Meld, MeldKind, Tile

CHOW_STARTS = [b + i for b in (0, 9, 18) for i in range(7)]


@dataclass(frozen=True)
class Shape:
    """One random complete hand: concealed kinds, declared melds, winning tile, win kind."""

    concealed: tuple[Tile, ...]
    melds: tuple[tuple[MeldKind, Tile], ...]
    win_tile: Tile
    self_drawn: bool


def _group(rng: random.Random, counts: list[int]) -> tuple[MeldKind, Tile]:
    while True:
        if rng.random() < 0.6:
            first = rng.choice(CHOW_STARTS)
            if all(counts[first + i] < 4 for i in range(3)):
                for i in range(3):
                    counts[first + i] += 1
                return MeldKind.CHOW, first
        else:
            t = rng.randrange(34)
            if counts[t] <= 1:
                counts[t] += 3
                return MeldKind.PUNG, t


def random_shape(rng: random.Random) -> Shape:
    """A random complete hand: 55% closed standard, 20% seven pairs, 25% open."""
    roll = rng.random()
    counts = [0] * 34
    if roll < 0.20:
        kinds = rng.sample(range(34), 7)
        concealed = tuple(sorted(t for t in kinds for _ in range(2)))
        return Shape(concealed, (), rng.choice(concealed), rng.random() < 0.5)
    n_open = 0 if roll < 0.75 else rng.choice((1, 2))
    groups = [_group(rng, counts) for _ in range(4)]
    while True:
        pair = rng.randrange(34)
        if counts[pair] <= 2:
            break
    declared = tuple(groups[:n_open])
    tiles: list[Tile] = [pair, pair]
    for kind, first in groups[n_open:]:
        tiles.extend((first, first + 1, first + 2) if kind is MeldKind.CHOW else (first,) * 3)
    concealed = tuple(sorted(tiles))
    return Shape(concealed, declared, rng.choice(concealed), rng.random() < 0.5)


def meld_tiles(kind: MeldKind, first: Tile) -> tuple[Tile, ...]:
    """The tiles of a meld given by kind and first tile."""
    return (first, first + 1, first + 2) if kind is MeldKind.CHOW else (first,) * 3


def tingpai_inputs(shapes: list[Shape]) -> list[Situation]:
    """Hu situations (seat South, round East, no flowers)."""
    return [
        Situation(
            concealed=s.concealed,
            win_tile=s.win_tile,
            melds=tuple(Meld(k, meld_tiles(k, f)) for k, f in s.melds),
            win=WinKind.SELF_DRAW if s.self_drawn else WinKind.DISCARD,
            seat_wind=SOUTH,
            round_wind=EAST,
        )
        for s in shapes
    ]


def riichi_inputs(shapes: list[Shape]) -> list[tuple[Any, ...]]:
    """(tiles136, win136, melds, config) for HandCalculator.estimate_hand_value."""
    from mahjong.hand_calculating.hand_config import HandConfig
    from mahjong.meld import Meld as RMeld

    out = []
    for s in shapes:
        used = [0] * 34

        def take(t: Tile, used: list[int] = used) -> int:
            used[t] += 1
            return t * 4 + used[t] - 1

        melds = []
        all_tiles: list[int] = []
        for kind, first in s.melds:
            ids = [take(t) for t in meld_tiles(kind, first)]
            melds.append(RMeld(RMeld.CHI if kind is MeldKind.CHOW else RMeld.PON, ids))
            all_tiles.extend(ids)
        concealed_ids = [take(t) for t in s.concealed]
        all_tiles.extend(concealed_ids)
        win = concealed_ids[s.concealed.index(s.win_tile)]
        config = HandConfig(is_tsumo=s.self_drawn, is_riichi=not s.melds,
                            player_wind=SOUTH - EAST + 27, round_wind=27)
        out.append((all_tiles, win, melds or None, config))
    return out


def timed(fn: Callable[[], int]) -> tuple[float, int]:
    """CPU seconds of one call of ``fn`` (it scores every hand of a set) and its result.

    A full garbage collection runs first, untimed, so that neither library pays for
    collecting the other's garbage or the inputs just built.
    """
    gc.collect()
    start = time.process_time()
    valid = fn()
    return time.process_time() - start, valid


def report(label: str, n: int, elapsed: float, valid: int) -> float:
    """Print one line of the table; hands per second."""
    rate = n / elapsed
    print(f"  {label:<44} {n:>7} hands {elapsed:8.3f} s {rate:>12,.0f} hands/s  "
          f"({valid} scored valid)")
    return rate


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the table and ratios."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=20240601)
    parser.add_argument("--repeat", type=int, default=5,
                        help="fresh sets (best of) and repeat passes")
    parser.add_argument("--warmup", type=int, default=2_000,
                        help="hands of another seed scored first, untimed")
    args = parser.parse_args(argv)
    try:
        from mahjong.hand_calculating.hand import HandCalculator
    except ImportError:
        print("mahjong library not installed: pip install -e '.[dev,bench]'")
        return 1
    ruleset = find_ruleset("hu-4p")
    calc = HandCalculator()
    estimate = calc.estimate_hand_value

    def workload(seed: int, n: int) -> tuple[list[Situation], list[tuple[Any, ...]]]:
        rng = random.Random(seed)
        shapes = [random_shape(rng) for _ in range(n)]
        return tingpai_inputs(shapes), riichi_inputs(shapes)

    def run_tingpai(situations: list[Situation]) -> Callable[[], int]:
        return lambda: sum(score(sit, ruleset).valid for sit in situations)

    def run_riichi(riichi: list[tuple[Any, ...]]) -> Callable[[], int]:
        return lambda: sum(
            estimate(tiles, win, melds=melds, config=config).error is None
            for tiles, win, melds, config in riichi
        )

    warm_ours, warm_theirs = workload(args.seed + 1000, args.warmup)
    run_tingpai(warm_ours)()
    run_riichi(warm_theirs)()

    sets = [workload(args.seed + k, args.hands) for k in range(args.repeat)]
    gc.collect()
    gc.freeze()  # the inputs live to the end: keep them out of every later collection
    print(f"fresh hands: {args.repeat} sets of {args.hands} hands (seeds {args.seed}.."
          f"{args.seed + args.repeat - 1}), each scored once by each library")
    ours: list[float] = []
    theirs: list[float] = []
    for k, (situations, riichi) in enumerate(sets):
        print(f" set {k}:")
        ours.append(report("tingpai score (hu-4p)", args.hands,
                           *timed(run_tingpai(situations))))
        theirs.append(report("mahjong HandCalculator.estimate_hand_value", args.hands,
                             *timed(run_riichi(riichi))))
    fresh = max(ours) / max(theirs)
    print(f"fresh hands, best set each: tingpai {max(ours):,.0f} hands/s, mahjong "
          f"{max(theirs):,.0f} hands/s")

    situations, riichi = sets[0]
    repeat_ours = max(args.hands / timed(run_tingpai(situations))[0]
                      for _ in range(args.repeat))
    repeat_theirs = max(args.hands / timed(run_riichi(riichi))[0] for _ in range(args.repeat))
    print(f"repeat pass over set 0 (hands already scored once), best of {args.repeat}: "
          f"tingpai {repeat_ours:,.0f} hands/s, mahjong {repeat_theirs:,.0f} hands/s, "
          f"ratio {repeat_ours / repeat_theirs:.1f}x (information only)")
    print(f"ratio tingpai / mahjong (fresh hands, headline): {fresh:.1f}x "
          "(target >= 5x, aim 10x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

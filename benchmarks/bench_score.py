"""Scoring speed: tingpai ``score`` on Hu hands versus the ``mahjong`` library's
``HandCalculator.estimate_hand_value`` on riichi hands of the same shapes.

Both sides get the same 20,000 seeded random complete hands (a mix of closed standard
hands, seven pairs and open hands with one or two declared chows/pungs) and are timed on
the scoring calls only; building the inputs is not timed.  The riichi side scores closed
hands as riichi (so they have a yaku) and open hands as they are.

Run: ``.venv/bin/python benchmarks/bench_score.py [--hands N] [--seed S]`` (``make bench``).
"""

from __future__ import annotations

import argparse
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


def timed(label: str, fn: Callable[[], int], n: int, repeat: int) -> float:
    """Run ``fn`` (it scores every hand) ``repeat`` times; hands per second of the fastest
    run, in process CPU time (the machine may be shared)."""
    elapsed = float("inf")
    valid = 0
    for _ in range(repeat):
        start = time.process_time()
        valid = fn()
        elapsed = min(elapsed, time.process_time() - start)
    rate = n / elapsed
    print(f"{label:<44} {n:>7} hands {elapsed:8.3f} s {rate:>12,.0f} hands/s  "
          f"({valid} scored valid)")
    return rate


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the table and ratio."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=20240601)
    parser.add_argument("--repeat", type=int, default=3, help="best of this many runs")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    shapes = [random_shape(rng) for _ in range(args.hands)]
    ruleset = find_ruleset("hu-4p")
    situations = tingpai_inputs(shapes)
    for sit in situations[:200]:  # warm the analysis tables
        score(sit, ruleset)

    def run_tingpai() -> int:
        return sum(score(sit, ruleset).valid for sit in situations)

    ours = timed("tingpai score (hu-4p)", run_tingpai, len(situations), args.repeat)
    try:
        from mahjong.hand_calculating.hand import HandCalculator
    except ImportError:
        print("mahjong library not installed: pip install -e '.[dev,bench]'")
        return 1
    riichi = riichi_inputs(shapes)
    calc = HandCalculator()

    def run_riichi() -> int:
        estimate = calc.estimate_hand_value
        return sum(
            estimate(tiles, win, melds=melds, config=config).error is None
            for tiles, win, melds, config in riichi
        )

    theirs = timed("mahjong HandCalculator.estimate_hand_value", run_riichi, len(riichi),
                   args.repeat)
    print(f"ratio tingpai / mahjong: {ours / theirs:.1f}x (target >= 5x, aim 10x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

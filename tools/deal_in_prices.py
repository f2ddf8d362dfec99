"""What a deal-in really costs, against what the expert's reading prices it at.

At every turn of ``value`` self-play, each opponent that could legally win on a discard now
is one sample: the mean value (fan or base points) and discard price of its legal waits,
read from the hidden state, beside the value the reading (:class:`tingpai.bots.danger.
TableReading`) estimates from what the table shows and the discard price of that estimate.
A check of the reading's calibration, never something a bot sees (needs numpy, as
``tools/fit_tells.py`` does):

    .venv/bin/python tools/deal_in_prices.py --rules hk-2p --hands 200 [--seed 1] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from dataclasses import asdict, dataclass
from pathlib import Path
from statistics import fmean

from tingpai import Hand, find_bot, find_ruleset
from tingpai.bots.danger import TableReading
from tingpai.bots.knowledge import table_knowledge
from tingpai.engine.results import Phase

sys.path.insert(0, str(Path(__file__).resolve().parent))
from fit_tells import legal_win


@dataclass(frozen=True)
class Prices:
    """Means over the samples of one ruleset."""

    rules: str
    hands: int
    samples: int
    value: float
    """Mean value of the legal discard wins on offer."""
    price: float
    """Mean discard payment of those wins."""
    estimate: float
    """Mean value the reading estimates for those opponents."""
    estimate_price: float
    """Mean discard payment of the estimated value."""


def legal_prices(hand: Hand, o: int) -> list[tuple[int, int]]:
    """(value, discard payment) of every discard seat ``o`` could legally win on now."""
    wins = (legal_win(hand, o, tile) for tile in sorted(hand._waits_of(o)))
    return [(w.total, w.payments.discarder or 0) for w in wins if w is not None]


def measure(rules: str, hands: int, seed: int) -> Prices:
    """Play ``hands`` hands of ``value`` self-play and average the samples."""
    ruleset = find_ruleset(rules)
    knowledge = table_knowledge(ruleset)
    players = ruleset.options.players
    bots = [find_bot("value", random.Random(seed * 100 + s)) for s in range(players)]
    values: list[float] = []
    prices: list[float] = []
    estimates: list[int] = []
    for h in range(hands):
        hand = Hand(ruleset, seed=seed * 100_000 + h)
        while not hand.is_over:
            seat = hand.to_act()[0]
            obs = hand.observe(seat)
            if obs.phase is Phase.TURN:
                reading: TableReading | None = None
                for o in range(players):
                    offered = legal_prices(hand, o) if o != seat else []
                    if not offered:
                        continue
                    reading = reading or TableReading(obs)
                    values.append(fmean(v for v, _ in offered))
                    prices.append(fmean(p for _, p in offered))
                    estimates.append(next(op.value for op in reading.opponents if op.seat == o))
            hand.apply(bots[seat].act(obs))
    if not values:
        return Prices(ruleset.id, hands, 0, 0.0, 0.0, 0.0, 0.0)
    return Prices(
        ruleset.id, hands, len(values), fmean(values), fmean(prices), fmean(estimates),
        fmean(knowledge.win_costs(e)[0] for e in estimates),
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", default="hk-2p")
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    found = measure(args.rules, args.hands, args.seed)
    if args.json:
        print(json.dumps(asdict(found)))
    else:
        print(f"{found.rules}: {found.samples:,} samples over {found.hands} hands; legal "
              f"discard wins average {found.value:.2f} (price {found.price:.1f}); the "
              f"reading estimates {found.estimate:.2f} (price {found.estimate_price:.1f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())

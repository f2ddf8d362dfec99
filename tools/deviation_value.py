"""What each of a bot's departures from another bot's choice is worth, hand by hand.

The lineup plays hands as in an arena (rotated a seat each hand).  At every decision of the
``focus`` bot whose action differs from what the ``baseline`` bot would do in its place,
both actions are played out from the true state to the hand's end, ``--rollouts`` times,
each time on the same reshuffle of the tiles not yet drawn for both (common random numbers),
with the lineup's bots playing every later decision.  The mean difference of the focus
seat's points is that departure's value, given everything hidden at that moment; the
departures are sorted by kind (a discard keeping the same shape, a slower or faster one, a
claim or a pass, a kong) and whether the focus bot's discard reads safer.

A yardstick for tuning a bot with far less noise than a whole arena (only the decisions
that differ carry variance), never something a bot sees:

    .venv/bin/python tools/deviation_value.py --rules hk-2p --hands 200 [--bots expert,value]
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field

from tingpai import Hand, find_bot, find_ruleset
from tingpai.analysis.shanten import shanten
from tingpai.bots.base import Bot
from tingpai.bots.danger import TableReading
from tingpai.engine.actions import Action, ActionKind
from tingpai.engine.observation import Observation
from tingpai.engine.results import Phase
from tingpai.tiles import NUM_KINDS


@dataclass
class Kind:
    """The departures of one kind: how many, and the sums of their values."""

    count: int = 0
    total: float = 0.0
    squares: float = 0.0

    def add(self, value: float) -> None:
        """Count one departure worth ``value`` points."""
        self.count += 1
        self.total += value
        self.squares += value * value

    def merge(self, other: Kind) -> None:
        """Add another worker's sums."""
        self.count += other.count
        self.total += other.total
        self.squares += other.squares


@dataclass
class Report:
    """Every departure of the run, by kind, and the hands played with the focus seated."""

    hands: int = 0
    decisions: int = 0
    kinds: dict[str, Kind] = field(default_factory=dict)

    def add(self, kind: str, value: float) -> None:
        """Count one departure."""
        self.kinds.setdefault(kind, Kind()).add(value)

    def merge(self, other: Report) -> None:
        """Add another worker's report."""
        self.hands += other.hands
        self.decisions += other.decisions
        for name, kind in other.kinds.items():
            self.kinds.setdefault(name, Kind()).merge(kind)


DANGER_BANDS = ((0.02, "read <2%"), (0.05, "read 2-5%"), (0.1, "read 5-10%"),
                (math.inf, "read 10%+"))
"""Bands of the reading's chance that the baseline's discard deals in."""


def steps_after(obs: Observation, tile: int) -> int:
    """The concealed hand's distance from ready after discarding ``tile``."""
    counts = list(obs.concealed[:NUM_KINDS])
    counts[tile] -= 1
    return shanten(counts)


def kind_of(obs: Observation, chosen: Action, plain: Action) -> str:
    """The kind of a departure: ``chosen`` by the focus bot, ``plain`` by the baseline."""
    if obs.phase is not Phase.TURN:
        if chosen.kind is ActionKind.PASS:
            return "pass instead of claim"
        if plain.kind is ActionKind.PASS:
            return "claim instead of pass"
        return "other claim"
    if chosen.kind is ActionKind.DISCARD and plain.kind is ActionKind.DISCARD:
        assert chosen.tile is not None and plain.tile is not None
        mine, theirs = steps_after(obs, chosen.tile), steps_after(obs, plain.tile)
        shape = "same shape" if mine == theirs else "slower" if mine > theirs else "faster"
        reading = TableReading(obs)
        risk = reading.deal_in(plain.tile)
        safer = reading.deal_in(chosen.tile) < risk
        band = next(name for bound, name in DANGER_BANDS if risk < bound)
        return f"discard, {shape}, {'safer' if safer else 'not safer'}, {band}"
    if chosen.kind is ActionKind.DISCARD:
        return f"discard instead of {plain.kind.name.lower()}"
    return f"{chosen.kind.name.lower()} instead of {plain.kind.name.lower()}"


def play_out(hand: Hand, first: Action, wall: tuple[int, ...], bots: Sequence[Bot]) -> list[int]:
    """The points of each seat at the end of ``hand`` after ``first``, on ``wall``."""
    trial = hand.copy()
    trial.wall = wall
    trial.apply(first)
    while not trial.is_over:
        seat = trial.to_act()[0]
        trial.apply(bots[seat].act(trial.observe(seat)))
    assert trial.result is not None
    return list(trial.result.deltas)


def reshuffled(hand: Hand, rng: random.Random) -> tuple[int, ...]:
    """The hand's wall with the tiles not yet drawn in a fresh order."""
    wall = list(hand.wall)
    head, tail = hand._head, hand._tail
    rest = wall[head:tail + 1]
    rng.shuffle(rest)
    wall[head:tail + 1] = rest
    return tuple(wall)


def measure(job: tuple[str, int, int, list[str], str, str, int, int]) -> Report:
    """Play hands ``first`` to ``last`` (exclusive) and value every departure in them."""
    rules, first, last, lineup, focus, baseline, rollouts, seed = job
    ruleset = find_ruleset(rules)
    players = ruleset.options.players
    found = Report()
    reference = find_bot(baseline, random.Random(seed))
    rng = random.Random(seed * 7919 + first)
    for h in range(first, last):
        names = [lineup[(s + h) % len(lineup)] for s in range(players)]
        bots = [find_bot(names[s], random.Random(seed * 100_000 + h * 10 + s))
                for s in range(players)]
        hand = Hand(ruleset, seed=seed * 100_000 + h)
        found.hands += names.count(focus)
        while not hand.is_over:
            seat = hand.to_act()[0]
            obs = hand.observe(seat)
            action = bots[seat].act(obs)
            if names[seat] == focus and len(obs.legal) > 1:
                found.decisions += 1
                plain = reference.act(obs)
                if plain != action:
                    diff = 0.0
                    for _ in range(rollouts):
                        wall = reshuffled(hand, rng)
                        diff += (play_out(hand, action, wall, bots)[seat]
                                 - play_out(hand, plain, wall, bots)[seat])
                    found.add(kind_of(obs, action, plain), diff / rollouts)
            hand.apply(action)
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", default="hk-2p")
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--bots", default="expert,value")
    parser.add_argument("--baseline", help="the bot whose choices the first bot's are "
                        "compared with (default: the second bot of the lineup)")
    parser.add_argument("--rollouts", type=int, default=16)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    lineup = args.bots.split(",")
    focus, baseline = lineup[0], args.baseline or lineup[min(1, len(lineup) - 1)]
    chunk = max(1, args.hands // (args.workers * 4))
    jobs = [(args.rules, a, min(args.hands, a + chunk), lineup, focus, baseline,
             args.rollouts, args.seed) for a in range(0, args.hands, chunk)]
    report = Report()
    with ProcessPoolExecutor(args.workers) as pool:
        for part in pool.map(measure, jobs):
            report.merge(part)
    if args.json:
        print(json.dumps(asdict(report)))
        return 0
    print(f"{focus} against {baseline} on {args.rules}: {report.hands} hands, "
          f"{report.decisions} decisions with a choice")
    grand = 0.0
    for name, kind in sorted(report.kinds.items(), key=lambda item: -item[1].count):
        mean = kind.total / kind.count
        var = max(0.0, kind.squares / kind.count - mean * mean)
        half = 1.96 * math.sqrt(var / max(1, kind.count - 1))
        per_hand = kind.total / max(1, report.hands)
        grand += per_hand
        print(f"  {name:34} {kind.count:6}  {mean:+9.2f} ± {half:7.2f} each, "
              f"{per_hand:+7.2f} a hand")
    print(f"  all departures: {grand:+.2f} points a hand")
    return 0


if __name__ == "__main__":
    sys.exit(main())

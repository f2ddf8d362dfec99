"""Where each bot's deal-ins happen: how close its own hand was, how dangerous the expert's
reading thought the tile was, and whether a tile its winners had discarded (sacred, so
exactly safe against them where sacred discard applies) was in hand.

Every discard of a bot seated in a rotating lineup is looked at from the hidden state (as
``tools/reading_bound.py``'s oracle reads it: which seats could legally win on it).  A
discard that some opponent could win on is a deal-in, put in a stage by the discarder's
shanten after the discard (``ready``, ``one`` away, ``far``), with the reading's chance of
the tile dealt and of the safest tile held.  A yardstick for the defence, never something a
bot sees (needs numpy, as ``tools/fit_tells.py`` does):

    .venv/bin/python tools/deal_in_anatomy.py --rules hu-4p --hands 1200 [--bots expert,greedy]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from dataclasses import asdict, dataclass, field
from pathlib import Path

from tingpai import Hand, find_bot, find_ruleset
from tingpai.analysis.shanten import shanten
from tingpai.bots.danger import TableReading
from tingpai.engine.actions import ActionKind
from tingpai.engine.observation import Observation
from tingpai.engine.results import Phase
from tingpai.rules.base import WinKind
from tingpai.sim.games import summarize_hand
from tingpai.tiles import NUM_KINDS

sys.path.insert(0, str(Path(__file__).resolve().parent))
from fit_tells import legal_win

STAGES = ("ready", "one", "far")


@dataclass
class Stage:
    """The deal-ins of one bot at one stage of its own hand (sums; means in the report)."""

    exposed: int = 0
    """Discards at this stage while some opponent could win on a discard."""
    deal_ins: int = 0
    read: float = 0.0
    """Sum of the reading's chance that the tile dealt deals in."""
    safest: float = 0.0
    """Sum of the reading's chance for the safest tile held."""
    sacred_held: int = 0
    """Deal-ins with a tile from every winner's own pond in hand."""
    sacred_same_shape: int = 0
    """Of those, deal-ins where such a tile left the hand as close to ready."""


@dataclass
class Anatomy:
    """One bot's discards and deal-ins over the run."""

    bot: str
    hands: int = 0
    discards: int = 0
    deal_ins: int = 0
    paid: int = 0
    """Hands in which the engine had the bot pay a win on its discard (the check on
    ``deal_ins``, which the hidden state labels)."""
    stages: dict[str, Stage] = field(default_factory=lambda: {s: Stage() for s in STAGES})


def stage_of(steps: int) -> str:
    """The stage of a hand ``steps`` away from ready after its discard."""
    return STAGES[min(steps, 2)]


def look(hand: Hand, obs: Observation, tile: int, found: Anatomy) -> None:
    """Count one discard of ``tile`` by the observing seat into ``found``."""
    seat = obs.seat
    counts = list(obs.concealed[:NUM_KINDS])
    held = [t for t in range(NUM_KINDS) if counts[t]]

    def steps_without(t: int) -> int:
        after = list(counts)
        after[t] -= 1
        return shanten(after)

    steps = steps_without(tile)
    stage = found.stages[stage_of(steps)]
    opponents = [o for o in range(obs.players) if o != seat]
    found.discards += 1
    legal = {o: {t for t in hand._waits_of(o) if legal_win(hand, o, t)} for o in opponents}
    if any(legal.values()):
        stage.exposed += 1
    winners = [o for o in opponents if tile in legal[o]]
    if not winners:
        return
    found.deal_ins += 1
    stage.deal_ins += 1
    reading = TableReading(obs)
    stage.read += reading.deal_in(tile)
    stage.safest += min(reading.deal_in(t) for t in held)
    sacred = [t for t in held if all(t in obs.ponds[o] for o in winners)]
    stage.sacred_held += bool(sacred)
    stage.sacred_same_shape += any(steps_without(t) <= steps for t in sacred)


def measure(rules: str, hands: int, lineup: list[str], seed: int) -> list[Anatomy]:
    """Play ``hands`` hands, the lineup rotated one seat a hand, and look at every discard."""
    ruleset = find_ruleset(rules)
    players = ruleset.options.players
    found = {name: Anatomy(name) for name in lineup}
    for h in range(hands):
        names = [lineup[(s + h) % len(lineup)] for s in range(players)]
        bots = [find_bot(names[s], random.Random(seed * 100_000 + h * 10 + s))
                for s in range(players)]
        hand = Hand(ruleset, seed=seed * 100_000 + h)
        for name in names:
            found[name].hands += 1
        while not hand.is_over:
            seat = hand.to_act()[0]
            obs = hand.observe(seat)
            action = bots[seat].act(obs)
            if (obs.phase is Phase.TURN and action.kind is ActionKind.DISCARD
                    and action.tile is not None):
                look(hand, obs, action.tile, found[names[seat]])
            hand.apply(action)
        payers = {w.payer for w in summarize_hand(hand).winners
                  if w.kind is WinKind.DISCARD and w.payer is not None}
        for payer in payers:
            found[names[payer]].paid += 1
    return list(found.values())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", default="hu-4p")
    parser.add_argument("--hands", type=int, default=400)
    parser.add_argument("--bots", default="expert,greedy")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    found = measure(args.rules, args.hands, args.bots.split(","), args.seed)
    if args.json:
        print(json.dumps([asdict(a) for a in found]))
        return 0
    for a in found:
        print(f"{a.bot}: {a.deal_ins} deal-ins in {a.hands} hands "
              f"({a.deal_ins / max(1, a.hands):.1%}), {a.discards} discards")
        for name, s in a.stages.items():
            n = max(1, s.deal_ins)
            print(f"  {name:5} {s.deal_ins:5} deal-ins in {s.exposed:6} exposed discards; "
                  f"read {s.read / n:.1%} (safest held {s.safest / n:.1%}); a winner's "
                  f"sacred tile held {s.sacred_held / n:.0%}, keeping the shape "
                  f"{s.sacred_same_shape / n:.0%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

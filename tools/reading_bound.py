"""What perfect reading would be worth: ``tingpai arena`` with oracle experts.

An oracle is the ``expert`` with its reading of the opponents (:class:`~tingpai.bots.
danger.TableReading`) taken from the hidden state, so it is a yardstick for the arena
targets, never a level anyone plays against:

* ``oracle`` knows exactly which discards an opponent could legally win on now;
* ``oracle-ready`` knows only which opponents are ready (structurally, legal or not) and
  reads each tile's danger with the danger model refitted on self-play with that
  readiness as one more feature (``--fit-hands`` hands of ``value`` self-play, the
  fitter of ``tools/fit_tells.py``; held-out log loss and AUC printed).

Everything else is ``tingpai arena`` (same options, same report):

    .venv/bin/python tools/reading_bound.py --rules hu-4p --bots oracle-ready,greedy \\
        --games 100 --seed 9 [--fit-hands 800] [--workers 2] [--json]

The oracles see the hand through the one :class:`~tingpai.engine.hand.Hand` that last
gave an observation (the arena asks a seat to act right after observing it).  Needs numpy
(the ``env`` extra), as ``tools/fit_tells.py`` does.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Sequence
from pathlib import Path

from tingpai.bots import danger
from tingpai.bots.expert import ExpertBot, ExpertOutlook
from tingpai.bots.registry import register_bot
from tingpai.bots.tells import FEATURES, opponent_features
from tingpai.bots.value import Outlook
from tingpai.cli import main as tingpai_main
from tingpai.engine.hand import Hand
from tingpai.engine.observation import Observation
from tingpai.rules import find_ruleset
from tingpai.tiles import NUM_KINDS

sys.path.insert(0, str(Path(__file__).resolve().parent))
from fit_tells import can_win_on

_SEEN: list[Hand] = []
"""The hand that gave the latest observation (the one the acting bot is looking at)."""
_observe = Hand.observe


def _observe_and_remember(self: Hand, seat: int, scores: Sequence[int] | None = None
                          ) -> Observation:
    _SEEN[:] = [self]
    return _observe(self, seat, scores)


class OracleReading(danger.TableReading):
    """A reading whose per-opponent danger comes from the hidden state: exact, or with
    ``ready_weights``, the danger model fitted with readiness as a feature."""

    def __init__(self, obs: Observation, ready_weights: tuple[float, ...] | None) -> None:
        self.ready_weights = ready_weights
        super().__init__(obs)

    def _read(self, o: int) -> danger.Opponent:
        plain = super()._read(o)
        hand = _SEEN[0]
        weights = self.ready_weights
        if weights is None:
            chances = tuple(float(can_win_on(hand, o, t)) for t in range(NUM_KINDS))
            return danger.Opponent(o, float(any(chances)), plain.value, plain.loss, chances)
        ready = bool(hand._waits_of(o))
        out = []
        for active in opponent_features(self.obs, o):
            z = sum(weights[i] for i in active) + weights[FEATURES + ready]
            out.append(1.0 / (1.0 + math.exp(-z)) if z > -30.0 else 0.0)
        if self.k.furiten:
            for t in set(self.obs.ponds[o]):
                out[t] = 0.0
        return danger.Opponent(o, float(ready), plain.value, plain.loss, tuple(out))


class OracleBot(ExpertBot):
    """The expert, reading the opponents from the hidden state."""

    name = "oracle"
    ready_weights: tuple[float, ...] | None = None

    def outlook(self, obs: Observation) -> Outlook:
        return ExpertOutlook(obs, self._scores, OracleReading(obs, self.ready_weights))


class ReadyOracleBot(OracleBot):
    """The expert, knowing which opponents are ready (:func:`_fit_ready` sets the
    weights)."""

    name = "oracle-ready"


def _fit_ready(rules: str, hands: int, seed: int) -> tuple[float, ...]:
    """The danger model of ``rules`` fitted with the opponent's readiness as a feature."""
    import numpy as np
    from fit_tells import auc, fit, log_loss, predict, samples

    train = samples(rules, "value", hands, seed, with_ready=True)
    test = samples(rules, "value", max(20, hands // 4), seed + 7_777, with_ready=True)
    w = fit(train, width=FEATURES + 2)
    y = np.array([label for _, label, _ in test], dtype=float)
    p = predict(w, test)
    print(f"{rules} with readiness: {len(train):,} samples; held out {len(test):,}: log loss "
          f"{log_loss(p, y):.4f}, AUC {auc(p, y):.3f}", file=sys.stderr)
    return tuple(float(v) for v in w)


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    parser = argparse.ArgumentParser(add_help=False)
    parser.add_argument("--rules", default="hu-4p")
    parser.add_argument("--bots", default="")
    parser.add_argument("--fit-hands", type=int, default=800)
    known, rest = parser.parse_known_args(args)
    if "-h" in rest or "--help" in rest:
        print(__doc__)
    Hand.observe = _observe_and_remember  # type: ignore[method-assign]
    register_bot("oracle", OracleBot)
    register_bot("oracle-ready", ReadyOracleBot)
    if "oracle-ready" in known.bots.split(","):
        rules = find_ruleset(known.rules).id
        ReadyOracleBot.ready_weights = _fit_ready(rules, known.fit_hands, 1)
    return tingpai_main(["arena", "--rules", known.rules, "--bots", known.bots, *rest])


if __name__ == "__main__":
    sys.exit(main())

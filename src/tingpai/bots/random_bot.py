"""``random``: a uniformly random legal action, except that it always wins when it can."""

from __future__ import annotations

import random

from tingpai.bots.base import check_observation, winning_action
from tingpai.engine.actions import Action
from tingpai.engine.observation import Observation


class RandomBot:
    """Uniform over the legal actions; takes any win offered."""

    name = "random"

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng if rng is not None else random.Random(0)

    def act(self, obs: Observation) -> Action:
        """A win if legal, else a uniformly random legal action."""
        check_observation(obs)
        win = winning_action(obs)
        if win is not None:
            return win
        return self.rng.choice(obs.legal)

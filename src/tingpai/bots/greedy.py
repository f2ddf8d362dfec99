"""``greedy``: plays for speed with the analysis tables, never for defence.

* wins whenever it can; declares every flower at once;
* discards the tile that leaves the lowest shanten, then the most live improving tiles
  (:func:`tingpai.analysis.discard_table`, which counts what the seat can see);
* declares a concealed or added kong when the shanten after it is no worse than after the
  best discard;
* claims a chow, pung or exposed kong only when the shanten after the claim (and the best
  discard) is lower than now; otherwise passes.
"""

from __future__ import annotations

import random

from tingpai.analysis import discard_table, shanten
from tingpai.bots.base import check_observation, winning_action
from tingpai.engine.actions import Action, ActionKind, simple
from tingpai.engine.observation import Observation
from tingpai.engine.results import Phase

_CLAIMS = (ActionKind.CHOW, ActionKind.PUNG, ActionKind.KONG)


class GreedyBot:
    """Shanten first, then live improving tiles; claims only when that lowers shanten."""

    name = "greedy"

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng  # unused: the greedy bot is deterministic

    def act(self, obs: Observation) -> Action:
        """The greedy choice among ``obs.legal``."""
        check_observation(obs)
        win = winning_action(obs)
        if win is not None:
            return win
        if obs.phase is Phase.TURN:
            return self._turn(obs)
        if obs.phase is Phase.CLAIMS:
            return self._claim(obs)
        return simple(obs.seat, ActionKind.PASS)

    def _turn(self, obs: Observation) -> Action:
        legal = obs.legal
        for a in legal:
            if a.kind is ActionKind.FLOWER:
                return a
        counts = obs.concealed
        table = discard_table(counts, obs.visible, obs.forms)
        best = table[0]
        for a in legal:
            if a.kind is ActionKind.CKONG or a.kind is ActionKind.AKONG:
                assert a.tile is not None
                after = list(counts)
                after[a.tile] -= 4 if a.kind is ActionKind.CKONG else 1
                if shanten(after, obs.forms) <= best.shanten:
                    return a
        for a in legal:
            if a.kind is ActionKind.DISCARD and a.tile == best.tile:
                return a
        return legal[0]  # pragma: no cover - every held kind is a legal discard

    def _claim(self, obs: Observation) -> Action:
        t = obs.claim_tile
        assert t is not None
        counts = obs.concealed
        if sum(counts) % 3 != 1:
            # Undeclared flowers in hand (declared on its turn): nothing to measure yet.
            return simple(obs.seat, ActionKind.PASS)
        now = shanten(counts, obs.forms)
        choice: Action | None = None
        best = now
        for a in obs.legal:
            if a.kind not in _CLAIMS:
                continue
            after = list(counts)
            if a.kind is ActionKind.CHOW:
                for x in a.tiles:
                    if x != t:
                        after[x] -= 1
            else:
                after[t] -= 2 if a.kind is ActionKind.PUNG else 3
            if a.kind is ActionKind.KONG:
                value = shanten(after, obs.forms)
            else:
                value = discard_table(after, obs.visible, obs.forms)[0].shanten
            if value < best:
                best = value
                choice = a
        return choice if choice is not None else simple(obs.seat, ActionKind.PASS)

"""``expert``: the ``value`` bot plus defence.

Each decision reads the opponents (:class:`~tingpai.bots.danger.TableReading`): how likely
each is ready, what its hand is worth, and per tile the chance of dealing in (sacred
discard, tiles passed, suji, honours in sight, flush and dragon threats) and the pao
liability a discard could create.  Then:

* a hand that pushes is worth the value bot's value less the risk of the discards it
  still needs (about two per missing tile, each riskier than the hand's safest tile by
  the table's current risk); a hand that folds is worth nothing and risks little;
* every discard is worth ``(1 - p) × value - loss``, where ``p`` is the chance it deals
  in and ``loss`` the expected cost of dealing in (and of pao).  The expert keeps the
  value bot's discard unless another is safer by a clear margin (half the smallest win
  plus half the hand's value): so it folds when pushing loses in expectation, and does
  not trade speed for a sliver of safety (arenas against ``value`` showed that costs more
  than it saves, and that counting the opponents' readiness into its own race made it
  fold too often; :data:`THREAT_WEIGHT` keeps that off);
* a claim is weighed the same way (the discard after it carries its risk; passing keeps
  the safest tile of the current hand for the next discard), and an added kong carries
  the risk of being robbed.

No Monte Carlo rollouts: the model above costs about a millisecond per decision, which the
lab's long self-play runs need; a rollout of a hand over ``Hand.copy()`` costs tens of
milliseconds and would have to be repeated many times to beat the model's noise.
"""

from __future__ import annotations

import random

from tingpai.bots.danger import TableReading
from tingpai.bots.knowledge import Target
from tingpai.bots.shape import standard_distance
from tingpai.bots.value import Choice, Outlook, ValueBot, standard_discards
from tingpai.engine.actions import Action, ActionKind
from tingpai.engine.observation import Observation
from tingpai.tiles import NUM_KINDS, Meld

PUSH_DISCARDS = 2
"""Discards a hand makes per tile it still needs, while it pushes."""
THREAT_WEIGHT = 0.0
"""How much of the read threat enters the race (arenas: counting it fully made the
expert fold too often and lose to ``value``; the risk of each discard is weighed
anyway)."""
GROWTH = 1.0
"""How much riskier a later discard is than one now."""
TIE_UNIT = 0.5
TIE_VALUE = 0.5
"""A discard safer than the value bot's choice must gain, to be preferred, this share of
the smallest win plus this share of the hand's value: the model's offence is coarse, and
trading speed for a sliver of safety loses more than it saves (arenas against ``value``)."""


class ExpertOutlook(Outlook):
    """An :class:`Outlook` that knows what the opponents threaten."""

    growth = GROWTH

    def __init__(self, obs: Observation, cache: dict[tuple[object, ...], int]) -> None:
        self.reading = TableReading(obs)
        super().__init__(obs, cache)
        self.losses = self.reading.losses()
        own = obs.concealed
        held = [t for t in range(NUM_KINDS) if own[t]]
        risks = [self.losses[t] for t in held]
        weights = [own[t] for t in held]
        mean = sum(r * w for r, w in zip(risks, weights, strict=True)) / max(1, sum(weights))
        self.push_risk = max(0.0, mean - min(risks, default=0.0))
        """What each further discard costs a hand that pushes rather than folds: the
        table's current risk on a typical tile of the hand, beyond its safest tile."""

    def hand_value(
        self,
        counts: list[int],
        melds: tuple[Meld, ...],
        discard: int | None = None,
        useful: int | None = None,
        targets: tuple[Target, ...] | None = None,
    ) -> float:
        """The value bot's value, less the risk of the discards still needed to win it:
        about two per tile still missing (as many as the hand may last), each riskier
        than folding by :attr:`push_risk`."""
        value = super().hand_value(counts, melds, discard, useful, targets)
        if value <= 0.0 or not self.push_risk:
            return value
        distance = standard_distance(bytes(counts), 4 - len(melds))
        discards = min(self.rounds, PUSH_DISCARDS * distance)
        return max(0.0, value - discards * self.push_risk * self.growth)

    def threat_hazard(self) -> float:
        """The opponents' readiness, as an extra chance per round of losing the race,
        damped by :data:`THREAT_WEIGHT`."""
        return self.reading.threat() * THREAT_WEIGHT

    def risk(self, tile: int, value: float) -> float:
        """What discarding ``tile`` costs a hand worth ``value``: the value it may lose
        by dealing in, and the expected payment."""
        return self.reading.deal_in(tile) * max(0.0, value) + self.losses[tile]


class ExpertBot(ValueBot):
    """Value plus defence (see the module docstring)."""

    name = "expert"
    tie_unit = TIE_UNIT
    tie_value = TIE_VALUE

    def __init__(self, rng: random.Random | None = None) -> None:
        super().__init__(rng)

    def outlook(self, obs: Observation) -> Outlook:
        """The decision's view, with the reading of the opponents."""
        return ExpertOutlook(obs, self._scores)

    def pick(
        self, obs: Observation, view: Outlook, choices: list[Choice], kongs: list[Choice]
    ) -> Action:
        """The discard or kong of highest value net of its risk."""
        assert isinstance(view, ExpertOutlook)
        # The value bot's choice, unless another discard is safer by more than a sliver
        # (the model's values are coarse: exact ties are broken by speed, which risk
        # differences of a few points should not override).
        plain = max(choices, key=lambda c: (c.value, -c.shanten, c.live))
        nets = []
        for c in choices:
            assert c.action.tile is not None
            nets.append(c.value - view.risk(c.action.tile, c.value))
        top = max(nets)
        best, best_net = max(zip(choices, nets, strict=True),
                             key=lambda cn: (cn[1], -cn[0].shanten, cn[0].live))
        assert plain.action.tile is not None
        plain_net = plain.value - view.risk(plain.action.tile, plain.value)
        if plain_net >= top - self.tie_unit * view.unit_gain - self.tie_value * max(
                0.0, plain.value):
            best, best_net = plain, plain_net
        for kong in kongs:
            net = kong.value
            if kong.action.kind is ActionKind.AKONG and kong.action.tile is not None:
                net -= view.risk(kong.action.tile, kong.value)  # it may be robbed
            if net >= best_net and net > 0:
                return kong.action
        return best.action

    def pass_value(self, obs: Observation, view: Outlook) -> float:
        """Letting the discard go: the hand's value, less the risk of the safest tile it
        will have to discard next."""
        assert isinstance(view, ExpertOutlook)
        value = view.hand_value(obs.concealed, view.melds)
        counts = obs.concealed
        safest = min(view.risk(t, value) for t in range(NUM_KINDS) if counts[t])
        return value - safest

    def best_after_claim(
        self, obs: Observation, view: Outlook, counts: list[int], melds: tuple[Meld, ...],
        a: Action,
    ) -> float:
        """The best discard after a chow or pung, net of its risk."""
        assert isinstance(view, ExpertOutlook)
        best = 0.0
        targets = view.select(counts, melds)
        for option in standard_discards(counts, obs.visible):
            after = list(counts)
            after[option.tile] -= 1
            value = view.hand_value(after, melds, option.tile, option.live, targets)
            best = max(best, value - view.risk(option.tile, value))
        return best

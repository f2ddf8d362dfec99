"""``expert``: the ``value`` bot plus defence.

Each decision reads the opponents (:class:`~tingpai.bots.danger.TableReading`): how likely
each is ready, what its hand is worth, and per tile the chance of dealing in (a model
fitted on self-play, :mod:`tingpai.bots.tells`: sacred discard, tiles passed, suji,
copies and neighbours in sight, suit shares of ponds and melds, the third dragon) and the
pao liability a discard could create.  Then:

* every discard is worth ``(1 - p) × value - loss`` (``p`` the chance it deals in,
  ``loss`` the expected payment, pao included).  The expert keeps the value bot's
  discard unless another is worth more by a margin (:data:`TIE_MARGIN`: a share of the
  smallest win plus the hand's value; smaller at a heads-up table for a discard that keeps
  the hand as close to ready, :func:`same_shape_margin`, or takes it closer,
  :func:`faster_margin`), so it folds when pushing
  loses in expectation; arenas against ``value`` set the margins.  A separate whole-hand
  push/fold rule (the risk of the discards a hand still needs against the safest tiles')
  cut deal-ins further but lost as many wins, and made four experts at fan-laak draw half
  their hands;
* where the table has a fitted model of which kinds the opponents discard next
  (:func:`~tingpai.bots.tells.discard_weights`; shipped only where a deciding arena set
  it: hk-fanlaak, +15.8 points a game against ``value`` with it, [+6.1, +25.6] over 200
  games; hk-2p, +83.9 [+41.9, +125.8] over 3,200 with :func:`same_shape_margin`'s tenth
  there), a ready hand's waits are priced by the read chance that each comes out
  (:meth:`ExpertOutlook.ron_chance`) instead of a fixed share of their unseen copies;
* a claim is weighed the same way (the discard after it carries its risk; passing keeps
  the safest tile of the current hand for the next discard), except where the minimum
  needs stacked patterns, where claims are weighed as ``value`` weighs them
  (:func:`plain_claims`); an added kong carries the risk of being robbed.

No Monte Carlo rollouts: the model above costs about a millisecond per decision, which the
lab's long self-play runs need; a rollout of a hand over ``Hand.copy()`` costs tens of
milliseconds and would have to be repeated many times to beat the model's noise.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tingpai.bots.danger import TableReading
from tingpai.bots.knowledge import TableKnowledge
from tingpai.bots.value import Choice, Outlook, ValueBot, standard_discards
from tingpai.engine.actions import Action, ActionKind
from tingpai.engine.observation import Observation
from tingpai.tiles import NUM_KINDS, Meld, Tile

THREAT_WEIGHT = 0.0
"""How much of the read threat enters the race (arenas: counting it fully made the
expert fold too often and lose to ``value``; the risk of each discard is weighed
anyway)."""
TIE_MARGIN = {True: 0.1, False: 0.5}
"""A discard safer than the value bot's choice must gain, to be preferred, this share of
the smallest win plus this share of the hand's value, with and without sacred discard.
The offence model is coarse, and trading speed for a sliver of safety loses more than it
saves; where sacred discard makes an opponent's own discards exactly safe the reading is
sharp enough for a small margin (Hu arenas: 0.1 came out ahead of ``value``, 0.25 and 0.5
traded too little safety, 0 folded far too often), while at the Hong Kong tables a small
margin made four experts draw a third of their hands (0.5 keeps them near a quarter)."""
SAME_SHAPE_MARGIN = {True: 0.02, False: 0.1}
"""The same, for a safer discard that keeps the hand as close to ready at a heads-up table
(:func:`same_shape_margin`), with and without sacred discard: without it (hk-2p), where a
deal-in costs less than the opponent's self-draw, the swaps a fiftieth allowed lost about
3 points each against ``value`` (``tools/deviation_value.py``, 2,682 of them over 1,600
hands), and a tenth is the largest margin that keeps the expert's deal-in rate under 60%
of ``greedy``'s there (59% over 100 games; 62.8% with half)."""
FASTER_MARGIN = 0.02
"""The same, for a safer discard that takes the hand closer to ready than the value bot's
choice at a heads-up table (:func:`faster_margin`): at hk-2p those won about 134 points
each against ``value`` (``tools/deviation_value.py``, 57 of them over 1,600 hands)."""


def same_shape_margin(k: TableKnowledge) -> float:
    """The margin a safer discard of the same shape must gain, as a share of the smallest
    win plus the hand's value. Small at a heads-up table: with one opponent the reading is
    of one hand, and every point dealt in goes to the only rival, so a safer tile that keeps
    the hand as close to ready is simply better (arenas, seed 9, against ``value``: hk-2p
    over 400 games went from -65 to +17 points a game, hu-2p over 800 from -10 to +274; the
    expert's deal-ins against ``greedy`` fell from 61% to 56% of greedy's on hk-2p over 100
    games and from 101% to 71% on hu-2p over 30, 80% over 100). With two or three opponents
    two discards of one shape differ in the pattern or fan plans the model values coarsely
    more than in their safety against a reading spread over several hands, and trading them
    for safety costs wins (hu-3p, 400 games against ``value``: +20 with the small margin,
    +389 without) or starves the table (four experts at fan-laak drew 37% of their hands
    with it, 29% without): there it is :data:`TIE_MARGIN`'s."""
    if k.players == 2:
        return SAME_SHAPE_MARGIN[k.furiten]
    return TIE_MARGIN[k.furiten]


def faster_margin(k: TableKnowledge) -> float:
    """The margin a safer discard that leaves the hand closer to ready than the value
    bot's choice must gain: small at a heads-up table, :data:`TIE_MARGIN`'s elsewhere."""
    if k.players == 2:
        return FASTER_MARGIN
    return TIE_MARGIN[k.furiten]


def plain_claims(view: Outlook) -> bool:
    """Whether the expert weighs a claim as the value bot does, without the risk of the
    discard after it: where the table's minimum needs stacked patterns (3 fan), the pungs
    and chows that make the fan are what lets a hand win at all, and passing them for the
    safety of a tile starves the table (four experts at fan-laak, 200 games, seed 9: 30.5
    hands a game and 28.4% of hands drawn with the risk weighed, 29.9 and 27.4% without;
    four ``value`` bots: 29.6 and 26.9%). Elsewhere (Hu Mahjong) a claim carries the risk
    of the discard after it, and passing keeps the safest tile."""
    return view.stacked


class ExpertOutlook(Outlook):
    """An :class:`Outlook` that knows what the opponents threaten (``reading``: its
    reading of them, by default the one the table shows; ``tools/reading_bound.py`` gives
    oracles one from the hidden state)."""

    def __init__(self, obs: Observation, cache: dict[tuple[object, ...], int],
                 reading: TableReading | None = None) -> None:
        self.reading = reading if reading is not None else TableReading(obs)
        super().__init__(obs, cache)
        self.losses = self.reading.losses()
        self.discards = self.reading.discard_chances()

    def ron_chance(self, waits: Sequence[tuple[Tile, int, int]]) -> tuple[float, float]:
        """As the value bot's, but each wait at the read chance that an opponent discards
        it next round (a tile of the suit an opponent hoards rarely comes out; one it has
        been throwing often does), where the table has that model."""
        discards = self.discards
        if discards is None:
            return super().ron_chance(waits)
        chance = 0.0
        gain = 0.0
        for tile, _, win in waits:
            chance += discards[tile]
            gain += discards[tile] * win
        if not chance:
            return 0.0, 0.0
        return min(1.0, chance), gain / chance

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
        scale = view.unit_gain + max(0.0, plain.value)
        slower = TIE_MARGIN[view.reading.k.furiten] * scale
        same = same_shape_margin(view.reading.k) * scale
        faster = faster_margin(view.reading.k) * scale

        def net(c: Choice) -> float:
            assert c.action.tile is not None
            return c.value - view.risk(c.action.tile, c.value)

        def preference(c: Choice) -> tuple[float, int, int]:
            handicap = 0.0 if c is plain else (
                faster if c.shanten < plain.shanten
                else same if c.shanten == plain.shanten else slower)
            return (net(c) - handicap, -c.shanten, c.live)

        best = max(choices, key=preference)
        best_net = net(best)
        for kong in kongs:
            kong_net = kong.value
            if kong.action.kind is ActionKind.AKONG and kong.action.tile is not None:
                kong_net -= view.risk(kong.action.tile, kong.value)  # it may be robbed
            if kong_net >= best_net and kong_net > 0:
                return kong.action
        return best.action

    def pass_value(self, obs: Observation, view: Outlook) -> float:
        """Letting the discard go: the hand's value, less the risk of the safest tile it
        will have to discard next (as the value bot weighs it where claims are plain,
        :func:`plain_claims`)."""
        assert isinstance(view, ExpertOutlook)
        if plain_claims(view):
            return super().pass_value(obs, view)
        value = view.hand_value(obs.concealed, view.melds)
        counts = obs.concealed
        safest = min(view.risk(t, value) for t in range(NUM_KINDS) if counts[t])
        return value - safest

    def best_after_claim(
        self, obs: Observation, view: Outlook, counts: list[int], melds: tuple[Meld, ...],
        a: Action,
    ) -> float:
        """The best discard after a chow or pung, net of its risk (as the value bot weighs
        it where claims are plain, :func:`plain_claims`)."""
        assert isinstance(view, ExpertOutlook)
        if plain_claims(view):
            return super().best_after_claim(obs, view, counts, melds, a)
        best = 0.0
        targets = view.select(counts, melds)
        for option in standard_discards(counts, obs.visible):
            after = list(counts)
            after[option.tile] -= 1
            value = view.hand_value(after, melds, option.tile, option.live, targets)
            best = max(best, value - view.risk(option.tile, value))
        return best

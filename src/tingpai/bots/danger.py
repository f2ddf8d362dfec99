"""Reading the opponents: how likely each is ready, what its hand is worth, and how
dangerous each tile is to discard (the ``expert`` bot's defence).

Everything here reads one :class:`~tingpai.engine.observation.Observation`: ponds, melds
and the table's rules; nothing hidden.

* **Readiness** (:data:`READY_SACRED`, :data:`READY_OPEN`): the chance that an opponent is
  ready given how many tiles it has discarded and how many melds it has declared, measured
  in ``value`` self-play (25 games of hu-4p and 6 of hk-4p, full information; the
  measuring script is described in ``benchmarks/bench_bots.py``'s notes).  Tables with
  sacred discard (Hu) and without (Hong Kong) differ: Hong Kong hands need their fan and
  become ready later.
* **Waits** (:data:`WAIT_SACRED`, :data:`WAIT_OPEN`): the chance that a tile is a winning
  discard for a ready opponent, by the tile's class (middle 3-7, 2 and 8, terminal,
  honour) and what the pond says: *suji* (the tile three away was discarded, so a two-
  sided wait on it would be sacred), and for honours how many copies are in sight.  A tile
  in the opponent's own pond is safe where sacred discard applies (Hu) and nearly safe
  elsewhere; a tile another seat discarded after the opponent's last discard and that it
  let pass is nearly safe too.
* **Threats** from declared melds: melds all in one suit (a flush: the other suits are
  safer, that suit and the honours more dangerous), two dragon melds (the third dragon is
  very dangerous), and the value an opponent shows (value triplets, flush).
* **Pao** (Hong Kong, when the table has it): discarding the third dragon to an opponent
  showing two dragon melds, or any tile it could claim for its fourth meld, makes the
  discarder liable; :meth:`TableReading.losses` adds the expected cost of that liability.

:class:`TableReading` turns this into one expected loss per tile kind: the chance of
dealing in to each opponent times what that would cost.  Where the ruleset has fitted
weights (:mod:`tingpai.bots.tells`, every shipped id) the per-tile chances come from that
model, which beats the hand-made tables above on held-out self-play (log loss and AUC in
:mod:`tingpai.bots.tell_weights`); the tables remain the fallback, readiness and value
estimates, and what the fit is measured against.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from tingpai.bots.knowledge import TableKnowledge, table_knowledge
from tingpai.bots.odds import register_profile
from tingpai.bots.tells import (
    discard_weights,
    logistic_chances,
    melded_dragons,
    opponent_features,
    passed_tiles,
    tell_weights,
)
from tingpai.engine.observation import Observation
from tingpai.rules.base import Unit
from tingpai.tiles import DRAGONS, EAST, NUM_KINDS, MeldKind

# Chance an opponent is ready, by declared melds (rows 0-3) and discards made (columns:
# 0-1, 2-3, ..., 20 and more).  Measured in value self-play (hu-4p: 13,812 observations,
# hk-4p: 15,507); four melds always leave a single-tile wait.
READY_SACRED: tuple[tuple[float, ...], ...] = (
    (0.0, 0.0, 0.04, 0.05, 0.16, 0.28, 0.40, 0.51, 0.59, 0.62, 0.65),
    (0.0, 0.01, 0.06, 0.14, 0.19, 0.26, 0.46, 0.53, 0.71, 0.75, 0.78),
    (0.0, 0.05, 0.05, 0.18, 0.27, 0.43, 0.57, 0.66, 0.68, 0.72, 0.75),
    (0.1, 0.15, 0.2, 0.23, 0.37, 0.49, 0.77, 0.76, 0.93, 0.93, 0.93),
)
READY_OPEN: tuple[tuple[float, ...], ...] = (
    (0.0, 0.0, 0.0, 0.03, 0.08, 0.12, 0.21, 0.30, 0.43, 0.48, 0.51),
    (0.0, 0.03, 0.01, 0.04, 0.06, 0.15, 0.19, 0.25, 0.32, 0.36, 0.61),
    (0.0, 0.0, 0.0, 0.07, 0.12, 0.22, 0.30, 0.33, 0.37, 0.45, 0.60),
    (0.1, 0.2, 0.3, 0.35, 0.39, 0.38, 0.33, 0.39, 0.40, 0.45, 0.55),
)

# Chance that a tile is a winning discard for a ready opponent (same self-play): per tile
# class, without suji / with half suji (one side) / with suji.  Honours by copies in sight
# (0-3).
WAIT_SACRED: dict[str, tuple[float, ...]] = {
    "mid": (0.068, 0.033, 0.035),
    "near": (0.050, 0.015, 0.015),
    "terminal": (0.028, 0.009, 0.009),
    "honour": (0.037, 0.010, 0.007, 0.001),
}
WAIT_OPEN: dict[str, tuple[float, ...]] = {
    "mid": (0.030, 0.021, 0.026),
    "near": (0.026, 0.024, 0.024),
    "terminal": (0.016, 0.016, 0.016),
    "honour": (0.074, 0.032, 0.011, 0.002),
}
MELD_FLOOR = (0.0, 0.0, 0.15, 0.45)
"""Least readiness by declared melds, whatever the turn (two or three melds early mean a
fast hand; the self-play tables are sparse there)."""
LEGAL_SACRED = 0.65
LEGAL_OPEN = 0.26
"""Share of ready hands that could win on a discard in the self-play the wait rates were
measured in (hu-4p: 62%, hk-4p: 26%)."""
LEGAL_SMALL_SET = 0.9
"""The same share on a table with a reduced tile set (hk-2p self-play: 94%)."""
LEGAL_SHOWING_VALUE = 0.8
"""An opponent whose melds show a flush or a value pung is likely to have its fan."""
OWN_POND_OPEN = 0.08
"""Without sacred discard: a tile in the opponent's own pond, relative to its class."""
PASSED = 0.05
"""A tile discarded after the opponent's last discard that it let pass, relative."""
FLUSH_OTHER = (1.0, 0.35, 0.12, 0.05)
"""Other suits against melds all in one suit, by number of such melds (0-3)."""
FLUSH_SUIT = (1.0, 1.5, 1.9, 2.2)
"""The flush suit and honours against those melds."""
THIRD_DRAGON = 4.0
"""The third dragon against two dragon melds."""
THREAT_WIN = {True: 0.13, False: 0.08}
"""Chance per round that a ready opponent wins (its own draw or another seat's tile),
with and without sacred discard: value self-play's hazard of a win over its readiness
(Hong Kong ready hands often lack the fan to win on a discard)."""
OUTRACED = 0.5
"""Chance that a ready opponent's later win is not forestalled by another seat's win."""
SELF_DRAW_SHARE = {2: 0.5, 3: 0.37, 4: 0.35}
"""Share of a ready opponent's wins that are its own draws, by player count (arenas of
``expert`` and ``value``: 53% in hu-2p, 50% in hk-2p, 37% in hu-3p, 29-42% at four)."""
PAO_CLAIM = 0.35
"""Chance that an opponent showing two dragon melds holds a pair of the third."""


def _bucket(discards: int) -> int:
    return min(10, discards // 2)


def typical_ready(sacred: bool, turn: int) -> float:
    """The readiness of a typical opponent (no or one meld) at a turn."""
    table = READY_SACRED if sacred else READY_OPEN
    b = _bucket(turn)
    return (table[0][b] + table[1][b]) / 2


def hazard_profile(sacred: bool) -> int:
    """The registered per-opponent hazard profile of a table (with or without sacred
    discard): a typical opponent's readiness by turn times its chance per round of
    winning when ready (:data:`THREAT_WIN`)."""
    return register_profile(tuple(typical_ready(sacred, t) * THREAT_WIN[sacred] for t in range(40)))


@dataclass(frozen=True)
class Opponent:
    """What the expert reads about one opponent."""

    seat: int
    ready: float
    """Chance it is ready now."""
    value: int
    """Estimated value of its hand (points or fan)."""
    loss: float
    """What dealing in to it would cost (beyond what its hand would cost anyway)."""
    danger: tuple[float, ...]
    """Per kind: chance that discarding it deals in (ready already weighed in)."""
    discards: tuple[float, ...] | None = None
    """Per kind: chance that its next discard is that kind (the fitted model, where the
    table has one: :func:`~tingpai.bots.tells.discard_weights`)."""


class TableReading:
    """The opponents as one seat sees them; see the module docstring."""

    def __init__(self, obs: Observation, knowledge: TableKnowledge | None = None, *,
                 learned: bool = True) -> None:
        self.obs = obs
        k = knowledge if knowledge is not None else table_knowledge(obs.ruleset)
        self.k = k
        sacred = k.furiten
        self.ready_table = READY_SACRED if sacred else READY_OPEN
        self.wait_table = WAIT_SACRED if sacred else WAIT_OPEN
        self.measured_legal = LEGAL_SACRED if sacred else LEGAL_OPEN
        """The share of ready hands that could win on a discard where the wait rates were
        measured (the rates are per ready hand, legal or not)."""
        own = obs.concealed
        visible = obs.visible
        self.seen = [visible[t] + own[t] for t in range(NUM_KINDS)]
        self.weights = tell_weights(obs.ruleset) if learned else None
        """The fitted danger model of this table (:mod:`tingpai.bots.tells`), if any
        (``learned=False``: the hand-made tables below, which the fit is measured
        against)."""
        self.discard_weights = discard_weights(obs.ruleset) if learned else None
        """The fitted model of which kind each opponent discards next, if any."""
        self.opponents = tuple(
            self._read(o) for o in range(obs.players) if o != obs.seat
        )

    # ------------------------------------------------------------------ per opponent

    def _read(self, o: int) -> Opponent:
        obs = self.obs
        melds = obs.melds[o]
        declared = len(melds)
        pond = obs.ponds[o]
        if declared >= 4:
            ready = 1.0
        else:
            ready = max(self.ready_table[declared][_bucket(len(pond))],
                        MELD_FLOOR[declared])
        value = self._value(o)
        loss = self._deal_in_cost(value)
        features = (opponent_features(obs, o)
                    if self.weights is not None or self.discard_weights is not None else [])
        if self.weights is not None:
            danger = self._learned_danger(o, logistic_chances(features, self.weights))
        else:
            danger = self._danger(o, ready * self._legal_share(o) / self.measured_legal)
        discards = (tuple(logistic_chances(features, self.discard_weights))
                    if self.discard_weights is not None else None)
        return Opponent(o, ready, value, loss, danger, discards)

    def _deal_in_cost(self, value: int) -> float:
        """What dealing in to an opponent now costs beyond what its hand would cost this
        seat anyway: a ready hand denied this tile may still win later (by the rounds left
        and :data:`THREAT_WIN`, fewer discards a round at a smaller table, unless another
        win ends the hand first: :data:`OUTRACED`), then by its own draw
        (:data:`SELF_DRAW_SHARE`) or on a discard, this seat's at its share.  Where a
        self-draw costs the seat more than a deal-in (hk-2p), dealing in early costs well
        under its price."""
        obs = self.obs
        players = obs.players
        discarder, bystander, drawn = self.k.win_costs(value)
        rounds = obs.wall_left / players
        hazard = THREAT_WIN[self.k.furiten] * players / 4
        later = OUTRACED * (1.0 - math.pow(1.0 - hazard, rounds))
        share = SELF_DRAW_SHARE.get(players, SELF_DRAW_SHARE[4])
        mine = 1.0 / (players - 1)
        anyway = later * (share * drawn + (1.0 - share) * (
            mine * discarder + (1.0 - mine) * bystander))
        return max(0.0, discarder - anyway)

    def _learned_danger(self, o: int, chances: list[float]) -> tuple[float, ...]:
        """The fitted model's chances; a tile of ``o``'s own pond stays exactly safe
        where sacred discard applies (the model only learns it as very unlikely)."""
        obs = self.obs
        dragons = melded_dragons(obs.melds[o])
        if len(dragons) >= 2:
            # Self-play rarely shows two dragon melds: the third dragon gets at least the
            # hand-made factor over a typical honour.
            honours = [chances[t] for t in range(EAST, NUM_KINDS) if t not in DRAGONS]
            typical = sum(honours) / len(honours)
            for d in DRAGONS:
                if d not in dragons:
                    chances[d] = min(1.0, max(chances[d], THIRD_DRAGON * typical))
        if self.k.furiten:
            for t in set(obs.ponds[o]):
                chances[t] = 0.0
        return tuple(chances)

    def _legal_share(self, o: int) -> float:
        """The chance that ``o``'s ready hand can win on a discard at all (enough pattern
        or fan): as measured where the table needs a pattern or a minimum, higher on a
        table without a minimum or with a reduced tile set (flushes and pungs come
        naturally: 94% on the 80-tile table), and high for an opponent showing value."""
        k = self.k
        if k.furiten or k.require_pattern:
            share = LEGAL_SACRED
        elif k.min_value <= 0:
            share = 1.0
        elif k.reduced_set:
            share = LEGAL_SMALL_SET
        else:
            share = LEGAL_OPEN
        suit, count = self._suits(o)
        hv = k.honour_values(self.obs.seat_winds[o], self.obs.round_wind)
        shows_value = (suit is not None and count >= 2) or any(
            m.kind is not MeldKind.CHOW and m.first >= EAST and hv[m.first - EAST]
            for m in self.obs.melds[o]
        )
        return max(share, LEGAL_SHOWING_VALUE) if shows_value else share

    def _suits(self, o: int) -> tuple[int | None, int]:
        """The one suit every declared meld of ``o`` is in (None if several or none), and
        how many such melds there are; honour melds fit any suit."""
        suit: int | None = None
        count = 0
        for m in self.obs.melds[o]:
            first = m.first
            if first >= EAST:
                continue
            s = first // 9
            if suit is None:
                suit = s
            elif suit != s:
                return None, 0
            count += 1
        return suit, count

    def _value(self, o: int) -> int:
        """An estimate of ``o``'s hand value from what it shows."""
        k = self.k
        obs = self.obs
        # A typical winning hand: 1500 base points (Hu), one fan over the minimum (HK).
        value = 1500 if obs.ruleset.options.unit is Unit.POINTS else max(k.min_value, 3) + 1
        hv = k.honour_values(obs.seat_winds[o], obs.round_wind)
        for m in obs.melds[o]:
            if m.kind is not MeldKind.CHOW and m.first >= EAST:
                value += hv[m.first - EAST]
        suit, count = self._suits(o)
        if suit is not None and count >= 2:
            value += k.value_of("half_flush")
        return k.capped(value)

    def _danger(self, o: int, ready: float) -> tuple[float, ...]:
        obs = self.obs
        pond = obs.ponds[o]
        in_pond = set(pond)
        passed = passed_tiles(obs, o)
        sacred = self.k.furiten
        table = self.wait_table
        seen = self.seen
        suit, flush_melds = self._suits(o)
        dragons_held = melded_dragons(obs.melds[o])
        dragon_melds = len(dragons_held)
        out = []
        for t in range(NUM_KINDS):
            if t >= EAST:
                p = table["honour"][min(3, seen[t])]
            else:
                n = t % 9
                lo = n >= 3 and (t - 3) in in_pond
                hi = n <= 5 and (t + 3) in in_pond
                if n in (0, 8):
                    cls = "terminal"
                    side = 2 if (lo or hi) else 0
                elif n in (1, 7):
                    cls = "near"
                    side = 2 if (lo or hi) else 0
                else:
                    cls = "mid"
                    side = 2 if (lo and hi) else (1 if (lo or hi) else 0)
                p = table[cls][side]
            if t in in_pond:
                p = 0.0 if sacred else p * OWN_POND_OPEN
            elif t in passed:
                p *= PASSED
            if flush_melds:
                if t < EAST and t // 9 != suit:
                    p *= FLUSH_OTHER[min(3, flush_melds)]
                else:
                    p *= FLUSH_SUIT[min(3, flush_melds)]
            if dragon_melds >= 2 and t in DRAGONS and t not in dragons_held:
                p *= THIRD_DRAGON
            out.append(min(1.0, ready * p))
        return tuple(out)

    # ------------------------------------------------------------------ summaries

    def threat(self) -> float:
        """Chance per round that an opponent ends the hand, beyond what the table's plain
        profile expects of typical opponents at this turn (:func:`hazard_profile`)."""
        obs = self.obs
        sacred = self.k.furiten
        typical = typical_ready(sacred, len(obs.ponds[obs.seat]))
        return sum(op.ready - typical for op in self.opponents) * THREAT_WIN[sacred]

    def losses(self, own_value: Sequence[float] | None = None) -> list[float]:
        """Per kind: the expected cost of discarding it now (dealing in, and pao)."""
        out = [0.0] * NUM_KINDS
        for op in self.opponents:
            loss = op.loss
            danger = op.danger
            for t in range(NUM_KINDS):
                out[t] += danger[t] * loss
        if self.k.pao:
            self._pao(out)
        return out

    def discard_chances(self) -> list[float] | None:
        """Per kind: the chance that one of the opponents discards it in the coming round
        (the fitted model summed over them; None where the table has none)."""
        if self.discard_weights is None:
            return None
        return [sum(op.discards[t] for op in self.opponents if op.discards is not None)
                for t in range(NUM_KINDS)]

    def deal_in(self, t: int) -> float:
        """Chance that discarding ``t`` deals in to some opponent."""
        miss = 1.0
        for op in self.opponents:
            miss *= 1.0 - op.danger[t]
        return 1.0 - miss

    def _pao(self, out: list[float]) -> None:
        """Add the expected liability of giving an opponent its third dragon meld."""
        obs = self.obs
        k = self.k
        for op in self.opponents:
            dragons = melded_dragons(obs.melds[op.seat])
            if len(dragons) != 2:
                continue
            for d in DRAGONS:
                if d in dragons or self.seen[d] > 2:
                    continue
                whole = k.gain(max(op.value, k.min_value), True)
                out[d] += PAO_CLAIM * 0.5 * whole

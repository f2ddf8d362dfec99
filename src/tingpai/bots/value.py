"""``value``: plays toward hands that are legal wins and worth more.

Every decision compares the *expected value* of the hands it can keep: the chance of
winning (:mod:`tingpai.bots.odds`) times what the win would collect at this table.

* A **ready** hand is valued exactly: each wait is scored with :func:`tingpai.score` as a
  discard win and as a self-draw, so a wait that cannot win (no pattern in Hu, under the
  minimum fan in Hong Kong) is worth nothing, and sacred discard (a wait in one's own pond,
  the discard being made included) leaves only the self-draws.  At a Hu exhaustive draw a
  ready hand also collects the ready payments.
* A hand **not yet ready** is valued through its targets (:mod:`tingpai.bots.knowledge`):
  for each plan the table rewards (flushes, all triplets, seven pairs, simples, outside
  hands, straights, three-colour sets, thirteen orphans, the plain hand), the distance to
  it (:mod:`tingpai.bots.shape`), the patterns it scores for sure, the value triplets and
  pairs already held, the closed-hand and self-draw patterns, and whether the total can
  reach the table's minimum; the best plan gives the value.
* Discards, kongs and claims are chosen by that value: a claim is made only when the hand
  after it (and its best discard) is worth more than passing, so a call into a hand that
  can no longer qualify (worth nothing) is never made.  Wins are always taken, flowers
  declared at once.

Ties (equal value, typically hopeless hands) fall back to the greedy order: lower shanten,
then more live improving tiles; where the table's minimum needs stacked patterns (3 fan and
more) a hopeless hand first keeps closest to the nearest plan that could still qualify, as
speed alone only builds hands that can never win there.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from tingpai.analysis import DiscardOption, discard_table, waits
from tingpai.analysis.forms import Form
from tingpai.bots.base import check_observation, winning_action
from tingpai.bots.danger import hazard_profile
from tingpai.bots.knowledge import (
    GROUPS,
    ORPHANS,
    PAIRS,
    STANDARD,
    TRIPLETS,
    Target,
    table_knowledge,
)
from tingpai.bots.odds import end_hazard, grid, per_round, win_chance_grid
from tingpai.bots.shape import (
    FAR,
    groups_distance,
    needs_distance,
    orphans_distance,
    outside_only,
    pairs_distance,
    restrict,
    simples_only,
    standard_distance,
    triplets_distance,
)
from tingpai.engine.actions import Action, ActionKind, simple
from tingpai.engine.observation import Observation
from tingpai.engine.results import Phase
from tingpai.rules.base import WinKind
from tingpai.scoring import Situation, score
from tingpai.tiles import EAST, NUM_KINDS, Meld, MeldKind, Tile

_CLAIMS = (ActionKind.CHOW, ActionKind.PUNG, ActionKind.KONG)

DISCARD_SHARE = 0.4
"""Share of a wanted tile's unseen copies that the other seats will discard (not keep)."""
CALL_HELP = {STANDARD: 0.15, TRIPLETS: 0.35, GROUPS: 0.15, PAIRS: 0.0, ORPHANS: 0.0}
"""Extra effective draws per other seat a shape gets from claiming discards."""
TYPICAL_SHARE = (0.0, 0.13, 0.17, 0.2, 0.23, 0.25)
"""Share of the unseen tiles that typically moves a hand one step closer, by shanten
(measured in greedy self-play: a 1-shanten hand improves on about one turn in five)."""
FAR_DAMPING = 0.8
"""Per step beyond 1-shanten, what a plan's value is scaled by: the best of several
optimistic plans overstates a far hand (self-play: 1.5 to 3 times at 3-4 shanten)."""
SHARE_BOOST = 1.6
"""A plan restricted to some kinds improves on more than their share of the unseen tiles
(the kinds it keeps are the ones its groups need)."""
TYPICAL_WAITS = 5.0
"""Unseen winning tiles of a typical ready hand."""
PAIR_TO_TRIPLET = 1.4
"""Effective draws per round that can turn a held pair into a triplet: one's own draw
and claimable discards (a pung may be called from any seat)."""
SLACK = 2
"""Targets farther than the plain hand's distance plus this are not considered..."""
STACKED_SLACK = 3
STACKED_MINIMUM = 3
"""... or plus this at a table whose minimum needs several patterns stacked (3 fan and
more): plans farther from the plain hand pay there (four experts at fan-laak drew 37% of
the hands of the same 20 games with the smaller slack, 31% with this one)."""
GROUP_SLACK = 1
"""Fixed-group targets (straights, three-colour sets) whose groups alone miss more tiles
than that limit less this are not considered either."""
FAR_DISCARDS = 2
"""Discards that leave the hand more than this many steps slower than the best are not
valued (a plan that needs them is found through the other discards)."""
CALL_MARGIN = 0.1
"""A claim must be worth this much more than passing, relatively..."""
CALL_MARGIN_FLOOR = 0.02
"""... and absolutely, in units of the table's smallest legal win (not where the minimum
needs stacked patterns: there hands are worth a small share of the smallest win, and the
floor turned down the pungs that make the fan; four experts at fan-laak drew 28.1% of the
hands of 40 games with it, 26.7% without, the nearest-plan order below in both)."""
HOPE_UNIT = 1e-6
"""The sliver of value per step nearer a qualifying plan that orders hopeless discards
(far below any real value, so it only breaks ties among worthless hands)."""
KEEP_TARGETS = 4
"""Targets followed per decision (the best by an optimistic value)."""


@dataclass(slots=True)
class Flex:
    """An uncertain addition to a hand's value: ``value`` with chance ``chance``."""

    value: int
    chance: float
    qualifies: bool


class Outlook:
    """One decision's view of the table: what is unseen, how long the hand may last, the
    seat's winds and melds, and the value of the hands it may keep.

    Built once per observation; :meth:`hand_value` is called for each candidate hand.
    """

    def __init__(self, obs: Observation, cache: dict[tuple[object, ...], int]) -> None:
        self.obs = obs
        k = table_knowledge(obs.ruleset)
        self.k = k
        self.seat = obs.seat
        self.players = obs.players
        self.seat_wind = obs.seat_winds[obs.seat]
        self.round_wind = obs.round_wind
        self.honour_values = k.honour_values(self.seat_wind, self.round_wind)
        self.unseen = k.unseen(obs.visible, obs.concealed)
        self.total_unseen = max(1, sum(self.unseen))
        self.pond = frozenset(obs.ponds[obs.seat])
        self.melds: tuple[Meld, ...] = obs.melds[obs.seat]
        self.rounds = self._rounds_left()
        self.turn = len(obs.ponds[obs.seat])
        self.extra_end = self.threat_hazard()
        self.cache = cache
        self.dealer_repeats = obs.repeats if obs.dealer == obs.seat else 0
        self.flowers = obs.flowers[obs.seat]
        self._targets: dict[tuple[object, ...], tuple[Target, ...]] = {}
        self._meld_keys: dict[int, tuple[tuple[Meld, ...], tuple[object, ...]]] = {}
        self._gain_memo: dict[tuple[object, ...], float] = {}
        self._shares: dict[str, float] = {}
        self._target_gains: dict[tuple[object, ...], float] = {}
        self._selected: dict[tuple[bytes, tuple[object, ...]], tuple[Target, ...]] = {}
        helpers = DISCARD_SHARE * (self.players - 1)
        self.win_typical = per_round(TYPICAL_WAITS, self.total_unseen, helpers)
        self._win_grid = grid(self.win_typical)
        self._extra_grid = grid(self.extra_end)
        self.profile = hazard_profile(k.furiten)
        self._later: dict[tuple[str, int], int] = {}
        self.stacked = k.min_value >= STACKED_MINIMUM
        """The table's minimum needs several patterns stacked (3 fan and more)."""
        self.slack = STACKED_SLACK if self.stacked else SLACK
        """How much farther than the plain hand a target may be."""
        self.unit_gain = float(k.gain(k.capped(k.smallest_win), False))
        """What the smallest legal win collects (a unit for margins)."""

    # ------------------------------------------------------------------ the race

    def _rounds_left(self) -> int:
        """Draws this seat may still make after the current decision."""
        obs = self.obs
        n = obs.wall_left // obs.players
        if obs.pond_left is not None:
            mine = obs.pond_left[obs.seat] - (1 if obs.phase is Phase.TURN else 0)
            n = min(n, mine, min(obs.pond_left))
        return max(0, n)

    def threat_hazard(self) -> float:
        """Chance per round, beyond the table's plain profile (:func:`~tingpai.bots.
        danger.hazard_profile`), that another seat ends the hand: none for the value bot;
        the expert adds what it reads from its opponents."""
        return 0.0

    # ------------------------------------------------------------------ targets

    def meld_key(self, melds: tuple[Meld, ...]) -> tuple[object, ...]:
        """A cheap hashable key for a tuple of melds (frozen dataclasses hash slowly)."""
        found = self._meld_keys.get(id(melds))
        if found is not None and found[0] is melds:
            return found[1]
        key = tuple((m.kind.value, m.first, m.concealed) for m in melds)
        self._meld_keys[id(melds)] = (melds, key)
        return key

    def targets(self, melds: tuple[Meld, ...]) -> tuple[Target, ...]:
        """The targets the declared melds still admit."""
        mkey = self.meld_key(melds)
        found = self._targets.get(mkey)
        if found is None:
            found = tuple(
                t for t in self.k.targets
                if all(t.admits(m.tiles, m.kind is not MeldKind.CHOW) for m in melds)
            )
            self._targets[mkey] = found
        return found

    def distance(self, target: Target, counts: Sequence[int], b: bytes,
                 melds: tuple[Meld, ...], limit: int = FAR) -> int:
        """Tiles to draw until ``counts`` (concealed, fixed melds out) completes ``target``."""
        need = 4 - len(melds)
        shape = target.shape
        if shape == STANDARD:
            rb = restrict(b, target.keep)
            if target.tiles == "simples":
                rb = simples_only(rb)
            elif target.tiles == "outside":
                rb = outside_only(rb)
            return standard_distance(rb, need)
        if shape == TRIPLETS:
            return triplets_distance(counts, need, target.allowed, self.unseen)
        if shape == PAIRS:
            return pairs_distance(counts, target.allowed, self.unseen) if not melds else FAR
        if shape == ORPHANS:
            return orphans_distance(counts, self.unseen) if not melds else FAR
        if not melds:
            missing = 0
            for t, n in target.needs:
                have = counts[t]
                if have < n:
                    missing += n - have
            if missing > limit - GROUP_SLACK:
                return FAR
            return needs_distance(counts, need - len(target.groups), target.needs,
                                  self.unseen, limit)
        else:
            groups = list(target.groups)
            for m in melds:
                if m.tiles[:3] in groups:
                    groups.remove(m.tiles[:3])
        return groups_distance(counts, need, groups, self.unseen, limit)

    def select(self, counts: Sequence[int], melds: tuple[Meld, ...]) -> tuple[Target, ...]:
        """The few targets worth following from ``counts`` (before or after a discard):
        within reach of the plain hand's distance and best by an optimistic value."""
        b = bytes(counts)
        mkey = self.meld_key(melds)
        key = (b, mkey)
        found = self._selected.get(key)
        if found is not None:
            return found
        need = 4 - len(melds)
        plain = standard_distance(b, need)
        limit = plain + self.slack
        rounds = self.rounds
        scored: list[tuple[float, int, Target]] = []
        for i, target in enumerate(self.targets(melds)):
            d = self.distance(target, counts, b, melds, limit)
            if d > limit or d > rounds + 1:
                continue
            gain = self.target_gain(target, counts, melds, mkey)
            if gain <= 0.0:
                continue
            later = self.later_grid(target, max(1, d))
            upper = win_chance_grid(max(1, d), rounds + 1, later, later, self._win_grid,
                                    self.turn, self.players - 1, self._extra_grid,
                                    self.profile) * gain
            scored.append((upper, -i, target))
        scored.sort(reverse=True)
        found = tuple(t for _, _, t in scored[:KEEP_TARGETS])
        plain_target = next((t for _, _, t in scored if t.incidental), None)
        if plain_target is not None and plain_target not in found:
            found = (*found, plain_target)
        self._selected[key] = found
        return found

    def later_grid(self, target: Target, d: int) -> int:
        """Typical chance per round (on the odds grid) of moving one step closer to
        ``target`` from distance ``d``."""
        key = (target.name, d)
        found = self._later.get(key)
        if found is None:
            found = grid(per_round(
                _typical_share(d - 1) * self.share(target) * self.total_unseen,
                self.total_unseen,
                CALL_HELP[target.shape] * (self.players - 1),
            ))
            self._later[key] = found
        return found

    # ------------------------------------------------------------------ values

    def hand_value(
        self,
        counts: list[int],
        melds: tuple[Meld, ...],
        discard: Tile | None = None,
        useful: int | None = None,
        targets: tuple[Target, ...] | None = None,
    ) -> float:
        """Expected gain of a hand between turns (13 tiles, melds counted as 3).

        ``discard`` is the tile just given up (it joins the pond: sacred discard);
        ``useful`` the unseen tiles that move the plain hand one step closer (first step of
        its race), when known; ``targets`` the plans to value it by (default: selected
        from this hand).
        """
        b = bytes(counts)
        need = 4 - len(melds)
        plain = standard_distance(b, need)
        forms = self.k.forms if not melds else Form.STANDARD
        best = 0.0
        ready = False
        if plain == 1 or (not melds and forms != Form.STANDARD):
            wait_tiles = waits(b, forms)
            if wait_tiles:
                ready = True
                best = self.ready_value(counts, melds, wait_tiles, discard)
        rounds = self.rounds
        if targets is None:
            targets = self.select(counts, melds)
        mkey = self.meld_key(melds)
        for target in targets:
            d = self.distance(target, counts, b, melds, plain + self.slack)
            if d >= FAR or d > plain + self.slack or d > rounds or (ready and d <= 1):
                continue
            gain = self.target_gain(target, counts, melds, mkey)
            if gain <= 0.0:
                continue
            later = self.later_grid(target, d)
            first = later
            if target.incidental and useful is not None:
                first = grid(per_round(float(useful), self.total_unseen,
                                       CALL_HELP[target.shape] * (self.players - 1)))
            value = win_chance_grid(d, rounds, first, later, self._win_grid,
                                    self.turn, self.players - 1, self._extra_grid,
                                    self.profile) * gain
            if d > 2:
                value *= FAR_DAMPING ** (d - 2)
            if value > best:
                best = value
        return best

    def nearest_plan(self, counts: Sequence[int], melds: tuple[Meld, ...]) -> int:
        """Tiles to draw until ``counts`` completes the nearest plan that can still reach
        the table's minimum, however far (:data:`~tingpai.bots.shape.FAR` if none)."""
        b = bytes(counts)
        mkey = self.meld_key(melds)
        nearest = FAR
        for target in self.targets(melds):
            if self.target_gain(target, counts, melds, mkey) > 0.0:
                nearest = min(nearest, self.distance(target, counts, b, melds, FAR))
        return nearest

    def share(self, target: Target) -> float:
        """Fraction of the unseen tiles the target may use (a flush uses about a third)."""
        found = self._shares.get(target.name)
        if found is None:
            allowed = target.allowed
            total = sum(u for t, u in enumerate(self.unseen) if allowed[t])
            found = min(1.0, SHARE_BOOST * total / self.total_unseen)
            self._shares[target.name] = found
        return found

    def target_gain(
        self, target: Target, counts: Sequence[int], melds: tuple[Meld, ...],
        mkey: tuple[object, ...] | None = None,
    ) -> float:
        """Expected gain of completing ``target`` from this hand (zero if it cannot win).
        ``mkey`` is :meth:`meld_key` of ``melds`` when the caller has it."""
        if mkey is None:
            mkey = self.meld_key(melds)
        memo_key = (target.name, bytes(counts[EAST:NUM_KINDS]), mkey)
        found = self._target_gains.get(memo_key)
        if found is None:
            found = self._target_gain(target, counts, melds)
            self._target_gains[memo_key] = found
        return found

    def _target_gain(
        self, target: Target, counts: Sequence[int], melds: tuple[Meld, ...]
    ) -> float:
        k = self.k
        exposed = any(not m.concealed for m in melds)
        declared = bool(melds)
        p_tsumo = 1.0 / (1.0 + DISCARD_SHARE * (self.players - 1))
        if target.limit:
            v = target.value
            return p_tsumo * k.gain(v, True) + (1 - p_tsumo) * k.gain(v, False)
        certain = target.value
        qualifies = bool(target.roles)
        flex: list[tuple[int, float, bool]] = []
        if target.honours and target.shape != PAIRS:
            hv = self.honour_values
            triplets = {m.first for m in melds if m.kind is not MeldKind.CHOW}
            for i in range(7):
                v = hv[i]
                if not v:
                    continue
                t = EAST + i
                c = counts[t]
                if c >= 3 or t in triplets:
                    certain += v
                    qualifies = True
                elif c == 2 and self.unseen[t]:
                    chance = per_round(self.unseen[t], self.total_unseen,
                                       PAIR_TO_TRIPLET * (self.players - 1))
                    chance = 1.0 - (1.0 - chance) ** max(1, self.rounds)
                    flex.append((v, round(chance * 20) / 20, True))
        if not declared:
            certain += k.value_of("closed")
        tsumo_value = k.value_of("self_draw")
        tsumo_qualifies = False
        if not exposed:
            concealed_tsumo = k.value_of("concealed_self_draw")
            if concealed_tsumo:
                tsumo_value += concealed_tsumo
                tsumo_qualifies = True
        if target.incidental:
            small, chance = k.incidental()
            if small:
                flex.append((small, chance, True))
        key = (certain, qualifies, tuple(flex), tsumo_value, tsumo_qualifies, p_tsumo)
        found = self._gain_memo.get(key)
        if found is None:
            found = self._expected(certain, qualifies, flex, tsumo_value, tsumo_qualifies,
                                   p_tsumo)
            self._gain_memo[key] = found
        return found

    def _expected(
        self,
        certain: int,
        qualifies: bool,
        flex: list[tuple[int, float, bool]],
        tsumo_value: int,
        tsumo_qualifies: bool,
        p_tsumo: float,
    ) -> float:
        """Expected gain over the independent uncertain additions (and self-draw or not)."""
        k = self.k
        need_pattern = k.require_pattern
        minimum = k.min_value
        outcomes: list[tuple[float, int, bool]] = [(1.0, certain, qualifies)]
        for value, chance, q in flex:
            grown: list[tuple[float, int, bool]] = []
            for prob, total, ok in outcomes:
                grown.append((prob * chance, total + value, ok or q))
                grown.append((prob * (1.0 - chance), total, ok))
            outcomes = grown
        expected = 0.0
        for prob, total, ok in outcomes:
            for drawn, share in ((True, p_tsumo), (False, 1.0 - p_tsumo)):
                v = total + tsumo_value if drawn else total
                good = ok or (drawn and tsumo_qualifies)
                if (need_pattern and not good) or v < minimum:
                    continue
                expected += prob * share * k.gain(k.capped(v), drawn)
        return expected

    def ready_value(
        self,
        counts: list[int],
        melds: tuple[Meld, ...],
        wait_tiles: Sequence[Tile],
        discard: Tile | None,
    ) -> float:
        """Expected gain of a ready hand, each wait scored exactly."""
        k = self.k
        unseen = self.unseen
        furiten = k.furiten and any(
            w in self.pond or w == discard for w in wait_tiles
        )
        tsumo_live = 0.0
        tsumo_sum = 0.0
        ron_waits: list[tuple[Tile, int, int]] = []
        for w in wait_tiles:
            live = unseen[w]
            if not live:
                continue
            g = self.win_gain(counts, melds, w, True)
            if g:
                tsumo_live += live
                tsumo_sum += live * g
            if not furiten:
                g = self.win_gain(counts, melds, w, False)
                if g:
                    ron_waits.append((w, live, g))
        total = self.total_unseen
        tsumo = min(1.0, tsumo_live / total)
        ron, ron_gain = self.ron_chance(ron_waits) if ron_waits else (0.0, 0.0)
        per_round_gain = tsumo * (tsumo_sum / tsumo_live if tsumo_live else 0.0) + (
            1.0 - tsumo) * ron * ron_gain
        miss = (1.0 - tsumo) * (1.0 - ron)
        alive = 1.0
        value = 0.0
        others = self.players - 1
        for r in range(self.rounds):
            alive *= min(1.0, max(0.0, 1.0 - end_hazard(self.turn + r, others, self.profile)
                                  - self.extra_end))
            value += alive * per_round_gain
            alive *= miss
        pay = self.obs.ruleset.options.ready_payment
        if pay:
            value += alive * pay * others
        return value

    def ron_chance(self, waits: Sequence[tuple[Tile, int, int]]) -> tuple[float, float]:
        """The chance per round that another seat discards one of ``waits`` (each a tile,
        its unseen copies and what winning on its discard collects), and the average gain
        of such a win: :data:`DISCARD_SHARE` of the unseen copies, whatever the tile."""
        live = sum(copies for _, copies, _ in waits)
        chance = per_round(live * DISCARD_SHARE, self.total_unseen, self.players - 2)
        return chance, sum(copies * gain for _, copies, gain in waits) / live

    def win_gain(self, counts: list[int], melds: tuple[Meld, ...], tile: Tile,
                 self_drawn: bool) -> int:
        """What winning on ``tile`` collects (0 when the hand would not be a legal win)."""
        key = (bytes(counts), melds, tile, self_drawn, self.seat_wind, self.round_wind,
               len(self.flowers), self.dealer_repeats, self.obs.eighth_repeat,
               self.obs.ruleset.id)
        found = self.cache.get(key)
        if found is None:
            concealed = [t for t in range(NUM_KINDS) for _ in range(counts[t])]
            concealed.append(tile)
            concealed.sort()
            sc = score(
                Situation(
                    concealed=tuple(concealed),
                    win_tile=tile,
                    melds=melds,
                    win=WinKind.SELF_DRAW if self_drawn else WinKind.DISCARD,
                    seat_wind=self.seat_wind,
                    round_wind=self.round_wind,
                    flowers=self.flowers,
                    dealer_repeats=self.dealer_repeats,
                    eighth_repeat=self.obs.eighth_repeat,
                ),
                self.obs.ruleset,
            )
            found = self.k.gain(sc.total, self_drawn) if sc.valid else 0
            if len(self.cache) > 50_000:
                self.cache.clear()
            self.cache[key] = found
        return found


@dataclass(frozen=True, slots=True)
class Choice:
    """A candidate action and its offensive value (and, for the expert, its risk)."""

    action: Action
    value: float
    shanten: int
    live: int


class ValueBot:
    """Plays for legal, valuable wins (see the module docstring)."""

    name = "value"

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng  # unused: the value bot is deterministic
        self._scores: dict[tuple[object, ...], int] = {}

    def outlook(self, obs: Observation) -> Outlook:
        """The decision's view of the table (the expert's adds its reading of opponents)."""
        return Outlook(obs, self._scores)

    def act(self, obs: Observation) -> Action:
        """The chosen action among ``obs.legal``."""
        check_observation(obs)
        win = winning_action(obs)
        if win is not None:
            return win
        if obs.phase is Phase.TURN:
            for a in obs.legal:
                if a.kind is ActionKind.FLOWER:
                    return a
            return self.turn(obs)
        if obs.phase is Phase.CLAIMS:
            return self.claim(obs)
        return simple(obs.seat, ActionKind.PASS)

    # ------------------------------------------------------------------ turn

    def discard_choices(self, obs: Observation, view: Outlook) -> list[Choice]:
        """Every discard with the value of the hand it leaves."""
        counts = obs.concealed
        table = discard_table(counts, obs.visible, obs.forms)
        actions = {a.tile: a for a in obs.legal if a.kind is ActionKind.DISCARD}
        melds = view.melds
        targets = view.select(counts, melds)
        out = []
        fastest = table[0].shanten
        for option in table:
            action = actions.get(option.tile)
            if action is None:
                continue
            if option.shanten > fastest + FAR_DISCARDS:
                out.append(Choice(action, 0.0, option.shanten, option.live))
                continue
            after = list(counts)
            after[option.tile] -= 1
            value = view.hand_value(after, melds, option.tile, option.live, targets)
            out.append(Choice(action, value, option.shanten, option.live))
        if view.stacked and out and max(c.value for c in out) <= 0.0:
            out = [self._hopeless(obs, view, c) for c in out]
        return out

    def _hopeless(self, obs: Observation, view: Outlook, choice: Choice) -> Choice:
        """A discard of a hand no plan in reach makes worth anything, valued by a sliver
        per tile it stays closer to the nearest plan that can qualify.  The plain greedy
        order (lower shanten) leaves a chicken hand that can never win where the minimum
        needs stacked patterns (four experts at fan-laak, 40 games: 28.1% of the hands
        drawn with this order, 30.0% with the greedy one)."""
        assert choice.action.tile is not None
        after = list(obs.concealed)
        after[choice.action.tile] -= 1
        nearest = view.nearest_plan(after, view.melds)
        return Choice(choice.action, HOPE_UNIT * (FAR - nearest), choice.shanten, choice.live)

    def kong_choices(self, obs: Observation, view: Outlook) -> list[Choice]:
        """Concealed and added kongs, each valued by the hand after it (a draw follows)."""
        out = []
        counts = obs.concealed
        for a in obs.legal:
            if a.kind is ActionKind.CKONG and a.tile is not None:
                after = list(counts)
                after[a.tile] -= 4
                melds = (*view.melds, Meld(MeldKind.KONG, (a.tile,) * 4, concealed=True))
            elif a.kind is ActionKind.AKONG and a.tile is not None:
                after = list(counts)
                after[a.tile] -= 1
                melds = tuple(
                    Meld(MeldKind.KONG, (a.tile,) * 4, claimed_from=m.claimed_from)
                    if m.kind is MeldKind.PUNG and m.first == a.tile else m
                    for m in view.melds
                )
            else:
                continue
            value = view.hand_value(after, melds)
            out.append(Choice(a, value, -2, 0))
        return out

    def turn(self, obs: Observation) -> Action:
        """The best discard or kong by expected value."""
        view = self.outlook(obs)
        choices = self.discard_choices(obs, view)
        kongs = self.kong_choices(obs, view)
        return self.pick(obs, view, choices, kongs)

    def pick(
        self, obs: Observation, view: Outlook, choices: list[Choice], kongs: list[Choice]
    ) -> Action:
        """The choice of highest value; ties to lower shanten and more live tiles.  A kong
        is declared when the hand after it is worth at least the best discard."""
        best = max(choices, key=lambda c: (c.value, -c.shanten, c.live))
        for kong in kongs:
            if kong.value >= best.value and kong.value > 0:
                return kong.action
        return best.action

    # ------------------------------------------------------------------ claims

    def claim(self, obs: Observation) -> Action:
        """Claim a discard when the hand after the claim is worth more than passing."""
        t = obs.claim_tile
        counts = obs.concealed
        if t is None or sum(counts) % 3 != 1:
            return simple(obs.seat, ActionKind.PASS)
        view = self.outlook(obs)
        best_action = simple(obs.seat, ActionKind.PASS)
        best = self.pass_value(obs, view)
        # A claim must gain a margin over passing: the model's open plans are the more
        # optimistic, and a claim gives away information and a safe tile.
        floor = 0.0 if view.stacked else CALL_MARGIN_FLOOR
        margin = CALL_MARGIN * max(0.0, best) + floor * view.unit_gain
        for a in obs.legal:
            if a.kind not in _CLAIMS:
                continue
            value = self.claim_value(obs, view, a, t)
            if value > best + margin and value > 0.0:
                best = value
                best_action = a
        return best_action

    def pass_value(self, obs: Observation, view: Outlook) -> float:
        """Value of letting the discard go."""
        return view.hand_value(obs.concealed, view.melds)

    def claim_value(self, obs: Observation, view: Outlook, a: Action, t: Tile) -> float:
        """Value of the hand after claiming (and, for a chow or pung, its best discard)."""
        counts = list(obs.concealed)
        d = obs.actor
        if a.kind is ActionKind.CHOW:
            for x in a.tiles:
                if x != t:
                    counts[x] -= 1
            meld = Meld(MeldKind.CHOW, a.tiles, claimed_from=d)
        elif a.kind is ActionKind.PUNG:
            counts[t] -= 2
            meld = Meld(MeldKind.PUNG, (t, t, t), claimed_from=d)
        else:
            counts[t] -= 3
            meld = Meld(MeldKind.KONG, (t, t, t, t), claimed_from=d)
        melds = (*view.melds, meld)
        if a.kind is ActionKind.KONG:
            return view.hand_value(counts, melds)
        return self.best_after_claim(obs, view, counts, melds, a)

    def best_after_claim(
        self, obs: Observation, view: Outlook, counts: list[int], melds: tuple[Meld, ...],
        a: Action,
    ) -> float:
        """The value of the best discard after a chow or pung."""
        best = 0.0
        targets = view.select(counts, melds)
        for option in standard_discards(counts, obs.visible):
            after = list(counts)
            after[option.tile] -= 1
            value = view.hand_value(after, melds, option.tile, option.live, targets)
            best = max(best, value)
        return best


def _typical_share(shanten: int) -> float:
    return TYPICAL_SHARE[shanten] if shanten < len(TYPICAL_SHARE) else TYPICAL_SHARE[-1]


def standard_discards(counts: list[int], visible: list[int]) -> list[DiscardOption]:
    """The discard table of a hand with declared melds (standard form only)."""
    return discard_table(counts, visible, Form.STANDARD)

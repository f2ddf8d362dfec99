"""What an opponent's pond and melds tell about the danger of each tile (the ``expert``'s
learned reading).

The chance that discarding tile ``t`` now deals in to opponent ``o`` is modelled as a
logistic function of a few categorical features of what the table shows: how far the hand
is (discards × declared melds), the tile's class with its *suji* (the two-sided waits on it
already made sacred by ``o``'s pond), whether ``o`` discarded it or let it pass, how many
copies and neighbours are in sight, which nearby tiles ``o`` threw, ``o``'s suit shares in
its pond and melds (a flush), the third dragon, and how ``o`` has been discarding lately
(middle tiles, tiles thrown as drawn — a ready hand throws what it draws — and the tiles
next to those it took from its hand).  Log-odds add up, which suits small, multiplicative
risks: each feature scales the danger.

The weights (:mod:`tingpai.bots.tell_weights`) are fitted per ruleset id by
``tools/fit_tells.py`` on self-play in which every (opponent, tile) pair is labelled with
whether the opponent could legally win on it at that moment.  A table without fitted
weights (a host's variant) falls back to the nearest shipped table by its traits.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from tingpai.bots.discard_weights import WEIGHTS as DISCARD_WEIGHTS
from tingpai.bots.tell_weights import WEIGHTS
from tingpai.engine.observation import Observation
from tingpai.rules.ruleset import Ruleset
from tingpai.tiles import DRAGONS, EAST, NUM_KINDS, Meld, MeldKind

# Feature layout: each group is one categorical feature; an index is offset + category.
DISCARD_BUCKETS = 11
MELD_COUNTS = 5
_DM = 0                                    # discards bucket × declared melds
_CLASS = _DM + DISCARD_BUCKETS * MELD_COUNTS  # number class × suji sides; honours
_NUMBER_CLASSES = 15
_HONOUR_CLASSES = 8
_OWN = _CLASS + _NUMBER_CLASSES + _HONOUR_CLASSES  # in o's pond
_PASSED = _OWN + 1                         # let pass by o since its last discard
_SEEN = _PASSED + 1                        # copies in sight (number tiles)
_WALL = _SEEN + 5                          # neighbours t±1 all in sight
_NEAR = _WALL + 3                          # t±1 in o's pond × t±2 in o's pond
_SUIT = _NEAR + 9                          # o's pond share of t's suit (or honours)
_MELD = _SUIT + 10                         # o's melds in t's suit × in others
_DRAGON = _MELD + 18                       # the third dragon against two dragon melds
_PHASE = _DRAGON + 1                       # tile class × stage of the hand
_LAST = _PHASE + 18                        # class of o's last discard × stage
_RECENT = _LAST + 18                       # middle tiles among o's last discards × stage
_MATAGI = _RECENT + 15                     # t±1 × t±2 among o's last discards from hand
_DRAWN = _MATAGI + 4                       # o's last discards thrown as drawn × stage
_LAST_DRAWN = _DRAWN + 12                  # class of o's last discard × thrown as drawn
_BIAS = _LAST_DRAWN + 12
RECENT = 4
"""How many of an opponent's latest discards count as recent: a hand that has begun
throwing middle tiles, or keeps throwing what it draws, is likely ready; the tiles next
to those it took from its hand are its waits' sides."""
FEATURES = _BIAS + 1
"""Number of weights of a fitted table."""


def _bucket(discards: int) -> int:
    return min(DISCARD_BUCKETS - 1, discards // 2)


def _share_bin(share: float) -> int:
    if share <= 0.0:
        return 0
    if share <= 0.15:
        return 1
    if share <= 0.3:
        return 2
    return 3


def _tile_class(t: int) -> int:
    """0-4 for number tiles by distance from the edge (1/9 is 0, 5 is 4), 5 for honours."""
    if t >= EAST:
        return 5
    n = t % 9
    return min(n, 8 - n)


def melded_dragons(melds: Sequence[Meld]) -> set[int]:
    """The dragons of which these declared melds hold a pung or kong."""
    return {m.first for m in melds if m.kind is not MeldKind.CHOW and m.first in DRAGONS}


def passed_tiles(obs: Observation, o: int) -> set[int]:
    """Tiles discarded after ``o``'s last discard by the seats between ``o`` and the
    observer in turn order: ``o`` let each of them pass."""
    passed: set[int] = set()
    for i in range(1, obs.players):
        s = (o + i) % obs.players
        if s == obs.seat:
            break
        if obs.ponds[s]:
            passed.add(obs.ponds[s][-1])
    return passed


def opponent_features(obs: Observation, o: int) -> list[list[int]]:
    """Per tile kind, the active feature indices for opponent ``o``."""
    pond = obs.ponds[o]
    in_pond = set(pond)
    melds = obs.melds[o]
    passed = passed_tiles(obs, o)
    seen = obs.visible
    own = obs.concealed
    size = len(pond)
    stage = 0 if size < 6 else (1 if size < 12 else 2)
    dm = _DM + _bucket(size) * MELD_COUNTS + min(4, len(melds))
    suit_count = [0, 0, 0, 0]
    for t in pond:
        suit_count[3 if t >= EAST else t // 9] += 1
    meld_suits = [0, 0, 0, 0]
    for m in melds:
        first = m.first
        meld_suits[3 if first >= EAST else first // 9] += 1
    dragon_melds = melded_dragons(melds)
    hv_seat = obs.seat_winds[o]
    recent = pond[-RECENT:]
    drawn = obs.from_draw[o]
    latest = {t for t, d in zip(pond[-3:], drawn[-3:], strict=True) if not d}
    tells = []
    if pond:
        last = _tile_class(pond[-1])
        tells.append(_LAST + 3 * last + stage)
        middle = sum(1 for t in recent if 2 <= _tile_class(t) <= 4)
        tells.append(_RECENT + 3 * middle + stage)
        tells.append(_DRAWN + 3 * sum(drawn[-3:]) + stage)
        tells.append(_LAST_DRAWN + 2 * last + drawn[-1])
    out: list[list[int]] = []
    for t in range(NUM_KINDS):
        total_seen = seen[t] + own[t]
        active = [dm, _BIAS, *tells]
        cls = _tile_class(t)
        if t >= EAST:
            valued = t in DRAGONS or t == hv_seat or t == obs.round_wind
            active.append(_CLASS + _NUMBER_CLASSES + 4 * valued + min(3, total_seen))
            suit = 3
        else:
            n = t % 9
            lo = n >= 3 and (t - 3) in in_pond
            hi = n <= 5 and (t + 3) in in_pond
            active.append(_CLASS + 3 * cls + lo + hi)
            active.append(_SEEN + min(4, total_seen))
            walls = 0
            near1 = 0
            near2 = 0
            for d in (-1, 1):
                m1 = n + d
                if 0 <= m1 <= 8:
                    if seen[t + d] + own[t + d] >= 4:
                        walls += 1
                    if (t + d) in in_pond:
                        near1 += 1
                m2 = n + 2 * d
                if 0 <= m2 <= 8 and (t + 2 * d) in in_pond:
                    near2 += 1
            active.append(_WALL + walls)
            side1 = any(0 <= n + d <= 8 and (t + d) in latest for d in (-1, 1))
            side2 = any(0 <= n + d <= 8 and (t + d) in latest for d in (-2, 2))
            active.append(_MATAGI + 2 * side1 + side2)
            active.append(_NEAR + 3 * near1 + near2)
            suit = t // 9
        if t in in_pond:
            active.append(_OWN)
        elif t in passed:
            active.append(_PASSED)
        if size >= 6:
            share = _share_bin(suit_count[suit] / size)
            active.append(_SUIT + (5 if suit == 3 else 0) + share)
        else:
            active.append(_SUIT + (5 if suit == 3 else 0) + 4)
        same = min(2, meld_suits[suit])
        other = min(2, sum(meld_suits[:3]) - (meld_suits[suit] if suit < 3 else 0))
        active.append(_MELD + (9 if suit == 3 else 0) + 3 * same + other)
        if len(dragon_melds) >= 2 and t in DRAGONS and t not in dragon_melds:
            active.append(_DRAGON)
        active.append(_PHASE + 3 * cls + stage)
        out.append(active)
    return out


def logistic_chances(features: Sequence[Sequence[int]], weights: tuple[float, ...]
                     ) -> list[float]:
    """Per tile kind, the fitted model's chance from its active feature indices
    (:func:`opponent_features`)."""
    out = []
    for active in features:
        z = sum(weights[i] for i in active)
        out.append(1.0 / (1.0 + math.exp(-z)) if z > -30.0 else 0.0)
    return out


def deal_in_chances(obs: Observation, o: int, weights: tuple[float, ...]) -> list[float]:
    """Per tile kind, the modelled chance that discarding it now deals in to ``o``."""
    return logistic_chances(opponent_features(obs, o), weights)


def _fitted(tables: dict[str, tuple[float, ...]], ruleset: Ruleset, borrow: bool = True
            ) -> tuple[float, ...] | None:
    """A ruleset's own fitted weights from ``tables``, or (``borrow``) those of the shipped
    table with the same sacred-discard rule and player count (None if nothing fits)."""
    found = tables.get(ruleset.id)
    if found is not None and len(found) == FEATURES:
        return found
    if not borrow:
        return None
    opts = ruleset.options
    family = "hu" if opts.furiten else "hk"
    fallback = tables.get(f"{family}-{opts.players}p") or tables.get(f"{family}-4p")
    if fallback is not None and len(fallback) == FEATURES:
        return fallback
    return None


def tell_weights(ruleset: Ruleset) -> tuple[float, ...] | None:
    """The danger model's fitted weights for a ruleset (:func:`_fitted`)."""
    return _fitted(WEIGHTS, ruleset)


def discard_weights(ruleset: Ruleset) -> tuple[float, ...] | None:
    """The fitted weights of the model of which kind an opponent discards next, over the
    same features (:mod:`tingpai.bots.discard_weights`; None where none is shipped, and
    the ``value`` bot's uniform share of the unseen copies holds).  Only the table's own:
    each ships where a deciding arena set it, so another table with the same sacred-discard
    rule and player count (hu-2p without sacred discard) does not borrow one."""
    return _fitted(DISCARD_WEIGHTS, ruleset, borrow=False)

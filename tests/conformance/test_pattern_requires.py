"""``Pattern.requires`` must be a necessary condition, in every registered ruleset: the
scorer skips a predicate whose required features are missing, so no predicate may fire
without them.

Seeded random complete hands drawn from the ruleset's own tiles, seats and flowers
(standard with exposed melds and kongs, seven pairs, thirteen orphans, flushes, honour and
terminal hands, the ruleset's special wins, every luck flag) are read by the scorer; every
pattern is then asked directly about every reading, and whenever it applies its requirements
must hold.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import tingpai
import tingpai.scoring as scoring_module
from tingpai.rules import Ruleset, WinKind
from tingpai.rules.context import HandContext
from tingpai.scoring import Situation, score
from tingpai.tiles import EAST, ORPHANS, Meld, MeldKind, Tile

HANDS = 3000
"""Random situations per ruleset."""
MIN_FIRED = 0.9
"""Share of a ruleset's patterns the random hands must reach (the check is not vacuous)."""


class _Table:
    """What the generator may use: the ruleset's kinds, chows, winds and special wins."""

    def __init__(self, ruleset: Ruleset) -> None:
        opts = ruleset.options
        self.kinds = tuple(opts.tile_kinds)
        kinds = set(self.kinds)
        self.honours = tuple(t for t in self.kinds if t >= EAST)
        self.orphans = tuple(t for t in self.kinds if t in ORPHANS)
        self.chows = tuple(t for t in self.kinds if t < EAST and t % 9 <= 6
                           and {t + 1, t + 2} <= kinds)
        self.bonus = tuple(opts.bonus_tiles)
        self.seats = tuple(opts.seat_winds)
        self.rounds = tuple(EAST + i for i in range(opts.rounds))
        self.specials = tuple(p.id for p in ruleset.patterns if not p.needs_hand and p.qualifies)
        self.orphan_form = set(ORPHANS) <= kinds


def _melds(rng: random.Random, table: _Table, counts: list[int]) -> tuple[list[Meld], list[Tile]]:
    """Four melds (some declared) drawn with a bias: one suit, honours, terminals or none."""
    bias = rng.choice(("none", "none", "suit", "honours", "orphans"))
    suit = rng.randrange(3)
    chows = [t for t in table.chows if bias != "suit" or t // 9 == suit] or list(table.chows)
    triplet_kinds = {
        "honours": table.honours,
        "orphans": table.orphans,
        "suit": tuple(t for t in table.kinds if t // 9 == suit or t >= EAST),
    }.get(bias, table.kinds) or table.kinds
    n_declared = rng.choice((0, 0, 1, 2, 3, 4))
    melds: list[Meld] = []
    concealed: list[Tile] = []
    for g in range(4):
        while True:
            if chows and rng.random() < (0.2 if bias in ("honours", "orphans") else 0.5):
                first = rng.choice(chows)
                if all(counts[first + i] < 4 for i in range(3)):
                    tiles: tuple[Tile, ...] = (first, first + 1, first + 2)
                    kind = MeldKind.CHOW
                    break
            else:
                t = rng.choice(triplet_kinds)
                size = 4 if g < n_declared and rng.random() < 0.4 else 3
                if counts[t] + size <= 4:
                    tiles = (t,) * size
                    kind = MeldKind.KONG if size == 4 else MeldKind.PUNG
                    break
        for t in tiles:
            counts[t] += 1
        if g < n_declared:
            hidden = kind is MeldKind.KONG and rng.random() < 0.5
            melds.append(Meld(kind, tiles, concealed=hidden))
        else:
            concealed.extend(tiles)
    pairs = [t for t in triplet_kinds if counts[t] <= 2] or [
        t for t in table.kinds if counts[t] <= 2
    ]
    pair = rng.choice(pairs)
    concealed += [pair, pair]
    return melds, concealed


def _rare_shape(rng: random.Random, table: _Table) -> list[Tile]:
    """A concealed hand of a shape random melds seldom reach (nine gates, consecutive pairs,
    one chow four times, consecutive triplets, all green, all terminals), from the table's
    kinds; falls back to seven pairs of random kinds."""
    kinds = set(table.kinds)
    suits = [b for b in (0, 9, 18) if all(b + i in kinds for i in range(9))]
    shapes: list[list[Tile]] = []
    if suits:
        b = rng.choice(suits)
        nine = [b, b, b, *range(b + 1, b + 8), b + 8, b + 8, b + 8]
        shapes.append([*nine, b + rng.randrange(9)])
        start = b + rng.randrange(3)
        shapes.append([t for t in range(start, start + 7) for _ in range(2)])
        low = b + rng.randrange(7)
        shapes.append([*(t for t in (low, low + 1, low + 2) for _ in range(4)), b + 8, b + 8]
                      if low + 2 != b + 8 else [*(low, low + 1, low + 2) * 4, b, b])
        low = b + rng.randrange(6)
        shapes.append([*(t for t in range(low, low + 4) for _ in range(3)), EAST, EAST])
    greens = [19, 20, 21, 23, 25, 32]  # 2s 3s 4s 6s 8s and the Green dragon
    if set(greens) <= kinds:
        shapes.append([19, 20, 21, 19, 20, 21, 23, 23, 23, 25, 25, 25, 32, 32])
    terminals = [t for t in table.orphans if t < EAST]
    if len(terminals) >= 5:
        picked = rng.sample(terminals, 5)
        shapes.append([*(t for t in picked[:4] for _ in range(3)), picked[4], picked[4]])
    if not shapes:
        return [t for t in rng.sample(table.kinds, 7) for _ in range(2)]
    return rng.choice(shapes)


def random_situation(rng: random.Random, table: _Table) -> Situation:
    """One random complete hand (or special win) at this table."""
    counts = {t: 0 for t in range(34)}
    roll = rng.random()
    melds: list[Meld] = []
    if roll < 0.15:
        concealed = [t for t in rng.sample(table.kinds, 7) for _ in range(2)]
    elif roll < 0.2 and table.orphan_form:
        concealed = [*ORPHANS, rng.choice(ORPHANS)]
    elif roll < 0.3:
        concealed = _rare_shape(rng, table)
    else:
        melds, concealed = _melds(rng, table, [counts[t] for t in range(34)])
    win_kind = rng.choice([WinKind.SELF_DRAW, WinKind.DISCARD, WinKind.ROBBING_KONG])
    special = rng.choice([None] * 8 + list(table.specials)) if table.specials else None
    seat = rng.choice(table.seats)
    kwargs: dict[str, Any] = {
        "win": win_kind,
        "seat_wind": seat,
        "round_wind": rng.choice(table.rounds),
        "flowers": tuple(rng.sample(table.bonus, rng.choice((0, 0, 1, 4, 5, 8))))
        if table.bonus else (),
        "last_tile": rng.random() < 0.1,
        "robbing_kong": win_kind is WinKind.ROBBING_KONG,
        "special": special,
    }
    if win_kind is WinKind.SELF_DRAW and rng.random() < 0.2:
        # a possible chain: no more kong replacements than kongs, nor flower replacements
        # than declared flowers (an impossible chain is not a hand a pattern is asked about)
        kongs = sum(1 for m in melds if m.kind is MeldKind.KONG)
        pool = ["kong"] * kongs + ["flower"] * len(kwargs["flowers"])
        kwargs["replacements"] = tuple(rng.sample(pool, min(len(pool), rng.choice((1, 2)))))
    if win_kind is not WinKind.ROBBING_KONG and rng.random() < 0.1:
        kwargs["blessing"] = "heaven" if seat == EAST else "earth"
    return Situation(concealed=tuple(sorted(concealed)), win_tile=rng.choice(concealed),
                     melds=tuple(melds), **kwargs)


def test_requires_is_necessary(ruleset_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    ruleset = tingpai.find_ruleset(ruleset_id)
    table = _Table(ruleset)
    contexts: list[HandContext] = []
    original = scoring_module._evaluate

    def spy(rules: Any, ctx: HandContext, reading: Any, special: bool) -> Any:
        contexts.append(ctx)
        return original(rules, ctx, reading, special)

    monkeypatch.setattr(scoring_module, "_evaluate", spy)
    rng = random.Random(12345)
    valid = sum(score(random_situation(rng, table), ruleset).valid for _ in range(HANDS))
    assert valid > HANDS // 10 and len(contexts) > HANDS // 2
    fired: set[str] = set()
    for ctx in contexts:
        for pattern in ruleset.patterns:
            if ctx.special is not None and pattern.needs_hand:
                continue
            if pattern.predicate(ctx):
                fired.add(pattern.id)
                missing = pattern.requires & ~ctx.features
                assert not missing, (pattern.id, bin(missing), ctx)
    unreached = sorted({p.id for p in ruleset.patterns} - fired)
    assert len(fired) >= MIN_FIRED * len(ruleset.patterns), unreached

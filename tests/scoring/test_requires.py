"""``Pattern.requires`` must be a necessary condition: the scorer skips a predicate whose
required features are missing, so no predicate may fire without them.

Seeded random complete hands (standard with exposed melds and kongs, seven pairs, thirteen
orphans, special wins, every luck flag) are read by the scorer; every pattern is then asked
directly about every reading, and whenever it applies its requirements must hold.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from scoring_helpers import RULES

import tingpai.scoring as scoring_module
from tingpai.rules import WinKind
from tingpai.rules.context import HandContext
from tingpai.scoring import Situation, score
from tingpai.tiles import BONUS_TILES, ORPHANS, Meld, MeldKind, Tile

CHOW_STARTS = [b + i for b in (0, 9, 18) for i in range(7)]


def _random_situation(rng: random.Random) -> Situation:
    counts = [0] * 34
    roll = rng.random()
    melds: list[Meld] = []
    concealed: list[Tile] = []
    if roll < 0.15:
        kinds = rng.sample(range(34), 7)
        concealed = [t for t in kinds for _ in range(2)]
    elif roll < 0.2:
        extra = rng.choice(ORPHANS)
        concealed = [*ORPHANS, extra]
    else:
        n_declared = rng.choice((0, 0, 1, 2, 3, 4))
        honors_bias = rng.random() < 0.3
        for g in range(4):
            while True:
                if rng.random() < 0.5:
                    first = rng.choice(CHOW_STARTS)
                    if all(counts[first + i] < 4 for i in range(3)):
                        tiles: tuple[Tile, ...] = (first, first + 1, first + 2)
                        kind = MeldKind.CHOW
                        break
                else:
                    t = rng.randrange(27, 34) if honors_bias else rng.randrange(34)
                    size = 4 if g < n_declared and rng.random() < 0.4 else 3
                    if counts[t] + size <= 4:
                        tiles = (t,) * size
                        kind = MeldKind.KONG if size == 4 else MeldKind.PUNG
                        break
            for t in tiles:
                counts[t] += 1
            if g < n_declared:
                melds.append(Meld(kind, tiles, concealed=kind is MeldKind.KONG
                                  and rng.random() < 0.5))
            else:
                concealed.extend(tiles)
        while True:
            pair = rng.randrange(34)
            if counts[pair] <= 2:
                concealed += [pair, pair]
                break
    win_kind = rng.choice([WinKind.SELF_DRAW, WinKind.DISCARD, WinKind.ROBBING_KONG])
    # A situation that can happen: a robbed tile is the only copy the winner holds (the
    # konger has the other three), a replacement chain comes from the hand's kongs and
    # flowers, and a blessing precedes every call and kong.
    held = [*concealed, *(t for m in melds for t in m.tiles)]
    single = [t for t in concealed if held.count(t) == 1]
    if win_kind is WinKind.ROBBING_KONG and not single:
        win_kind = WinKind.DISCARD
    win_tile = rng.choice(single if win_kind is WinKind.ROBBING_KONG else concealed)
    special = rng.choice([None] * 8 + ["eight_immortals", "terminal_discards"])
    seat = rng.randrange(27, 31)
    kwargs: dict[str, Any] = {
        "win": win_kind,
        "seat_wind": seat,
        "round_wind": rng.randrange(27, 29),
        "flowers": tuple(rng.sample(BONUS_TILES, rng.choice((0, 0, 1, 4, 5, 8)))),
        "last_tile": rng.random() < 0.1,
        "robbing_kong": win_kind is WinKind.ROBBING_KONG,
        "special": special,
    }
    sources = ["kong"] * sum(m.kind is MeldKind.KONG for m in melds)
    sources += ["flower"] * len(kwargs["flowers"])
    if win_kind is WinKind.SELF_DRAW and sources and rng.random() < 0.2:
        kwargs["replacements"] = tuple(rng.sample(sources, min(2, len(sources))))
    if win_kind is WinKind.SELF_DRAW and not melds and rng.random() < 0.1:
        kwargs["blessing"] = "heaven" if seat == 27 else "earth"
    return Situation(concealed=tuple(concealed), win_tile=win_tile,
                     melds=tuple(melds), **kwargs)


def test_requires_is_necessary(monkeypatch: pytest.MonkeyPatch) -> None:
    ruleset = RULES["hu-4p"]
    contexts: list[HandContext] = []
    original = scoring_module._evaluate

    def spy(rules: Any, ctx: HandContext, reading: Any, special: bool) -> Any:
        contexts.append(ctx)
        return original(rules, ctx, reading, special)

    monkeypatch.setattr(scoring_module, "_evaluate", spy)
    rng = random.Random(12345)
    valid = 0
    for _ in range(4000):
        valid += score(_random_situation(rng), ruleset).valid
    assert valid > 1000 and len(contexts) > 3000
    fired: set[str] = set()
    for ctx in contexts:
        for pattern in ruleset.patterns:
            if ctx.special is not None and pattern.needs_hand:
                continue
            if pattern.predicate(ctx):
                fired.add(pattern.id)
                missing = pattern.requires & ~ctx.features
                assert not missing, (pattern.id, bin(missing), ctx)
    # the random hands reach most patterns, so the check is not vacuous
    assert len(fired) >= 35, sorted({p.id for p in ruleset.patterns} - fired)

"""Rulesets registered for the tests only (none the package ships).

Register a variant here (``tingpai.rules.register(RulesetSpec(...))`` at import) and every
conformance test covers it; see :mod:`conformancekit`.

``hk-4p-seat-flowers`` (issue 8: a new ruleset needs no engine change; its own tests are
``tests/rules/test_variant_ruleset.py``): Hong Kong Mahjong on the MahJongo table for four
players (``hk-4p``'s options, patterns, payments and policies: pao, Earth on the dealer's
first discard, head bump, 3-10 fan) played with the 8 flower and season tiles (144 tiles).
A declared bonus tile scores nothing by itself, except the seat flower: 1 fan per declared
flower or season whose number is the seat's (1f/5f East, 2f/6f South, 3f/7f West, 4f/8f
North).  Bonus tiles are declared in one's own turn and replaced from the tail, as on the
Hu table; a flower replacement is not a kong replacement (Win on a Kong Replacement needs a
kong in the chain).  Seat flowers count toward the 3-fan minimum.
"""

from __future__ import annotations

import dataclasses

from tingpai.rules import Pattern, RulesetSpec, register
from tingpai.rules import context as features
from tingpai.rules.context import HandContext
from tingpai.rules.hk import HK_OPTIONS, HK_PATTERNS, hk_defaults
from tingpai.tiles import BONUS_TILES, EAST, NUM_KINDS

SEAT_FLOWERS = "hk-4p-seat-flowers"
"""Hong Kong 4 players with flowers, 1 fan per seat flower."""


def seat_flowers(ctx: HandContext) -> int:
    """Declared bonus tiles numbered as the seat: 1f/5f East ... 4f/8f North."""
    seat = ctx.seat_wind - EAST
    return sum(1 for f in ctx.flowers if (f - NUM_KINDS) % 4 == seat)


SEAT_FLOWER = Pattern(
    "seat_flower", "Seat Flower", "正花", "zhèng huā", "1 Fan", 1, seat_flowers,
    "each declared flower or season of the seat's number (1/5 East, 2/6 South, 3/7 West, "
    "4/8 North)",
    requires=features.FLOWERS,
)

register(RulesetSpec(
    id=SEAT_FLOWERS,
    name="Hong Kong Mahjong with seat flowers (4 players, 144 tiles)",
    defaults=dataclasses.replace(hk_defaults(4), bonus_tiles=BONUS_TILES),
    patterns=(*HK_PATTERNS, SEAT_FLOWER),
    options=HK_OPTIONS,
    description="Hong Kong 4 players with the 8 flowers: 1 fan per seat flower (a test "
    "variant)",
))

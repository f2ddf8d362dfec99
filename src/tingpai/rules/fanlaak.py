"""Hong Kong fan-laak table (seed ``002``, rulings in RULES.md) as data.

Registers ``hk-fanlaak`` (option ``min_fan``, 0 to 10, default 3) and ``hk-fanlaak-0``, the
same table preset with ``min_fan`` 0, where a Chicken Hand may win.  136 tiles, four seats,
standard form plus Thirteen Orphans, no flowers, no cap.  Limit hands count as 10 fan and
nothing else: the scorer counts only the limit pattern (10 already reaches the last row of
the fan-laak table, 64 points, so other fan could never change the payment).

Payments (``fan-laak``): points 1, 2, 4, 8, 16, 16, 16, 32, 32, 32, 64 for 0..10+ fan; on a
discard win the discarder pays 2 × points and each other loser 1 × points; on self-draw each
loser pays 2 × points.  Settlement: option ``stake`` (money per point) and ``point_limit``
(the game ends after a hand in which a seat's net points reach it); the game result shows
every seat's net points and money.

Chicken Hand (雞糊) is worth 0 and is present exactly when no other pattern of this table is:
its predicate asks the other patterns (:func:`tingpai.rules.predicates.none_of`).
"""

from __future__ import annotations

import dataclasses

from tingpai.rules import context as f
from tingpai.rules import predicates as p
from tingpai.rules.hk import HK_OPTIONS, LIMIT_FAN, hk_defaults
from tingpai.rules.pattern import Pattern
from tingpai.rules.registry import OptionSpec, RulesetSpec, int_check, register

SPECIAL = "Special Hands"
"""The seed lists every pattern in one table."""

_VALUED: tuple[Pattern, ...] = (
    Pattern(
        "dragon_pung", "Dragon Pung", "三元牌", "sān yuán pái", SPECIAL, 1,
        p.dragon_triplets, "a pung or kong of dragons (each)",
        description_zh="三元牌的刻子或杠（每组都算）",
        requires=f.HONOR_TRIPLET,
    ),
    Pattern(
        "seat_wind", "Seat Wind", "門風", "mén fēng", SPECIAL, 1, p.seat_wind_triplet,
        "a pung or kong of the player's seat wind",
        description_zh="自己门风的刻子或杠",
        ruling="The seed's Seat/Prevalent Wind row is two patterns here, so a pung of a "
        "wind that is both scores 2 fan (RULES.md).",
        requires=f.HONOR_TRIPLET,
    ),
    Pattern(
        "prevailing_wind", "Prevalent Wind", "圈風", "quān fēng", SPECIAL, 1,
        p.round_wind_triplet, "a pung or kong of the round wind",
        description_zh="本圈圈风的刻子或杠",
        requires=f.HONOR_TRIPLET,
    ),
    Pattern(
        "all_sequences", "All Chows", "平糊", "píng hú", SPECIAL, 1, p.all_sequences,
        "only chows and a pair (declared chows allowed)",
        description_zh="只有顺子和一对将（可以有吃出的顺子）",
        requires=f.CHOWS4,
    ),
    Pattern(
        "self_draw", "Self-drawn Win", "自摸", "zì mō", SPECIAL, 1, p.self_draw,
        "drawing the winning tile",
        description_zh="自己摸到和牌的那张牌",
        requires=f.SELF_DRAWN,
    ),
    Pattern(
        "last_tile", "Last Tile Draw/Discard", "海底撈月/河底撈魚",
        "hǎi dǐ lāo yuè/hé dǐ lāo yú", SPECIAL, 1, p.last_tile,
        "winning on the very last tile of the wall or on the discard that follows it",
        description_zh="摸牌墙最后一张牌和牌，或和随后打出的那张牌",
        requires=f.LUCK,
    ),
    Pattern(
        "after_a_kong", "Out on Replacement Tile", "槓上開花", "gàng shàng kāi huā",
        SPECIAL, 1, p.after_kong_replacement, "self-drawn on a kong's replacement tile",
        description_zh="用杠的补牌自摸和牌",
        ruling="No flowers at this table: the only replacement tile is a kong's.  A chain of "
        "kongs still scores 1 (this table has no consecutive-kong hand).",
        requires=f.LUCK | f.SELF_DRAWN,
    ),
    Pattern(
        "robbing_the_kong", "Robbing the Kong", "搶槓", "qiǎng gàng", SPECIAL, 1,
        p.robbing_the_kong, "winning on a tile used to extend a kong",
        description_zh="和别家用来加杠的那张牌",
        requires=f.LUCK,
    ),
    Pattern(
        "all_triplets", "All Pungs", "對對糊", "duì duì hú", SPECIAL, 2, p.all_triplets,
        "only pungs, kongs and one pair",
        description_zh="只有刻子、杠和一对将",
        requires=f.TRIPLETS4,
    ),
    Pattern(
        "half_flush", "Half Flush", "混一色", "hùn yī sè", SPECIAL, 2, p.half_flush,
        "only honours and tiles of one suit (at least one honour)",
        description_zh="只有字牌和一种花色的数牌（至少一张字牌）",
        requires=f.ONE_SUIT | f.HAS_HONOR,
    ),
    Pattern(
        "little_three_dragons", "Little Three Dragons", "小三元", "xiǎo sān yuán", SPECIAL,
        4, p.little_three_dragons,
        "two dragon pungs and a pair of the third dragon (its two Dragon Pungs also count)",
        description_zh="两组三元牌刻子，第三种三元牌作将（那两组刻子的三元牌番也计）",
        requires=f.HONOR_TRIPLET | f.TRIPLETS2,
    ),
    Pattern(
        "full_flush", "Full Flush", "清一色", "qīng yī sè", SPECIAL, 4, p.full_flush,
        "only tiles of one suit",
        description_zh="只有一种花色的牌",
        requires=f.ONE_SUIT,
    ),
    Pattern(
        "four_concealed_triplets", "Four Concealed Pungs", "四暗刻", "sì àn kè", SPECIAL,
        LIMIT_FAN, p.four_concealed_triplets_self_drawn,
        "four concealed pungs and a pair, won by self-draw",
        description_zh="四组暗刻加一对将，自摸和牌", limit=1,
        ruling="Concealed kongs count as concealed pungs (the seed does not exclude them, "
        "unlike the MahJongo table).",
        requires=f.TRIPLETS4 | f.SELF_DRAWN,
    ),
    Pattern(
        "big_three_dragons", "Big Three Dragons", "大三元", "dà sān yuán", SPECIAL,
        LIMIT_FAN, p.big_three_dragons, "three dragon pungs",
        description_zh="三组三元牌刻子", limit=1,
        requires=f.HONOR_TRIPLET | f.TRIPLETS3,
    ),
    Pattern(
        "little_four_winds", "Little Four Winds", "小四喜", "xiǎo sì xǐ", SPECIAL, LIMIT_FAN,
        p.little_four_winds, "three wind pungs and a pair of the fourth wind",
        description_zh="三组风牌刻子，第四种风牌作将", limit=1,
        requires=f.HONOR_TRIPLET | f.TRIPLETS3,
    ),
    Pattern(
        "big_four_winds", "Big Four Winds", "大四喜", "dà sì xǐ", SPECIAL, LIMIT_FAN,
        p.big_four_winds, "four pungs of winds",
        description_zh="四组风牌刻子", limit=1,
        requires=f.HONOR_TRIPLET | f.TRIPLETS4,
    ),
    Pattern(
        "all_honors", "All Honors", "字一色", "zì yī sè", SPECIAL, LIMIT_FAN, p.all_honors,
        "only honour tiles",
        description_zh="只有字牌", limit=1,
        requires=f.HONORS_ONLY,
    ),
    Pattern(
        "all_terminals", "All Terminals", "清么九", "qīng yāo jiǔ", SPECIAL, LIMIT_FAN,
        p.all_terminals, "only terminals",
        description_zh="只有一九牌", limit=1,
        requires=f.ORPHANS_ONLY,
    ),
    Pattern(
        "nine_gates", "Nine Gates", "九蓮寶燈", "jiǔ lián bǎo dēng", SPECIAL, LIMIT_FAN,
        p.nine_gates,
        "concealed 1112345678999 of one suit, winning on any tile of that suit",
        description_zh="门清，同一花色的 1112345678999 牌型，和这一花色的任何一张牌", limit=1,
        requires=f.ONE_SUIT | f.CONCEALED,
    ),
    Pattern(
        "thirteen_orphans", "Thirteen Orphans", "十三么", "shí sān yāo", SPECIAL, LIMIT_FAN,
        p.thirteen_orphans,
        "concealed: single tiles of 12 terminals and honours plus a pair of the 13th",
        description_zh="门清：13 种一九牌和字牌中，12 种各一张，第 13 种一对",
        limit=1,
        requires=f.ORPHANS_FORM,
    ),
    Pattern(
        "blessing_of_heaven", "Blessing of Heaven", "天糊", "tiān hú", SPECIAL, LIMIT_FAN,
        p.blessing_of_heaven, "East wins with the initial hand",
        description_zh="东家用起手牌和牌", limit=1,
        requires=f.LUCK,
    ),
    Pattern(
        "blessing_of_earth", "Blessing of Earth", "地糊", "dì hú", SPECIAL, LIMIT_FAN,
        p.blessing_of_earth, "a non-East player wins on East's first discard",
        description_zh="非东家的玩家和东家打出的第一张牌", limit=1,
        requires=f.LUCK,
    ),
)

FANLAAK_PATTERNS: tuple[Pattern, ...] = (
    Pattern(
        "chicken_hand", "Chicken Hand", "雞糊", "jī hú", SPECIAL, 0,
        p.none_of([q.predicate for q in _VALUED]),
        "a complete hand with no other pattern of this table (wins only where the minimum "
        "is 0)",
        description_zh="完整的和牌型，没有本桌任何其他番种（只在起和番数为 0 时能和）",
        ruling="Present exactly when no other pattern is, so it never stacks.",
        requires=f.STANDARD,
    ),
    *_VALUED,
)
"""Every pattern of the fan-laak table, in the seed's order."""


FANLAAK_OPTIONS: dict[str, OptionSpec] = {
    **HK_OPTIONS,
    **{
        spec.name: spec
        for spec in (
            OptionSpec("stake", "money per point at settlement", int_check(0)),
            OptionSpec("point_limit", "the game ends after a hand in which a seat's net "
                       "points reach this (null: no limit)", int_check(1, optional=True)),
        )
    },
}
"""The Hong Kong options plus the fan-laak settlement: ``stake`` and ``point_limit``."""

_DEFAULTS = hk_defaults(4, payment_table="fan-laak", max_value=None, pao=False)
"""Seed 002 names no liability: pao is off unless a host turns it on."""

register(
    RulesetSpec(
        id="hk-fanlaak",
        name="Hong Kong Mahjong (fan-laak table)",
        defaults=_DEFAULTS,
        patterns=FANLAAK_PATTERNS,
        options=FANLAAK_OPTIONS,
        aliases=("fanlaak", "fan-laak"),
        description="Hong Kong fan-laak table (seed 002): the table sets the minimum fan "
        "(default 3), limit hands 10 fan, fan-laak points",
    )
)
register(
    RulesetSpec(
        id="hk-fanlaak-0",
        name="Hong Kong Mahjong (fan-laak table, no minimum)",
        defaults=dataclasses.replace(_DEFAULTS, min_value=0),
        patterns=FANLAAK_PATTERNS,
        options=FANLAAK_OPTIONS,
        description="The fan-laak table with no minimum (seed 002): a Chicken Hand may win",
    )
)

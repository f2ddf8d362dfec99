"""Hong Kong Mahjong on the MahJongo table (seed ``001``, rulings in RULES.md) as data.

Registers ``hk-4p`` (136 tiles, four seats) and ``hk-2p`` (80 tiles: every dot, every honour
and only the 1 and 9 of bamboo and characters; seats East and South).  Values are fan; the
fan of every present pattern add up (the seed: "Fan are combined when their conditions
coexist"), the sum is capped at ``max_value`` (option ``max_fan``, 10) and a hand needs
``min_value`` (option ``min_fan``, 3) to win.

How limit hands combine (RULES.md: "every limit hand is 10 fan"): a limit hand scores 10 and
nothing else — the scorer counts only its single limit pattern and lists the others as
superseded by it.  Since 10 is also the cap, adding other fan could never change the total;
a host's lower ``max_fan`` caps a limit hand too (``RuleOptions.cap_limits``).

Standard form and Thirteen Orphans only (no Seven Pairs); no flowers; no dead wall (the hand
ends when the wall does, a win on the final tile scores); one winner per discard (head bump);
the dealer repeats on a win or a draw; four rounds; start points 0; no sacred discard; no
payment at exhaustive draw; pao on (``hk-4p``: :mod:`tingpai.rules.liability`), Blessing of
Earth on the dealer's first discard (:mod:`tingpai.rules.blessings`); no special wins and
nothing outside the cap (the policies of :func:`~tingpai.rules.ruleset.option_policies`).
Payments: ``half-spicy`` (``hk-4p`` default), ``full-spicy``, ``golden`` (``hk-2p`` default)
or a host table from a file (:mod:`tingpai.rules.payments`).

Every choice the seed leaves open is written in the pattern's ``ruling`` and in the module
docstrings; :mod:`tingpai.rules.fanlaak` holds the fan-laak table and reuses the options
defined here.
"""

from __future__ import annotations

from tingpai.analysis.forms import STANDARD_AND_ORPHANS
from tingpai.rules import context as f
from tingpai.rules import predicates as p
from tingpai.rules.base import EarthBlessing, MultipleWinners, RepeatOnDraw, RuleOptions, Unit
from tingpai.rules.pattern import Pattern
from tingpai.rules.registry import (
    OptionSpec,
    RulesetSpec,
    SetField,
    bool_check,
    choice_check,
    int_check,
    payment_table_option,
    payment_table_updates,
    register,
)
from tingpai.tiles import EAST, M1, M9, NORTH, NUM_KINDS, P1, P9, S1, S9, SOUTH, WEST, Tile

LIMIT_FAN = 10
"""Every Hong Kong limit hand is worth 10 fan (both seeds)."""

ONE = "1 Fan"
THREE = "3 Fan"
HIGH = "5, 7, and 10 Fan"
"""Categories: the seed's headings."""

HK_PATTERNS: tuple[Pattern, ...] = (
    # --- 1 Fan ---------------------------------------------------------------------
    Pattern(
        "all_sequences", "All Sequences", "平糊", "píng hú", ONE, 1, p.all_sequences,
        "four chows and a pair, no pung or kong (declared chows allowed)",
        description_zh="四组顺子加一对将，没有刻子或杠（可以有吃出的顺子）",
        ruling="The seed names no restriction on the pair or on declared chows: any pair, "
        "open hands allowed.",
        requires=f.CHOWS4,
    ),
    Pattern(
        "closed_hand", "Closed Hand", "門前清", "mén qián qīng", ONE, 1, p.closed_hand,
        "no declared meld (a concealed kong counts as a meld and breaks it)",
        description_zh="没有副露（暗杠也算副露，有暗杠就不成立）",
        ruling="Counts on a discard win and on a self-draw alike (then with Self-Draw).",
        requires=f.CONCEALED,
    ),
    Pattern(
        "self_draw", "Self-Draw", "自摸", "zì mō", ONE, 1, p.self_draw,
        "the winning tile drawn by the winner",
        description_zh="和牌的那张牌由和牌者自己摸到",
        requires=f.SELF_DRAWN,
    ),
    Pattern(
        "dragon_pung", "Dragon Pung", "三元牌", "sān yuán pái", ONE, 1, p.dragon_triplets,
        "a pung or kong of a dragon (each)",
        description_zh="三元牌的刻子或杠（每组都算）",
        requires=f.HONOR_TRIPLET,
    ),
    Pattern(
        "seat_wind", "Seat Wind", "門風", "mén fēng", ONE, 1, p.seat_wind_triplet,
        "a pung or kong of the seat wind",
        description_zh="门风的刻子或杠",
        ruling="Seat and Prevailing Wind are two patterns, so a pung of a wind that is both "
        "scores 2 fan, as the seed says.",
        requires=f.HONOR_TRIPLET,
    ),
    Pattern(
        "prevailing_wind", "Prevailing Wind", "圈風", "quān fēng", ONE, 1,
        p.round_wind_triplet, "a pung or kong of the prevailing wind",
        description_zh="圈风的刻子或杠",
        requires=f.HONOR_TRIPLET,
    ),
    Pattern(
        "all_terminals_and_honors", "All Terminals and Honours", "混么九", "hùn yāo jiǔ",
        ONE, 1, p.all_terminal_pungs,
        "four pungs or kongs and a pair, every tile a terminal or an honour",
        description_zh="四组刻子或杠加一对将，每张牌都是一九牌或字牌",
        ruling="It also scores All Pungs (RULES.md): no superseding.",
        requires=f.TRIPLETS4 | f.ORPHANS_ONLY,
    ),
    Pattern(
        "robbing_the_kong", "Robbing a Kong", "搶槓", "qiǎng gàng", ONE, 1,
        p.robbing_the_kong, "won on the tile an opponent added to an exposed pung",
        description_zh="和别家加在明刻上（加杠）的那张牌",
        requires=f.LUCK,
    ),
    Pattern(
        "after_a_kong", "Win on a Kong Replacement", "槓上開花", "gàng shàng kāi huā",
        ONE, 1, p.after_kong_replacement, "self-drawn on the replacement tile of a kong",
        description_zh="开杠后用补牌自摸和牌",
        requires=f.LUCK | f.SELF_DRAWN,
    ),
    Pattern(
        "last_tile", "Win on the Final Wall Tile", "海底撈月", "hǎi dǐ lāo yuè", ONE, 1,
        p.last_tile_drawn, "self-drawn on the last tile of the wall",
        description_zh="自摸牌墙最后一张牌和牌",
        ruling="Read literally: the win is on the final wall tile itself, so by self-draw; "
        "the discard made after it does not score (the fan-laak table's Last Tile "
        "Draw/Discard, which names both, does).",
        requires=f.LUCK | f.SELF_DRAWN,
    ),
    # --- 3 Fan ---------------------------------------------------------------------
    Pattern(
        "half_flush", "Half Flush", "混一色", "hùn yī sè", THREE, 3, p.half_flush,
        "tiles of one numbered suit and at least one honour",
        description_zh="一种花色的数牌，加上至少一张字牌",
        requires=f.ONE_SUIT | f.HAS_HONOR,
    ),
    Pattern(
        "all_triplets", "All Pungs", "對對糊", "duì duì hú", THREE, 3, p.all_triplets,
        "four pungs or kongs and a pair, no chow",
        description_zh="四组刻子或杠加一对将，没有顺子",
        requires=f.TRIPLETS4,
    ),
    Pattern(
        "little_three_dragons", "Little Three Dragons", "小三元", "xiǎo sān yuán", THREE, 3,
        p.little_three_dragons,
        "two dragon pungs or kongs and a pair of the third dragon (plus its two Dragon "
        "Pungs: 5 fan)",
        description_zh="两组三元牌的刻子或杠，第三种三元牌作将（另计两个三元牌番：共 5 番）",
        requires=f.HONOR_TRIPLET | f.TRIPLETS2,
    ),
    # --- 5, 7, and 10 Fan ----------------------------------------------------------
    Pattern(
        "big_three_dragons", "Big Three Dragons", "大三元", "dà sān yuán", HIGH, 5,
        p.big_three_dragons,
        "pungs or kongs of all three dragons (plus the three Dragon Pungs: 8 fan)",
        description_zh="三种三元牌都成刻子或杠（另计三个三元牌番：共 8 番）",
        requires=f.HONOR_TRIPLET | f.TRIPLETS3,
    ),
    Pattern(
        "full_flush", "Full Flush", "清一色", "qīng yī sè", HIGH, 7, p.full_flush,
        "tiles of one numbered suit only, no honour",
        description_zh="只有一种花色的数牌，没有字牌",
        requires=f.ONE_SUIT,
    ),
    Pattern(
        "all_honors", "All Honours", "字一色", "zì yī sè", HIGH, LIMIT_FAN, p.all_honors,
        "honour tiles only",
        description_zh="只有字牌", limit=1,
        requires=f.HONORS_ONLY,
    ),
    Pattern(
        "little_four_winds", "Little Four Winds", "小四喜", "xiǎo sì xǐ", HIGH, LIMIT_FAN,
        p.little_four_winds, "three wind pungs or kongs and a pair of the fourth wind",
        description_zh="三组风牌的刻子或杠，第四种风牌作将",
        limit=1,
        requires=f.HONOR_TRIPLET | f.TRIPLETS3,
    ),
    Pattern(
        "big_four_winds", "Big Four Winds", "大四喜", "dà sì xǐ", HIGH, LIMIT_FAN,
        p.big_four_winds, "pungs or kongs of all four winds",
        description_zh="四种风牌都成刻子或杠", limit=1,
        requires=f.HONOR_TRIPLET | f.TRIPLETS4,
    ),
    Pattern(
        "four_concealed_triplets", "Four Concealed Pungs without Kongs", "四暗刻", "sì àn kè",
        HIGH, LIMIT_FAN, p.four_concealed_pungs_without_kongs,
        "four pungs formed without a call and no kong (a pung completed by a winning "
        "discard is not concealed)",
        description_zh="四组不靠碰组成的刻子，且没有杠（用荣和的那张牌凑成的刻子不算暗刻）",
        limit=1,
        ruling="A discard win counts when the discard completes the pair, not a pung.",
        requires=f.TRIPLETS4,
    ),
    Pattern(
        "four_quads", "Four Kongs", "十八羅漢", "shí bā luó hàn", HIGH, LIMIT_FAN,
        p.four_quads, "four kongs, exposed or concealed",
        description_zh="四个杠，明杠暗杠均可", limit=1,
        requires=f.KONG | f.TRIPLETS4,
    ),
    Pattern(
        "all_terminals", "All Terminals", "清么九", "qīng yāo jiǔ", HIGH, LIMIT_FAN,
        p.all_terminals, "terminals only (1 and 9 of the suits)",
        description_zh="只有一九牌（各花色的 1 和 9）", limit=1,
        requires=f.ORPHANS_ONLY,
    ),
    Pattern(
        "blessing_of_heaven", "Blessing of Heaven", "天糊", "tiān hú", HIGH, LIMIT_FAN,
        p.blessing_of_heaven, "the dealer complete on the initial fourteen tiles",
        description_zh="庄家起手的十四张牌即和牌", limit=1,
        ruling="A concealed kong before the win denies it (the fourteen are no longer the "
        "initial ones).",
        requires=f.LUCK,
    ),
    Pattern(
        "blessing_of_earth", "Blessing of Earth", "地糊", "dì hú", HIGH, LIMIT_FAN,
        p.blessing_of_earth, "a non-dealer wins on the dealer's first discard",
        description_zh="闲家和庄家打出的第一张牌", limit=1,
        ruling="As in the fan-laak seed (RULES.md): any win on that discard; a kong the "
        "dealer declared before it does not change that it is the first discard.",
        requires=f.LUCK,
    ),
    Pattern(
        "thirteen_orphans", "Thirteen Orphans", "十三么", "shí sān yāo", HIGH, LIMIT_FAN,
        p.thirteen_orphans,
        "concealed: one of each terminal and honour plus a second of one of them",
        description_zh="门清：一九牌和字牌每种一张，其中一种再多一张", limit=1,
        requires=f.ORPHANS_FORM,
    ),
    Pattern(
        "consecutive_kongs", "Win after Consecutive Kongs", "連槓開花", "lián gàng kāi huā",
        HIGH, LIMIT_FAN, p.consecutive_kongs,
        "two or more kongs in a row, then self-drawn on the last replacement",
        description_zh="连续开两个或更多杠，再用最后一张补牌自摸和牌", limit=1,
        requires=f.LUCK | f.SELF_DRAWN | f.KONG,
    ),
    Pattern(
        "nine_gates", "Nine Gates", "九蓮寶燈", "jiǔ lián bǎo dēng", HIGH, LIMIT_FAN,
        p.nine_gates,
        "concealed: 1112345678999 of one suit before the win and the winning tile of that "
        "suit",
        description_zh="门清：和牌前是同一花色的 1112345678999 牌型，和的那张也是这一花色", limit=1,
        requires=f.ONE_SUIT | f.CONCEALED,
    ),
)
"""Every fan of the MahJongo Hong Kong table, in the seed's order."""


# --- options -----------------------------------------------------------------------

ALL_KINDS: tuple[Tile, ...] = tuple(range(NUM_KINDS))
"""The 34 kinds of the 136-tile set."""
TWO_PLAYER_KINDS: tuple[Tile, ...] = tuple(
    sorted({M1, M9, S1, S9, *range(P1, P9 + 1), *range(EAST, NUM_KINDS)})
)
"""``hk-2p``: all dots, all honours, and 1 and 9 of characters and bamboo (20 kinds, 80
tiles)."""

_SEATS: dict[int, tuple[Tile, ...]] = {4: (EAST, SOUTH, WEST, NORTH), 2: (EAST, SOUTH)}


def hk_defaults(
    players: int,
    *,
    tile_kinds: tuple[Tile, ...] = ALL_KINDS,
    payment_table: str = "half-spicy",
    max_value: int | None = LIMIT_FAN,
    pao: bool = True,
) -> RuleOptions:
    """The RULES.md defaults of the Hong Kong tables (MahJongo and fan-laak)."""
    return RuleOptions(
        players=players,
        seat_winds=_SEATS[players],
        tile_kinds=tile_kinds,
        bonus_tiles=(),
        forms=STANDARD_AND_ORPHANS,
        unit=Unit.FAN,
        start_points=0,
        pond_limit=None,
        multiple_winners=MultipleWinners.HEAD_BUMP,
        furiten=False,
        temporary_furiten=False,
        min_value=3,
        max_value=max_value,
        ready_payment=0,
        repeat_on_draw=RepeatOnDraw.ALWAYS,
        max_repeats=None,
        repeat_bonus=0,
        eighth_repeat_bonus=0,
        rounds=4,
        early_finish=False,
        pao=pao,
        heavy_penalty=0,
        stake=1,
        point_limit=None,
        payment_table=payment_table,
        require_pattern=False,
        blessing_of_earth=EarthBlessing.DEALER_FIRST_DISCARD,
        cap_limits=True,
    )


def _set(field: str) -> SetField:
    """An ``OptionSpec.apply`` that stores the value in another ``RuleOptions`` field."""
    return SetField(field)


HK_OPTIONS: dict[str, OptionSpec] = {
    spec.name: spec
    for spec in (
        OptionSpec("min_fan", "fan a hand needs to win (0-10)", int_check(0, LIMIT_FAN),
                   _set("min_value")),
        OptionSpec("max_fan", "cap on the fan of a hand (null: no cap)",
                   int_check(1, optional=True), _set("max_value")),
        OptionSpec("payment_table", "half-spicy, full-spicy, golden, fan-laak, or a host "
                   "table's rows object (the commands read it from a .json/.toml file)",
                   payment_table_option, payment_table_updates),
        OptionSpec("pao", "liability for the fourth declared meld / third dragon meld",
                   bool_check),
        OptionSpec("multiple_winners", "head_bump: first claimant in turn; all: every one",
                   choice_check("head_bump", "all")),
        OptionSpec("rounds", "prevailing winds played (1-4)", int_check(1, 4)),
        OptionSpec("start_points", "points each seat starts with", int_check()),
        OptionSpec("furiten", "sacred discard", bool_check),
        OptionSpec("temporary_furiten", "passing a winning discard bars discard wins until "
                   "one's next discard", bool_check),
    )
}
"""Options a host may set by name on the MahJongo Hong Kong rulesets."""


register(
    RulesetSpec(
        id="hk-4p",
        name="Hong Kong Mahjong (MahJongo table, 4 players)",
        defaults=hk_defaults(4),
        patterns=HK_PATTERNS,
        options=HK_OPTIONS,
        aliases=("hk",),
        description="Hong Kong Mahjong on the MahJongo table (seed 001): 3 to 10 fan, "
        "half-spicy payments, pao",
    )
)
register(
    RulesetSpec(
        id="hk-2p",
        name="Hong Kong Mahjong (MahJongo table, 2 players)",
        defaults=hk_defaults(
            2, tile_kinds=TWO_PLAYER_KINDS, payment_table="golden", pao=False
        ),
        patterns=HK_PATTERNS,
        options=HK_OPTIONS,
        description="The MahJongo table's two-player mode (seed 001): 80 tiles (no 2-8 of "
        "characters and bamboo), golden payments",
    )
)

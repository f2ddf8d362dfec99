"""Hu Mahjong for 4, 3 and 2 players (seed ``000``, rulings in RULES.md) as data.

Registers ``hu-4p``, ``hu-3p`` and ``hu-2p``: the default options of each player count,
every pattern of the seed in the seed's order (categories are the seed's headings), and the
options a host may set by name.  Values are base points; the cap is ``max_value`` (8000),
limit hands are 8000 / 12000 / 16000 / 20000 (``limit`` 1-4), and the discarder pays
``discard_multiplier`` × base (3 / 2.5 / 2).

Superseding (``implies``) stays inside a seed category, as the seed says.  Each choice the
seed leaves implicit is written in the pattern's ``ruling``.

Mechanisms (:func:`hu_policies`): Eight Immortals (with flowers) and All Terminal and Honor
Discards (:mod:`tingpai.rules.special_wins`), Heaven and Earth on the first self-draw
(:mod:`tingpai.rules.blessings`), and the repeat bonuses outside the cap
(:mod:`tingpai.rules.bonuses`).
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from typing import Any

from tingpai.analysis.forms import ALL_FORMS
from tingpai.rules import context as f
from tingpai.rules import predicates as p
from tingpai.rules.base import (
    EarthBlessing,
    MultipleWinners,
    RepeatOnDraw,
    RuleOptions,
    Unit,
)
from tingpai.rules.context import HandContext
from tingpai.rules.pattern import Pattern
from tingpai.rules.policies import Policies, SpecialWin
from tingpai.rules.registry import (
    OptionSpec,
    RulesetSpec,
    bool_check,
    choice_check,
    forms_check,
    fraction_check,
    int_check,
    payment_table_check,
    register,
)
from tingpai.rules.ruleset import option_policies
from tingpai.rules.special_wins import EightImmortals, TerminalDiscards
from tingpai.tiles import BONUS_TILES, EAST, NORTH, NUM_KINDS, SOUTH, WEST

BASIC = "Basic Patterns"
SEQUENCES = "Sequences"
TRIPLETS = "Triplets"
QUADS = "Quads"
HONORS = "Honors"
TERMINALS = "Terminals"
SUITS = "Suit-based"
CONSECUTIVE = "Consecutiveness"
PARALLEL = "Parallelity or Two Colors"
THREE_COLORS = "Three Colors"
IRREGULAR = "Irregular Hands"
LUCK = "Luck-based bonuses"
BONUS = "Non-winning Bonuses"

KONG_REPLACEMENT_VALUE = 1000
"""After a Kong: per kong replacement in the chain that produced the winning tile."""
FLOWER_REPLACEMENT_VALUE = 500
"""After a Kong: per flower replacement in that chain."""


def _after_a_kong_amount(ctx: HandContext, count: int) -> int:
    """1000 per kong replacement and 500 per flower replacement in the chain."""
    if not count:
        return 0
    return sum(
        KONG_REPLACEMENT_VALUE if r == "kong" else FLOWER_REPLACEMENT_VALUE
        for r in ctx.replacements
    )


HU_PATTERNS: tuple[Pattern, ...] = (
    # --- Basic Patterns ------------------------------------------------------------
    Pattern(
        "all_sequences", "All Sequences", "平和", "píng hú", BASIC, 500,
        p.all_sequences, "four chows and a pair (open hands allowed)",
        description_zh="四组顺子加一对将（可以副露）",
        requires=f.CHOWS4,
    ),
    Pattern(
        "all_simples", "All Simples", "断么", "duàn yāo", BASIC, 500,
        p.all_simples, "no terminal or honour anywhere in the hand",
        description_zh="整手牌没有一九牌和字牌",
        requires=f.NO_ORPHAN,
    ),
    Pattern(
        "fully_concealed", "Fully Concealed Hand", "门清", "mén qīng", BASIC, 500,
        p.fully_concealed_self_draw,
        "won by self-draw with no exposed meld (concealed kongs allowed)",
        description_zh="没有明副露，自摸和牌（可以有暗杠）",
        requires=f.SELF_DRAWN,
    ),
    # --- Sequences -----------------------------------------------------------------
    Pattern(
        "two_pure_sequences", "Two Pure Sequences", "一般高", "yī bān gāo", SEQUENCES, 500,
        p.two_pure_sequences, "two identical chows",
        description_zh="两组完全相同的顺子",
        ruling="Stacks with Pure Straight (RULES.md); counts once even with two different "
        "duplicated chows, which is Two Pure Sequences Twice.",
        requires=f.CHOWS2,
    ),
    Pattern(
        "three_pure_sequences", "Three Pure Sequences", "一色三同顺", "yī sè sān tóng shùn",
        SEQUENCES, 4000, p.three_pure_sequences, "three identical chows",
        description_zh="三组完全相同的顺子",
        implies=("two_pure_sequences",),
        requires=f.CHOWS3,
    ),
    Pattern(
        "four_pure_sequences", "Four Pure Sequences", "一色四同顺", "yī sè sì tóng shùn",
        SEQUENCES, 20000, p.four_pure_sequences, "four identical chows",
        description_zh="四组完全相同的顺子", limit=4,
        implies=("three_pure_sequences", "two_pure_sequences_twice", "two_pure_sequences"),
        requires=f.CHOWS4,
    ),
    Pattern(
        "pure_straight", "Pure Straight", "一气通贯", "yī qì tōng guàn", SEQUENCES, 2000,
        p.pure_straight, "chows 123, 456 and 789 of one suit",
        description_zh="同一花色的 123、456、789 三组顺子",
        ruling="Does not imply Two Pure Sequences; the two stack (RULES.md).",
        requires=f.CHOWS3,
    ),
    Pattern(
        "two_pure_sequences_twice", "Two Pure Sequences Twice", "两般高", "liǎng bān gāo",
        SEQUENCES, 3000, p.two_pure_sequences_twice, "two pairs of identical chows",
        description_zh="两对顺子，每对的两组完全相同",
        implies=("two_pure_sequences",),
        requires=f.CHOWS4,
    ),
    # --- Triplets ------------------------------------------------------------------
    Pattern(
        "all_triplets", "All Triplets", "对对和", "duì duì hú", TRIPLETS, 2000,
        p.all_triplets, "four triplets (pungs or kongs) and a pair",
        description_zh="四组刻子（碰或杠）加一对将",
        requires=f.TRIPLETS4,
    ),
    Pattern(
        "three_concealed_triplets", "Three Concealed Triplets", "三暗刻", "sān àn kè",
        TRIPLETS, 2000, p.three_concealed_triplets,
        "three triplets formed without a call (a triplet completed by a winning discard is "
        "not concealed; concealed kongs count)",
        description_zh="三组暗刻，即不靠碰杠组成的刻子（用荣和的那张牌凑成的刻子不算暗刻；暗杠算）",
        requires=f.TRIPLETS3,
    ),
    Pattern(
        "four_concealed_triplets", "Four Concealed Triplets", "四暗刻", "sì àn kè",
        TRIPLETS, 8000, p.four_concealed_triplets,
        "four triplets formed without a call",
        description_zh="四组暗刻（不靠碰杠组成的刻子）", limit=1,
        implies=("all_triplets", "three_concealed_triplets"),
        requires=f.TRIPLETS4,
    ),
    # --- Quads ---------------------------------------------------------------------
    Pattern(
        "one_quad", "One Quad", "一杠", "yī gàng", QUADS, 500, p.one_quad,
        "a kong (not a winning pattern on its own)",
        description_zh="一个杠（不能单独作为和牌番种）", qualifies=False,
        requires=f.KONG,
    ),
    Pattern(
        "two_quads", "Two Quads", "二杠", "èr gàng", QUADS, 2000, p.two_quads, "two kongs",
        description_zh="两个杠",
        implies=("one_quad",),
        requires=f.KONG | f.TRIPLETS2,
    ),
    Pattern(
        "three_quads", "Three Quads", "三杠", "sān gàng", QUADS, 4000, p.three_quads,
        "three kongs",
        description_zh="三个杠", implies=("two_quads", "one_quad"),
        requires=f.KONG | f.TRIPLETS3,
    ),
    Pattern(
        "four_quads", "Four Quads", "四杠", "sì gàng", QUADS, 20000, p.four_quads,
        "four kongs",
        description_zh="四个杠", limit=4, implies=("three_quads", "two_quads", "one_quad"),
        requires=f.KONG | f.TRIPLETS4,
    ),
    # --- Honors --------------------------------------------------------------------
    Pattern(
        "value_triplet", "Value Triplet", "箭刻/圈风刻/门风刻",
        "jiàn kè/quān fēng kè/mén fēng kè", HONORS, 500, p.value_triplets,
        "a triplet of a dragon, the prevalent wind or the seat wind (each; a wind that is "
        "both counts twice)",
        description_zh="三元牌、圈风或门风的刻子（每组都算；既是圈风又是门风的算两次）",
        requires=f.HONOR_TRIPLET,
    ),
    Pattern(
        "little_three_dragons", "Little Three Dragons", "小三元", "xiǎo sān yuán", HONORS,
        3000, p.little_three_dragons, "two dragon triplets and a pair of the third dragon",
        description_zh="两组三元牌刻子，第三种三元牌作将",
        ruling="Seed exception: stacks with its two Value Triplets (no implies).",
        requires=f.HONOR_TRIPLET | f.TRIPLETS2,
    ),
    Pattern(
        "big_three_dragons", "Big Three Dragons", "大三元", "dà sān yuán", HONORS, 8000,
        p.big_three_dragons, "triplets of all three dragons",
        description_zh="三种三元牌都成刻子", limit=1,
        implies=("value_triplet",),
        requires=f.HONOR_TRIPLET | f.TRIPLETS3,
    ),
    Pattern(
        "little_four_winds", "Little Four Winds", "小四喜", "xiǎo sì xǐ", HONORS, 12000,
        p.little_four_winds, "three wind triplets and a pair of the fourth wind",
        description_zh="三组风牌刻子，第四种风牌作将", limit=2,
        implies=("value_triplet",),
        requires=f.HONOR_TRIPLET | f.TRIPLETS3,
    ),
    Pattern(
        "big_four_winds", "Big Four Winds", "大四喜", "dà sì xǐ", HONORS, 16000,
        p.big_four_winds, "triplets of all four winds",
        description_zh="四种风牌都成刻子", limit=3,
        implies=("little_four_winds", "value_triplet"),
        requires=f.HONOR_TRIPLET | f.TRIPLETS4,
    ),
    Pattern(
        "all_honors", "All Honors", "字一色", "zì yī sè", HONORS, 12000, p.all_honors,
        "honour tiles only (any form, seven pairs included)",
        description_zh="只有字牌（任何牌型，包括七对）", limit=2,
        implies=("value_triplet", "little_three_dragons"),
        requires=f.HONORS_ONLY,
    ),
    # --- Terminals -----------------------------------------------------------------
    Pattern(
        "half_outside", "Half Outside Hand", "全带么", "quán dài yāo", TERMINALS, 3000,
        p.half_outside, "every meld and the pair holds a terminal or an honour",
        description_zh="每组面子和将都含一九牌或字牌",
        ruling="Needs four melds and a pair (groups); an all-triplet or seven-pairs hand of "
        "terminals and honours is All Terminals and Honors, which supersedes it.",
        requires=f.STANDARD | f.HAS_ORPHAN,
    ),
    Pattern(
        "fully_outside", "Fully Outside Hand", "純全带么", "chún quán dài yāo", TERMINALS,
        4000, p.fully_outside, "every meld and the pair holds a terminal, and no honour",
        description_zh="每组面子和将都含一九牌，且没有字牌",
        implies=("half_outside",),
        requires=f.STANDARD | f.HAS_ORPHAN,
    ),
    Pattern(
        "all_terminals_and_honors", "All Terminals and Honors", "混老头", "hún lǎo tou",
        TERMINALS, 4000, p.all_terminals_and_honors,
        "every tile is a terminal or an honour (seven pairs allowed)",
        description_zh="每张牌都是一九牌或字牌（可以是七对）",
        implies=("half_outside",),
        requires=f.ORPHANS_ONLY,
    ),
    Pattern(
        "all_terminals", "All Terminals", "清老头", "qīng lǎo tou", TERMINALS, 12000,
        p.all_terminals, "every tile is a terminal",
        description_zh="每张牌都是一九牌", limit=2,
        implies=("all_terminals_and_honors", "fully_outside", "half_outside"),
        requires=f.ORPHANS_ONLY,
    ),
    # --- Suit-based ----------------------------------------------------------------
    Pattern(
        "all_types", "All Types", "五门齐", "wǔ mén qí", SUITS, 500, p.all_types,
        "characters, dots, bamboo, a wind and a dragon, the pair included",
        description_zh="万子、筒子、条子、风牌和三元牌都有（将也算在内）",
        requires=f.HAS_HONOR,
    ),
    Pattern(
        "half_flush", "Half Flush", "混一色", "hún yī sè", SUITS, 3000, p.half_flush,
        "tiles of exactly one suit plus at least one honour",
        description_zh="恰好一种花色的数牌，另有至少一张字牌",
        requires=f.ONE_SUIT | f.HAS_HONOR,
    ),
    Pattern(
        "full_flush", "Full Flush", "清一色", "qīng yī sè", SUITS, 4000, p.full_flush,
        "tiles of exactly one suit and no honour",
        description_zh="恰好一种花色的数牌，没有字牌", implies=("half_flush",),
        ruling="Cannot coexist with Half Flush as defined; the implication is kept as data "
        "because RULES.md names it.",
        requires=f.ONE_SUIT,
    ),
    Pattern(
        "all_green", "All Green", "绿一色", "lǜ yī sè", SUITS, 12000, p.all_green,
        "only 2 3 4 6 8 bamboo and the Green dragon",
        description_zh="只有条子的 2 3 4 6 8 和发财", limit=2,
        implies=("full_flush", "half_flush"),
        ruling="An all-green hand is a bamboo flush (full without the Green dragon, half "
        "with it); All Green supersedes both.",
        requires=f.ONE_SUIT,
    ),
    Pattern(
        "nine_gates", "Nine Gates", "九莲宝灯", "jiǔ lián bǎo dēng", SUITS, 16000,
        p.nine_gates,
        "concealed, no declared meld: the hand without the winning tile is 1112345678999 "
        "of one suit and the winning tile is of that suit",
        description_zh="门清、没有副露：除去和的那张，手牌是同一花色的 1112345678999 牌型，"
        "和的那张也是这一花色",
        limit=3, implies=("full_flush", "half_flush"),
        ruling="Read literally (1112345678999 + any): the thirteen tiles before the win "
        "must be the gates; 11112345678999 won on 9 does not count.",
        requires=f.ONE_SUIT | f.CONCEALED,
    ),
    # --- Consecutiveness -----------------------------------------------------------
    Pattern(
        "three_consecutive_triplets", "Three Consecutive Triplets", "三节高", "sān jié gāo",
        CONSECUTIVE, 4000, p.three_consecutive_triplets,
        "triplets of three consecutive numbers in one suit",
        description_zh="同一花色中数字相连的三组刻子",
        requires=f.TRIPLETS3,
    ),
    Pattern(
        "four_consecutive_triplets", "Four Consecutive Triplets", "四节高", "sì jié gāo",
        CONSECUTIVE, 8000, p.four_consecutive_triplets,
        "triplets of four consecutive numbers in one suit",
        description_zh="同一花色中数字相连的四组刻子", limit=1,
        implies=("three_consecutive_triplets",),
        requires=f.TRIPLETS4,
    ),
    # --- Parallelity or Two Colors -------------------------------------------------
    Pattern(
        "parallel_sequences_twice", "Parallel Sequences Twice", "双喜临门",
        "shuāng xǐ xiāng féng", PARALLEL, 2000, p.parallel_sequences_twice,
        "two pairs of same-number chows, both pairs in the same two suits",
        description_zh="两对数字相同的顺子，两对都在同样的两种花色中",
        ruling="The two numbers may be equal (123m 123m 123s 123s also counts; it is two "
        "pairs of same-number chows in the same two suits).",
        requires=f.CHOWS4,
    ),
    Pattern(
        "parallel_triplets_twice", "Parallel Triplets Twice", "两双同刻", "liǎng shuāng tóng kè",
        PARALLEL, 4000, p.parallel_triplets_twice,
        "two pairs of same-number triplets, both pairs in the same two suits",
        description_zh="两对数字相同的刻子，两对都在同样的两种花色中",
        requires=f.TRIPLETS4,
    ),
    # --- Three Colors --------------------------------------------------------------
    Pattern(
        "three_color_sequences", "Three-color Sequences", "三色三同顺", "sān sè sān tóng shùn",
        THREE_COLORS, 2000, p.three_color_sequences,
        "the same chow in characters, dots and bamboo",
        description_zh="万子、筒子、条子各一组数字相同的顺子",
        requires=f.CHOWS3,
    ),
    Pattern(
        "three_color_triplets", "Three-color Triplets", "三同刻", "sān tóng kè", THREE_COLORS,
        4000, p.three_color_triplets,
        "triplets of the same number in characters, dots and bamboo",
        description_zh="万子、筒子、条子各一组数字相同的刻子",
        requires=f.TRIPLETS3,
    ),
    # --- Irregular Hands -----------------------------------------------------------
    Pattern(
        "seven_pairs", "Seven Pairs", "七对", "qī duì", IRREGULAR, 2000, p.seven_pairs,
        "concealed, seven pairs of seven different kinds",
        description_zh="门清，七种不同的牌各一对",
        requires=f.PAIRS,
    ),
    Pattern(
        "seven_consecutive_pairs", "Seven Consecutive Pairs", "连七对", "lián qī duì",
        IRREGULAR, 8000, p.seven_consecutive_pairs,
        "concealed, seven pairs of seven consecutive numbers in one suit",
        description_zh="门清，同一花色中数字相连的七个对子", limit=1,
        implies=("seven_pairs",),
        requires=f.PAIRS | f.ONE_SUIT,
    ),
    Pattern(
        "thirteen_orphans", "Thirteen Orphans", "十三么", "shí sān yāo", IRREGULAR, 8000,
        p.thirteen_orphans,
        "concealed, one of each terminal and honour plus a second of one of them",
        description_zh="门清，一九牌和字牌每种一张，其中一种再多一张", limit=1,
        requires=f.ORPHANS_FORM,
    ),
    Pattern(
        "eight_immortals", "Eight Immortals", "八仙过海", "bā xiān guò hǎi", IRREGULAR, 8000,
        p.eight_immortals,
        "a special win decided by the engine (the eight flowers; see RULES.md)",
        description_zh="由系统判定的特殊和牌（集齐八张花牌；详见规则说明）", limit=1,
        needs_hand=False,
        ruling="Scored when the situation's special is eight_immortals; the hand need not "
        "be complete.  Paid as the situation's win says (self-draw or by the declarer).",
        requires=f.SPECIAL,
    ),
    Pattern(
        "terminal_discards", "All Terminal and Honor Discards", "么九池", "yāo jiǔ chí",
        IRREGULAR, 4000, p.terminal_discards,
        "a special win decided by the engine at exhaustive draw (only terminal and honour "
        "discards, none called)",
        description_zh="流局时由系统判定的特殊和牌（打出的只有一九牌和字牌，且没有一张被吃碰杠）",
        needs_hand=False,
        ruling="Scored when the situation's special is terminal_discards; the hand need not "
        "be complete; flower bonuses stack with it under the cap.",
        requires=f.SPECIAL,
    ),
    # --- Luck-based bonuses --------------------------------------------------------
    Pattern(
        "after_a_kong", "After a Kong", "杠上开花", "gàng shàng kāi huā", LUCK,
        KONG_REPLACEMENT_VALUE, p.after_replacement,
        "self-drawn on a replacement tile: 1000 per kong and 500 per flower replacement in "
        "the chain that produced the winning tile",
        description_zh="用补牌自摸和牌：在摸出和牌的那一串补牌中，每次杠 1000 分，每次补花 500 分",
        amount=_after_a_kong_amount,
        ruling="The count is the number of replacements in the chain; the value is 1000 per "
        "kong and 500 per flower replacement (kong then flower then win = 1500).",
        requires=f.LUCK | f.SELF_DRAWN,
    ),
    Pattern(
        "robbing_the_kong", "Robbing the Kong", "抢杠", "qiǎng gàng", LUCK, 1000,
        p.robbing_the_kong, "won on a tile an opponent added to an exposed pung",
        description_zh="和别家加在明刻上（加杠）的那张牌",
        requires=f.LUCK,
    ),
    Pattern(
        "last_tile", "Winning on the Last Draw/Discard", "海底捞月", "hái dǐ lāo yuè", LUCK,
        1000, p.last_tile, "won on the last draw or the last discard before the pond limit",
        description_zh="在牌河达到上限前的最后一次摸牌或最后一张打出的牌上和牌",
        requires=f.LUCK,
    ),
    Pattern(
        "blessing_of_heaven", "Blessing of Heaven", "天胡", "tiān hú", LUCK, 8000,
        p.blessing_of_heaven,
        "the dealer complete on the initial fourteen tiles, no kong declared",
        description_zh="庄家起手的十四张牌即和牌，且没有开杠", limit=1,
        requires=f.LUCK,
    ),
    Pattern(
        "blessing_of_earth", "Blessing of Earth", "地胡", "dì hú", LUCK, 8000,
        p.blessing_of_earth,
        "a non-dealer ready after the deal self-draws the win on the first draw, no call "
        "before it",
        description_zh="配牌后即听牌的闲家在第一次摸牌时自摸和牌，此前没有任何吃碰杠", limit=1,
        requires=f.LUCK,
    ),
    # --- Non-winning Bonuses -------------------------------------------------------
    Pattern(
        "flower_tile", "Flower Tile", "花牌", "huā pái", BONUS, 100, p.flower_tiles,
        "each declared flower or season (not a winning pattern on its own)",
        description_zh="每张亮出的花牌或季节牌（不能单独作为和牌番种）",
        qualifies=False, needs_hand=False,
        requires=f.FLOWERS,
    ),
    Pattern(
        "flower_set", "Flower Set", "花杠", "huā gàng", BONUS, 1000, p.flower_sets,
        "all four flowers or all four seasons (not a winning pattern on its own)",
        description_zh="四张花牌或四张季节牌集齐（不能单独作为和牌番种）",
        qualifies=False, needs_hand=False, absorbs=(("flower_tile", 4),),
        ruling="Each set takes the 100-point Flower Tile value of its four tiles; other "
        "declared bonus tiles still score 100 each.",
        requires=f.FLOWERS,
    ),
)
"""Every Hu pattern, in the seed's order."""


# --- options -----------------------------------------------------------------------

_SEATS: dict[int, tuple[int, ...]] = {4: (EAST, SOUTH, WEST, NORTH), 3: (EAST, SOUTH, WEST),
                                      2: (EAST, SOUTH)}
_START: dict[int, int] = {4: 30000, 3: 35000, 2: 40000}
_POND: dict[int, int] = {4: 18, 3: 20, 2: 22}
_MULTIPLIER: dict[int, Fraction] = {4: Fraction(3), 3: Fraction(5, 2), 2: Fraction(2)}


def hu_defaults(players: int) -> RuleOptions:
    """The RULES.md defaults of Hu Mahjong for 4, 3 or 2 players."""
    return RuleOptions(
        players=players,
        seat_winds=_SEATS[players],
        tile_kinds=tuple(range(NUM_KINDS)),
        bonus_tiles=BONUS_TILES,
        forms=ALL_FORMS,
        unit=Unit.POINTS,
        start_points=_START[players],
        pond_limit=_POND[players],
        multiple_winners=MultipleWinners.ALL,
        furiten=True,
        temporary_furiten=False,
        min_value=0,
        max_value=8000,
        ready_payment=1000,
        repeat_on_draw=RepeatOnDraw.IF_READY,
        max_repeats=8,
        repeat_bonus=100,
        eighth_repeat_bonus=4000,
        rounds=2,
        early_finish=players == 2,
        pao=False,
        heavy_penalty=4000,
        stake=1,
        point_limit=None,
        payment_table="hu",
        require_pattern=True,
        discard_multiplier=_MULTIPLIER[players],
        blessing_of_earth=EarthBlessing.FIRST_DRAW,
    )


_TERMINAL_DISCARDS = TerminalDiscards()


def hu_policies(options: RuleOptions) -> Policies:
    """Hu's mechanisms: Eight Immortals over the set's flowers (none without flowers), All
    Terminal and Honor Discards, and what the options decide (blessings, repeat bonuses,
    pao if a host turns it on: :func:`~tingpai.rules.ruleset.option_policies`).

    >>> from tingpai.rules import find_ruleset
    >>> [p.pattern for p in find_ruleset("hu-4p").policies.special_wins]
    ['eight_immortals', 'terminal_discards']
    >>> [p.pattern for p in find_ruleset("hu-4p", flowers=False).policies.special_wins]
    ['terminal_discards']
    """
    specials: tuple[SpecialWin[Any], ...] = (_TERMINAL_DISCARDS,)
    if len(options.bonus_tiles) >= 2:
        specials = (EightImmortals(options.bonus_tiles), *specials)
    return dataclasses.replace(option_policies(options), special_wins=specials)


def _flowers(options: RuleOptions, value: Any) -> dict[str, Any]:
    return {"bonus_tiles": BONUS_TILES if value else ()}


HU_OPTIONS: dict[str, OptionSpec] = {
    spec.name: spec
    for spec in (
        OptionSpec("flowers", "play with the 8 flower and season tiles (144 tiles)",
                   bool_check, _flowers, current=lambda options: bool(options.bonus_tiles)),
        OptionSpec("multiple_winners", "all: every claimant wins; head_bump: first in turn",
                   choice_check("all", "head_bump")),
        OptionSpec("furiten", "sacred discard", bool_check),
        OptionSpec("temporary_furiten", "passing a winning discard bars discard wins until "
                   "one's next discard", bool_check),
        OptionSpec("start_points", "points each seat starts with", int_check(0)),
        OptionSpec("pond_limit", "pond length that ends the hand", int_check(1)),
        OptionSpec("max_value", "cap on non-limit patterns (null: no cap)",
                   int_check(1, optional=True)),
        OptionSpec("ready_payment", "exhaustive draw: not-ready pays each ready seat",
                   int_check(0)),
        OptionSpec("repeat_bonus", "base points per dealer repeat to a winning dealer",
                   int_check(0)),
        OptionSpec("eighth_repeat_bonus", "base points to winners at the max repeat",
                   int_check(0)),
        OptionSpec("max_repeats", "the hand at this repeat is the dealer's last (null: none)",
                   int_check(1, optional=True)),
        OptionSpec("rounds", "prevailing winds played", int_check(1, 4)),
        OptionSpec("early_finish", "2p: final dealer who wins and leads ends the game",
                   bool_check),
        OptionSpec("heavy_penalty", "heavy penalty paid to each other seat", int_check(0)),
        OptionSpec("discard_multiplier", "discarder pays base x this", fraction_check),
        OptionSpec("forms", "winning forms: standard, pairs, orphans", forms_check),
        OptionSpec("payment_table", "payment table: hu (base points; the discarder pays them "
                   "x the discard multiplier)", payment_table_check),
    )
}
"""Options a host may set by name on a Hu ruleset."""


for _players in (4, 3, 2):
    register(
        RulesetSpec(
            id=f"hu-{_players}p",
            name=f"Hu Mahjong ({_players} players)",
            defaults=hu_defaults(_players),
            patterns=HU_PATTERNS,
            options=HU_OPTIONS,
            aliases=("hu",) if _players == 4 else (),
            policies=hu_policies,
            description=f"Hu Mahjong for {_players} players (seed 000): base points per "
            f"pattern, capped at 8000; the hand ends at a pond of {_POND[_players]} tiles",
        )
    )

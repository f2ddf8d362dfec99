"""The ruleset registry: ids, the RULES.md defaults of Hu, option validation, and the Hu
pattern list against the seed's names, Chinese, pinyin and values."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from tingpai.analysis.forms import ALL_FORMS, Form
from tingpai.rules import RuleError, Ruleset, Unit, find_ruleset, ruleset_ids
from tingpai.tiles import BONUS_TILES, EAST, NORTH, SOUTH, WEST


def test_ids() -> None:
    assert {"hu-4p", "hu-3p", "hu-2p"} <= set(ruleset_ids())
    assert find_ruleset("hu").id == "hu-4p"


# (id, players, seats, start points, pond limit, discard multiplier, early finish)
DEFAULTS = [
    ("hu-4p", 4, (EAST, SOUTH, WEST, NORTH), 30000, 18, Fraction(3), False),
    ("hu-3p", 3, (EAST, SOUTH, WEST), 35000, 20, Fraction(5, 2), False),
    ("hu-2p", 2, (EAST, SOUTH), 40000, 22, Fraction(2), True),
]


@pytest.mark.parametrize(("rid", "players", "seats", "start", "pond", "mult", "early"), DEFAULTS)
def test_hu_defaults(rid: str, players: int, seats: tuple[int, ...], start: int, pond: int,
                     mult: Fraction, early: bool) -> None:
    ruleset = find_ruleset(rid)
    assert isinstance(ruleset, Ruleset) and ruleset.id == rid
    o = ruleset.options
    assert (o.players, o.seat_winds, o.start_points, o.pond_limit) == (players, seats, start,
                                                                        pond)
    assert o.discard_multiplier == mult and o.early_finish is early
    assert o.tile_kinds == tuple(range(34)) and o.bonus_tiles == BONUS_TILES
    assert o.forms == ALL_FORMS and o.unit is Unit.POINTS
    assert (o.multiple_winners, o.furiten, o.temporary_furiten) == ("all", True, False)
    assert (o.min_value, o.max_value, o.ready_payment) == (0, 8000, 1000)
    assert (o.repeat_on_draw, o.max_repeats, o.repeat_bonus, o.eighth_repeat_bonus) == (
        "if_ready", 8, 100, 4000)
    assert (o.rounds, o.pao, o.heavy_penalty, o.stake, o.point_limit) == (2, False, 4000, 1,
                                                                          None)
    assert o.payment_table == "hu" and o.require_pattern is True


@pytest.mark.parametrize(
    ("options", "field", "value"),
    [
        ({"flowers": False}, "bonus_tiles", ()),
        ({"flowers": True}, "bonus_tiles", BONUS_TILES),
        ({"multiple_winners": "head_bump"}, "multiple_winners", "head_bump"),
        ({"temporary_furiten": True}, "temporary_furiten", True),
        ({"furiten": False}, "furiten", False),
        ({"start_points": 25000}, "start_points", 25000),
        ({"max_value": None}, "max_value", None),
        ({"discard_multiplier": 4}, "discard_multiplier", Fraction(4)),
        ({"discard_multiplier": "2.5"}, "discard_multiplier", Fraction(5, 2)),
        ({"forms": "standard,orphans"}, "forms", Form.STANDARD | Form.ORPHANS),
        ({"forms": ["standard"]}, "forms", Form.STANDARD),
        ({"rounds": 4}, "rounds", 4),
        ({"payment_table": "hu"}, "payment_table", "hu"),
    ],
)
def test_options_set(options: dict[str, Any], field: str, value: Any) -> None:
    assert getattr(find_ruleset("hu-3p", **options).options, field) == value


@pytest.mark.parametrize(
    ("rid", "options", "named"),
    [
        ("hu-5p", {}, "hu-5p"),
        ("HU-4P", {}, "HU-4P"),
        ("hu-4p", {"flower": True}, "flower"),
        ("hu-4p", {"flowers": 1}, "flowers"),
        ("hu-4p", {"flowers": "true"}, "flowers"),
        ("hu-4p", {"multiple_winners": "first"}, "multiple_winners"),
        ("hu-4p", {"temporary_furiten": None}, "temporary_furiten"),
        ("hu-4p", {"start_points": "30000"}, "start_points"),
        ("hu-4p", {"start_points": True}, "start_points"),
        ("hu-4p", {"start_points": -5}, "start_points"),
        ("hu-4p", {"pond_limit": 0}, "pond_limit"),
        ("hu-4p", {"rounds": 5}, "rounds"),
        ("hu-4p", {"discard_multiplier": 0}, "discard_multiplier"),
        ("hu-4p", {"discard_multiplier": "x"}, "discard_multiplier"),
        ("hu-4p", {"forms": "standard,threes"}, "forms"),
        ("hu-4p", {"payment_table": "spicy"}, "payment_table"),
    ],
)
def test_bad_options(rid: str, options: dict[str, Any], named: str) -> None:
    with pytest.raises(RuleError, match=re.escape(named)):
        find_ruleset(rid, **options)


def test_pattern_lookup() -> None:
    ruleset = find_ruleset("hu-4p")
    assert ruleset.pattern("nine_gates").value == 16000
    assert ruleset.has_pattern("flower_set") and not ruleset.has_pattern("chicken_hand")
    with pytest.raises(RuleError, match="chicken_hand"):
        ruleset.pattern("chicken_hand")


def test_ruleset_is_frozen_and_hashable_options() -> None:
    ruleset = find_ruleset("hu-4p")
    with pytest.raises(AttributeError):
        ruleset.id = "x"  # type: ignore[misc]
    assert find_ruleset("hu-4p") == find_ruleset("hu-4p")


# The seed's pattern lines, copied verbatim: "Name (中文; pinyin): value".
SEED_LINES = """
All Sequences (平和; píng hú): 500
All Simples (断么; duàn yāo): 500
Fully Concealed Hand (门清; mén qīng): 500
Two Pure Sequences (一般高; yī bān gāo): 500
Three Pure Sequences (一色三同顺; yī sè sān tóng shùn): 4000
Four Pure Sequences (一色四同顺; yī sè sì tóng shùn): 20000 (quadruple limit)
Pure Straight (一气通贯; yī qì tōng guàn): 2000
Two Pure Sequences Twice (两般高; liǎng bān gāo): 3000
All Triplets (对对和; duì duì hú): 2000
Three Concealed Triplets (三暗刻; sān àn kè): 2000
Four Concealed Triplets (四暗刻; sì àn kè): 8000 (limit)
One Quad (一杠; yī gàng): 500
Two Quads (二杠; èr gàng): 2000
Three Quads (三杠; sān gàng): 4000
Four Quads (四杠; sì gàng): 20000 (quadruple limit)
Value Triplet (箭刻; jiàn kè/圈风刻; quān fēng kè/门风刻; mén fēng kè): 500 each
Little Three Dragons (小三元; xiǎo sān yuán): 3000
Big Three Dragons (大三元; dà sān yuán): 8000 (limit)
Little Four Winds (小四喜; xiǎo sì xǐ): 12000 (double limit)
Big Four Winds (大四喜; dà sì xǐ): 16000 (triple limit)
All Honors (字一色; zì yī sè): 12000 (double limit)
Half Outside Hand (全带么; quán dài yāo): 3000
Fully Outside Hand (純全带么; chún quán dài yāo): 4000
All Terminals and Honors (混老头; hún lǎo tou): 4000
All Terminals (清老头; qīng lǎo tou): 12000 (double limit)
All Types (五门齐; wǔ mén qí): 500
Half Flush (混一色; hún yī sè): 3000
Full Flush (清一色; qīng yī sè): 4000
All Green (绿一色; lǜ yī sè): 12000 (double limit)
Nine Gates (九莲宝灯; jiǔ lián bǎo dēng): 16000 (triple limit)
Three Consecutive Triplets (三节高; sān jié gāo): 4000
Four Consecutive Triplets (四节高; sì jié gāo): 8000 (limit)
Parallel Sequences Twice (双喜临门; shuāng xǐ xiāng féng): 2000
Parallel Triplets Twice (两双同刻; liǎng shuāng tóng kè): 4000
Three-color Sequences (三色三同顺; sān sè sān tóng shùn): 2000
Three-color Triplets (三同刻; sān tóng kè): 4000
Seven Pairs (七对; qī duì): 2000
Seven Consecutive Pairs (连七对; lián qī duì): 8000 (limit)
Thirteen Orphans (十三么; shí sān yāo): 8000 (limit)
Eight Immortals (八仙过海; bā xiān guò hǎi): 8000 (limit)
All Terminal and Honor Discards (么九池; yāo jiǔ chí): 4000
After a Kong (杠上开花; gàng shàng kāi huā): 1000, 500 after a flower
Robbing the Kong (抢杠; qiǎng gàng): 1000
Winning on the Last Draw/Discard (海底捞月; hái dǐ lāo yuè): 1000
Blessing of Heaven (天胡; tiān hú): 8000 (limit)
Blessing of Earth (地胡; dì hú): 8000 (limit)
Flower Tile (花牌; huā pái): 100
Flower Set (花杠; huā gàng): 1000
"""
LINE = re.compile(r"^(?P<name>.+?) \((?P<names>[^)]*)\): (?P<value>\d+)(?P<rest>.*)$")
LIMITS = {"(limit)": 1, "(double limit)": 2, "(triple limit)": 3, "(quadruple limit)": 4}
SEED_FILE = Path(__file__).resolve().parents[3] / "shared/seeds/000_cfd8ab0b6123cd10.txt"


def _parse(lines: str) -> list[tuple[str, str, str, int, int]]:
    out = []
    for line in lines.strip().splitlines():
        m = LINE.match(line.strip())
        if not m:
            continue
        chinese, pinyin = [], []
        for alt in m["names"].split("/"):
            if "; " in alt:
                c, p = alt.split("; ")
                chinese.append(c)
                pinyin.append(p)
            else:  # pinyin continuation of "jiàn kè/..." style
                pinyin.append(alt)
        level = LIMITS.get(m["rest"].strip(), 0)
        out.append((m["name"], "/".join(chinese), "/".join(pinyin), int(m["value"]), level))
    return out


def test_patterns_match_the_seed() -> None:
    expected = _parse(SEED_LINES)
    patterns = find_ruleset("hu-4p").patterns
    assert [(p.name, p.chinese, p.pinyin, p.value, p.limit) for p in patterns] == expected


@pytest.mark.skipif(not SEED_FILE.exists(), reason="seed file not beside the repository")
def test_seed_lines_are_verbatim() -> None:
    text = SEED_FILE.read_text(encoding="utf-8")
    for line in SEED_LINES.strip().splitlines():
        assert line in text, line


def test_pattern_metadata() -> None:
    patterns = find_ruleset("hu-4p").patterns
    non_qualifying = {p.id for p in patterns if not p.qualifies}
    assert non_qualifying == {"one_quad", "flower_tile", "flower_set"}
    ids = {p.id for p in patterns}
    by_id = {p.id: p for p in patterns}
    for p in patterns:
        assert p.description, p.id
        for implied in p.implies:
            assert implied in ids
            assert by_id[implied].category == p.category, (p.id, implied)
    assert "value_triplet" not in by_id["little_three_dragons"].implies
    assert "two_pure_sequences" not in by_id["pure_straight"].implies
    assert {p.id for p in patterns if not p.needs_hand} == {
        "eight_immortals", "terminal_discards", "flower_tile", "flower_set"}


@pytest.mark.parametrize("rid", ["hu-4p", "hu-3p", "hu-2p"])
@pytest.mark.parametrize("table", ["half-spicy", "full-spicy", "golden", "fan-laak"])
def test_hu_refuses_a_fan_payment_table(rid: str, table: str) -> None:
    """A fan table would read a Hu hand's base points as fan (6500 base paid 512)."""
    with pytest.raises(RuleError, match=r"payment_table must be one of hu, got"):
        find_ruleset(rid, payment_table=table)

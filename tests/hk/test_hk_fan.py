"""Every fan of the MahJongo Hong Kong table (seed 001, ``hk-4p``): a hand that scores it, with
the fan the pattern adds and the hand's exact total, and a near miss without it.

Worked out by hand from the seed's list (seat South, round East, win by discard unless the
row says otherwise).  The table is scored with ``min_fan`` 0 so that one-fan hands show
their fan instead of failing the minimum (the minimum is tested in test_hk_limits.py).
Limit hands total 10 and count nothing else.
"""

from __future__ import annotations

from typing import Any

import pytest
from hkkit import check_absent, check_coverage, fan, score_hk

from tingpai.rules import find_ruleset

OPEN = {"min_fan": 0}

# (pattern id, hand, situation keywords, fan the pattern adds, total of the hand)
POSITIVE: list[tuple[str, str, dict[str, Any], int, int]] = [
    ("all_sequences", "[567m] 123p345s789s3z +3z", {}, 1, 1),
    # concealed, no declared meld: Closed Hand alone (the pung stops All Sequences)
    ("closed_hand", "123m456p789s222s5p +5p", {}, 1, 1),
    ("self_draw", "123m456p789s222s5p +5p", {"win": "self"}, 1, 2),  # + Closed Hand
    ("dragon_pung", "[555z] 123m456p789s5p +5p", {}, 1, 1),
    ("dragon_pung", "[555z][666z] 123m456p5s +5s", {}, 2, 2),  # each dragon pung
    ("dragon_pung", "[7777z] 123m456p789s5p +5p", {}, 1, 1),  # a kong counts
    ("seat_wind", "[222z] 123m456p789s5p +5p", {"seat": "S"}, 1, 1),
    ("prevailing_wind", "[111z] 123m456p789s5p +5p", {"seat": "S"}, 1, 1),
    # East seat in the East round: Seat Wind 1 + Prevailing Wind 1 = 2
    ("seat_wind", "[111z] 123m456p789s5p +5p", {"seat": "E"}, 1, 2),
    ("prevailing_wind", "[111z] 123m456p789s5p +5p", {"seat": "E"}, 1, 2),
    # 111m completed by the discard: ATH 1 + All Pungs 3 + Closed Hand 1 (not four
    # concealed pungs: the discarded 1m completed a pung)
    ("all_terminals_and_honors", "11m999m999s444z77z +1m", {}, 1, 5),
    # the robbed tile completes a chow: the konger holds the other three 5p
    ("robbing_the_kong", "[123m] 46p789s222s99p +5p", {"win": "rob"}, 1, 1),
    # Self-Draw 1 + Win on a Kong Replacement 1 (the exposed kong breaks Closed Hand)
    ("after_a_kong", "[2222s] 123m456p789p5s +5s",
     {"win": "self", "replacements": ("kong",)}, 1, 2),
    ("last_tile", "[123m] 456p789s222s5p +5p", {"win": "self", "last_tile": True}, 1, 2),
    ("half_flush", "[123m] 456m789m333z5m +5m", {}, 3, 3),
    ("all_triplets", "[222m] 555p888s333z9m +9m", {}, 3, 3),
    # Little Three Dragons 3 + its two Dragon Pungs 2 = 5 (the seed's total)
    ("little_three_dragons", "[555z][666z] 123m456p7z +7z", {}, 3, 5),
    # Big Three Dragons 5 + three Dragon Pungs 3 = 8 (the seed's total)
    ("big_three_dragons", "[555z][666z][777z] 123m5p +5p", {}, 5, 8),
    ("full_flush", "[123m] 456m789m222m5m +5m", {}, 7, 7),
    ("all_honors", "[111z] 222z333z555z7z +7z", {}, 10, 10),
    ("little_four_winds", "[111z] 222z333z4z123m +4z", {}, 10, 10),
    ("big_four_winds", "[111z] 222z333z444z5m +5m", {}, 10, 10),
    # the discard completes the pair: all four pungs concealed
    ("four_concealed_triplets", "111m555p999s777z2m +2m", {}, 10, 10),
    ("four_quads", "[1111m][5555p][9999s][2222z] 3m +3m", {}, 10, 10),
    ("all_terminals", "[111m] 999m111p999p1s +1s", {}, 10, 10),
    ("blessing_of_heaven", "123m456p789s222s5p +5p",
     {"win": "self", "seat": "E", "blessing": "heaven"}, 10, 10),
    ("blessing_of_earth", "123m456p789s222s5p +5p", {"blessing": "earth"}, 10, 10),
    ("thirteen_orphans", "19m19p19s1234567z +1m", {}, 10, 10),
    ("consecutive_kongs", "[2222s][3333m] 456p789p5s +5s",
     {"win": "self", "replacements": ("kong", "kong")}, 10, 10),
    ("nine_gates", "1112345678999m +5m", {}, 10, 10),
]


@pytest.mark.parametrize(("pid", "hand", "kwargs", "value", "total"), POSITIVE,
                         ids=[f"{r[0]}-{i}" for i, r in enumerate(POSITIVE)])
def test_fan_present(pid: str, hand: str, kwargs: dict[str, Any], value: int,
                     total: int) -> None:
    result = score_hk(hand, "hk-4p", OPEN, **kwargs)
    assert result.valid, result.reason
    assert fan(result)[pid] == value
    assert result.total == total
    assert result.limit is (value == 10)
    if result.limit:
        assert len(result.patterns) == 1  # a limit hand counts nothing else


# (pattern id, hand, situation keywords, total of the hand, or None when not a valid win)
NEAR_MISS: list[tuple[str, str, dict[str, Any], int | None]] = [
    ("all_sequences", "[567m] 123p345s777s3z +3z", {}, 0),  # a pung
    ("closed_hand", "[[2222s]] 123m456p789s5p +5p", {}, 0),  # a concealed kong is a meld
    ("closed_hand", "[123m] 456p789s222s5p +5p", {}, 0),
    ("self_draw", "123m456p789s222s5p +5p", {}, 1),
    ("dragon_pung", "[123m] 456p789s222s5z +5z", {}, 0),  # a dragon pair
    ("seat_wind", "[222z] 123m456p789s5p +5p", {"seat": "W"}, 0),
    ("prevailing_wind", "[333z] 123m456p789s5p +5p", {"seat": "S"}, 0),
    # a chow of 789m: neither ATH nor All Pungs; Closed Hand only
    ("all_terminals_and_honors", "789m999p999s444z7z +7z", {}, 1),
    ("robbing_the_kong", "[123m] 46p789s222s99p +5p", {}, 0),
    ("after_a_kong", "[2222s] 123m456p789p5s +5s", {"win": "self"}, 1),
    # ruling: the discard after the final tile is not "the final wall tile"
    ("last_tile", "[123m] 456p789s222s5p +5p", {"last_tile": True}, 0),
    ("half_flush", "[123m] 456m789m333p5m +5m", {}, 0),  # two suits
    ("all_triplets", "[234m] 555p888s333z9m +9m", {}, 0),
    ("little_three_dragons", "[555z][666z] 123m456p1p +1p", {}, 2),  # pair not a dragon
    ("big_three_dragons", "[555z][666z] 123m456p7z +7z", {}, 5),
    ("full_flush", "[123m] 456m789m333z5m +5m", {}, 3),  # honours: Half Flush
    # a chow: Half Flush 3 + Prevailing Wind 1 + Seat Wind 1
    ("all_honors", "[111z] 222z333z123m5z +5z", {}, 5),
    # the pair is a dragon: Prevailing 1 + Seat 1 + Half Flush 3
    ("little_four_winds", "[111z] 222z333z5z123m +5z", {}, 5),
    ("big_four_winds", "[111z] 222z333z4z123m +4z", {}, 10),  # Little Four Winds instead
    # the discard completes a pung: All Pungs 3 + Closed 1 + Dragon Pung (Red) 1
    ("four_concealed_triplets", "111m555p999s77z22m +7z", {}, 5),
    # a concealed kong: not "without Kongs"; All Pungs 3 + Dragon Pung 1
    ("four_concealed_triplets", "[[1111m]] 555p999s777z2m +2m", {}, 4),
    ("four_quads", "[1111m][5555p][9999s] 222z3m +3m", {}, 4),  # All Pungs 3 + Seat 1
    ("all_terminals", "[111m] 999m111p999p1z +1z", {}, 4),  # ATH 1 + All Pungs 3
    ("blessing_of_heaven", "123m456p789s222s5p +5p", {"win": "self", "seat": "E"}, 2),
    ("blessing_of_earth", "123m456p789s222s5p +5p", {}, 1),
    ("thirteen_orphans", "19m19p19s1234566z +1m", {}, None),  # no Red: incomplete
    ("consecutive_kongs", "[2222s][3333m] 456p789p5s +5s",
     {"win": "self", "replacements": ("kong",)}, 2),
    # before the win 1112345678899m is not the gates: Full Flush 7 + Closed 1
    ("nine_gates", "1112345678899m +9m", {}, 8),
]


@pytest.mark.parametrize(("pid", "hand", "kwargs", "total"), NEAR_MISS,
                         ids=[f"{r[0]}-{i}" for i, r in enumerate(NEAR_MISS)])
def test_fan_absent(pid: str, hand: str, kwargs: dict[str, Any], total: int | None) -> None:
    result = score_hk(hand, "hk-4p", OPEN, **kwargs)
    check_absent(pid, result, total)


def test_every_fan_has_a_positive_and_a_near_miss() -> None:
    check_coverage("hk-4p", POSITIVE, NEAR_MISS)


# (id, English name, Chinese, pinyin, fan, limit) in the seed's order
NAMES = [
    ("all_sequences", "All Sequences", "平糊", "píng hú", 1, 0),
    ("closed_hand", "Closed Hand", "門前清", "mén qián qīng", 1, 0),
    ("self_draw", "Self-Draw", "自摸", "zì mō", 1, 0),
    ("dragon_pung", "Dragon Pung", "三元牌", "sān yuán pái", 1, 0),
    ("seat_wind", "Seat Wind", "門風", "mén fēng", 1, 0),
    ("prevailing_wind", "Prevailing Wind", "圈風", "quān fēng", 1, 0),
    ("all_terminals_and_honors", "All Terminals and Honours", "混么九", "hùn yāo jiǔ", 1, 0),
    ("robbing_the_kong", "Robbing a Kong", "搶槓", "qiǎng gàng", 1, 0),
    ("after_a_kong", "Win on a Kong Replacement", "槓上開花", "gàng shàng kāi huā", 1, 0),
    ("last_tile", "Win on the Final Wall Tile", "海底撈月", "hǎi dǐ lāo yuè", 1, 0),
    ("half_flush", "Half Flush", "混一色", "hùn yī sè", 3, 0),
    ("all_triplets", "All Pungs", "對對糊", "duì duì hú", 3, 0),
    ("little_three_dragons", "Little Three Dragons", "小三元", "xiǎo sān yuán", 3, 0),
    ("big_three_dragons", "Big Three Dragons", "大三元", "dà sān yuán", 5, 0),
    ("full_flush", "Full Flush", "清一色", "qīng yī sè", 7, 0),
    ("all_honors", "All Honours", "字一色", "zì yī sè", 10, 1),
    ("little_four_winds", "Little Four Winds", "小四喜", "xiǎo sì xǐ", 10, 1),
    ("big_four_winds", "Big Four Winds", "大四喜", "dà sì xǐ", 10, 1),
    ("four_concealed_triplets", "Four Concealed Pungs without Kongs", "四暗刻", "sì àn kè", 10, 1),
    ("four_quads", "Four Kongs", "十八羅漢", "shí bā luó hàn", 10, 1),
    ("all_terminals", "All Terminals", "清么九", "qīng yāo jiǔ", 10, 1),
    ("blessing_of_heaven", "Blessing of Heaven", "天糊", "tiān hú", 10, 1),
    ("blessing_of_earth", "Blessing of Earth", "地糊", "dì hú", 10, 1),
    ("thirteen_orphans", "Thirteen Orphans", "十三么", "shí sān yāo", 10, 1),
    ("consecutive_kongs", "Win after Consecutive Kongs", "連槓開花", "lián gàng kāi huā", 10, 1),
    ("nine_gates", "Nine Gates", "九蓮寶燈", "jiǔ lián bǎo dēng", 10, 1),
]


@pytest.mark.parametrize("rid", ["hk-4p", "hk-2p"])
def test_pattern_list_names_and_values(rid: str) -> None:
    got = [(p.id, p.name, p.chinese, p.pinyin, p.value, p.limit)
           for p in find_ruleset(rid).patterns]
    assert got == NAMES

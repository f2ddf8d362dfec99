"""Every pattern of the fan-laak table (seed 002, ``hk-fanlaak``): a hand that scores it, with
the fan it adds and the hand's exact total, and a near miss without it.

Worked out by hand from the seed's table (seat South, round East, win by discard unless the
row says otherwise), scored with ``min_fan`` 0 so small hands show their fan.  This table
has no Closed Hand, so a concealed hand with nothing else is a Chicken Hand (0 fan).
"""

from __future__ import annotations

from typing import Any

import pytest
from hkkit import check_absent, check_coverage, fan, score_hk

from tingpai.rules import find_ruleset

OPEN = {"min_fan": 0}

# (pattern id, hand, situation keywords, fan the pattern adds, total of the hand)
POSITIVE: list[tuple[str, str, dict[str, Any], int, int]] = [
    ("chicken_hand", "123m456p789s222s5p +5p", {}, 0, 0),
    ("chicken_hand", "[123m] 456p789s222s5p +5p", {}, 0, 0),
    ("dragon_pung", "[555z] 123m456p789s5p +5p", {}, 1, 1),
    ("dragon_pung", "[555z][666z] 123m456p5s +5s", {}, 2, 2),
    ("seat_wind", "[222z] 123m456p789s5p +5p", {"seat": "S"}, 1, 1),
    ("prevailing_wind", "[111z] 123m456p789s5p +5p", {"seat": "S"}, 1, 1),
    ("prevailing_wind", "[111z] 123m456p789s5p +5p", {"seat": "E"}, 1, 2),  # + Seat Wind
    ("all_sequences", "123m456p789s234s5p +5p", {}, 1, 1),
    ("all_sequences", "[567m] 123p345s789s3z +3z", {}, 1, 1),
    ("self_draw", "123m456p789s222s5p +5p", {"win": "self"}, 1, 1),
    ("last_tile", "123m456p789s222s5p +5p", {"last_tile": True}, 1, 1),  # the last discard
    ("last_tile", "123m456p789s222s5p +5p", {"win": "self", "last_tile": True}, 1, 2),
    ("after_a_kong", "[2222s] 123m456p789p5s +5s",
     {"win": "self", "replacements": ("kong",)}, 1, 2),  # + Self-drawn
    # no consecutive-kong hand at this table: still 1 fan
    ("after_a_kong", "[2222s][3333m] 456p789p5s +5s",
     {"win": "self", "replacements": ("kong", "kong")}, 1, 2),
    # the robbed tile completes a chow: the konger holds the other three 5p
    ("robbing_the_kong", "[123m] 46p789s222s99p +5p", {"win": "rob"}, 1, 1),
    ("all_triplets", "[222m] 555p888s333z9m +9m", {}, 2, 2),
    ("half_flush", "[123m] 456m789m333z5m +5m", {}, 2, 2),
    # Little Three Dragons 4 + its two Dragon Pungs 2
    ("little_three_dragons", "[555z][666z] 123m456p7z +7z", {}, 4, 6),
    ("full_flush", "[123m] 456m789m222m5m +5m", {}, 4, 4),
    ("four_concealed_triplets", "111m555p999s777z2m +2m", {"win": "self"}, 10, 10),
    # ruling: a concealed kong counts as a concealed pung here
    ("four_concealed_triplets", "[[1111m]] 555p999s777z2m +2m", {"win": "self"}, 10, 10),
    ("big_three_dragons", "[555z][666z][777z] 123m5p +5p", {}, 10, 10),
    ("little_four_winds", "[111z] 222z333z4z123m +4z", {}, 10, 10),
    ("big_four_winds", "[111z] 222z333z444z5m +5m", {}, 10, 10),
    ("all_honors", "[111z] 222z333z555z7z +7z", {}, 10, 10),
    ("all_terminals", "[111m] 999m111p999p1s +1s", {}, 10, 10),
    ("nine_gates", "1112345678999m +5m", {}, 10, 10),
    ("thirteen_orphans", "19m19p19s1234567z +1m", {}, 10, 10),
    ("blessing_of_heaven", "123m456p789s222s5p +5p",
     {"win": "self", "seat": "E", "blessing": "heaven"}, 10, 10),
    ("blessing_of_earth", "123m456p789s222s5p +5p", {"blessing": "earth"}, 10, 10),
]


@pytest.mark.parametrize(("pid", "hand", "kwargs", "value", "total"), POSITIVE,
                         ids=[f"{r[0]}-{i}" for i, r in enumerate(POSITIVE)])
def test_fan_present(pid: str, hand: str, kwargs: dict[str, Any], value: int,
                     total: int) -> None:
    result = score_hk(hand, "hk-fanlaak", OPEN, **kwargs)
    assert result.valid, result.reason
    assert fan(result)[pid] == value
    assert result.total == total
    assert result.limit is (value == 10)
    if result.limit or pid == "chicken_hand":
        assert len(result.patterns) == 1


# (pattern id, hand, situation keywords, total of the hand, or None when not a valid win)
NEAR_MISS: list[tuple[str, str, dict[str, Any], int | None]] = [
    ("chicken_hand", "123m456p789s222s5p +5p", {"win": "self"}, 1),  # Self-drawn
    ("dragon_pung", "[123m] 456p789s222s5z +5z", {}, 0),
    ("seat_wind", "[222z] 123m456p789s5p +5p", {"seat": "W"}, 0),
    ("prevailing_wind", "[333z] 123m456p789s5p +5p", {"seat": "S"}, 0),
    ("all_sequences", "123m456p789s222s5p +5p", {}, 0),
    ("self_draw", "123m46p789s222s99p +5p", {"win": "rob"}, 1),  # Robbing the Kong
    ("last_tile", "123m456p789s222s5p +5p", {}, 0),
    ("after_a_kong", "[2222s] 123m456p789p5s +5s", {"win": "self"}, 1),
    ("robbing_the_kong", "[123m] 46p789s222s99p +5p", {}, 0),
    ("all_triplets", "[234m] 555p888s333z9m +9m", {}, 0),
    ("half_flush", "[123m] 456m789m333p5m +5m", {}, 0),
    ("little_three_dragons", "[555z][666z] 123m456p1p +1p", {}, 2),
    ("full_flush", "[123m] 456m789m333z5m +5m", {}, 2),  # Half Flush
    # by discard (on the pair): All Pungs 2 + Dragon Pung 1
    ("four_concealed_triplets", "111m555p999s777z2m +2m", {}, 3),
    # Little Three Dragons 4 + two Dragon Pungs 2
    ("big_three_dragons", "[555z][666z] 123m456p7z +7z", {}, 6),
    # the pair is a dragon: Prevalent 1 + Seat 1 + Half Flush 2
    ("little_four_winds", "[111z] 222z333z5z123m +5z", {}, 4),
    ("big_four_winds", "[111z] 222z333z4z123m +4z", {}, 10),  # Little Four Winds instead
    ("all_honors", "[111z] 222z333z123m5z +5z", {}, 4),
    ("all_terminals", "[111m] 999m111p999p1z +1z", {}, 2),  # All Pungs
    ("nine_gates", "1112345678899m +9m", {}, 4),  # Full Flush
    ("thirteen_orphans", "19m19p19s1234566z +1m", {}, None),
    ("blessing_of_heaven", "123m456p789s222s5p +5p", {"win": "self", "seat": "E"}, 1),
    ("blessing_of_earth", "123m456p789s222s5p +5p", {}, 0),
]


@pytest.mark.parametrize(("pid", "hand", "kwargs", "total"), NEAR_MISS,
                         ids=[f"{r[0]}-{i}" for i, r in enumerate(NEAR_MISS)])
def test_fan_absent(pid: str, hand: str, kwargs: dict[str, Any], total: int | None) -> None:
    result = score_hk(hand, "hk-fanlaak", OPEN, **kwargs)
    check_absent(pid, result, total)


def test_every_pattern_has_a_positive_and_a_near_miss() -> None:
    check_coverage("hk-fanlaak", POSITIVE, NEAR_MISS)


# (id, English name, Chinese, fan, limit) in the seed's order
NAMES = [
    ("chicken_hand", "Chicken Hand", "雞糊", 0, 0),
    ("dragon_pung", "Dragon Pung", "三元牌", 1, 0),
    ("seat_wind", "Seat Wind", "門風", 1, 0),
    ("prevailing_wind", "Prevalent Wind", "圈風", 1, 0),
    ("all_sequences", "All Chows", "平糊", 1, 0),
    ("self_draw", "Self-drawn Win", "自摸", 1, 0),
    ("last_tile", "Last Tile Draw/Discard", "海底撈月/河底撈魚", 1, 0),
    ("after_a_kong", "Out on Replacement Tile", "槓上開花", 1, 0),
    ("robbing_the_kong", "Robbing the Kong", "搶槓", 1, 0),
    ("all_triplets", "All Pungs", "對對糊", 2, 0),
    ("half_flush", "Half Flush", "混一色", 2, 0),
    ("little_three_dragons", "Little Three Dragons", "小三元", 4, 0),
    ("full_flush", "Full Flush", "清一色", 4, 0),
    ("four_concealed_triplets", "Four Concealed Pungs", "四暗刻", 10, 1),
    ("big_three_dragons", "Big Three Dragons", "大三元", 10, 1),
    ("little_four_winds", "Little Four Winds", "小四喜", 10, 1),
    ("big_four_winds", "Big Four Winds", "大四喜", 10, 1),
    ("all_honors", "All Honors", "字一色", 10, 1),
    ("all_terminals", "All Terminals", "清么九", 10, 1),
    ("nine_gates", "Nine Gates", "九蓮寶燈", 10, 1),
    ("thirteen_orphans", "Thirteen Orphans", "十三么", 10, 1),
    ("blessing_of_heaven", "Blessing of Heaven", "天糊", 10, 1),
    ("blessing_of_earth", "Blessing of Earth", "地糊", 10, 1),
]


@pytest.mark.parametrize("rid", ["hk-fanlaak", "hk-fanlaak-0"])
def test_pattern_list_names_and_values(rid: str) -> None:
    got = [(p.id, p.name, p.chinese, p.value, p.limit) for p in find_ruleset(rid).patterns]
    assert got == NAMES
    assert all(p.pinyin for p in find_ruleset(rid).patterns)

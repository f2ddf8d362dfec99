"""The minimum fan, the cap and limit hands of the Hong Kong tables, and their forms.

MahJongo (``hk-4p``/``hk-2p``): at least 3 fan, capped at 10, a limit hand is 10.  Fan-laak:
minimum 3 by default (``hk-fanlaak-0``: 0, a Chicken Hand wins), no cap, a limit hand is 10
and nothing else.  No Seven Pairs anywhere; Thirteen Orphans everywhere.
"""

from __future__ import annotations

from typing import Any

import pytest
from hkkit import fan, score_hk

from tingpai.rules import RuleError, find_ruleset

# (rules, options, hand, situation keywords, valid, total)
GATE: list[tuple[str, dict[str, Any], str, dict[str, Any], bool, int]] = [
    # Closed Hand 1: below 3
    ("hk-4p", {}, "123m456p789s222s5p +5p", {}, False, 0),
    # Closed Hand 1 + Self-Draw 1 = 2: below 3
    ("hk-4p", {}, "123m456p789s222s5p +5p", {"win": "self"}, False, 0),
    # All Sequences 1 + Closed Hand 1 + Self-Draw 1 = 3: exactly the minimum
    ("hk-4p", {}, "123m456p789s234s5p +5p", {"win": "self"}, True, 3),
    ("hk-4p", {}, "[123m] 456m789m333z5m +5m", {}, True, 3),  # Half Flush
    ("hk-4p", {"min_fan": 1}, "123m456p789s222s5p +5p", {}, True, 1),
    ("hk-4p", {"min_fan": 4}, "[123m] 456m789m333z5m +5m", {}, False, 0),
    ("hk-2p", {}, "[111p] 456p789p333z5p +5p", {}, True, 3),  # Half Flush in dots
    ("hk-2p", {}, "[111p] 456p789p333z1s +1s", {}, False, 0),  # nothing: 0 fan
    # fan-laak: default minimum 3; a Chicken Hand (0) wins only at hk-fanlaak-0
    ("hk-fanlaak", {}, "123m456p789s222s5p +5p", {}, False, 0),
    ("hk-fanlaak", {}, "[222m] 555p888s333z9m +9m", {}, False, 0),  # All Pungs 2
    ("hk-fanlaak", {}, "[222m] 555p888s777z9m +9m", {}, True, 3),  # All Pungs 2 + Red 1
    ("hk-fanlaak", {"min_fan": 0}, "123m456p789s222s5p +5p", {}, True, 0),
    ("hk-fanlaak-0", {}, "123m456p789s222s5p +5p", {}, True, 0),
    ("hk-fanlaak", {"min_fan": 2}, "[222m] 555p888s333z9m +9m", {}, True, 2),
]


@pytest.mark.parametrize(("rid", "options", "hand", "kwargs", "valid", "total"), GATE)
def test_minimum_fan(rid: str, options: dict[str, Any], hand: str, kwargs: dict[str, Any],
                     valid: bool, total: int) -> None:
    result = score_hk(hand, rid, options, **kwargs)
    assert result.valid is valid
    assert result.total == total
    if not valid:
        assert result.reason is not None and "below the minimum" in result.reason


def test_chicken_hand_wins_at_hk_fanlaak_0_for_one_point_each() -> None:
    result = score_hk("123m456p789s222s5p +5p", "hk-fanlaak-0")
    assert fan(result) == {"chicken_hand": 0}
    # 0 fan = 1 point: the discarder pays 2, each other loser 1 (1 + 1 + 2 = 4)
    assert result.payments.as_dict() == {"discarder": 2, "others": 1}


# (rules, options, hand, keywords, subtotal, total, capped)
CAP: list[tuple[str, dict[str, Any], str, dict[str, Any], int, int, bool]] = [
    # Full Flush 7 + All Pungs 3 = 10: at the cap, not over it
    ("hk-4p", {}, "[111m] 333m555m777m9m +9m", {}, 10, 10, False),
    # + Self-Draw 1 = 11: capped at 10
    ("hk-4p", {}, "[111m] 333m555m777m9m +9m", {"win": "self"}, 11, 10, True),
    ("hk-4p", {"max_fan": None}, "[111m] 333m555m777m9m +9m", {"win": "self"}, 11, 11, False),
    ("hk-4p", {"max_fan": 8}, "[111m] 333m555m777m9m +9m", {}, 10, 8, True),
    # Big Three Dragons 5 + 3 Dragon Pungs + All Pungs 3 + Half Flush 3 + All Terminals and
    # Honours 1 = 15 -> 10
    ("hk-4p", {}, "[555z][666z][777z] 111m9m +9m", {}, 15, 10, True),
    # fan-laak has no cap: Little Three Dragons 4 + 2 Dragon Pungs + All Pungs 2 + Half
    # Flush 2 + Self-drawn 1 = 11
    ("hk-fanlaak", {}, "[555z][666z] 111m999m7z +7z", {"win": "self"}, 11, 11, False),
    ("hk-fanlaak", {"max_fan": 10}, "[555z][666z] 111m999m7z +7z", {"win": "self"},
     11, 10, True),
]


@pytest.mark.parametrize(("rid", "options", "hand", "kwargs", "subtotal", "total", "capped"),
                         CAP)
def test_cap(rid: str, options: dict[str, Any], hand: str, kwargs: dict[str, Any],
             subtotal: int, total: int, capped: bool) -> None:
    result = score_hk(hand, rid, options, **kwargs)
    assert result.valid, result.reason
    assert (result.subtotal, result.total, result.capped, result.limit) == (
        subtotal, total, capped, False)


def test_fanlaak_more_than_ten_fan_pays_the_limit_row() -> None:
    result = score_hk("[555z][666z] 111m999m7z +7z", "hk-fanlaak", win="self")
    assert result.total == 11
    assert result.payments.as_dict() == {"each": 128}  # 64 points, self-drawn: 2 x 64


@pytest.mark.parametrize("rid", ["hk-4p", "hk-fanlaak"])
def test_a_limit_hand_is_ten_and_nothing_else(rid: str) -> None:
    # All Honours with Big Four Winds: one limit counts, every other pattern is superseded
    result = score_hk("[111z] 222z333z444z7z +7z", rid, win="self")
    assert result.limit and result.total == 10
    assert len(result.patterns) == 1
    top = result.patterns[0].id
    assert top in ("all_honors", "big_four_winds")
    dropped = {s.id: s.by for s in result.superseded}
    assert "self_draw" in dropped
    assert set(dropped.values()) == {top}


@pytest.mark.parametrize("rid", ["hk-4p", "hk-2p", "hk-fanlaak"])
def test_no_seven_pairs(rid: str) -> None:
    result = score_hk("11p33p55p77p99p11z2z +2z", rid, options={"min_fan": 0})
    assert not result.valid
    assert result.reason == "incomplete hand: not four melds and a pair or thirteen orphans"


@pytest.mark.parametrize("rid", ["hk-4p", "hk-2p", "hk-fanlaak"])
def test_thirteen_orphans_is_a_form(rid: str) -> None:
    result = score_hk("19m19p19s1234567z +9s", rid)
    assert result.valid and result.total == 10 and result.limit


def test_minimum_above_the_cap_is_an_option_error() -> None:
    with pytest.raises(RuleError, match="minimum 9 is above the cap 8"):
        find_ruleset("hk-4p", min_fan=9, max_fan=8)

"""One pattern id per concept across every ruleset (rules/concepts.py).

The independent check is the Chinese name: two seeds that print the same name (up to the
traditional/simplified spelling and the 和/糊/胡 variants of "hu") reward the same thing,
so every ruleset must use one id for it.  Concepts whose Chinese names differ (混老头 /
混么九, 四杠 / 十八羅漢) are pinned by the concept table itself.
"""

from __future__ import annotations

from collections import defaultdict

import pytest

from tingpai.rules import BUILTIN_IDS, RuleError, find_ruleset, ruleset_spec
from tingpai.rules.concepts import CONCEPTS, FORMER_IDS, canonical_id
from tingpai.rules.pattern import Pattern
from tingpai.scoring import Situation, score
from tingpai.tiles import parse_hand

# Traditional -> simplified for every character the seeds spell both ways, and the three
# written forms of "hu" (win) folded into one.
_FOLD = str.maketrans({
    "對": "对", "糊": "和", "胡": "和", "槓": "杠", "開": "开", "搶": "抢", "撈": "捞",
    "門": "门", "風": "风", "連": "连", "蓮": "莲", "寶": "宝", "燈": "灯", "羅": "罗",
    "漢": "汉", "么": "幺", "頭": "头", "魚": "鱼", "純": "纯", "帶": "带", "關": "关",
})


def _names(pattern: Pattern) -> list[str]:
    return [name.translate(_FOLD) for name in pattern.chinese.split("/")]


def _families() -> dict[int, tuple[str, tuple[Pattern, ...]]]:
    """The shipped rulesets grouped by the pattern table they share (Hu, MahJongo,
    fan-laak); a variant a test registers elsewhere is not one of them."""
    families: dict[int, tuple[str, tuple[Pattern, ...]]] = {}
    for rid in BUILTIN_IDS:
        patterns = ruleset_spec(rid).patterns
        families.setdefault(id(patterns), (rid, patterns))
    return families


def test_there_are_three_families() -> None:
    assert sorted(rid for rid, _ in _families().values()) == ["hk-4p", "hk-fanlaak", "hu-4p"]


def test_same_chinese_name_same_id() -> None:
    ids_by_name: dict[str, set[str]] = defaultdict(set)
    for _, patterns in _families().values():
        for pattern in patterns:
            for name in _names(pattern):
                ids_by_name[name].add(pattern.id)
    split = {name: ids for name, ids in ids_by_name.items() if len(ids) > 1}
    assert not split


def test_concept_table_is_exactly_the_shared_ids() -> None:
    families: dict[str, set[str]] = defaultdict(set)
    for rid, patterns in _families().values():
        for pattern in patterns:
            families[pattern.id].add(rid)
    shared = {pid for pid, rids in families.items() if len(rids) > 1}
    assert {c.id for c in CONCEPTS} == shared
    assert len(CONCEPTS) == len(shared)  # no concept listed twice


def test_former_ids_are_no_current_id() -> None:
    current = {p.id for _, patterns in _families().values() for p in patterns}
    assert not set(FORMER_IDS) & current
    assert set(FORMER_IDS.values()) <= current


@pytest.mark.parametrize(("former", "rid"), [
    ("all_pungs", "hk-4p"), ("all_pungs", "hk-fanlaak"), ("four_kongs", "hk-2p"),
    ("prevalent_wind", "hk-fanlaak"), ("all_chows", "hk-fanlaak"), ("self_drawn", "hk-fanlaak"),
    ("robbing_a_kong", "hk-4p"), ("kong_replacement", "hk-4p"),
    ("replacement_tile", "hk-fanlaak"), ("final_tile", "hk-4p"), ("all_honours", "hk-4p"),
    ("all_terminals_and_honours", "hk-4p"), ("four_concealed_pungs", "hk-fanlaak"),
])
def test_former_id_is_an_alias(former: str, rid: str) -> None:
    ruleset = find_ruleset(rid)
    assert ruleset.has_pattern(former)
    assert ruleset.pattern(former).id == canonical_id(former) != former


def test_alias_only_where_the_concept_exists() -> None:
    # Hu has no separate wind pattern, so the former fan-laak id finds nothing there.
    with pytest.raises(RuleError, match="no pattern 'prevalent_wind'"):
        find_ruleset("hu-4p").pattern("prevalent_wind")
    assert not find_ruleset("hu-4p").has_pattern("closed_hand")


@pytest.mark.parametrize("rid", ["hu-4p", "hk-4p", "hk-fanlaak-0"])
def test_all_triplets_scores_under_one_id(rid: str) -> None:
    concealed, melds, win = parse_hand("[222m] 555p888s333z9m +9m")
    assert win is not None
    result = score(Situation(tuple(concealed), win, tuple(melds)), find_ruleset(rid))
    assert result.valid
    assert "all_triplets" in {p.id for p in result.patterns}
    names = {p.id: p.name for p in result.patterns}
    # The display name keeps each seed's spelling.
    assert names["all_triplets"] == ("All Triplets" if rid.startswith("hu") else "All Pungs")


def test_different_concepts_keep_different_ids() -> None:
    hu, hk, fanlaak = find_ruleset("hu-4p"), find_ruleset("hk-4p"), find_ruleset("hk-fanlaak")
    # Hu's Value Triplet covers dragons and both winds; Hong Kong splits them in three.
    assert hu.has_pattern("value_triplet") and not hk.has_pattern("value_triplet")
    for split in ("dragon_pung", "seat_wind", "prevailing_wind"):
        assert hk.has_pattern(split) and fanlaak.has_pattern(split)
        assert not hu.has_pattern(split)
    # Fully Concealed (self-draw only) is not Closed Hand (no declared meld, any win).
    assert hu.has_pattern("fully_concealed") and not hk.has_pattern("fully_concealed")
    assert hk.has_pattern("closed_hand") and not hu.has_pattern("closed_hand")

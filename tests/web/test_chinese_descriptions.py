"""The pattern lists in Chinese: what each pattern needs was shown in English in the
client's Chinese modes.  Every pattern now has a Chinese description in the ruleset data
(``description_zh``, simplified), shown as it is in zh-Hans, converted to traditional
characters in zh-Hant, and the English description in English — in the lobby's pattern list
for every ruleset and in the table's Patterns window."""

from __future__ import annotations

import re
from typing import Any

import pytest
from tablekit import open_lobby, start_table

from tingpai.rules import BUILTIN_IDS, ruleset_spec

pytestmark = pytest.mark.slow

LATIN = re.compile(r"[A-Za-z]")
TILE_NOTATION = re.compile(r"\d+[mpsz]\b")
CJK = re.compile(r"[\u4e00-\u9fff]")

# Known traditional renderings (simplified in the data): (ruleset, pattern id, zh-Hant).
HANT = [
    ("hu-4p", "all_types", "萬子、筒子、條子、風牌和三元牌都有（將也算在內）"),
    ("hk-4p", "after_a_kong", "開槓後用補牌自摸和牌"),
    ("hk-fanlaak", "blessing_of_earth", "非東家的玩家和東家打出的第一張牌"),
]


def _lobby_descriptions(page: Any, rid: str) -> list[str]:
    """The lobby's pattern list for a ruleset: each row's description cell, in order."""
    page.check(f"input[name=rules][value={rid}]")
    rows = len(ruleset_spec(rid).patterns)
    page.wait_for_function(
        f"() => document.querySelectorAll('.patterns-box td.pattern-needs').length === {rows}")
    cells: list[str] = page.locator(".patterns-box td.pattern-needs").all_text_contents()
    return cells


def test_the_lobby_pattern_list_describes_patterns_in_the_page_language(
    server: Any, page: Any
) -> None:
    open_lobby(page, server.url)
    page.select_option("#lang", "zh-Hans")
    page.wait_for_selector("#nav a:has-text('开局')")
    # The ids the package ships: a test elsewhere may register a variant of its own.
    for rid in BUILTIN_IDS:
        shown = _lobby_descriptions(page, rid)
        assert shown == [p.description_zh for p in ruleset_spec(rid).patterns], rid
        for text in shown:
            assert CJK.search(text), (rid, text)
            assert not LATIN.search(TILE_NOTATION.sub("", text)), (rid, text)

    page.select_option("#lang", "zh-Hant")
    for rid, pattern_id, expected in HANT:
        shown = _lobby_descriptions(page, rid)
        ids = [p.id for p in ruleset_spec(rid).patterns]
        assert shown[ids.index(pattern_id)] == expected, (rid, pattern_id)
        for text in shown:
            assert CJK.search(text) and not LATIN.search(TILE_NOTATION.sub("", text)), text
        # No simplified form of a character this conversion covers is left.
        assert not re.search("[组顺对张杠风门东开后补种数条万将]", "".join(shown)), rid

    page.select_option("#lang", "en")
    page.wait_for_selector("#nav a:has-text('Play')")
    for rid in BUILTIN_IDS:
        shown = _lobby_descriptions(page, rid)
        assert shown == [p.description for p in ruleset_spec(rid).patterns], rid


def test_the_table_patterns_window_describes_patterns_in_chinese(
    server: Any, page: Any
) -> None:
    start_table(page, server.url, "hk-4p")
    page.wait_for_selector(".hand.mine .tile")
    page.select_option("#lang", "zh-Hans")
    page.click("#patterns")
    page.wait_for_selector(".patterns-modal td.pattern-needs")
    shown = page.locator(".patterns-modal td.pattern-needs").all_text_contents()
    assert shown == [p.description_zh for p in ruleset_spec("hk-4p").patterns]


# Pattern names follow the page's script: the seeds write Hu Mahjong's in simplified
# characters and the Hong Kong tables' in traditional ones.  (ruleset, id, zh-Hans, zh-Hant)
NAMES = [
    ("hu-4p", "all_types", "五门齐", "五門齊"),
    ("hu-4p", "all_simples", "断么", "斷么"),  # 么 is yāo here, never 麼
    ("hu-4p", "fully_outside", "纯全带么", "純全帶么"),
    ("hu-4p", "nine_gates", "九莲宝灯", "九蓮寶燈"),
    ("hk-4p", "all_triplets", "对对糊", "對對糊"),
    ("hk-4p", "four_quads", "十八罗汉", "十八羅漢"),
    ("hk-4p", "after_a_kong", "杠上开花", "槓上開花"),
    ("hk-4p", "thirteen_orphans", "十三么", "十三么"),
]


def _lobby_names(page: Any, rid: str) -> list[str]:
    """The lobby's pattern list for a ruleset: each row's main name, in order."""
    _lobby_descriptions(page, rid)
    names: list[str] = page.locator(
        ".patterns-box td.pattern-name .pattern-main").all_text_contents()
    return names


@pytest.mark.parametrize(("lang", "column"), [("zh-Hans", 2), ("zh-Hant", 3)])
def test_pattern_names_follow_the_page_script(
    server: Any, page: Any, lang: str, column: int
) -> None:
    open_lobby(page, server.url)
    page.select_option("#lang", lang)
    page.wait_for_selector("#nav a:has-text('开局'), #nav a:has-text('開局')")
    for rid in ("hu-4p", "hk-4p"):
        names = _lobby_names(page, rid)
        ids = [p.id for p in ruleset_spec(rid).patterns]
        for row in NAMES:
            if row[0] == rid:
                assert names[ids.index(row[1])] == row[column], (lang, row)
        # No character of the other script that the conversion covers is left.
        hant, hans = "[門對槓風開羅連雞搶撈寶燈蓮帶]", "[门对杠风开罗连鸡抢捞宝灯莲带]"
        other = hant if lang == "zh-Hans" else hans
        assert not re.search(other, "".join(names)), (lang, rid, names)

"""The third player audit of the browser table, end to end: what a player saw go wrong and
now sees right.

* A table with a timer deals the next hand by itself when the timer runs out, but the
  end-of-hand panel covered the board's countdown: the panel vanished without warning.  The
  panel now counts down to the next deal.
* In Chinese, the pattern lists (the lobby's and the table's Patterns window) showed the
  ruleset data's English category headings, a guest who gave no name was "Guest", and the
  leaderboard named bots by their level id ("bot · expert", "电脑 · expert").
* The header's "Sign out" only opened the account page, still signed in.
* The profile counted "1 Games".
"""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from tablekit import (
    open_lobby,
    play_until_hand_end,
    show_lobby_patterns,
    sign_up,
    start_table,
)

import tingpai

pytestmark = pytest.mark.slow

LATIN = re.compile(r"[A-Za-z]")


def _me(page: Any) -> Any:
    return page.evaluate("fetch('/api/me').then((r) => r.json())")["account"]


def test_the_hand_end_panel_counts_down_to_the_next_deal_on_a_timed_table(
    server: Any, page: Any
) -> None:
    open_lobby(page, server.url)
    page.check("input[name=rules][value=hu-2p]")
    page.select_option("select[name=timer]", "10")
    page.click("#start")
    page.wait_for_function("location.hash.startsWith('#/table/')")
    table_id = str(page.evaluate("location.hash").rsplit("/", 1)[1])
    page.wait_for_selector(".hand.mine .tile")
    play_until_hand_end(page)
    table = server.table(table_id)
    assert table.timer == 10 and table.ready_deadline is not None

    # The countdown is on the panel, in front (the board's timer lies under the panel).
    countdown = page.locator(".hand-panel ~ .panel-actions #panel-timer")
    countdown.wait_for()
    text = countdown.inner_text()
    match = re.fullmatch(r"Next hand in (\d+) s", text)
    assert match, text
    shown = int(match.group(1))
    assert abs(shown - (table.ready_deadline - time.time())) <= 1.5
    assert page.evaluate("""() => { const n = document.getElementById('panel-timer');
        const r = n.getBoundingClientRect();
        const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        return r.width > 0 && n.contains(top); }""")
    # It counts down, in the page's language.
    page.wait_for_function(
        f"/^Next hand in (\\d+) s$/.test(document.getElementById('panel-timer').textContent)"
        f" && Number(document.getElementById('panel-timer').textContent.match(/\\d+/)[0])"
        f" < {shown}", timeout=5000)
    page.select_option("#lang", "zh-Hans")
    page.wait_for_selector("#panel-timer:has-text('秒后开始下一局')")
    page.select_option("#lang", "en")
    # And what it announces happens: the next hand is dealt without a click.
    page.wait_for_selector(".hand-panel", state="detached", timeout=20000)
    page.wait_for_selector(".table-title:has-text('Hand 2')")
    assert len(table.match.hands) == 2


def test_pattern_categories_are_named_in_chinese_in_the_lobby_and_at_the_table(
    server: Any, page: Any
) -> None:
    open_lobby(page, server.url)
    page.select_option("#lang", "zh-Hans")
    page.wait_for_selector("#start:has-text('开桌')")
    rules_by_id = {r["id"]: r for r in page.evaluate(
        "fetch('/api/rules').then((r) => r.json())")}
    for rid in tingpai.ruleset_ids():
        show_lobby_patterns(page, rid)
        heads = page.locator(".patterns-list h4.pattern-category")
        expected = list(dict.fromkeys(p["category"] for p in rules_by_id[rid]["patterns"]))
        page.wait_for_function(
            "(n) => document.querySelectorAll('.patterns-list h4.pattern-category').length === n",
            arg=len(expected))
        assert heads.evaluate_all("(hs) => hs.map((h) => h.dataset.category)") == expected
        shown = heads.all_inner_texts()
        assert not [s for s in shown if LATIN.search(s)], (rid, shown)
    # Traditional Chinese converts them too, and English keeps the data's names.
    page.select_option("#lang", "zh-Hant")
    page.check("input[name=rules][value=hu-4p]")
    page.wait_for_selector(".patterns-list h4.pattern-category:has-text('順子')",
                           state="attached")
    page.select_option("#lang", "en")
    page.wait_for_selector(".patterns-list h4.pattern-category:has-text('Sequences')",
                           state="attached")

    # The table's Patterns window.
    start_table(page, server.url, "hk-4p")
    page.wait_for_selector(".hand.mine .tile")
    page.select_option("#lang", "zh-Hans")
    page.click("#patterns")
    page.wait_for_selector(".patterns-modal")
    shown = page.locator(".patterns-modal h4.pattern-category").all_inner_texts()
    assert shown and "1 番" in shown
    assert not [s for s in shown if LATIN.search(s)], shown


def test_table_options_are_labelled_and_explained_in_the_page_language(
    server: Any, page: Any
) -> None:
    # The lobby's table options showed their ids ("multiple winners", "temporary furiten")
    # with English explanations whatever the language.  Every option of every ruleset now
    # has a label for people (Chinese in Chinese, no Latin letter), an explanation, and its
    # id in the tooltip; the input keeps the id the server reads.
    open_lobby(page, server.url)
    for language in ("en", "zh-Hans", "zh-Hant"):
        page.select_option("#lang", language)
        for rid in tingpai.ruleset_ids():
            page.check(f"input[name=rules][value={rid}]")
            options = page.locator("details.options .option-grid > .option")
            page.wait_for_function(
                "() => document.querySelectorAll('details.options .option-grid > .option')"
                ".length > 0")
            rows = options.evaluate_all("""(os) => os.map((o) => ({
                id: o.querySelector('.option-set, input, select').name,
                label: o.querySelector('.option-name').textContent,
                doc: o.querySelector('.option-doc').textContent,
                title: o.title}))""")
            assert len(rows) >= 8, (rid, rows)
            for row in rows:
                assert row["doc"].strip() and row["title"].startswith(row["id"] + ":"), row
                if language == "en":
                    assert "_" not in row["label"] and row["label"][0].isupper(), row
                else:
                    assert not LATIN.search(row["label"]), (language, rid, row)
                    assert re.search("[\u4e00-\u9fff]", row["doc"]), (language, rid, row)
    page.select_option("#lang", "zh-Hant")
    page.check("input[name=rules][value=hu-4p]")
    assert "一炮多響" in page.locator(
        ".option:has([name=multiple_winners]) .option-name").text_content()
    # Defaults read as a player says them, not as JSON ("true", "null").
    assert page.locator(".option:has([name=flowers]) .option-default").text_content() == "默認: 開"
    assert page.locator(".option:has([name=max_hands]) .option-default").text_content() == "默認: –"


def test_a_guest_without_a_name_is_named_in_the_page_language(
    server: Any, page: Any
) -> None:
    table_id = start_table(page, server.url, "hu-4p")
    assert server.table(table_id).describe()["seats"][0]["name"] == "Guest"
    page.wait_for_selector(".hand.mine .tile")
    mine = ".seat.pos-bottom .seat-name"
    assert page.inner_text(mine).startswith("Guest")
    page.select_option("#lang", "zh-Hans")
    page.wait_for_selector(f"{mine}:has-text('游客')")
    assert "Guest" not in page.inner_text(mine)
    # The lobby's list of tables names the seat the same way.
    open_lobby(page, server.url)
    chips = page.locator(f".table-item[data-table='{table_id}'] .seat-chip")
    chips.first.wait_for()
    assert chips.first.inner_text() == "游客"
    page.select_option("#lang", "en")
    page.wait_for_selector(f".table-item[data-table='{table_id}'] .seat-chip:has-text('Guest')")


def test_a_name_typed_in_is_kept_as_typed(server: Any, page: Any) -> None:
    open_lobby(page, server.url)
    page.select_option("#lang", "zh-Hans")
    page.fill("#new-table input[name=name]", "Mei")
    page.locator("#new-table input[name=name]").dispatch_event("change")
    table_id = start_table(page, server.url, "hu-2p")
    assert server.table(table_id).describe()["seats"][0]["name"] == "Mei"
    page.wait_for_selector(".seat.pos-bottom .seat-name:has-text('Mei')")
    assert "游客" not in page.inner_text(".seat.pos-bottom .seat-name")


def test_the_header_sign_out_signs_out(server: Any, page: Any) -> None:
    name = sign_up(page, server.url, "r3p")
    assert _me(page)["name"] == name
    page.goto(server.url + "/#/leaderboard")
    page.click("#signout")
    page.wait_for_selector("#account a:has-text('Sign in')")
    assert _me(page) is None
    page.wait_for_selector("#signin")
    assert page.evaluate("location.hash") == "#/account"
    # Signing in again works from there.
    page.fill("input[name=name]", name)
    page.fill("input[name=password]", "correct horse battery")
    page.click("#signin")
    page.wait_for_selector(f"#account a:has-text('{name}')")
    assert _me(page)["name"] == name


def test_leaderboard_bots_and_profile_after_a_one_hand_game(server: Any, page: Any) -> None:
    name = sign_up(page, server.url, "r3p")
    table_id = start_table(page, server.url, "hu-2p", options={"max_hands": "1"})
    assert server.table(table_id).ruleset.options.max_hands == 1
    page.wait_for_selector(".hand.mine .tile")
    play_until_hand_end(page)
    page.wait_for_selector(".game-panel table.standings tr.me")

    page.goto(f"{server.url}/#/leaderboard/hu-2p")
    page.wait_for_selector(f"table.leaderboard a:has-text('{name}')")
    if not page.is_checked("#main input[type=checkbox]"):
        page.click("#main input[type=checkbox]")
    bot = page.locator("table.leaderboard tr.bot td:nth-child(2)")
    bot.first.wait_for()
    assert "bot · Expert" in bot.all_inner_texts()
    page.select_option("#lang", "zh-Hans")
    page.wait_for_function(
        "[...document.querySelectorAll('table.leaderboard tr.bot td:nth-child(2)')]"
        ".some((td) => td.textContent === '电脑 · 高手')")
    assert not [s for s in bot.all_inner_texts() if LATIN.search(s)]
    tab = page.locator(".tabs a.tab[href='#/leaderboard/hu-2p']")
    assert tab.get_attribute("title") == "胡牌麻将（2 人）"
    page.select_option("#lang", "en")

    page.goto(f"{server.url}/#/profile/{name}")
    page.wait_for_selector("table.ratings tr")
    row = page.locator("table.ratings tr:has(a[href='#/leaderboard/hu-2p'])")
    assert row.locator("td").nth(2).inner_text() == "1 game"


def test_the_lobby_pattern_lists_fit_a_phone(server: Any, browser: Any) -> None:
    # On a 390-px phone in Chinese the lobby scrolled sideways (its single grid column grew
    # to the pattern table's widest content) and the value column ("1 番") was cut off.
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True, device_scale_factor=2)
    try:
        phone = context.new_page()
        open_lobby(phone, server.url)
        phone.select_option("#lang", "zh-Hans")
        for rid in tingpai.ruleset_ids():
            show_lobby_patterns(phone, rid)
            phone.wait_for_selector(".patterns-list table.patterns")
            widths = phone.evaluate("""() => ({
                page: document.documentElement.scrollWidth,
                list: document.querySelector('.patterns-list').clientWidth,
                tables: Math.max(...[...document.querySelectorAll('.patterns-list table.patterns')]
                                 .map((t) => t.scrollWidth))})""")
            assert widths["page"] <= 390, (rid, widths)
            assert widths["tables"] <= widths["list"], (rid, widths)
    finally:
        context.close()

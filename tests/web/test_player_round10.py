"""The tenth player audit of the browser table, end to end.

* The lobby's finished games list stopped at 20 of the 100 the server keeps, with no way to
  the others; it now ends with a button that shows them, and says so when there is none.
* Traditional Chinese wrote 注冊 (sign up) and 占用 (taken), converting character by
  character; Hong Kong and Taiwan write 註冊 and 佔用.
"""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest
from tablekit import open_lobby, sign_up
from test_player_round9 import _bot_game

pytestmark = pytest.mark.slow


def _finished(url: str) -> list[dict[str, Any]]:
    with urllib.request.urlopen(f"{url}/api/tables?status=finished", timeout=10) as answer:
        return list(json.load(answer))


def _serve_finished(page: Any, tables: list[dict[str, Any]]) -> None:
    """The page's finished list answered with ``tables`` (the server's shapes)."""
    page.route("**/api/tables?status=finished", lambda route: route.fulfill(
        status=200, content_type="application/json", body=json.dumps(tables)))


def test_the_lobby_shows_every_finished_game_the_server_keeps(
        server: Any, page: Any) -> None:
    _bot_game(server.url, ["bot:random"] * 4)
    real = _finished(server.url)[0]
    # 35 finished games, newest first, as the server lists them (it keeps up to 100).
    tables = [{**real, "id": f"game{n:02d}"} for n in range(35)]
    _serve_finished(page, tables)
    open_lobby(page, server.url)
    items = page.locator(".table-list.finished .table-item")
    items.first.wait_for()
    assert items.count() == 20
    assert items.first.locator("a[href='#/replay/game00']").count() == 1
    more = page.locator(".table-list.finished button.more-finished")
    assert more.inner_text() == "Show the other 15"
    more.click()
    assert items.count() == 35
    assert items.last.locator("a[href='#/replay/game34']").count() == 1
    assert more.count() == 0


def test_twenty_finished_games_need_no_button_and_none_says_so(
        server: Any, page: Any) -> None:
    _bot_game(server.url, ["bot:random"] * 4)
    real = _finished(server.url)[0]
    _serve_finished(page, [{**real, "id": f"game{n:02d}"} for n in range(20)])
    open_lobby(page, server.url)
    items = page.locator(".table-list.finished .table-item")
    items.first.wait_for()
    assert items.count() == 20
    assert page.locator("button.more-finished").count() == 0
    page.unroute("**/api/tables?status=finished")
    _serve_finished(page, [])
    page.select_option("#lang", "zh-Hans")
    page.wait_for_selector(".table-list.finished p.muted")
    assert page.locator(".table-list.finished").inner_text() == "还没有已结束的对局。"


def test_traditional_chinese_writes_register_and_taken_as_taiwan_and_hong_kong_do(
        server: Any, page: Any, browser: Any) -> None:
    """注册 is 註冊 and 占用 is 佔用 in traditional characters (a character-by-character
    conversion wrote 注冊 and 占用)."""
    name = sign_up(page, server.url, "taken")
    other = browser.new_page()
    try:
        other.goto(server.url + "/#/account")
        other.wait_for_selector("#signup")
        other.select_option("#lang", "zh-Hant")
        other.wait_for_selector("#signup:has-text('註冊')")
        assert other.locator("#signup").inner_text() == "註冊"
        other.fill("input[name=name]", name)
        other.fill("input[name=password]", "correct horse battery")
        other.click("#signup")
        other.wait_for_selector("text=已被佔用")
        assert "占" not in other.locator("body").inner_text()
    finally:
        other.close()

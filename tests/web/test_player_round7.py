"""The seventh player audit of the browser table, end to end.

* Keyboard play: a player who reached a call button with Tab (the page's own order: the
  toolbar, then the decision's buttons) and pressed Space to take it passed the claim
  instead (Space is the table's "pass" key), and Enter did nothing at all (the table's
  Enter key, "discard the selected tile", swallowed it); at the end of a game Enter on
  "Watch the replay" did not open it.  A button or link reached with the keyboard now does
  what it says on Enter and Space; the table's keys still work everywhere else.
* On a slow connection, a player who tapped "Sign in" (or "Leaderboard") while the lobby was
  still loading saw the lobby come back over the page they had opened, the header still
  naming that page.  A table link left before the table had loaded still opened the seat's
  socket in the background, its keys live on the next page (Space passing the seat's
  claims there).  A page still loading when the player moves on now draws nowhere, and a
  table or replay left while loading opens no socket and takes no keys.
* On a phone the end-of-game standings' headings broke a character a line in Chinese (名
  over 次) and names inside a word; headings now keep to one line.
"""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from scenario import wait_for
from tablekit import open_lobby, start_table
from test_player_round6 import dealer_wins  # noqa: F401  (a fixture)
from test_table_fixes import MY_MELDS, Scenario, laid_out  # noqa: F401  (a fixture)

pytestmark = pytest.mark.slow


def tab_to(page: Any, selector: str, presses: int = 40) -> None:
    """Press Tab until the focus is on ``selector`` (as a keyboard player does)."""
    for _ in range(presses):
        page.keyboard.press("Tab")
        if page.evaluate("(s) => document.activeElement && document.activeElement.matches(s)",
                         selector):
            return
    raise AssertionError(f"Tab never reached {selector}")


@pytest.mark.parametrize("key", ["Space", "Enter"])
def test_a_call_button_reached_with_tab_takes_the_call(
        server: Any, page: Any, laid_out: None, key: str) -> None:  # noqa: F811
    game = Scenario(server, page)
    try:
        game.opening()
        page.wait_for_selector("button.call-pung")  # seat 1 throws 5z
        tab_to(page, "button.call-pung")
        page.keyboard.press(key)
        page.wait_for_selector(f"{MY_MELDS}", timeout=10000)
        assert page.locator(MY_MELDS).count() == 1
        tiles = page.locator(MY_MELDS).locator(".tile").evaluate_all(
            "(ts) => ts.map((t) => t.dataset.tile)")
        assert tiles == ["5z"] * 3, tiles
        # The table's own keys still work where no button has the focus: after the pung,
        # a tile picked with the arrows is discarded with Enter.
        page.evaluate("document.activeElement && document.activeElement.blur()")
        before = page.locator(".pos-bottom .pond .tile").count()
        page.keyboard.press("ArrowLeft")
        page.keyboard.press("Enter")
        wait_for(lambda: page.locator(".pos-bottom .pond .tile").count() > before,
                 what="the discard by Enter")
    finally:
        game.close()


def test_enter_on_the_replay_link_at_the_game_end_opens_the_replay(
        server: Any, page: Any, dealer_wins: None) -> None:  # noqa: F811
    table_id = start_table(page, server.url, "hk-fanlaak-0", options={"max_hands": "1"})
    page.click("button.call.win", timeout=15000)
    page.wait_for_selector(".game-panel #replay-link", timeout=30000)
    tab_to(page, "#replay-link")
    page.keyboard.press("Enter")
    page.wait_for_function(f"location.hash.startsWith('#/replay/{table_id}')", timeout=10000)
    page.wait_for_selector(".replay-page")


def _slow(page: Any, part: str, seconds: float) -> None:
    """The page's requests whose address holds ``part`` are answered ``seconds`` late (a
    slow phone connection), from the next page load on."""
    script = """(() => {
        const real = window.fetch;
        window.fetch = async (...args) => {
            if (String(args[0]).includes(PART)) await new Promise((r) => setTimeout(r, MS));
            return real(...args);
        };
    })()"""
    page.add_init_script(script.replace("PART", json.dumps(part)).replace(
        "MS", str(int(seconds * 1000))))


@pytest.mark.parametrize(("link", "shown"), [
    ("#account a.account-link", ".account-page #signup"),
    ("#nav a[data-nav='#/leaderboard']", ".board-page .tabs"),
])
def test_a_page_opened_while_the_lobby_loads_stays_on_screen(
        server: Any, page: Any, link: str, shown: str) -> None:
    _slow(page, "/api/bots", 2.0)
    page.goto(server.url + "/")
    page.wait_for_selector(link)
    assert page.locator("#new-table").count() == 0  # the lobby is still loading
    page.click(link)
    page.wait_for_selector(shown)
    page.wait_for_timeout(3000)  # the lobby's answer has come meanwhile
    assert page.locator(shown).is_visible()
    assert page.locator("#new-table").count() == 0


def test_a_table_left_while_loading_opens_no_socket(server: Any, page: Any) -> None:
    table_id = start_table(page, server.url, "hu-4p")
    page.wait_for_selector(".hand.mine .tile")
    page.click("#nav a[data-nav='#/']")
    _slow(page, f"/api/tables/{table_id}", 2.0)
    page.reload()
    page.wait_for_selector("#new-table #start")
    sockets: list[str] = []
    page.on("websocket", lambda ws: sockets.append(ws.url))
    page.evaluate(f"location.hash = '#/table/{table_id}'")
    time.sleep(0.3)
    page.click("#nav a[data-nav='#/leaderboard']")
    page.wait_for_selector(".board-page .tabs")
    page.wait_for_timeout(3500)
    assert not [u for u in sockets if table_id in u], sockets
    assert page.locator(".board-page .tabs").is_visible()
    assert page.locator(".table-page").count() == 0


def test_the_phone_standings_write_each_heading_on_one_line(
        server: Any, page: Any, dealer_wins: None) -> None:  # noqa: F811
    """On a phone the end-of-game standings' headings broke a character a line in Chinese
    (名 over 次, 等級 over 分) and the bots' names inside a word (高 / 手)."""
    page.set_viewport_size({"width": 390, "height": 844})
    open_lobby(page, server.url)
    page.select_option("#lang", "zh-Hant")
    start_table(page, server.url, "hk-fanlaak-0", options={"max_hands": "1"})
    page.click("button.call.win", timeout=15000)
    page.wait_for_selector(".game-panel table.standings tr[data-seat]", timeout=30000)
    cells = page.evaluate("""() => [...document.querySelectorAll(
            '.game-panel table.standings th, .game-panel table.standings td')].map((c) => {
        const range = document.createRange();
        range.selectNodeContents(c);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        // The lines the word 高手 ("expert") spans, where the cell holds it.
        const node = c.firstChild;
        const at = node && node.nodeType === 3 ? node.data.indexOf('高手') : -1;
        let word = 0;
        if (at >= 0) {
            const w = document.createRange();
            w.setStart(node, at);
            w.setEnd(node, at + 2);
            word = new Set([...w.getClientRects()].map((r) => Math.round(r.top))).size;
        }
        return {text: c.textContent, th: c.tagName === 'TH', lines: lines.size, word};
    })""")
    heads = [c for c in cells if c["th"]]
    assert len(heads) == 6, heads  # place, player, score, net, money, rating
    assert all(c["lines"] == 1 for c in heads), heads
    names = [c for c in cells if "電腦" in c["text"]]
    assert names and all(c["word"] == 1 for c in names), names
    page.screenshot(path="/tmp/r7shots/standings-phone-zh-hant.png")

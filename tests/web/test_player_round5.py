"""The fifth player audit of the browser table, end to end: playing every ruleset family
against bots, with a friend, watching, replaying, on a phone and in Chinese, what a player
saw go wrong and now sees right.

* At the end of a game whose host changed the starting points, the standings' "Net" column
  counted from the ruleset's default starting points (a hu-2p table started at 50000 showed
  +10000 for a player who ended on 50000).
* The hint's best discards list, while the hand is not ready, kept the improving tiles in a
  tooltip written in the record's notation ("2m 5m 3z"), whatever the page's language.
* The end-of-hand pattern table put its "Value" heading at the left of its column, away from
  the right-aligned values under it.
* Switching the language in the lobby redrew the new-table form from scratch: the seats, the
  timer, the game length, the private box and the table options already filled in were lost.
"""

from __future__ import annotations

import contextlib
import json
import re
import time
import urllib.request
from typing import Any

import pytest
from scenario import wait_for
from tablekit import next_hand, open_lobby, play_until_hand_end, start_table, take_turn

pytestmark = pytest.mark.slow

NOTATION = re.compile(r"\b\d[mpszf]\b")


def _get(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=10) as answer:
        return json.load(answer)


def test_the_game_end_net_counts_from_the_table_starting_points(
    server: Any, page: Any
) -> None:
    """A hu-2p table started at 50000 points (a lobby option) ended with the standings'
    "Net" column counted from the ruleset's 40000: +10000 for a player back on 50000."""
    table_id = start_table(page, server.url, "hu-2p",
                           options={"start_points": "50000", "max_hands": "1"})
    assert server.table(table_id).ruleset.options.start_points == 50000
    page.wait_for_selector(".hand.mine .tile")
    play_until_hand_end(page)
    page.wait_for_selector(".game-panel table.standings tr[data-seat]")
    rows = page.locator(".game-panel table.standings tr[data-seat]").evaluate_all(
        "(rs) => rs.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent))")
    assert len(rows) == 2
    for row in rows:
        score, net = int(row[2]), int(row[3])
        assert net == score - 50000, row
    # The replay's standings (the server's net) say the same.
    game = _get(f"{server.url}/api/tables/{table_id}/replay")
    assert sorted(game["net"]) == sorted(int(r[3]) for r in rows)


def test_the_hint_names_improving_tiles_in_the_page_language(server: Any, page: Any) -> None:
    """Hovering a best discard's live count (a hand not yet ready) showed the improving
    tiles as "2m 5m 6m 3p 1z" in English and in Chinese alike."""
    page.goto(server.url + "/")
    page.evaluate("localStorage.setItem('tingpai.hints', '1')")
    start_table(page, server.url, "hu-4p")
    page.wait_for_selector(".hand.mine .tile")
    cell = page.locator("#hint table.best-discards td[title]")
    titles: list[str] = []
    for _ in range(40):
        wait_for(lambda: page.locator(
            ".hand.mine .tile.playable, button.call, #next-hand").count() > 0,
            timeout=30, what="a decision or the hand's end")
        if page.locator("#next-hand").count():
            next_hand(page)
            continue
        if page.locator(".hand.mine .tile.playable").count():
            with contextlib.suppress(Exception):  # a ready hand lists waits instead
                cell.first.wait_for(timeout=5000)
            titles = cell.evaluate_all("(cs) => cs.map((c) => c.title)")
            if titles:
                break
        take_turn(page, win=False)
        time.sleep(0.2)
    assert titles, "the hint showed no improving tiles"
    for title in titles:
        assert title and not NOTATION.search(title), titles
        assert re.search(r"\d (Characters|Dots|Bamboo)|East|South|West|North|White|Green|Red",
                         title), titles
    page.select_option("#lang", "zh-Hant")
    page.wait_for_selector("#hint h3:has-text('提示')")
    shown = cell.evaluate_all("(cs) => cs.map((c) => c.title)")
    assert shown and all(re.search("[萬筒條東南西北白發中]", s) for s in shown), shown
    assert not any(NOTATION.search(s) for s in shown), shown
    page.select_option("#lang", "en")


def test_the_value_heading_sits_over_the_values(server: Any, page: Any) -> None:
    """The end-of-hand pattern table's "Value" heading was left-aligned while the values
    under it were right-aligned: on a desktop the heading floated in the middle of the
    panel, a hand's width from its numbers."""
    request = urllib.request.Request(
        f"{server.url}/api/tables", method="POST", headers={"content-type": "application/json"},
        data=json.dumps({"rules": "hu-4p", "options": {"max_hands": 4},
                         "seats": ["bot:expert"] * 4}).encode())
    with urllib.request.urlopen(request, timeout=10) as answer:
        table_id = str(json.load(answer)["table"])
    wait_for(lambda: _get(f"{server.url}/api/tables/{table_id}")["status"] == "finished",
             timeout=120, what="the bots' game to finish")
    hands = _get(f"{server.url}/api/tables/{table_id}/replay")["hands"]
    won = [i for i, h in enumerate(hands) if h["result"] == "win"]
    if not won:
        pytest.skip("four experts drew every hand: no pattern table to look at")
    page.goto(f"{server.url}/#/replay/{table_id}/{won[0]}")
    page.wait_for_selector("#replay-step:has-text('Step 0 /')")
    page.keyboard.press("End")
    page.wait_for_selector(".hand-panel table.patterns th.num")
    edges = page.evaluate("""() => {
        const table = document.querySelector('.hand-panel table.patterns');
        const text = (n) => { const r = document.createRange(); r.selectNodeContents(n);
                              return r.getBoundingClientRect(); };
        const head = table.querySelector('th.num');
        const value = table.querySelector('tr[data-pattern] td.num');
        return {head: text(head).right, value: text(value).right,
                align: getComputedStyle(head).textAlign};
    }""")
    assert edges["align"] == "right", edges
    assert abs(edges["head"] - edges["value"]) <= 2, edges


def test_switching_the_language_keeps_the_new_table_form(server: Any, page: Any) -> None:
    """A player who had set up a table (a seat for a friend, a 20-second timer, one round,
    private, 25000 starting points) and then switched the page to Chinese found the form
    back to its defaults."""
    open_lobby(page, server.url)
    page.check("input[name=rules][value=hu-4p]")
    page.select_option("select[name=seat2]", "human")
    page.select_option("select[name=seat3]", "bot:greedy")
    page.select_option("select[name=timer]", "20")
    page.check("input[name=length][value=round]")
    page.check("input[name=private]")
    page.click("details.options summary")
    page.fill(".option input[name=start_points]", "25000")
    page.uncheck(".option input[name=furiten]")
    page.select_option("#lang", "zh-Hans")
    page.wait_for_selector("#start:has-text('开桌')")
    assert page.is_checked("input[name=rules][value=hu-4p]")
    assert page.input_value("select[name=seat1]") == "bot:expert"
    assert page.input_value("select[name=seat2]") == "human"
    assert page.input_value("select[name=seat3]") == "bot:greedy"
    assert page.input_value("select[name=timer]") == "20"
    assert page.is_checked("input[name=length][value=round]")
    assert page.is_checked("input[name=private]")
    assert page.evaluate("document.querySelector('details.options').open")
    assert page.input_value(".option input[name=start_points]") == "25000"
    assert not page.is_checked(".option input[name=furiten]")
    # And the table started from it is the one set up.
    page.click("#start")
    page.wait_for_function("location.hash.startsWith('#/table/')")
    table_id = str(page.evaluate("location.hash").rsplit("/", 1)[1])
    info = server.table(table_id).describe()
    assert info["timer"] == 20 and info["private"]
    assert [s["kind"] for s in info["seats"]] == ["human", "bot", "human", "bot"]
    options = server.table(table_id).ruleset.options
    assert options.start_points == 25000 and options.furiten is False and options.rounds == 1
    page.select_option("#lang", "en")



def test_your_own_concealed_kong_is_logged_with_its_tiles(server: Any, page: Any) -> None:
    """The log read "You declare a concealed kong" with no tile, though the player knows
    it (another seat's concealed kong stays without its tiles: they are hidden)."""
    page.goto(server.url + "/")
    lines = page.evaluate("""async () => {
      const table = await import('/static/js/table.js');
      const i18n = await import('/static/js/i18n.js');
      const entry = { key: 'log.ckong', seat: 0, tiles: ['7z', '7z', '7z', '7z'] };
      const out = [];
      for (const code of ['en', 'zh-Hans', 'zh-Hant']) {
        i18n.setLanguage(code);
        out.push(table.logText(entry, ['me', 'bot'], 0), table.logText(entry, ['me', 'bot'], 1));
      }
      i18n.setLanguage('en');
      return out;
    }""")
    mine_en, theirs_en, mine_hans, theirs_hans, mine_hant, theirs_hant = lines
    assert mine_en.startswith("You declare a concealed kong of ") and "Red" in mine_en, lines
    assert theirs_en == "me declares a concealed kong", lines
    assert mine_hans.startswith("你 暗杠 ") and "中" in mine_hans, lines
    assert theirs_hans == "me 暗杠" and theirs_hant == "me 暗槓", lines
    assert mine_hant.startswith("你 暗槓 "), lines

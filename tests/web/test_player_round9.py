"""The ninth player audit of the browser table, end to end.

* Space, the table's pass key, passed an offer that included a win at one press: a player
  reaching for it out of habit on a claim threw the win away.  Escape no longer does
  (round 8); Space now asks first ("press Space again to pass the win") and passes at the
  second press.  An ordinary claim is still passed at one press.
* The lobby's finished games showed only a list of scores ("31200 / 28800 / ..."): not who
  played nor when.  Each now names its seats with their scores and the time it ended; a
  profile's games show when they ended too.
* The game log and the replay joined a call's tile names with spaces ("You chow 3 Dots
  4 Dots 5 Dots"): they are now listed as the hint lists them ("3 Dots, 4 Dots, 5 Dots").
"""

from __future__ import annotations

import json
import re
import urllib.request
from typing import Any

import pytest
from scenario import wait_for
from tablekit import open_lobby, sign_up
from test_table_fixes import Scenario, laid_out  # noqa: F401  (a fixture)

pytestmark = pytest.mark.slow


def _get(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=10) as answer:
        return json.load(answer)


def _blur(page: Any) -> None:
    page.evaluate("document.activeElement && document.activeElement.blur()")


def _passed(server: Any, table_id: str) -> bool:
    hand = server.table(table_id).match.hand
    return any(a.seat == 0 and a.kind.value == "pass" for a in hand.history)


# -- 1. Space passes a win only when pressed twice -------------------------------------------


def test_space_passes_a_win_on_offer_only_at_the_second_press(
        server: Any, page: Any, laid_out: None) -> None:  # noqa: F811
    game = Scenario(server, page)
    try:
        game.to_ready()
        game.discard("9p")  # ready on 6m; seat 1 throws 6m
        page.wait_for_selector("button.call.win", timeout=15000)
        _blur(page)
        page.keyboard.press("Space")
        page.wait_for_selector("#toast.show:has-text('press Space again')", timeout=5000)
        page.wait_for_timeout(1000)
        hand = server.table(game.table_id).match.hand
        assert not hand.is_over
        assert "ron" in {a.kind.value for a in hand.legal_actions(0)}
        assert not _passed(server, game.table_id)
        assert page.locator("button.call.win").count() == 1
        page.keyboard.press("Space")
        wait_for(lambda: _passed(server, game.table_id), timeout=10, what="the pass")
        assert not any(a.seat == 0 and a.kind.value == "ron" for a in hand.history)
    finally:
        game.close()


def test_space_still_passes_an_ordinary_claim_at_one_press(
        server: Any, page: Any, laid_out: None) -> None:  # noqa: F811
    game = Scenario(server, page)
    try:
        game.opening()
        page.wait_for_selector("button.call-pung")  # seat 1 throws 5z
        assert page.locator("button.call.win").count() == 0
        _blur(page)
        page.keyboard.press("Space")
        wait_for(lambda: _passed(server, game.table_id), timeout=10, what="the pass")
        assert not server.table(game.table_id).match.hand.melds(0)
    finally:
        game.close()


# -- 2. Finished games say who played and when ------------------------------------------------


def _bot_game(url: str, seats: list[str]) -> str:
    """A one-hand hu-4p game of the given seats, played out by the server; its id."""
    request = urllib.request.Request(
        f"{url}/api/tables", method="POST", headers={"content-type": "application/json"},
        data=json.dumps({"rules": "hu-4p", "options": {"max_hands": 1},
                         "seats": seats}).encode())
    with urllib.request.urlopen(request, timeout=10) as answer:
        table_id = str(json.load(answer)["table"])
    wait_for(lambda: _get(f"{url}/api/tables/{table_id}")["status"] == "finished",
             timeout=120, what="the bots' game to finish")
    return table_id


def test_the_finished_list_names_the_seats_with_their_scores_and_the_time(
        server: Any, page: Any) -> None:
    table_id = _bot_game(server.url, ["bot:greedy", "bot:value", "bot:expert", "bot:random"])
    listed = {t["id"]: t for t in _get(f"{server.url}/api/tables?status=finished")}
    assert [s["bot"] for s in listed[table_id]["seats"]] == ["greedy", "value", "expert", "random"]
    assert [s["seat"] for s in listed[table_id]["seats"]] == [0, 1, 2, 3]
    scores = listed[table_id]["final_scores"]
    open_lobby(page, server.url)
    item = page.locator(f".table-list.finished .table-item:has(a[href='#/replay/{table_id}'])")
    item.wait_for()
    chips = item.locator(".seat-chip").all_inner_texts()
    assert len(chips) == 4
    levels = ["Greedy", "Value", "Expert", "Random"]
    for chip, level, score in zip(chips, levels, scores, strict=True):
        assert level.lower() in chip.lower(), chip
        assert chip.endswith(f"· {score}"), chip
    when = item.locator(".finished-at").inner_text()
    year = listed[table_id]["finished_at"][:4]
    assert year in when and re.search(r"\d{2}:\d{2}", when), when
    # In Chinese too, with a 24-hour clock (not 凌晨 2:37).
    page.select_option("#lang", "zh-Hant")
    item = page.locator(f".table-list.finished .table-item:has(a[href='#/replay/{table_id}'])")
    item.wait_for()
    when = item.locator(".finished-at").inner_text()
    assert year in when and re.search(r"\d{2}:\d{2}", when), when
    assert not re.search("[上下]午|凌晨|晚上", when), when


def test_a_profile_game_says_when_it_ended(server: Any, page: Any) -> None:
    name = sign_up(page, server.url, "when")
    # The account's browser creates a timed table with bots: its own seat is played by
    # the timer, so the game ends by itself.
    status = page.evaluate(
        """async () => {
             const r = await fetch('/api/tables', {method: 'POST', headers: {'content-type':
               'application/json'}, body: JSON.stringify({rules: 'hu-4p', timer: 0.1,
               options: {max_hands: 1}, seats: ['human', 'bot:greedy', 'bot:greedy',
               'bot:greedy']})});
             return r.status; }""")
    assert status == 201
    profile = f"{server.url}/api/accounts/{name}"
    wait_for(lambda: _get(profile)["games"], timeout=120, what="the account's game to end")
    game = _get(profile)["games"][0]
    page.goto(f"{server.url}/#/profile/{name}")
    row = page.locator("ul.games li", has=page.locator(f"a[href='#/replay/{game['table']}']"))
    row.wait_for()
    assert game["finished_at"][:4] in row.locator(".finished-at").inner_text()
    # ... under the ruleset's name, as the lobby and the live tables list name it
    assert row.locator("strong").inner_text() == "Hu Mahjong (4 players)"


# -- 4. A superseded pattern shows its count ---------------------------------------------------


def test_a_superseded_pattern_shows_how_many_it_counted(server: Any, page: Any) -> None:
    """Big Three Dragons supersedes three Value Triplets: the panel's row read "Value
    Triplet (superseded by Big Three Dragons)", as if one, where a counted row says ×3."""
    import random as random_module

    import tingpai
    from tingpai.engine.summary import hand_summary

    hand = tingpai.Hand("hu-4p", seed=1417)  # greedy bots: a win of Big Three Dragons
    bots = [tingpai.find_bot("greedy", random_module.Random(s)) for s in range(4)]
    while not hand.is_over:
        seat = hand.to_act()[0]
        hand.apply(bots[seat].act(hand.observe(seat)))
    summary = hand_summary(hand)
    superseded = {s["id"]: s["count"] for w in summary["winners"] for s in w["superseded"]}
    assert superseded.get("value_triplet") == 3, superseded
    open_lobby(page, server.url)
    rows = page.evaluate("""async (summary) => {
      const panel = await import('/static/js/panel.js');
      const node = panel.handPanel({ me: null, names: ['A', 'B', 'C', 'D'], revealAll: true },
                                   summary);
      document.body.append(node);
      return [...node.querySelectorAll('tr.superseded .pattern-main')].map((n) => n.textContent);
    }""", summary)
    assert "Value Triplet ×3" in rows, rows
    assert all("×" not in r for r in rows if not r.startswith("Value Triplet")), rows


# -- 5. Chinese account names ------------------------------------------------------------------


def test_a_player_signs_up_with_a_chinese_name_and_opens_the_profile(
        server: Any, page: Any) -> None:
    name = sign_up(page, server.url, "张三")
    page.click(f"#account a:has-text('{name}')")
    page.wait_for_selector(f"h2:has-text('{name}')")
    assert page.evaluate("decodeURIComponent(location.hash)") == f"#/profile/{name}"
    # A name with a space is refused with the rule and, in English, what was wrong.
    page.evaluate("fetch('/api/session', {method: 'DELETE'})")
    page.goto(server.url + "/#/account")
    page.reload()
    page.wait_for_selector("#signup")
    page.fill("input[name=name]", "张 三")
    page.fill("input[name=password]", "correct horse battery")
    page.click("#signup")
    toast = page.locator("#toast.show")
    toast.wait_for()
    text = toast.inner_text()
    assert text.startswith("A name is 3 to 24 letters (2 will do for a Chinese name)"), text
    assert "space" in text.split("without spaces", 1)[1], text

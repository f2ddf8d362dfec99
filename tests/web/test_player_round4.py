"""The fourth player audit of the browser table, end to end: what a player saw go wrong and
now sees right.

* The replay named a chow in the record's notation ("chows 234s") and a pung or kong by
  nobody's tiles ("bot 4 pungs"); a pass that ended a hand read "Guest: pass".
* Holding the replay's forward key at the end of a hand skipped whole hands (each press
  fetched the hand after the one still on its way); Page Down on the last hand threw away
  the step shown.
* The replay's end-of-game standings were dark text straight on the dark felt.
* In traditional Chinese the tiles were named in simplified characters (4条, 3万, 发).
* The server's refusals reached the page in English whatever its language ("wrong name or
  password"), and named seats from 0 ("seat 1 is taken" for the page's seat 2).
* A reload in the middle of a hand emptied the log.
* The lobby offered "Watch" for a table the player sits at; the profile did not list the
  tables an account plays; a signed-in player on another browser could only watch their
  own seat.
"""

from __future__ import annotations

import json
import re
import time
import urllib.request
from typing import Any

import pytest
from scenario import take_seat, wait_for
from tablekit import next_hand, open_lobby, sign_up, start_table, take_turn

pytestmark = pytest.mark.slow

NOTATION = re.compile(r"\b\d+[mpszf]\b")
SIMPLIFIED = set("万条发东兰")


def _get(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=10) as answer:
        return json.load(answer)


def _bot_game(url: str, hands: int = 3) -> str:
    """A hu-4p game of four bots, played out by the server; its id once it is finished."""
    request = urllib.request.Request(
        f"{url}/api/tables", method="POST", headers={"content-type": "application/json"},
        data=json.dumps({"rules": "hu-4p", "options": {"max_hands": hands},
                         "seats": ["bot:expert"] * 4}).encode())
    with urllib.request.urlopen(request, timeout=10) as answer:
        table_id = str(json.load(answer)["table"])
    wait_for(lambda: _get(f"{url}/api/tables/{table_id}")["status"] == "finished",
             timeout=120, what="the bots' game to finish")
    return table_id


def _wait_to_act(page: Any, timeout: float = 30.0) -> None:
    wait_for(lambda: page.locator(".hand.mine .tile.playable, button.call").count() > 0,
             timeout=timeout, what="a decision")


@pytest.fixture(scope="module")
def finished_game(server: Any) -> str:
    return _bot_game(server.url)


def test_the_replay_names_calls_by_their_tiles_like_the_live_log(
    server: Any, page: Any, finished_game: str
) -> None:
    game = _get(f"{server.url}/api/tables/{finished_game}/replay")
    names = {"m": "Characters", "p": "Dots", "s": "Bamboo"}
    honours = ["East", "South", "West", "North", "White", "Green", "Red"]

    def spoken(tile: str) -> str:
        n, suit = int(tile[0]), tile[1]
        return honours[n - 1] if suit == "z" else f"{n} {names[suit]}"

    calls = 0
    for number in range(len(game["hands"])):
        steps = _get(f"{server.url}/api/tables/{finished_game}/replay/{number}")["steps"]
        page.goto(f"{server.url}/#/replay/{finished_game}/{number}")
        page.wait_for_selector(f"#replay-step:has-text('Step 0 / {len(steps) - 1}')")
        for i, step in enumerate(steps):
            action = step["action"]
            if i % 10 and not (action and action["do"] not in ("discard", "flower")):
                continue  # every call, pass and win, and a sample of the rest
            if i:
                # Drag the step slider there, as a player does.
                page.locator(".replay-slider").evaluate(
                    "(s, i) => { s.value = String(i); s.dispatchEvent(new Event('input')); }", i)
                page.wait_for_selector(f"#replay-step:has-text('Step {i} /')")
            text = page.inner_text(".replay-action")
            assert text and not NOTATION.search(text), (number, i, action, text)
            assert not re.search(r": [a-z]+$", text), text
            if action and action["do"] in ("chow", "pung", "kong"):
                calls += 1
                if action["do"] == "chow":
                    tiles = [action["tiles"][k] + action["tiles"][-1] for k in range(3)]
                else:
                    size = 4 if action["do"] == "kong" else 3
                    tiles = [step["table"]["claim_tile"] or ""] * size
                    if not tiles[0]:
                        meld = step["table"]["melds"][action["seat"]][-1]["meld"].split()[1]
                        tiles = [d + meld[-1] for d in meld[:-1]]
                assert text.endswith(", ".join(spoken(t) for t in tiles)), (action, text)
    assert calls, "four experts made no call in the game: no call to check"


def test_holding_forward_at_the_end_of_a_hand_opens_the_next_hand_only(
    server: Any, page: Any, finished_game: str
) -> None:
    page.goto(f"{server.url}/#/replay/{finished_game}/0")
    page.wait_for_selector("#replay-step")
    page.keyboard.press("End")
    page.wait_for_function("location.hash.endsWith('/0')")
    # The address says /0 from the start: wait for End to reach the last step itself, or a
    # loaded machine's presses below only step within the hand.
    page.wait_for_function("""() => {
        const label = document.querySelector('#replay-step')?.textContent || '';
        const m = label.match(/(\\d+) \\/ (\\d+)/);
        return m !== null && m[1] === m[2]; }""")
    # A held key: more presses arrive while the next hand is on its way (held back here
    # until the presses are made).
    held: list[Any] = []
    pattern = f"**/api/tables/{finished_game}/replay/1"
    page.route(pattern, lambda route: held.append(route))
    for _ in range(6):
        page.keyboard.press("ArrowRight")
    for _ in range(200):  # the page's request reaches the route while Playwright waits
        if held:
            break
        page.wait_for_timeout(50)
    assert len(held) == 1, held
    for route in held:
        route.continue_()
    page.unroute(pattern)
    page.wait_for_selector("#replay-step:has-text('/')")
    page.wait_for_function("location.hash.endsWith('/1')")
    time.sleep(0.5)
    assert page.evaluate("location.hash").endswith(f"{finished_game}/1")
    assert page.input_value("#hand-picker") == "1"
    assert page.inner_text("#replay-step").startswith("Step 0 /")

    # Page Down on the last hand keeps the step shown.
    last = len(_get(f"{server.url}/api/tables/{finished_game}/replay")["hands"]) - 1
    page.select_option("#hand-picker", str(last))
    page.wait_for_function(f"location.hash.endsWith('/{last}')")
    page.wait_for_selector("#replay-step:has-text('Step 0 /')")
    page.click("#replay-next")
    page.click("#replay-next")
    page.wait_for_selector("#replay-step:has-text('Step 2 /')")
    page.keyboard.press("PageDown")
    time.sleep(0.5)
    assert page.inner_text("#replay-step").startswith("Step 2 /")


def test_the_replay_standings_are_on_a_light_card(
    server: Any, page: Any, finished_game: str
) -> None:
    last = len(_get(f"{server.url}/api/tables/{finished_game}/replay")["hands"]) - 1
    page.goto(f"{server.url}/#/replay/{finished_game}/{last}")
    page.wait_for_selector("#replay-last")
    page.click("#replay-last")
    standings = page.locator(".replay-page .game-panel")
    standings.wait_for()
    colours = standings.evaluate("""(p) => ({
        back: getComputedStyle(p).backgroundColor,
        text: getComputedStyle(p.querySelector('td')).color})""")
    # An opaque light background under dark text (it was transparent over the felt).
    back = [int(x) for x in re.findall(r"\d+", colours["back"])]
    assert len(back) == 3 or back[3] == 1, colours
    assert min(back[:3]) > 200, colours


def test_traditional_chinese_names_tiles_in_traditional_characters(
    server: Any, page: Any, finished_game: str
) -> None:
    page.goto(f"{server.url}/#/replay/{finished_game}/0")
    page.wait_for_selector("#replay-step")
    page.select_option("#lang", "zh-Hant")
    page.wait_for_selector("#replay-next:has-text('前進')")
    seen = []
    for _ in range(40):
        page.click("#replay-next")
        seen.append(page.inner_text(".replay-action"))
    text = "".join(seen)
    assert re.search("[萬筒條東南西北白發中]", text), seen
    assert not SIMPLIFIED & set(text), [s for s in seen if SIMPLIFIED & set(s)]
    # Tiles' tooltips too.
    titles = "".join(page.locator(".board .tile[title]").evaluate_all(
        "(ts) => ts.map((t) => t.title)"))
    assert titles and not SIMPLIFIED & set(titles)
    page.select_option("#lang", "zh-Hans")
    page.wait_for_selector("#replay-next:has-text('前进')")


def test_refusals_are_told_in_the_page_language_with_the_page_seat_numbers(
    server: Any, browser: Any, page: Any
) -> None:
    page.goto(server.url + "/#/account")
    page.select_option("#lang", "zh-Hans")
    page.wait_for_selector("#signin:has-text('登录')")
    page.fill("input[name=name]", "nobody-here")
    page.fill("input[name=password]", "not the password")
    page.click("#signin")
    page.wait_for_selector("#toast.show.error")
    assert page.inner_text("#toast") == "名字或密码错误。"
    page.fill("input[name=name]", "ab")
    page.fill("input[name=password]", "correct horse battery")
    page.click("#signup")
    page.wait_for_selector("#toast.show.error:has-text('3 到 24')")
    page.goto(server.url + "/#/profile/nobody-here")
    page.wait_for_selector("p.error")
    assert page.inner_text("p.error") == "出错了：没有玩家 nobody-here。"

    # A friend's seat taken by someone else between the lobby's list and the click.
    host = browser.new_context(viewport={"width": 1366, "height": 768})
    try:
        hosting = host.new_page()
        table_id = start_table(hosting, server.url, "hu-2p", seats={1: "human"})
        hosting.wait_for_selector(".invite-link")
        page.select_option("#lang", "en")
        open_lobby(page, server.url)
        join = page.locator(f".table-item[data-table='{table_id}'] button:has-text('Take seat 2')")
        join.wait_for()
        take_seat(server.url, table_id, 1, "Quick")
        join.click()
        page.wait_for_selector("#toast.show.error")
        assert page.inner_text("#toast") == "Seat 2 is taken."
    finally:
        host.close()


def test_a_reload_in_the_middle_of_a_hand_keeps_the_log(server: Any, page: Any) -> None:
    start_table(page, server.url, "hu-2p")
    page.wait_for_selector(".hand.mine .tile")
    lines: list[str] = []
    for _ in range(30):  # three discards of our own (a flower declared is a turn too)
        wait_for(lambda: page.locator(
            ".hand.mine .tile.playable, button.call, #next-hand").count() > 0,
            timeout=30, what="a decision or the hand's end")
        if page.locator("#next-hand").count():
            next_hand(page)  # the bot won first: go on in the next hand
            continue
        lines = page.locator(".log-lines li").all_inner_texts()
        if sum("You discard" in x for x in lines) >= 3:
            break
        take_turn(page, win=False)
        time.sleep(0.3)
    assert len(lines) >= 8 and sum("You discard" in x for x in lines) >= 3, lines
    page.reload()
    page.wait_for_selector(".hand.mine .tile")
    _wait_to_act(page)
    shown = page.locator(".log-lines li").all_inner_texts()
    assert shown == lines  # nothing lost, nothing (the deal, a win) told twice
    assert sum("dealt" in x for x in shown) == sum("dealt" in x for x in lines) >= 1


def test_the_lobby_and_profile_lead_back_to_a_seat_and_another_browser_takes_it_back(
    server: Any, browser: Any, page: Any
) -> None:
    name = sign_up(page, server.url, "r4p")
    table_id = start_table(page, server.url, "hu-2p")
    page.wait_for_selector(".hand.mine .tile")
    open_lobby(page, server.url)
    item = page.locator(f".table-item[data-table='{table_id}']")
    item.wait_for()
    assert item.locator("a.resume").inner_text() == "Back to your seat (1)"
    assert not item.locator("a:has-text('Watch')").count()

    page.goto(f"{server.url}/#/profile/{name}")
    live = page.locator(f".live-tables li[data-table='{table_id}']")
    live.wait_for()
    assert "Hu Mahjong (2 players)" in live.inner_text() and "seat 1" in live.inner_text()

    other = browser.new_context(viewport={"width": 1366, "height": 768})
    try:
        phone = other.new_page()
        phone.goto(server.url + "/#/account")
        phone.wait_for_selector("#signin")
        phone.fill("input[name=name]", name)
        phone.fill("input[name=password]", "correct horse battery")
        phone.click("#signin")
        phone.wait_for_selector(f"#account a:has-text('{name}')")
        phone.goto(f"{server.url}/#/profile/{name}")
        phone.click(f".live-tables li[data-table='{table_id}'] a")
        back = phone.locator(".take-seat[data-seat='0']")
        back.wait_for()
        assert back.inner_text() == "Back to your seat 1"
        back.click()
        phone.wait_for_selector(".hand.mine .tile")
        assert phone.locator(".seat.pos-bottom").get_attribute("data-seat") == "0"
        # The first browser's key stopped working: it watches, told so, and is offered
        # the seat back in its turn.
        page.goto(f"{server.url}/#/table/{table_id}")
        page.wait_for_selector(".take-seat[data-seat='0']")
        assert page.locator(".calls .note").inner_text() == "You are watching this table."
    finally:
        other.close()


def test_the_hand_scores_have_column_headings(
    server: Any, page: Any, finished_game: str
) -> None:
    """The end-of-hand scores were three bare columns of numbers; they now say which is the
    score before the hand, its change and the score after, in the page's language."""
    page.goto(f"{server.url}/#/replay/{finished_game}/0")
    page.wait_for_selector("#replay-step:has-text('Step 0 /')")
    page.keyboard.press("End")
    page.wait_for_selector("table.scores thead th")
    heads = page.locator("table.scores thead th").all_text_contents()
    assert heads == ["Player", "Before", "Change", "After"]
    rows = page.locator("table.scores tbody tr")
    assert rows.count() == 4
    for i in range(4):
        cells = rows.nth(i).locator("td").all_text_contents()
        before, change, after = (int(c) for c in cells[1:])
        assert before + change == after, cells
    page.select_option("#lang", "zh-Hant")
    page.wait_for_function(
        "() => document.querySelector('table.scores thead th')?.textContent === '玩家'")
    assert page.locator("table.scores thead th").all_text_contents() == [
        "玩家", "之前", "變化", "之後"]


def test_the_chinese_hint_writes_its_brackets_full_width(server: Any, page: Any) -> None:
    """Between turns the hint lists the tiles that bring the hand closer; in Chinese its
    count read "进张 (剩 83 张)" with ASCII brackets, and now reads "进张（剩 83 张）"."""
    start_table(page, server.url, "hu-4p")
    page.wait_for_selector(".hand.mine .tile")
    page.select_option("#lang", "zh-Hans")
    page.keyboard.press("h")
    label = ""
    for _ in range(40):
        wait_for(lambda: page.locator(
            ".hand.mine .tile.playable, button.call, #next-hand").count() > 0,
            timeout=30, what="a decision or the hand's end")
        if page.locator("#next-hand").count():
            next_hand(page)  # somebody won before the hint came round: the next hand
            continue
        take_turn(page, win=False)
        # While the others play, the hint of a hand not yet ready lists its improving tiles.
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and not label:
            labels = page.locator("#hint .waits .label").all_inner_texts()
            label = next((x for x in labels if x.startswith("进张")), "")
            time.sleep(0.1)
        if label:
            break
    assert re.fullmatch(r"进张（剩 \d+ 张）", label), label

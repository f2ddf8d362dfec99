"""The browser table end to end: a person's clicks in headless Chromium against a real
server, checked against the engine (the table's record replayed by ``tingpai.replay``).

The same runs write the screenshots in ``docs/`` that the README shows, so they never go
stale: the table mid-hand, the end-of-hand panel (English and Chinese), the replay viewer
and a phone in portrait.
"""

from __future__ import annotations

import json
import time
import urllib.request
from typing import Any

import pytest
from tablekit import (
    DOCS,
    check_panel,
    engine_hand,
    next_hand,
    open_lobby,
    panel,
    play_until_hand_end,
    sign_up,
    start_table,
    take_turn,
)

import tingpai
from tingpai.rules import ruleset_spec

pytestmark = pytest.mark.slow


def _shot(page: Any, name: str) -> None:
    DOCS.mkdir(exist_ok=True)
    page.screenshot(path=str(DOCS / name))


def test_hu_4p_hand_against_three_bots_matches_the_engine_in_english_and_chinese(
    server: Any, page: Any
) -> None:
    table_id = start_table(page, server.url, "hu-4p")
    page.wait_for_selector(".hand.mine .tile")
    # Three bot seats, the player at the bottom with 13 or 14 tiles in hand.
    assert page.locator(".seat").count() == 4
    assert page.locator(".hand.mine .tile").count() in (13, 14)
    page.click("#hint-toggle")
    page.wait_for_selector("#hint .shanten, #hint .warn")
    play_until_hand_end(page, shot=lambda p: _shot(p, "screenshot-table.png"))
    replayed = engine_hand(server, table_id, 0)
    check_panel(panel(page), replayed)
    _shot(page, "screenshot-hand-end.png")

    # Chinese: the same panel with the patterns' Chinese names from the ruleset data.
    page.select_option("#lang", "zh-Hans")
    page.wait_for_selector("#next-hand:has-text('下一局')")
    shown = panel(page)
    rules = tingpai.find_ruleset("hu-4p")
    assert replayed.result is not None
    for seen, winner in zip(shown["winners"], replayed.result.winners, strict=True):
        names = {p["id"]: p["name"] for p in seen["patterns"]}
        for pattern in winner.score.patterns:
            expected = rules.pattern(pattern.id).chinese
            assert names[pattern.id].startswith(expected)
    _shot(page, "screenshot-hand-end-zh.png")
    # The language sticks across a reload.
    page.reload()
    page.wait_for_selector("#nav a:has-text('开局')")
    assert page.input_value("#lang") == "zh-Hans"
    page.select_option("#lang", "en")
    page.wait_for_selector("#nav a:has-text('Play')")


@pytest.mark.parametrize("rules", ["hk-4p", "hk-2p"])
def test_hong_kong_hand_matches_the_engine(server: Any, page: Any, rules: str) -> None:
    table_id = start_table(page, server.url, rules)
    page.wait_for_selector(".hand.mine .tile")
    play_until_hand_end(page)
    replayed = engine_hand(server, table_id, 0)
    shown = panel(page)
    check_panel(shown, replayed)
    assert replayed.result is not None
    for winner in shown["winners"]:
        assert winner["total"].endswith("fan")


def test_a_whole_game_as_an_account_then_its_replay_leaderboard_and_profile(
    server: Any, page: Any
) -> None:
    name = sign_up(page, server.url, "player")

    table_id = start_table(page, server.url, "hu-2p", length="round")
    page.wait_for_selector(".hand.mine .tile")
    hands = 0
    while True:
        play_until_hand_end(page)
        check_panel(panel(page), engine_hand(server, table_id, hands))
        hands += 1
        if page.locator(".game-panel").count():
            break
        next_hand(page)
        assert hands < 40
    # The standings against the engine's replay of the served record.
    with urllib.request.urlopen(f"{server.url}/api/tables/{table_id}/record") as answer:
        record = json.loads(answer.read())
    game = tingpai.replay(record)
    assert game.game.over and len(game.hands) == hands
    rows = page.locator("table.standings tr[data-seat]")
    seats = [int(rows.nth(i).get_attribute("data-seat")) for i in range(rows.count())]
    assert seats == list(game.game.ranking)
    page.wait_for_selector("table.standings tr.me")
    _shot(page, "screenshot-game-end.png")

    # The replay: step forward and back, every hand visible, the same end-of-hand panel.
    page.click("#replay-link")
    page.wait_for_selector("#replay-step")
    assert page.locator(".seat .hand .tile:not(.back)").count() >= 26  # both hands face up
    assert page.locator(".pond .tile").count() == 0
    board = [page.inner_html(".board")]
    for step in range(1, 9):
        page.click("#replay-next")
        page.wait_for_selector(f"#replay-step:has-text('{step} /')")
        board.append(page.inner_html(".board"))
    assert page.locator(".pond .tile").count() >= 1
    assert len(set(board)) == len(board), "every step changes the table"
    page.click("#replay-prev")
    page.click("#replay-prev")
    page.wait_for_selector("#replay-step:has-text('6 /')")
    assert page.inner_html(".board") == board[6]
    _shot(page, "screenshot-replay.png")
    page.click("#replay-last")
    page.wait_for_selector(".hand-panel.inline")
    check_panel(panel(page), game.hands[0])
    # The address names the hand shown: the second hand (a 2-player round has one per
    # dealer) is still the one shown after a reload.
    assert hands >= 2
    page.select_option("#hand-picker", "1")
    page.wait_for_function(f"location.hash === '#/replay/{table_id}/1'")
    page.wait_for_selector("#replay-step:has-text('0 /')")
    page.reload()
    page.wait_for_selector("#replay-step")
    assert page.input_value("#hand-picker") == "1"

    page.goto(f"{server.url}/#/leaderboard/hu-2p")
    page.wait_for_selector(f"table.leaderboard a:has-text('{name}')")
    page.click(f"table.leaderboard a:has-text('{name}')")
    page.wait_for_selector(f"ul.games a[href='#/replay/{table_id}']")


def test_a_friend_joins_by_the_invite_link_and_plays_a_seat(server: Any, browser: Any,
                                                            page: Any) -> None:
    table_id = start_table(page, server.url, "hu-4p", seats={1: "human"})
    page.wait_for_selector(".invite-link")
    link = page.input_value(".invite-link")
    assert link.endswith(f"/#/table/{table_id}")
    friend_context = browser.new_context(viewport={"width": 1200, "height": 850})
    try:
        friend = friend_context.new_page()
        friend.goto(link)
        friend.wait_for_selector(".take-seat[data-seat='1']")
        friend.click(".take-seat[data-seat='1']")
        friend.wait_for_selector(".hand.mine .tile")
        page.wait_for_selector(".hand.mine .tile")
        deadline = time.monotonic() + 240
        while not (page.locator(".hand-panel").count() and friend.locator(".hand-panel").count()):
            assert time.monotonic() < deadline, "the hand with a friend did not end"
            moved = take_turn(page) or take_turn(friend)
            if not moved:
                time.sleep(0.05)
        replayed = engine_hand(server, table_id, 0)
        friend.wait_for_selector(".hand-panel .scores tr")
        page.wait_for_selector(".hand-panel .scores tr")
        check_panel(panel(friend), replayed)
        check_panel(panel(page), replayed)
        # The friend's name on the table is theirs, the seat theirs: the bottom seat is 1.
        assert friend.locator(".seat.pos-bottom").get_attribute("data-seat") == "1"
        # The next hand is dealt once both have pressed "Next hand".
        page.click("#next-hand")
        page.wait_for_selector("#next-hand:disabled")
        assert page.locator(".hand-panel").count() == 1  # still waiting for the friend
        friend.click("#next-hand")
        for tab in (page, friend):
            tab.wait_for_selector(".hand-panel", state="detached")
            tab.wait_for_selector(".table-title:has-text('2')")
    finally:
        friend_context.close()


def test_phone_portrait_keeps_the_hand_visible_and_tappable(server: Any, browser: Any) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True, device_scale_factor=2)
    try:
        phone = context.new_page()
        start_table(phone, server.url, "hk-2p")
        phone.wait_for_selector(".hand.mine .tile.playable")
        tiles = phone.locator(".hand.mine .tile")
        for i in range(tiles.count()):
            box = tiles.nth(i).bounding_box()
            assert box is not None
            assert box["x"] >= 0 and box["x"] + box["width"] <= 390, f"tile {i} off screen"
            assert box["width"] >= 20, "tiles too small to tap"
        # The page does not scroll sideways.
        assert phone.evaluate("document.documentElement.scrollWidth") <= 392
        before = phone.locator(".pos-bottom .pond .tile").count()
        # A tile that is not already selected (the drawn tile is: one tap would discard
        # it): the first tap selects it, the second discards it.
        target = phone.locator(".hand.mine .tile.playable:not(.selected)").first
        index = target.get_attribute("data-index")
        selector = f".hand.mine .tile[data-index='{index}']"
        phone.tap(selector)
        phone.wait_for_selector(f"{selector}.selected")
        phone.tap(selector)
        phone.wait_for_function(
            f"document.querySelectorAll('.pos-bottom .pond .tile').length > {before}")
        time.sleep(0.3)
        _shot(phone, "screenshot-phone.png")
    finally:
        context.close()


def test_lobby_shows_rulesets_options_and_open_tables(
    server: Any, browser: Any, page: Any
) -> None:
    open_lobby(page, server.url)
    for rid in tingpai.ruleset_ids():
        assert page.locator(f"input[name=rules][value='{rid}']").count() == 1
    page.check("input[name=rules][value='hk-fanlaak']")
    # The end panels show money where the ruleset has a stake (fan-laak), read from its
    # options, not from its id.
    settles = page.evaluate(
        "async (ids) => { const api = await import('/static/js/api.js');"
        " return Promise.all(ids.map(async (id) => api.settlesInMoney(await api.ruleset(id))));"
        " }", list(tingpai.ruleset_ids()))
    expected = ["stake" in ruleset_spec(rid).options for rid in tingpai.ruleset_ids()]
    assert settles == expected and any(expected) and not all(expected)
    page.click("details.options summary")
    assert page.input_value(".option input[name=min_fan]") == "3"
    assert "default" in page.locator(".option:has(input[name=min_fan])").inner_text()
    # A table with an open seat is listed for others to join or watch; its creator is
    # offered the way back to their own seat, not a second seat (that would replace the
    # browser's key to the first).
    table_id = start_table(page, server.url, "hu-3p", seats={2: "human"})
    open_lobby(page, server.url)
    item = f".table-item[data-table='{table_id}']"
    page.wait_for_selector(f"{item} a.resume:has-text('Back to your seat (1)')")
    assert page.locator(f"{item} button:has-text('Take seat')").count() == 0
    other = browser.new_context()
    try:
        friend = other.new_page()
        open_lobby(friend, server.url)
        friend.wait_for_selector(f"{item} button:has-text('Take seat 3')")
        assert friend.locator(f"{item} a:has-text('Watch')").count() == 1
    finally:
        other.close()

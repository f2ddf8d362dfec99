"""The table as a player audit found it wanting, end to end: the call buttons and the chow
chooser on screen with three melds, a name when taking a seat by invite, the last discard
marked after a reload, flowers declared by themselves, the discarder's share explained on
the hand-end panel, a hint that values a win as the engine scores it, and the small things
(spectators, called tiles in ponds, the phone's Patterns window, bot level names).

Most tests play the laid-out hand of :mod:`scenario` (the player pungs three times off
seat 1 and is offered three chows), so the moments they look at come every run.
"""

from __future__ import annotations

import itertools
import json
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from scenario import CHOWS, ScriptedSeats, scenario_wall, wait_for
from tablekit import open_lobby, start_table

import tingpai
import tingpai.server.tables as server_tables
from tingpai.rules import WinKind
from tingpai.scoring import Situation, score
from tingpai.tiles import Meld, parse_tile

pytestmark = pytest.mark.slow

SHOTS = Path("/tmp/webfix")
"""Screenshots of the audited moments (not the README's: those are in ``docs/``)."""

MY_FLOWER = ".dock .flowers .tile[data-tile='1f'], .pos-bottom .flowers .tile[data-tile='1f']"
"""The player's declared flower, where the table shows it (the dock, or under its pond)."""
MY_MELDS = ".dock .melds .meld, .pos-bottom .melds .meld"

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


def _shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / name))


def _get(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=10) as answer:
        return json.load(answer)


class Scenario:
    """The laid-out hand of :mod:`scenario` at a table the page started from the lobby,
    the other seats played by :class:`~scenario.ScriptedSeats`."""

    def __init__(self, server: Any, page: Any, repeats: int = 0) -> None:
        self.server = server
        self.page = page
        self.table_id = start_table(page, server.url, "hu-4p",
                                    seats={1: "human", 2: "human", 3: "human"})
        # The dealer is at its second repeat (the first hand of a table is otherwise at 0).
        self.server.table(self.table_id).match.repeats = repeats
        self.seats = ScriptedSeats(server.url, self.table_id, [1, 2, 3]).__enter__()
        page.wait_for_selector(".hand.mine .tile")

    def close(self) -> None:
        self.seats.__exit__(None, None, None)
        assert not self.seats.errors, self.seats.errors

    @property
    def token(self) -> str:
        return str(self.page.evaluate(
            f"JSON.parse(localStorage.getItem('tingpai.seats'))['{self.table_id}'].token"))

    def discard(self, tile: str) -> None:
        """Select the tile (the drawn one is selected already) and discard it."""
        page = self.page
        mine = f".hand.mine .tile.playable[data-tile='{tile}']"
        page.wait_for_selector(mine)
        index = page.locator(mine).last.get_attribute("data-index")
        selector = f".hand.mine .tile[data-index='{index}']"
        before = page.locator(".pos-bottom .pond .tile").count()
        if not page.locator(f"{selector}.selected").count():
            page.click(selector)
            page.wait_for_selector(f"{selector}.selected")
        page.click(selector)
        page.wait_for_function(
            f"document.querySelectorAll('.pos-bottom .pond .tile').length > {before}")

    def opening(self) -> None:
        """The dealer's first turn: the flower (declared by itself, or by a click where the
        setting is off), then discard 1z."""
        page = self.page
        wait_for(lambda: page.locator(MY_FLOWER).count()
                 or page.locator("button.call-flower").count(), what="the flower")
        if page.locator("button.call-flower").count():
            page.click("button.call-flower")
        page.wait_for_selector(MY_FLOWER)
        self.discard("1z")

    def pungs(self) -> None:
        for junk in ("2z", "3z", "4z"):
            self.page.click("button.call-pung")
            self.discard(junk)

    def chow_offer(self) -> None:
        self.page.wait_for_selector("button.call-chow")

    def to_chow_offer(self) -> None:
        """From the deal to the chow offer: the opening, then the three pungs."""
        self.opening()
        self.pungs()
        self.chow_offer()

    def to_ready(self) -> None:
        """From the deal to the drawn 9p with three pungs and the chow: a ready hand."""
        self.to_chow_offer()
        self.chow_and_draw()

    def chow_and_draw(self) -> None:
        """Chow 345m, discard 7m; the others throw 2s 8s 1p and the player draws 9p."""
        page = self.page
        page.click("button.call-chow")
        page.click(".chow-option[data-tiles='345m']")
        self.discard("7m")
        page.wait_for_selector(".hand.mine .tile.drawn[data-tile='9p'].playable")


@pytest.fixture
def laid_out(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Deal the scenario's wall as the first hand of every hu-4p table opened meanwhile."""
    wall = scenario_wall()
    original = server_tables.table_wall

    def table_wall(ruleset: Any, seed: int, number: int) -> list[int]:
        if ruleset.id == "hu-4p" and number == 0:
            return list(wall)
        return original(ruleset, seed, number)

    monkeypatch.setattr(server_tables, "table_wall", table_wall)
    yield


def _on_screen(page: Any, selector: str) -> None:
    """Every element of ``selector`` lies inside the viewport as it is (no scrolling)."""
    size = page.viewport_size
    boxes = page.locator(selector)
    assert boxes.count(), f"nothing matches {selector}"
    for i in range(boxes.count()):
        box = boxes.nth(i).bounding_box()
        assert box is not None, f"{selector} #{i} is not shown"
        assert box["y"] >= 0 and box["y"] + box["height"] <= size["height"] + 0.5, \
            f"{selector} #{i} is off screen at {size}: {box}"
        assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"] + 0.5, \
            f"{selector} #{i} is off screen at {size}: {box}"


def _hand_uncovered(page: Any) -> None:
    """Nothing lies over the player's tiles: the middle of each is the tile itself."""
    covered = page.evaluate("""() => [...document.querySelectorAll('.hand.mine .tile')]
        .filter((t) => { const r = t.getBoundingClientRect();
            const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
            return !(top && t.contains(top)); })
        .map((t) => t.dataset.tile)""")
    assert covered == [], f"tiles covered: {covered}"


def test_call_buttons_and_chow_chooser_stay_on_screen_with_three_melds(
    server: Any, page: Any, laid_out: None
) -> None:
    page.set_viewport_size(DESKTOP)
    game = Scenario(server, page)
    try:
        game.to_chow_offer()
        assert page.locator(MY_MELDS).count() == 3
        for size in (DESKTOP, PHONE):
            page.set_viewport_size(size)
            page.evaluate("window.scrollTo(0, 0)")
            time.sleep(0.2)
            _on_screen(page, ".call-buttons button")
            _on_screen(page, ".hand.mine .tile")
            _hand_uncovered(page)
        page.set_viewport_size(DESKTOP)
        page.evaluate("window.scrollTo(0, 0)")
        page.click("button.call-chow")
        page.wait_for_selector(".chow-choice")
        assert page.evaluate("window.scrollY") == 0, "the click had to scroll"
        assert sorted(page.locator(".chow-option").evaluate_all(
            "(bs) => bs.map((b) => b.dataset.tiles)")) == CHOWS
        # The chooser is part of the table's drawing: a redraw (here the hint switched on
        # by its key) keeps it, and a second click on Chow does not add another.
        page.keyboard.press("h")
        page.wait_for_selector("#hint-toggle.on")
        page.click("button.call-chow")
        assert page.locator(".chow-choice").count() == 1
        for size, name in ((DESKTOP, "chow-1280x800.png"), (PHONE, "chow-390x844.png")):
            page.set_viewport_size(size)
            page.evaluate("window.scrollTo(0, 0)")
            time.sleep(0.3)
            _on_screen(page, ".chow-choice button")
            _on_screen(page, ".call-buttons button")
            _on_screen(page, ".hand.mine .tile")
            _hand_uncovered(page)
            _shot(page, name)
        page.set_viewport_size(DESKTOP)
        # Cancel closes it; Chow opens it again.
        page.click(".chow-choice .chow-cancel")
        assert page.locator(".chow-choice").count() == 0
        page.click("button.call-chow")
        assert page.locator(".chow-choice").count() == 1

        # Seat 1's pond holds the three called tiles between its other discards: a called
        # tile is drawn tilted, never over its neighbour.
        boxes = page.locator(".seat[data-seat='1'] .pond .tile").evaluate_all(
            "(ts) => ts.map((t) => { const r = t.getBoundingClientRect();"
            " return {x: r.x, y: r.y, w: r.width, h: r.height,"
            " called: t.classList.contains('called')}; })")
        assert sum(b["called"] for b in boxes) == 3
        for a, b in itertools.pairwise(boxes):
            if abs(a["y"] - b["y"]) < 5:  # neighbours in one row
                assert a["x"] + a["w"] <= b["x"] + 0.5, f"pond tiles overlap: {a} {b}"
    finally:
        game.close()


def test_the_last_discard_stays_marked_after_a_reload(
    server: Any, page: Any, laid_out: None
) -> None:
    game = Scenario(server, page)
    try:
        game.to_chow_offer()
        # In a claim window the offered tile is marked: seat 3's 5m.
        last = page.locator(".pond .tile.last")
        assert last.count() == 1
        assert last.get_attribute("data-tile") == "5m"
        game.chow_and_draw()
        # The player's own turn after seats 1-3 threw 2s 8s 1p: seat 3's 1p is the newest.
        for _ in range(2):
            last = page.locator(".pond .tile.last")
            assert last.count() == 1
            assert last.get_attribute("data-tile") == "1p"
            assert page.locator(".seat[data-seat='3'] .pond .tile").last.evaluate(
                "(t) => t.classList.contains('last')")
            page.reload()
            page.wait_for_selector(".hand.mine .tile.drawn[data-tile='9p']")
    finally:
        game.close()


def test_flowers_are_declared_by_themselves_unless_switched_off(
    server: Any, page: Any, laid_out: None
) -> None:
    game = Scenario(server, page)
    try:
        # On by default: the dealt flower is declared without a click.
        assert page.is_checked("#auto-flowers")
        page.wait_for_selector(MY_FLOWER, timeout=10000)
        page.wait_for_selector(".log-lines li:has-text('You declare flower')")
        assert page.locator("button.call-flower").count() == 0
        # The setting sticks across a reload, and has its words in every language.
        page.uncheck("#auto-flowers")
        page.reload()
        page.wait_for_selector(".hand.mine .tile")
        assert not page.is_checked("#auto-flowers")
        for lang, words in (("zh-Hans", "自动补花"), ("zh-Hant", "自動補花"),
                            ("en", "Declare flowers automatically")):
            page.select_option("#lang", lang)
            page.wait_for_selector(f"label.setting:has-text('{words}')")
        page.check("#auto-flowers")
    finally:
        game.close()


def test_the_flower_waits_for_a_click_when_the_setting_is_off(
    server: Any, page: Any, laid_out: None
) -> None:
    open_lobby(page, server.url)
    page.evaluate("localStorage.setItem('tingpai.autoflowers', '0')")
    game = Scenario(server, page)
    try:
        page.wait_for_selector("button.call-flower[data-tile='1f']")
        time.sleep(0.5)
        assert page.locator(MY_FLOWER).count() == 0
        # Switched on, the flower is declared at once.
        page.check("#auto-flowers")
        page.wait_for_selector(MY_FLOWER)
    finally:
        game.close()


def test_the_hint_values_a_win_as_the_engine_would_score_it(
    server: Any, page: Any, laid_out: None
) -> None:
    game = Scenario(server, page, repeats=2)
    try:
        game.to_ready()
        hint = _get(f"{server.url}/api/tables/{game.table_id}/hint?token={game.token}")["hint"]
        assert hint["situation"] == {"flowers": "1f", "dealer_repeats": 2,
                                     "eighth_repeat": False, "seat_wind": "E",
                                     "round_wind": "E"}
        ready = {d["tile"]: d for d in hint["discards"] if d.get("wins")}
        (wait,) = ready["9p"]["wins"]
        assert wait["tile"] == "6m"
        # What the engine scores for this seat winning on 6m: two dragon pungs, the flower
        # and the dealer's two repeats.
        rules = tingpai.find_ruleset("hu-4p")
        melds = (Meld.from_str("pung 555z"), Meld.from_str("pung 666z"),
                 Meld.from_str("pung 222p"), Meld.from_str("chow 345m"))
        for key, win in (("discard", WinKind.DISCARD), ("self_draw", WinKind.SELF_DRAW)):
            expected = score(Situation(
                concealed=(parse_tile("6m"), parse_tile("6m")), win_tile=parse_tile("6m"),
                melds=melds, win=win, flowers=(parse_tile("1f"),), dealer_repeats=2), rules)
            assert wait[key]["total"] == expected.total == 1300
            assert wait[key]["payments"] == expected.payments.as_dict()
        assert wait["discard"]["payments"] == {"discarder": 3900}
        # The page says which figure is the hand's total and which the discarder's share.
        page.click("#hint-toggle")
        line = page.locator("#hint .waits[data-discard='9p'] .wait[data-tile='6m'] .worth-discard")
        line.wait_for()
        text = line.inner_text()
        assert "hand 1300 points" in text and "the discarder pays 3900" in text
        assert "flowers" in page.inner_text("#hint .counting")
    finally:
        game.close()


def test_the_hand_end_panel_says_why_the_discarder_pays_three_times(
    server: Any, page: Any, laid_out: None
) -> None:
    game = Scenario(server, page, repeats=2)
    try:
        game.to_ready()
        game.discard("9p")
        page.click("button.call.win")
        page.wait_for_selector(".hand-panel .payments li[data-why='discarder']")
        item = page.locator(".hand-panel .payments li[data-why='discarder']")
        assert item.get_attribute("data-amount") == "3900"
        assert item.get_attribute("data-multiplier") == "3"
        assert "1300 × 3 (the discarder pays for the table)" in item.inner_text()
        page.select_option("#lang", "zh-Hans")
        page.wait_for_selector(".hand-panel .why-times:has-text('放炮者包付全桌')")
        page.select_option("#lang", "en")
        page.wait_for_selector(".hand-panel .why-times:has-text('for the table')")
        for size, name in ((DESKTOP, "hand-end-1280x800.png"), (PHONE, "hand-end-390x844.png")):
            page.set_viewport_size(size)
            time.sleep(0.3)
            _shot(page, name)
    finally:
        game.close()


def test_a_friend_names_themselves_when_taking_a_seat_by_invite(
    server: Any, browser: Any, page: Any
) -> None:
    open_lobby(page, server.url)
    assert page.get_attribute("#new-table input[name=name]", "maxlength") == "24"
    page.fill("#new-table input[name=name]", "Ann")
    page.locator("#new-table input[name=name]").dispatch_event("change")
    assert page.evaluate("localStorage.getItem('tingpai.name')") == "Ann"
    table_id = start_table(page, server.url, "hu-4p", seats={1: "human"})
    page.wait_for_selector(".invite-link")
    link = page.input_value(".invite-link")
    friend_context = browser.new_context(viewport=PHONE)
    try:
        friend = friend_context.new_page()
        friend.goto(link)
        friend.wait_for_selector("#seat-name")
        assert friend.get_attribute("#seat-name", "maxlength") == "24"
        assert friend.input_value("#seat-name") == ""
        friend.fill("#seat-name", "Mei")
        friend.click(".take-seat[data-seat='1']")
        friend.wait_for_selector(".hand.mine .tile")
        seats = _get(f"{server.url}/api/tables/{table_id}")["seats"]
        assert [s["name"] for s in seats[:2]] == ["Ann", "Mei"]
        page.wait_for_selector(".seat[data-seat='1'] .seat-name:has-text('Mei')")
        friend.wait_for_selector(".seat[data-seat='0'] .seat-name:has-text('Ann')")
        # The next invite this browser opens offers the name again.
        assert friend.evaluate("localStorage.getItem('tingpai.name')") == "Mei"
        other = start_table(page, server.url, "hu-2p", seats={1: "human"})
        friend.goto(f"{server.url}/#/table/{other}")
        friend.wait_for_selector("#seat-name")
        assert friend.input_value("#seat-name") == "Mei"
    finally:
        friend_context.close()


def test_spectators_bot_names_and_the_phone_patterns_window(
    server: Any, browser: Any, page: Any
) -> None:
    table_id = start_table(page, server.url, "hu-4p")
    page.wait_for_selector(".hand.mine .tile")
    assert page.locator("#hint").count() == 1
    # Bot levels are named in the page's language where the table labels them.
    page.select_option("#lang", "zh-Hans")
    page.wait_for_selector(".seat[data-seat='1'] .seat-name:has-text('高手')")
    assert "expert" not in page.inner_text(".seat[data-seat='1'] .seat-name")
    page.select_option("#lang", "en")
    page.wait_for_selector(".seat[data-seat='1'] .seat-name:has-text('Expert')")

    watcher_context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        watcher = watcher_context.new_page()
        watcher.goto(f"{server.url}/#/table/{table_id}")
        watcher.wait_for_selector(".calls .note")
        # A spectator has no hint to ask for and no keys to press.
        assert watcher.locator("#hint").count() == 0
        assert watcher.locator(".keys").count() == 0
        # The Patterns window on a phone closes from its top, without scrolling.
        watcher.click("#patterns")
        watcher.wait_for_selector(".patterns-modal")
        _on_screen(watcher, "#patterns-close")
        watcher.locator(".patterns-modal").evaluate("(m) => { m.scrollTop = 600; }")
        time.sleep(0.1)
        _on_screen(watcher, "#patterns-close")
        watcher.tap("#patterns-close")
        watcher.wait_for_selector(".patterns-modal", state="detached")
    finally:
        watcher_context.close()

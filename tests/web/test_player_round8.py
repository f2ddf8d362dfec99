"""The eighth player audit of the browser table, end to end.

* Escape passed whatever claim was on offer, a win included (a discard to win on, a kong to
  rob, the eighth flower): a player pressing it to close something threw the win away.
  Escape now passes ordinary claims only; a win is passed with its button (or Space, the
  table's documented pass key).
* The waiting room listed the seats without marking the player's own, though the board and
  the panels mark it "(you)".
* The hint's value of a win below the table's minimum (a fan-laak table's 3 fan) read
  "short 2" (差 2): it now says what the hand is worth and what a win needs ("1 fan, 2 short
  of the 3 fan minimum").  It is the value, not the tiles to ready: the hint's ``short``
  is the fan missing to the minimum.
* The hint's list of the seat's flowers ran their names together ("Plum Orchid", 梅 兰);
  tile names in the hint are now listed with separators ("Plum, Orchid", 梅、兰).
* At an exhaustive draw of a fan-laak table the panel marked every seat "Ready".  Looked
  into: the engine's result carries the seats' readiness at every draw, fan-laak's too, and
  the panel shows it as the result says; the seats were all ready (the greedy bots get
  ready but seldom reach the 3 fan minimum, so their hands end in draws).  The last test
  pins it: a laid-out draw with two seats ready and two not is shown seat by seat.
"""

from __future__ import annotations

import contextlib
import random
import time
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from scenario import ScriptedSeats, wait_for
from tablekit import open_lobby, start_table
from test_table_fixes import MY_MELDS, Scenario, laid_out  # noqa: F401  (a fixture)

import tingpai
import tingpai.server.tables as server_tables
from tingpai.engine.wall import full_set
from tingpai.tiles import parse_tiles

pytestmark = pytest.mark.slow


def laid_wall(rules: str, hands: list[str], draw: str = "", tail: str = "") -> list[int]:
    """A wall dealing ``hands`` (seat 0 first, 13 tiles each; the seats not given get tiles
    of the rest without a bonus tile), ``draw`` the dealer's first draw and ``tail`` the end
    of the wall (the last tile is the first flower's replacement)."""
    ruleset = tingpai.find_ruleset(rules)
    left = Counter(full_set(ruleset))
    dealt = [parse_tiles(h) for h in hands]
    first, last = parse_tiles(draw), parse_tiles(tail)
    for tile in [t for h in dealt for t in h] + first + last:
        left[tile] -= 1
        assert left[tile] >= 0, tile
    rest = sorted(left.elements())
    random.Random(8).shuffle(rest)
    bonus = [t for t in rest if t >= 34]
    plain = [t for t in rest if t < 34]
    head: list[int] = []
    for seat in range(ruleset.options.players):
        if seat < len(dealt):
            assert len(dealt[seat]) == 13, hands[seat]
            head += dealt[seat]
        else:
            head += plain[:13]
            plain = plain[13:]
    # The flowers lie deep in the wall, never reached by the first draws nor the tail.
    wall = head + first + plain[:20] + bonus + plain[20:] + last
    assert Counter(wall) == Counter(full_set(ruleset))
    return wall


@pytest.fixture
def first_wall(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, list[int]]]:
    """Deal ``walls[rules]`` (filled by the test) as the first hand of such tables."""
    walls: dict[str, list[int]] = {}
    original = server_tables.table_wall

    def table_wall(ruleset: Any, seed: int, number: int) -> list[int]:
        if number == 0 and ruleset.id in walls:
            return list(walls[ruleset.id])
        return original(ruleset, seed, number)

    monkeypatch.setattr(server_tables, "table_wall", table_wall)
    yield walls


def _blur(page: Any) -> None:
    page.evaluate("document.activeElement && document.activeElement.blur()")


# -- 1. Escape never passes a win ---------------------------------------------------------


def test_escape_does_not_pass_a_win_on_offer(
        server: Any, page: Any, laid_out: None) -> None:  # noqa: F811
    game = Scenario(server, page)
    try:
        game.to_ready()
        game.discard("9p")  # ready on 6m; seat 1 throws 6m
        page.wait_for_selector("button.call.win", timeout=15000)
        assert page.locator("button.call-pass").count() == 1  # a pass is on offer too
        _blur(page)
        page.keyboard.press("Escape")
        page.wait_for_timeout(1500)
        hand = server.table(game.table_id).match.hand
        assert not hand.is_over
        assert "ron" in {a.kind.value for a in hand.legal_actions(0)}
        assert page.locator("button.call.win").count() == 1
        # The win is still there to take.
        page.click("button.call.win")
        page.wait_for_selector(".hand-panel .winner", timeout=15000)
    finally:
        game.close()


def test_escape_still_passes_an_ordinary_claim(
        server: Any, page: Any, laid_out: None) -> None:  # noqa: F811
    game = Scenario(server, page)
    try:
        game.opening()
        page.wait_for_selector("button.call-pung")  # seat 1 throws 5z
        assert page.locator("button.call.win").count() == 0
        _blur(page)
        page.keyboard.press("Escape")
        # The engine has the pass (the next seat's 6z may bring another pung offer at once,
        # so the button's going is no sign).
        hand = server.table(game.table_id).match.hand
        wait_for(lambda: any(a.seat == 0 and a.kind.value == "pass" for a in hand.history),
                 timeout=10, what="the player's pass")
        assert not hand.melds(0)
        assert page.locator(MY_MELDS).count() == 0
    finally:
        game.close()


# -- 2. The waiting room marks the player's own seat ---------------------------------------


@pytest.mark.parametrize(("language", "you"), [("en", "(you)"), ("zh-Hans", "(你)")])
def test_the_waiting_room_marks_the_hosts_own_seat(
        server: Any, page: Any, language: str, you: str) -> None:
    open_lobby(page, server.url)
    page.select_option("#lang", language)
    start_table(page, server.url, "hu-4p", seats={1: "human"})
    page.wait_for_selector(".waiting-room .seat-list li")
    seats = page.locator(".waiting-room .seat-list li").all_inner_texts()
    assert len(seats) == 4, seats
    assert you in seats[0], seats
    assert not any(you in s for s in seats[1:]), seats


# -- 4. The hint's words: a win below the minimum, the flowers' names ----------------------


@pytest.mark.parametrize(("language", "by_discard", "by_self"), [
    ("en", "on discard: 0 fan, 3 short of the 3 fan minimum",
     "self-draw: 1 fan, 2 short of the 3 fan minimum"),
    ("zh-Hans", "点和: 0 番，起和要 3 番（差 3）", "自摸: 1 番，起和要 3 番（差 2）"),
    ("zh-Hant", "點和: 0 番，起和要 3 番（差 3）", "自摸: 1 番，起和要 3 番（差 2）"),
])
def test_the_hint_says_what_a_win_below_the_minimum_lacks(
        server: Any, page: Any, first_wall: dict[str, list[int]], language: str,
        by_discard: str, by_self: str) -> None:
    # The dealer discards 5z to wait on 1s or 9s: 0 fan on a discard, 1 by self-draw.
    first_wall["hk-fanlaak"] = laid_wall("hk-fanlaak", ["123m456m789p1s99s5z"], draw="1s")
    open_lobby(page, server.url)
    page.evaluate("localStorage.setItem('tingpai.hints', '1')")
    page.select_option("#lang", language)
    start_table(page, server.url, "hk-fanlaak")
    wait = "#hint .waits[data-discard='5z'] .wait[data-tile='1s']"
    page.wait_for_selector(f"{wait} .worth-self", timeout=20000)
    assert page.inner_text(f"{wait} .worth-self") == by_self
    assert page.inner_text(f"{wait} .worth-discard") == by_discard


@pytest.mark.parametrize(("language", "names"), [
    ("en", "Plum, Orchid"), ("zh-Hans", "梅、兰"), ("zh-Hant", "梅、蘭")])
def test_the_hint_lists_the_flowers_apart(
        server: Any, page: Any, first_wall: dict[str, list[int]], language: str,
        names: str) -> None:
    # Two flowers, declared by themselves; the replacements (1s, then 5z) leave the dealer
    # ready after discarding 5z, so the hint values the wins and says what they count.
    first_wall["hu-4p"] = laid_wall("hu-4p", ["123m456m789p99s1f2f"], draw="1s", tail="5z1s")
    open_lobby(page, server.url)
    page.evaluate("localStorage.setItem('tingpai.hints', '1')")
    page.select_option("#lang", language)
    start_table(page, server.url, "hu-4p")
    page.wait_for_selector("#hint .counting", timeout=20000)
    text = page.inner_text("#hint .counting")
    assert names in text, text


# -- 3. Ready at a fan-laak draw, seat by seat ---------------------------------------------

DRAW_HANDS = [
    "147m258p369s1234z",  # the player: far from ready
    "234m567m345p678p9p",  # ready on 9p
    "159m159p158s5677z",  # not ready
    "234s567s789s666z8m",  # ready on 8m
]


def test_a_fan_laak_draw_marks_ready_only_the_ready_seats(
        server: Any, page: Any, first_wall: dict[str, list[int]]) -> None:
    """Everybody throws what they draw and passes every claim, so each seat ends the hand
    with the tiles it was dealt."""
    first_wall["hk-fanlaak"] = laid_wall("hk-fanlaak", DRAW_HANDS)
    table_id = start_table(page, server.url, "hk-fanlaak",
                           seats={1: "human", 2: "human", 3: "human"})
    with ScriptedSeats(server.url, table_id, [1, 2, 3]) as others:
        deadline = time.monotonic() + 150
        while not page.locator(".hand-panel").count():
            assert time.monotonic() < deadline, "the hand did not end"
            with contextlib.suppress(Exception):  # the table moved on: look again
                if page.locator("button.call-pass").count():
                    page.locator("button.call-pass").first.click(timeout=2000)
                elif page.locator(".hand.mine .tile.drawn.playable").count():
                    page.dblclick(".hand.mine .tile.drawn.playable", timeout=2000)
            time.sleep(0.05)
        assert not others.errors
    page.wait_for_selector(".hand-panel .draw .draw-hand .ready")
    result = server.table(table_id).match.hands[0].result
    assert result.ready == (False, True, False, True)
    shown = page.locator(".hand-panel .draw .draw-hand .ready").all_inner_texts()
    assert shown == ["Not ready", "Ready", "Not ready", "Ready"], shown

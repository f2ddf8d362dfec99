"""The sixth player audit of the browser table, end to end.

* A fan-laak table settles in money: each seat's net points times the table's ``stake``.
  A host who set the stake to 0 (a friendly game: the lobby allows 0) saw the end-of-game
  standings' "Money" column show the net points themselves, as if the stake were 1 (the
  page read a stake of 0 as "not given"), while the server's settlement (the replay's
  ``money``) was 0 for everyone.
* A name the server refuses as a guest's (it holds a control or formatting character, such
  as the joiner inside the emoji "👩‍💻") was refused in English whatever the page's
  language.
* The traditional Chinese page, made from the simplified one character by character, still
  wrote some strings with simplified characters (服务器, 别处, 登录并, 错误, 再试, 须), and
  the Hu sequence patterns' names with 顺 (一色三同顺).
* A link whose address holds a broken percent escape (a link cut short in a message:
  ``#/profile/%E5%BC``) left the page on its loading placeholder for ever, the router
  failing on it before any page was drawn; it now opens the page the link names, which says
  what it cannot find.
* Eight Immortals (Hu, 八仙过海): a player holding seven declared flowers may win on the
  eighth when another seat declares it (the protocol's ``"robbing": "flower"``).  The page
  offered it as "adds to a kong (rob it?)", the words of a robbed kong.
"""

from __future__ import annotations

import json
import random
import time
import urllib.request
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from scenario import ScriptedSeats, wait_for
from tablekit import open_lobby, start_table

import tingpai
import tingpai.server.tables as server_tables
from tingpai.engine.wall import full_set
from tingpai.tiles import parse_tiles

pytestmark = pytest.mark.slow

DEALER_WINS = "123m456m789m123p5p"
"""The dealer's 13 dealt tiles: its first draw, ``5p``, completes the hand."""


def _get(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=10) as answer:
        return json.load(answer)


def dealer_wins_wall(rules: str) -> list[int]:
    """A wall whose dealer wins on its first draw (nobody else holds a bonus tile)."""
    ruleset = tingpai.find_ruleset(rules)
    left = Counter(full_set(ruleset))
    mine, draw = parse_tiles(DEALER_WINS), parse_tiles("5p")
    for tile in mine + draw:
        left[tile] -= 1
    rest = sorted(left.elements())
    random.Random(7).shuffle(rest)
    bonus = [t for t in rest if t >= 34]
    plain = [t for t in rest if t < 34]
    wall = mine + plain[:39] + draw + plain[39:60] + bonus + plain[60:]
    assert Counter(wall) == Counter(full_set(ruleset))
    return wall


@pytest.fixture
def dealer_wins(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Deal :func:`dealer_wins_wall` as the first hand of every fan-laak table meanwhile."""
    original = server_tables.table_wall

    def table_wall(ruleset: Any, seed: int, number: int) -> list[int]:
        if ruleset.id.startswith("hk-fanlaak") and number == 0:
            return dealer_wins_wall(ruleset.id)
        return original(ruleset, seed, number)

    monkeypatch.setattr(server_tables, "table_wall", table_wall)
    yield


def standings(page: Any) -> list[list[str]]:
    """The end-of-game standings' cells, row by row (place, player, score, net, money...)."""
    rows: list[list[str]] = page.locator(".game-panel table.standings tr[data-seat]").evaluate_all(
        "(rs) => rs.map((r) => [r.dataset.seat,"
        " ...[...r.querySelectorAll('td')].map((td) => td.textContent)])")
    return rows


@pytest.mark.parametrize("stake", [0, 5])
def test_the_money_column_counts_the_table_stake_even_when_it_is_zero(
        server: Any, page: Any, dealer_wins: None, stake: int) -> None:
    table_id = start_table(page, server.url, "hk-fanlaak-0",
                           options={"stake": str(stake), "max_hands": "1"})
    assert server.table(table_id).ruleset.options.stake == stake
    page.click("button.call.win", timeout=15000)
    page.wait_for_selector(".game-panel table.standings tr[data-seat]", timeout=30000)
    game = _get(f"{server.url}/api/tables/{table_id}/replay")
    assert any(game["net"]), game["net"]  # the dealer won: somebody's net is not 0
    assert game["money"] == [n * stake for n in game["net"]]
    heads = page.locator(".game-panel table.standings th").all_text_contents()
    money_col = heads.index("Money")
    for row in standings(page):
        seat = int(row[0])
        assert int(row[1 + money_col]) == game["money"][seat], (row, game["money"])
        assert int(row[1 + heads.index("Net")]) == game["net"][seat]


@pytest.mark.parametrize(("language", "words"), [("zh-Hans", "名字"), ("zh-Hant", "名字"),
                                                 ("en", "name")])
def test_a_refused_guest_name_is_told_in_the_page_language(
        server: Any, page: Any, language: str, words: str) -> None:
    open_lobby(page, server.url)
    page.select_option("#lang", language)
    page.wait_for_selector("#new-table #start")
    page.fill("input[name=name]", "Ann\u200d")  # a zero-width joiner: not printable
    page.click("#start")
    page.wait_for_selector("#toast.show.error")
    text = page.inner_text("#toast")
    assert words in text and "24" in text, text
    if language != "en":
        assert "printable" not in text, text
    assert page.evaluate("location.hash") in ("", "#/")  # no table was made


SIMPLIFIED = ("万与东两个为么于仅会余关册净几凭击则别务动励单厅双发变号后听响场墙处复头奖对将并"
              "庄开弃张强录战户抢换数断无时显暂机杠条样气没浏游满点现电码种级组经结给续罚脑节荣补"
              "见观规览计认让记设试语误请谱负责账贪贯资赔轮载输达过运还这进连选里钥钱铳链错键长闭"
              "随顶项顺须领额风鸡黄")
"""The characters of the simplified catalogue that traditional Chinese writes otherwise
(found with a converter, zhconv; 台, 吃 and 占 left out: Hong Kong writes them so too)."""


def test_the_traditional_page_has_no_simplified_characters(server: Any, page: Any) -> None:
    open_lobby(page, server.url)
    catalogues = page.evaluate("import('/static/js/i18n.js').then((m) => m.CATALOGUES)")
    used = set("".join(catalogues["zh-Hans"].values()))
    assert set("务处并试误须") <= used  # the check below looks at them
    leaks = {key: "".join(sorted({c for c in text if c in SIMPLIFIED}))
             for key, text in catalogues["zh-Hant"].items()}
    assert {k: v for k, v in leaks.items() if v} == {}
    # The patterns' names and descriptions (ruleset data, shown in the page's script).
    page.evaluate("localStorage.setItem('tingpai.lang', 'zh-Hant')")
    open_lobby(page, server.url)
    shown = page.evaluate("""async () => {
        const m = await import('/static/js/i18n.js');
        const rules = await (await fetch('/api/rules')).json();
        return rules.flatMap((r) => r.patterns.map((p) => [
            `${r.id} ${p.id}`, m.patternName(p) + ' ' + m.patternDescription(p)]));
    }""")
    # 么 stays in names: it is yāo there (断么, 十三么), never 麼
    leaks = {key: "".join(sorted({c for c in text if c in SIMPLIFIED and c != "么"}))
             for key, text in shown}
    assert {k: v for k, v in leaks.items() if v} == {}


@pytest.mark.parametrize(("address", "said"), [
    ("#/profile/%E5%BC", "There is no player"),
    ("#/table/%", "This table does not exist"),
    ("#/replay/abc%zz/1", "This table does not exist"),
])
def test_a_link_cut_short_says_what_it_cannot_find(server: Any, page: Any, address: str,
                                                   said: str) -> None:
    page.goto(f"{server.url}/{address}")
    page.wait_for_selector("#main p.error", timeout=10000)
    assert said in page.inner_text("#main p.error")


def immortals_wall() -> list[int]:
    """A Hu wall: the dealer (the player) is dealt seven flowers, seat 1 the eighth."""
    ruleset = tingpai.find_ruleset("hu-4p")
    left = Counter(full_set(ruleset))
    mine = parse_tiles("1234567f19m19p19s")
    seat1 = parse_tiles("8f234m567p234s66z")
    for tile in mine + seat1:
        left[tile] -= 1
    rest = sorted(left.elements())
    random.Random(3).shuffle(rest)
    wall = mine + seat1 + rest
    assert Counter(wall) == Counter(full_set(ruleset))
    return wall


@pytest.mark.parametrize(("language", "words", "not_words"), [
    ("en", "flower", "kong"), ("zh-Hans", "补花", "杠"), ("zh-Hant", "補花", "槓")])
def test_the_eighth_flower_is_offered_as_a_flower_not_a_kong(
        server: Any, page: Any, monkeypatch: pytest.MonkeyPatch, language: str, words: str,
        not_words: str) -> None:
    original = server_tables.table_wall

    def table_wall(ruleset: Any, seed: int, number: int) -> list[int]:
        if ruleset.id == "hu-4p" and number == 0:
            return immortals_wall()
        return original(ruleset, seed, number)

    monkeypatch.setattr(server_tables, "table_wall", table_wall)
    open_lobby(page, server.url)
    page.select_option("#lang", language)
    table_id = start_table(page, server.url, "hu-4p", seats={1: "human", 2: "human", 3: "human"},
                           options={"max_hands": "1"})
    with ScriptedSeats(server.url, table_id, [1, 2, 3]) as others:
        # The seven flowers are declared by themselves; then the player discards.
        page.wait_for_selector(".hand.mine .tile.playable", timeout=20000)
        wait_for(lambda: len(server.table(table_id).match.hand.observe(0).flowers[0]) == 7,
                 what="seven flowers declared")
        page.dblclick(".hand.mine .tile.playable[data-tile='9p']")
        page.wait_for_selector(".calls button.call-ron", timeout=20000)
        view = server.table(table_id).match.hand.observe(0)
        assert view.robbing == "flower"
        offer = page.inner_text(".calls .offer")
        assert words in offer and not_words not in offer, offer
        page.click("button.call-ron")
        page.wait_for_selector(".hand-panel tr[data-pattern='eight_immortals']", timeout=20000)
        assert not others.errors


PAIRS_AND_A_FLOWER = "11m22m33m44p55p66s1f"
"""The human dealer's 13 dealt tiles: six pairs to pung with, and a flower to keep."""


def pairs_wall(rules: str) -> list[int]:
    """A wall dealing :data:`PAIRS_AND_A_FLOWER` to the dealer, no other bonus tile in the
    deal or the first draws."""
    ruleset = tingpai.find_ruleset(rules)
    left = Counter(full_set(ruleset))
    mine = parse_tiles(PAIRS_AND_A_FLOWER)
    for tile in mine:
        left[tile] -= 1
    rest = sorted(left.elements())
    random.Random(3).shuffle(rest)
    bonus = [t for t in rest if t >= 34]
    plain = [t for t in rest if t < 34]
    wall = mine + plain[:80] + bonus + plain[80:]
    assert Counter(wall) == Counter(full_set(ruleset))
    return wall


def test_the_hint_at_a_claim_does_not_ask_to_declare_a_held_flower(
        server: Any, page: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """At a claim decision the hint box said "Declare your flowers first." though no
    declaration is legal there; it now says to declare them in your turn, and in the
    seat's own turn it still asks for the declaration."""
    original = server_tables.table_wall

    def table_wall(ruleset: Any, seed: int, number: int) -> list[int]:
        return pairs_wall(ruleset.id) if number == 0 else original(ruleset, seed, number)

    monkeypatch.setattr(server_tables, "table_wall", table_wall)
    page.goto(server.url + "/")
    page.evaluate("localStorage.setItem('tingpai.hints', '1');"
                  "localStorage.setItem('tingpai.autoflowers', '0')")
    start_table(page, server.url, "hu-4p")
    page.wait_for_selector(".hand.mine .tile")
    own_turn_hint = claim_hint = ""
    for _ in range(200):
        wait_for(lambda: page.locator(
            ".hand.mine .tile.playable, button.call-pass, .hand-panel").count() > 0,
            timeout=30, what="a decision or the hand's end")
        if page.locator(".hand-panel").count():
            break
        wait_for(lambda: "No hint now" not in page.inner_text("#hint"), timeout=30,
                 what="the hint of this decision")
        hint_text = page.inner_text("#hint")
        if page.locator("button.call-pass").count():
            claim_hint = hint_text
            if "flowers" in hint_text.lower():
                break
            page.locator("button.call-pass").first.click()
        else:
            own_turn_hint = own_turn_hint or hint_text
            plain = page.locator(".hand.mine .tile.playable:not([data-tile$='f'])")
            index = plain.last.get_attribute("data-index", timeout=2000)
            selector = f".hand.mine .tile[data-index='{index}']"
            page.click(selector)
            page.click(selector)
        time.sleep(0.3)  # the next view replaces this decision's controls
    assert "Declare your flowers first." in own_turn_hint, own_turn_hint
    assert "Flowers held: declare them in your turn." in claim_hint, claim_hint
    assert "Declare your flowers first." not in claim_hint


def test_a_finished_game_offers_no_invite_and_an_alias_marks_its_leaderboard_tab(
        server: Any, page: Any, dealer_wins: None) -> None:
    """The "Copy invite link" button stayed on a finished table, inviting friends to no
    seat; ``#/leaderboard/hu`` showed hu-4p's board with no tab marked."""
    start_table(page, server.url, "hk-fanlaak-0", options={"max_hands": "1"})
    page.wait_for_selector("#invite")
    page.click("button.call.win", timeout=15000)
    page.wait_for_selector(".game-panel table.standings tr[data-seat]", timeout=30000)
    assert page.locator("#invite").count() == 0
    page.goto(server.url + "/#/leaderboard/hu")
    page.wait_for_selector(".board-page .tabs .tab.on")
    assert page.locator(".board-page .tabs .tab.on").all_text_contents() == ["hu-4p"]

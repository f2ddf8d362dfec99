"""Playing the browser table the way a person does: clicks on the lobby form, on tiles and
on the call buttons; and reading the end-of-hand panel back from the page."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import tingpai

DOCS = Path(__file__).resolve().parents[2] / "docs"
"""Screenshots go here (the README shows them)."""

HAND_TIMEOUT = 180.0
"""Seconds one hand may take before the test gives up."""


def open_lobby(page: Any, url: str) -> None:
    page.goto(url + "/")
    page.wait_for_selector("#new-table #start")


def sign_up(page: Any, url: str, prefix: str) -> str:
    """Create an account with a fresh name (``prefix`` and the clock) on the account page;
    the name, once the header shows it signed in."""
    name = f"{prefix}{int(time.time() * 1000) % 10**9}"
    page.goto(url + "/#/account")
    page.wait_for_selector("#signup")
    page.fill("input[name=name]", name)
    page.fill("input[name=password]", "correct horse battery")
    page.click("#signup")
    page.wait_for_selector(f"#account a:has-text('{name}')")
    return name


def show_lobby_patterns(page: Any, rules: str) -> None:
    """Pick ``rules`` in the lobby and open its pattern list (it stays open across picks)."""
    page.check(f"input[name=rules][value={rules}]")
    details = page.locator("details.patterns-box")
    if not details.evaluate("(d) => d.open"):
        details.locator("summary").click()


def start_table(page: Any, url: str, rules: str, *, length: str = "full",
                seats: dict[int, str] | None = None,
                options: dict[str, str] | None = None) -> str:
    """Fill the lobby form (``options``: table options typed into their boxes) and start a
    table; returns its id (from the page's address)."""
    open_lobby(page, url)
    page.check(f"input[name=rules][value={rules}]")
    for seat, value in (seats or {}).items():
        page.select_option(f"select[name=seat{seat}]", value)
    if options:
        page.click("details.options summary")
        for name, value in options.items():
            page.fill(f".option input[name={name}]", value)
    page.check(f"input[name=length][value={length}]")
    page.click("#start")
    try:
        page.wait_for_function("location.hash.startsWith('#/table/')", timeout=15000)
    except Exception:
        raise AssertionError(f"no table started: {page.inner_text('#toast')!r}") from None
    return str(page.evaluate("location.hash").rsplit("/", 1)[1])


def _click_tile(page: Any, locator: Any) -> bool:
    """Select a tile with one click and discard it with a second, as a player does."""
    index = locator.get_attribute("data-index", timeout=2000)
    if index is None:
        return False
    selector = f".hand.mine .tile[data-index='{index}']"
    try:
        page.click(selector, timeout=2000)
        page.click(selector, timeout=2000)
    except Exception:  # the table moved on between the clicks: look again
        return False
    return True


def take_turn(page: Any, *, win: bool = True) -> bool:
    """Make one decision if the page offers one; whether it did."""
    if win and page.locator("button.call.win").count():
        page.locator("button.call.win").first.click()
        return True
    if page.locator("button.call-flower").count():
        page.locator("button.call-flower").first.click()
        return True
    if page.locator("button.call-pass").count():
        page.locator("button.call-pass").first.click()
        return True
    playable = page.locator(".hand.mine .tile.playable")
    if playable.count():
        best = page.locator(".hand.mine .tile.playable.hint-best")
        return _click_tile(page, best.first if best.count() else playable.last)
    return False


def play_until_hand_end(page: Any, *, shot: Any = None, shot_after: int = 12) -> int:
    """Click through the hand until its end-of-hand panel shows; returns the decisions
    made.  ``shot(page)`` is called once, after ``shot_after`` decisions."""
    decisions = 0
    deadline = time.monotonic() + HAND_TIMEOUT
    while not page.locator(".hand-panel").count():
        if time.monotonic() > deadline:
            raise AssertionError(f"the hand did not end in {HAND_TIMEOUT} s")
        if take_turn(page):
            decisions += 1
            if shot is not None and decisions == shot_after:
                time.sleep(0.4)
                shot(page)
            time.sleep(0.05)
        else:
            time.sleep(0.05)
    page.wait_for_selector(".hand-panel h2")
    page.wait_for_selector(".hand-panel .scores tr")
    return decisions


def next_hand(page: Any) -> None:
    page.click("#next-hand")
    page.wait_for_selector(".hand-panel", state="detached", timeout=30000)


def panel(page: Any) -> dict[str, Any]:
    """What the end-of-hand panel shows: winners with pattern ids, main names and values,
    payments (reason and amount) and the score changes."""
    return page.evaluate("""() => {
        const p = document.querySelector('.hand-panel');
        const winners = [...p.querySelectorAll('.winner')].map((w) => ({
            patterns: [...w.querySelectorAll('tr[data-pattern]')].map((r) => ({
                id: r.dataset.pattern,
                name: r.querySelector('.pattern-main').textContent,
                second: r.querySelector('.pattern-second').textContent,
                value: Number(r.querySelector('td.num').textContent)})),
            total: w.querySelector('tr.total td.num').textContent,
            tiles: [...w.querySelectorAll('.winning-hand .tile')].map(
                (t) => t.dataset.tile || 'back'),
        }));
        const payments = [...p.querySelectorAll('.payments li[data-why]')].map((li) => ({
            why: li.dataset.why, from: Number(li.dataset.from), to: Number(li.dataset.to),
            amount: Number(li.dataset.amount)}));
        const deltas = [...p.querySelectorAll('table.scores tbody tr')].map(
            (r) => Number(r.querySelector('td.delta').textContent));
        return {winners, payments, deltas, draw: !!p.querySelector('.draw')};
    }""")


def engine_hand(server: Any, table_id: str, number: int) -> Any:
    """The engine's result of hand ``number``, from the table's record replayed by
    :func:`tingpai.replay` (not from anything the page was sent)."""
    record = server.table(table_id).match.record()
    return tingpai.replay(record, partial=True).hands[number]


def check_panel(shown: dict[str, Any], replayed: Any) -> None:
    """The panel shows the replayed hand: winners, patterns and values, score changes."""
    result = replayed.result
    assert result is not None
    assert shown["deltas"] == list(replayed.deltas)
    assert len(shown["winners"]) == len(result.winners)
    assert shown["draw"] == (not result.winners)
    for seen, winner in zip(shown["winners"], result.winners, strict=True):
        expected = [(p.id, p.value) for p in winner.score.patterns]
        assert [(p["id"], p["value"]) for p in seen["patterns"]
                if p["id"] in {e[0] for e in expected}] == expected
        assert seen["total"].split()[0] == str(winner.score.total)
        if winner.win_tile is not None:
            assert tingpai.tiles.tile_to_str(winner.win_tile) in seen["tiles"]
    # Every payment the panel lists adds up to each seat's change.
    net = [0] * len(shown["deltas"])
    for payment in shown["payments"]:
        net[payment["from"]] -= payment["amount"]
        net[payment["to"]] += payment["amount"]
    assert net == list(result.deltas)

"""The eleventh player audit of the browser table, end to end.

A page a full table refuses (close code 4503: as many spectators as the table takes, or a
seat open in as many windows as it takes) showed the server's reason for an instant, covered
at once by "Connection lost; reconnecting…", and asked again three times a second for as
long as it stayed open: a refused connection opens before it is closed, and opening reset
the back-off.  The reason now stays, in the page's language and where the table would
be, the page asks again after 2, 4, 6… seconds (at most 30), and it gets in once there is
room.
"""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest

pytestmark = pytest.mark.slow


def _waiting_table(url: str, seats: list[str]) -> tuple[str, str]:
    """A new hu-2p table of ``seats`` (it waits for its people): its id and seat 0's token."""
    request = urllib.request.Request(
        f"{url}/api/tables", method="POST", headers={"content-type": "application/json"},
        data=json.dumps({"rules": "hu-2p", "seats": seats}).encode())
    with urllib.request.urlopen(request, timeout=10) as answer:
        made = json.load(answer)
    return str(made["table"]), str(made["token"])


@pytest.mark.parametrize("lang, reason", [
    ("en", "This table has as many spectators as it takes; trying again shortly…"),
    ("zh-Hant", "觀戰人數已滿，稍後會自動再試…"),
])
def test_a_full_table_says_so_and_asks_again_slowly(
        server: Any, page: Any, browser: Any, monkeypatch: pytest.MonkeyPatch,
        lang: str, reason: str) -> None:
    monkeypatch.setattr(server.app.state.manager, "max_spectators", 1)
    table_id, _ = _waiting_table(server.url, ["human", "human"])
    first = browser.new_page()
    try:
        first.goto(f"{server.url}/#/table/{table_id}")
        first.wait_for_selector(".take-seat")
        sockets: list[str] = []
        page.on("websocket", lambda socket: sockets.append(socket.url))
        page.goto(server.url)
        page.select_option("#lang", lang)
        page.goto(f"{server.url}/#/table/{table_id}")
        toast = page.locator("#toast.show.error")
        toast.wait_for()
        assert toast.inner_text() == reason
        page.wait_for_timeout(3000)
        # the reason was not covered, and the page asked again once or twice, not ten times
        assert page.locator("#toast").inner_text() == reason
        assert page.inner_text("#main p.error") == reason  # where the table would be
        assert 1 <= len(sockets) <= 3, sockets
        assert page.locator(".take-seat").count() == 0
    finally:
        first.close()
    # with room again, the page gets in at its next try
    page.wait_for_selector(".take-seat", timeout=20000)


def test_a_seat_open_in_too_many_windows_says_so(
        server: Any, page: Any, browser: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The seat's own windows are counted apart from spectators: the first keeps playing."""
    monkeypatch.setattr(server.app.state.manager, "max_seat_connections", 1)
    table_id, token = _waiting_table(server.url, ["human", "bot:greedy"])
    keys = json.dumps({table_id: {"seat": 0, "token": token, "saved": 1}})
    context = browser.new_context()  # one browser: both tabs hold the seat's key
    context.add_init_script(f"localStorage.setItem('tingpai.seats', {json.dumps(keys)})")
    try:
        mine = context.new_page()
        mine.goto(f"{server.url}/#/table/{table_id}")
        mine.wait_for_selector(".hand.mine .tile")
        again = context.new_page()
        again.goto(f"{server.url}/#/table/{table_id}")
        toast = again.locator("#toast.show.error")
        toast.wait_for()
        assert toast.inner_text() == ("This seat is open in too many windows: close one; "
                                      "trying again shortly…")
        assert again.locator(".hand.mine .tile").count() == 0
        mine.close()
        again.wait_for_selector(".hand.mine .tile", timeout=20000)
    finally:
        context.close()

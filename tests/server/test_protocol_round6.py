"""The server as a protocol client meets it (sixth audit).

Regressions of what it found: an action's tiles are read in the protocol's text notation
only (``"9m"``, ``"345m"``).  The engine's parser, made for people typing at a command
line, also reads spaces, Unicode tile characters and an empty group, so the server took
``{"do": "discard", "tile": " 2m"}`` or ``"🀇"`` as a discard, and ``{"do": "discard",
"tile": "2m", "tiles": ""}`` (a field a discard does not have) too; each is now refused as
a malformed action, changing nothing.

A table still waiting for its players leaves the lobby and the server's memory after
``unattended_seconds`` with nobody connected, whether or not it has a timer: a timer moves
a game on by itself, but no game is dealt while a seat is open, so a timed table whose
players never came (or whose creator left) stayed in the lobby and counted against
``max_tables`` for ever, after every restart too.
"""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from serverkit import create_table, play_out, sync

from tingpai.engine import Action
from tingpai.server import Settings, create_app
from tingpai.server.tables import notation_problem
from tingpai.tiles import parse_tile, tile_to_unicode

BOTS = ["human", "bot:greedy", "bot:greedy", "bot:greedy"]


def spelt(tile: str) -> list[tuple[str, dict[str, Any]]]:
    """Ways to write a discard of ``tile`` that are not the protocol's text notation, with
    the action of each."""
    return [
        ("a space before", {"do": "discard", "tile": " " + tile}),
        ("a space after", {"do": "discard", "tile": tile + " "}),
        ("a tab before", {"do": "discard", "tile": "\t" + tile}),
        ("a Unicode tile", {"do": "discard", "tile": tile_to_unicode(parse_tile(tile))}),
        ("an empty group of tiles", {"do": "discard", "tile": tile, "tiles": ""}),
        ("a group of spaces", {"do": "discard", "tile": tile, "tiles": " "}),
    ]


@pytest.mark.parametrize("case", range(len(spelt("1m"))), ids=[c for c, _ in spelt("1m")])
def test_an_action_s_tiles_are_in_the_text_notation_only(client: TestClient, case: int
                                                          ) -> None:
    made = create_table(client, "hu-4p", BOTS)
    with client.websocket_connect(f"/ws/tables/{made['table']}?token={made['token']}") as ws:
        view = ws.receive_json()
        assert view["type"] == "view" and view["view"]["actor"] == 0
        tile = next(a["tile"] for a in view["legal"] if a["do"] == "discard")
        what, action = spelt(tile)[case]
        assert not [m for m in sync(ws) if m["type"] != "view"]
        ws.send_json({"type": "act", "seq": view["seq"], "action": action})
        got = sync(ws)
        assert [m["type"] for m in got] == ["error"], (what, got)
        assert got[0]["error"].startswith("malformed action"), got[0]
        # Nothing changed: the discard in the text notation is still the seat's to make.
        info = client.get(f"/api/tables/{made['table']}").json()
        assert info["seq"] == view["seq"]
        ws.send_json({"type": "act", "seq": view["seq"],
                      "action": {"do": "discard", "tile": tile}})
        after = sync(ws)
        assert after and after[0]["type"] == "view", after
        assert after[0]["view"]["ponds"][0] == [tile]


def test_a_chow_may_still_name_its_tiles_in_any_text_spelling(client: TestClient) -> None:
    """The notation's own freedoms stay: a chow's tiles in any order or with a suit letter
    after each tile (``"543m"``, ``"4m3m5m"``) name the same chow."""
    for text in ("345m", "543m", "3m4m5m", "4m35m"):
        action = Action.from_dict({"seat": 1, "do": "chow", "tiles": text})
        assert action.to_dict()["tiles"] == "345m"
    for text in ("345m", "543m", "3m4m5m", "4m35m", "9m", "1z", "8f"):
        assert notation_problem({"do": "chow", "tiles": text}) is None
    for text in ("", " ", "3 45m", "345m ", "🀇", "3４5m", "m", "3m4"):
        assert notation_problem({"do": "chow", "tiles": text}) is not None, text


def table_status(client: TestClient, **extra: Any) -> int:
    """The status of a request for a new two-seat table (201 made, 503 the server is full)."""
    body = {"rules": "hu-2p", "seats": ["human", "human"], **extra}
    return client.post("/api/tables", json=body).status_code


def test_a_timed_table_nobody_came_to_leaves_the_lobby_and_comes_back_by_its_link(
        db_url: str) -> None:
    # 3 s unattended: the first three requests must fit in it on a loaded machine too
    # (at 0.5 s, a busy `make test` once let the waiting table go before the third).
    settings = Settings(database_url=db_url, unattended_seconds=3, max_tables=2)
    with TestClient(create_app(settings)) as client:
        asked = time.monotonic()
        waiting = create_table(client, "hu-2p", ["human", "human"], timer=20)
        made = time.monotonic()  # the waiting table was made before this
        playing = create_table(client, "hu-2p", ["human", "bot:greedy"], timer=60)
        assert table_status(client) == 503  # two unfinished: the server is full
        assert time.monotonic() - asked < 3
        time.sleep(max(0.0, 3.2 - (time.monotonic() - made)))
        listed = {t["id"] for t in client.get("/api/tables").json()}
        assert playing["table"] in listed  # its timer moves it on: it stays
        assert waiting["table"] not in listed  # nobody came, and no timer runs before a deal
        assert table_status(client, timer=20) == 201  # room for a new table again
        # A friend comes by the link: the same table, seat 1 still open; taking it deals.
        info = client.get(f"/api/tables/{waiting['table']}").json()
        assert info["status"] == "waiting" and info["open_seats"] == [1]
        assert info["timer"] == 20
        seat = client.post(f"/api/tables/{waiting['table']}/seats/1", json={"name": "Bo"})
        assert seat.status_code == 200, seat.text
        info = client.get(f"/api/tables/{waiting['table']}").json()
        assert info["status"] == "playing" and info["hand"] == 1
        assert waiting["table"] in {t["id"] for t in client.get("/api/tables").json()}
        with client.websocket_connect(
                f"/ws/tables/{waiting['table']}?token={waiting['token']}") as ws:
            view = ws.receive_json()
        assert view["view"]["seat"] == 0 and view["deadline"] is not None


def play_to_hand_end(a: Any, b: Any) -> None:
    """Play a two-human table greedily through both sockets until the hand ends (in a
    two-seat game every change is public: each socket gets one view per change)."""
    import tingpai
    from tingpai.engine import Observation
    from tingpai.engine.observation import action_json

    bot = tingpai.find_bot("greedy")
    while True:
        got = [a.receive_json(), b.receive_json()]
        if all(m["type"] == "hand_end" for m in got):
            return
        for ws, message in zip((a, b), got, strict=True):
            assert message["type"] == "view", message
            if message["legal"]:
                action = bot.act(Observation.from_json(message["view"]))
                ws.send_json({"type": "act", "seq": message["seq"],
                              "action": action_json(action)})


def test_a_seat_that_sent_ready_and_comes_back_alone_is_dealt_its_hand(
        client: TestClient) -> None:
    """The next hand is dealt when every connected human seat has sent ``ready``.  A seat
    that sent it, lost its connection (so did the other seat, not ready) and came back
    alone was sent the hand's end again and nothing more: the table (no timer) waited for
    a second ``ready`` the protocol does not ask for, for ever for a client that keeps
    count of the ones it sent."""
    made = create_table(client, "hu-2p", ["human", "human"], options={"max_hands": 3})
    other = client.post(f"/api/tables/{made['table']}/seats/1").json()["token"]
    url = f"/ws/tables/{made['table']}?token="
    with client.websocket_connect(url + other) as b:
        with client.websocket_connect(url + made["token"]) as a:
            play_to_hand_end(a, b)
            a.send_json({"type": "ready"})
            assert sync(a) == [] and sync(b) == []  # seat 1 is connected and not ready
        # seat 0 (ready) left first, then seat 1 (not ready): nobody is connected
        assert sync(b) == []
    deadline = time.monotonic() + 10
    while True:  # the server has seen both connections go
        info = client.get(f"/api/tables/{made['table']}").json()
        if not any(s["connected"] for s in info["seats"]) or time.monotonic() > deadline:
            break
        time.sleep(0.02)
    assert not any(s["connected"] for s in info["seats"])
    assert info["hand"] == 1 and [s["ready"] for s in info["seats"]] == [True, False]
    with client.websocket_connect(url + made["token"]) as a:
        got = sync(a)
        # the hand's end again, then (no second ready) the next hand
        assert [m["type"] for m in got] == ["view", "hand_end", "view"], got
        dealt = got[2]
        assert dealt["table"]["hand"] == 2 and dealt["view"]["phase"] == "turn"
        assert dealt["seq"] == got[0]["seq"] + 1
    assert client.get(f"/api/tables/{made['table']}").json()["hand"] == 2


# ---------------------------------------------------------------- private games in profiles

PASSWORD = "correct horse battery"


def test_a_profile_lists_a_finished_private_game_only_to_its_account(
        client: TestClient) -> None:
    """Round 5 hid an unfinished private table from other viewers of a profile, but the
    game's end put it into the profile's ``games`` for anyone, with its record link (the
    lobby's finished list already left it out)."""
    assert client.post("/api/accounts", json={"name": "Cai", "password": PASSWORD}
                       ).status_code in (200, 201)
    seats = ["human", "bot:greedy"]
    games = {}
    for private in (True, False):
        made = create_table(client, "hu-2p", seats, private=private,
                            options={"max_hands": 1})
        assert play_out(client, made["table"], made["token"])["type"] == "game_end"
        games[private] = made["table"]
    own = client.get("/api/accounts/Cai").json()
    assert {g["table"] for g in own["games"]} == set(games.values())
    client.delete("/api/session")
    stranger = client.get("/api/accounts/cai").json()
    assert [g["table"] for g in stranger["games"]] == [games[False]]
    assert stranger["ratings"] == own["ratings"]  # the private game still counts
    # the link still opens it, as a private table is shared
    assert client.get(f"/api/tables/{games[True]}/record").status_code == 200

"""A protocol client written from DESIGN.md and docs/protocol.md alone (fourth audit).

Regressions of what it found: request bodies are JSON whatever content type the client
declares (FastAPI refused a JSON body sent without ``Content-Type: application/json`` with
a 422 that did not say why); a body that cannot be read at all gets an error naming why; a
table's ``scores`` are a list (the starting scores) before the first deal, as the protocol
shows them; a hint is of the hand being played once the table's lock is free.

And what it checked that held, not covered elsewhere: several humans at a table, a claim
window asking two of them, one seat with two connections at once (a private answer is
shown to both and to nobody else, acting again is refused, reconnecting resumes it), and
the ready flow when a seat disconnects between hands.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import AsyncIterator, Iterator
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from serverkit import create_table
from sqlalchemy import select

import tingpai
from tingpai import find_ruleset, ruleset_ids
from tingpai.engine import Observation
from tingpai.engine.observation import action_json
from tingpai.server import Settings, create_app
from tingpai.server.storage import ActionRow

BOTS = ["human", "bot:greedy", "bot:greedy", "bot:greedy"]
WINDOW = ("claims", "robbing")
PRIVATE = ("seat", "hand", "drawn", "legal")


def public_part(view: dict[str, Any]) -> dict[str, Any]:
    """A seat's view without what only that seat is shown."""
    return {k: v for k, v in view.items() if k not in PRIVATE}


def stored(client: TestClient, table: str) -> list[dict[str, Any]]:
    """The table's stored actions, in order."""
    storage = client.app.state.storage  # type: ignore[attr-defined]
    rows = storage.run(lambda s: list(s.scalars(
        select(ActionRow).where(ActionRow.table_id == table).order_by(ActionRow.number))))
    return [r.action for r in rows]


# ---------------------------------------------------------------- HTTP bodies

CONTENT_TYPES = [
    None,  # requests' data=..., a bare fetch body without headers
    "text/plain;charset=UTF-8",  # fetch with a string body
    "application/x-www-form-urlencoded",  # curl -d, urllib.request
    "multipart/form-data; boundary=x",
    "application/json; charset=utf-8",
]


def post_raw(client: TestClient, path: str, body: Any, content_type: str | None
             ) -> httpx.Response:
    headers = {} if content_type is None else {"content-type": content_type}
    answer: httpx.Response = client.post(path, content=json.dumps(body), headers=headers)
    return answer


@pytest.mark.parametrize("content_type", CONTENT_TYPES)
def test_json_bodies_are_read_whatever_content_type_they_declare(
        client: TestClient, content_type: str | None) -> None:
    made = post_raw(client, "/api/tables", {"rules": "hu-2p", "seats": ["human", "human"],
                                            "timer": 30, "name": "Ann"}, content_type)
    assert made.status_code == 201, made.text
    table = made.json()["table"]
    taken = post_raw(client, f"/api/tables/{table}/seats/1", {"name": "Bo"}, content_type)
    assert taken.status_code == 200, taken.text
    info = client.get(f"/api/tables/{table}").json()
    assert [s["name"] for s in info["seats"]] == ["Ann", "Bo"] and info["timer"] == 30
    credentials = {"name": "round4", "password": "correct horse"}
    signed_up = post_raw(client, "/api/accounts", credentials, content_type)
    assert signed_up.status_code == 201, signed_up.text
    client.delete("/api/session")
    signed_in = post_raw(client, "/api/session", credentials, content_type)
    assert signed_in.status_code == 200, signed_in.text
    assert client.get("/api/me").json()["account"]["name"] == "round4"


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded"])
def test_a_form_body_from_another_site_is_not_read_as_json(
        client: TestClient, content_type: str) -> None:
    """A page of another site can post a form without the browser asking this server
    first: such a body is not taken for JSON (no sign-in or table made by a form), while
    the same body from the table's own page, or from a tool that sends no Origin, is."""
    credentials = json.dumps({"name": "formsite", "password": "correct horse"})
    client.post("/api/accounts", content=credentials,
                headers={"content-type": "application/json"})
    client.delete("/api/session")
    host = "testserver"
    for origin, status in (("https://evil.example", 422), ("null", 422),
                           (f"http://{host}", 200)):
        answer = client.post("/api/session", content=credentials,
                             headers={"content-type": content_type, "origin": origin})
        assert answer.status_code == status, (origin, answer.text)
        if status == 422:
            assert answer.json()["error"] == (
                "body: a request from a page of another site must declare its JSON body "
                "(Content-Type: application/json)")
        client.delete("/api/session")
    json_from_anywhere = client.post("/api/session", content=credentials, headers={
        "content-type": "application/json", "origin": "https://evil.example"})
    assert json_from_anywhere.status_code == 200  # a browser asks first (CORS) for JSON


def test_bodies_that_cannot_be_read_are_refused_naming_why(client: TestClient) -> None:
    seats = json.dumps(BOTS)
    cases = [
        # a form is not the JSON the protocol takes
        ("/api/tables", b"rules=hu-4p&seats=human", "application/x-www-form-urlencoded",
         "body: not valid JSON"),
        ("/api/tables/abcdefgh/seats/1", b"name=Bo", "application/x-www-form-urlencoded",
         "body: not valid JSON"),
        # a number Python will not read (more than 4300 digits): not "not UTF-8"
        ("/api/tables", f'{{"rules": "hu-4p", "seats": {seats}, "timer": {"1" * 5000}}}'
         .encode(), "application/json", "a number has more than 4300 digits"),
        ("/api/tables", f'{{"rules": "hu-4p", "seats": {seats}, "options": '
         f'{{"max_hands": {"9" * 4400}}}}}'.encode(), None, "more than 4300 digits"),
        ("/api/tables", b'{"rules": "hu-4p\xff", "seats": []}', "application/json",
         "not UTF-8 text: byte 16"),
        ("/api/tables", b'{"seats": ' + b"[" * 5000 + b"]" * 5000 + b"}", "text/plain",
         "nested too deeply"),
    ]
    for path, body, content_type, words in cases:
        headers = {} if content_type is None else {"content-type": content_type}
        r = client.post(path, content=body, headers=headers)
        assert r.status_code == 422, (path, r.text)
        assert r.json()["error"].startswith("body: "), r.json()
        assert words in r.json()["error"], (words, r.json())
    assert client.get("/api/tables").json() == []


# ---------------------------------------------------------------- scores before the deal

@pytest.mark.parametrize("rules", ruleset_ids())
def test_scores_are_the_starting_scores_before_the_first_deal(client: TestClient,
                                                              rules: str) -> None:
    players = find_ruleset(rules).options.players
    start = [find_ruleset(rules).options.start_points] * players
    made = create_table(client, rules, ["human"] * players)
    table = made["table"]
    info = client.get(f"/api/tables/{table}").json()
    assert info["status"] == "waiting" and info["hand"] == 0
    assert info["scores"] == start
    lobby = client.get("/api/tables", params={"status": "open"}).json()
    assert lobby[0]["scores"] == start
    with client.websocket_connect(f"/ws/tables/{table}?token={made['token']}") as ws:
        waiting = ws.receive_json()
        assert waiting["view"] is None and waiting["table"]["scores"] == start
        for seat in range(1, players):
            assert client.post(f"/api/tables/{table}/seats/{seat}").status_code == 200
        while True:  # views of the seats being taken, then the deal
            dealt = ws.receive_json()
            if dealt["view"] is not None:
                break
            assert dealt["seq"] == waiting["seq"] and dealt["table"]["scores"] == start
        assert dealt["view"]["scores"] == dealt["table"]["scores"] == start


# ---------------------------------------------------------------- a hint and the lock

@contextlib.asynccontextmanager
async def served(tmp_path: Any) -> AsyncIterator[tuple[Any, httpx.AsyncClient]]:
    """A started server app on a fresh SQLite database, its table manager and an HTTP
    client speaking to it in this event loop (so a test can hold a table's lock)."""
    app = create_app(Settings(database_url=f"sqlite:///{tmp_path / 'db.sqlite3'}"))
    manager = app.state.manager
    await manager.start()
    try:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://t") as http:
            yield manager, http
    finally:
        await manager.stop()
        manager.storage.close()


def test_a_hint_is_of_the_hand_being_played_once_the_lock_is_free(tmp_path: Any) -> None:
    """A hint asked while a change holds the table's lock (being committed) answers for
    the table as it is when the lock frees: 409 if that change ended the hand, not a hint
    of the ended hand."""

    async def main() -> None:
        async with served(tmp_path) as (manager, http):
            made = (await http.post("/api/tables", json={
                "rules": "hu-2p", "seats": ["human", "bot:greedy"]})).json()
            url = f"/api/tables/{made['table']}/hint"
            first = await http.get(url, params={"token": made["token"]})
            assert first.status_code == 200, first.text
            table = manager.tables[made["table"]]
            async with table.lock:  # a change in flight...
                asking = asyncio.create_task(http.get(url, params={"token": made["token"]}))
                await asyncio.sleep(0.05)
                assert not asking.done()
                hand = table.match.hand  # ...that ends the hand
                bot = tingpai.find_bot("greedy")
                while not hand.is_over:
                    hand.apply(bot.act(hand.observe(hand.to_act()[0])))
            answer = await asking
            assert answer.status_code == 409, answer.text
            assert "no hand is being played" in answer.json()["error"]

    asyncio.run(main())


def test_a_table_whose_end_is_being_committed_is_not_forgotten(tmp_path: Any) -> None:
    """The lobby drops finished tables nobody watches (they are served from storage); one
    whose end is still being committed must stay, or the next request rebuilds it from
    storage as it was before its end: ``playing`` for ever, in the lobby, and a client
    connecting to it is never sent ``game_end``."""

    async def main() -> None:
        async with served(tmp_path) as (manager, http):
            made = (await http.post("/api/tables", json={
                "rules": "hu-2p", "seats": ["human", "bot:greedy"],
                "options": {"max_hands": 1}})).json()
            table_id = made["table"]
            table = manager.tables[table_id]
            bot = tingpai.find_bot("greedy")
            async with table.lock:  # the move that ends the game, as LiveTable.act
                hand = table.match.hand
                while not hand.is_over:
                    table.apply(bot.act(hand.observe(hand.to_act()[0])), auto=True)
                table._settle()
                assert table.status == "finished"
                lobby = await http.get("/api/tables")  # a lobby poll meanwhile
                assert lobby.status_code == 200
                asking = asyncio.create_task(http.get(f"/api/tables/{table_id}"))
                await asyncio.sleep(0.05)
                await table.flush()  # the end is committed
            info = (await asking).json()
            assert info["status"] == "finished" and info["record"]
            assert manager.tables.get(table_id, table) is table
            assert (await http.get("/api/tables")).json() == []
            record = await http.get(f"/api/tables/{table_id}/record")
            assert record.status_code == 200
            assert list(tingpai.replay(record.json()).scores) == info["final_scores"]

    asyncio.run(main())


# ---------------------------------------------------------------- several humans

class Seats:
    """One websocket per seat of an all-human table (no bots, no timer), so every message
    each connection is sent is known in advance: a public change sends one view to every
    connection, a seat's answer in a claim window that stays open only to that seat's."""

    def __init__(self, client: TestClient, table: str, tokens: list[str]) -> None:
        self.client = client
        self.table = table
        self.tokens = tokens
        self.stack: list[Any] = []
        self.ws = [self.open(t) for t in tokens]
        self.latest = [self.view(ws) for ws in self.ws]
        self.bot = tingpai.find_bot("greedy")

    def open(self, token: str) -> Any:
        manager = self.client.websocket_connect(f"/ws/tables/{self.table}?token={token}")
        ws = manager.__enter__()
        self.stack.append(manager)
        return ws

    @staticmethod
    def view(ws: Any) -> dict[str, Any]:
        """The next view on ``ws`` (skipping ``hand_end``; no error expected)."""
        while True:
            message: dict[str, Any] = ws.receive_json()
            assert message["type"] != "error", message
            if message["type"] == "view":
                return message

    def close(self) -> None:
        for manager in reversed(self.stack):
            with contextlib.suppress(Exception):  # closed already
                manager.__exit__(None, None, None)

    def step(self) -> None:
        """One decision: the first seat with legal actions acts greedily; or, between
        hands, every seat sends ready."""
        seat = next((s for s, v in enumerate(self.latest) if v["legal"]), None)
        if seat is None:
            for ws in self.ws:
                ws.send_json({"type": "ready"})
            self.latest = [self.view(ws) for ws in self.ws]
            return
        before = self.latest[seat]
        action = self.bot.act(Observation.from_json(before["view"]))
        self.ws[seat].send_json({"type": "act", "seq": before["seq"],
                                 "action": action_json(action)})
        after = self.view(self.ws[seat])
        self.latest[seat] = after
        private = before["view"]["phase"] in WINDOW and after["view"]["phase"] in WINDOW
        if not private:
            for other, ws in enumerate(self.ws):
                if other != seat:
                    self.latest[other] = self.view(ws)


@pytest.fixture
def four_humans(client: TestClient) -> Iterator[Seats]:
    made = create_table(client, "hu-4p", ["human"] * 4)
    tokens = [made["token"]] + [
        client.post(f"/api/tables/{made['table']}/seats/{n}").json()["token"] for n in (1, 2, 3)]
    seats = Seats(client, made["table"], tokens)
    yield seats
    seats.close()


def test_a_claim_window_asking_two_humans_one_with_two_connections(
        client: TestClient, four_humans: Seats) -> None:
    s = four_humans
    for _ in range(3000):
        asked = [n for n, v in enumerate(s.latest)
                 if v["view"]["phase"] in WINDOW and v["legal"]]
        if len(asked) >= 2:
            break
        s.step()
    else:
        pytest.fail("no claim window asked two seats")
    a, b = asked[:2]
    public_seq = client.get(f"/api/tables/{s.table}").json()["seq"]
    spectator_cm = client.websocket_connect(f"/ws/tables/{s.table}")
    spectator = spectator_cm.__enter__()
    s.stack.append(spectator_cm)
    watched = Seats.view(spectator)
    assert watched["seq"] == public_seq and watched["view"]["phase"] in WINDOW
    # Seat a opens a second connection: the same view at once.
    second = s.open(s.tokens[a])
    again = Seats.view(second)
    for key in ("seq", "view", "legal", "deadline"):
        assert again[key] == s.latest[a][key], key
    before = stored(client, s.table)
    # A stale seq and another seat's action change nothing.
    second.send_json({"type": "act", "seq": again["seq"] - 1, "action": {"do": "pass"}})
    assert "stale seq" in second.receive_json()["error"]
    second.send_json({"type": "act", "seq": again["seq"],
                      "action": {"do": "pass", "seat": b}})
    assert f"not seat {b}" in second.receive_json()["error"]
    assert stored(client, s.table) == before
    # a passes on its second connection: both its connections are shown the answer...
    second.send_json({"type": "act", "seq": again["seq"], "action": {"do": "pass"}})
    on_second, on_first = Seats.view(second), Seats.view(s.ws[a])
    assert on_second == on_first
    assert on_first["seq"] == again["seq"] + 1 and on_first["legal"] == []
    assert on_first["view"]["phase"] in WINDOW
    assert stored(client, s.table) == [*before, {"seat": a, "do": "pass"}]
    s.latest[a] = on_first
    # ...nobody else (public seq unchanged), and acting again is refused.
    assert client.get(f"/api/tables/{s.table}").json()["seq"] == public_seq
    s.ws[a].send_json({"type": "act", "seq": on_first["seq"], "action": {"do": "pass"}})
    assert "nothing to decide" in s.ws[a].receive_json()["error"]
    # Reconnecting resumes the seat with its private answer.
    resumed = s.open(s.tokens[a])
    back = Seats.view(resumed)
    assert [back[k] for k in ("seq", "view", "legal", "deadline")] == \
        [on_first[k] for k in ("seq", "view", "legal", "deadline")]
    # The others asked answer; the one that closes the window is a public change, shown
    # once to every connection (each seq one up from its latest view).
    rest = [n for n in asked if n != a]
    for number, seat in enumerate(rest):
        latest = s.latest[seat]
        s.ws[seat].send_json({"type": "act", "seq": latest["seq"], "action": {"do": "pass"}})
        shown = Seats.view(s.ws[seat])
        assert shown["seq"] == latest["seq"] + 1
        s.latest[seat] = shown
        if number < len(rest) - 1:
            assert shown["view"]["phase"] in WINDOW and shown["legal"] == []
    closed = s.latest[rest[-1]]
    assert closed["view"]["phase"] not in WINDOW
    views = [Seats.view(ws) for ws in (s.ws[a], second, resumed)]
    assert all(v["seq"] == on_first["seq"] + 1 for v in views)
    assert views[0]["view"] == views[1]["view"] == views[2]["view"]
    watched = Seats.view(spectator)
    assert watched["seq"] == public_seq + 1
    assert watched["view"] == {**public_part(views[0]["view"]), "seat": None}
    assert public_part(closed["view"]) == public_part(views[0]["view"])
    assert client.get(f"/api/tables/{s.table}").json()["seq"] == public_seq + 1


def test_between_hands_acting_is_refused_and_a_disconnect_deals(client: TestClient) -> None:
    """After a hand: an ``act`` is refused (send ready), ``ready`` twice is harmless, the
    next hand waits for the other connected seat, and is dealt at once when that seat
    disconnects instead; reconnecting then shows the new hand, with no ``hand_end``."""
    made = create_table(client, "hu-2p", ["human", "human"])
    table = made["table"]
    tokens = [made["token"], client.post(f"/api/tables/{table}/seats/1").json()["token"]]
    s = Seats(client, table, tokens)
    try:
        for _ in range(2000):
            if s.latest[0]["view"]["phase"] == "ended":
                break
            s.step()
        ended = s.latest[0]
        assert ended["view"]["phase"] == "ended" and ended["legal"] == []
        for ws in s.ws:
            end = ws.receive_json()
            assert end["type"] == "hand_end" and end["hand"] == 0
        first = s.ws[0]
        before = stored(client, table)
        refusals = [
            ({"type": "act", "seq": ended["seq"], "action": {"do": "pass"}}, "hand is over"),
            ({"type": "act", "seq": ended["seq"], "action": {"do": "tsumo"}}, "hand is over"),
            ({"type": "act", "seq": ended["seq"] + 1, "action": {"do": "discard",
                                                                  "tile": "1m"}},
             "hand is over"),
        ]
        for message, words in refusals:
            first.send_json(message)
            answer = first.receive_json()
            assert answer["type"] == "error" and words in answer["error"], answer
        for _ in range(2):
            first.send_json({"type": "ready"})
        first.send_json({"type": "ping"})
        assert first.receive_json() == {"type": "pong"}  # no error, no deal
        info = client.get(f"/api/tables/{table}").json()
        assert info["hand"] == 1 and [x["ready"] for x in info["seats"]] == [True, False]
        assert stored(client, table) == before
        s.stack[1].__exit__(None, None, None)  # the seat that is not ready leaves
        dealt = Seats.view(first)
        assert dealt["seq"] == ended["seq"] + 1 and dealt["view"]["phase"] == "turn"
        assert dealt["table"]["hand"] == 2
        assert dealt["table"]["seats"][1]["connected"] is False
        back = s.open(tokens[1])
        resumed = back.receive_json()
        assert resumed["type"] == "view" and resumed["table"]["hand"] == 2
        assert resumed["view"]["phase"] == "turn" and resumed["view"]["seat"] == 1
        back.send_json({"type": "ping"})
        assert back.receive_json() == {"type": "pong"}  # no hand_end of the hand before
    finally:
        s.close()


# ---------------------------------------------------------------- unattended tables

def test_a_table_nobody_attends_leaves_the_lobby_and_comes_back_as_it_was(
        db_url: str) -> None:
    """A game its players left (no timer) stayed in the lobby and in memory for ever,
    rebuilt at every start, until the server held ``max_tables`` of them and refused new
    tables.  After ``unattended_seconds`` with nobody connected it leaves both; its link
    and its seat's token open it again as it was."""
    settings = Settings(database_url=db_url, unattended_seconds=0.5, max_tables=2)
    with TestClient(create_app(settings)) as client:
        left = create_table(client, "hu-4p", BOTS)
        with client.websocket_connect(f"/ws/tables/{left['table']}?token={left['token']}") as ws:
            before = ws.receive_json()
            assert before["view"] is not None and before["legal"]
        timed = create_table(client, "hu-2p", ["human", "bot:greedy"], timer=60)
        assert create_table_status(client, "hu-2p") == 503  # two unfinished: the server is full
        time.sleep(0.6)
        listed = {t["id"] for t in client.get("/api/tables").json()}
        assert left["table"] not in listed  # nobody there for 0.6 s, no timer: gone
        assert timed["table"] in listed  # its timer moves it on: it stays
        assert create_table_status(client, "hu-2p") == 201  # room for a new table again
        # The player comes back with the seat's token: the same table, hand and choices.
        with client.websocket_connect(f"/ws/tables/{left['table']}?token={left['token']}") as ws:
            again = ws.receive_json()
        assert again["seq"] == before["seq"] and again["view"] == before["view"]
        assert again["legal"] == before["legal"]
        info = client.get(f"/api/tables/{left['table']}").json()
        assert info["status"] == "playing"
        assert left["table"] in {t["id"] for t in client.get("/api/tables").json()}


def create_table_status(client: TestClient, rules: str) -> int:
    """The status of a request for a new table (201 made, 503 the server is full)."""
    return client.post("/api/tables", json={"rules": rules, "seats": ["human", "human"]}
                       ).status_code

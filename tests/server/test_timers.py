"""Per-decision timers: a client that disconnects in a claim window stalls its table no
longer than the timer (then it passes); a table without a timer waits for it; a seat whose
time runs out in its turn discards the drawn tile; hands are dealt when the ready time is
up.  Real uvicorn on loopback, real websockets."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from serverkit import ThreadServer, create_table
from sqlalchemy import select
from websockets.asyncio.client import connect

import tingpai
from tingpai.engine import Observation
from tingpai.engine.observation import action_json
from tingpai.server import Settings
from tingpai.server.client import ws_url
from tingpai.server.storage import ActionRow, Storage

pytestmark = pytest.mark.slow


def actions(db: str, table: str) -> list[ActionRow]:
    storage = Storage(db)
    try:
        return storage.run(lambda s: list(s.scalars(
            select(ActionRow).where(ActionRow.table_id == table).order_by(ActionRow.number))))
    finally:
        storage.close()


async def greedy_seat(url: str, table: str, token: str, stop: asyncio.Event) -> None:
    bot = tingpai.find_bot("greedy")
    async with connect(ws_url(url, table, token)) as ws:
        while not stop.is_set():
            try:
                message = json.loads(await asyncio.wait_for(ws.recv(), 0.2))
            except TimeoutError:
                continue
            if message["type"] == "view" and message["legal"]:
                action = bot.act(Observation.from_json(message["view"]))
                await ws.send(json.dumps({"type": "act", "seq": message["seq"],
                                          "action": action_json(action)}))
            elif message["type"] == "hand_end":
                await ws.send('{"type": "ready"}')


async def until_claim_window(url: str, table: str, token: str) -> dict[str, Any]:
    """Play seat 1 (passing every claim, discarding greedily) until it is asked about a
    discard; then close the connection and return that view."""
    bot = tingpai.find_bot("greedy")
    async with connect(ws_url(url, table, token)) as ws:
        while True:
            message = json.loads(await asyncio.wait_for(ws.recv(), 120))
            if message["type"] == "view" and message["legal"]:
                if message["view"]["phase"] == "claims":
                    return message  # leaves the window open and disconnects
                action = bot.act(Observation.from_json(message["view"]))
                await ws.send(json.dumps({"type": "act", "seq": message["seq"],
                                          "action": action_json(action)}))
            elif message["type"] == "hand_end":
                await ws.send('{"type": "ready"}')


async def spectate(url: str, table: str, log: list[tuple[float, dict[str, Any]]],
                   stop: asyncio.Event) -> None:
    async with connect(ws_url(url, table, "x").split("?")[0]) as ws:
        while not stop.is_set():
            try:
                message = json.loads(await asyncio.wait_for(ws.recv(), 0.2))
            except TimeoutError:
                continue
            log.append((time.time(), message))


def claim_window_table(server: ThreadServer, timer: float | None) -> tuple[str, list[str]]:
    with httpx.Client(base_url=server.url) as http:
        made = create_table(http, "hu-4p", ["human", "human", "bot:greedy", "bot:greedy"],
                            timer=timer)
        second = http.post(f"/api/tables/{made['table']}/seats/1").json()
    return made["table"], [made["token"], second["token"]]


def test_a_client_gone_in_a_claim_window_stalls_the_table_no_longer_than_the_timer(
        tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    timer = 1.0
    with ThreadServer(Settings(database_url=db)) as server:
        table, tokens = claim_window_table(server, timer)
        log: list[tuple[float, dict[str, Any]]] = []

        async def main() -> tuple[dict[str, Any], float]:
            stop = asyncio.Event()
            watcher = asyncio.create_task(spectate(server.url, table, log, stop))
            seat0 = asyncio.create_task(greedy_seat(server.url, table, tokens[0], stop))
            window = await until_claim_window(server.url, table, tokens[1])
            gone = time.time()
            await asyncio.sleep(timer + 1.5)
            stop.set()
            await asyncio.gather(watcher, seat0)
            return window, gone

        window, gone = asyncio.run(main())
    deadline = window["deadline"]
    assert deadline is not None and deadline <= gone + timer + 0.05
    # The window's discard, as spectators saw it, and the next public change after it.
    seen = [(t, m) for t, m in log if m["type"] == "view" and m["view"] is not None]
    at_window = [m for _, m in seen if m["view"]["phase"] == "claims"
                 and m["view"]["ponds"] == window["view"]["ponds"]]
    assert at_window, "the spectator saw the claim window"
    moved = [t for t, m in seen if m["seq"] > at_window[-1]["seq"]]
    assert moved, "the table moved on"
    assert moved[0] - gone <= timer + 0.75
    assert moved[0] >= deadline - 0.05
    auto = [a for a in actions(db, table) if a.seat == 1 and a.auto]
    assert auto and auto[0].action == {"seat": 1, "do": "pass"}


def test_without_a_timer_the_table_waits_for_the_seat(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    with ThreadServer(Settings(database_url=db)) as server:
        table, tokens = claim_window_table(server, None)
        log: list[tuple[float, dict[str, Any]]] = []

        async def main() -> tuple[dict[str, Any], int, dict[str, Any]]:
            stop = asyncio.Event()
            watcher = asyncio.create_task(spectate(server.url, table, log, stop))
            seat0 = asyncio.create_task(greedy_seat(server.url, table, tokens[0], stop))
            window = await until_claim_window(server.url, table, tokens[1])
            # The bots' passes on the same discard may be stored just after seat 1 is
            # asked: count once nothing has changed for half a second.
            stored = -1
            while stored != len(actions(db, table)):
                stored = len(actions(db, table))
                await asyncio.sleep(0.5)
            await asyncio.sleep(2.0)
            waited = len(actions(db, table))
            assert waited == stored
            async with connect(ws_url(server.url, table, tokens[1])) as ws:
                again = json.loads(await ws.recv())
                await ws.send(json.dumps({"type": "act", "seq": again["seq"],
                                          "action": {"do": "pass"}}))
                after = json.loads(await ws.recv())
            await asyncio.sleep(0.3)
            stop.set()
            await asyncio.gather(watcher, seat0)
            return window, waited, {"again": again, "after": after}

        window, waited, seen = asyncio.run(main())
    assert window["deadline"] is None
    again = seen["again"]
    assert again["seq"] == window["seq"] and again["legal"] == window["legal"]
    assert seen["after"]["seq"] > again["seq"]
    rows = actions(db, table)
    assert len(rows) > waited and rows[waited].action == {"seat": 1, "do": "pass"}
    assert not rows[waited].auto


def test_time_up_in_a_turn_discards_the_drawn_tile_and_hands_deal_on_time(
        tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    with ThreadServer(Settings(database_url=db)) as server, \
            httpx.Client(base_url=server.url) as http:
        made = create_table(http, "hu-2p", ["human", "bot:greedy"], timer=0.05)
        table = made["table"]

        async def first() -> dict[str, Any]:
            async with connect(ws_url(server.url, table, made["token"])) as ws:
                message: dict[str, Any] = json.loads(await ws.recv())
                return message

        view = asyncio.run(first())
        assert view["legal"] and view["deadline"] is not None
        for _ in range(400):
            if http.get(f"/api/tables/{table}").json()["hand"] >= 2:
                break
            time.sleep(0.05)
        assert http.get(f"/api/tables/{table}").json()["hand"] >= 2
    rows = actions(db, table)
    # In hu-2p every action is public, so the view's seq counts the deal and the actions
    # before it: the move made on that view is the next stored one.
    assert view["view"]["wall_left"] > 0
    first_move = rows[view["seq"] - 1]
    assert first_move.seat == 0 and first_move.auto
    drawn = view["view"]["drawn"]
    assert first_move.action in ({"seat": 0, "do": "discard", "tile": drawn},
                                 {"seat": 0, "do": "flower", "tile": drawn})
    assert all(r.auto for r in rows)  # nobody sent anything: timers and the bot played

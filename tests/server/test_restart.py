"""SIGKILL the server in the middle of hands, restart it, and every table resumes with
identical state and records: a real ``tingpai serve`` process on a loopback port, against a
real SQLite file and a real PostgreSQL server."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import httpx
import pytest
from serverkit import ProcessServer, create_table
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

import tingpai
from tingpai.engine import Observation
from tingpai.engine.observation import action_json
from tingpai.server.client import play_seat, ws_url
from tingpai.server.storage import Storage
from tingpai.server.tables import TableManager, build_table, read_table

pytestmark = pytest.mark.slow


def stored_actions(url: str, table: str) -> list[dict[str, Any]]:
    storage = Storage(url)
    try:
        data = storage.run(lambda s: read_table(s, table))
        assert data is not None
        return [a.action for a in data[3]]
    finally:
        storage.close()


def rebuilt_view(url: str, table: str, seq: int) -> dict[str, Any] | None:
    """The spectators' view of a table at ``seq``, rebuilt from storage alone."""
    storage = Storage(url)
    try:
        data = storage.run(lambda s: read_table(s, table))
        assert data is not None
        live = build_table(TableManager(storage), *data, until_seq=seq)
        assert live.seq == seq
        view: dict[str, Any] | None = live.view_message(None)["view"]
        return view
    finally:
        storage.close()


class Seat:
    """A test client for one seat: plays greedily until told to stop acting, and keeps
    the latest view it was sent."""

    def __init__(self, url: str, table: str, token: str) -> None:
        self.address = ws_url(url, table, token)
        self.bot = tingpai.find_bot("greedy")
        self.latest: dict[str, Any] | None = None
        self.sent = 0
        self.done = False

    async def run(self, budget: list[int]) -> None:
        """Act while ``budget[0] > 0`` (each action spends one); then only listen."""
        async with connect(self.address) as ws:
            while True:
                try:
                    message = json.loads(await asyncio.wait_for(ws.recv(), 1.5))
                except TimeoutError:
                    return  # quiet: the table waits for a seat that no longer acts
                if message["type"] == "view":
                    self.latest = message
                    if message["legal"] and budget[0] > 0:
                        budget[0] -= 1
                        action = self.bot.act(Observation.from_json(message["view"]))
                        await ws.send(json.dumps({"type": "act", "seq": message["seq"],
                                                  "action": action_json(action)}))
                        self.sent += 1
                elif message["type"] == "hand_end":
                    await ws.send('{"type": "ready"}')
                elif message["type"] == "game_end":
                    self.done = True
                    return
                assert message["type"] != "error", message


def same_view(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Two views show the same state (connection flags in ``table`` aside)."""
    keys = ("type", "seq", "view", "legal")
    return all(a[k] == b[k] for k in keys)


def test_sigkill_mid_hand_then_restart_resumes_every_seat_exactly(any_db: str,
                                                                   tmp_path: Path) -> None:
    server = ProcessServer(any_db, tmp_path)
    server.start()
    try:
        with httpx.Client(base_url=server.url) as http:
            made = create_table(http, "hu-4p", ["human", "human", "bot:greedy", "bot:greedy"],
                                options={"rounds": 1})
            table = made["table"]
            second = http.post(f"/api/tables/{table}/seats/1").json()
        tokens = [made["token"], second["token"]]
        before_kill: list[dict[str, Any]] = []
        for budget in (7, 25, 60):
            seats = [Seat(server.url, table, t) for t in tokens]
            left = [budget]

            async def play(seats: list[Seat] = seats, left: list[int] = left) -> None:
                await asyncio.gather(*(s.run(left) for s in seats))

            asyncio.run(play())
            latest = [s.latest for s in seats]
            assert all(v is not None for v in latest)
            actions = stored_actions(any_db, table)
            assert len(actions) > len(before_kill)
            before_kill = actions
            server.kill()
            server.start()
            assert stored_actions(any_db, table) == actions  # the restart adds nothing

            async def look(token: str) -> dict[str, Any]:
                async with connect(ws_url(server.url, table, token)) as ws:
                    message: dict[str, Any] = json.loads(await ws.recv())
                    return message

            for token, last in zip(tokens, latest, strict=True):
                assert last is not None
                again = asyncio.run(look(token))
                assert same_view(again, last), (again, last)
        # Play the game out; its record holds every action stored before the kills.
        seats = [Seat(server.url, table, t) for t in tokens]

        async def finish() -> None:
            await asyncio.gather(*(s.run([10**6]) for s in seats))

        for _ in range(5):
            asyncio.run(finish())
            if all(s.done for s in seats):
                break
        assert all(s.done for s in seats)
        with httpx.Client(base_url=server.url) as http:
            record = http.get(f"/api/tables/{table}/record").json()
            final = http.get(f"/api/tables/{table}").json()["final_scores"]
        assert list(tingpai.replay(record).scores) == final
        everything = stored_actions(any_db, table)
        assert everything[: len(before_kill)] == before_kill
        played = [a for h in record["hands"] for a in h["actions"]]
        assert played == [a for a in everything if a["do"] != "pass"]
    finally:
        server.stop()


async def watch(url: str, table: str, log: list[dict[str, Any]], stop: asyncio.Event) -> None:
    """A spectator that logs every view and reconnects through restarts."""
    while not stop.is_set():
        try:
            async with connect(ws_url(url, table, "x").split("?")[0]) as ws:
                while not stop.is_set():
                    message = json.loads(await asyncio.wait_for(ws.recv(), 60))
                    log.append(message)
                    if message["type"] == "game_end":
                        return
        except (OSError, ConnectionClosed, InvalidHandshake, TimeoutError):
            await asyncio.sleep(0.2)


def test_sigkill_at_random_moments_loses_nothing(any_db: str, tmp_path: Path) -> None:
    server = ProcessServer(any_db, tmp_path)
    server.start()
    rng = random.Random(5)
    try:
        with httpx.Client(base_url=server.url) as http:
            tables = []
            for _ in range(2):
                made = create_table(http, "hu-2p", ["human", "human"])
                second = http.post(f"/api/tables/{made['table']}/seats/1").json()
                tables.append((made["table"], [made["token"], second["token"]]))
        logs: dict[str, list[dict[str, Any]]] = {t: [] for t, _ in tables}

        async def main() -> list[Any]:
            stop = asyncio.Event()
            watchers = [asyncio.create_task(watch(server.url, t, logs[t], stop))
                        for t, _ in tables]
            players = asyncio.gather(*(
                play_seat(server.url, t, seat, "greedy", token=tokens[seat], seed=seat,
                          reconnect_for=60)
                for t, tokens in tables for seat in range(2)))
            # Kill at random points of the first table's game (counted in spectator views).
            first = logs[tables[0][0]]
            mark = 0
            for _ in range(3):
                mark += rng.randint(15, 60)
                while len(first) < mark and not any(m["type"] == "game_end" for m in first):
                    await asyncio.sleep(0.01)
                await asyncio.sleep(rng.uniform(0, 0.05))
                await asyncio.to_thread(server.kill)
                await asyncio.sleep(0.3)
                await asyncio.to_thread(server.start)
            results = await asyncio.wait_for(players, 600)
            await asyncio.wait_for(asyncio.gather(*watchers), 60)
            stop.set()
            return list(results)

        results = asyncio.run(main())
        assert all(r.finished for r in results), [r.to_json() for r in results]
        assert not [e for r in results for e in r.errors]
        assert sum(r.reconnects for r in results) >= 4
        with httpx.Client(base_url=server.url) as http:
            for table, _ in tables:
                record = http.get(f"/api/tables/{table}/record").json()
                info = http.get(f"/api/tables/{table}").json()
                assert list(tingpai.replay(record).scores) == info["final_scores"]
        # Every view a spectator saw, before or after a kill, is the state storage holds.
        for table, log in logs.items():
            views = [m for m in log if m["type"] == "view" and m["view"] is not None]
            assert views and log[-1]["type"] == "game_end"
            for message in views[:: max(1, len(views) // 40)] + views[-1:]:
                assert rebuilt_view(any_db, table, message["seq"]) == message["view"]
    finally:
        server.stop()

"""Eleventh audit of the protocol: how many websockets one seat may hold.

A seat took any number of connections, each sent every view of the seat, so one seat's
token (anyone may create a table and hold its seat 0) could make every change of a table
cost without bound, as spectators could before ``Settings.max_spectators``.  A seat now
takes ``Settings.max_seat_connections`` (16) at once; a further one is sent an ``error``
and closed with code 4503, and the seat's own connections and the other seats play on.

A finished table the lobby dropped from memory was rebuilt from storage (the whole game
replayed, a second of CPU for a long one) at every request for it, and as many times as
requests arrived together.  The last 16 dropped are kept aside, and requests arriving
together share one rebuild.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from fastapi.testclient import TestClient
from serverkit import ThreadServer, at_the_limit, create_table, sync, wait_finished

from tingpai.cli import main, serve_cmd
from tingpai.server import Settings, create_app, tables


def test_a_seat_takes_a_limited_number_of_connections(db_url: str) -> None:
    app = create_app(Settings(database_url=db_url, max_seat_connections=2))
    with TestClient(app) as client:
        made = create_table(client, "hu-2p", ["human", "human"])
        table = made["table"]
        own = f"/ws/tables/{table}?token={made['token']}"
        with at_the_limit(client, own, 2, "this seat has as many connections as it takes "
                                          "(2): close another window of it and try again"
                          ) as (first, second):
            # the other seat and spectators are counted apart
            other = client.post(f"/api/tables/{table}/seats/1").json()["token"]
            with client.websocket_connect(f"/ws/tables/{table}?token={other}") as seat1, \
                    client.websocket_connect(f"/ws/tables/{table}") as watcher:
                assert seat1.receive_json()["type"] == "view"
                assert watcher.receive_json()["type"] == "view"
                # both of seat 0's connections still play: the game was dealt for them
                assert [m["type"] for m in sync(first)][-1] == "view"
                assert [m["type"] for m in sync(second)][-1] == "view"
        # when a connection leaves, the seat may connect again
        with client.websocket_connect(own) as later:
            assert later.receive_json()["type"] == "view"


def test_the_default_limit_is_sixteen(db_url: str) -> None:
    with TestClient(create_app(Settings(database_url=db_url))) as client:
        made = create_table(client, "hu-2p", ["human", "bot:greedy"])
        own = f"/ws/tables/{made['table']}?token={made['token']}"
        with at_the_limit(client, own, 16, "this seat has as many connections as it takes "
                                           "(16): close another window of it and try again"):
            pass


def test_serve_takes_the_limit_as_a_flag(tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    served: dict[str, Any] = {}
    monkeypatch.setattr(serve_cmd, "listen_problem", lambda host, port: None)
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: served.update(app=app, **kw))
    db = str(tmp_path / "t.sqlite3")
    assert main(["serve", "--db", db, "--max-seat-connections", "3"]) == 0
    assert served["app"].state.settings.max_seat_connections == 3
    assert main(["serve", "--db", db, "--max-seat-connections", "0"]) == 2


def _counting_builds(monkeypatch: pytest.MonkeyPatch, pause: float = 0.0) -> list[str]:
    """Make ``tables.build_table`` take ``pause`` seconds and note each table it builds."""
    built: list[str] = []
    original = tables.build_table

    def counted(manager: Any, row: Any, *args: Any, **kwargs: Any) -> Any:
        built.append(row.id)
        time.sleep(pause)
        return original(manager, row, *args, **kwargs)

    monkeypatch.setattr(tables, "build_table", counted)
    return built


def _finish_bot_tables(client: TestClient | httpx.Client, count: int) -> list[str]:
    """Ids of ``count`` one-hand tables of bots, played to their end."""
    ids = [create_table(client, "hu-2p", ["bot:greedy", "bot:greedy"],
                        options={"max_hands": 1})["table"] for _ in range(count)]
    for table in ids:
        assert wait_finished(client, table)["status"] == "finished"
    return ids


def test_recently_finished_tables_are_not_rebuilt_at_every_request(
        db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    with TestClient(create_app(Settings(database_url=db_url))) as client:
        manager = client.app.state.manager  # type: ignore[attr-defined]
        ids = _finish_bot_tables(client, tables.RECENT_FINISHED + 2)
        built = _counting_builds(monkeypatch)
        client.get("/api/tables")  # the lobby drops finished tables from play
        assert not set(ids) & set(manager.tables)
        assert list(manager.recent) == ids[2:]  # the oldest two left memory
        for _ in range(3):
            for table in ids[2:]:
                info = client.get(f"/api/tables/{table}").json()
                assert info["status"] == "finished" and info["final_scores"]
            client.get("/api/tables")
        assert built == []
        # the two dropped for good are rebuilt from storage, once each per drop
        assert client.get(f"/api/tables/{ids[0]}").json()["status"] == "finished"
        assert built == [ids[0]]
        # a spectator of a kept finished table is sent its end as before
        with client.websocket_connect(f"/ws/tables/{ids[5]}") as ws:
            kinds = [ws.receive_json()["type"] for _ in range(3)]
        assert kinds == ["view", "hand_end", "game_end"]
        assert built == [ids[0]]


def test_requests_arriving_together_share_one_rebuild(
        db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    with TestClient(create_app(Settings(database_url=db_url))) as client:
        [table] = _finish_bot_tables(client, 1)
        final = client.get(f"/api/tables/{table}").json()["final_scores"]
    built = _counting_builds(monkeypatch, pause=0.5)
    with ThreadServer(Settings(database_url=db_url)) as server:

        async def ask_together() -> list[httpx.Response]:
            async with httpx.AsyncClient(base_url=server.url, timeout=60) as http:
                return list(await asyncio.gather(
                    *(http.get(f"/api/tables/{table}") for _ in range(5)),
                    *(http.get(f"/api/tables/{table}/record") for _ in range(2)),
                ))

        answers = asyncio.run(ask_together())
    assert [a.status_code for a in answers] == [200] * 7
    assert all(a.json()["final_scores"] == final for a in answers[:5])
    assert built == [table]


def test_a_rebuild_is_not_cancelled_by_a_request_that_left(
        db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    with TestClient(create_app(Settings(database_url=db_url))) as client:
        [table] = _finish_bot_tables(client, 1)
    built = _counting_builds(monkeypatch, pause=0.5)
    with ThreadServer(Settings(database_url=db_url)) as server:

        async def leave_then_ask() -> httpx.Response:
            async with httpx.AsyncClient(base_url=server.url, timeout=60) as http:
                with pytest.raises(httpx.TimeoutException):
                    await http.get(f"/api/tables/{table}", timeout=0.1)
                return await http.get(f"/api/tables/{table}")

        answer = asyncio.run(leave_then_ask())
    assert answer.status_code == 200 and answer.json()["status"] == "finished"
    assert built == [table]

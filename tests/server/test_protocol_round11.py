"""Eleventh audit of the protocol: how many websockets one seat may hold.

A seat took any number of connections, each sent every view of the seat, so one seat's
token (anyone may create a table and hold its seat 0) could make every change of a table
cost without bound, as spectators could before ``Settings.max_spectators``.  A seat now
takes ``Settings.max_seat_connections`` (16) at once; a further one is sent an ``error``
and closed with code 4503, and the seat's own connections and the other seats play on.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import uvicorn
from fastapi.testclient import TestClient
from serverkit import create_table, sync
from starlette.websockets import WebSocketDisconnect

from tingpai.cli import main, serve_cmd
from tingpai.server import Settings, create_app


def test_a_seat_takes_a_limited_number_of_connections(db_url: str) -> None:
    app = create_app(Settings(database_url=db_url, max_seat_connections=2))
    with TestClient(app) as client:
        made = create_table(client, "hu-2p", ["human", "human"])
        table = made["table"]
        own = f"/ws/tables/{table}?token={made['token']}"
        with client.websocket_connect(own) as first, client.websocket_connect(own) as second:
            assert first.receive_json()["type"] == "view"
            assert second.receive_json()["type"] == "view"
            with client.websocket_connect(own) as third:
                assert third.receive_json() == {
                    "type": "error",
                    "error": "this seat has as many connections as it takes (2): close "
                             "another window of it and try again",
                }
                with pytest.raises(WebSocketDisconnect) as closed:
                    third.receive_json()
                assert closed.value.code == 4503
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
        sockets = [client.websocket_connect(own) for _ in range(16)]
        opened = [s.__enter__() for s in sockets]
        try:
            for socket in opened:
                assert socket.receive_json()["type"] == "view"
            with client.websocket_connect(own) as extra:
                assert "(16)" in extra.receive_json()["error"]
        finally:
            for socket in sockets:
                socket.__exit__(None, None, None)


def test_serve_takes_the_limit_as_a_flag(tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    served: dict[str, Any] = {}
    monkeypatch.setattr(serve_cmd, "listen_problem", lambda host, port: None)
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: served.update(app=app, **kw))
    db = str(tmp_path / "t.sqlite3")
    assert main(["serve", "--db", db, "--max-seat-connections", "3"]) == 0
    assert served["app"].state.settings.max_seat_connections == 3
    assert main(["serve", "--db", db, "--max-seat-connections", "0"]) == 2

"""The server as a protocol client meets it (seventh audit).

Regression of what it found: a message being handled when its connection closed was cut
short.  Starlette's TestClient cancels the websocket handler as the socket closes; an
``act`` cancelled while its change was being committed was stored and kept in memory, but
its views were never sent, so another seat still connected was never told of the change
(and waited for ever for its turn).  Each message is now handled to its end.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from fastapi.testclient import TestClient
from serverkit import create_table, sync

from tingpai.server import Settings, create_app


def test_an_act_whose_socket_closes_at_once_is_still_shown_to_the_others(
        db_url: str) -> None:
    app = create_app(Settings(database_url=db_url))
    storage = app.state.storage
    run: Callable[[Any], Any] = storage.run
    slow = [False]

    def slow_run(work: Any) -> Any:
        if slow[0]:  # the commit takes a while: the socket closes meanwhile
            time.sleep(0.3)
        return run(work)

    storage.run = slow_run
    with TestClient(app) as client:
        made = create_table(client, "hu-2p", ["human", "human"])
        other = client.post(f"/api/tables/{made['table']}/seats/1").json()["token"]
        url = f"/ws/tables/{made['table']}?token="
        with client.websocket_connect(url + other) as b:
            first = b.receive_json()
            assert first["type"] == "view" and first["view"]["actor"] == 0
            with client.websocket_connect(url + made["token"]) as a:
                view = a.receive_json()
                discard = next(x for x in view["legal"] if x["do"] == "discard")
                slow[0] = True
                a.send_json({"type": "act", "seq": view["seq"], "action": discard})
            slow[0] = False
            deadline = time.monotonic() + 10
            got: list[dict[str, Any]] = []
            while not got and time.monotonic() < deadline:
                got = sync(b)
            info = client.get(f"/api/tables/{made['table']}").json()
            assert info["seq"] == first["seq"] + 1
            assert [m["type"] for m in got] == ["view"], got
            assert got[0]["seq"] == first["seq"] + 1
            assert got[0]["view"]["ponds"][0] == [discard["tile"]]


def test_a_timed_table_left_alone_ends_at_the_servers_hand_limit(db_url: str) -> None:
    """A timer plays for absent people, so a timed table nobody comes back to would play
    itself out for ever (found: some 230 Hong Kong hands in 30 s, holding a table slot):
    like a table of bots it gets the server's hand limit as its ``max_hands``."""
    app = create_app(Settings(database_url=db_url, bot_table_max_hands=2))
    with TestClient(app) as client:
        untimed = create_table(client, "hu-2p", ["human", "human"])
        assert "max_hands" not in client.get(f"/api/tables/{untimed['table']}").json()[
            "options"]
        kept = create_table(client, "hu-2p", ["human", "human"], timer=5.0,
                            options={"max_hands": 1})
        assert client.get(f"/api/tables/{kept['table']}").json()["options"] == {
            "max_hands": 1}
        made = create_table(client, "hu-2p", ["human", "human"], timer=0.02)
        table = made["table"]
        assert client.post(f"/api/tables/{table}/seats/1").status_code == 200
        info = client.get(f"/api/tables/{table}").json()
        assert info["options"]["max_hands"] == 2
        deadline = time.monotonic() + 60
        while info["status"] != "finished" and time.monotonic() < deadline:
            time.sleep(0.1)
            info = client.get(f"/api/tables/{table}").json()
        assert info["status"] == "finished"
        record = client.get(info["record"]).json()
        assert len(record["hands"]) <= 2

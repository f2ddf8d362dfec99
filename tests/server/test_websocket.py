"""The websocket protocol (FastAPI TestClient): views, acting, every refused message, and
reconnecting.  Each refusal is checked against the stored actions: nothing changed."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from serverkit import create_table
from sqlalchemy import select

from tingpai import Action, find_ruleset
from tingpai.server.storage import ActionRow
from tingpai.tiles import parse_tiles

BOTS = ["human", "bot:greedy", "bot:greedy", "bot:greedy"]


def stored(client: TestClient, table: str) -> list[dict[str, Any]]:
    """The table's stored actions, in order."""
    storage = client.app.state.storage  # type: ignore[attr-defined]
    rows = storage.run(lambda s: list(s.scalars(
        select(ActionRow).where(ActionRow.table_id == table).order_by(ActionRow.number))))
    return [r.action for r in rows]


def first_view(ws: Any) -> dict[str, Any]:
    message: dict[str, Any] = ws.receive_json()
    assert message["type"] == "view"
    return message


def test_connecting_sends_the_view_at_once_and_acting_moves_the_game(client: TestClient) -> None:
    made = create_table(client, "hu-4p", BOTS)
    with client.websocket_connect(f"/ws/tables/{made['table']}?token={made['token']}") as ws:
        view = first_view(ws)
        assert view["seq"] == 1 and view["deadline"] is None
        obs = view["view"]
        assert obs["seat"] == 0 and obs["phase"] == "turn" and obs["actor"] == 0
        assert len(parse_tiles(obs["hand"])) == 14 and obs["drawn"] is not None
        assert view["legal"] and all("seat" not in a for a in view["legal"])
        assert obs["ruleset"] == {"id": "hu-4p", "options": {}}
        discard = next(a for a in view["legal"] if a["do"] == "discard")
        ws.send_json({"type": "act", "seq": view["seq"], "action": discard})
        after = first_view(ws)
        assert after["seq"] > view["seq"]
        assert after["view"]["ponds"][0][0] == discard["tile"]
        assert stored(client, made["table"])[0] == {"seat": 0, **discard}
        ws.send_json({"type": "ping"})
        while ws.receive_json()["type"] != "pong":
            pass


def play_until_my_turn(ws: Any) -> dict[str, Any]:
    """Receive views until this seat has a discard to make; the latest view."""
    while True:
        message = ws.receive_json()
        if message["type"] == "view" and any(a["do"] == "discard" for a in message["legal"]):
            return message
        if message["type"] == "view" and message["legal"]:
            ws.send_json({"type": "act", "seq": message["seq"],
                          "action": {"do": "pass"} if {"do": "pass"} in message["legal"]
                          else message["legal"][0]})


def refused(ws: Any, text: str | bytes) -> str:
    """Send raw text (or bytes) and return the error it gets."""
    if isinstance(text, bytes):
        ws.send_bytes(text)
    else:
        ws.send_text(text)
    message = ws.receive_json()
    assert message["type"] == "error", message
    error: str = message["error"]
    return error


def test_bad_messages_get_an_error_and_change_nothing(client: TestClient) -> None:
    made = create_table(client, "hu-4p", BOTS)
    table = made["table"]
    with client.websocket_connect(f"/ws/tables/{table}?token={made['token']}") as ws:
        view = first_view(ws)
        seq = view["seq"]
        own = parse_tiles(view["view"]["hand"])
        absent = next(t for t in ("1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p")
                      if parse_tiles(t)[0] not in own)
        before = stored(client, table)
        legal = view["legal"][0]
        cases = {
            "stale": json.dumps({"type": "act", "seq": seq - 1, "action": legal}),
            "future": json.dumps({"type": "act", "seq": seq + 5, "action": legal}),
            "illegal": json.dumps({"type": "act", "seq": seq,
                                   "action": {"do": "discard", "tile": absent}}),
            "pung out of turn": json.dumps({"type": "act", "seq": seq,
                                            "action": {"do": "pung"}}),
            "other seat": json.dumps({"type": "act", "seq": seq,
                                      "action": {**legal, "seat": 2}}),
            "null seat": json.dumps({"type": "act", "seq": seq,
                                     "action": {**legal, "seat": None}}),
            "unknown word": json.dumps({"type": "act", "seq": seq, "action": {"do": "fly"}}),
            "bad tile": json.dumps({"type": "act", "seq": seq,
                                    "action": {"do": "discard", "tile": "0x"}}),
            "extra field": json.dumps({"type": "act", "seq": seq, "action": legal, "x": 1}),
            "no seq": json.dumps({"type": "act", "action": legal}),
            "seq not int": json.dumps({"type": "act", "seq": "1", "action": legal}),
            "unknown type": json.dumps({"type": "cheat"}),
            "not an object": "[1, 2, 3]",
            "not json": "discard 9m",
            "truncated": '{"type": "act", "seq": ',
            "oversized": json.dumps({"type": "act", "seq": seq, "action": legal,
                                     "pad": "x" * 10000}),
            "penalty": json.dumps({"type": "act", "seq": seq, "action": {"do": "penalty"}}),
            "early ready": json.dumps({"type": "ready"}),
        }
        errors = {name: refused(ws, text) for name, text in cases.items()}
        errors["binary"] = refused(ws, b"\x00\x01")
        assert "stale seq" in errors["stale"] and "stale seq" in errors["future"]
        assert "illegal" in errors["illegal"] and "illegal" in errors["pung out of turn"]
        assert "seat 0, not seat 2" in errors["other seat"]
        assert "seat 0, not seat null" in errors["null seat"]
        assert "malformed" in errors["unknown word"] and "malformed" in errors["bad tile"]
        assert "not JSON" in errors["not json"] and "not JSON" in errors["truncated"]
        assert "too large" in errors["oversized"]
        assert "binary" in errors["binary"]
        assert "invalid message" in errors["unknown type"]
        assert "host action" in errors["penalty"]
        assert "end of a hand" in errors["early ready"]
        assert stored(client, table) == before
        # The seat still plays normally with the right seq (a client that writes every
        # field, the unused ones null, included).
        ws.send_json({"type": "act", "seq": seq,
                      "action": {"tile": None, "tiles": None, **legal}})
        assert first_view(ws)["seq"] > seq
        assert stored(client, table)[len(before)] == {"seat": 0, **legal}


def test_a_token_acts_only_for_its_own_seat(client: TestClient) -> None:
    made = create_table(client, "hu-4p", ["human", "human", "bot:greedy", "bot:greedy"])
    table = made["table"]
    other = client.post(f"/api/tables/{table}/seats/1").json()
    with client.websocket_connect(f"/ws/tables/{table}?token={other['token']}") as ws1, \
            client.websocket_connect(f"/ws/tables/{table}?token={made['token']}") as ws0:
        v1 = first_view(ws1)
        v0 = first_view(ws0)
        assert v1["view"]["seat"] == 1 and v1["legal"] == []
        assert v0["view"]["hand"] != v1["view"]["hand"]
        before = stored(client, table)
        # Seat 1 tries seat 0's move, with and without naming seat 0.
        move = v0["legal"][0]
        assert "nothing to decide" in refused(ws1, json.dumps(
            {"type": "act", "seq": v1["seq"], "action": move}))
        assert "not seat 0" in refused(ws1, json.dumps(
            {"type": "act", "seq": v1["seq"], "action": {**move, "seat": 0}}))
        assert stored(client, table) == before
    with client.websocket_connect(f"/ws/tables/{table}?token=forged") as ws:
        assert "no seat" in ws.receive_json()["error"]
    with client.websocket_connect("/ws/tables/nope") as ws:
        assert "no table" in ws.receive_json()["error"]


@pytest.mark.parametrize("query", ["", "?token="])
def test_spectators_see_public_information_and_cannot_act(
        client: TestClient, query: str) -> None:
    """Without a token, or with an empty one (a client that always writes the parameter;
    it used to be refused with 4403 as a token of no seat), the connection watches."""
    made = create_table(client, "hk-4p", BOTS)
    table = made["table"]
    with client.websocket_connect(f"/ws/tables/{table}{query}") as spectator:
        view = first_view(spectator)
        assert view["legal"] == [] and view["view"]["seat"] is None
        assert "hand" not in view["view"] and "drawn" not in view["view"]
        assert "legal" not in view["view"]
        assert "spectators cannot act" in refused(spectator, json.dumps(
            {"type": "act", "seq": view["seq"], "action": {"do": "pass"}}))
        assert "only seats" in refused(spectator, '{"type": "ready"}')


def test_messages_before_the_first_deal_are_refused_with_the_reason(
        client: TestClient) -> None:
    made = create_table(client, "hu-4p", ["human", "human", "bot:greedy", "bot:greedy"])
    table = made["table"]
    with client.websocket_connect(f"/ws/tables/{table}?token={made['token']}") as ws, \
            client.websocket_connect(f"/ws/tables/{table}") as spectator:
        view = first_view(ws)
        first_view(spectator)
        assert view["view"] is None and view["legal"] == []
        before = client.get(f"/api/tables/{table}").json()
        act = json.dumps({"type": "act", "seq": view["seq"], "action": {"do": "pass"}})
        cases = [
            (ws, '{"type": "ready"}', "has not started"),
            (ws, act, "has not started"),
            (spectator, '{"type": "ready"}', "only seats"),
            (spectator, act, "spectators cannot act"),
        ]
        for conn, text, words in cases:
            assert words in refused(conn, text), text
        assert client.get(f"/api/tables/{table}").json() == before
        assert stored(client, table) == []


def test_reconnecting_with_the_token_resumes_the_seat(client: TestClient) -> None:
    made = create_table(client, "hu-2p", ["human", "bot:greedy"])
    url = f"/ws/tables/{made['table']}?token={made['token']}"
    with client.websocket_connect(url) as ws:
        view = first_view(ws)
        ws.send_json({"type": "act", "seq": view["seq"],
                      "action": next(a for a in view["legal"] if a["do"] == "discard")})
        latest = play_until_my_turn(ws)
    with client.websocket_connect(url) as ws:
        again = first_view(ws)
        assert again["seq"] == latest["seq"] and again["view"] == latest["view"]
        assert again["legal"] == latest["legal"]
        ws.send_json({"type": "act", "seq": again["seq"], "action": again["legal"][-1]})
        assert first_view(ws)["seq"] > again["seq"]


def test_the_view_round_trips_to_the_engine_observation(client: TestClient) -> None:
    from tingpai.engine import Observation

    made = create_table(client, "hk-fanlaak", BOTS)
    with client.websocket_connect(f"/ws/tables/{made['table']}?token={made['token']}") as ws:
        view = first_view(ws)
        obs = Observation.from_json(view["view"])
        assert obs.ruleset == find_ruleset("hk-fanlaak")
        assert [Action.from_dict({"seat": 0, **a}) for a in view["legal"]] == list(obs.legal)


@pytest.mark.parametrize("rules", ["hu-2p", "hk-2p"])
def test_a_whole_game_through_the_socket(client: TestClient, rules: str) -> None:
    """One human seat plays to the game's end: hand_end after each hand, ready deals the
    next, game_end names the record, which replays to the same scores."""
    import tingpai

    made = create_table(client, rules, ["human", "bot:greedy"])
    hands = 0
    bot = tingpai.find_bot("greedy")
    with client.websocket_connect(f"/ws/tables/{made['table']}?token={made['token']}") as ws:
        while True:
            message = ws.receive_json()
            if message["type"] == "view" and message["legal"]:
                action = bot.act(tingpai.engine.Observation.from_json(message["view"]))
                ws.send_json({"type": "act", "seq": message["seq"],
                              "action": tingpai.engine.observation.action_json(action)})
            elif message["type"] == "hand_end":
                hands += 1
                assert set(message["result"]) >= {"result", "winners", "deltas", "scores"}
                ws.send_json({"type": "ready"})
            elif message["type"] == "game_end":
                break
            assert message["type"] != "error", message
    record = client.get(message["record"]).json()
    assert len(record["hands"]) == hands
    assert list(tingpai.replay(record).scores) == message["scores"]


def test_a_flood_of_messages_is_refused_per_connection(db_url: str) -> None:
    """A connection past its message budget gets an error per extra message and changes
    nothing; another connection keeps its own budget."""
    from tingpai.server.app import Settings, create_app

    app = create_app(Settings(database_url=db_url, message_rate=0.001, message_burst=3))
    with TestClient(app) as c:
        made = create_table(c, "hu-4p", BOTS)
        url = f"/ws/tables/{made['table']}?token={made['token']}"
        with c.websocket_connect(url) as ws:
            first_view(ws)
            for _ in range(3):
                ws.send_json({"type": "ping"})
                assert ws.receive_json()["type"] == "pong"
            assert "too many messages" in refused(ws, json.dumps({"type": "ping"}))
            assert stored(c, made["table"]) == []
        with c.websocket_connect(url) as again:
            first_view(again)
            again.send_json({"type": "ping"})
            assert again.receive_json()["type"] == "pong"


def test_the_view_that_ends_a_hand_carries_the_time_of_the_next_deal(
        client: TestClient) -> None:
    """protocol.md, deadline: "Between hands it is the time the next hand is dealt without
    waiting for this seat's ready" (sent with the hand's last view, not only on reconnect)."""
    made = create_table(client, "hu-2p", ["human", "bot:greedy"], timer=600)
    with client.websocket_connect(f"/ws/tables/{made['table']}?token={made['token']}") as ws:
        last: dict[str, Any] = {}
        while True:
            message = ws.receive_json()
            if message["type"] == "hand_end":
                break
            last = message
            if message["legal"]:
                action = ({"do": "pass"} if {"do": "pass"} in message["legal"]
                          else message["legal"][-1])
                ws.send_json({"type": "act", "seq": message["seq"], "action": action})
        assert last["view"]["phase"] == "ended" and last["legal"] == []
        assert last["deadline"] is not None and last["deadline"] > time.time() + 500
    with client.websocket_connect(f"/ws/tables/{made['table']}?token={made['token']}") as ws:
        assert first_view(ws)["deadline"] == last["deadline"]  # the same time on reconnect

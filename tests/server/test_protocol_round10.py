"""The server as a protocol client meets it (tenth audit).

A claim window that only bots are asked in is not shown: the bots answer at once, so a
view of it would tell every other seat and every spectator that some bot could claim (or
win on) the tile, and then chose to pass.  Errors speak the protocol's terms: a missing or
unknown message type is named with the types there are, a malformed action is quoted as
the client sent it (JSON, without the seat the server adds), and a long name, password,
rules id, action word or tile is refused by the documented rule rather than by a bound of
the schema's own that no page mentions.  A connection that stops reading is closed with
code 1008 once 2000 messages are waiting, after the ones already queued.
"""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

from fastapi.testclient import TestClient
from serverkit import create_table, sync

import tingpai
from tingpai.engine import Phase

WINDOWS = ("claims", "robbing")


def bots_only_windows(record: dict[str, Any], humans: set[int]) -> int:
    """How many claim windows of the record's first hand asked bots only (replayed from
    its wall: the first hand is dealt by seat 0 in the East round)."""
    rules = tingpai.find_ruleset(record["rules"], **record["options"])
    played = record["hands"][0]
    hand = tingpai.Hand(rules, wall=played["wall"])
    count = 0
    windows = (Phase.CLAIMS, Phase.ROBBING)
    for raw in played["actions"]:
        action = tingpai.Action.from_dict(raw)
        while hand.phase in windows and action not in hand.legal_actions(action.seat):
            # a record leaves out the passes before the next seat's turn
            hand.apply(tingpai.Action.from_dict({"seat": hand.to_act()[0], "do": "pass"}))
        before = hand.phase
        hand.apply(action)
        if before not in windows and hand.phase in windows and not humans & set(hand.to_act()):
            count += 1
    return count


def play_one_hand(client: TestClient, seed: int) -> tuple[list[dict[str, Any]],
                                                         list[dict[str, Any]], str]:
    """One hand of hu-4p, seat 0 played with random legal actions against three bots,
    watched by a spectator; both logs and the table."""
    made = create_table(client, "hu-4p", ["human"] + ["bot:greedy"] * 3,
                        options={"max_hands": 1})
    table = made["table"]
    rng = random.Random(seed)
    seat_log: list[dict[str, Any]] = []
    watch_log: list[dict[str, Any]] = []
    with client.websocket_connect(f"/ws/tables/{table}") as watcher, \
            client.websocket_connect(f"/ws/tables/{table}?token={made['token']}") as ws:
        while True:
            message = ws.receive_json()
            seat_log.append(message)
            if message["type"] == "view" and message["legal"]:
                ws.send_json({"type": "act", "seq": message["seq"],
                              "action": rng.choice(message["legal"])})
            elif message["type"] == "game_end":
                break
        while True:
            message = watcher.receive_json()
            watch_log.append(message)
            if message["type"] == "game_end":
                break
    return seat_log, watch_log, table


def test_a_claim_window_only_bots_are_asked_in_is_not_shown(client: TestClient) -> None:
    asked_bots_only = 0
    for seed in range(6):
        seat_log, watch_log, table = play_one_hand(client, seed)
        seat_views = [m for m in seat_log if m["type"] == "view" and m["view"]]
        watch_views = [m for m in watch_log if m["type"] == "view" and m["view"]]
        # the only human seat is shown a window only when it is asked in it
        for m in seat_views:
            if m["view"]["phase"] in WINDOWS:
                assert m["legal"], (m["view"]["phase"], m["view"]["claim_tile"])
        # and a spectator sees the same windows, no others
        shown = [m["seq"] for m in watch_views if m["view"]["phase"] in WINDOWS]
        asked = [m["seq"] for m in seat_views if m["view"]["phase"] in WINDOWS]
        assert shown == asked
        # seq still grows by one with every view that shows a change
        for log in (seat_views, watch_views):
            assert all(b["seq"] - a["seq"] in (0, 1) for a, b in itertools.pairwise(log))
        assert client.get(f"/api/tables/{table}").json()["seq"] == watch_views[-1]["seq"]
        record = client.get(f"/api/tables/{table}/record").json()
        assert list(tingpai.replay(record).scores) == seat_log[-1]["scores"]
        asked_bots_only += bots_only_windows(record, {0})
        if asked_bots_only >= 3:
            break
    assert asked_bots_only >= 3  # the games did have windows only bots were asked in


# ---------------------------------------------------------------- errors a client reads


def test_errors_name_the_message_and_the_action_as_the_client_sent_them(
        client: TestClient) -> None:
    made = create_table(client, "hu-4p", ["human"] + ["bot:greedy"] * 3)
    with client.websocket_connect(f"/ws/tables/{made['table']}?token={made['token']}") as ws:
        view = ws.receive_json()
        seq = view["seq"]

        def error_for(message: object) -> str:
            ws.send_text(message if isinstance(message, str) else json.dumps(message))
            answers = sync(ws)
            assert [m["type"] for m in answers] == ["error"], answers
            text: str = answers[0]["error"]
            return text

        # a message without a type, or with one the protocol does not have, names the types
        for message, named in (({}, "no \"type\""), ({"type": None}, "null"),
                               ({"type": "READY"}, '"READY"'), ({"type": 5}, "5")):
            text = error_for(message)
            assert named in text and '"act", "ready", "ping"' in text, text
            assert "discriminator" not in text and "None" not in text, text
        # a malformed action is quoted as the client sent it (JSON, no seat added)
        for action, named in (
            ({"do": "fly"}, 'malformed action {"do": "fly"}: \'do\' must be one of'),
            ({"do": "discard", "tile": "0m"},
             'malformed action {"do": "discard", "tile": "0m"}: \'tile\''),
            ({"do": "discard"}, 'malformed action {"do": "discard"}: discard needs a tile'),
            ({"do": "chow"}, 'malformed action {"do": "chow"}: chow needs its three tiles'),
            ({"do": "pass", "tile": "9m"},
             'malformed action {"do": "pass", "tile": "9m"}: pass takes no tile'),
        ):
            text = error_for({"type": "act", "seq": seq, "action": action})
            assert text.startswith(named), text
            assert "'seat'" not in text, text
        ws.send_json({"type": "act", "seq": seq, "action": view["legal"][0]})
        assert sync(ws)[0]["seq"] == seq + 1  # nothing changed before: seq was still current


def test_a_long_name_or_password_is_refused_by_the_documented_rule(
        client: TestClient) -> None:
    # the schema's own bounds (64 and 256 characters) are no rule a client is told of
    for name, password, rule in (
        ("x" * 70, "password123", "at most 24"),
        ("x" * 30, "password123", "at most 24"),
        ("longpassword", "p" * 300, "a password is 8-128 characters"),
        ("longpassword", "p" * 200, "a password is 8-128 characters"),
    ):
        r = client.post("/api/accounts", json={"name": name, "password": password})
        assert r.status_code == 422 and rule in r.json()["error"], r.text
        r = client.post("/api/session", json={"name": name, "password": password})
        assert r.status_code == 401 and r.json()["error"] == "wrong name or password", r.text
    for name in ("x" * 25, "x" * 65):
        r = client.post("/api/tables", json={"rules": "hu-2p", "seats": ["human", "human"],
                                             "name": name})
        assert r.status_code == 422, r.text
        assert r.json()["error"] == "a name is 1-24 printable characters", r.text
    table = create_table(client, "hu-2p", ["human", "human"])["table"]
    r = client.post(f"/api/tables/{table}/seats/1", json={"name": "x" * 65})
    assert r.status_code == 422 and r.json()["error"] == "a name is 1-24 printable characters"


def test_a_long_rules_id_or_action_field_is_refused_by_what_it_is(client: TestClient) -> None:
    long_id = "hu-4p-with-my-house-rules-and-more"  # 34 characters
    r = client.post("/api/tables", json={"rules": long_id, "seats": ["human"] * 4})
    assert r.status_code == 422 and r.json()["error"].startswith("unknown rules id"), r.text
    r = client.get("/api/leaderboard", params={"rules": long_id})
    assert r.status_code == 422 and r.json()["error"].startswith("unknown rules id"), r.text
    made = create_table(client, "hu-4p", ["human"] + ["bot:greedy"] * 3)
    with client.websocket_connect(f"/ws/tables/{made['table']}?token={made['token']}") as ws:
        seq = ws.receive_json()["seq"]
        for action, named in (
            ({"do": "declare_a_flower"}, "'do' must be one of"),
            ({"do": "discard", "tile": "123456789m"}, "expected exactly one tile"),
            ({"do": "chow", "tiles": "1m2m3m4m5m6m7m8m9m"}, "are not three consecutive"),
            ({"do": "discard", "tile": "9" * 3000 + "x"}, "is not in the text notation"),
        ):
            ws.send_json({"type": "act", "seq": seq, "action": action})
            answers = sync(ws)
            assert [m["type"] for m in answers] == ["error"], answers
            text = answers[0]["error"]
            assert named in text and len(text) < 400, text


# ---------------------------------------------------------------- a client that stops reading


def test_a_connection_that_stops_reading_is_closed_after_what_was_queued() -> None:
    import asyncio

    from tingpai.server.tables import OUTBOX_LIMIT, Connection

    class Stuck:
        """A socket whose peer reads the first message, then nothing more."""

        def __init__(self) -> None:
            self.sent: list[str] = []
            self.closed_with: tuple[int, str | None] | None = None
            self.release = asyncio.Event()

        async def send_text(self, data: str) -> None:
            self.sent.append(data)
            if len(self.sent) > 1:
                await self.release.wait()

        async def close(self, code: int = 1000, reason: str | None = None) -> None:
            self.closed_with = (code, reason)

    async def run() -> Stuck:
        socket = Stuck()
        conn = Connection(socket, None)
        pump = asyncio.ensure_future(conn.pump())
        for n in range(OUTBOX_LIMIT + 10):
            conn.send({"type": "view", "seq": n})
            await asyncio.sleep(0)
        assert conn.closed  # the table goes on: sending more is a no-op
        socket.release.set()
        await asyncio.wait_for(pump, 5)
        return socket

    socket = asyncio.run(run())
    assert socket.closed_with == (1008, "too many unsent messages")
    # every message queued before the close was sent, in order: the one read, the one in
    # flight and a full outbox
    assert [json.loads(m)["seq"] for m in socket.sent] == list(range(OUTBOX_LIMIT + 2))

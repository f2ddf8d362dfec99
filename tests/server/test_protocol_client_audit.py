"""A client written from docs/protocol.md alone, checking every message of whole games
against the text: each connection's ``seq`` stays or grows by one (staying only when
nothing changed), ``legal`` is what the view permits (the discards are exactly the
hand's tiles), a spectator is shown the public part of every seat's view and nothing
more, and ``hand_end``/``game_end`` agree with the record replayed hand by hand."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from typing import Any

import pytest
from fastapi.testclient import TestClient
from serverkit import create_table

import tingpai

PRIVATE = {"hand", "drawn", "legal"}
VIEW_MESSAGE = {"type", "seq", "view", "legal", "deadline", "table"}


def tiles_of(group: str) -> list[str]:
    """``"123m5z"`` as ``["1m", "2m", "3m", "5z"]`` (the protocol's tile notation)."""
    out: list[str] = []
    digits = ""
    for ch in group:
        if ch.isdigit():
            digits += ch
        else:
            out += [d + ch for d in digits]
            digits = ""
    return out


def check_sequence(log: list[dict[str, Any]]) -> None:
    """The views of one connection: seq grows by at most one, and only with a change."""
    views = [m for m in log if m["type"] == "view"]
    for before, after in itertools.pairwise(views):
        assert set(after) == VIEW_MESSAGE
        assert after["seq"] in (before["seq"], before["seq"] + 1), (before["seq"], after["seq"])
        if after["seq"] == before["seq"]:
            assert (after["view"], after["legal"]) == (before["view"], before["legal"])


def check_legal(message: dict[str, Any]) -> None:
    """``legal`` is the view's own list, and the discards are exactly the hand's tiles."""
    view = message["view"]
    assert view["legal"] == message["legal"]
    hand = tiles_of(view["hand"])
    assert view["concealed_sizes"][view["seat"]] == len(hand)
    discards = {a["tile"] for a in message["legal"] if a["do"] == "discard"}
    if discards:
        assert discards == {t for t in hand if not t.endswith("f")}
    held = Counter(hand)
    for action in message["legal"]:
        if "tile" in action:
            assert held[action["tile"]] >= 1, (action, view["hand"])


@pytest.mark.parametrize("rules", ["hu-3p", "hk-fanlaak-0"])
def test_a_game_checked_message_by_message(client: TestClient, rules: str) -> None:
    players = 3 if rules == "hu-3p" else 4
    seats = ["human"] + ["bot:greedy"] * (players - 1)
    made = create_table(client, rules, seats, options={"max_hands": 2})
    table = made["table"]
    rng = random.Random(4)
    seat_log: list[dict[str, Any]] = []
    watch_log: list[dict[str, Any]] = []
    with client.websocket_connect(f"/ws/tables/{table}") as watcher, \
            client.websocket_connect(f"/ws/tables/{table}?token={made['token']}") as ws:
        while True:
            message = ws.receive_json()
            seat_log.append(message)
            assert message["type"] != "error", message
            if message["type"] == "view" and message["view"] is not None:
                check_legal(message)
                if message["legal"]:
                    ws.send_json({"type": "act", "seq": message["seq"],
                                  "action": rng.choice(message["legal"])})
            elif message["type"] == "hand_end":
                ws.send_json({"type": "ready"})
            elif message["type"] == "game_end":
                break
        while True:
            message = watcher.receive_json()
            watch_log.append(message)
            if message["type"] == "game_end":
                break
    check_sequence(seat_log)
    check_sequence(watch_log)
    shown = [m["view"] for m in watch_log if m["type"] == "view" and m["view"] is not None]
    assert all(v["seat"] is None and not PRIVATE & set(v) for v in shown)
    assert all(not m["legal"] for m in watch_log if m["type"] == "view")
    for message in seat_log:
        if message["type"] == "view" and message["view"] is not None:
            public = {k: v for k, v in message["view"].items() if k not in PRIVATE}
            assert {**public, "seat": None} in shown

    ends = [m for m in seat_log if m["type"] == "hand_end"]
    assert ends == [m for m in watch_log if m["type"] == "hand_end"]
    game_end = seat_log[-1]
    assert game_end["record"] == f"/api/tables/{table}/record"
    record = client.get(game_end["record"]).json()
    replayed = tingpai.replay(record).to_json()
    assert len(replayed["hands"]) == len(ends)
    scores = next(v for v in shown)["scores"]
    for number, (hand, end) in enumerate(zip(replayed["hands"], ends, strict=True)):
        assert end["hand"] == number
        result = end["result"]
        assert {k: result[k] for k in hand} == hand
        scores = [a + b for a, b in zip(scores, result["deltas"], strict=True)]
        assert result["scores"] == scores
    assert game_end["scores"] == scores == replayed["scores"]

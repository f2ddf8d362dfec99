"""No connection ever receives another seat's concealed tiles or the wall.

Whole games for every ruleset id are played through real websockets (two human seats played
by clients, bots in the others, and a spectator).  The server is spied on as it builds each
view, recording the engine's true state then; every message each client received is
checked against it: a seat's ``hand``, ``drawn`` and ``legal`` are exactly its own, and
everything else in a view is the same for every seat and the spectator at the same moment,
so it cannot depend on anyone's concealed tiles.  ``hand_end`` / ``game_end`` carry no tiles
of a hand, and the record (it holds the walls) is refused until the game is over.
"""

from __future__ import annotations

import asyncio
from collections import defaultdict
from pathlib import Path
from typing import Any

import httpx
import pytest
from serverkit import ThreadServer, create_table, play_and_log

from tingpai import find_ruleset, ruleset_ids
from tingpai.engine.observation import action_json
from tingpai.server import Settings
from tingpai.server.tables import LiveTable
from tingpai.tiles import counts_to_str, tile_to_str

PRIVATE = {"seat", "hand", "drawn", "legal"}
SECRET_KEYS = {"wall", "concealed", "walls"}


def all_keys(value: Any) -> set[str]:
    """Every key anywhere in a JSON value."""
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in all_keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in all_keys(v)}
    return set()


@pytest.mark.slow
@pytest.mark.parametrize("rules", ruleset_ids())
def test_no_message_holds_another_seats_tiles(rules: str, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    truth: dict[tuple[int | None, int], dict[str, Any]] = {}
    original = LiveTable.view_message

    def spy(self: LiveTable, seat: int | None, *rest: Any) -> dict[str, Any]:
        message = original(self, seat, *rest)
        hand = self.match.hand
        if hand is not None:
            obs = hand.observe(0 if seat is None else seat)
            truth[(seat, message["seq"])] = {
                "public_seq": self.seq,
                "hands": len(self.match.hands),
                "concealed": [counts_to_str(hand.concealed(s)) for s in range(hand.players)],
                "drawn": None if obs.drawn is None else tile_to_str(obs.drawn),
                "legal": [action_json(a) for a in hand.legal_actions(seat)]
                if seat is not None else [],
            }
        return message

    monkeypatch.setattr(LiveTable, "view_message", spy)
    players = find_ruleset(rules).options.players
    seats = ["human", "human"] + ["bot:greedy"] * (players - 2)
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'db.sqlite3'}")
    with ThreadServer(settings) as server, httpx.Client(base_url=server.url) as http:
        # One prevailing wind keeps each game to a few hands.
        made = create_table(http, rules, seats, options={"rounds": 1})
        table = made["table"]
        second = http.post(f"/api/tables/{table}/seats/1").json()
        logs: dict[int | None, list[dict[str, Any]]] = {0: [], 1: [], None: []}

        async def main() -> None:
            watcher = asyncio.create_task(play_and_log(server.url, table, None, logs[None]))
            await asyncio.sleep(0.05)
            await asyncio.gather(
                play_and_log(server.url, table, made["token"], logs[0]),
                play_and_log(server.url, table, second["token"], logs[1]),
                watcher,
            )

        asyncio.run(main())
        assert http.get(f"/api/tables/{table}/record").status_code == 200

    public: dict[int, list[tuple[int | None, dict[str, Any]]]] = defaultdict(list)
    views = 0
    for seat, log in logs.items():
        assert log[-1]["type"] == "game_end"
        for message in log:
            assert message["type"] != "error", message
            if message["type"] != "view":
                assert not all_keys(message) & SECRET_KEYS, message
                continue
            view = message["view"]
            if view is None:
                continue
            views += 1
            state = truth[(seat, message["seq"])]
            assert not all_keys(message) & SECRET_KEYS
            if seat is None:
                assert not set(view) & (PRIVATE - {"seat"}) and view["seat"] is None
                assert message["legal"] == []
            else:
                assert view["seat"] == seat
                assert view["hand"] == state["concealed"][seat]
                assert view["drawn"] == state["drawn"]
                assert message["legal"] == state["legal"] == view["legal"]
            shown = {k: v for k, v in view.items() if k not in PRIVATE}
            public[state["public_seq"] * 1000 + state["hands"]].append((seat, shown))
    assert views > 50
    shared = 0
    for moment, seen in public.items():
        first = seen[0][1]
        for seat, shown in seen[1:]:
            assert shown == first, (moment, seat)
        shared += len({s for s, _ in seen}) > 1
    assert shared > 20

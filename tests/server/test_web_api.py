"""The browser client's endpoints (``tingpai.server.web_api``): its files, a seat's hint,
a finished hand's summary and a finished game's replay steps, checked against the engine."""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from serverkit import create_table

import tingpai
from tingpai.bots.hints import hint
from tingpai.engine.summary import hand_steps, hand_summary


def finished_bot_game(client: TestClient, rules: str = "hu-2p") -> str:
    """A table of bots only: it plays itself to the end at once."""
    players = tingpai.find_ruleset(rules).options.players
    made = create_table(client, rules, ["bot:greedy"] * players, options={"rounds": 1})
    deadline = time.monotonic() + 60
    while client.get(f"/api/tables/{made['table']}").json()["status"] != "finished":
        assert time.monotonic() < deadline
        time.sleep(0.05)
    return str(made["table"])


def test_the_client_files_are_served(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and "/static/js/app.js" in page.text
    for path in ("/static/js/app.js", "/static/js/table.js", "/static/style.css"):
        assert client.get(path).status_code == 200, path
    tile = client.get("/static/tiles/5z.svg")
    assert tile.status_code == 200 and tile.text.startswith("<svg")
    assert client.get("/static/../app.py").status_code == 404


def test_the_rulesets_carry_descriptions_allowed_values_and_json_defaults(
    client: TestClient
) -> None:
    rules = {r["id"]: r for r in client.get("/api/rules").json()}
    hu = rules["hu-4p"]
    assert hu["description"] and hu["unit"] == "points"
    options = {o["name"]: o for o in hu["options"]}
    assert options["flowers"]["default"] is True
    assert options["flowers"]["allowed"] == "true, false"
    assert options["forms"]["default"] == ["standard", "pairs", "orphans"]


def test_a_seat_gets_its_hint_and_nobody_else_does(client: TestClient) -> None:
    made = create_table(client, "hk-4p", ["human", "bot:greedy", "bot:greedy", "bot:greedy"])
    answer = client.get(f"/api/tables/{made['table']}/hint", params={"token": made["token"]})
    assert answer.status_code == 200, answer.text
    data = answer.json()
    table = client.app.state.manager.tables[made["table"]]  # type: ignore[attr-defined]
    assert data["hint"] == hint(table.match.hand.observe(0))
    assert data["hint"]["tiles"] == 14 and data["hint"]["discards"]
    wrong = client.get(f"/api/tables/{made['table']}/hint", params={"token": "nope"})
    assert wrong.status_code == 403
    assert client.get("/api/tables/nosuch/hint", params={"token": "x"}).status_code == 404


def test_hand_summaries_and_replay_steps_of_a_finished_game(client: TestClient) -> None:
    table_id = finished_bot_game(client)
    record = client.get(f"/api/tables/{table_id}/record").json()
    game = tingpai.replay(record)
    replay = client.get(f"/api/tables/{table_id}/replay").json()
    assert replay["rules"] == "hu-2p" and len(replay["hands"]) == len(game.hands)
    assert replay["scores"] == list(game.scores)
    for number, hand in enumerate(game.match.hands):
        summary = client.get(f"/api/tables/{table_id}/hands/{number}").json()
        expected = hand_summary(hand)
        assert summary["payments"] == expected["payments"]
        assert summary["winners"] == expected["winners"]
        steps: dict[str, Any] = client.get(f"/api/tables/{table_id}/replay/{number}").json()
        assert steps["steps"] == hand_steps(hand)
        assert steps["summary"]["deltas"] == list(hand.deltas)
    assert client.get(f"/api/tables/{table_id}/replay/{len(game.hands)}").status_code == 404
    assert client.get(f"/api/tables/{table_id}/hands/99").status_code == 404


def test_a_game_in_play_has_no_replay_and_hides_the_losers_hands(client: TestClient) -> None:
    made = create_table(client, "hu-2p", ["human", "bot:greedy"])
    assert client.get(f"/api/tables/{made['table']}/replay").status_code == 409
    assert client.get(f"/api/tables/{made['table']}/replay/0").status_code == 409
    assert client.get(f"/api/tables/{made['table']}/hands/0").status_code == 409
    # Let seat 0 always discard its drawn tile until the first hand is over.
    table = client.app.state.manager.tables[made["table"]]  # type: ignore[attr-defined]
    with client.websocket_connect(f"/ws/tables/{made['table']}?token={made['token']}") as ws:
        while True:
            message = ws.receive_json()
            if message["type"] == "hand_end":
                break
            if message["type"] == "view" and message["legal"]:
                legal = message["legal"]
                action = next((a for a in legal if a["do"] in ("tsumo", "ron", "pass")), legal[-1])
                ws.send_json({"type": "act", "seq": message["seq"], "action": action})
    summary = client.get(f"/api/tables/{made['table']}/hands/0").json()
    result = table.match.hands[0].result
    for seat in summary["seats"]:
        visible = seat["seat"] in result.winner_seats or bool(
            result.ready and result.ready[seat["seat"]])
        assert (seat["hand"] is not None) == visible


def test_the_lobby_lists_tables_rebuilt_after_a_restart_with_new_ones(db_url: str) -> None:
    # SQLite hands back naive datetimes; a rebuilt table must still sort with a new one.
    from tingpai.server import Settings, create_app

    with TestClient(create_app(Settings(database_url=db_url))) as first:
        old = create_table(first, "hu-2p", ["human", "bot:greedy"])
    with TestClient(create_app(Settings(database_url=db_url))) as second:
        new = create_table(second, "hu-2p", ["human", "bot:greedy"])
        listed = second.get("/api/tables")
        assert listed.status_code == 200, listed.text
        assert [t["id"] for t in listed.json()] == [new["table"], old["table"]]


def test_a_bot_that_fails_makes_the_safe_move_and_the_table_goes_on(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A bot that raises (seen: greedy on a table whose only form is seven pairs) must not
    # stall the table: it makes the timer's safe move instead.
    from tingpai.bots import GreedyBot

    def broken(self: GreedyBot, obs: Any) -> Any:
        raise ValueError("this bot is broken")

    monkeypatch.setattr(GreedyBot, "act", broken)
    table_id = finished_bot_game(client)
    record = client.get(f"/api/tables/{table_id}/record").json()
    assert tingpai.replay(record).game.over

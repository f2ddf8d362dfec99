"""The HTTP API, accounts, storage and ratings as a protocol client written from
docs/protocol.md sees them (second audit): ids and names no table or account can have,
scores beyond 32 bits, the migration chain, the rating changes of a finished game after a
restart, one seat per account, and bodies that cannot be parsed at all."""

from __future__ import annotations

import time
from typing import Any

import pytest
from alembic import command
from alembic.script import ScriptDirectory
from fastapi.testclient import TestClient
from serverkit import create_table, play_out
from sqlalchemy import text
from starlette.websockets import WebSocketDisconnect

import tingpai
from tingpai.server import Settings, create_app
from tingpai.server.storage import Storage, alembic_config

PASSWORD = "correct horse"


def watch_game_end(client: TestClient, table: str) -> dict[str, Any]:
    """What a spectator connecting to a finished table is sent as ``game_end``."""
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        while True:
            message = ws.receive_json()
            if message["type"] == "game_end":
                end: dict[str, Any] = message
                return end


def test_ids_and_names_nothing_can_have_are_unknown_not_server_errors(any_db: str) -> None:
    """A NUL in a table id or an account name (``%00`` in the path, ``\\u0000`` in a
    body) names no table and no account: 404 / 401 as for any unknown one.  PostgreSQL
    text cannot hold a NUL, so looking it up was a 500."""
    with TestClient(create_app(Settings(database_url=any_db))) as client:
        made = create_table(client, "hu-4p", ["human", "human", "bot:greedy", "bot:greedy"])
        bad = "a%00b"
        for path in (f"/api/tables/{bad}", f"/api/tables/{bad}/record",
                     f"/api/tables/{bad}/replay", f"/api/tables/{bad}/replay/0",
                     f"/api/tables/{bad}/hands/0", f"/api/tables/{bad}/hint?token=x",
                     f"/api/tables/{'x' * 40}", f"/api/accounts/{bad}"):
            r = client.get(path)
            assert r.status_code == 404, (path, r.text)
            assert "no table" in r.json()["error"] or "no account" in r.json()["error"]
        r = client.post(f"/api/tables/{bad}/seats/1")
        assert r.status_code == 404 and "no table" in r.json()["error"]
        r = client.post("/api/session", json={"name": "a\u0000b", "password": PASSWORD})
        assert r.status_code == 401 and r.json()["error"] == "wrong name or password"
        with client.websocket_connect(f"/ws/tables/{bad}") as ws:
            assert "no table" in ws.receive_json()["error"]
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 4404
        # nothing changed, and the server still answers
        assert client.get(f"/api/tables/{made['table']}").json()["open_seats"] == [1]
        assert client.get("/healthz").status_code == 200


def test_a_game_with_scores_beyond_32_bits_is_stored_as_finished(any_db: str) -> None:
    """``start_points`` may be up to 1e15: the seats' results (``game_results.score``)
    are 64-bit, so such a game ends and its record is served (on PostgreSQL a 32-bit
    column refused the results and the game could never be stored as finished)."""
    with TestClient(create_app(Settings(database_url=any_db))) as client:
        made = create_table(client, "hu-2p", ["bot:greedy", "bot:greedy"],
                            options={"rounds": 1, "start_points": 3_000_000_000})
        deadline = time.monotonic() + 120
        while True:
            info = client.get(f"/api/tables/{made['table']}").json()
            if info["status"] == "finished" or time.monotonic() > deadline:
                break
            time.sleep(0.05)
        assert info["status"] == "finished"
        assert min(info["final_scores"]) > 2 ** 31
        record = client.get(f"/api/tables/{made['table']}/record").json()
        assert list(tingpai.replay(record).scores) == info["final_scores"]


def test_the_migrations_have_one_head_and_keep_what_0001_stored(any_db: str) -> None:
    storage = Storage(any_db)
    try:
        cfg = alembic_config(storage.engine)
        assert len(ScriptDirectory.from_config(cfg).get_heads()) == 1
        with storage.engine.begin() as conn:
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "0001")
        with storage.engine.begin() as conn:
            conn.execute(text(
                "INSERT INTO game_tables (id, rules, options, seed, private, status, "
                "created_at) VALUES ('T1', 'hu-2p', '{}', 1, false, 'finished', "
                "'2026-01-01 00:00:00')"))
            conn.execute(text(
                "INSERT INTO game_results (table_id, seat, rank, score) VALUES ('T1', 0, 1, 5)"))
        storage.migrate()
        with storage.engine.begin() as conn:
            conn.execute(text("INSERT INTO game_results (table_id, seat, rank, score) "
                              "VALUES ('T1', 1, 2, 3000000000)"))
            rows = conn.execute(text("SELECT seat, score FROM game_results ORDER BY seat"))
            assert [tuple(r) for r in rows] == [(0, 5), (1, 3_000_000_000)]
    finally:
        storage.close()


def test_a_rated_games_end_names_its_rating_changes_after_a_restart(db_url: str) -> None:
    """``game_end`` is sent again on connecting to a finished table, with the rating
    changes of the game: the same after a restart (they were announced as none)."""
    with TestClient(create_app(Settings(database_url=db_url))) as client:
        client.post("/api/accounts", json={"name": "Ann", "password": PASSWORD})
        made = create_table(client, "hu-2p", ["human", "bot:greedy"], options={"rounds": 1})
        end = play_out(client, made["table"], made["token"])
        assert [r["name"] for r in end["ratings"]] == ["Ann", "greedy"]
        assert watch_game_end(client, made["table"])["ratings"] == end["ratings"]
    with TestClient(create_app(Settings(database_url=db_url))) as client:
        assert watch_game_end(client, made["table"]) == end


def test_an_account_holds_one_seat_of_a_table(client: TestClient) -> None:
    """A signed-in account that sits at a table cannot take a second seat there (a game
    rates each account once); it may still take its own seat again, and a guest the open
    one."""
    client.post("/api/accounts", json={"name": "Ann", "password": PASSWORD})
    made = create_table(client, "hu-4p", ["human", "human", "bot:greedy", "bot:greedy"])
    table = made["table"]
    r = client.post(f"/api/tables/{table}/seats/1")
    assert r.status_code == 409 and "already plays seat 0" in r.json()["error"]
    info = client.get(f"/api/tables/{table}").json()
    assert info["open_seats"] == [1] and info["status"] == "waiting"
    assert client.post(f"/api/tables/{table}/seats/0").status_code == 200
    client.delete("/api/session")
    assert client.post(f"/api/tables/{table}/seats/1", json={"name": "Bo"}).status_code == 200


def test_bodies_that_are_no_json_object_are_422_naming_the_body(client: TestClient) -> None:
    """Every invalid request is a 422 (the protocol's code), its error naming the body:
    bytes that are not UTF-8 (FastAPI answered 400), JSON that does not parse, or JSON
    that is not an object."""
    json_type = {"content-type": "application/json"}
    cases = [
        (client.post("/api/tables", content=b'{"rules": "hu-4p", "seats": ["\xff"]}',
                     headers=json_type), "body: not readable as JSON"),
        (client.post("/api/tables", content=b'{"rules": ', headers=json_type),
         "body: not valid JSON"),
        (client.post("/api/tables", json=["hu-4p"]), "body: Input should be"),
        (client.post("/api/accounts", content=b"\xfe\xff", headers=json_type),
         "body: not"),
        (client.post("/api/session", content=b"null", headers=json_type), "body: "),
    ]
    for r, words in cases:
        assert r.status_code == 422, r.text
        assert r.json()["error"].startswith(words), r.json()
    assert client.get("/api/tables").json() == []


def test_an_unknown_payment_table_is_refused_with_the_ruleset_s_own_choices(
    client: TestClient,
) -> None:
    """Each family names what it takes (Hu: hu only; Hong Kong: its fan tables or rows),
    not the union of every table (which offered hu to Hong Kong and rows objects to Hu)."""
    seats = ["human", "bot:greedy", "bot:greedy", "bot:greedy"]
    hu = client.post("/api/tables", json={"rules": "hu-4p", "seats": seats,
                                          "options": {"payment_table": "nope"}})
    assert hu.status_code == 422
    assert "one of hu," in hu.json()["error"] and "inline" not in hu.json()["error"]
    hk = client.post("/api/tables", json={"rules": "hk-4p", "seats": seats,
                                          "options": {"payment_table": "nope"}})
    assert hk.status_code == 422
    assert "half-spicy" in hk.json()["error"] and "hu," not in hk.json()["error"]


def test_a_stored_table_the_rules_now_refuse_does_not_stop_the_server(db_url: str) -> None:
    """A Hu table stored with a fan payment table (accepted before Hu's payment_table took
    only ``hu``) cannot be rebuilt; the server still starts and serves the others."""
    seats = ["human", "human", "bot:greedy", "bot:greedy"]
    with TestClient(create_app(Settings(database_url=db_url))) as c:
        old = c.post("/api/tables", json={"rules": "hu-4p", "seats": seats}).json()["table"]
        kept = c.post("/api/tables", json={"rules": "hu-4p", "seats": seats}).json()["table"]
    storage = Storage(db_url)
    try:
        storage.run(lambda s: s.execute(
            text("UPDATE game_tables SET options = :o WHERE id = :i"),
            {"o": '{"payment_table": "golden"}', "i": old}))
    finally:
        storage.close()
    with TestClient(create_app(Settings(database_url=db_url))) as c:
        assert c.get("/healthz").status_code == 200
        assert c.get(f"/api/tables/{kept}").status_code == 200
        # The table itself answers 409 naming why, over HTTP and the websocket; its rows
        # stay as they were.
        answer = c.get(f"/api/tables/{old}")
        assert answer.status_code == 409
        assert "payment_table" in answer.json()["error"]
        with c.websocket_connect(f"/ws/tables/{old}") as ws:
            assert "cannot be rebuilt" in ws.receive_json()["error"]
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 4404
    storage = Storage(db_url)
    try:
        stored = storage.run(lambda s: s.execute(
            text("SELECT options FROM game_tables WHERE id = :i"), {"i": old}).scalar_one())
    finally:
        storage.close()
    assert "golden" in str(stored)

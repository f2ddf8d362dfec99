"""Accounts (argon2 hashes, signed session cookies), game history and the leaderboard."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from serverkit import create_table, play_out
from sqlalchemy import select
from starlette.websockets import WebSocketDisconnect

import tingpai
from tingpai.server.storage import AccountRow


def sign_up(client: TestClient, name: str, password: str = "correct horse") -> Any:
    return client.post("/api/accounts", json={"name": name, "password": password})


def test_sign_up_in_and_out(client: TestClient) -> None:
    assert client.get("/api/me").json() == {"account": None}
    made = sign_up(client, "Ann")
    assert made.status_code == 201 and made.json()["account"]["name"] == "Ann"
    assert "tingpai_session" in made.cookies
    assert client.get("/api/me").json()["account"]["name"] == "Ann"
    assert client.delete("/api/session").json() == {"account": None}
    assert client.get("/api/me").json() == {"account": None}
    assert client.post("/api/session", json={"name": "ann", "password": "wrong one"}
                       ).status_code == 401
    assert client.post("/api/session", json={"name": "nobody", "password": "whatever1"}
                       ).status_code == 401
    back = client.post("/api/session", json={"name": "ANN", "password": "correct horse"})
    assert back.status_code == 200 and client.get("/api/me").json()["account"]["name"] == "Ann"
    storage = client.app.state.storage  # type: ignore[attr-defined]
    row = storage.run(lambda s: s.scalars(select(AccountRow)).one())
    assert row.password_hash.startswith("$argon2id$") and "correct horse" not in row.password_hash


def test_account_names_and_passwords_are_checked(client: TestClient) -> None:
    assert sign_up(client, "Ann").status_code == 201
    assert sign_up(client, "aNN").status_code == 409
    assert sign_up(client, "a").status_code == 422
    assert sign_up(client, "bad name!").status_code == 422
    assert sign_up(client, "Bob", "short").status_code == 422
    assert client.post("/api/accounts", json={"name": "Cy"}).status_code == 422


def test_a_forged_session_cookie_is_a_guest(client: TestClient) -> None:
    sign_up(client, "Ann")
    client.cookies.set("tingpai_session", "eyJhY2NvdW50IjogMX0=.forged.sig")
    assert client.get("/api/me").json() == {"account": None}


def test_an_accounts_game_is_rated_and_kept_in_its_history(client: TestClient) -> None:
    sign_up(client, "Ann")
    made = create_table(client, "hu-2p", ["human", "bot:greedy"], options={"rounds": 1})
    info = client.get(f"/api/tables/{made['table']}").json()
    assert info["seats"][0]["account"] == "Ann" and info["seats"][0]["name"] == "Ann"
    end = play_out(client, made["table"], made["token"])
    assert [r["name"] for r in end["ratings"]] == ["Ann", "greedy"]
    ann = end["ratings"][0]
    assert ann["before"] == round(25 - 3 * 25 / 3, 3)
    assert (ann["after"] > ann["before"]) == (ann["rank"] == 1)
    board = client.get("/api/leaderboard", params={"rules": "hu-2p"}).json()
    assert [p["name"] for p in board["players"]] == ["Ann"] and board["rated"] == 1
    assert board["players"][0]["games"] == 1 and board["players"][0]["rank"] == 1
    with_bots = client.get("/api/leaderboard", params={"rules": "hu-2p", "bots": True}).json()
    assert {p["name"] for p in with_bots["players"]} == {"Ann", "greedy"}
    assert with_bots["rated"] == 2
    assert client.get("/api/leaderboard", params={"rules": "hu-4p"}).json()["players"] == []
    assert client.get("/api/leaderboard", params={"rules": "nope"}).status_code == 422
    profile = client.get("/api/accounts/ann").json()
    assert profile["account"]["name"] == "Ann"
    assert profile["ratings"][0]["rules"] == "hu-2p"
    game = profile["games"][0]
    assert game["table"] == made["table"] and game["rating_after"] == ann["after"]
    assert game["score"] == end["scores"][0]
    record = client.get(game["record"]).json()
    assert list(tingpai.replay(record).scores) == end["scores"]
    assert client.get("/api/accounts/nobody").status_code == 404


def test_a_guest_game_is_not_rated(client: TestClient) -> None:
    made = create_table(client, "hu-2p", ["human", "bot:greedy"], options={"rounds": 1},
                        name="Visitor")
    end = play_out(client, made["table"], made["token"])
    assert end["ratings"] == []
    assert client.get("/api/leaderboard", params={"rules": "hu-2p", "bots": True}
                      ).json()["players"] == []


def test_an_account_takes_its_own_seat_again_for_a_new_token(client: TestClient) -> None:
    sign_up(client, "Ann")
    made = create_table(client, "hu-4p", ["human", "human", "bot:greedy", "bot:greedy"])
    table = made["table"]
    with client.websocket_connect(f"/ws/tables/{table}?token={made['token']}") as old:
        assert old.receive_json()["type"] == "view"
        again = client.post(f"/api/tables/{table}/seats/0")
        assert again.status_code == 200 and again.json()["token"] != made["token"]
        # The old token stops working on the socket it had open too: told, then closed.
        assert "token no longer works" in old.receive_json()["error"]
        with pytest.raises(WebSocketDisconnect) as closed:
            old.receive_json()
        assert closed.value.code == 4403
    with client.websocket_connect(f"/ws/tables/{table}?token={again.json()['token']}") as ws:
        assert ws.receive_json()["type"] == "view"  # the new token plays (no 4403)
    client.delete("/api/session")
    assert client.post(f"/api/tables/{table}/seats/0").status_code == 409

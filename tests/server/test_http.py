"""The HTTP part of the protocol (FastAPI TestClient): tables, seats, lobby, rules, limits."""

from __future__ import annotations

import time

from fastapi.testclient import TestClient
from serverkit import create_table

import tingpai
from tingpai import bot_names, ruleset_ids
from tingpai.server import Settings, create_app

BOTS3 = ["human", "bot:greedy", "bot:greedy", "bot:greedy"]


def test_healthz_index_and_openapi(client: TestClient) -> None:
    assert client.get("/healthz").status_code == 200
    page = client.get("/")
    assert page.status_code == 200 and "tingpai" in page.text
    schema = client.get("/openapi.json").json()
    for path in ("/api/tables", "/api/tables/{table_id}/seats/{seat}", "/api/tables/{table_id}",
                 "/api/tables/{table_id}/record", "/api/leaderboard", "/api/accounts",
                 "/api/session", "/api/me", "/api/rules"):
        assert path in schema["paths"], path
    assert "CreateTable" in schema["components"]["schemas"]


def test_rules_and_bots_lists(client: TestClient) -> None:
    rules = client.get("/api/rules").json()
    assert [r["id"] for r in rules] == list(ruleset_ids())
    hk = next(r for r in rules if r["id"] == "hk-4p")
    names = {o["name"]: o for o in hk["options"]}
    assert names["min_fan"]["default"] == 3 and names["pao"]["doc"]
    assert hk["players"] == 4 and hk["patterns"]
    assert client.get("/api/bots").json() == list(bot_names())


def test_create_table_gives_seat_zero_and_opens_the_others(client: TestClient) -> None:
    made = create_table(client, "hu-4p", ["human", "human", "bot:greedy", "bot:random"],
                        timer=15, name="Ann")
    assert made["seat"] == 0 and len(made["token"]) >= 20
    info = client.get(f"/api/tables/{made['table']}").json()
    assert info["status"] == "waiting" and info["open_seats"] == [1]
    assert info["seats"][0]["name"] == "Ann" and info["seats"][2]["bot"] == "greedy"
    assert info["timer"] == 15
    assert made["token"] not in str(info)
    lobby = client.get("/api/tables", params={"status": "open"}).json()
    assert [t["id"] for t in lobby] == [made["table"]]
    taken = client.post(f"/api/tables/{made['table']}/seats/1", json={"name": "Bo"})
    assert taken.status_code == 200 and taken.json()["seat"] == 1
    again = client.post(f"/api/tables/{made['table']}/seats/1", json={"name": "Cy"})
    assert again.status_code == 409
    assert client.post(f"/api/tables/{made['table']}/seats/2").status_code == 409  # a bot
    assert client.post(f"/api/tables/{made['table']}/seats/7").status_code == 404
    info = client.get(f"/api/tables/{made['table']}").json()
    assert info["status"] == "playing" and info["hand"] == 1 and info["open_seats"] == []


def test_bad_table_requests_are_refused_with_a_reason(client: TestClient) -> None:
    cases = [
        ({"rules": "nope", "seats": BOTS3}, "unknown rules id"),
        ({"rules": "hu-4p", "seats": BOTS3[:3]}, "give 4 seats"),
        ({"rules": "hu-4p", "seats": ["human", "bot:nobody", "bot:greedy", "bot:greedy"]},
         "neither 'human' nor"),
        ({"rules": "hu-4p", "seats": BOTS3, "options": {"pond_limit": "x"}}, "pond_limit"),
        ({"rules": "hu-4p", "seats": BOTS3, "options": {"colour": 1}}, "unknown option"),
        ({"rules": "hk-4p", "seats": BOTS3, "options": {"payment_table": "/etc/passwd.json"}},
         "inline"),
        ({"rules": "hu-4p", "seats": BOTS3, "timer": -1}, "timer"),
        ({"rules": "hu-4p", "seats": BOTS3, "timer": "20"}, "timer"),
        ({"rules": "hu-4p", "seats": BOTS3, "timer": True}, "timer"),
        ({"rules": "hu-4p", "seats": BOTS3, "private": "yes"}, "private"),
        ({"rules": "hu-4p", "seats": BOTS3, "private": 1}, "private"),
        ({"rules": "hu-4p", "seats": BOTS3, "surprise": 1}, "surprise"),
        ({"rules": "hu-4p", "seats": BOTS3, "name": "a\x00b"}, "printable"),
    ]
    for body, words in cases:
        r = client.post("/api/tables", json=body)
        assert r.status_code == 422, (body, r.text)
        assert words in r.json()["error"], (body, r.json())
    assert client.get("/api/tables").json() == []


def test_bodies_json_allows_but_an_answer_cannot_hold_get_a_422(client: TestClient) -> None:
    """NaN, infinities and lone surrogates (``"\\ud800"``) parse as JSON but cannot be
    echoed back or stored: refused with a 422 naming the field, never a 500, and no table
    is made (the lobby still answers)."""
    seats = '"seats": ["human", "bot:greedy", "bot:greedy", "bot:greedy"]'
    rows = ", ".join(f'{{"fan": {f}, "discard": 8, "self_draw": 4}}' for f in range(11))
    cases = [
        (f'{{"rules": "hu-4p", {seats}, "timer": Infinity}}', "timer"),
        (f'{{"rules": "hu-4p", {seats}, "timer": NaN}}', "timer"),
        (f'{{"rules": "hu-4p", {seats}, "name": "\\ud800"}}', "name"),
        (f'{{"rules": "hu-4p", {seats}, "\\ud800": 1}}', "valid string"),
        (f'{{"rules": "hk-4p", {seats}, "options": {{"payment_table": '
         f'{{"rows": [{rows}], "name": "\\ud800"}}}}}}', "options.payment_table.name"),
        (f'{{"rules": "hk-4p", {seats}, "options": {{"\\udc80": 1}}}}', "options"),
    ]
    for body, words in cases:
        r = client.post("/api/tables", content=body,
                        headers={"content-type": "application/json"})
        assert r.status_code == 422, (body, r.text)
        assert words in r.json()["error"], (body, r.json())
    lobby = client.get("/api/tables")
    assert lobby.status_code == 200 and lobby.json() == []


def test_errors_outside_the_endpoints_have_the_error_form(client: TestClient) -> None:
    deep = '{"rules": "hu-4p", "seats": ' + "[" * 5000 + "]" * 5000 + "}"
    cases = [
        (client.get("/api/nothing"), 404),
        (client.put("/api/tables"), 405),
        (client.delete("/api/tables/x"), 405),
        (client.post("/api/tables", content=deep,
                     headers={"content-type": "application/json"}), 422),
    ]
    for r, status in cases:
        assert r.status_code == status, r.text
        assert r.json()["error"], r.json()


def test_a_host_payment_table_inline(client: TestClient) -> None:
    rows = [{"fan": f, "discard": 2 ** f, "self_draw": 2 ** f} for f in range(0, 11)]
    made = create_table(client, "hk-4p", BOTS3,
                        options={"payment_table": {"rows": rows}, "min_fan": 1})
    info = client.get(f"/api/tables/{made['table']}").json()
    assert info["options"]["payment_table"] == {"rows": rows}


def test_record_is_refused_until_the_game_ends(client: TestClient) -> None:
    made = create_table(client, "hu-2p", ["human", "bot:greedy"])
    r = client.get(f"/api/tables/{made['table']}/record")
    assert r.status_code == 409 and "walls" in r.json()["error"]
    assert client.get("/api/tables/nope/record").status_code == 404
    assert client.get("/api/tables/nope").status_code == 404


def test_a_table_of_bots_plays_itself_to_the_end(client: TestClient) -> None:
    made = create_table(client, "hu-2p", ["bot:greedy", "bot:random"])
    assert made["seat"] is None and made["token"] is None
    for _ in range(200):
        info = client.get(f"/api/tables/{made['table']}").json()
        if info["status"] == "finished":
            break
        time.sleep(0.05)
    assert info["status"] == "finished" and info["record"]
    record = client.get(info["record"]).json()
    assert list(tingpai.replay(record).scores) == info["final_scores"]
    finished = client.get("/api/tables", params={"status": "finished"}).json()
    assert finished[0]["id"] == made["table"]
    assert finished[0]["created_at"].endswith("+00:00")
    assert finished[0]["finished_at"].endswith("+00:00")
    assert info["created_at"] == finished[0]["created_at"]  # one time, one form


def test_a_table_of_bots_that_never_win_ends_at_the_servers_hand_limit(
        client: TestClient) -> None:
    """Random bots at a Hong Kong table draw every hand and the dealer repeats for ever:
    a table without human seats stops at Settings.bot_table_max_hands, played in the
    background (the creating request has its answer at once)."""
    made = create_table(client, "hk-4p", ["bot:random"] * 4)
    info = client.get(f"/api/tables/{made['table']}").json()
    assert info["options"]["max_hands"] == 200
    for _ in range(1200):
        info = client.get(f"/api/tables/{made['table']}").json()
        if info["status"] == "finished":
            break
        time.sleep(0.05)
    assert info["status"] == "finished"
    record = client.get(info["record"]).json()
    assert record["options"]["max_hands"] == 200
    game = tingpai.replay(record)
    assert len(game.hands) == 200 and list(game.scores) == info["final_scores"]


def test_oversized_bodies_and_request_floods_are_refused(db_url: str) -> None:
    app = create_app(Settings(database_url=db_url, http_rate=0.001, http_burst=3,
                              max_body_bytes=2000))
    with TestClient(app) as c:
        big = {"rules": "hu-4p", "seats": BOTS3, "options": {"x": "y" * 5000}}
        assert c.post("/api/tables", json=big).status_code == 413
        codes = [c.post("/api/tables", json={"rules": "hu-4p", "seats": BOTS3}).status_code
                 for _ in range(4)]
        assert codes[:2] == [201, 201] and codes[-1] == 429
        assert c.get("/healthz").status_code == 200  # reading is not limited

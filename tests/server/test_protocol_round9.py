"""The server as a protocol client meets it (ninth audit).

Account names may be Unicode (``张三``, ``Zoë``): NFKC-normalised, 3-24 letters, digits,
``_``, ``-`` or ``.``, unique ignoring case by ``str.casefold``; spaces, control, format and
invisible characters are refused naming the character.  Signing out revokes the session
for real: the cookie names a stored session that ``DELETE /api/session`` deletes, so a
copy of the cookie stops working (revision 0004; on SQLite the migrations now run with
foreign keys off, since rebuilding ``accounts`` for revision 0003 failed on the seats that
refer to it).  A whole-number ``timer`` is echoed as given (``20``,
not ``20.0``).  A table takes a limited number of spectators (``Settings.max_spectators``).
"""

from __future__ import annotations

import base64
import json
from datetime import UTC, datetime, timedelta
from typing import Any
from urllib.parse import quote

import pytest
from fastapi.testclient import TestClient
from itsdangerous import TimestampSigner
from serverkit import at_the_limit, create_table, sync
from sqlalchemy import inspect, select, text, update

from tingpai.server import Settings, create_app
from tingpai.server.storage import SessionRow, Storage

PASSWORD = "correct horse"
BOTS_2P = ["human", "bot:greedy"]


def sign_up(client: TestClient, name: str) -> Any:
    """POST /api/accounts with the test password."""
    return client.post("/api/accounts", json={"name": name, "password": PASSWORD})


def sign_in(client: TestClient, name: str) -> Any:
    """POST /api/session with the test password."""
    return client.post("/api/session", json={"name": name, "password": PASSWORD})


# ---------------------------------------------------------------- Unicode account names


def test_unicode_account_names_sign_up_sign_in_and_have_profiles(any_db: str) -> None:
    with TestClient(create_app(Settings(database_url=any_db))) as client:
        made = sign_up(client, "张三")
        assert made.status_code == 201, made.text
        assert made.json()["account"]["name"] == "张三"
        r = client.get("/api/accounts/" + quote("张三"))
        assert r.status_code == 200 and r.json()["account"]["name"] == "张三"
        client.delete("/api/session")
        # decomposed (e + combining diaeresis) is the same name as precomposed, NFKC
        made = sign_up(client, "Zoe\u0308")
        assert made.status_code == 201 and made.json()["account"]["name"] == "Zo\u00eb"
        client.delete("/api/session")
        for spelling in ("ZOË", "zoë", "zoe\u0308", "ＺＯＥ\u0308"):
            r = sign_in(client, spelling)
            assert r.status_code == 200, (spelling, r.text)
            assert r.json()["account"]["name"] == "Zoë"
            profile = client.get("/api/accounts/" + quote(spelling))
            assert profile.status_code == 200 and profile.json()["account"]["name"] == "Zoë"
        for taken, said in (("ZOË", "ZOË"), ("zoe\u0308", "zoë")):
            r = sign_up(client, taken)
            assert r.status_code == 409 and r.json()["error"] == f"the name '{said}' is taken"
        # case folding, not lowercasing: STRASSE and straße are one name
        assert sign_up(client, "straße").status_code == 201
        assert sign_up(client, "STRASSE").status_code == 409
        assert sign_in(client, "Strasse").json()["account"]["name"] == "straße"
        # full-width letters are the ASCII name (NFKC); its length counts after that
        assert sign_up(client, "Ｂｏｂ").json()["account"]["name"] == "Bob"
        assert sign_up(client, "\ufb00\ufb00").json()["account"]["name"] == "ffff"
        # a name whose case folding is longer than the name is stored (the key column
        # holds three times a name; PostgreSQL refused a 48-character key in 32)
        made = sign_up(client, "ß" * 24)
        assert made.status_code == 201, made.text
        assert client.get("/api/accounts/" + quote("\u1e9e" * 24)).json()["account"][
            "name"] == "ß" * 24
        # two Chinese characters are as wide as four letters: a name; 24 of them too
        assert sign_up(client, "李明").status_code == 201
        assert sign_up(client, "龍" * 24).status_code == 201
        # scripts written with vowel signs (combining marks after a letter)
        assert sign_up(client, "राम").status_code == 201
        # a signed-in Unicode account plays as itself
        table = create_table(client, "hu-2p", BOTS_2P)
        info = client.get(f"/api/tables/{table['table']}").json()
        assert info["seats"][0]["account"] == "राम"


@pytest.mark.parametrize(("name", "problem"), [
    ("Ann Lee", "U+0020 (space) is a space"),
    ("Ann\u3000Lee", "U+3000 (ideographic space) is a space"),
    ("Ann\tLee", "U+0009 (unnamed) is a control character"),
    ("Ann\u0007", "U+0007 (unnamed) is a control character"),
    ("Ann\u200bLee", "U+200B (zero width space) is an invisible character"),
    ("Ann\u202eLee", "U+202E (right-to-left override) is an invisible character"),
    ("Ann\u00adLee", "U+00AD (soft hyphen) is an invisible character"),
    ("\u3164\u3164\u3164", "U+3164 (hangul filler) is an invisible character"),
    ("Ann\ufe0f", "U+FE0F (variation selector-16) is an invisible character"),
    ("\u0301abc", "U+0301 (combining acute accent) is a combining mark that follows no "
                  "letter"),
    ("a\u0301\u0301\u0301\u0301\u0301bc", "a letter carries at most 3 combining marks"),
    ("ann!", "U+0021 (exclamation mark) is none of them"),
    ("🀄ann", "U+1F004 (mahjong tile red dragon) is none of them"),
    ("ab", "this one has 2 characters (at least 3; a wide character, as in 张三, counts "
           "as two)"),
    ("张", "this one has 1 character (at least 3; a wide character, as in 张三, counts "
           "as two)"),
    ("ﬀ", "this one has 2 characters (at least 3; a wide character, as in 张三, counts "
          "as two)"),
    ("a" * 25, "this one has 25 characters (at most 24)"),
    ("张" * 25, "this one has 25 characters (at most 24)"),
])
def test_refused_account_names_name_the_problem(client: TestClient, name: str,
                                                problem: str) -> None:
    r = sign_up(client, name)
    assert r.status_code == 422, r.text
    assert r.json()["error"] == "an account name is 3-24 letters, digits, '_', '-' or '.': " \
        + problem
    assert client.get("/api/me").json() == {"account": None}
    # such a name names no account: a profile 404, a sign-in 401
    assert client.get("/api/accounts/" + quote(name)).status_code == 404
    assert sign_in(client, name).status_code == 401


# ---------------------------------------------------------------- sessions


def as_cookie(client: TestClient, cookie: str | None) -> TestClient:
    """``client`` with only this session cookie (None: none), as another device (one app
    runs under one TestClient at a time)."""
    client.cookies.clear()
    if cookie is not None:
        client.cookies.set("tingpai_session", cookie, domain="testserver.local")
    return client


def test_signing_out_revokes_the_cookie_and_every_copy_of_it(any_db: str) -> None:
    with TestClient(create_app(Settings(database_url=any_db))) as client:
        assert sign_up(as_cookie(client, None), "Ann").status_code == 201
        phone = client.cookies["tingpai_session"]
        assert sign_in(as_cookie(client, None), "Ann").status_code == 200
        laptop = client.cookies["tingpai_session"]
        assert as_cookie(client, phone).get("/api/me").json()["account"]["name"] == "Ann"
        assert as_cookie(client, phone).delete("/api/session").json() == {"account": None}
        # the signed-out cookie (and so any copy of it) is a guest's now
        assert as_cookie(client, phone).get("/api/me").json() == {"account": None}
        made = create_table(as_cookie(client, phone), "hu-2p", BOTS_2P)
        seat = client.get(f"/api/tables/{made['table']}").json()["seats"][0]
        assert seat["account"] is None and seat["name"] == "Guest"
        assert as_cookie(client, phone).post(f"/api/tables/{made['table']}/seats/0"
                                             ).status_code == 409
        # signing out on the phone leaves the laptop signed in
        assert as_cookie(client, laptop).get("/api/me").json()["account"]["name"] == "Ann"
        # signing in again replaces the cookie's session: the one before ends
        assert sign_in(as_cookie(client, laptop), "Ann").status_code == 200
        again = client.cookies["tingpai_session"]
        assert again != laptop
        assert as_cookie(client, laptop).get("/api/me").json() == {"account": None}
        assert as_cookie(client, again).get("/api/me").json()["account"]["name"] == "Ann"
        # a guest signing out is answered the same
        assert as_cookie(client, None).delete("/api/session").json() == {"account": None}
        assert as_cookie(client, phone).delete("/api/session").json() == {"account": None}


def test_a_cookie_signed_before_sessions_were_stored_is_a_guests(tmp_path: Any) -> None:
    """A cookie of the signed ``{"account": id}`` form (before revision 0004) names no
    stored session: it cannot be revoked, so it no longer signs anyone in."""
    app = create_app(Settings(database_url=f"sqlite:///{tmp_path / 'db.sqlite3'}",
                              secret_key="the key"))
    with TestClient(app) as client:
        assert sign_up(client, "Ann").status_code == 201
        account = client.cookies["tingpai_session"]
        assert account
        payload = base64.b64encode(json.dumps({"account": 1}).encode())
        old = TimestampSigner("the key").sign(payload).decode()
        client.cookies.clear()
        client.cookies.set("tingpai_session", old)
        assert client.get("/api/me").json() == {"account": None}


def test_a_database_of_the_previous_schema_upgrades_keeping_every_row(any_db: str) -> None:
    """Revisions 0003 (a wider case-folded name key) and 0004 (stored sessions) upgrade a
    database holding accounts and a game in progress without losing a row: the account
    signs in, the game resumes where it was."""
    app = create_app(Settings(database_url=any_db))
    with TestClient(app) as client:
        assert sign_up(client, "Ann").status_code == 201
        made = create_table(client, "hu-2p", BOTS_2P)
        with client.websocket_connect(f"/ws/tables/{made['table']}?token={made['token']}"
                                      ) as ws:
            view = ws.receive_json()
            discard = next(a for a in view["legal"] if a["do"] == "discard")
            ws.send_json({"type": "act", "seq": view["seq"], "action": discard})
            latest = [m for m in sync(ws) if m["type"] == "view"][-1]
    storage = Storage(any_db)
    try:
        storage.downgrade("0002")
        with storage.engine.connect() as conn:
            assert "sessions" not in inspect(conn).get_table_names()
            counts = {name: conn.execute(text(f"SELECT count(*) FROM {name}")).scalar()
                      for name in ("accounts", "game_tables", "seats", "hands", "actions")}
        assert counts["accounts"] == 1 and counts["actions"] >= 1
    finally:
        storage.close()
    with TestClient(create_app(Settings(database_url=any_db))) as client:
        storage = client.app.state.storage  # type: ignore[attr-defined]
        with storage.engine.connect() as conn:
            assert "sessions" in inspect(conn).get_table_names()
            for name, count in counts.items():
                assert conn.execute(text(f"SELECT count(*) FROM {name}")).scalar() == count
        assert sign_in(client, "ANN").json()["account"]["name"] == "Ann"
        assert sign_up(client, "ann").status_code == 409
        with client.websocket_connect(f"/ws/tables/{made['table']}?token={made['token']}"
                                      ) as ws:
            again = ws.receive_json()
        assert again["seq"] == latest["seq"] and again["view"] == latest["view"]
        assert again["legal"] == latest["legal"]


# ---------------------------------------------------------------- the timer


def test_a_whole_number_timer_is_echoed_as_given(db_url: str) -> None:
    with TestClient(create_app(Settings(database_url=db_url))) as client:
        whole = create_table(client, "hu-2p", BOTS_2P, timer=20)
        half = create_table(client, "hu-2p", BOTS_2P, timer=2.5)
        r = client.get(f"/api/tables/{whole['table']}")
        assert r.json()["timer"] == 20 and '"timer":20,' in r.text
        assert client.get(f"/api/tables/{half['table']}").json()["timer"] == 2.5
        with client.websocket_connect(f"/ws/tables/{whole['table']}") as ws:
            assert '"timer":20,' in ws.receive_text()
        lobby = client.get("/api/tables")
        assert '"timer":20.0' not in lobby.text and '"timer":20,' in lobby.text
    # stored as a float, it is still echoed whole after a restart
    with TestClient(create_app(Settings(database_url=db_url))) as client:
        r = client.get(f"/api/tables/{whole['table']}")
        assert '"timer":20,' in r.text
        assert client.get(f"/api/tables/{half['table']}").json()["timer"] == 2.5


# ---------------------------------------------------------------- spectators


def test_a_table_takes_a_limited_number_of_spectators(db_url: str) -> None:
    app = create_app(Settings(database_url=db_url, max_spectators=2))
    with TestClient(app) as client:
        made = create_table(client, "hu-2p", ["human", "human"])
        table = made["table"]
        watch = f"/ws/tables/{table}"
        with at_the_limit(client, watch, 2, "this table has as many spectators as it takes "
                                            "(2); try again later"):
            assert client.get(f"/api/tables/{table}").json()["spectators"] == 2
            # seats are not spectators: the creator and a new player still connect
            other = client.post(f"/api/tables/{table}/seats/1").json()["token"]
            with client.websocket_connect(f"{watch}?token={made['token']}") as seat, \
                    client.websocket_connect(f"{watch}?token={other}") as seat1:
                assert seat.receive_json()["type"] == "view"
                assert seat1.receive_json()["type"] == "view"
        # when spectators leave, others may watch again
        with client.websocket_connect(watch) as later:
            assert later.receive_json()["type"] == "view"
            assert [m["type"] for m in sync(later)] == []


def test_a_session_unused_for_30_days_has_expired(db_url: str) -> None:
    """A stored session lasts while it is used (as the cookie, renewed with every answer,
    does): one unused for 30 days is a guest's, one used within them goes on."""
    with TestClient(create_app(Settings(database_url=db_url))) as client:
        assert sign_up(client, "Ann").status_code == 201
        storage = client.app.state.storage  # type: ignore[attr-defined]

        def age(days: float) -> None:
            then = datetime.now(UTC) - timedelta(days=days)
            storage.run(lambda s: s.execute(update(SessionRow).values(seen_at=then)))

        age(29)
        assert client.get("/api/me").json()["account"]["name"] == "Ann"
        seen = storage.run(lambda s: s.scalars(select(SessionRow.seen_at)).one())
        assert seen > datetime.now(UTC) - timedelta(minutes=5)  # its use was noted
        age(31)
        assert client.get("/api/me").json() == {"account": None}
        assert "tingpai_session" not in client.cookies  # the answer dropped the cookie
        # the next sign-in clears expired sessions away
        assert sign_in(client, "Ann").status_code == 200
        assert storage.run(lambda s: len(s.scalars(select(SessionRow)).all())) == 1


def test_sessions_and_their_revocation_survive_a_restart(db_url: str) -> None:
    """Stored sessions are kept like everything else: a restarted server still knows who
    is signed in, and a cookie signed out before the restart stays signed out."""
    with TestClient(create_app(Settings(database_url=db_url))) as client:
        assert sign_up(as_cookie(client, None), "Ann").status_code == 201
        kept = client.cookies["tingpai_session"]
        assert sign_in(as_cookie(client, None), "Ann").status_code == 200
        ended = client.cookies["tingpai_session"]
        assert as_cookie(client, ended).delete("/api/session").status_code == 200
    with TestClient(create_app(Settings(database_url=db_url))) as client:
        assert as_cookie(client, kept).get("/api/me").json()["account"]["name"] == "Ann"
        assert as_cookie(client, ended).get("/api/me").json() == {"account": None}

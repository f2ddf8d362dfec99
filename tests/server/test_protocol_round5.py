"""The server as its clients meet it (fifth audit): a game whose scores outgrow what a
record holds, a private table in someone else's profile, and what a request costs the
event loop that runs every table.

Regressions of what it found: a game whose scores pass +-10**15 (the most a hand can
start with and a record hold) ends there, with ``game_end`` and a record that replays,
instead of raising on the next deal (for ever, and at a table of bots in the background);
a profile lists a private table only to its own account; a hint is computed once per view
of the seat and in a worker thread, and so are the rebuilding of a table from storage and
the replay of a finished game, so no GET asked in a loop (none is rate-limited) stalls
every table and socket of the server.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from serverkit import ThreadServer, create_table, play_out, wait_finished

import tingpai
from tingpai.server import Settings, create_app, web_api

PASSWORD = "correct horse"
MAX_SCORE = 10**15


# ---------------------------------------------------------------- scores past 10**15

def test_a_game_whose_scores_pass_the_limit_ends_with_a_record(db_url: str) -> None:
    """``start_points`` may be 10**15, the most a hand can start with: the first payment
    took a seat past it, and dealing the next hand raised ValueError inside the ``ready``
    handler (the socket dropped without a word, the table stayed between hands for ever,
    every later ``ready`` raised again).  The game ends after that hand instead: its
    ``hand_end`` is followed by ``game_end`` and the record replays to the same scores,
    also when the server is started again."""
    with TestClient(create_app(Settings(database_url=db_url))) as client:
        made = create_table(client, "hu-2p", ["human", "bot:greedy"],
                            options={"start_points": MAX_SCORE}, timer=60)
        end = play_out(client, made["table"], made["token"])
        assert max(abs(s) for s in end["scores"]) > MAX_SCORE
        info = client.get(f"/api/tables/{made['table']}").json()
        assert info["status"] == "finished" and info["final_scores"] == end["scores"]
        record = client.get(f"/api/tables/{made['table']}/record").json()
        game = tingpai.replay(record)
        assert list(game.scores) == end["scores"] and len(game.hands) == info["hand"]
        with client.websocket_connect(f"/ws/tables/{made['table']}") as ws:
            kinds = [ws.receive_json()["type"] for _ in range(3)]
        assert kinds == ["view", "hand_end", "game_end"]
    with TestClient(create_app(Settings(database_url=db_url))) as client:
        again = client.get(f"/api/tables/{made['table']}").json()
        assert again["status"] == "finished" and again["final_scores"] == end["scores"]


def test_a_table_of_bots_whose_scores_pass_the_limit_finishes(client: TestClient) -> None:
    """The same at a table of bots, played in the background: its task failed at the
    deal and the table stayed ``playing`` in the lobby (and against the server's table
    limit) for ever, after every restart too."""
    made = create_table(client, "hu-2p", ["bot:greedy", "bot:greedy"],
                        options={"start_points": MAX_SCORE})
    info = wait_finished(client, made["table"])
    assert info["status"] == "finished", info["status"]
    assert max(abs(s) for s in info["final_scores"]) > MAX_SCORE
    record = client.get(info["record"]).json()
    assert list(tingpai.replay(record).scores) == info["final_scores"]
    assert client.get("/api/tables").json() == []


def test_a_table_stored_past_the_limit_between_hands_is_finished_on_start(
        db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A table an earlier server left between hands with a score past the limit (its
    deal failed, so nothing more was stored) is finished when it is rebuilt: connecting
    shows the hand's end and the game's, rather than a ``ready`` raising again."""
    from tingpai.server import tables

    with TestClient(create_app(Settings(database_url=db_url))) as client:
        made = create_table(client, "hu-2p", ["human", "bot:greedy"],
                            options={"start_points": MAX_SCORE})
        # as an earlier server did: the game is not over when a score passes the limit
        monkeypatch.setattr(tables.LiveTable, "game_over",
                            property(lambda self: self.match.is_over))
        stopped = play_out(client, made["table"], made["token"],
                           stop=lambda m: max(abs(s) for s in m["result"]["scores"]) > MAX_SCORE)
        scores = stopped["result"]["scores"]
        assert client.get(f"/api/tables/{made['table']}").json()["status"] == "playing"
        monkeypatch.undo()
    with TestClient(create_app(Settings(database_url=db_url))) as client:
        info = client.get(f"/api/tables/{made['table']}").json()
        assert info["status"] == "finished" and info["final_scores"] == scores
        with client.websocket_connect(
                f"/ws/tables/{made['table']}?token={made['token']}") as ws:
            kinds = [ws.receive_json()["type"] for _ in range(3)]
        assert kinds == ["view", "hand_end", "game_end"]
        record = client.get(f"/api/tables/{made['table']}/record").json()
        assert list(tingpai.replay(record).scores) == scores


# ---------------------------------------------------------------- private tables

def test_a_profile_shows_a_private_table_only_to_its_account(client: TestClient) -> None:
    """A private table is left out of the lobby (join by link), but ``GET
    /api/accounts/{name}`` listed it among the tables the account sits at to anyone, with
    its id: a stranger could watch it and take its open seats."""
    client.post("/api/accounts", json={"name": "Ann", "password": PASSWORD})
    seats = ["human", "human", "bot:greedy", "bot:greedy"]
    hidden = create_table(client, "hu-4p", seats, private=True)
    shown = create_table(client, "hu-4p", seats)
    own = client.get("/api/accounts/Ann").json()
    assert {t["table"] for t in own["tables"]} == {hidden["table"], shown["table"]}
    client.delete("/api/session")
    for viewer in (None, "Bob"):
        if viewer is not None:
            client.post("/api/accounts", json={"name": viewer, "password": PASSWORD})
        other = client.get("/api/accounts/ann").json()
        assert [t["table"] for t in other["tables"]] == [shown["table"]], viewer
    assert [t["id"] for t in client.get("/api/tables").json()] == [shown["table"]]


# ---------------------------------------------------------------- hints

def test_a_hint_is_computed_once_per_view_and_off_the_event_loop(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every hint request ran :func:`hint` again on the event loop's thread while holding
    the table's lock (up to 0.2 s of CPU for a Hong Kong hand): a seated player asking in
    a loop (a GET, not rate-limited) froze every table and socket of the server.  The
    same view's hint is computed once, in a worker thread."""
    calls: list[str] = []
    original = web_api.hint

    def counted(obs: Any) -> dict[str, Any]:
        try:
            asyncio.get_running_loop()
            calls.append("event loop")
        except RuntimeError:
            calls.append("worker thread")
        return original(obs)

    monkeypatch.setattr(web_api, "hint", counted)
    made = create_table(client, "hk-4p", ["human", "bot:greedy", "bot:greedy", "bot:greedy"])
    url = f"/api/tables/{made['table']}/hint"
    answers = [client.get(url, params={"token": made["token"]}) for _ in range(10)]
    assert all(a.status_code == 200 for a in answers)
    assert all(a.json() == answers[0].json() for a in answers)
    assert calls == ["worker thread"]
    # a new view of the seat: a new hint
    with client.websocket_connect(f"/ws/tables/{made['table']}?token={made['token']}") as ws:
        view = ws.receive_json()
        ws.send_json({"type": "act", "seq": view["seq"], "action": view["legal"][0]})
        after = ws.receive_json()
        assert after["type"] == "view" and after["seq"] == view["seq"] + 1
    fresh = client.get(url, params={"token": made["token"]}).json()
    assert fresh["seq"] >= after["seq"] and calls == ["worker thread"] * 2


def test_hint_requests_in_a_loop_do_not_stall_the_server(
        db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same over the network, with a hint that takes 50 ms (a Hong Kong hand's can
    take 200): 40 hint requests at once held up a ``/healthz`` asked meanwhile until
    every one of them had been computed in turn (2 s)."""
    original = web_api.hint

    def slow(obs: Any) -> dict[str, Any]:
        time.sleep(0.05)
        return original(obs)

    monkeypatch.setattr(web_api, "hint", slow)
    with ThreadServer(Settings(database_url=db_url)) as server:
        with httpx.Client(base_url=server.url) as http:
            made = create_table(http, "hk-4p",
                                ["human", "bot:greedy", "bot:greedy", "bot:greedy"])

        async def main() -> float:
            async with httpx.AsyncClient(base_url=server.url, timeout=60) as http:
                url = f"/api/tables/{made['table']}/hint"
                asking = [asyncio.create_task(http.get(url, params={"token": made["token"]}))
                          for _ in range(40)]
                await asyncio.sleep(0.1)
                start = time.monotonic()
                health = await http.get("/healthz")
                took = time.monotonic() - start
                assert health.status_code == 200
                answers = await asyncio.gather(*asking)
                assert all(a.status_code == 200 for a in answers)
                return took

        took = asyncio.run(main())
        assert took < 0.5, took


# ---------------------------------------------------------------- rebuilding a table

def _healthz_while_slow(db_url: str, monkeypatch: pytest.MonkeyPatch, module: Any,
                        name: str, path: str) -> tuple[float, dict[str, Any]]:
    """Finish a one-hand bot table, make ``module.name`` take 1 s, ask for ``path`` (ID
    filled in) on a fresh server and, meanwhile, ``/healthz``: (how long /healthz took,
    the slow answer's JSON)."""
    with TestClient(create_app(Settings(database_url=db_url))) as client:
        made = create_table(client, "hu-2p", ["bot:greedy", "bot:greedy"],
                            options={"max_hands": 1})
        assert wait_finished(client, made["table"])["status"] == "finished"
    original = getattr(module, name)

    def slow(*args: Any, **kwargs: Any) -> Any:
        time.sleep(1.0)
        return original(*args, **kwargs)

    monkeypatch.setattr(module, name, slow)
    with ThreadServer(Settings(database_url=db_url)) as server:

        async def main() -> tuple[float, dict[str, Any]]:
            async with httpx.AsyncClient(base_url=server.url, timeout=60) as http:
                asking = asyncio.create_task(http.get(path.format(made["table"])))
                await asyncio.sleep(0.2)
                start = time.monotonic()
                assert (await http.get("/healthz")).status_code == 200
                took = time.monotonic() - start
                answer = await asking
                assert answer.status_code == 200, answer.text
                return took, answer.json()

        return asyncio.run(main())


def test_rebuilding_a_table_from_storage_does_not_stall_the_server(
        db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A finished table nobody watches is dropped from memory at the next lobby request
    and rebuilt from storage at the next request for it, by replaying every stored action
    through the engine: about 1 s of CPU for a table of bots at its 200-hand limit, run
    on the event loop.  Anyone could alternate ``GET /api/tables`` and ``GET
    /api/tables/{ID}`` and freeze every table of the server.  The replay runs in a worker
    thread (here made to take 1 s): ``/healthz`` is answered meanwhile."""
    from tingpai.server import tables

    took, table = _healthz_while_slow(db_url, monkeypatch, tables, "build_table",
                                      "/api/tables/{}")
    assert table["status"] == "finished"
    assert took < 0.5, took


def test_replaying_a_finished_game_does_not_stall_the_server(
        db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """``GET /api/tables/{ID}/replay`` (and ``/replay/{n}``) played the stored record
    again on the event loop (as long as rebuilding the table, above) whenever it was not
    among the 32 last replayed; it runs in a worker thread (here made to take 1 s)."""
    took, game = _healthz_while_slow(db_url, monkeypatch, web_api, "replay",
                                     "/api/tables/{}/replay")
    assert len(game["hands"]) == 1
    assert took < 0.5, took

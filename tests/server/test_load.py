"""A small version of the load test (correctness, not timing): several tables of bot
clients at once through real uvicorn; no error, every game finished, and every action a
client saw answered is stored."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

import httpx
import pytest
from serverkit import ProcessServer, ThreadServer, create_table
from sqlalchemy import func, select

import tingpai
from tingpai.server import Settings
from tingpai.server.client import play_seat
from tingpai.server.storage import ActionRow, Storage

pytestmark = pytest.mark.slow


def test_many_tables_of_bot_clients_at_once(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    with ThreadServer(Settings(database_url=db)) as server, \
            httpx.Client(base_url=server.url) as http:
        tables = []
        for n in range(5):
            rules = ("hu-2p", "hu-3p")[n % 2]
            players = tingpai.find_ruleset(rules).options.players
            made = create_table(http, rules, ["human"] * players, options={"rounds": 1})
            tokens = [made["token"]] + [
                http.post(f"/api/tables/{made['table']}/seats/{s}").json()["token"]
                for s in range(1, players)]
            tables.append((made["table"], tokens))

        async def main() -> list[tingpai.server.client.SeatStats]:  # type: ignore[name-defined]
            return list(await asyncio.gather(*(
                play_seat(server.url, table, seat, ("greedy", "random")[seat % 2],
                          token=token, seed=seat)
                for table, tokens in tables for seat, token in enumerate(tokens))))

        results = asyncio.run(main())
        assert all(r.finished for r in results)
        assert [e for r in results for e in r.errors] == []
        assert all(r.answered == r.actions for r in results)
        storage = Storage(db)
        try:
            for table, _ in tables:
                sent = sum(r.actions for r in results if r.table == table)
                stored = storage.run(lambda s, t=table: s.scalar(
                    select(func.count()).select_from(ActionRow)
                    .where(ActionRow.table_id == t, ActionRow.auto.is_(False))))
                assert stored == sent
                record = http.get(f"/api/tables/{table}/record").json()
                final = http.get(f"/api/tables/{table}").json()["final_scores"]
                assert list(tingpai.replay(record).scores) == final
                seat_scores = {tuple(r.final_scores or ()) for r in results if r.table == table}
                assert seat_scores == {tuple(final)}
        finally:
            storage.close()


def test_the_bot_client_command_plays_a_seat(tmp_path: Path) -> None:
    server = ProcessServer(str(tmp_path / "db.sqlite3"), tmp_path)
    server.start()
    try:
        with httpx.Client(base_url=server.url) as http:
            made = create_table(http, "hu-2p", ["human", "human"], options={"rounds": 1})
        table = made["table"]
        cmd = [sys.executable, "-m", "tingpai.cli", "bot-client", "--url", server.url,
               "--table", table, "--bot", "greedy"]
        first = subprocess.Popen([*cmd, "--seat", "0", f"--token={made['token']}"],
                                 stdout=subprocess.PIPE, text=True)
        second = subprocess.run([*cmd, "--seat", "1", "--name", "Robo"], capture_output=True,
                                text=True, timeout=300)
        out, _ = first.communicate(timeout=300)
        assert second.returncode == 0 and first.returncode == 0, second.stderr
        import json

        summaries = [json.loads(out), json.loads(second.stdout)]
        assert all(s["finished"] and s["error_count"] == 0 for s in summaries)
        with httpx.Client(base_url=server.url) as http:
            info = http.get(f"/api/tables/{table}").json()
        assert info["status"] == "finished" and info["seats"][1]["name"] == "Robo"
        assert summaries[0]["final_scores"] == info["final_scores"]
        bad = subprocess.run([*cmd, "--seat", "1", "--bot", "nobody"], capture_output=True,
                             text=True, timeout=60)
        assert bad.returncode == 2 and "unknown bot" in bad.stderr
    finally:
        server.stop()


def test_serve_help_names_its_options() -> None:
    out = subprocess.run([sys.executable, "-m", "tingpai.cli", "serve", "--help"],
                         capture_output=True, text=True, timeout=60).stdout
    for word in ("--host", "--port", "--db", "TINGPAI_DATABASE_URL"):
        assert word in out


def test_serve_finds_its_database(monkeypatch: pytest.MonkeyPatch) -> None:
    from tingpai.cli.serve_cmd import database_url

    monkeypatch.delenv("TINGPAI_DATABASE_URL", raising=False)
    assert database_url(None) == "tingpai.sqlite3"
    monkeypatch.setenv("TINGPAI_DATABASE_URL", "postgresql://u@h/db")
    assert database_url(None) == "postgresql://u@h/db"
    assert database_url("other.sqlite3") == "other.sqlite3"

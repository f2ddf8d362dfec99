"""Helpers of the server tests: real uvicorn servers (in a thread, or as a process that
can be SIGKILLed), a throwaway PostgreSQL cluster, and table shortcuts."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import uvicorn
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

import tingpai
from tingpai.engine import Observation
from tingpai.engine.observation import action_json
from tingpai.server import Settings, create_app

PG_BIN = Path("/usr/lib/postgresql/15/bin")


def free_port() -> int:
    """A free TCP port on the loopback interface."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port

class ThreadServer:
    """A real uvicorn server on a loopback port, run in a thread of this process (so a
    test may look inside the app while clients talk to it over the network)."""

    def __init__(self, settings: Settings) -> None:
        self.app = create_app(settings)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        config = uvicorn.Config(self.app, host="127.0.0.1", port=self.port,
                                log_level="warning", ws_max_size=1 << 16, lifespan="on")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> ThreadServer:
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("uvicorn did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=30)

class ProcessServer:
    """``tingpai serve`` as a child process on a loopback port; :meth:`kill` sends
    SIGKILL, :meth:`start` starts it again on the same port and database."""

    def __init__(self, db: str, workdir: Path, log_level: str = "warning") -> None:
        self.db = db
        self.log_level = log_level
        self.workdir = workdir
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None
        self.log = workdir / "server.log"

    def start(self) -> None:
        """Start and wait until ``/healthz`` answers."""
        with self.log.open("ab") as out:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "tingpai.cli", "serve", "--port", str(self.port),
                 "--db", self.db, "--log-level", self.log_level],
                cwd=self.workdir, stdout=out, stderr=subprocess.STDOUT,
            )
        deadline = time.monotonic() + 60
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {self.log.read_text()[-2000:]}")
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{self.url}/healthz", timeout=1).status_code == 200:
                    return
            if time.monotonic() > deadline:
                raise RuntimeError("server did not start")
            time.sleep(0.05)

    def kill(self) -> None:
        """SIGKILL, and wait for the process to be gone."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(timeout=30)
        self.proc = None

    def stop(self) -> None:
        """SIGTERM (an orderly stop)."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.kill()
        self.proc = None

class Postgres:
    """A throwaway PostgreSQL cluster."""

    def __init__(self) -> None:
        self.dir = Path(tempfile.mkdtemp(prefix="tingpai-pg-"))
        self.data = self.dir / "data"
        self.port = free_port()
        self.as_root = os.geteuid() == 0
        self.databases = 0

    def _run(self, *args: str) -> None:
        cmd = list(args)
        if self.as_root:
            cmd = ["runuser", "-u", "postgres", "--", *cmd]
        subprocess.run(cmd, check=True, capture_output=True, timeout=120)

    def start(self) -> None:
        if self.as_root:
            shutil.chown(self.dir, "postgres", "postgres")
        self._run(str(PG_BIN / "initdb"), "-D", str(self.data), "-U", "postgres",
                  "--auth=trust", "-E", "UTF8", "--no-sync")
        self._run(str(PG_BIN / "pg_ctl"), "-D", str(self.data), "-l", str(self.dir / "log"),
                  "-w", "-o", f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1 "
                  "-c fsync=off", "start")

    def stop(self) -> None:
        with contextlib.suppress(Exception):
            self._run(str(PG_BIN / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop")
        shutil.rmtree(self.dir, ignore_errors=True)

    def new_database(self) -> str:
        """A new empty database; its SQLAlchemy URL."""
        import psycopg

        self.databases += 1
        name = f"tingpai_{self.databases}"
        with psycopg.connect(f"host=127.0.0.1 port={self.port} user=postgres dbname=postgres",
                             autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{name}"

def sync(ws: Any) -> list[dict[str, Any]]:
    """Every message sent to ``ws`` before the answer to a ``ping`` sent now."""
    ws.send_json({"type": "ping"})
    out: list[dict[str, Any]] = []
    while True:
        message: dict[str, Any] = ws.receive_json()
        if message["type"] == "pong":
            return out
        out.append(message)


def create_table(c: TestClient | httpx.Client, rules: str, seats: list[str],
                 **extra: Any) -> dict[str, Any]:
    """POST /api/tables; the answer (asserting 201)."""
    r = c.post("/api/tables", json={"rules": rules, "seats": seats, **extra})
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


async def play_and_log(url: str, table: str, token: str | None, log: list[dict[str, Any]],
                       bot: str = "greedy", limit: float = 600) -> None:
    """Play a seat with a bot (or, without a token, watch) through a real websocket until
    ``game_end``, appending every message received to ``log``."""
    import asyncio
    import json
    import random

    from websockets.asyncio.client import connect

    from tingpai import find_bot
    from tingpai.engine import Observation
    from tingpai.engine.observation import action_json
    from tingpai.server.client import ws_url

    player = find_bot(bot, random.Random(1))
    address = ws_url(url, table, token) if token else ws_url(url, table, "x").split("?")[0]
    async with connect(address, max_size=1 << 22) as ws:
        while True:
            message = json.loads(await asyncio.wait_for(ws.recv(), limit))
            log.append(message)
            if message["type"] == "view" and message["legal"]:
                action = player.act(Observation.from_json(message["view"]))
                await ws.send(json.dumps({"type": "act", "seq": message["seq"],
                                          "action": action_json(action)}))
            elif message["type"] == "hand_end" and token:
                await ws.send('{"type": "ready"}')
            elif message["type"] == "game_end":
                return


def wait_finished(client: TestClient | httpx.Client, table: str,
                  limit: float = 120) -> dict[str, Any]:
    """The table's description once it is finished (or when ``limit`` seconds ran out)."""
    deadline = time.monotonic() + limit
    while True:
        info: dict[str, Any] = client.get(f"/api/tables/{table}").json()
        if info["status"] == "finished" or time.monotonic() > deadline:
            return info
        time.sleep(0.05)


@contextlib.contextmanager
def at_the_limit(client: TestClient, path: str, limit: int,
                 message: str) -> Iterator[list[Any]]:
    """Open ``limit`` websockets to ``path`` (each sent a ``view``), check that one more
    is sent ``message`` as an ``error`` and closed with code 4503, and yield the open ones
    (closed on leaving)."""
    with contextlib.ExitStack() as stack:
        opened = [stack.enter_context(client.websocket_connect(path)) for _ in range(limit)]
        for socket in opened:
            assert socket.receive_json()["type"] == "view"
        with client.websocket_connect(path) as refused:
            assert refused.receive_json() == {"type": "error", "error": message}
            try:
                refused.receive_json()
            except WebSocketDisconnect as closed:
                assert closed.code == 4503
            else:
                raise AssertionError(f"{path} stayed open past the limit")
        yield opened


def play_out(client: TestClient, table: str, token: str,
             stop: Callable[[dict[str, Any]], bool] | None = None) -> dict[str, Any]:
    """Play a seat greedily to the game's end; the ``game_end`` message (or the first
    ``hand_end`` message that ``stop`` accepts, without sending ``ready`` for it)."""
    bot = tingpai.find_bot("greedy")
    with client.websocket_connect(f"/ws/tables/{table}?token={token}") as ws:
        while True:
            message = ws.receive_json()
            if message["type"] == "view" and message["legal"]:
                action = bot.act(Observation.from_json(message["view"]))
                ws.send_json({"type": "act", "seq": message["seq"],
                              "action": action_json(action)})
            elif message["type"] == "hand_end":
                if stop is not None and stop(message):
                    return message
                ws.send_json({"type": "ready"})
            elif message["type"] == "game_end":
                end: dict[str, Any] = message
                return end

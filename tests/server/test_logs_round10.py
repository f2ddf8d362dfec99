"""A seat's token never reaches the server's log: uvicorn logs every accepted websocket
and every request with its query string, where the token rides, so anyone reading the
log could take the seat."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import httpx
import pytest
import websockets
from serverkit import ProcessServer

from tingpai.server import create_app
from tingpai.server.logs import LOGGERS, TokenFilter

pytestmark = pytest.mark.slow


def test_tokens_are_hidden_in_the_real_servers_log(tmp_path: Path) -> None:
    server = ProcessServer(f"sqlite:///{tmp_path / 'log.sqlite3'}", tmp_path, log_level="info")
    server.start()
    try:
        made = httpx.post(f"{server.url}/api/tables", json={
            "rules": "hu-4p", "seats": ["human", "bot:greedy", "bot:greedy", "bot:greedy"]},
            timeout=10).json()
        token, table = made["token"], made["table"]
        hint = httpx.get(f"{server.url}/api/tables/{table}/hint", params={"token": token},
                         timeout=10)
        assert hint.status_code == 200

        async def watch() -> None:
            address = f"ws://127.0.0.1:{server.port}/ws/tables/{table}?token={token}"
            async with websockets.connect(address) as ws:
                await ws.recv()

        asyncio.run(watch())
    finally:
        server.stop()
    log = server.log.read_text()
    assert f"/ws/tables/{table}?token=…" in log  # the websocket was logged ...
    assert f"/api/tables/{table}/hint?token=…" in log  # ... and the hint request
    assert token not in log


def test_the_filter_is_installed_once_by_the_app(tmp_path: Path) -> None:
    create_app(f"sqlite:///{tmp_path / 'a.sqlite3'}")
    create_app(f"sqlite:///{tmp_path / 'b.sqlite3'}")
    for name in LOGGERS:
        filters = [f for f in logging.getLogger(name).filters if isinstance(f, TokenFilter)]
        assert len(filters) == 1, name
    record = logging.LogRecord("uvicorn.error", logging.INFO, __file__, 1,
                               '%s - "WebSocket %s" [accepted]',
                               ("127.0.0.1:1", "/ws/tables/x?token=abc-DEF_1"), None)
    assert TokenFilter().filter(record)
    assert record.getMessage() == '127.0.0.1:1 - "WebSocket /ws/tables/x?token=…" [accepted]'

"""``tingpai bot-client`` against what trying again cannot mend: a token that holds no seat
(close code 4403), an unknown table (4404), a bad URL and a port nobody listens on each end
it with one ``error:`` line on stderr and status 2, no traceback and no endless retrying.
The server is a real uvicorn on loopback; the command runs as a subprocess, so a client that
retried for ever would fail the test by its timeout."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import time
from collections.abc import Iterator

import httpx
import pytest
from serverkit import ThreadServer, create_table, free_port

from tingpai.server import Settings
from tingpai.server.client import ClientError, play_seat

pytestmark = pytest.mark.slow


@pytest.fixture
def server(db_url: str) -> Iterator[ThreadServer]:
    with ThreadServer(Settings(database_url=db_url)) as running:
        yield running


@pytest.fixture
def table(server: ThreadServer) -> dict[str, str]:
    """A two-seat table with seat 1 open: ``{"table", "token"}`` (seat 0's token)."""
    with httpx.Client(base_url=server.url) as http:
        made = create_table(http, "hu-2p", ["human", "human"], options={"rounds": 1})
    return {"table": made["table"], "token": made["token"]}


def bot_client(*args: str, timeout: float = 60) -> tuple[subprocess.CompletedProcess[str], float]:
    """Run ``tingpai bot-client`` with ``args``; its result and how long it took."""
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "tingpai.cli", "bot-client", *args],
                          capture_output=True, text=True, timeout=timeout)
    return done, time.monotonic() - started


def one_error_line(done: subprocess.CompletedProcess[str]) -> str:
    """The only line of stderr, checked to be an ``error:`` line and no traceback; stdout
    is empty (no summary)."""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), done.stderr
    assert "Traceback" not in done.stderr and done.stdout == ""
    return lines[0]


def test_a_token_that_holds_no_seat_is_final(server: ThreadServer,
                                             table: dict[str, str]) -> None:
    done, took = bot_client("--url", server.url, "--table", table["table"], "--seat", "0",
                            "--token", "wrong")
    assert done.returncode == 2
    line = one_error_line(done)
    assert "token holds no seat" in line and "4403" in line and table["table"] in line
    assert took < 20
    # The table is untouched: seat 1 still open, nobody connected.
    with httpx.Client(base_url=server.url) as http:
        info = http.get(f"/api/tables/{table['table']}").json()
    assert info["open_seats"] == [1] and info["status"] == "waiting"


def test_an_unknown_table_is_final(server: ThreadServer, table: dict[str, str]) -> None:
    # With a token: the websocket is closed with 4404.
    done, took = bot_client("--url", server.url, "--table", "nosuchtable", "--seat", "0",
                            "--token", table["token"])
    assert done.returncode == 2 and took < 20
    line = one_error_line(done)
    assert "nosuchtable" in line and "4404" in line
    # Without one: taking the seat is refused with 404.
    done, took = bot_client("--url", server.url, "--table", "nosuchtable", "--seat", "1")
    assert done.returncode == 2 and took < 20
    line = one_error_line(done)
    assert "nosuchtable" in line and "404" in line and "no table" in line


def test_a_seat_that_cannot_be_taken_is_final(server: ThreadServer,
                                              table: dict[str, str]) -> None:
    done, _ = bot_client("--url", server.url, "--table", table["table"], "--seat", "0")
    assert done.returncode == 2
    line = one_error_line(done)
    assert "seat 0" in line and "409" in line


@pytest.mark.parametrize("url", ["notaurl", "ftp://127.0.0.1:21", "http://", "http://x:99999"])
@pytest.mark.parametrize("token", [None, "t"])
def test_a_bad_url_is_named(url: str, token: str | None) -> None:
    args = ["--url", url, "--table", "t", "--seat", "1"] + (["--token", token] if token else [])
    done, took = bot_client(*args)
    assert done.returncode == 2 and took < 20
    line = one_error_line(done)
    assert repr(url) in line and "not a server URL" in line


def test_a_refused_port_is_tried_briefly_then_named() -> None:
    url = f"http://127.0.0.1:{free_port()}"
    runs = [subprocess.Popen([sys.executable, "-m", "tingpai.cli", "bot-client", "--url", url,
                              "--table", "t", "--seat", "1", *extra],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            for extra in ([], ["--token", "t"])]
    for run in runs:
        out, err = run.communicate(timeout=60)
        done = subprocess.CompletedProcess(run.args, run.returncode, out, err)
        assert done.returncode == 2
        line = one_error_line(done)
        assert url in line and "connection refused" in line


def test_play_seat_raises_client_error_for_a_wrong_token(server: ThreadServer,
                                                         table: dict[str, str]) -> None:
    async def main() -> None:
        with pytest.raises(ClientError, match="4403"):
            await asyncio.wait_for(play_seat(server.url, table["table"], 0, "greedy",
                                             token="wrong"), 20)

    asyncio.run(main())


def test_play_seat_waits_for_a_server_that_is_starting(db_url: str) -> None:
    """Before the first connection, a refused one is tried again for ``connect_for``
    seconds: a server that comes up in that time is played on."""
    settings = Settings(database_url=db_url)
    late = ThreadServer(settings)

    async def main() -> None:
        async def start_later() -> None:
            await asyncio.sleep(1.0)
            await asyncio.to_thread(late.__enter__)

        starting = asyncio.create_task(start_later())
        with pytest.raises(ClientError, match="4404"):
            # The table does not exist: reaching the server at all is what is tested, and
            # the 4404 that follows is final.
            await asyncio.wait_for(play_seat(late.url, "nosuchtable", 0, "greedy",
                                             token="t", connect_for=30), 40)
        await starting

    try:
        asyncio.run(main())
    finally:
        late.__exit__()


def test_a_full_seat_is_tried_again_slowly(db_url: str) -> None:
    """A seat with as many connections as it takes (close code 4503) was tried again five
    times a second, each try refused with an error, for as long as the client reconnects;
    it is tried every ``FULL_PAUSE`` seconds, and the bot plays once there is room."""
    from websockets.asyncio.client import connect

    from tingpai.server.client import FULL_PAUSE, ws_url

    with ThreadServer(Settings(database_url=db_url, max_seat_connections=1)) as server:
        with httpx.Client(base_url=server.url) as http:
            made = create_table(http, "hu-2p", ["human", "bot:greedy"],
                                options={"max_hands": 1})

        async def main() -> tuple[int, list[str]]:
            url = ws_url(server.url, made["table"], made["token"])
            async with connect(url) as holder:
                await holder.recv()
                playing = asyncio.create_task(play_seat(
                    server.url, made["table"], 0, "greedy", token=made["token"],
                    reconnect_for=60))
                await asyncio.sleep(3 * FULL_PAUSE + 1)
            stats = await asyncio.wait_for(playing, 120)
            assert stats.finished, stats.errors
            return stats.reconnects, stats.errors

        _, errors = asyncio.run(main())
    refusals = [e for e in errors if e.startswith("this seat has as many connections")]
    assert 3 <= len(refusals) <= 5, errors

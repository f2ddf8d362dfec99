"""A protocol client that plays a seat with a bot: ``tingpai bot-client`` and the load test.

It uses only the protocol (docs/protocol.md): take the seat over HTTP (or use a token it
was given), open the websocket, and on every view with legal actions rebuild the seat's
:class:`~tingpai.engine.Observation` from the view's JSON, ask the bot, and send the
action with the view's ``seq``; ``ready`` after each hand; stop at ``game_end``.  If the
connection drops (a server restart) it reconnects with the same token and goes on.

What trying again cannot mend raises :class:`ClientError` at once: a URL that is not a
server's, a table the server does not have (close code 4404), a token that holds no seat
(4403, also when the seat's token was replaced), a seat the server refuses.  A server that
cannot be reached before the first connection is tried for ``connect_for`` seconds (a
server still starting), then raises :class:`ClientError` too.
"""

from __future__ import annotations

import asyncio
import json
import random
import socket
import time
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

import httpx
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus, InvalidURI

from tingpai.bots import find_bot
from tingpai.engine import Observation
from tingpai.engine.observation import action_json

FINAL_CLOSE_CODES = {
    4403: "this token holds no seat at this table",
    4404: "no such table",
}
"""Websocket close codes that reconnecting cannot mend (docs/protocol.md), with what they
mean when the server sent no error message before closing."""

FULL_CLOSE_CODE = 4503
"""The close code of a table or seat that has as many connections as it takes: worth
trying again, but not at the pace of a dropped connection."""
FULL_PAUSE = 2.0
"""Seconds between tries while the server refuses the seat as full."""
RETRY_PAUSE = 0.2
"""Seconds between tries while the connection is lost."""


class ClientError(RuntimeError):
    """A failure the client gives up on at once (trying again would not mend it) or after
    ``connect_for`` seconds of not reaching the server; its message names the problem."""


def check_base_url(base: str) -> None:
    """Raise :class:`ClientError` unless ``base`` is an ``http://`` or ``https://`` server
    address with a host (and, if given, a valid port)."""
    try:
        parts = urlsplit(base)
        port_ok = parts.port is None or parts.port > 0
    except ValueError:
        port_ok = False
        parts = None
    if parts is None or parts.scheme not in ("http", "https") or not parts.hostname \
            or not port_ok:
        raise ClientError(f"{base!r} is not a server URL (expected http://HOST:PORT or "
                          "https://HOST)")


def describe(exc: BaseException) -> str:
    """A short reason for a failed connection, from the exception or what caused it."""
    seen: BaseException | None = exc
    while seen is not None:
        if isinstance(seen, ConnectionRefusedError):
            return "connection refused"
        if isinstance(seen, socket.gaierror):
            return f"cannot resolve the host name ({seen.strerror or seen})"
        if isinstance(seen, InvalidStatus):
            return f"the websocket handshake was answered with HTTP {seen.response.status_code}"
        if isinstance(seen, TimeoutError | httpx.TimeoutException):
            return "timed out"
        seen = seen.__cause__ or seen.__context__
    return str(exc) or type(exc).__name__


@dataclass
class SeatStats:
    """What one seat's client saw."""

    table: str
    seat: int
    actions: int = 0
    """Actions sent."""
    answered: int = 0
    """Actions followed by a view (the server applied them)."""
    views: int = 0
    errors: list[str] = field(default_factory=list)
    latencies: list[float] = field(default_factory=list)
    """Seconds from an action sent to the next view received."""
    reconnects: int = 0
    final_scores: list[int] | None = None
    finished: bool = False

    def to_json(self) -> dict[str, Any]:
        """A summary line for the command line."""
        return {
            "table": self.table, "seat": self.seat, "actions": self.actions,
            "answered": self.answered, "views": self.views, "errors": self.errors[:10],
            "error_count": len(self.errors), "reconnects": self.reconnects,
            "finished": self.finished, "final_scores": self.final_scores,
        }


def ws_url(base: str, table: str, token: str) -> str:
    """The websocket address of a table for a server's base URL."""
    base = base.rstrip("/")
    if base.startswith("https://"):
        base = "wss://" + base[len("https://"):]
    elif base.startswith("http://"):
        base = "ws://" + base[len("http://"):]
    return f"{base}/ws/tables/{table}?token={token}"


async def take_seat(base: str, table: str, seat: int, name: str | None = None,
                    http: httpx.AsyncClient | None = None, connect_for: float = 5.0) -> str:
    """Take an open seat; returns its token.

    Raises :class:`ClientError` (a RuntimeError) with the server's error, or when the server
    cannot be reached for ``connect_for`` seconds (a refused connection sent nothing, so it
    is tried again).
    """
    check_base_url(base)
    own = http is None
    client = http or httpx.AsyncClient(timeout=30)
    where = f"seat {seat} of table {table} at {base}"
    started = time.monotonic()
    try:
        body = {"name": name} if name else {}
        while True:
            try:
                r = await client.post(f"{base.rstrip('/')}/api/tables/{table}/seats/{seat}",
                                      json=body)
                break
            except httpx.ConnectError as exc:
                if time.monotonic() - started >= connect_for:
                    raise ClientError(f"cannot reach {base}: {describe(exc)} "
                                      f"(tried for {connect_for:g} s)") from None
                await asyncio.sleep(RETRY_PAUSE)
            except httpx.HTTPError as exc:
                raise ClientError(f"cannot take {where}: {describe(exc)}") from None
        try:
            answer = r.json()
        except ValueError:
            answer = None
        if r.status_code != 200:
            said = answer.get("error") if isinstance(answer, dict) else None
            raise ClientError(f"cannot take {where}: {said or r.text[:200] or 'no reason given'}"
                              f" (HTTP {r.status_code})")
        if not isinstance(answer, dict) or not isinstance(answer.get("token"), str):
            raise ClientError(f"cannot take {where}: the answer holds no token "
                              "(is this a tingpai server?)")
        token: str = answer["token"]
        return token
    finally:
        if own:
            await client.aclose()


async def play_seat(base: str, table: str, seat: int, bot: str, *, token: str | None = None,
                    name: str | None = None, seed: int = 0, stop_at: float | None = None,
                    reconnect_for: float = 30.0, connect_for: float = 5.0,
                    think: float = 0.0) -> SeatStats:
    """Play a seat to the game's end (or until ``time.monotonic()`` passes ``stop_at``).

    Reconnects for up to ``reconnect_for`` seconds when the connection drops (then returns
    with a ``connection lost`` error); before the first connection, a server that cannot be
    reached is tried for ``connect_for`` seconds, then :class:`ClientError` is raised.  A
    close the server means for good (4403, 4404), a bad URL or a refused seat raise
    :class:`ClientError` at once; a seat the server has as many connections of as it takes
    (4503) is tried again every :data:`FULL_PAUSE` seconds.  Waits ``think`` seconds
    before each action (a player's pace, for load tests).
    """
    check_base_url(base)
    player = find_bot(bot, random.Random(seed))
    if token is None:
        token = await take_seat(base, table, seat, name or f"{bot} bot",
                                connect_for=connect_for)
    stats = SeatStats(table, seat)
    url = ws_url(base, table, token)
    lost_since: float | None = None
    connected = False
    while not stats.finished:
        if stop_at is not None and time.monotonic() >= stop_at:
            break
        errors_before = len(stats.errors)
        try:
            async with connect(url, max_size=1 << 22, open_timeout=10, compression=None) as ws:
                if lost_since is not None and connected:
                    stats.reconnects += 1
                lost_since = None
                connected = True
                if await _play(ws, player, stats, stop_at, think):
                    break
        except InvalidURI as exc:
            raise ClientError(f"{base!r} is not a server URL: {exc}") from None
        # A handshake the server died in the middle of fails as InvalidMessage, a refused
        # one as InvalidStatus: both are a connection to try again.
        except (OSError, ConnectionClosed, InvalidHandshake, TimeoutError) as exc:
            if stats.finished:
                break
            code = exc.rcvd.code if isinstance(exc, ConnectionClosed) \
                and exc.rcvd is not None else None
            if code in FINAL_CLOSE_CODES:
                said = stats.errors[errors_before:]
                reason = said[-1] if said else FINAL_CLOSE_CODES[code]
                raise ClientError(f"table {table} at {base}: {reason} "
                                  f"(close code {code})") from None
            lost_since = lost_since or time.monotonic()
            limit = reconnect_for if connected else min(reconnect_for, connect_for)
            if time.monotonic() - lost_since > limit:
                if not connected:
                    raise ClientError(f"cannot reach {base}: {describe(exc)} "
                                      f"(tried for {limit:g} s)") from None
                stats.errors.append(f"connection lost: {exc}")
                break
            await asyncio.sleep(FULL_PAUSE if code == FULL_CLOSE_CODE else RETRY_PAUSE)
    return stats


async def _play(ws: Any, player: Any, stats: SeatStats, stop_at: float | None,
                think: float = 0.0) -> bool:
    """Play on one connection; True when done (game over or time up)."""
    sent_at: float | None = None
    last_view: dict[str, Any] | None = None

    async def act(view: dict[str, Any]) -> None:
        nonlocal sent_at
        obs = Observation.from_json(view["view"])
        action = player.act(obs)
        if think:
            await asyncio.sleep(think)
        await ws.send(json.dumps({"type": "act", "seq": view["seq"],
                                  "action": action_json(action)}))
        stats.actions += 1
        sent_at = time.monotonic()

    while True:
        timeout = None if stop_at is None else max(0.01, stop_at - time.monotonic())
        try:
            text = await asyncio.wait_for(ws.recv(), timeout)
        except TimeoutError:
            return True
        message = json.loads(text)
        kind = message.get("type")
        if kind == "view":
            stats.views += 1
            if sent_at is not None:
                stats.latencies.append(time.monotonic() - sent_at)
                stats.answered += 1
                sent_at = None
            last_view = message
            if message["legal"] and message["view"] is not None:
                await act(message)
        elif kind == "hand_end":
            await ws.send('{"type":"ready"}')
        elif kind == "game_end":
            stats.final_scores = message["scores"]
            stats.finished = True
            return True
        elif kind == "error":
            stats.errors.append(message["error"])
            sent_at = None
            if message["error"].startswith("too many messages") and last_view is not None:
                await asyncio.sleep(0.5)
                if last_view["legal"]:
                    await act(last_view)
        if stop_at is not None and time.monotonic() >= stop_at:
            return True

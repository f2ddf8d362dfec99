"""A protocol client that plays a seat with a bot: ``tingpai bot-client`` and the load test.

It uses only the protocol (docs/protocol.md): take the seat over HTTP (or use a token it
was given), open the websocket, and on every view with legal actions rebuild the seat's
:class:`~tingpai.engine.Observation` from the view's JSON, ask the bot, and send the
action with the view's ``seq``; ``ready`` after each hand; stop at ``game_end``.  If the
connection drops (a server restart) it reconnects with the same token and goes on.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from dataclasses import dataclass, field
from typing import Any

import httpx
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from tingpai.bots import find_bot
from tingpai.engine import Observation
from tingpai.engine.observation import action_json


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
                    http: httpx.AsyncClient | None = None) -> str:
    """Take an open seat; returns its token (raises RuntimeError with the server's
    error)."""
    own = http is None
    client = http or httpx.AsyncClient(timeout=30)
    try:
        body = {"name": name} if name else {}
        r = await client.post(f"{base.rstrip('/')}/api/tables/{table}/seats/{seat}", json=body)
        if r.status_code != 200:
            raise RuntimeError(f"taking seat {seat} of {table}: {r.status_code} {r.text}")
        token: str = r.json()["token"]
        return token
    finally:
        if own:
            await client.aclose()


async def play_seat(base: str, table: str, seat: int, bot: str, *, token: str | None = None,
                    name: str | None = None, seed: int = 0, stop_at: float | None = None,
                    reconnect_for: float = 30.0, think: float = 0.0) -> SeatStats:
    """Play a seat to the game's end (or until ``time.monotonic()`` passes ``stop_at``).

    Reconnects for up to ``reconnect_for`` seconds when the connection drops; waits
    ``think`` seconds before each action (a player's pace, for load tests).
    """
    player = find_bot(bot, random.Random(seed))
    if token is None:
        token = await take_seat(base, table, seat, name or f"{bot} bot")
    stats = SeatStats(table, seat)
    url = ws_url(base, table, token)
    lost_since: float | None = None
    while not stats.finished:
        if stop_at is not None and time.monotonic() >= stop_at:
            break
        try:
            async with connect(url, max_size=1 << 22, open_timeout=10, compression=None) as ws:
                if lost_since is not None:
                    stats.reconnects += 1
                    lost_since = None
                if await _play(ws, player, stats, stop_at, think):
                    break
        # A handshake the server died in the middle of fails as InvalidMessage, a refused
        # one as InvalidStatus: both are a connection to try again.
        except (OSError, ConnectionClosed, InvalidHandshake, TimeoutError) as exc:
            if stats.finished:
                break
            lost_since = lost_since or time.monotonic()
            if time.monotonic() - lost_since > reconnect_for:
                stats.errors.append(f"connection lost: {exc}")
                break
            await asyncio.sleep(0.2)
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

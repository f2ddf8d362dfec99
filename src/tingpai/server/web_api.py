"""What the browser client needs beyond the core protocol: its files, a seat's hint, the
summary of a finished hand, and the steps of a finished game for the replay viewer.

* ``GET /static/...``: the client's ES modules, CSS and tile faces (``server/web/``).
* ``GET /api/tables/{ID}/hint?token=T``: the hint for the token's seat now
  (:func:`tingpai.bots.hints.hint`: shanten, waits and their value, best discards with live
  counts, whether it can win, the sacred-discard warning).  Only the seat's own tiles and
  public information go in, so it tells the seat nothing it could not work out itself.
* ``GET /api/tables/{ID}/hands/{n}``: the end of hand ``n`` once it is over
  (:func:`tingpai.engine.summary.hand_summary`): winning hands, patterns, superseded ones,
  cap or limit, payments with their reasons, scores.  While the game is being played only
  the winners' and the ready seats' hands are shown; once it is finished, every hand.
* ``GET /api/tables/{ID}/replay``: a finished game's hands (from its stored record, played
  again by :func:`tingpai.replay`) and ``GET /api/tables/{ID}/replay/{n}`` every step of
  hand ``n`` with every seat's tiles (:func:`tingpai.engine.summary.hand_steps`) and its
  summary.  409 while the game is being played: the steps would show the hands.
"""

from __future__ import annotations

import asyncio
import json
from collections import OrderedDict
from functools import lru_cache
from importlib import resources
from typing import Any

from fastapi import FastAPI, HTTPException
from fastapi.staticfiles import StaticFiles

from tingpai.bots.hints import hint
from tingpai.engine import ReplayResult, replay
from tingpai.engine.errors import RecordError, ReplayError
from tingpai.engine.summary import hand_steps, hand_summary
from tingpai.server import accounts
from tingpai.server.storage import Storage, TableRow
from tingpai.server.tables import LiveTable, TableManager

MAX_HINTS = 1024
"""Seats whose latest hint is kept."""


def web_dir() -> str:
    """The folder of the client's files inside the installed package."""
    return str(resources.files("tingpai.server").joinpath("web"))


@lru_cache(maxsize=32)
def _replayed(table_id: str, record_text: str) -> ReplayResult:
    """A finished game's record played again (cached: a record never changes)."""
    return replay(json.loads(record_text))


def install(app: FastAPI, manager: TableManager, storage: Storage) -> None:
    """Add the client's files and endpoints to the app."""
    app.mount("/static", StaticFiles(directory=web_dir()), name="static")

    async def live(table_id: str) -> LiveTable:
        table = await manager.get(table_id)
        if table is None:
            raise HTTPException(404, f"no table {table_id!r}")
        return table

    hints: OrderedDict[tuple[str, int], tuple[str, asyncio.Future[dict[str, Any]]]] = \
        OrderedDict()
    """The latest hint of each seat, by the view it is of: a hint takes up to 0.2 s of CPU
    and a GET is not rate-limited, so each view's hint is computed once, in a worker
    thread (asking in a loop must not stall the event loop, and every table with it)."""

    @app.get("/api/tables/{table_id}/hint")
    async def seat_hint(table_id: str, token: str) -> dict[str, Any]:
        """The hint for the token's seat at this moment."""
        table = await live(table_id)
        seat = table.seat_of_token(accounts.token_hash(token))
        if seat is None:
            raise HTTPException(403, "this token holds no seat at this table")
        async with table.lock:  # the hand now, not one a change waiting to commit ends
            hand = table.match.hand
            if hand is None or hand.is_over:
                raise HTTPException(409, "no hand is being played")
            obs = hand.observe(seat)
            seq = table.seat_seq(seat)
        view = json.dumps(obs.to_json(), sort_keys=True)
        key = (table.id, seat)
        known = hints.get(key)
        if known is None or known[0] != view:
            known = view, asyncio.ensure_future(asyncio.to_thread(hint, obs))
            hints[key] = known
        hints.move_to_end(key)
        while len(hints) > MAX_HINTS:
            hints.popitem(last=False)
        return {"seq": seq, "hint": await asyncio.shield(known[1])}

    @app.get("/api/tables/{table_id}/hands/{number}")
    async def hand_end(table_id: str, number: int) -> dict[str, Any]:
        """The summary of a finished hand of this table."""
        table = await live(table_id)
        hands = table.match.hands
        if not 0 <= number < len(hands):
            raise HTTPException(404, f"hand {number} has not been dealt at this table")
        hand = hands[number]
        if not hand.is_over:
            raise HTTPException(409, f"hand {number} is still being played")
        summary = hand_summary(hand, reveal=table.status == "finished")
        summary["hand"] = number
        return summary

    async def finished(table_id: str) -> ReplayResult:
        row = await asyncio.to_thread(storage.run, lambda s: s.get(TableRow, table_id)) \
            if accounts.is_table_id(table_id) else None
        if row is None:
            raise HTTPException(404, f"no table {table_id!r}")
        if row.status != "finished" or row.record is None:
            raise HTTPException(409, "the game is not finished: its replay shows every hand")
        try:  # a long game takes a second to replay: not on the event loop
            return await asyncio.to_thread(_replayed, table_id,
                                           json.dumps(row.record, sort_keys=True))
        except (RecordError, ReplayError) as exc:  # a stored record that no longer replays
            raise HTTPException(500, f"the stored record does not replay: {exc}") from None

    @app.get("/api/tables/{table_id}/replay")
    async def game_replay(table_id: str) -> dict[str, Any]:
        """A finished game: its ruleset, seats and hands with their results."""
        result = await finished(table_id)
        table = await manager.get(table_id)
        match = result.match
        return {
            "table": table_id,
            "rules": match.ruleset.id,
            "ruleset_name": match.ruleset.name,
            "players": match.players,
            "seats": [s.public(i) for i, s in enumerate(table.seats)] if table else None,
            "hands": [
                {"hand": k, "round_wind": "ESWN"[h.round_wind - 27], "dealer": h.dealer,
                 "repeats": h.repeats, **result.hands[k].to_json(),
                 "scores": list(h.scores)}
                for k, h in enumerate(match.hands)
            ],
            "scores": list(result.scores),
            "net": list(result.game.net),
            "money": list(result.game.money),
        }

    @app.get("/api/tables/{table_id}/replay/{number}")
    async def hand_replay(table_id: str, number: int) -> dict[str, Any]:
        """Every step of one hand of a finished game, all hands visible, and its end."""
        result = await finished(table_id)
        hands = result.match.hands
        if not 0 <= number < len(hands):
            raise HTTPException(404, f"the game has no hand {number}")
        hand = hands[number]
        steps = await asyncio.to_thread(hand_steps, hand)
        summary = hand_summary(hand)
        summary["hand"] = number
        return {"hand": number, "steps": steps, "summary": summary}

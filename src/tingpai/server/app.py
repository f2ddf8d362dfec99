"""The FastAPI application: HTTP endpoints, the websocket protocol and their limits.

:func:`create_app` builds the app for a database URL; ``docs/protocol.md`` is the
protocol's full text.  The storage schema is created or upgraded (Alembic) when the app is
built, and every unfinished table is rebuilt from storage when it starts.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import secrets
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, MutableMapping
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import timedelta
from importlib import resources
from typing import Any

from fastapi import FastAPI, HTTPException, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from pydantic import ValidationError
from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.sessions import SessionMiddleware

from tingpai.bots import bot_names
from tingpai.rules import RuleError, find_ruleset, ruleset_ids, ruleset_spec
from tingpai.server import accounts, web_api
from tingpai.server.logs import redact_tokens
from tingpai.server.ratings import Rating
from tingpai.server.schemas import (
    CLIENT_MESSAGE,
    Account,
    Act,
    CreatedTable,
    CreateTable,
    Credentials,
    Me,
    Ping,
    TakenSeat,
    TakeSeat,
)
from tingpai.server.storage import (
    AccountRow,
    RatingRow,
    ResultRow,
    SeatRow,
    SessionRow,
    Storage,
    TableRow,
    utcnow,
)
from tingpai.server.tables import (
    Connection,
    LiveSeat,
    LiveTable,
    TableManager,
    TableUnavailable,
    error,
)

log = logging.getLogger("tingpai.server")

SESSION_SECONDS = 30 * 24 * 3600
"""How long a sign-in lasts unused: the session cookie's ``max_age`` (renewed with every
answer) and its stored row's (renewed hourly as it is used)."""
SESSION_SEEN_STEP = 3600
"""How stale a stored session's ``seen_at`` may get before a request renews it (so most
requests only read it)."""


@dataclass(frozen=True)
class Settings:
    """Limits and storage of a server (every limit per connection or per client)."""

    database_url: str
    max_message_bytes: int = 4096
    """Largest websocket message accepted (bigger ones get an error)."""
    message_rate: float = 500.0
    """Websocket messages per second a connection may send (a token bucket): far above a
    person's pace and above what a bot client playing one seat at full speed sends, so
    only a flood is refused..."""
    message_burst: int = 1000
    """...with this many at once."""
    http_rate: float = 20.0
    """HTTP POST/DELETE requests per second one client address may send..."""
    http_burst: int = 400
    """...with this many at once."""
    max_body_bytes: int = 65536
    """Largest HTTP request body."""
    max_tables: int = 1000
    """Unfinished tables the server holds at once."""
    unattended_seconds: float = 3600.0
    """An unfinished table without a timer (or still waiting for its players, timer or
    not) that nobody has been connected to for this long leaves memory and the lobby (it
    stays stored: the link or a seat's token opens it again as it was)."""
    bot_table_max_hands: int = 200
    """A table that can play itself out, without human seats or with a timer (whose
    timeouts play for absent people), ends after this many hands (its ``max_hands``
    option, unless that is smaller): seats that never win would otherwise play on for ever
    (a Hong Kong dealer repeats on every exhaustive draw)."""
    max_spectators: int = 100
    """Spectator websockets one table takes at once: each is sent every public view, so
    without a limit one client could make a table's every change cost without bound (a
    further spectator is sent an ``error`` and closed with code 4503)."""
    max_seat_connections: int = 16
    """Websockets one seat takes at once (a player's tabs and devices): each is sent every
    view of the seat, so without a limit one seat's token could make every change cost
    without bound (a further one is sent an ``error`` and closed with code 4503; a
    connection that dropped leaves at once, and within a minute when the network lost
    it)."""
    secret_key: str | None = None
    """Signs the session cookies; None: a key generated once and kept in the database."""


class TokenBucket:
    """``rate`` events per second with bursts of ``burst``."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.stamp = time.monotonic()

    def take(self) -> bool:
        """Spend one token if there is one."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


class LimitMiddleware:
    """HTTP limits: the body size (413) and the rate of POST/DELETE per client (429)."""

    def __init__(self, app: ASGIApp, settings: Settings) -> None:
        self.app = app
        self.settings = settings
        self.buckets: dict[str, TokenBucket] = {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if scope["method"] in ("POST", "DELETE", "PUT", "PATCH"):
            client = (scope.get("client") or ("?", 0))[0]
            bucket = self.buckets.get(client)
            if bucket is None:
                if len(self.buckets) > 10000:
                    self.buckets.clear()
                bucket = self.buckets[client] = TokenBucket(self.settings.http_rate,
                                                            self.settings.http_burst)
            if not bucket.take():
                await _plain(send, 429, "too many requests: slow down")
                return
        limit = self.settings.max_body_bytes
        for key, value in scope.get("headers", []):
            if key == b"content-length" and value.isdigit() and int(value) > limit:
                await _plain(send, 413, f"request body too large (at most {limit} bytes)")
                return
        if scope["method"] in ("POST", "DELETE", "PUT", "PATCH"):
            read = json_body_scope(scope)
            if read is None:
                await _plain(send, 422, "body: a request from a page of another site must "
                             "declare its JSON body (Content-Type: application/json)")
                return
            scope = read
        seen = 0

        async def limited() -> MutableMapping[str, Any]:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > limit:
                raise HTTPException(413, f"request body too large (at most {limit} bytes)")
            return message

        await self.app(scope, limited, send)


def json_body_scope(scope: Scope) -> Scope | None:
    """The scope of an HTTP request to ``/api/`` with its body declared JSON, whatever
    content type the client gave (none, ``text/plain``, a form's): every body the protocol
    takes is JSON, and FastAPI reads a body as JSON only when it is declared so, answering
    anything else with a 422 that does not say why.  So ``curl -d``, ``fetch`` without
    headers and ``urllib`` bodies are read as what they are; a body that is not JSON gets
    the 422 naming where its JSON breaks.  None for a body of another content type sent by
    a page of another site (see below), which is refused.

    >>> s = json_body_scope({"type": "http", "path": "/api/tables",
    ...                      "headers": [(b"content-type", b"text/plain;charset=UTF-8")]})
    >>> s["headers"]
    [(b'content-type', b'application/json')]
    >>> json_body_scope({"type": "http", "path": "/api/x", "headers": []})["headers"]
    [(b'content-type', b'application/json')]
    """
    if scope["type"] != "http" or not str(scope.get("path", "")).startswith("/api/"):
        return scope
    headers = [(k, v) for k, v in scope.get("headers", []) if k != b"content-type"]
    declared = [v for k, v in scope.get("headers", []) if k == b"content-type"]
    if len(declared) == 1:
        kind = declared[0].split(b";")[0].strip().lower()
        if kind == b"application/json" or (kind.startswith(b"application/")
                                           and kind.endswith(b"+json")):
            return scope
    if _cross_site(scope):
        # A page of another site can post a form (text/plain, form-encoded) without the
        # browser asking first; JSON it must declare, which the browser asks this server
        # about.  So only a JSON body is read from another site (no sign-in by a form).
        return None
    return {**scope, "headers": [*headers, (b"content-type", b"application/json")]}


def _cross_site(scope: Scope) -> bool:
    """Whether a browser sent the request from a page of another site: its ``Origin``
    names a host other than the request's ``Host`` (tools such as curl send no Origin).

    >>> _cross_site({"headers": [(b"origin", b"https://evil.example"), (b"host", b"a:80")]})
    True
    >>> _cross_site({"headers": [(b"origin", b"http://a:80"), (b"host", b"a:80")]})
    False
    """
    fields: dict[bytes, bytes] = dict(scope.get("headers", []))
    origin = fields.get(b"origin")
    if origin is None:
        return False
    return origin.split(b"://", 1)[-1].rstrip(b"/").lower() != fields.get(b"host", b"").lower()


async def _plain(send: Send, status: int, text: str) -> None:
    body = json.dumps({"error": text, "detail": text}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


def describe_rulesets() -> list[dict[str, Any]]:
    """``GET /api/rules``: every ruleset with its description, unit and limits, its settable
    options and patterns."""
    out = []
    for rid in ruleset_ids():
        spec = ruleset_spec(rid)
        defaults = spec.defaults
        options = [
            {"name": option.name, "doc": option.doc, "allowed": option.allowed_values(),
             "default": option.json_value(defaults)}
            for option in spec.options.values()
        ]
        out.append({
            "id": spec.id,
            "name": spec.name,
            "description": spec.description,
            "aliases": list(spec.aliases),
            "players": defaults.players,
            "unit": defaults.unit.value,
            "min_value": defaults.min_value,
            "max_value": defaults.max_value,
            "start_points": defaults.start_points,
            "options": options,
            "patterns": [
                {"id": p.id, "name": p.name, "chinese": p.chinese, "pinyin": p.pinyin,
                 "category": p.category, "value": p.value, "limit": bool(p.limit),
                 "description": p.description, "description_zh": p.description_zh}
                for p in spec.patterns
            ],
        })
    return out


def create_app(settings: Settings | str) -> FastAPI:
    """The server application for a database URL (or full :class:`Settings`); the schema
    is migrated to the newest version now."""
    if isinstance(settings, str):
        settings = Settings(database_url=settings)
    redact_tokens()
    storage = Storage(settings.database_url)
    storage.migrate()
    secret = settings.secret_key or storage.setting("session_key",
                                                    lambda: secrets.token_urlsafe(32))
    manager = TableManager(storage, max_tables=settings.max_tables,
                           unattended_seconds=settings.unattended_seconds,
                           max_spectators=settings.max_spectators,
                           max_seat_connections=settings.max_seat_connections)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await manager.start()
        try:
            yield
        finally:
            await manager.stop()
            storage.close()

    app = FastAPI(
        title="tingpai",
        version="1",
        summary="Mahjong tables over HTTP and websockets (docs/protocol.md).",
        lifespan=lifespan,
    )
    app.state.manager = manager
    app.state.storage = storage
    app.state.settings = settings
    app.add_middleware(SessionMiddleware, secret_key=secret, session_cookie="tingpai_session",
                       same_site="lax", max_age=SESSION_SECONDS)
    app.add_middleware(LimitMiddleware, settings=settings)

    # Starlette's class, so that its own errors (unknown path, wrong method, a body it
    # cannot parse) have the protocol's form too.
    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        if exc.status_code == 400:
            # FastAPI's answer to a body it cannot parse at all (bytes that are not UTF-8,
            # JSON nested too deeply): an invalid request, 422 as the protocol says
            return error_response(422, unreadable_body(exc), exc.detail, exc.headers)
        return error_response(exc.status_code, str(exc.detail), exc.detail, exc.headers)

    @app.exception_handler(TableUnavailable)
    async def unavailable(_request: Request, exc: TableUnavailable) -> JSONResponse:
        return error_response(409, str(exc), str(exc))

    @app.exception_handler(RequestValidationError)
    async def validation_error(_request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = exc.errors()
        text = "; ".join(validation_text(e) for e in errors)
        return error_response(422, text or "invalid request", errors)

    def run_db(work: Callable[[Session], Any]) -> Awaitable[Any]:
        return asyncio.to_thread(storage.run, work)

    async def signed_in(request: Request) -> tuple[int, str] | None:
        """The account whose stored session the request's cookie names (id and name), or
        None: a cookie of a signed-out (or expired, or pre-0004) session is a guest's."""
        account_id = request.session.get("account")
        sid = request.session.get("session")
        if not isinstance(account_id, int) or not isinstance(sid, str):
            if request.session:
                request.session.clear()
            return None
        row = await run_db(lambda s: session_account(s, sid, account_id))
        if row is None:
            request.session.clear()
            return None
        return row.id, row.name

    async def sign_in_as(request: Request, account_id: int) -> None:
        """Start a stored session for ``account_id`` and put it in the cookie, ending the
        session the cookie named before (if any)."""
        old = request.session.get("session")
        sid = await run_db(lambda s: open_session(s, account_id,
                                                  old if isinstance(old, str) else None))
        request.session.clear()
        request.session["account"] = account_id
        request.session["session"] = sid

    async def live(table_id: str) -> LiveTable:
        table = await manager.get(table_id)
        if table is None:
            raise HTTPException(404, f"no table {table_id!r}")
        return table

    def player_name(given: str | None, account: tuple[int, str] | None) -> str:
        if account is not None:
            return account[1]
        try:
            return accounts.guest_name(given)
        except ValueError as exc:
            raise HTTPException(422, str(exc)) from None

    # ------------------------------------------------------------------ pages

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    async def index() -> HTMLResponse:
        page = resources.files("tingpai.server").joinpath("web/index.html").read_text("utf-8")
        return HTMLResponse(page)

    @app.get("/healthz")
    async def healthz() -> dict[str, Any]:
        """200 while the server runs."""
        return {"ok": True, "tables": len(manager.tables)}

    # ------------------------------------------------------------------ rules and bots

    @app.get("/api/rules")
    async def rules_list() -> list[dict[str, Any]]:
        """Every ruleset: id, name, players, options (name, doc, default) and patterns."""
        return describe_rulesets()

    @app.get("/api/bots")
    async def bots_list() -> list[str]:
        """The bot levels a seat may have (``bot:LEVEL``), weakest first."""
        return list(bot_names())

    # ------------------------------------------------------------------ tables

    @app.post("/api/tables", status_code=201, response_model=CreatedTable)
    async def create_table(body: CreateTable, request: Request) -> CreatedTable:
        """Create a table; the creator holds seat 0 (other ``human`` seats are open)."""
        try:
            spec = ruleset_spec(body.rules)
        except RuleError as exc:
            raise HTTPException(422, str(exc)) from None
        bad_text = invalid_text(body.options, "options")
        if bad_text is not None:
            raise HTTPException(422, f"{bad_text}: not valid Unicode text (a lone surrogate)")
        table_option = body.options.get("payment_table")
        if isinstance(table_option, str) and table_option.lower().endswith((".json", ".toml")):
            # the ruleset's own message speaks of the command line; the names a ruleset
            # accepts (Hu: hu; Hong Kong: the fan tables or a rows object) are its to say
            raise HTTPException(
                422, "options: payment_table names a file, and the server reads no files: "
                "give a table's name (or, at a table that takes one, its rows inline as an "
                "object)")
        try:
            ruleset = find_ruleset(spec.id, **body.options)
        except (RuleError, ValueError, TypeError) as exc:
            raise HTTPException(422, f"options: {exc}") from None
        players = ruleset.options.players
        if len(body.seats) != players:
            raise HTTPException(422, f"{spec.id} seats {players} players: give {players} "
                                f"seats, not {len(body.seats)}")
        levels = bot_names()
        account = await signed_in(request)
        seats: list[LiveSeat] = []
        token: str | None = None
        for number, entry in enumerate(body.seats):
            if entry == "human":
                seat = LiveSeat(kind="human")
                if number == 0:
                    token = accounts.new_token()
                    seat.token_hash = accounts.token_hash(token)
                    seat.name = player_name(body.name, account)
                    if account is not None:
                        seat.account_id, seat.account = account
                seats.append(seat)
            elif entry.startswith("bot:") and entry[4:] in levels:
                seats.append(LiveSeat(kind="bot", bot=entry[4:], name=entry[4:]))
            else:
                raise HTTPException(422, f"seat {number}: {entry!r} is neither 'human' nor "
                                    f"'bot:LEVEL' (levels: {', '.join(levels)})")
        options = dict(body.options)
        if body.timer is not None or all(s.kind == "bot" for s in seats):
            cap = settings.bot_table_max_hands
            if ruleset.options.max_hands is None or ruleset.options.max_hands > cap:
                options["max_hands"] = cap
        row = TableRow(
            id=accounts.new_table_id(), rules=spec.id, options=options,
            seed=secrets.randbits(62), timer=body.timer, private=body.private,
            status="waiting", created_at=utcnow(), final_scores=None, record=None,
            finished_at=None,
        )
        try:
            await manager.create(row, seats)
        except OverflowError as exc:
            raise HTTPException(503, str(exc)) from None
        return CreatedTable(table=row.id, seat=0 if token else None, token=token)

    @app.post("/api/tables/{table_id}/seats/{seat}", response_model=TakenSeat)
    async def take_seat(table_id: str, seat: int, request: Request,
                        body: TakeSeat | None = None) -> TakenSeat:
        """Take an open seat (a signed-in account may take its own seat again for a new
        token)."""
        table = await live(table_id)
        account = await signed_in(request)
        name = player_name(body.name if body else None, account)
        try:
            token = await table.take_seat(seat, name, account[0] if account else None,
                                          account[1] if account else None)
        except LookupError as exc:
            raise HTTPException(404, str(exc)) from None
        except PermissionError as exc:
            raise HTTPException(409, str(exc)) from None
        return TakenSeat(seat=seat, token=token)

    @app.get("/api/tables")
    async def list_tables(
        status: str = Query("active", pattern="^(active|open|playing|finished)$"),
    ) -> list[dict[str, Any]]:
        """The lobby: public tables, newest first (``active``: not finished; ``open``: with
        open seats; ``playing``; ``finished``: the last 100 finished)."""
        manager.forget_finished()
        manager.forget_unattended()
        if status == "finished":
            finished: list[dict[str, Any]] = await run_db(read_finished_tables)
            return finished
        tables = [t for t in manager.tables.values()
                  if not t.private and t.status != "finished"]
        if status == "open":
            tables = [t for t in tables if any(s.is_open for s in t.seats)]
        elif status == "playing":
            tables = [t for t in tables if t.status == "playing"]
        tables.sort(key=lambda t: t.created_at, reverse=True)
        return [t.describe() for t in tables[:200]]

    @app.get("/api/tables/{table_id}")
    async def describe_table(table_id: str) -> dict[str, Any]:
        """One table: rules, options, seats (who, open, connected, ready), scores; public
        information only).  Read under the table's lock: what it shows is stored (a
        finished game's record is there to fetch)."""
        table = await live(table_id)
        async with table.lock:
            return table.describe()

    @app.get("/api/tables/{table_id}/record")
    async def table_record(table_id: str) -> Response:
        """The tingpai-record/1 of a finished game (409 while it is being played: the
        record holds the walls)."""
        row = await run_db(lambda s: s.get(TableRow, table_id)) if accounts.is_table_id(
            table_id) else None
        if row is None:
            raise HTTPException(404, f"no table {table_id!r}")
        if row.status != "finished" or row.record is None:
            raise HTTPException(409, "the game is not finished: its record holds the walls")
        return Response(
            json.dumps(row.record, indent=1), media_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="tingpai-{table_id}.json"'},
        )

    # ------------------------------------------------------------------ accounts

    @app.post("/api/accounts", status_code=201, response_model=Me)
    async def sign_up(body: Credentials, request: Request) -> Me:
        """Create an account and sign in."""
        name = accounts.normalize_account_name(body.name)
        problem = accounts.check_account_name(body.name) or accounts.check_password(
            body.password)
        if problem:
            raise HTTPException(422, problem)
        hashed = await asyncio.to_thread(accounts.hash_password, body.password)

        def work(session: Session) -> AccountRow:
            row = AccountRow(name=name, name_key=accounts.account_name_key(name),
                             password_hash=hashed, created_at=utcnow())
            session.add(row)
            session.flush()
            return row

        try:
            row = await run_db(work)
        except IntegrityError:
            raise HTTPException(409, f"the name {name!r} is taken") from None
        await sign_in_as(request, row.id)
        return Me(account=account_view(row))

    @app.post("/api/session", response_model=Me)
    async def sign_in(body: Credentials, request: Request) -> Me:
        """Sign in (a signed session cookie)."""
        name = accounts.normalize_account_name(body.name)
        key = accounts.account_name_key(name)
        # a name no account can have is not looked up (PostgreSQL text holds no NUL)
        row = None if accounts.check_account_name(body.name) else await run_db(
            lambda s: s.scalars(select(AccountRow).where(AccountRow.name_key == key)).first())
        ok = await asyncio.to_thread(accounts.verify_password, body.password,
                                     row.password_hash if row else None)
        if row is None or not ok:
            raise HTTPException(401, "wrong name or password")
        await sign_in_as(request, row.id)
        return Me(account=account_view(row))

    @app.delete("/api/session", response_model=Me)
    async def sign_out(request: Request) -> Me:
        """Sign out: the stored session is deleted, so the cookie (and any copy of it)
        stops working; the account's sessions on other devices go on."""
        sid = request.session.get("session")
        if isinstance(sid, str):
            await run_db(lambda s: end_session(s, sid))
        request.session.clear()
        return Me(account=None)

    @app.get("/api/me", response_model=Me)
    async def me(request: Request) -> Me:
        """The signed-in account (null for a guest)."""
        account = await signed_in(request)
        if account is None:
            return Me(account=None)
        row = await run_db(lambda s: s.get(AccountRow, account[0]))
        return Me(account=account_view(row))

    @app.get("/api/accounts/{name}")
    async def profile(name: str, request: Request) -> dict[str, Any]:
        """An account's profile: ratings per ruleset, tables it sits at and its finished
        games (newest first) with their records and rating changes (a private table or
        game only to the account itself)."""
        account = await signed_in(request)
        viewer = account[0] if account is not None else None
        data: dict[str, Any] | None = await run_db(lambda s: read_profile(s, name, viewer))
        if data is None:
            raise HTTPException(404, f"no account {name!r}")
        return data

    @app.get("/api/leaderboard")
    async def leaderboard(
        rules: str = Query(...),
        bots: bool = Query(False, description="include the bot levels' ratings"),
    ) -> dict[str, Any]:
        """Accounts ranked by rating (``mu - 3 sigma``, Plackett-Luce) in one ruleset."""
        try:
            rid = ruleset_spec(rules).id
        except RuleError as exc:
            raise HTTPException(422, str(exc)) from None
        board: dict[str, Any] = await run_db(lambda s: read_leaderboard(s, rid, bots))
        return board

    # ------------------------------------------------------------------ websocket

    @app.websocket("/ws/tables/{table_id}")
    async def play(websocket: WebSocket, table_id: str, token: str | None = None) -> None:
        """Play a seat (``?token=T``) or watch (no token, or an empty one: a client that
        always writes the parameter); see docs/protocol.md."""
        await websocket.accept()
        try:
            table = await manager.get(table_id)
        except TableUnavailable as exc:
            await websocket.send_json(error(str(exc)))
            await websocket.close(4404)
            return
        if table is None:
            await websocket.send_json(error(f"no table {table_id!r}"))
            await websocket.close(4404)
            return
        seat: int | None = None
        hashed = accounts.token_hash(token) if token else None
        if hashed is not None:
            seat = table.seat_of_token(hashed)
            if seat is None:
                await websocket.send_json(error("this token holds no seat at this table"))
                await websocket.close(4403)
                return
        conn = Connection(websocket, seat, hashed)
        pump = asyncio.get_running_loop().create_task(conn.pump())
        bucket = TokenBucket(settings.message_rate, settings.message_burst)
        await table.connect(conn)
        try:
            while not conn.closed:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                # Run to its end even when this handler is cancelled (Starlette's
                # TestClient cancels it as the socket closes): an act cut short after it
                # changed the table would never show the change to the other seats.
                await asyncio.shield(manager.spawn(handle(table, conn, bucket, message)))
        except WebSocketDisconnect:
            pass
        finally:
            # Letting the seat go runs to its end even when this handler is cancelled
            # (Starlette's TestClient cancels it as the socket closes; a server may too):
            # cut short, the connection would still count as connected and hold up the
            # next deal for a ready it will never send.
            leaving = manager.spawn(table.disconnect(conn))
            try:
                await asyncio.shield(leaving)
            finally:
                pump.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await pump

    async def handle(table: LiveTable, conn: Connection, bucket: TokenBucket,
                     message: MutableMapping[str, Any]) -> None:
        text = message.get("text")
        if not bucket.take():
            conn.send(error(f"too many messages: at most {settings.message_rate:g} a second"))
            return
        if text is None:
            conn.send(error("binary messages are not accepted: send JSON text"))
            return
        size = len(text.encode("utf-8", "surrogatepass"))
        if size > settings.max_message_bytes:
            conn.send(error(f"message too large: {size} bytes (at most "
                            f"{settings.max_message_bytes})"))
            return
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as exc:
            conn.send(error(f"not JSON: {exc}"))
            return
        try:
            parsed = CLIENT_MESSAGE.validate_python(data)
        except ValidationError as exc:
            conn.send(error(message_problem(data, exc)))
            return
        if isinstance(parsed, Ping):
            conn.send({"type": "pong"})
        elif isinstance(parsed, Act):
            given = parsed.action.model_dump(exclude_unset=True)
            # a null tile or tiles is no tile (clients that write every field); a null
            # seat is checked against the token's
            action = {k: v for k, v in given.items() if v is not None or k == "seat"}
            await table.act(conn, parsed.seq, action)
        else:
            await table.ready(conn)

    web_api.install(app, manager, storage)
    return app


MESSAGE_TYPES = '"act", "ready", "ping"'
"""The types of the messages a client sends, as an error names them."""


def message_problem(data: Any, exc: ValidationError) -> str:
    """The error of a websocket message the schema refuses: a missing or unknown
    ``type`` named as the client wrote it (JSON) with the types there are, else the first
    problem at its dotted place.

    >>> from tingpai.server.schemas import CLIENT_MESSAGE
    >>> def problem(data: Any) -> str:
    ...     try:
    ...         CLIENT_MESSAGE.validate_python(data)
    ...     except ValidationError as exc:
    ...         return message_problem(data, exc)
    ...     return "valid"
    >>> print(problem({"type": None}))
    invalid message: unknown type null (the types are "act", "ready", "ping")
    >>> print(problem({"seq": 3}))
    invalid message: no "type" (the types are "act", "ready", "ping")
    >>> print(problem({"type": "act", "seq": "3", "action": {"do": "pass"}}))
    invalid message: act.seq: Input should be a valid integer
    """
    first = exc.errors()[0]
    if isinstance(data, dict) and first.get("type") in ("union_tag_not_found",
                                                        "union_tag_invalid"):
        if "type" not in data:
            return f'invalid message: no "type" (the types are {MESSAGE_TYPES})'
        given = json.dumps(data["type"])
        if len(given) > 40:
            given = given[:39] + "…"
        return f"invalid message: unknown type {given} (the types are {MESSAGE_TYPES})"
    where = ".".join(str(p) for p in first.get("loc", ()))
    return (f"invalid message: {where}: {first.get('msg')}" if where
            else f"invalid message: {first.get('msg')}")


BAD_BODY = "body: not readable as JSON (not UTF-8 text, or nested too deeply)"
"""The error of a request body that cannot be parsed at all (when the cause is unknown)."""


def unreadable_body(exc: BaseException) -> str:
    """The error of a body FastAPI could not parse at all, naming why from what it
    raised: bytes that are not UTF-8, JSON nested too deeply, or a number too long for
    Python to read (more than 4300 digits).

    >>> try:
    ...     int("1" * 5000)
    ... except ValueError as cause:
    ...     wrapped = HTTPException(400, "There was an error parsing the body")
    ...     wrapped.__cause__ = cause
    >>> unreadable_body(wrapped)
    'body: not readable as JSON (a number has more than 4300 digits)'
    """
    cause = exc.__cause__
    if isinstance(cause, UnicodeDecodeError):
        return f"body: not readable as JSON (not UTF-8 text: byte {cause.start} is " \
               f"{cause.object[cause.start:cause.start + 1]!r})"
    if isinstance(cause, RecursionError):
        return "body: not readable as JSON (nested too deeply)"
    if isinstance(cause, ValueError) and "digits" in str(cause):
        return "body: not readable as JSON (a number has more than 4300 digits)"
    return BAD_BODY


def validation_text(error: Mapping[str, Any]) -> str:
    """One validation error as ``where: what``, ``where`` the field's dotted path (``body``
    for the body itself, ``query.rules``, ``path.seat``).

    >>> validation_text({"loc": ("body", "timer"), "msg": "Input should be a number"})
    'timer: Input should be a number'
    >>> validation_text({"loc": ("body",), "msg": "Field required"})
    'body: Field required'
    >>> validation_text({"type": "json_invalid", "loc": ("body", 1), "msg": "JSON decode error",
    ...                  "ctx": {"error": "Expecting value"}})
    'body: not valid JSON (Expecting value at character 1)'
    """
    loc = list(error.get("loc", ()))
    if error.get("type") == "json_invalid":
        at = f" at character {loc[-1]}" if loc and isinstance(loc[-1], int) else ""
        reason = (error.get("ctx") or {}).get("error", "")
        return f"body: not valid JSON ({reason}{at})" if reason else "body: not valid JSON"
    where = ".".join(str(p) for p in loc if p != "body") or "body"
    return f"{where}: {error.get('msg')}"


def error_response(status: int, text: str, detail: Any,
                   headers: Mapping[str, str] | None = None) -> JSONResponse:
    """An HTTP error, ``{"error": text, "detail": detail}``.  Both may echo what the client
    sent, so they are made plain JSON first (:func:`json_safe`): a bad request must get its
    422, not fail the answer."""
    return JSONResponse({"error": json_safe(text), "detail": json_safe(detail)},
                        status_code=status, headers=headers)


def json_safe(value: Any) -> Any:
    """``value`` as plain JSON: text that is not valid Unicode (a lone surrogate, which
    JSON may spell as ``"\\ud800"``) backslash-escaped, NaN and infinities as text, other
    objects by their ``str``."""
    if isinstance(value, str):
        return value.encode("utf-8", "backslashreplace").decode("utf-8")
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)
    if value is None or isinstance(value, bool | int | float):
        return value
    if isinstance(value, Mapping):
        return {json_safe(str(k)): json_safe(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [json_safe(v) for v in value]
    return json_safe(str(value))


def invalid_text(value: Any, where: str) -> str | None:
    """Where decoded JSON holds a string that is not valid Unicode (a lone surrogate: JSON
    may spell one, but no UTF-8 text, database or answer can hold it), or None."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return where
        return None
    if isinstance(value, Mapping):
        for key, item in value.items():
            found = invalid_text(key, where) or invalid_text(item, f"{where}.{key}")
            if found is not None:
                return found
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found = invalid_text(item, f"{where}.{index}")
            if found is not None:
                return found
    return None


def session_account(session: Session, sid: str, account_id: int) -> AccountRow | None:
    """The account of the stored session ``sid`` if it is ``account_id``'s and has been
    used within :data:`SESSION_SECONDS` (its use is noted), else None."""
    row = session.get(SessionRow, accounts.token_hash(sid))
    if row is None or row.account_id != account_id:
        return None
    now = utcnow()
    if row.seen_at < now - timedelta(seconds=SESSION_SECONDS):
        return None
    if row.seen_at < now - timedelta(seconds=SESSION_SEEN_STEP):
        row.seen_at = now
    return session.get(AccountRow, account_id)


def open_session(session: Session, account_id: int, old: str | None) -> str:
    """Store a new session of ``account_id`` and return its id (for the cookie); the
    session ``old`` (the cookie's before) and every expired session are deleted."""
    if old is not None:
        end_session(session, old)
    now = utcnow()
    session.execute(delete(SessionRow).where(
        SessionRow.seen_at < now - timedelta(seconds=SESSION_SECONDS)))
    sid = accounts.new_session_id()
    session.add(SessionRow(id_hash=accounts.token_hash(sid), account_id=account_id,
                           created_at=now, seen_at=now))
    return sid


def end_session(session: Session, sid: str) -> None:
    """Delete the stored session ``sid`` (signing out): its cookie is a guest's from now."""
    session.execute(delete(SessionRow).where(SessionRow.id_hash == accounts.token_hash(sid)))


def account_view(row: AccountRow) -> Account:
    """The public fields of an account."""
    return Account(name=row.name, created_at=row.created_at.isoformat())


def read_finished_tables(session: Session) -> list[dict[str, Any]]:
    """The lobby's ``finished`` list: the last 100 public finished tables, newest first,
    each with who sat where (a list of scores alone does not say whose game it was)."""
    rows = list(session.scalars(
        select(TableRow).where(TableRow.status == "finished", TableRow.private.is_(False))
        .order_by(TableRow.finished_at.desc()).limit(100)))
    seats: dict[str, list[dict[str, Any]]] = {row.id: [] for row in rows}
    seat_rows = session.execute(
        select(SeatRow, AccountRow.name).outerjoin(AccountRow, SeatRow.account_id == AccountRow.id)
        .where(SeatRow.table_id.in_(list(seats))).order_by(SeatRow.table_id, SeatRow.seat)).all()
    for seat, account in seat_rows:
        seats[seat.table_id].append({"seat": seat.seat, "kind": seat.kind, "bot": seat.bot,
                                     "name": seat.name, "account": account})
    return [finished_summary(row, seats[row.id]) for row in rows]


def finished_summary(row: TableRow, seats: list[dict[str, Any]]) -> dict[str, Any]:
    """A finished table in the lobby's ``finished`` list."""
    return {
        "id": row.id, "rules": row.rules, "options": row.options, "status": row.status,
        "created_at": row.created_at.isoformat(),
        "finished_at": row.finished_at.isoformat() if row.finished_at else None,
        "final_scores": row.final_scores, "record": f"/api/tables/{row.id}/record",
        "seats": seats,
    }


def read_profile(session: Session, name: str, viewer: int | None = None
                 ) -> dict[str, Any] | None:
    """The profile of an account (``GET /api/accounts/{name}``) as the account ``viewer``
    (None: a guest) may see it: the private tables it sits at and its private finished
    games are listed to itself only (a private table is joined and replayed by link)."""
    if accounts.check_account_name(name):  # no account has it: not looked up
        return None
    name = accounts.normalize_account_name(name)
    account = session.scalars(
        select(AccountRow).where(AccountRow.name_key == accounts.account_name_key(name))
    ).first()
    if account is None:
        return None
    key = f"account:{account.id}"
    rating_rows = session.scalars(select(RatingRow).where(RatingRow.player == key)).all()
    results_query = (
        select(ResultRow, TableRow)
        .join(TableRow, TableRow.id == ResultRow.table_id)
        .where(ResultRow.account_id == account.id)
        .order_by(TableRow.finished_at.desc())
        .limit(200)
    )
    if viewer != account.id:  # a private game, finished too, is its players' to share
        results_query = results_query.where(TableRow.private.is_(False))
    results = session.execute(results_query).all()
    seated_query = (
        select(SeatRow.table_id, SeatRow.seat, TableRow.rules, TableRow.status)
        .join(TableRow, TableRow.id == SeatRow.table_id)
        .where(SeatRow.account_id == account.id, TableRow.status != "finished")
    )
    if viewer != account.id:
        seated_query = seated_query.where(TableRow.private.is_(False))
    seated = session.execute(seated_query).all()
    games = []
    for result, table in results:
        players = session.execute(
            select(ResultRow.seat, ResultRow.name, ResultRow.score)
            .where(ResultRow.table_id == table.id).order_by(ResultRow.seat)).all()
        games.append({
            "table": table.id, "rules": table.rules,
            "finished_at": table.finished_at.isoformat() if table.finished_at else None,
            "seat": result.seat, "rank": result.rank, "score": result.score,
            "players": [{"seat": p.seat, "name": p.name, "score": p.score} for p in players],
            "rating_before": _ordinal(result.mu_before, result.sigma_before),
            "rating_after": _ordinal(result.mu_after, result.sigma_after),
            "record": f"/api/tables/{table.id}/record",
        })
    return {
        "account": account_view(account).model_dump(),
        "ratings": [
            {"rules": r.rules, "rating": round(Rating(r.mu, r.sigma).ordinal, 3),
             "mu": round(r.mu, 3), "sigma": round(r.sigma, 3), "games": r.games}
            for r in rating_rows
        ],
        "tables": [{"table": t.table_id, "seat": t.seat, "rules": t.rules, "status": t.status}
                   for t in seated],
        "games": games,
    }


def _ordinal(mu: float | None, sigma: float | None) -> float | None:
    if mu is None or sigma is None:
        return None
    return round(Rating(mu, sigma).ordinal, 3)


def read_leaderboard(session: Session, rules: str, bots: bool) -> dict[str, Any]:
    """``GET /api/leaderboard``: rated players of one ruleset, best first."""
    rows = session.scalars(select(RatingRow).where(RatingRow.rules == rules)).all()
    ids = [int(r.player.split(":", 1)[1]) for r in rows if r.player.startswith("account:")]
    names = {a.id: a.name for a in session.scalars(
        select(AccountRow).where(AccountRow.id.in_(ids)))} if ids else {}
    entries: list[dict[str, Any]] = []
    for r in rows:
        kind, _, ident = r.player.partition(":")
        if kind == "bot" and not bots:
            continue
        name = names.get(int(ident)) if kind == "account" else ident
        if name is None:
            continue
        entries.append({"name": name, "kind": "bot" if kind == "bot" else "account",
                        "rating": round(Rating(r.mu, r.sigma).ordinal, 3),
                        "mu": round(r.mu, 3), "sigma": round(r.sigma, 3), "games": r.games})
    entries.sort(key=lambda e: (-float(e["rating"]), str(e["name"])))
    for place, entry in enumerate(entries, 1):
        entry["rank"] = place
    # rated: how many the board ranks (accounts; bot levels too with bots=true), of which
    # the first 500 are listed
    return {"rules": rules, "rated": len(entries), "players": entries[:500]}

"""``tingpai serve``: the game server (FastAPI + uvicorn; needs the ``server`` extra).

The database is ``--db URL``, else ``TINGPAI_DATABASE_URL``, else the SQLite file
``tingpai.sqlite3`` in the working directory.  Its schema is created or upgraded by the
Alembic migrations when the server starts; every unfinished table is then rebuilt from its
stored actions.

What cannot work exits with status 2 and one line on standard error, before anything is
served: a port out of range, an address that cannot be listened on (a port in use, a host
that is not this machine's), a database that cannot be opened (a bad URL, an unreachable
server, a file that cannot be created).
"""

from __future__ import annotations

import argparse
import os
import re
import socket
import sys
from typing import Any

from tingpai.inputs import one_line

ENV_DATABASE_URL = "TINGPAI_DATABASE_URL"


def register(sub: Any) -> None:
    """Add the ``serve`` subcommand."""
    p = sub.add_parser("serve", help="run the game server (HTTP + websocket protocol)")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port (8000)")
    p.add_argument("--db", default=None, metavar="URL",
                   help=f"database URL or SQLite file (default: ${ENV_DATABASE_URL}, else "
                        "./tingpai.sqlite3); e.g. postgresql://user@host/db")
    p.add_argument("--log-level", default="info",
                   choices=("critical", "error", "warning", "info", "debug"))
    for flag, _, kind, what in HOST_LIMITS:
        p.add_argument(flag, type=kind, default=None, metavar="S" if kind is float else "N",
                       help=what)
    p.set_defaults(func=run)


HOST_LIMITS: tuple[tuple[str, str, type, str], ...] = (
    ("--max-tables", "max_tables", int, "unfinished tables held at once (1000)"),
    ("--max-spectators", "max_spectators", int, "spectator connections per table (100)"),
    ("--max-seat-connections", "max_seat_connections", int,
     "connections per seat: a player's windows and devices (16)"),
    ("--unattended-seconds", "unattended_seconds", float,
     "seconds before a table nobody is connected to leaves the lobby (3600)"),
    ("--bot-table-max-hands", "bot_table_max_hands", int,
     "hands a table that plays itself out (bots, or a timer) may last (200)"),
)
"""A host's limits as flags: (flag, :class:`~tingpai.server.app.Settings` field, type,
help); an omitted flag keeps the server's default."""


def host_settings(args: argparse.Namespace) -> dict[str, Any]:
    """The limits given on the command line as ``Settings`` fields; raises ValueError
    naming the flag for a value that is not positive."""
    chosen: dict[str, Any] = {}
    for flag, field, _, _ in HOST_LIMITS:
        value = getattr(args, field)
        if value is None:
            continue
        if not 0 < value < float("inf"):  # NaN too
            raise ValueError(f"{flag} {value} is not a positive number")
        chosen[field] = value
    return chosen


def database_url(given: str | None) -> str:
    """The database to use: ``--db``, then the environment, then the default file."""
    from tingpai.server.storage import DEFAULT_DATABASE_FILE

    return given or os.environ.get(ENV_DATABASE_URL) or DEFAULT_DATABASE_FILE


def run(args: argparse.Namespace) -> int:
    """Serve until interrupted."""
    try:
        import uvicorn

        from tingpai.server import Settings, create_app
    except ModuleNotFoundError as exc:
        print(f"tingpai serve needs the server extra (pip install 'tingpai[server]'): {exc}",
              file=sys.stderr)
        return 2
    if not 0 < args.port < 65536:
        print(f"--port {args.port} is not a port number", file=sys.stderr)
        return 2
    try:
        limits = host_settings(args)
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return 2
    problem = listen_problem(args.host, args.port)
    if problem is not None:
        print(f"cannot listen on {args.host} port {args.port}: {problem}", file=sys.stderr)
        return 2
    try:
        app = create_app(Settings(database_url=database_url(args.db), **limits))
    except Exception as exc:  # a bad URL or an unreachable database: say which
        print(f"cannot open the database: {_one_line_error(exc)}", file=sys.stderr)
        return 2
    uvicorn.run(app, host=args.host, port=args.port, log_level=args.log_level,
                ws_max_size=1 << 16, ws_ping_interval=20, ws_ping_timeout=20,
                ws_per_message_deflate=False)
    return 0


def listen_problem(host: str, port: int) -> str | None:
    """Why the server could not listen on ``host``:``port`` (a port in use, a host that is
    not this machine's), or None: every address the host names is bound for a moment and
    let go, as uvicorn's event loop will bind them (``SO_REUSEADDR``, so a restarted
    server's old connections do not count; an address family the machine has no sockets
    for, such as IPv6 in many containers, skipped as the loop skips it)."""
    try:
        infos = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM,
                                   flags=socket.AI_PASSIVE)
    except (OSError, UnicodeError) as exc:
        return f"cannot resolve the host: {getattr(exc, 'strerror', None) or exc}"
    for family, kind, proto, _, address in infos:
        try:
            sock = socket.socket(family, kind, proto)
        except OSError:
            continue  # asyncio's create_server skips it too
        try:
            with sock:
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                if family == socket.AF_INET6:
                    sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
                sock.bind(address)
        except OSError as exc:
            return exc.strerror or str(exc)
    return None


def _one_line_error(exc: BaseException) -> str:
    """A database error as one line, without SQLAlchemy's "Background on this error" link."""
    text = re.sub(r"\(Background on this error at: [^)]*\)", "", str(exc))
    return one_line(text) or type(exc).__name__

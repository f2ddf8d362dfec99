"""``tingpai serve``: the game server (FastAPI + uvicorn; needs the ``server`` extra).

The database is ``--db URL``, else ``TINGPAI_DATABASE_URL``, else the SQLite file
``tingpai.sqlite3`` in the working directory.  Its schema is created or upgraded by the
Alembic migrations when the server starts; every unfinished table is then rebuilt from its
stored actions.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

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
    p.set_defaults(func=run)


def database_url(given: str | None) -> str:
    """The database to use: ``--db``, then the environment, then the default file."""
    from tingpai.server.storage import DEFAULT_DATABASE_FILE

    return given or os.environ.get(ENV_DATABASE_URL) or DEFAULT_DATABASE_FILE


def run(args: argparse.Namespace) -> int:
    """Serve until interrupted."""
    try:
        import uvicorn

        from tingpai.server import create_app
    except ModuleNotFoundError as exc:
        print(f"tingpai serve needs the server extra (pip install 'tingpai[server]'): {exc}",
              file=sys.stderr)
        return 2
    if not 0 < args.port < 65536:
        print(f"--port {args.port} is not a port number", file=sys.stderr)
        return 2
    try:
        app = create_app(database_url(args.db))
    except Exception as exc:  # a bad URL or an unreachable database: say which
        print(f"cannot open the database: {exc}", file=sys.stderr)
        return 2
    uvicorn.run(app, host=args.host, port=args.port, log_level=args.log_level,
                ws_max_size=1 << 16, ws_ping_interval=20, ws_ping_timeout=20,
                ws_per_message_deflate=False)
    return 0

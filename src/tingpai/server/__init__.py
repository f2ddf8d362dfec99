"""The game server: FastAPI app, websocket protocol, storage, accounts and ratings.

``create_app(database_url)`` builds the application (``tingpai serve`` runs it with
uvicorn); ``docs/protocol.md`` is the protocol's full text.  This package needs the
``server`` extra (``pip install tingpai[server]``); the library core does not.
"""

from __future__ import annotations

from tingpai.server.app import Settings, create_app

__all__ = ["Settings", "create_app"]

"""Fixtures of the server tests: an app on a temporary SQLite file, a real uvicorn server
(in a thread, or as a process that can be SIGKILLed), and a throwaway PostgreSQL 15 cluster.

PostgreSQL: the session fixture starts a cluster in a temporary directory on a loopback
port (``initdb``/``pg_ctl`` from ``/usr/lib/postgresql/15/bin``, as the ``postgres`` user
when run as root, since initdb refuses root) and stops it at the end.  Without PostgreSQL
the tests that need it skip, unless ``TINGPAI_REQUIRE_POSTGRES=1`` (``make test``, CI),
which makes them fail.
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from serverkit import PG_BIN, Postgres

from tingpai.server import Settings, create_app

REQUIRE_POSTGRES = os.environ.get("TINGPAI_REQUIRE_POSTGRES") == "1"


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    """A fresh SQLite database file."""
    return f"sqlite:///{tmp_path / 'tingpai.sqlite3'}"


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    """FastAPI's TestClient on a fresh app and database."""
    app = create_app(Settings(database_url=db_url))
    with TestClient(app) as c:
        yield c


@pytest.fixture(scope="session")
def postgres() -> Iterator[Postgres]:
    """A PostgreSQL 15 cluster for the session (skips, or fails under make test, when
    PostgreSQL is not installed)."""
    if not (PG_BIN / "initdb").exists():
        reason = f"PostgreSQL 15 is not installed ({PG_BIN}/initdb missing)"
        if REQUIRE_POSTGRES:
            pytest.fail(reason + " but TINGPAI_REQUIRE_POSTGRES=1")
        pytest.skip(reason)
    pg = Postgres()
    try:
        pg.start()
    except subprocess.CalledProcessError as exc:
        pg.stop()
        reason = f"cannot start PostgreSQL: {exc.stderr!r}"
        if REQUIRE_POSTGRES:
            pytest.fail(reason)
        pytest.skip(reason)
    yield pg
    pg.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def any_db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh database of each kind: a SQLite file, then a PostgreSQL database."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'tingpai.sqlite3'}"
    pg: Postgres = request.getfixturevalue("postgres")
    return pg.new_database()

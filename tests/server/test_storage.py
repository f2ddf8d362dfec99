"""Storage: the Alembic migrations build exactly the ORM schema, on SQLite and PostgreSQL,
and running them again changes nothing."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect

from tingpai.server.storage import Base, Storage, normalize_url


def test_migrations_match_the_models_and_are_idempotent(any_db: str) -> None:
    storage = Storage(any_db)
    try:
        storage.migrate()
        storage.migrate()
        with storage.engine.connect() as conn:
            assert compare_metadata(MigrationContext.configure(conn), Base.metadata) == []
            tables = set(inspect(conn).get_table_names())
        assert tables >= {"game_tables", "seats", "hands", "actions", "accounts", "ratings",
                          "game_results", "settings", "alembic_version"}
        key = storage.setting("session_key", lambda: "first")
        assert storage.setting("session_key", lambda: "second") == key == "first"
    finally:
        storage.close()


def test_database_urls() -> None:
    assert normalize_url("postgresql://u@h/db") == "postgresql+psycopg://u@h/db"
    assert normalize_url("postgres://u@h/db") == "postgresql+psycopg://u@h/db"
    assert normalize_url("sqlite:///x.db") == "sqlite:///x.db"
    assert normalize_url("games.sqlite3").startswith("sqlite:////")

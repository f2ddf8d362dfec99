"""Alembic environment: migrations run on the connection the server hands over
(``Storage.migrate``) or, from the ``alembic`` command, on ``sqlalchemy.url`` read as
``tingpai serve --db`` reads it (a bare path is a SQLite file, ``postgresql://`` uses
psycopg 3)."""

from __future__ import annotations

from alembic import context

from tingpai.server.storage import (
    Base,
    check_foreign_keys,
    make_engine,
    sqlite_foreign_keys_off,
)

config = context.config
connection = config.attributes.get("connection")
if connection is not None:
    context.configure(connection=connection, target_metadata=Base.metadata,
                      render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()
else:
    engine = make_engine(config.get_main_option("sqlalchemy.url") or "")
    with engine.connect() as own, sqlite_foreign_keys_off(own), own.begin():
        context.configure(connection=own, target_metadata=Base.metadata,
                          render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()
        check_foreign_keys(own)

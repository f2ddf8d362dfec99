"""Alembic environment: migrations run on the connection the server hands over
(``Storage.migrate``) or, from the ``alembic`` command, on ``sqlalchemy.url`` read as
``tingpai serve --db`` reads it (a bare path is a SQLite file, ``postgresql://`` uses
psycopg 3)."""

from __future__ import annotations

from alembic import context

from tingpai.server.storage import Base, make_engine

config = context.config
connection = config.attributes.get("connection")
if connection is not None:
    context.configure(connection=connection, target_metadata=Base.metadata,
                      render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()
else:
    engine = make_engine(config.get_main_option("sqlalchemy.url") or "")
    with engine.begin() as own:
        context.configure(connection=own, target_metadata=Base.metadata, render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()

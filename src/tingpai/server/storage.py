"""Storage: the SQLAlchemy 2 schema, the database engine and the Alembic migrations.

A table's game is its record: the table row holds the rules, the options and the seed of
its walls; ``hands`` holds each dealt wall; ``actions`` every applied action in order
(passes included, so a claim window half answered is rebuilt exactly).  Finished tables
keep their ``tingpai-record/1`` and each seat's result and rating change.

SQLite (the default, a file) and PostgreSQL (by URL) are supported.  SQLite runs in WAL
mode with ``synchronous=NORMAL``: a committed transaction survives the process being
killed (only a power loss could lose the last commits), and readers do not block the
writer.  The schema is created and upgraded by Alembic (``server/migrations``) when the
server starts (:meth:`Storage.migrate`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    String,
    Text,
    TypeDecorator,
    create_engine,
    event,
)
from sqlalchemy.engine import Connection, Dialect, Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

DEFAULT_DATABASE_FILE = "tingpai.sqlite3"
"""The SQLite file ``tingpai serve`` uses in the working directory by default."""

T = TypeVar("T")


def utcnow() -> datetime:
    """Now, timezone-aware UTC (what every timestamp column holds)."""
    return datetime.now(UTC)


class UTCDateTime(TypeDecorator[datetime]):
    """A timezone-aware UTC timestamp on every database: SQLite stores no offset and gives
    naive datetimes back, so they are read as UTC (every timestamp is written as UTC)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        """The stored time, with its UTC offset whatever the database kept."""
        if value is None or value.tzinfo is not None:
            return value
        return value.replace(tzinfo=UTC)


class Base(DeclarativeBase):
    """The declarative base of every table."""


class Setting(Base):
    """Server settings that must survive a restart (the session signing key)."""

    __tablename__ = "settings"
    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    value: Mapped[str] = mapped_column(Text)


class AccountRow(Base):
    """A player account: a unique name (compared case-insensitively) and an argon2 hash."""

    __tablename__ = "accounts"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(32), unique=True)
    name_key: Mapped[str] = mapped_column(String(96), unique=True)
    """The name case-folded (``accounts.account_name_key``; for ASCII, lowercased):
    sign-in and uniqueness ignore case.  Case folding may triple a character (``ΐ``)."""
    password_hash: Mapped[str] = mapped_column(String(256))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class SessionRow(Base):
    """A signed-in session: the session cookie names it, and signing out deletes it, so a
    copy of the cookie stops working too (the cookie alone is only signed, not revocable)."""

    __tablename__ = "sessions"
    id_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    """SHA-256 of the session id the cookie holds (the id itself is never stored)."""
    account_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    seen_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow, index=True)
    """Last used (kept to the hour): a session unused for 30 days has expired."""


class TableRow(Base):
    """A game table: what it plays and where it stands."""

    __tablename__ = "game_tables"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    rules: Mapped[str] = mapped_column(String(32), index=True)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    """Seeds every wall of the table (hand k: ``random.Random(f"{seed}:{k}")``)."""
    timer: Mapped[float | None] = mapped_column(Float, nullable=True)
    private: Mapped[bool] = mapped_column(Boolean, default=False)
    status: Mapped[str] = mapped_column(String(16), index=True)
    """``waiting`` (open seats), ``playing`` or ``finished``."""
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    finished_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    final_scores: Mapped[list[Any] | None] = mapped_column(JSON, nullable=True)
    record: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    """The tingpai-record/1 of a finished game."""


class SeatRow(Base):
    """One seat of a table: a human (open until taken) or a bot level."""

    __tablename__ = "seats"
    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))
    """``human`` or ``bot``."""
    bot: Mapped[str | None] = mapped_column(String(32), nullable=True)
    name: Mapped[str | None] = mapped_column(String(32), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    """SHA-256 of the seat's token (the token itself is never stored)."""
    account_id: Mapped[int | None] = mapped_column(
        Integer, ForeignKey("accounts.id"), nullable=True, index=True
    )
    joined_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)


class HandRow(Base):
    """A dealt hand: its wall in draw order (text notation)."""

    __tablename__ = "hands"
    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True
    )
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    wall: Mapped[str] = mapped_column(Text)
    dealt_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class ActionRow(Base):
    """One applied action, numbered from 0 per table, in the record notation."""

    __tablename__ = "actions"
    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True
    )
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    hand: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[dict[str, Any]] = mapped_column(JSON)
    auto: Mapped[bool] = mapped_column(Boolean, default=False)
    """Made by the server (a bot seat or a timer), not sent by a client."""
    at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class RatingRow(Base):
    """A rated player's Plackett-Luce rating in one ruleset."""

    __tablename__ = "ratings"
    player: Mapped[str] = mapped_column(String(48), primary_key=True)
    """``account:<id>`` or ``bot:<level>``."""
    rules: Mapped[str] = mapped_column(String(32), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer, default=0)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class ResultRow(Base):
    """One seat's result of a finished game (the account history and rating changes)."""

    __tablename__ = "game_results"
    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    player: Mapped[str | None] = mapped_column(String(48), nullable=True)
    """The rated player key; None for a guest."""
    account_id: Mapped[int | None] = mapped_column(
        Integer, ForeignKey("accounts.id"), nullable=True, index=True
    )
    name: Mapped[str | None] = mapped_column(String(32), nullable=True)
    rank: Mapped[int] = mapped_column(Integer)
    """1 = first (ties to the earlier starting seat, as the game ranks them)."""
    score: Mapped[int] = mapped_column(BigInteger)
    """Final points: 64 bits, as ``start_points`` may be up to 1e15."""
    mu_before: Mapped[float | None] = mapped_column(Float, nullable=True)
    sigma_before: Mapped[float | None] = mapped_column(Float, nullable=True)
    mu_after: Mapped[float | None] = mapped_column(Float, nullable=True)
    sigma_after: Mapped[float | None] = mapped_column(Float, nullable=True)


def normalize_url(url: str) -> str:
    """A database URL for SQLAlchemy: a bare path means a SQLite file; ``postgresql://``
    and ``postgres://`` use the psycopg 3 driver."""
    if "://" not in url:
        return f"sqlite:///{Path(url).expanduser().resolve()}"
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.close()


def make_engine(url: str) -> Engine:
    """The SQLAlchemy engine for a database URL (see :func:`normalize_url`)."""
    url = normalize_url(url)
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False})
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    return create_engine(url, pool_pre_ping=True)


@contextmanager
def sqlite_foreign_keys_off(connection: Connection) -> Iterator[None]:
    """On SQLite, foreign keys off while migrations run (nothing elsewhere): a batch
    migration rebuilds a table (copy, drop, rename), and dropping one that other tables
    refer to (``accounts``) fails, or cascades, with them on; SQLite's advice is to switch
    them off around such a change (outside a transaction) and check them after."""
    sqlite = connection.dialect.name == "sqlite"
    if sqlite:
        connection.exec_driver_sql("PRAGMA foreign_keys=OFF")
        connection.commit()
    try:
        yield
    finally:
        if sqlite:
            connection.rollback()
            connection.exec_driver_sql("PRAGMA foreign_keys=ON")
            connection.commit()


def check_foreign_keys(connection: Connection) -> None:
    """Raise (rolling the migration back) when SQLite finds a row whose foreign key names
    nothing after a migration run with foreign keys off."""
    if connection.dialect.name == "sqlite":
        broken = connection.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
        if broken:
            raise RuntimeError(f"a migration left rows naming nothing: {broken[:5]}")


MIGRATIONS = Path(__file__).parent / "migrations"
"""The Alembic script directory."""


def alembic_config(engine: Engine) -> Config:
    """An Alembic configuration bound to ``engine`` (no ``alembic.ini`` needed)."""
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.set_main_option("sqlalchemy.url", engine.url.render_as_string(hide_password=False))
    return cfg


class Storage:
    """The database of a server: sessions, migrations and small helpers."""

    def __init__(self, url: str) -> None:
        self.url = normalize_url(url)
        self.engine = make_engine(self.url)

    def migrate(self, revision: str = "head") -> None:
        """Create or upgrade the schema to ``revision``, the newest migration by default
        (Alembic ``upgrade head``)."""
        self._alembic(lambda cfg: command.upgrade(cfg, revision))

    def downgrade(self, revision: str) -> None:
        """Take the schema back to ``revision`` (Alembic ``downgrade``; for operators)."""
        self._alembic(lambda cfg: command.downgrade(cfg, revision))

    def _alembic(self, step: Callable[[Config], None]) -> None:
        """Run an Alembic command in one transaction, on SQLite with foreign keys off
        (:func:`sqlite_foreign_keys_off`)."""
        cfg = alembic_config(self.engine)
        with (self.engine.connect() as connection, sqlite_foreign_keys_off(connection),
              connection.begin()):
            cfg.attributes["connection"] = connection
            step(cfg)
            check_foreign_keys(connection)

    def session(self) -> Session:
        """A new ORM session (use as a context manager)."""
        return Session(self.engine, expire_on_commit=False)

    def run(self, work: Callable[[Session], T]) -> T:
        """Run ``work`` in one transaction and commit it; roll back if it raises."""
        with self.session() as session, session.begin():
            return work(session)

    def setting(self, key: str, default: Callable[[], str]) -> str:
        """A stored setting, created from ``default()`` the first time it is asked for."""

        def work(session: Session) -> str:
            row = session.get(Setting, key)
            if row is None:
                row = Setting(key=key, value=default())
                session.add(row)
            return row.value

        return self.run(work)

    def close(self) -> None:
        """Release the connection pool."""
        self.engine.dispose()

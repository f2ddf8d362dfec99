"""Sessions are stored, so signing out revokes one: the session cookie names a row of
``sessions`` that ``DELETE /api/session`` deletes (a signed cookie alone stayed valid
after signing out for anyone who had copied it).  Cookies signed before this revision
name no session and read as a guest's: their players sign in again.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-10
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "sessions",
        sa.Column("id_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.Integer(),
                  sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("seen_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_sessions_account_id", "sessions", ["account_id"])
    op.create_index("ix_sessions_seen_at", "sessions", ["seen_at"])


def downgrade() -> None:
    op.drop_table("sessions")

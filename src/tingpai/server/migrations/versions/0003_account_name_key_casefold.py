"""Account names may be Unicode: ``accounts.name_key`` holds the case-folded name, which
may be up to three times as long as the name (``ΐ`` folds to three characters), so it
grows from 32 to 96 characters.  Stored rows keep their meaning: every name so far is
ASCII, whose case folding is its lowercasing.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-10
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("accounts") as batch:
        batch.alter_column("name_key", existing_type=sa.String(32), type_=sa.String(96),
                           existing_nullable=False)


def downgrade() -> None:
    with op.batch_alter_table("accounts") as batch:
        batch.alter_column("name_key", existing_type=sa.String(96), type_=sa.String(32),
                           existing_nullable=False)

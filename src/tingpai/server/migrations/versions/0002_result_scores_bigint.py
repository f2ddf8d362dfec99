"""Game results hold 64-bit scores: a ruleset's ``start_points`` may be up to 1e15, and a
32-bit ``score`` column (PostgreSQL's ``integer``) refused the results of such a game, so
it could never be stored as finished.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game_results") as batch:
        batch.alter_column("score", existing_type=sa.Integer(), type_=sa.BigInteger(),
                           existing_nullable=False)


def downgrade() -> None:
    with op.batch_alter_table("game_results") as batch:
        batch.alter_column("score", existing_type=sa.BigInteger(), type_=sa.Integer(),
                           existing_nullable=False)

"""A bot level in several seats of one game: its stored rating takes every seat's result.

Every seat is rated from the level's rating before the game; the stored rating kept only
the last of them (so a level that won in seat 1 and came last in seat 3 was stored as if
it had only come last), and swapping which seat came last changed it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tingpai.server import ratings
from tingpai.server.storage import RatingRow, Storage
from tingpai.server.tables import store_results

SEATS = [("human", None, "ann", 1), ("bot", "expert", None, None),
         ("bot", "expert", None, None), ("bot", "expert", None, None)]


def _stored_expert(tmp_path: Path, scores: list[int]) -> tuple[RatingRow, list[ratings.Rating]]:
    """The level's rating row after one game with these final scores (nothing committed),
    and each seat's rating after it."""
    tmp_path.mkdir(parents=True, exist_ok=True)
    storage = Storage(f"sqlite:///{tmp_path / 'ratings.sqlite3'}")
    storage.migrate()

    def work(session: object) -> tuple[RatingRow, list[ratings.Rating]]:
        from sqlalchemy.orm import Session
        assert isinstance(session, Session)
        with session.no_autoflush:
            store_results(session, "t1", "hu-4p", SEATS, scores)
            # New rows are pending (nothing is flushed: the table row is not there).
            (row,) = [o for o in session.new
                      if isinstance(o, RatingRow) and o.player == "bot:expert"]
            seats = ratings.rate([ratings.DEFAULT] * 4, scores)
            kept = RatingRow(player=row.player, rules=row.rules, mu=row.mu, sigma=row.sigma,
                             games=row.games)
            session.rollback()
            return kept, seats

    return storage.run(work)


def test_a_level_in_three_seats_takes_every_seats_result(tmp_path: Path) -> None:
    row, seats = _stored_expert(tmp_path, [25000, 40000, 30000, 5000])
    prior = ratings.DEFAULT
    moves = [seats[s].mu - prior.mu for s in (1, 2, 3)]
    assert moves[0] > 0 > moves[2]  # first place and last place
    assert row.mu == pytest.approx(prior.mu + sum(moves))
    assert row.mu != pytest.approx(seats[3].mu)  # not only the last seat's result
    assert row.sigma < min(seats[s].sigma for s in (1, 2, 3))  # three results: surer
    assert row.games == 3


def test_which_seat_of_the_level_came_last_does_not_matter(tmp_path: Path) -> None:
    first, _ = _stored_expert(tmp_path / "a", [25000, 40000, 30000, 5000])
    second, _ = _stored_expert(tmp_path / "b", [25000, 5000, 30000, 40000])
    assert first.mu == pytest.approx(second.mu)
    assert first.sigma == pytest.approx(second.sigma)

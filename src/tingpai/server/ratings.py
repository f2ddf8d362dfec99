"""Ratings: openskill's Plackett-Luce model, one rating per player and ruleset.

A game is rated when it ends and at least one seat is an account.  Every seat takes part:
accounts and bot levels (``bot:LEVEL``, one shared rating per level) with their stored
ratings, guests with a fresh default rating that is not kept.  Ranks come from the final
scores, ties to the earlier starting seat as in the game's own ranking
(:func:`tingpai.engine.ranking`); that also avoids openskill 6's Plackett-Luce treatment of
a tie for first, which moves the next seat as if it had tied too.  The leaderboard orders
by the ordinal ``mu - 3 sigma``, a conservative estimate.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

from tingpai.engine import ranking

MODEL = PlackettLuce()
"""The rating model (openskill defaults: mu 25, sigma 25/3)."""


@dataclass(frozen=True)
class Rating:
    """A player's rating."""

    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """``mu - 3 sigma``: the leaderboard value."""
        return self.mu - 3 * self.sigma


DEFAULT = Rating(MODEL.mu, MODEL.sigma)


def ranks(scores: Sequence[int]) -> list[int]:
    """1-based ranks per seat from final scores: most points first, ties to the earlier
    starting seat.

    >>> ranks([10, 30, 30, 0])
    [3, 1, 2, 4]
    """
    out = [0] * len(scores)
    for place, seat in enumerate(ranking(scores), 1):
        out[seat] = place
    return out


def rate(before: Sequence[Rating], scores: Sequence[int]) -> list[Rating]:
    """Ratings after one game with these final scores (one entry per seat)."""
    teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in before]
    after = MODEL.rate(teams, ranks=[float(r) for r in ranks(scores)])
    return [Rating(team[0].mu, team[0].sigma) for team in after]

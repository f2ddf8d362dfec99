"""Ratings: openskill's Plackett-Luce model, one rating per player and ruleset.

A game is rated when it ends and at least one seat is an account.  Every seat takes part:
accounts and bot levels (``bot:LEVEL``, one shared rating per level) with their stored
ratings (a level in several seats is rated per seat, and its stored rating takes every
seat's result: :func:`combine`), guests with a fresh default rating that is not kept.
Ranks come from the final scores, ties to the earlier starting seat as in the game's own ranking
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


def combine(before: Rating, seats: Sequence[Rating]) -> Rating:
    """One player's rating after a game in which it held several seats (a bot level), from
    each seat's rating after the game (every seat rated from ``before``): each seat's move
    of ``mu`` is added, and each seat's gain in precision (``1 / sigma**2``), as if the
    seats' results came one game after another.  Unlike keeping the last seat's rating,
    this does not depend on the seats' order.

    >>> combine(Rating(25, 8), [Rating(26, 7.5)])
    Rating(mu=26.0, sigma=7.5)
    >>> both = combine(Rating(25, 8), [Rating(27, 7.5), Rating(24, 7.5)])
    >>> both.mu, round(both.sigma, 3)
    (26.0, 7.083)
    """
    mu = before.mu + sum(seat.mu - before.mu for seat in seats)
    prior = 1 / before.sigma**2
    precision = prior + sum(1 / seat.sigma**2 - prior for seat in seats)
    sigma = precision**-0.5 if precision > 0 else min(seat.sigma for seat in seats)
    return Rating(float(mu), float(sigma))

"""How likely a hand is to be won: a small model of the race the bots plan with.

A hand at distance ``d`` (tiles still to draw) moves one step closer with some chance per
round (``first`` for the next step, ``later`` for the ones after it), and once ready wins
with chance ``win`` per round; every round the hand may also end otherwise (another seat
wins, ``end``).  :func:`win_chance` is the chance of winning within ``rounds`` rounds.  The
per-round chances come from tile counts (:func:`per_round`): a tile the seat needs comes
from its own draw, or from the discards of the others.

Inputs are rounded to a coarse grid so that the dynamic programme is memoized: the bots
call this thousands of times per hand with very few distinct arguments.

>>> round(win_chance(1, 10, 0.0, 0.0, 0.1), 3)
0.626
>>> win_chance(3, 2, 0.5, 0.5, 0.5)
0.0
"""

from __future__ import annotations

_GRID = 64
"""Chances are rounded to multiples of 1/64."""
_MEMO: dict[tuple[int, ...], float] = {}
_MEMO_SIZE = 200_000
MAX_DISTANCE = 8
"""Farther hands are given no chance."""


def per_round(useful: float, unseen: int, helpers: float) -> float:
    """Chance per round of getting one of ``useful`` unseen tiles (of ``unseen``): from
    one's own draw, plus ``helpers`` effective extra draws (discards one may claim)."""
    if unseen <= 0 or useful <= 0:
        return 0.0
    miss = 1.0 - min(1.0, useful / unseen)
    return 1.0 - float(miss ** (1.0 + helpers))


_PROFILES: list[tuple[float, ...]] = [tuple(0.0 for _ in range(40))]
"""Registered hazard profiles (index 0: nobody ever wins)."""
PLAIN = 0


def register_profile(hazards: tuple[float, ...]) -> int:
    """Register a per-opponent hazard profile (chance per round that one opponent wins,
    by round of the hand; the last entry holds after it) and return its id."""
    if hazards in _PROFILES:
        return _PROFILES.index(hazards)
    _PROFILES.append(hazards)
    return len(_PROFILES) - 1


def end_hazard(turn: int, opponents: int, profile: int = PLAIN) -> float:
    """The chance that some other seat wins during round ``turn`` (0 = the first), by a
    registered profile (:func:`register_profile`)."""
    hazards = _PROFILES[profile]
    return opponents * hazards[turn if turn < len(hazards) else -1]


def win_chance(
    distance: int, rounds: int, first: float, later: float, win: float, turn: int = 8,
    opponents: int = 3, extra: float = 0.0, profile: int = PLAIN,
) -> float:
    """Chance of winning within ``rounds`` rounds from ``distance`` (1 = ready), the
    hand being at round ``turn`` now, against ``opponents`` whose chance of ending the
    hand follows a hazard ``profile`` (:func:`end_hazard`) plus ``extra`` per round
    (what a seat reads beyond the profile; negative when the opponents are slower)."""
    return win_chance_grid(
        distance, rounds, grid(first), grid(later), grid(win), turn, opponents, grid(extra),
        profile,
    )


def grid(chance: float) -> int:
    """A chance on the memo's grid (for :func:`win_chance_grid`)."""
    return round(chance * _GRID)


def win_chance_grid(distance: int, rounds: int, first: int, later: int, win: int,
                    turn: int, opponents: int, extra: int, profile: int = PLAIN) -> float:
    """:func:`win_chance` with its chances already on the grid."""
    if distance < 1 or distance > MAX_DISTANCE or rounds < distance:
        return 0.0
    key = (distance, rounds if rounds < 40 else 40, first, later, win,
           turn if turn < 24 else 24, opponents, extra, profile)
    found = _MEMO.get(key)
    if found is not None:
        return found
    found = _solve(*key)
    if len(_MEMO) >= _MEMO_SIZE:
        _MEMO.clear()
    _MEMO[key] = found
    return found


def _solve(distance: int, rounds: int, fq: int, lq: int, wq: int, turn: int,
           opponents: int, eq: int, profile: int) -> float:
    first = fq / _GRID
    later = lq / _GRID
    win = wq / _GRID
    extra = eq / _GRID
    # at[i]: chance of being i steps from ready (0 = ready), the hand still going.
    steps = distance - 1
    at = [0.0] * (steps + 1)
    at[steps] = 1.0
    won = 0.0
    for r in range(rounds):
        stay = min(1.0, max(0.0, 1.0 - end_hazard(turn + r, opponents, profile) - extra))
        won += at[0] * stay * win
        nxt = [0.0] * (steps + 1)
        nxt[0] = at[0] * stay * (1.0 - win)
        for i in range(1, steps + 1):
            chance = first if i == steps else later
            moved = at[i] * stay * chance
            nxt[i - 1] += moved
            nxt[i] += at[i] * stay - moved
        at = nxt
    return won

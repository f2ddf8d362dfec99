"""The fixed-size numeric observation of the environments: :func:`encode`.

Every ruleset id gives the same vector of :data:`OBS_SIZE` (502) ``float32`` values, so one
network can play any table.  Seats are *relative* to the observer: slot 0 is the observer,
slot *k* the seat *k* places after it in turn order (the player to its right for k = 1);
slots past the table's player count are zeros.  Tile vectors of 42 entries use the tile
ids of :mod:`tingpai.tiles` (0-8 characters, 9-17 dots, 18-26 bamboo, 27-33 East South
West North White Green Red, 34-41 flowers and seasons); 34-entry vectors leave out the
bonus tiles.  Only what the observing seat may see is encoded
(:class:`~tingpai.engine.observation.Observation`).

=========  =====  ==========================================================================
offset     size   content
=========  =====  ==========================================================================
0          42     own concealed tiles, counts 0-4 (undeclared bonus tiles at 34-41)
42         42     own tile drawn this turn, one-hot (all zero when none)
84         42     the claimable tile (a discard, a tile added to a kong being robbed, a
                  declared flower), one-hot
126        4x76   per seat slot: pond counts (34; every discard, called ones included), tiles
                  in declared melds (34; a kong counts 4, concealed kongs included), declared
                  bonus tiles (8, one-hot per bonus tile)
430        34     every tile seen outside the own hand (ponds without the called tiles, and
                  melds), counts 0-4
464        4      phase one-hot: turn, claims, robbing a kong, robbing a flower (all zero:
                  the hand has ended)
468        4      actor slot one-hot (the seat to play, or whose tile is claimable)
472        4      dealer slot one-hot
476        4      own seat wind one-hot (E, S, W, N)
480        4      prevailing wind one-hot (E, S, W, N)
484        3      players one-hot (2, 3, 4)
487        1      dealer repeats / 8 (at most 100)
488        1      tiles left in the wall / tiles in the set
489        4      per seat slot: discards left before the pond limit / the limit (0 without
                  a limit)
493        1      1 when the table has a pond limit
494        4      per seat slot: concealed tiles held / 14
498        4      per seat slot: (score - start points) / ``score_scale``, clipped to
                  -100 ... 100
=========  =====  ==========================================================================

``score_scale`` defaults to the start points where seats start with some (Hu Mahjong), else
100 (the Hong Kong tables start at zero; their payments are tens to hundreds of points);
one given must be a positive finite number.
The action mask is the engine's 136-slot :attr:`Observation.mask
<tingpai.engine.observation.Observation.mask>` (see :mod:`tingpai.engine.actions`).
"""

from __future__ import annotations

import math
import numbers
from typing import Any

import numpy as np

from tingpai.engine.observation import Observation
from tingpai.engine.results import Phase
from tingpai.engine.wall import full_set
from tingpai.rules.ruleset import Ruleset
from tingpai.tiles import EAST, NUM_KINDS, NUM_TILE_IDS

SLOTS = 4
"""Seat slots (the largest table)."""
HAND = 0
DRAWN = HAND + NUM_TILE_IDS
CLAIM = DRAWN + NUM_TILE_IDS
SEATS = CLAIM + NUM_TILE_IDS
SEAT_SIZE = NUM_KINDS + NUM_KINDS + 8
VISIBLE = SEATS + SLOTS * SEAT_SIZE
PHASE = VISIBLE + NUM_KINDS
ACTOR = PHASE + 4
DEALER = ACTOR + SLOTS
SEAT_WIND = DEALER + SLOTS
ROUND_WIND = SEAT_WIND + 4
PLAYERS = ROUND_WIND + 4
REPEATS = PLAYERS + 3
WALL = REPEATS + 1
POND_LEFT = WALL + 1
HAS_POND_LIMIT = POND_LEFT + SLOTS
SIZES = HAS_POND_LIMIT + 1
SCORES = SIZES + SLOTS
OBS_SIZE = SCORES + SLOTS
"""Length of the observation vector."""

CLIP = 100.0
"""Bound of the unbounded features (repeats, scores), far beyond any real table."""
_PHASE_INDEX = {Phase.TURN: 0, Phase.CLAIMS: 1}


def default_score_scale(ruleset: Ruleset) -> float:
    """The start points when positive, else 100 (see the module docstring)."""
    start = ruleset.options.start_points
    return float(start) if start > 0 else 100.0


def observation_bounds() -> tuple[Any, Any]:
    """(low, high) arrays of the observation."""
    low = np.zeros(OBS_SIZE, dtype=np.float32)
    high = np.ones(OBS_SIZE, dtype=np.float32)
    high[HAND:DRAWN] = 4
    for slot in range(SLOTS):
        base = SEATS + slot * SEAT_SIZE
        high[base : base + 2 * NUM_KINDS] = 4
    high[VISIBLE:PHASE] = 4
    high[REPEATS] = CLIP
    low[SCORES:OBS_SIZE] = -CLIP
    high[SCORES:OBS_SIZE] = CLIP
    return low, high


class Encoder:
    """Encodes the observations of one ruleset (its constants computed once)."""

    def __init__(self, ruleset: Ruleset, score_scale: float | None = None) -> None:
        opts = ruleset.options
        self.players = opts.players
        self.start_points = opts.start_points
        if score_scale is None:
            self.score_scale = default_score_scale(ruleset)
        else:
            # A scale of zero, below zero or not finite would divide by zero, turn the
            # scores' signs or flatten them all to zero: refused when the env is made.
            if (
                isinstance(score_scale, bool)
                or not isinstance(score_scale, numbers.Real)
                or not 0 < float(score_scale) < math.inf
            ):
                raise ValueError(
                    f"score_scale must be a positive finite number, got {score_scale!r}"
                )
            self.score_scale = float(score_scale)
        self.wall_size = len(full_set(ruleset))
        self.pond_limit = opts.pond_limit
        self._ruleset = ruleset
        self._fits: list[Ruleset] = [ruleset]
        """Rulesets whose observations this encoder reads right, checked by identity."""

    def _check(self, ruleset: Ruleset) -> None:
        """ValueError naming both tables when ``ruleset``'s observations would be encoded
        with another table's seats, points, wall or pond limit (a variant differing
        only in what a hand is worth encodes alike)."""
        opts = ruleset.options
        if (
            opts.players != self.players
            or opts.start_points != self.start_points
            or opts.pond_limit != self.pond_limit
            or len(full_set(ruleset)) != self.wall_size
        ):
            raise ValueError(
                f"this Encoder encodes {self._ruleset.id} observations ({self.players} "
                f"players, {self.wall_size} tiles); got one of {ruleset.id} "
                f"({opts.players} players, {len(full_set(ruleset))} tiles): make an "
                "Encoder for its ruleset"
            )
        if len(self._fits) < 16:  # a few per encoder at most; others are checked again
            self._fits.append(ruleset)

    def encode(self, obs: Observation) -> Any:
        """The observation vector (a new ``float32`` array of :data:`OBS_SIZE`).

        >>> from tingpai import Hand, find_ruleset
        >>> rules = find_ruleset("hu-4p")
        >>> vector = Encoder(rules).encode(Hand(rules, seed=1).observe(0))
        >>> vector.shape, int(vector[HAND:DRAWN].sum()), vector[PHASE]  # 14 tiles, turn
        ((502,), 14, np.float32(1.0))
        """
        if obs.ruleset is not self._ruleset and all(
            obs.ruleset is not fits for fits in self._fits
        ):
            self._check(obs.ruleset)
        v = np.zeros(OBS_SIZE, dtype=np.float32)
        n = self.players
        me = obs.seat
        v[HAND:DRAWN] = obs.hand
        v[VISIBLE:PHASE] = obs.visible
        if obs.drawn is not None:
            v[DRAWN + obs.drawn] = 1.0
        if obs.claim_tile is not None:
            v[CLAIM + obs.claim_tile] = 1.0
        # Tile counts of every seat slot, gathered as index lists and counted in one go.
        counted: list[int] = []
        for slot in range(n):
            seat = (me + slot) % n
            base = SEATS + slot * SEAT_SIZE
            counted.extend([base + t for t in obs.ponds[seat]])
            meld_base = base + NUM_KINDS
            for meld in obs.melds[seat]:
                counted.extend([meld_base + t for t in meld.tiles])
            flower_base = base + NUM_KINDS  # bonus tile ids start at 34: slots 68-75
            counted.extend([flower_base + f for f in obs.flowers[seat]])
        if counted:
            v[SEATS:VISIBLE] = np.bincount(counted, minlength=VISIBLE)[SEATS:VISIBLE]
        start, scale = self.start_points, self.score_scale
        v[SCORES : SCORES + n] = [
            min(CLIP, max(-CLIP, (obs.scores[(me + s) % n] - start) / scale)) for s in range(n)
        ]
        v[SIZES : SIZES + n] = [obs.concealed_sizes[(me + s) % n] / 14 for s in range(n)]
        if obs.pond_left is not None and self.pond_limit:
            limit = self.pond_limit
            v[POND_LEFT : POND_LEFT + n] = [obs.pond_left[(me + s) % n] / limit for s in range(n)]
            v[HAS_POND_LIMIT] = 1.0
        if obs.actor is not None:
            v[ACTOR + (obs.actor - me) % n] = 1.0
        v[DEALER + (obs.dealer - me) % n] = 1.0
        phase = _PHASE_INDEX.get(obs.phase)
        if phase is None and obs.phase is Phase.ROBBING:
            phase = 3 if obs.robbing == "flower" else 2
        if phase is not None:
            v[PHASE + phase] = 1.0
        v[SEAT_WIND + obs.seat_winds[me] - EAST] = 1.0
        v[ROUND_WIND + obs.round_wind - EAST] = 1.0
        v[PLAYERS + n - 2] = 1.0
        v[REPEATS] = min(CLIP, obs.repeats / 8)
        v[WALL] = obs.wall_left / self.wall_size
        return v


def encode_mask(obs: Observation) -> Any:
    """The 136-slot legal action mask as an ``int8`` array (:data:`ACTION_SPACE_SIZE`)."""
    return np.frombuffer(bytes(obs.mask), dtype=np.int8).copy()


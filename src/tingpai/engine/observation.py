"""What one seat may see: :class:`Observation`.

An observation holds the seat's own concealed tiles and everything public (ponds, melds,
declared flowers, scores, winds, tiles left), its legal actions and a fixed-size mask over
the action index space (:data:`~tingpai.engine.actions.ACTION_SPACE_SIZE`).  It never holds
another seat's concealed tiles or the wall order.  In the CLAIMS and ROBBING phases it does
not say which other seats still have a decision to make (that would leak their hands).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from functools import cached_property
from typing import Any

from tingpai.analysis.forms import Form
from tingpai.engine.actions import Action, action_mask
from tingpai.engine.results import Phase
from tingpai.rules.ruleset import Ruleset
from tingpai.tiles import NUM_KINDS, Meld, Tile


@dataclass(frozen=True)
class Observation:
    """One seat's view of the table at one moment."""

    seat: int
    """The observing seat."""
    players: int
    phase: Phase
    actor: int | None
    """TURN: the seat whose turn it is; CLAIMS/ROBBING: the seat whose tile is claimable
    (discarder, konger, flower declarer); ENDED: None."""
    claim_tile: Tile | None
    """CLAIMS/ROBBING: the discarded tile, the tile added to a kong, or the declared flower."""
    robbing: str | None
    """ROBBING: ``"kong"`` or ``"flower"``."""
    hand: tuple[int, ...]
    """Own concealed tiles as a 42-count array (undeclared bonus tiles at 34-41)."""
    drawn: Tile | None
    """Own tile drawn this turn, if the seat is in TURN after a draw."""
    melds: tuple[tuple[Meld, ...], ...]
    """Every seat's declared melds (concealed kongs included: their kind is public)."""
    ponds: tuple[tuple[Tile, ...], ...]
    """Every seat's pond in discard order, called tiles included."""
    called: tuple[tuple[bool, ...], ...]
    """Parallel to ``ponds``: whether each discard was called by another seat."""
    flowers: tuple[tuple[Tile, ...], ...]
    """Every seat's declared bonus tiles."""
    concealed_sizes: tuple[int, ...]
    """How many concealed tiles each seat holds (public knowledge)."""
    scores: tuple[int, ...]
    seat_winds: tuple[Tile, ...]
    round_wind: Tile
    dealer: int
    repeats: int
    wall_left: int
    """Tiles left in the wall (head and tail together)."""
    pond_left: tuple[int, ...] | None
    """Per seat: discards left before its pond reaches the limit (None: no pond limit)."""
    forms: Form
    """Winning forms of the ruleset (with declared melds only the standard form applies)."""
    legal: tuple[Action, ...]
    """This seat's legal actions now (empty when it has nothing to decide)."""
    ruleset: Ruleset
    """The rules of the table (public: every player knows what a hand is worth)."""

    @property
    def to_act(self) -> bool:
        """Whether this seat must choose an action now."""
        return bool(self.legal)

    @cached_property
    def mask(self) -> tuple[bool, ...]:
        """Legal action mask over the fixed action index space."""
        return action_mask(self.legal)

    @cached_property
    def concealed(self) -> list[int]:
        """Own concealed suited/honour tiles as a 34-count array (bonus tiles left out)."""
        return list(self.hand[:NUM_KINDS])

    @cached_property
    def visible(self) -> list[int]:
        """34-count array of every tile seen outside this seat's concealed hand: all ponds
        (a called tile counted once, in its meld) and all melds (a kong counts 4)."""
        seen = [0] * NUM_KINDS
        for pond, called in zip(self.ponds, self.called, strict=True):
            for t, c in zip(pond, called, strict=True):
                if not c:
                    seen[t] += 1
        for melds in self.melds:
            for m in melds:
                for t in m.tiles:
                    seen[t] += 1
        return seen


OBSERVATION_FIELDS: frozenset[str] = frozenset(f.name for f in fields(Observation))
"""Names of the dataclass fields of :class:`Observation`."""

_new = object.__new__
_set = object.__setattr__


def fast_observation(values: dict[str, Any]) -> Observation:
    """An :class:`Observation` from a dict holding every field, without the frozen
    dataclass ``__init__`` (which sets each of its ~20 fields through ``object.__setattr__``
    and dominated the cost of :meth:`Hand.observe` in self-play).

    ``values`` becomes the instance's ``__dict__`` (the caller gives up the dict); it may
    also pre-fill the cached properties (``visible``, ``concealed``) with values the caller
    already maintains.  The result is equal to ``Observation(**fields)``; the engine tests
    and ``tests/sim`` check that.
    """
    obs: Observation = _new(Observation)
    _set(obs, "__dict__", values)
    return obs

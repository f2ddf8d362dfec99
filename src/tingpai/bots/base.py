"""The bot protocol: an observation in, one legal action out."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from tingpai.engine.actions import Action, ActionKind
from tingpai.engine.observation import Observation


@runtime_checkable
class Bot(Protocol):
    """Chooses one of ``obs.legal`` for the observing seat.

    Bots see only what :class:`~tingpai.engine.observation.Observation` shows (their own
    concealed tiles and public information); any randomness comes from a seeded
    ``random.Random`` given at construction, so a game is reproducible from its seed.
    """

    name: str

    def act(self, obs: Observation) -> Action:
        """The action to take now (must be one of ``obs.legal``)."""
        ...


_TSUMO = ActionKind.TSUMO
_RON = ActionKind.RON


def winning_action(obs: Observation) -> Action | None:
    """The ``tsumo`` or ``ron`` among the legal actions, if any (every bot wins when it can)."""
    for a in obs.legal:
        kind = a.kind
        if kind is _TSUMO or kind is _RON:
            return a
    return None

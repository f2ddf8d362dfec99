"""The bot protocol: an observation in, one legal action out."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from tingpai.engine.actions import Action, ActionKind
from tingpai.engine.observation import Observation
from tingpai.inputs import echo


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


def check_observation(obs: object) -> None:
    """What every bot's ``act`` checks first: ``obs`` is an :class:`Observation` with
    something to decide.  TypeError for anything else; ValueError for the observation of
    a seat with no legal action now (not its turn, or the hand is over), which no bot can
    answer."""
    if not isinstance(obs, Observation):
        raise TypeError(f"a bot acts on an Observation (Hand.observe(seat)), got {echo(obs)}")
    if not obs.legal:
        raise ValueError(
            f"seat {obs.seat} has no legal action now (phase {obs.phase.value}): "
            "ask a seat of Hand.to_act()"
        )


def winning_action(obs: Observation) -> Action | None:
    """The ``tsumo`` or ``ron`` among the legal actions, if any (every bot wins when it can)."""
    for a in obs.legal:
        kind = a.kind
        if kind is _TSUMO or kind is _RON:
            return a
    return None

"""The game engine: hands as phase machines, matches, observations and game records.

``Hand`` is one hand (``legal_actions(seat)`` / ``apply(action)`` are the only way to change
it), built in layers: :mod:`~tingpai.engine.table` (table state),
:mod:`~tingpai.engine.settlement` (payments), :mod:`~tingpai.engine.explain` (why an action
is illegal) and :mod:`~tingpai.engine.hand` (the phase machine); a ruleset's special
mechanisms are its policies (:mod:`tingpai.rules.policies`), which the hand calls.
``Match`` strings hands into a game (dealership, repeats, rounds, scores) and writes its
record; ``replay(record)`` reads a record back.  The engine does no I/O, reads no clock
and takes its randomness from a passed-in ``random.Random``.
"""

from __future__ import annotations

from tingpai.engine.actions import (
    ACTION_SPACE_SIZE,
    Action,
    ActionKind,
    action_mask,
)
from tingpai.engine.errors import IllegalAction, RecordError, ReplayError
from tingpai.engine.hand import Hand
from tingpai.engine.match import RECORD_FORMAT, GameResult, Match, StartState, ranking
from tingpai.engine.observation import Observation
from tingpai.engine.record import HandReplay, ReplayResult, parse_record, replay
from tingpai.engine.results import HandResult, Phase, Winner
from tingpai.engine.wall import arrange_wall, check_wall, full_set, shuffled_wall

__all__ = [
    "ACTION_SPACE_SIZE",
    "RECORD_FORMAT",
    "Action",
    "ActionKind",
    "GameResult",
    "Hand",
    "HandReplay",
    "HandResult",
    "IllegalAction",
    "Match",
    "Observation",
    "Phase",
    "RecordError",
    "ReplayError",
    "ReplayResult",
    "StartState",
    "Winner",
    "action_mask",
    "arrange_wall",
    "check_wall",
    "full_set",
    "parse_record",
    "ranking",
    "replay",
    "shuffled_wall",
]

"""Typed engine errors: each names the rule or the part of a record that was wrong."""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action the current state does not allow; the message names the rule it breaks."""


class RecordError(ValueError):
    """A game record that cannot be read: bad JSON shape, unknown format, a wall that is
    not the ruleset's tile set.  ``hand`` is the hand index when the problem is in one hand.
    """

    def __init__(self, message: str, *, hand: int | None = None) -> None:
        super().__init__(message)
        self.hand = hand


class ReplayError(ValueError):
    """The first illegal action of a record: ``hand`` and ``action`` index it (0-based);
    the message is the :class:`IllegalAction` message, naming the rule.  ``in_progress``
    is set when the record's last hand merely stops before its end (a game in progress,
    which a partial replay accepts).
    """

    def __init__(self, message: str, *, hand: int, action: int,
                 in_progress: bool = False) -> None:
        super().__init__(message)
        self.hand = hand
        self.action = action
        self.in_progress = in_progress

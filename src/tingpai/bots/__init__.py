"""Bots: the :class:`Bot` protocol (observation -> action), the bot levels and game runners.

Levels: ``random`` (uniform legal actions, always wins when it can) and ``greedy``
(shanten, then live improving tiles).  :func:`play_game` plays one seeded game and returns
its record and results; :func:`play_games` plays many.
"""

from __future__ import annotations

from tingpai.bots.base import Bot, winning_action
from tingpai.bots.greedy import GreedyBot
from tingpai.bots.play import (
    BOTS,
    GameRun,
    make_bot,
    new_game,
    play_game,
    play_games,
    play_hand,
)
from tingpai.bots.random_bot import RandomBot

__all__ = [
    "BOTS",
    "Bot",
    "GameRun",
    "GreedyBot",
    "RandomBot",
    "make_bot",
    "new_game",
    "play_game",
    "play_games",
    "play_hand",
    "winning_action",
]

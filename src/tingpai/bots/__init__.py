"""Bots: the :class:`Bot` protocol (observation -> action), the bot levels and game runners.

Levels: ``random`` (uniform legal actions, always wins when it can) and ``greedy``
(shanten, then live improving tiles).  :func:`play_game` plays one seeded game and returns
its record and results; :func:`play_games` plays many.
"""

from __future__ import annotations

from tingpai.bots.base import Bot, winning_action
from tingpai.bots.expert import ExpertBot
from tingpai.bots.greedy import GreedyBot
from tingpai.bots.play import (
    GameRun,
    new_game,
    play_game,
    play_games,
    play_hand,
)
from tingpai.bots.random_bot import RandomBot
from tingpai.bots.registry import bot_names, find_bot, register_bot
from tingpai.bots.value import ValueBot

register_bot("random", RandomBot)
register_bot("greedy", GreedyBot)
register_bot("value", ValueBot)
register_bot("expert", ExpertBot)

__all__ = [
    "Bot",
    "ExpertBot",
    "GameRun",
    "GreedyBot",
    "RandomBot",
    "ValueBot",
    "bot_names",
    "find_bot",
    "new_game",
    "play_game",
    "play_games",
    "play_hand",
    "register_bot",
    "winning_action",
]

"""The bot registry: ``find_bot(name, rng)`` is the one way to get a bot by level name."""

from __future__ import annotations

import random
from collections.abc import Callable

from tingpai.bots.base import Bot
from tingpai.inputs import echo

BotFactory = Callable[[random.Random], Bot]
"""Builds a bot from its own seeded ``random.Random``."""

_BOTS: dict[str, BotFactory] = {}


def register_bot(name: str, factory: BotFactory) -> None:
    """Add a bot level (re-registering a name replaces it)."""
    _BOTS[name] = factory


def bot_names() -> tuple[str, ...]:
    """Every bot level, weakest first.

    >>> bot_names()[:2]
    ('random', 'greedy')
    """
    return tuple(_BOTS)


def find_bot(name: str, rng: random.Random | None = None) -> Bot:
    """A new bot of level ``name`` drawing its randomness from ``rng`` (default
    ``random.Random(0)``); ValueError naming the known levels for an unknown name,
    TypeError for an ``rng`` that is not a ``random.Random``.

    >>> import random
    >>> bot = find_bot("greedy", random.Random(3))
    >>> bot.name
    'greedy'
    """
    factory = _BOTS.get(name) if isinstance(name, str) else None
    if factory is None:
        raise ValueError(f"unknown bot {name!r} (known: {', '.join(_BOTS)})")
    if rng is not None and not isinstance(rng, random.Random):
        raise TypeError(f"rng must be a random.Random (or None), got {echo(rng)}")
    return factory(rng if rng is not None else random.Random(0))

"""Playing games with bots: :func:`play_game`, :func:`play_games`, :func:`play_hand`,
:func:`new_game`.

A game is a function of its seed: the seed draws the wall shuffles and seeds every bot
named by string, so the same seed gives the same game and the same record.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tingpai.bots.base import Bot
from tingpai.bots.registry import find_bot
from tingpai.engine.errors import IllegalAction
from tingpai.engine.hand import Hand
from tingpai.engine.match import GameResult, Match
from tingpai.engine.results import HandResult
from tingpai.inputs import echo
from tingpai.rules.ruleset import Ruleset


@dataclass(frozen=True)
class GameRun:
    """One game played by bots: its seed, record, hand results and final standing."""

    seed: int
    record: dict[str, Any]
    hands: tuple[HandResult, ...]
    result: GameResult


def play_hand(hand: Hand, bots: Sequence[Bot]) -> HandResult:
    """Let the bots play ``hand`` to its end; returns its result.

    Each bot acts only for its own seat: an action for another seat raises
    :class:`~tingpai.engine.errors.IllegalAction` naming the bot and both seats (the hand
    is left as it was), even when that other seat could legally act now.
    """
    while not hand.is_over:
        seat = hand.to_act()[0]
        bot = bots[seat]
        action = bot.act(hand.observe(seat))
        if action.seat != seat:
            raise IllegalAction(
                f"the bot at seat {seat} ({type(bot).__name__}) returned an action for "
                f"seat {echo(action.seat)} ({action.kind.value}): a bot acts only for its "
                "own seat"
            )
        hand.apply(action)
    result = hand.result
    assert result is not None
    return result


def new_game(
    bots: Sequence[Bot | str],
    seed: int,
    rules: str | Ruleset = "hu-4p",
    options: Mapping[str, Any] | None = None,
) -> tuple[Match, list[Bot]]:
    """The match and the seated bots of the game :func:`play_game` plays for ``seed``.

    For callers that drive the hands themselves (batch self-play, which skips building
    records it does not keep): the seed draws the match's wall seed first, then one seed
    per named bot in seat order.
    """
    rng = random.Random(seed)
    match = Match(rules, options, rng=random.Random(rng.getrandbits(64)))
    if len(bots) != match.players:
        raise ValueError(f"{len(bots)} bots for a {match.players}-player table")
    players: list[Bot] = [
        find_bot(b, random.Random(rng.getrandbits(64))) if isinstance(b, str) else b
        for b in bots
    ]
    return match, players


def play_game(
    bots: Sequence[Bot | str],
    seed: int,
    rules: str | Ruleset = "hu-4p",
    options: Mapping[str, Any] | None = None,
    *,
    max_hands: int | None = None,
) -> GameRun:
    """Play a full game (or ``max_hands`` hands) and return its record and results.

    ``bots`` holds one bot or bot name per seat; named bots are created fresh, seeded from
    ``seed``, so the run is deterministic for a seed.
    """
    match, players = new_game(bots, seed, rules, options)
    results: list[HandResult] = []
    while not match.is_over and (max_hands is None or len(results) < max_hands):
        results.append(play_hand(match.next_hand(), players))
    return GameRun(seed, match.record(), tuple(results), match.result)


def play_games(
    n: int,
    bots: Sequence[str],
    seed: int = 0,
    rules: str | Ruleset = "hu-4p",
    options: Mapping[str, Any] | None = None,
    *,
    max_hands: int | None = None,
) -> Iterator[GameRun]:
    """Play ``n`` games with seeds ``seed``, ``seed + 1``, ... (bots by name)."""
    for i in range(n):
        yield play_game(bots, seed + i, rules, options, max_hands=max_hands)

"""The game loop both environments share: :class:`EnvTable`.

It owns the :class:`~tingpai.engine.match.Match`, the seeding, the episode boundaries and
the rewards, so the PettingZoo and Gymnasium adapters only translate.

* ``episode="hand"`` (default): an episode is one hand.  ``reset(seed=...)`` starts a new
  game seeded from ``seed``; a reset without a seed deals the game's next hand (a new game,
  drawn from the same seeded generator, once the game is over), so successive episodes
  walk through whole games with their dealers, winds and scores.  A reset in the middle of
  a hand abandons its game and starts anew.
* ``episode="game"``: an episode is a whole game.  Random play on the Hong Kong tables
  seldom reaches the minimum fan, and such a game can run to thousands of hands: the
  ruleset option ``max_hands`` (``pettingzoo_env("hk-4p", max_hands=8)``) ends a game by the
  rules after that many hands.  Nothing is truncated here (wrap the environment in a time
  limit for that).
* ``rewards="hand"`` (default): each seat's points change of a hand is its reward when the
  hand ends; ``rewards="game"``: the net points of the whole game at the end of the
  episode (for hand episodes both are the hand's change).  Rewards are points times
  ``reward_scale`` (a finite number, as ``illegal_penalty`` is).
* An action is an index of the engine's 136-slot action space.  ``illegal="raise"`` makes
  an illegal index an error (nothing changes); ``illegal="substitute"`` plays a random
  legal action instead (drawn from the seeded generator) and reports it, for learners
  that ignore the mask; ``illegal_penalty`` is then added to the seat's reward.
"""

from __future__ import annotations

import math
import numbers
import random
from dataclasses import dataclass

from tingpai.engine.actions import ACTION_SPACE_SIZE, Action
from tingpai.engine.hand import Hand
from tingpai.engine.match import Match
from tingpai.inputs import whole_number
from tingpai.rules.ruleset import Ruleset

EPISODES = ("hand", "game")
REWARDS = ("hand", "game")
ILLEGAL = ("raise", "substitute")


def finite_number(name: str, value: object) -> float:
    """``value`` as a float when it is a finite real number (numpy's too, not a bool);
    ValueError naming ``name`` otherwise, so that a bad setting fails when the environment
    is made, not as a TypeError or a NaN reward when the first hand ends."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise ValueError(f"{name} must be a finite number, got {value!r}")
    number = float(value)
    if not math.isfinite(number):
        raise ValueError(f"{name} must be a finite number, got {value!r}")
    return number


def index_number(value: object) -> int | None:
    """:func:`~tingpai.inputs.whole_number` for values a learner hands in: an action index,
    a seed, a seat.  A numpy array of shape (1,) (a batched policy's action) has an
    ``__index__`` that raises TypeError; it is no whole number either (None), so that it is
    named or substituted like any other value that is no index."""
    try:
        return whole_number(value)
    except TypeError:
        return None


@dataclass(frozen=True)
class StepResult:
    """What one applied action did."""

    rewards: tuple[float, ...]
    """Per seat, the reward this action earned (hands that ended, the game's end)."""
    terminated: bool
    illegal: bool
    """The action was illegal and a random legal one was played instead."""


class EnvTable:
    """A match driven one action index at a time (see the module docstring)."""

    def __init__(
        self,
        ruleset: Ruleset,
        *,
        episode: str = "hand",
        rewards: str = "hand",
        reward_scale: float = 1.0,
        illegal: str = "raise",
        illegal_penalty: float = 0.0,
    ) -> None:
        for name, value, allowed in (
            ("episode", episode, EPISODES),
            ("rewards", rewards, REWARDS),
            ("illegal", illegal, ILLEGAL),
        ):
            if value not in allowed:
                raise ValueError(f"{name} must be one of {', '.join(allowed)}, got {value!r}")
        reward_scale = finite_number("reward_scale", reward_scale)
        illegal_penalty = finite_number("illegal_penalty", illegal_penalty)
        self.ruleset = ruleset
        self.players = ruleset.options.players
        self.episode = episode
        self.rewards = rewards
        self.reward_scale = reward_scale
        self.illegal = illegal
        self.illegal_penalty = illegal_penalty
        self.rng = random.Random()
        self.match: Match | None = None
        self.hand: Hand | None = None
        self._episode_start: tuple[int, ...] = ()

    # --- episodes -----------------------------------------------------------------------

    def reset(self, seed: int | None = None) -> Hand:
        """Start an episode (see the module docstring); returns the hand to play."""
        if seed is not None:
            self.rng = random.Random(seed)
            self.match = None
        match = self.match
        if (
            match is None
            or self.episode == "game"
            or match.is_over
            or (self.hand is not None and not self.hand.is_over)
        ):
            match = Match(self.ruleset, rng=random.Random(self.rng.getrandbits(64)))
            self.match = match
        self.hand = match.next_hand()
        self._episode_start = self.hand.scores
        return self.hand

    def current(self) -> Hand:
        """The hand in play (RuntimeError before the first reset)."""
        if self.hand is None:
            raise RuntimeError("reset() the environment first: no hand has been dealt yet")
        return self.hand

    def to_act(self) -> tuple[int, ...]:
        """Seats that must act now (none once the episode is over)."""
        return self.current().to_act()

    # --- actions ------------------------------------------------------------------------

    def action_for(self, seat: int, index: object) -> tuple[Action, bool]:
        """The legal action of ``seat`` at ``index`` and whether it was substituted.

        ValueError names the problem when the index is illegal and ``illegal="raise"``.
        """
        legal = self.current().legal_actions(seat)
        if not legal:
            raise ValueError(f"seat {seat} has nothing to decide now")
        number = index_number(index)
        for action in legal:
            if action.index == number:
                return action, False
        if self.illegal == "substitute":
            return self.rng.choice(legal), True
        if number is None or not 0 <= number < ACTION_SPACE_SIZE:
            raise ValueError(f"action {index!r} is not an index 0-{ACTION_SPACE_SIZE - 1}")
        raise ValueError(
            f"action {number} ({Action.from_index(seat, number)}) is not legal for seat "
            f"{seat} now; legal: " + ", ".join(f"{a.index} ({a})" for a in legal)
        )

    def step(self, seat: int, index: object) -> StepResult:
        """Apply ``seat``'s action ``index`` and advance the episode."""
        action, substituted = self.action_for(seat, index)
        return self.apply(action, substituted)

    def apply(self, action: Action, substituted: bool = False) -> StepResult:
        """Apply a legal action; when its hand ends, pay the rewards and deal on (game
        episodes) or end the episode."""
        hand = self.current()
        hand.apply(action)
        rewards = [0.0] * self.players
        if substituted:
            rewards[action.seat] += self.illegal_penalty
        terminated = False
        if hand.is_over:
            match = self.match
            assert match is not None
            if self.rewards == "hand" or self.episode == "hand":
                for s, delta in enumerate(hand.deltas):
                    rewards[s] += delta * self.reward_scale
            if self.episode == "hand" or match.is_over:
                terminated = True
            else:
                self.hand = match.next_hand()
            if terminated and self.rewards == "game" and self.episode == "game":
                for s, (now, start) in enumerate(
                    zip(hand.scores, self._episode_start, strict=True)
                ):
                    rewards[s] += (now - start) * self.reward_scale
        return StepResult(tuple(rewards), terminated, substituted)

"""The Gymnasium environment: one learning seat against bots, ``tingpai/<ruleset-id>-v0``.

``gymnasium.make("tingpai/hk-4p-v0", opponents="greedy")`` (after ``import tingpai.env``,
or with the id ``"tingpai.env:tingpai/hk-4p-v0"``) seats the learner at ``seat`` (default
0; ``"random"``: drawn for each new game from the seeded generator) and bots of level
``opponents`` at the other seats: any name of :func:`tingpai.bot_names` for all of them,
one name per other seat (in seat order, the learner's left out), or one name per seat
(``opponents[s]`` plays seat ``s``; the learner's own entry is ignored and may be None
when its seat is fixed).  Each step plays the learner's action, then the bots' until the
learner must decide again or the episode ends; the reward is the learner's share of the
points that moved (:mod:`tingpai.env.table`: hand or game episodes and rewards).  The
observation is the Dict of :mod:`tingpai.env.aec` (the vector of
:mod:`tingpai.env.encoding` and the 136-slot ``action_mask``); ``info["action_mask"]``
repeats the mask for libraries that look there, :meth:`TingpaiGymEnv.action_masks` gives
it as booleans (sb3-contrib's ``MaskablePPO`` asks for that), and ``info["seat"]`` is the
learner's seat (with ``seat="random"`` it changes when a new game begins).  An illegal
action plays a random legal one instead and sets ``info["illegal_action"]``
(``illegal="raise"`` makes it an error), as learners that ignore masks and Gymnasium's own
``check_env`` send any index.  ``env.unwrapped.table.current()`` is the engine's
:class:`~tingpai.engine.hand.Hand` in play (``observe(seat)``, ``legal_actions(seat)``,
``result``), for rule-based baselines and imitation of the bots.

An episode's rewards always sum to the learner's points change over it (times
``reward_scale``, plus any ``illegal_penalty``), hands it had no say in included.
``reset`` returns a state in which the learner must decide, so when the bots end a hand
before the learner's first decision (Blessing of Heaven, a win on the dealer's first
discard, a robbed kong) ``reset`` plays on: it deals the game's next hand (or, when that
hand ended the game, starts the next game, as a reset without a seed would) and lets the
bots play until the learner must decide.  Such hands belong to the episode that follows,
and the learner's points from them come with its first step's reward.  A hand episode is
then those hands and the one the learner plays (its rewards sum to the learner's deltas
over all of them); a game episode whose whole game ended without a decision of the
learner also holds the next game (its rewards sum to the learner's net points of both;
with ``seat="random"``, at its seat in each).  Dealers, winds and scores follow the game
as the rules move them: no hand is skipped or dealt again.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium
from gymnasium import spaces

from tingpai.bots import Bot, bot_names, find_bot
from tingpai.engine.actions import ACTION_SPACE_SIZE
from tingpai.env.aec import observation_space, render, seed_number, split_options
from tingpai.env.encoding import Encoder, encode_mask
from tingpai.env.table import EnvTable, StepResult, index_number
from tingpai.rules import ruleset_ids
from tingpai.rules.ruleset import Ruleset

ENV_PREFIX = "tingpai/"
ENV_VERSION = "-v0"
PLAY_ON_LIMIT = 1000
"""How many episodes in a row the bots may end before the learner's first decision before
``reset`` gives up (RuntimeError) rather than play on for ever: only a table rigged so that
the learner never decides gets there."""


def env_id(rules: str) -> str:
    """The Gymnasium id of a ruleset id: ``tingpai/hk-4p-v0``.

    >>> env_id("hu-3p")
    'tingpai/hu-3p-v0'
    """
    return f"{ENV_PREFIX}{rules}{ENV_VERSION}"


class TingpaiGymEnv(gymnasium.Env[dict[str, Any], int]):
    """One learning seat at a table of bots (see the module docstring).

    Attributes a researcher reads through ``env.unwrapped``: ``ruleset``, ``seat`` (the
    learner's seat now), ``opponents`` (the bot levels), ``table`` (the
    :class:`~tingpai.env.table.EnvTable`: ``table.current()`` is the hand in play,
    ``table.match`` its game) and ``encoder`` (the observation vector's
    :class:`~tingpai.env.encoding.Encoder`).  ``registered_as`` is the ruleset id a
    registered Gymnasium id plays (:func:`register_envs` sets it): ``rules`` of another id
    is refused there, a variant of the same id (``min_fan=3``) is not.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 - Gymnasium reads it from the class
        "render_modes": ["ansi", "human"],
        "render_fps": 1,
    }

    def __init__(
        self,
        rules: Ruleset | str = "hu-4p",
        *,
        opponents: str | Sequence[str | None] = "greedy",
        seat: int | str = 0,
        render_mode: str | None = None,
        score_scale: float | None = None,
        illegal: str = "substitute",
        registered_as: str | None = None,
        **options: Any,
    ) -> None:
        ruleset, env_options = split_options(
            rules, options, ("opponents", "seat", "render_mode", "score_scale", "illegal")
        )
        if registered_as is not None and ruleset.id != registered_as:
            # gymnasium.make merges its keywords over the id's: rules= would silently
            # play another table under this id (a variant of the same id is welcome).
            raise ValueError(
                f"{env_id(registered_as)} plays {registered_as}, not rules={rules!r}: make "
                f"{env_id(ruleset.id)!r} instead (ruleset options such as min_fan=3 make a "
                "variant of the id's own table)"
            )
        players = ruleset.options.players
        if seat != "random":
            number = index_number(seat)
            if number is None or not 0 <= number < players:
                raise ValueError(f"seat must be 0-{players - 1} or 'random', got {seat!r}")
            seat = number
        if isinstance(opponents, str):
            names: list[str | None] = [opponents]
        elif isinstance(opponents, Sequence):
            names = list(opponents)
        else:
            raise ValueError(
                f"opponents must be a bot level ({', '.join(bot_names())}) or a list of "
                f"them, got {opponents!r}"
            )
        if len(names) == 1:
            names = names * (players - 1)
        if len(names) not in (players - 1, players):
            raise ValueError(
                f"{len(names)} opponents for a {players}-player table: give one level, "
                f"{players - 1} (the other seats) or {players} (one per seat)"
            )
        per_seat = len(names) == players
        for s, name in enumerate(names):
            if per_seat and name is None and s == seat:
                continue  # the learner's own entry
            if name is None:
                raise ValueError(
                    f"unknown bot None at opponents[{s}]: only the learner's own entry of a "
                    "list with one level per seat may be None, and only when its seat is fixed"
                )
            if name not in bot_names():
                raise ValueError(f"unknown bot {name!r} (known: {', '.join(bot_names())})")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be ansi, human or None, got {render_mode!r}")
        self.ruleset = ruleset
        self.opponents: tuple[str | None, ...] = tuple(names)
        self._per_seat = per_seat
        self.seat_choice = seat
        self.render_mode = render_mode
        self.table = EnvTable(ruleset, illegal=illegal, **env_options)
        self.encoder = Encoder(ruleset, score_scale)
        self.observation_space = observation_space()
        self.action_space: spaces.Space[Any] = spaces.Discrete(ACTION_SPACE_SIZE)
        self.seat: int = seat if isinstance(seat, int) else 0
        self._bots: list[Bot | None] = []
        self._match_seen: object = None
        self._carried = 0.0
        """The learner's reward from the bots' play before its first decision (hands, or
        a whole game, they ended before it: the module docstring), paid with the first
        step's reward."""

    def _seat_bots_for_new_match(self) -> None:
        """Seat the learner and the bots when the table has begun a new game."""
        if self.table.match is not self._match_seen:
            self._match_seen = self.table.match
            self._seat_bots()

    def _seat_bots(self) -> None:
        """A new game began: choose the learner's seat and seed fresh bots."""
        rng = self.table.rng
        players = self.ruleset.options.players
        if self.seat_choice == "random":
            self.seat = rng.randrange(players)
        if self._per_seat:
            levels = [lvl for s, lvl in enumerate(self.opponents) if s != self.seat]
        else:
            levels = list(self.opponents)
        others = iter(levels)
        self._bots = [
            None if s == self.seat
            else find_bot(str(next(others)), random.Random(rng.getrandbits(64)))
            for s in range(players)
        ]

    def _observation(self) -> tuple[dict[str, Any], dict[str, Any]]:
        obs = self.table.current().observe(self.seat)
        mask = encode_mask(obs)
        return (
            {"observation": self.encoder.encode(obs), "action_mask": mask},
            {"action_mask": mask, "seat": self.seat},
        )

    def _play_bots(self) -> StepResult | None:
        """Let the bots act until the learner must decide; the combined result of their
        actions (None when they had nothing to do)."""
        total: StepResult | None = None
        while True:
            hand = self.table.current()
            if hand.is_over:
                return total
            seats = hand.to_act()
            if self.seat in seats:
                return total
            seat = seats[0]
            bot = self._bots[seat]
            assert bot is not None
            result = self.table.apply(bot.act(hand.observe(seat)))
            total = result if total is None else _combine(total, result)
            if result.terminated:
                return total

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """Start an episode; the bots play until the learner's first decision.  ``seed``:
        None or a whole number of at least 0 (numpy's integers too), as the PettingZoo
        environment takes it."""
        if seed is not None:
            # Gymnasium's own check refuses a numpy integer and takes True as seed 1.
            seed = seed_number(seed)
        super().reset(seed=seed)
        self.table.reset(seed)
        self._seat_bots_for_new_match()
        carried = 0.0
        result = self._play_bots()
        skipped = 0
        while result is not None and result.terminated:
            # The bots ended the episode before the learner ever had to decide (a hand won
            # by Blessing of Heaven, a win on the dealer's first discard): play on to a
            # decision of the learner; the points it won or lost come with the first
            # step's reward (see the module docstring).
            carried += result.rewards[self.seat]
            skipped += 1
            if skipped > PLAY_ON_LIMIT:
                raise RuntimeError(
                    f"the bots ended {skipped} episodes in a row before the learner's first "
                    "decision: does the learner's seat ever get to decide at this table?"
                )
            self.table.reset(None)
            self._seat_bots_for_new_match()
            result = self._play_bots()
        if result is not None:
            # A game episode: hands the bots ended before the learner's first decision.
            carried += result.rewards[self.seat]
        self._carried = carried
        if self.render_mode == "human":
            self.render()
        return self._observation()

    def step(
        self, action: int
    ) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        """Play the learner's action, then the bots' turns."""
        if self.table.hand is not None and self.table.hand.is_over:
            # (Not "seat 0 has nothing to decide now", as if the environment were stuck.)
            raise ValueError("the episode is over: call reset()")
        result = self.table.step(self.seat, action)
        if not result.terminated:
            bots = self._play_bots()
            if bots is not None:
                result = _combine(result, bots)
        obs, info = self._observation()
        if result.illegal:
            info["illegal_action"] = True
        if self.render_mode == "human":
            self.render()
        reward = result.rewards[self.seat] + self._carried
        self._carried = 0.0
        return obs, float(reward), result.terminated, False, info

    def action_masks(self) -> Any:
        """The learner's legal actions now as a boolean array over the 136 action indexes
        (all False once the episode is over): the method sb3-contrib's ``MaskablePPO``
        calls, equal to the observation's ``action_mask``."""
        return encode_mask(self.table.current().observe(self.seat)).astype(bool)

    def render(self) -> str | None:
        """The table as text (``ansi``), or printed (``human``); the learner's seat is
        marked and the last line says who acts or how the hand ended."""
        return render(self.render_mode, self.table.current(), self.seat)


def _combine(first: StepResult, then: StepResult) -> StepResult:
    return StepResult(
        tuple(a + b for a, b in zip(first.rewards, then.rewards, strict=True)),
        first.terminated or then.terminated,
        first.illegal or then.illegal,
    )


def register_envs() -> list[str]:
    """Register ``tingpai/<id>-v0`` for every ruleset id registered now (idempotent, so
    call it again after :func:`tingpai.rules.register` adds a table); the ids."""
    ids = []
    for rules in ruleset_ids():
        name = env_id(rules)
        if name not in gymnasium.registry:
            gymnasium.register(
                id=name,
                entry_point="tingpai.env.gym_env:TingpaiGymEnv",
                kwargs={"rules": rules, "registered_as": rules},
            )
        ids.append(name)
    return ids

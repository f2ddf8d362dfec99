"""The PettingZoo AEC environment: every seat an agent, :func:`pettingzoo_env`.

Agents are ``player_0`` ... ``player_{n-1}`` (seat numbers; seat 0 deals the first hand).
The agent selected is the seat that must decide now; when a discard can be claimed by
several seats, each is asked in turn order (the answers are resolved by priority once all
have answered, so no seat learns another's answer early).  Observations are dicts
``{"observation": float32[502], "action_mask": int8[136]}`` (:mod:`tingpai.env.encoding`);
actions are indexes of the engine's action space; episodes, rewards, seeding and illegal
actions are as :mod:`tingpai.env.table` describes.  An agent's ``info`` is empty, or
``{"illegal_action": True}`` after its illegal action was replaced by a random legal one
(``illegal="substitute"``).  Nothing is truncated.  ``render_mode="ansi"`` renders the
table (every hand open) as text, with a last line saying who acts or how the hand ended;
``"human"`` prints it.  ``env.table.current()`` is the engine's hand in play.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from tingpai.engine.actions import ACTION_SPACE_SIZE
from tingpai.engine.hand import Hand
from tingpai.env.encoding import OBS_SIZE, Encoder, encode_mask, observation_bounds
from tingpai.env.table import EnvTable, index_number
from tingpai.rules import RuleError, find_ruleset, ruleset_spec
from tingpai.rules.ruleset import Ruleset

ENV_OPTIONS = frozenset(
    {"episode", "rewards", "reward_scale", "illegal", "illegal_penalty"}
)
"""Keyword arguments that configure the environment rather than the ruleset."""


def observation_space() -> spaces.Dict:
    """The observation space both environments share."""
    low, high = observation_bounds()
    return spaces.Dict(
        {
            "observation": spaces.Box(low, high, shape=(OBS_SIZE,), dtype=np.float32),
            "action_mask": spaces.Box(0, 1, shape=(ACTION_SPACE_SIZE,), dtype=np.int8),
        }
    )


def split_options(
    rules: Ruleset | str, options: dict[str, Any], keywords: Iterable[str] = ()
) -> tuple[Ruleset, dict[str, Any]]:
    """The ruleset (ruleset options applied) and the environment options.  ``keywords``:
    the environment's own named arguments, listed with :data:`ENV_OPTIONS` when a word is
    neither (a typo of ``episode`` is not only "no option of hu-4p")."""
    env_options = {k: v for k, v in options.items() if k in ENV_OPTIONS}
    rule_options = {k: v for k, v in options.items() if k not in ENV_OPTIONS}
    own = ", ".join(sorted(ENV_OPTIONS.union(keywords)))
    if isinstance(rules, Ruleset):
        if rule_options:
            names = ", ".join(repr(k) for k in rule_options)
            raise ValueError(
                f"ruleset options go with a ruleset id, not with a Ruleset object: got "
                f"{names} (environment options: {own})"
            )
        return rules, env_options
    spec = ruleset_spec(rules)
    for name in rule_options:
        if name not in spec.options:
            raise RuleError(
                f"unknown option {name!r} for {spec.id} (ruleset options: "
                f"{', '.join(sorted(spec.options))}; environment options: {own})"
            )
    return find_ruleset(rules, **rule_options), env_options


def seed_number(seed: object) -> int:
    """A reset seed as a Python int: a whole number of at least 0 (a numpy integer too);
    ValueError naming it otherwise (it used to fail with a TypeError about adding a str to
    an int, or with Gymnasium's complaint about a numpy integer)."""
    number = index_number(seed)
    if number is None or number < 0:
        raise ValueError(f"seed must be None or a whole number of at least 0, got {seed!r}")
    return number


def render_table(hand: Hand, learner: int | None = None) -> str:
    """The whole table as text (every concealed hand shown, as ``print(hand)`` shows it):
    for watching, not for agents.  The last line says who must act now or how the hand
    ended (:meth:`Hand.status_line`); ``learner`` marks the learning seat of the Gymnasium
    environment."""
    lines = str(hand).split("\n")
    if learner is not None:
        lines[1 + learner] += "  (learner)"
    return "\n".join(lines)


def render(mode: str | None, hand: Hand, learner: int | None = None) -> str | None:
    """What ``render()`` gives in a render mode: the table's text (``ansi``), or None after
    printing it (``human``), or None (no mode)."""
    if mode is None:
        return None
    text = render_table(hand, learner)
    if mode == "human":
        print(text)
        return None
    return text


class TingpaiAECEnv(AECEnv[str, dict[str, Any], int]):  # type: ignore[misc]
    """One table of one ruleset, every seat an agent (see the module docstring)."""

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo reads it from the class
        "name": "tingpai_v0",
        "render_modes": ["ansi", "human"],
        "render_fps": 1,
        "is_parallelizable": False,
    }

    def __init__(
        self,
        rules: Ruleset | str = "hu-4p",
        *,
        render_mode: str | None = None,
        score_scale: float | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        ruleset, env_options = split_options(rules, options, ("render_mode", "score_scale"))
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be ansi, human or None, got {render_mode!r}")
        self.ruleset = ruleset
        self.render_mode = render_mode
        self.table = EnvTable(ruleset, **env_options)
        self.encoder = Encoder(ruleset, score_scale)
        n = ruleset.options.players
        self.possible_agents = [f"player_{s}" for s in range(n)]
        self._seat = {a: s for s, a in enumerate(self.possible_agents)}
        # PettingZoo's documented attributes (its own environments and some learning
        # libraries read the dicts rather than the methods): one space per agent.
        self.observation_spaces: dict[str, spaces.Space[Any]] = {
            a: observation_space() for a in self.possible_agents
        }
        self.action_spaces: dict[str, spaces.Space[Any]] = {
            a: spaces.Discrete(ACTION_SPACE_SIZE) for a in self.possible_agents
        }
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The Dict observation space (equal for every agent; ``observation_spaces``)."""
        try:
            return self.observation_spaces[agent]
        except (KeyError, TypeError):
            raise self._unknown(agent) from None

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """Discrete(136): the engine's action index space (``action_spaces``)."""
        try:
            return self.action_spaces[agent]
        except (KeyError, TypeError):
            raise self._unknown(agent) from None

    def _unknown(self, agent: object) -> KeyError:
        """The error for a name that is no agent's (a seat number, a misspelling)."""
        return KeyError(
            f"unknown agent {agent!r} (agents: {', '.join(self.possible_agents)}; agent "
            "names, not seat numbers)"
        )

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start an episode (``options`` is accepted and unused).  ``seed``: None or a
        whole number of at least 0 (numpy's integers too), as Gymnasium's seeding takes."""
        if seed is not None:
            seed = seed_number(seed)
            for i, agent in enumerate(self.possible_agents):
                self.action_spaces[agent].seed(seed + i)
        self.table.reset(seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.table.to_act()[0]]

    def observe(self, agent: str) -> dict[str, Any]:
        """The agent's observation dict (its action mask is all zero when it has nothing
        to decide; a claimant not yet asked already sees its claims)."""
        try:
            seat = self._seat[agent]
        except (KeyError, TypeError):  # TypeError: an unhashable value
            raise self._unknown(agent) from None
        obs = self.table.current().observe(seat)
        return {"observation": self.encoder.encode(obs), "action_mask": encode_mask(obs)}

    def step(self, action: int | None) -> None:
        """Play the selected agent's action (None for an agent whose episode ended)."""
        self.table.current()  # never reset: say so, not that the episode is over
        if not self.agents:
            raise ValueError("the episode is over (every agent is done): call reset()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        result = self.table.step(self._seat[agent], action)
        self._cumulative_rewards[agent] = 0.0
        for a in self.agents:
            self.rewards[a] = result.rewards[self._seat[a]]
        self.infos[agent] = {"illegal_action": True} if result.illegal else {}
        if result.terminated:
            for a in self.agents:
                self.terminations[a] = True
            self.agent_selection = agent
        else:
            self.agent_selection = self.possible_agents[self.table.to_act()[0]]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The table as text (``ansi``), or printed (``human``)."""
        return render(self.render_mode, self.table.current())

    def close(self) -> None:
        """Nothing to release."""


def pettingzoo_env(rules: Ruleset | str = "hu-4p", **options: Any) -> TingpaiAECEnv:
    """The PettingZoo AEC environment of a ruleset id (or a :class:`Ruleset`).

    ``options`` are ruleset options (``min_fan=1``, ``max_hands=8``) and the environment's
    own: ``episode``, ``rewards``, ``reward_scale``, ``illegal``,
    ``illegal_penalty`` (:mod:`tingpai.env.table`), ``score_scale``
    (:mod:`tingpai.env.encoding`) and ``render_mode``.

    >>> env = pettingzoo_env("hk-4p", min_fan=1)
    >>> env.reset(seed=7)
    >>> obs, reward, terminated, truncated, info = env.last()
    >>> obs["observation"].shape, int(obs["action_mask"].sum()) > 0, env.agent_selection
    ((502,), True, 'player_0')
    """
    return TingpaiAECEnv(rules, **options)

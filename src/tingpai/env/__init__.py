"""Environments for learning agents (the ``env`` extra: gymnasium, pettingzoo).

* :func:`pettingzoo_env` ``(rules, **options)``: a PettingZoo AEC environment in which
  every seat is an agent (:mod:`tingpai.env.aec`).
* ``gymnasium.make("tingpai/<ruleset-id>-v0", opponents="greedy")``: one learning seat
  against bots of a chosen level (:mod:`tingpai.env.gym_env`); importing this package
  registers an id for every ruleset id (call :func:`register_envs` again after
  registering a ruleset of your own).

Both share the observation encoding (:mod:`tingpai.env.encoding`: a 502-value vector and
the engine's 136-slot action mask) and the game loop (:mod:`tingpai.env.table`: hand or
game episodes, rewards in points, seeding, illegal actions).

>>> import gymnasium, tingpai.env
>>> env = gymnasium.make("tingpai/hu-2p-v0", opponents="random")
>>> obs, info = env.reset(seed=1)
>>> obs["observation"].shape, obs["action_mask"].shape
((502,), (136,))
"""

from __future__ import annotations

from tingpai.env.aec import TingpaiAECEnv, pettingzoo_env
from tingpai.env.encoding import OBS_SIZE, Encoder
from tingpai.env.gym_env import TingpaiGymEnv, env_id, register_envs
from tingpai.env.table import EnvTable

ENV_IDS = tuple(register_envs())
"""The Gymnasium ids registered at import, one per ruleset id then registered; a ruleset
registered later (:func:`tingpai.rules.register`) gets its id from :func:`register_envs`."""

__all__ = [
    "ENV_IDS",
    "OBS_SIZE",
    "Encoder",
    "EnvTable",
    "TingpaiAECEnv",
    "TingpaiGymEnv",
    "env_id",
    "pettingzoo_env",
    "register_envs",
]

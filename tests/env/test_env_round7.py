"""Seventh audit of the environments: an environment used before its first reset says to
reset it, rather than that the episode is over; and the checks a researcher runs first
(Gymnasium's ``check_env`` with its render check, PettingZoo's ``render_test``, vector
environments) pass for every ruleset id the registry lists."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")
from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import render_test  # noqa: E402

import tingpai  # noqa: E402
import tingpai.env  # noqa: E402
from tingpai.env import TingpaiGymEnv, pettingzoo_env  # noqa: E402

IDS = tingpai.ruleset_ids()
NEVER_RESET = "reset\\(\\) the environment first: no hand has been dealt yet"


def test_an_aec_step_before_any_reset_says_to_reset() -> None:
    """It used to say "the episode is over (every agent is done): call reset()" of an
    environment that had never begun one."""
    env = pettingzoo_env("hu-2p")
    with pytest.raises(RuntimeError, match=NEVER_RESET):
        env.step(0)
    with pytest.raises(RuntimeError, match=NEVER_RESET):
        env.observe("player_0")
    env.reset(seed=1)
    assert env.last()[0]["action_mask"].any()


def test_a_gym_step_before_any_reset_says_to_reset() -> None:
    """It said "reset() the environment before stepping it" to a ``render()`` too."""
    env = TingpaiGymEnv("hu-2p", opponents="random", render_mode="ansi")
    with pytest.raises(RuntimeError, match=NEVER_RESET):
        env.step(0)
    with pytest.raises(RuntimeError, match=NEVER_RESET):
        env.render()


@pytest.mark.parametrize("rules", IDS)
def test_check_env_with_its_render_check(rules: str) -> None:
    for mode in ("ansi", "human"):
        env = gymnasium.make(tingpai.env.env_id(rules), opponents="random", render_mode=mode)
        check_env(env.unwrapped)


@pytest.mark.parametrize("rules", IDS)
def test_pettingzoo_render_test(rules: str) -> None:
    render_test(lambda render_mode=None: pettingzoo_env(rules, render_mode=render_mode))


@pytest.mark.parametrize("mode", ["sync", "async"])
def test_vector_environments_play_whole_hands(mode: str) -> None:
    """Next-step autoreset: the step after an episode's end resets that environment (the
    mask at the end is all zero, so any index is sent then)."""
    envs = gymnasium.make_vec("tingpai/hu-2p-v0", num_envs=2, vectorization_mode=mode,
                              opponents="random")
    rng = np.random.default_rng(0)
    obs, _ = envs.reset(seed=3)
    ended = 0
    try:
        for _ in range(300):
            actions: list[Any] = [
                int(rng.choice(np.flatnonzero(m))) if m.any() else 0
                for m in obs["action_mask"]
            ]
            obs, _, terminated, _, _ = envs.step(np.array(actions))
            ended += int(terminated.sum())
    finally:
        envs.close()
    assert ended >= 2

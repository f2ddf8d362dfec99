"""Tenth audit of the environments, as a researcher scripts a PettingZoo AEC loop.

``env.observe(0)`` (a seat number where the agent's name belongs) raised a bare
``KeyError: 0``, and ``observe``, ``action_space`` and ``observation_space`` of a
misspelt agent a bare ``KeyError`` too: each now names the agent and lists the agents.
"""

from __future__ import annotations

import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import tingpai.env


@pytest.mark.parametrize("method", ["observe", "action_space", "observation_space"])
@pytest.mark.parametrize("agent", [0, "player_9", "Player_0"])
def test_an_unknown_agent_is_named_with_the_agents(method: str, agent: object) -> None:
    env = tingpai.env.pettingzoo_env("hu-2p")
    env.reset(seed=1)
    with pytest.raises(KeyError, match=r"agent .*(player_0, player_1)"):
        getattr(env, method)(agent)


def test_known_agents_still_answer() -> None:
    env = tingpai.env.pettingzoo_env("hu-2p")
    env.reset(seed=1)
    for agent in env.possible_agents:
        assert env.observe(agent)["action_mask"].shape == (136,)
        assert env.action_space(agent).n == 136
        assert env.observation_space(agent) is env.observation_spaces[agent]

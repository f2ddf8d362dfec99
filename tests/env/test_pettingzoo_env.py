"""The PettingZoo AEC environment: PettingZoo's own checks for every ruleset id, rewards
in points, seeding and illegal actions."""

from __future__ import annotations

import random
import sys
import time
import types
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test, performance_benchmark, seed_test

from tingpai.env import OBS_SIZE, pettingzoo_env
from tingpai.rules import find_ruleset, ruleset_ids

IDS = ruleset_ids()




@pytest.mark.parametrize("rules", IDS)
@pytest.mark.parametrize(
    "config",
    [{}, {"episode": "game", "max_hands": 2}, {"episode": "game", "rewards": "game",
                                               "max_hands": 2}],
    ids=["hand", "game", "game-rewards"],
)
def test_api(rules: str, config: dict[str, Any]) -> None:
    api_test(pettingzoo_env(rules, **config), num_cycles=200)


@pytest.mark.parametrize("rules", IDS)
def test_seed(rules: str) -> None:
    seed_test(lambda: pettingzoo_env(rules, episode="game", max_hands=2), num_cycles=100)


@pytest.mark.parametrize("rules", IDS)
def test_performance_benchmark(rules: str, monkeypatch: pytest.MonkeyPatch,
                               capsys: pytest.CaptureFixture[str]) -> None:
    """PettingZoo's benchmark loop, its 5 seconds on a clock 25 times faster (the real
    figures are measured in benchmarks/bench_env.py)."""
    start = time.time()
    fast = types.SimpleNamespace(time=lambda: start + 25 * (time.time() - start))
    # pettingzoo.test re-exports the function under its module's name: fetch the module.
    module = sys.modules[performance_benchmark.__module__]
    monkeypatch.setattr(module, "time", fast)
    performance_benchmark(pettingzoo_env(rules))
    assert "turns per second" in capsys.readouterr().out


def play(env: Any, seed: int) -> tuple[dict[str, float], int]:
    """Masked random play through one episode; total reward per agent and steps."""
    rng = random.Random(seed)
    env.reset(seed=seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    steps = 0
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        assert obs["observation"].shape == (OBS_SIZE,)
        env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
        steps += 1
    return totals, steps


@pytest.mark.parametrize("rules", IDS)
def test_rewards_are_the_points_that_moved(rules: str) -> None:
    env = pettingzoo_env(rules)
    totals, _ = play(env, seed=3)
    hand = env.table.current()
    assert hand.is_over
    assert [totals[a] for a in env.possible_agents] == [float(d) for d in hand.deltas]
    assert sum(totals.values()) == 0


def test_game_rewards_equal_the_sum_of_hand_rewards() -> None:
    """hu-2p random games are short: play whole games both ways from one seed."""
    by_hand, _ = play(pettingzoo_env("hu-2p", episode="game", rewards="hand"), seed=5)
    env = pettingzoo_env("hu-2p", episode="game", rewards="game")
    by_game, _ = play(env, seed=5)
    assert by_hand == by_game
    match = env.table.match
    assert match is not None and match.is_over
    start = find_ruleset("hu-2p").options.start_points
    assert [by_game[a] for a in env.possible_agents] == [s - start for s in match.scores]


def test_the_ruleset_option_max_hands_ends_game_episodes() -> None:
    env = pettingzoo_env("hk-4p", episode="game", max_hands=2)
    totals, _ = play(env, seed=1)
    match = env.table.match
    assert match is not None and match.is_over and len(match.hands) == 2
    assert env.agents == []
    assert sum(totals.values()) == 0


def test_same_seed_same_episode_and_hand_episodes_walk_through_a_game() -> None:
    a, steps_a = play(pettingzoo_env("hu-4p"), seed=11)
    b, steps_b = play(pettingzoo_env("hu-4p"), seed=11)
    assert (a, steps_a) == (b, steps_b)
    env = pettingzoo_env("hu-4p")
    env.reset(seed=2)
    match = env.table.match
    for _ in range(3):
        for _agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            action = None if terminated or truncated else int(np.flatnonzero(obs["action_mask"])[0])
            env.step(action)
        env.reset()
    assert env.table.match is match and len(match.hands) == 4  # one game, hand after hand


def test_illegal_actions() -> None:
    env = pettingzoo_env("hu-4p")
    env.reset(seed=1)
    agent = env.agent_selection
    obs = env.observe(agent)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    history = list(env.table.current().history)
    with pytest.raises(ValueError, match=f"action {illegal} .* is not legal for seat 0"):
        env.step(illegal)
    with pytest.raises(ValueError, match="not an index"):
        env.step(500)
    assert env.table.current().history == history and env.agent_selection == agent
    lenient = pettingzoo_env("hu-4p", illegal="substitute", illegal_penalty=-10.0)
    lenient.reset(seed=1)
    lenient.step(illegal)
    assert lenient.infos["player_0"] == {"illegal_action": True}
    assert lenient._cumulative_rewards["player_0"] == -10.0
    assert len(lenient.table.current().history) == 1


def test_a_step_after_the_episode_ended_names_the_problem() -> None:
    env = pettingzoo_env("hu-2p")
    env.reset(seed=2)
    for _agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        env.step(None if terminated or truncated
                 else int(np.flatnonzero(obs["action_mask"])[0]))
    assert env.agents == []
    with pytest.raises(ValueError, match=r"the episode is over .*call reset"):
        env.step(0)


def test_options_and_render() -> None:
    env = pettingzoo_env("hk-4p", min_fan=1, render_mode="ansi")
    assert env.ruleset.option_values["min_fan"] == 1
    env.reset(seed=4)
    text = env.render()
    assert text is not None and "seat 3:" in text and "hk-4p" in text
    with pytest.raises(ValueError, match="episode must be one of hand, game"):
        pettingzoo_env("hu-4p", episode="round")
    with pytest.raises(ValueError, match="unknown option 'colour'"):
        pettingzoo_env("hu-4p", colour="red")

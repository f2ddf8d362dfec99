"""Second audit of the environments against PettingZoo's and Gymnasium's documented API and
the README: the spaces dicts PettingZoo documents, and the README's opponents "one for all
seats or one per seat"."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import tingpai.env  # noqa: E402
from tingpai.env import TingpaiGymEnv, pettingzoo_env  # noqa: E402
from tingpai.rules import find_ruleset, ruleset_ids  # noqa: E402


@pytest.mark.parametrize("rules", ruleset_ids())
def test_the_spaces_dicts_pettingzoo_documents(rules: str) -> None:
    """PettingZoo's AECEnv documents ``observation_spaces`` and ``action_spaces`` (dicts
    keyed by every possible agent, what its own classic environments and some learning
    libraries read); they agree with the methods."""
    env = pettingzoo_env(rules)
    assert set(env.observation_spaces) == set(env.possible_agents)
    assert set(env.action_spaces) == set(env.possible_agents)
    env.reset(seed=1)
    for agent in env.possible_agents:
        assert env.observation_spaces[agent] is env.observation_space(agent)
        assert env.action_spaces[agent] is env.action_space(agent)
        assert env.action_spaces[agent].n == 136  # type: ignore[attr-defined]
        assert env.observation_spaces[agent].contains(env.observe(agent))


def test_seeding_the_action_spaces_dict_is_what_reset_seeds() -> None:
    a, b = pettingzoo_env("hu-4p"), pettingzoo_env("hu-4p")
    a.reset(seed=3)
    b.reset(seed=3)
    obs = a.observe(a.agent_selection)["action_mask"]
    draws_a = [a.action_spaces[a.agent_selection].sample(obs) for _ in range(5)]
    draws_b = [b.action_space(b.agent_selection).sample(obs) for _ in range(5)]
    assert draws_a == draws_b


def bot_levels(env: Any) -> list[str | None]:
    return [b.name if b else None for b in env.unwrapped._bots]


def test_opponents_one_per_seat_as_the_readme_says() -> None:
    """README: "Opponents are any level of tingpai.bot_names(), one for all seats or one per
    seat": a list with an entry for every seat works, the learner's own entry ignored."""
    env = gymnasium.make("tingpai/hk-4p-v0", opponents=["expert", "random", "greedy", "value"],
                         min_fan=1)
    env.reset(seed=2)
    assert bot_levels(env) == [None, "random", "greedy", "value"]
    env = gymnasium.make("tingpai/hk-4p-v0", opponents=["random", "greedy", "value", "expert"],
                         seat=2)
    env.reset(seed=2)
    assert bot_levels(env) == ["random", "greedy", None, "expert"]
    # None for the learner's fixed seat is fine, as is a 2-seat table's list of two.
    env = gymnasium.make("tingpai/hu-2p-v0", opponents=[None, "random"])
    obs, _ = env.reset(seed=2)
    assert bot_levels(env) == [None, "random"] and obs["action_mask"].sum() > 0


def test_one_per_seat_follows_a_random_seat() -> None:
    levels = ["random", "greedy", "value", "expert"]
    env = TingpaiGymEnv("hk-4p", opponents=levels, seat="random")
    seen = set()
    for seed in range(12):
        _, info = env.reset(seed=seed)
        seat = info["seat"]
        seen.add(seat)
        assert bot_levels(env) == [None if s == seat else lv for s, lv in enumerate(levels)]
    assert seen == {0, 1, 2, 3}


def test_one_per_other_seat_still_works_and_bad_lists_are_refused() -> None:
    env = TingpaiGymEnv("hk-4p", opponents=["greedy", "random", "value"], seat=1)
    env.reset(seed=0)
    assert bot_levels(env) == ["greedy", None, "random", "value"]
    with pytest.raises(ValueError, match="5 opponents for a 4-player table"):
        TingpaiGymEnv("hk-4p", opponents=["greedy"] * 5)
    with pytest.raises(ValueError, match="unknown bot None"):
        TingpaiGymEnv("hk-4p", opponents=[None, "greedy", "greedy", "greedy"], seat="random")
    with pytest.raises(ValueError, match="unknown bot None"):
        TingpaiGymEnv("hk-4p", opponents=["greedy", None, "greedy", "greedy"])


def test_seat_takes_any_integer_but_not_a_bool() -> None:
    env = TingpaiGymEnv("hu-4p", seat=np.int64(2))  # type: ignore[arg-type]
    _, info = env.reset(seed=0)
    assert info["seat"] == 2 and type(info["seat"]) is int
    with pytest.raises(ValueError, match="seat must be 0-3"):
        TingpaiGymEnv("hu-4p", seat=True)


def test_a_game_against_per_seat_opponents_pays_the_learner_its_points() -> None:
    env = TingpaiGymEnv("hk-4p", opponents=["greedy", "greedy", "random", "greedy"], seat=0,
                        episode="game", rewards="game", max_hands=2, min_fan=1)
    rng = np.random.default_rng(0)
    obs, _ = env.reset(seed=5)
    total = 0.0
    while True:
        obs, reward, terminated, truncated, _ = env.step(
            int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        total += reward
        if terminated or truncated:
            break
    match = env.table.match
    assert match is not None and match.is_over
    assert total == match.scores[0] - find_ruleset("hk-4p").options.start_points
    assert tingpai.env.ENV_IDS  # the registration ran

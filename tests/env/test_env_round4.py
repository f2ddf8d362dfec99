"""Fourth audit of the environments: settings that cannot work are refused when the
environment is made (they used to fail as a TypeError or a NaN reward when the first hand
ended, or silently turn the scores' signs), reset seeds PettingZoo's way, the Gymnasium
opponents given as something that is no level at all, and a table built in code played
through both environments like a ruleset id."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")
from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

from tingpai.env import TingpaiGymEnv, pettingzoo_env  # noqa: E402
from tingpai.rules import find_ruleset  # noqa: E402
from tingpai.rules.ruleset import Ruleset  # noqa: E402


def house(base: str, **options: Any) -> Ruleset:
    """A host's own table: a Ruleset built in code under an id no registry knows."""
    b = find_ruleset(base, **options)
    return Ruleset(id="house-table", name="House table", options=b.options,
                   patterns=b.patterns, payment=b.payment,
                   option_values=dict(b.option_values), policy_factory=b.policy_factory)


def make_aec(**settings: Any) -> Any:
    return pettingzoo_env("hu-2p", **settings)


def make_gym(**settings: Any) -> Any:
    return TingpaiGymEnv("hu-2p", opponents="random", **settings)


BAD_SETTINGS = [
    ({"reward_scale": "x"}, "reward_scale must be a finite number"),
    ({"reward_scale": float("nan")}, "reward_scale must be a finite number"),
    ({"reward_scale": float("inf")}, "reward_scale must be a finite number"),
    ({"reward_scale": None}, "reward_scale must be a finite number"),
    ({"reward_scale": True}, "reward_scale must be a finite number"),
    ({"illegal_penalty": "x"}, "illegal_penalty must be a finite number"),
    ({"illegal_penalty": float("-inf")}, "illegal_penalty must be a finite number"),
    ({"score_scale": 0}, "score_scale must be a positive finite number"),
    ({"score_scale": -1.0}, "score_scale must be a positive finite number"),
    ({"score_scale": float("inf")}, "score_scale must be a positive finite number"),
    ({"score_scale": float("nan")}, "score_scale must be a positive finite number"),
    ({"score_scale": "x"}, "score_scale must be a positive finite number"),
    ({"score_scale": True}, "score_scale must be a positive finite number"),
]


@pytest.mark.parametrize("make", [make_aec, make_gym], ids=["aec", "gym"])
@pytest.mark.parametrize(("settings", "named"), BAD_SETTINGS,
                         ids=[repr(s) for s, _ in BAD_SETTINGS])
def test_settings_that_cannot_work_are_refused_at_once(
    make: Any, settings: dict[str, Any], named: str
) -> None:
    """``reward_scale="x"`` used to be accepted and end the first hand in a TypeError;
    ``reward_scale=nan`` gave NaN rewards; ``score_scale=-1`` turned every score's sign."""
    with pytest.raises(ValueError, match=named):
        make(**settings)


@pytest.mark.parametrize("make", [make_aec, make_gym], ids=["aec", "gym"])
def test_numpy_numbers_are_settings_too(make: Any) -> None:
    env = make(reward_scale=np.float32(0.5), illegal_penalty=np.int64(-1),
               score_scale=np.float64(1000.0))
    assert env.table.reward_scale == 0.5 and type(env.table.reward_scale) is float
    assert env.table.illegal_penalty == -1.0
    assert env.encoder.score_scale == 1000.0


def test_the_score_scale_given_is_the_one_used() -> None:
    env = pettingzoo_env("hu-2p", score_scale=500.0)
    assert env.encoder.score_scale == 500.0
    assert pettingzoo_env("hu-2p").encoder.score_scale == 40000.0  # the start points


def aec_trajectory(seed: Any, rules: str | Ruleset = "hu-3p") -> list[Any]:
    env = pettingzoo_env(rules)
    env.reset(seed=seed)
    rng = random.Random(0)
    out: list[Any] = []
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        out.append((agent, reward))
        if terminated or truncated:
            env.step(None)
            continue
        action = rng.choice(np.flatnonzero(obs["action_mask"]).tolist())
        out.append(action)
        env.step(action)
    return out


@pytest.mark.parametrize("seed", ["abc", -1, 1.5, True, [3]])
def test_a_bad_reset_seed_is_named(seed: Any) -> None:
    """A str seed used to fail inside with "can only concatenate str (not "int") to str"."""
    env = pettingzoo_env("hu-2p")
    with pytest.raises(ValueError, match="seed must be None or a whole number"):
        env.reset(seed=seed)


def test_a_numpy_integer_seed_is_the_same_seed() -> None:
    """``reset(seed=np.int64(7))`` (a seed drawn with numpy) used to be refused by the
    action spaces' seeding; it is the game of seed 7."""
    assert aec_trajectory(np.int64(7)) == aec_trajectory(7)
    assert aec_trajectory(7) != aec_trajectory(8)


@pytest.mark.parametrize(
    ("opponents", "named"),
    [
        (None, "opponents must be a bot level"),
        (3, "opponents must be a bot level"),
        ({"seat": "greedy"}, "opponents must be a bot level"),
        (["greedy", None, "random"], r"unknown bot None at opponents\[1\]"),
        (["random", None, "greedy", "greedy"], r"unknown bot None at opponents\[1\]"),
        ("Greedy", "unknown bot 'Greedy'"),
        ("greedy,random,random", "unknown bot"),
    ],
)
def test_opponents_that_are_no_levels_are_a_clear_error(opponents: Any, named: str) -> None:
    """``opponents=None`` used to fail with "'NoneType' object is not iterable"."""
    with pytest.raises(ValueError, match=named):
        gymnasium.make("tingpai/hu-4p-v0", opponents=opponents)


def test_a_none_for_the_learner_seat_is_only_for_a_fixed_seat() -> None:
    env = TingpaiGymEnv("hu-4p", opponents=["random", None, "greedy", "greedy"], seat=1)
    assert env.opponents[1] is None
    with pytest.raises(ValueError, match=r"unknown bot None at opponents\[1\]"):
        TingpaiGymEnv("hu-4p", opponents=["random", None, "greedy", "greedy"], seat="random")


HOUSES = [("hk-4p", {"min_fan": 1}), ("hu-3p", {}), ("hk-fanlaak", {})]


@pytest.mark.parametrize(("base", "options"), HOUSES, ids=[b for b, _ in HOUSES])
def test_a_table_built_in_code_passes_pettingzoos_checks(
    base: str, options: dict[str, Any]
) -> None:
    rules = house(base, **options)
    api_test(pettingzoo_env(rules), num_cycles=300)
    seed_test(lambda: pettingzoo_env(rules), num_cycles=100)
    with pytest.raises(ValueError, match="ruleset options go with a ruleset id"):
        pettingzoo_env(rules, min_fan=1)


@pytest.mark.parametrize(("base", "options"), HOUSES, ids=[b for b, _ in HOUSES])
def test_a_table_built_in_code_plays_as_its_id_does(base: str, options: dict[str, Any]) -> None:
    """The same table under another name deals the same games and pays the same rewards,
    whole hands played to the end."""
    assert aec_trajectory(4, house(base, **options)) == aec_trajectory(
        4, find_ruleset(base, **options))


@pytest.mark.parametrize(("base", "options"), HOUSES, ids=[b for b, _ in HOUSES])
def test_the_gym_env_of_a_table_built_in_code(base: str, options: dict[str, Any]) -> None:
    env = TingpaiGymEnv(house(base, **options), opponents="greedy")
    check_env(env, skip_render_check=True)
    obs, _ = env.reset(seed=2)
    rng = np.random.default_rng(2)
    for _ in range(2000):
        assert env.observation_space.contains(obs)
        obs, _, terminated, truncated, _ = env.step(
            int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        if terminated or truncated:
            break
    assert terminated and not obs["action_mask"].any()

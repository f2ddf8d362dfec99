"""The Gymnasium environment: ``check_env`` for every ruleset id, bots of every level,
rewards, seeding and registration."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")
from gymnasium.utils.env_checker import check_env  # noqa: E402

import tingpai.env  # noqa: E402
from tingpai.bots import bot_names  # noqa: E402
from tingpai.env import TingpaiGymEnv, env_id  # noqa: E402
from tingpai.rules import ruleset_ids  # noqa: E402


def test_every_ruleset_id_is_registered() -> None:
    """Every id registered at import has an env, and ``register_envs`` covers every ruleset
    id registered since (another test module may have registered one first)."""
    at_import = tingpai.env.ENV_IDS
    assert set(at_import) <= {f"tingpai/{r}-v0" for r in ruleset_ids()}
    assert {"tingpai/hu-4p-v0", "tingpai/hk-4p-v0"} <= set(at_import)
    assert tuple(tingpai.env.register_envs()) == tuple(f"tingpai/{r}-v0" for r in ruleset_ids())
    for rules in ruleset_ids():
        assert env_id(rules) in gymnasium.registry


@pytest.mark.parametrize("rules", ruleset_ids())
def test_check_env(rules: str) -> None:
    env = gymnasium.make(env_id(rules), opponents="random")
    check_env(env.unwrapped, skip_render_check=True)
    check_env(TingpaiGymEnv(rules, opponents="greedy", episode="game", max_hands=2,
                            rewards="game", seat="random"), skip_render_check=True)


@pytest.mark.parametrize("level", bot_names())
def test_any_bot_level_as_opponents(level: str) -> None:
    """Every registered level, whatever the registry holds (no list written here)."""
    env = gymnasium.make("tingpai/hu-2p-v0", opponents=level)
    obs, info = env.reset(seed=3)
    assert obs["action_mask"].sum() > 0 and info["seat"] == 0
    _, terminated, steps = play(env, seed=3)
    assert terminated and steps > 0


def play(env: Any, seed: int) -> tuple[float, bool, int]:
    rng = np.random.default_rng(seed)
    obs, _ = env.reset(seed=seed)
    total, steps = 0.0, 0
    while True:
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, terminated, truncated, info = env.step(action)
        assert "illegal_action" not in info
        total += reward
        steps += 1
        if terminated or truncated:
            return total, terminated, steps


def test_reward_is_the_learners_points() -> None:
    env = TingpaiGymEnv("hu-4p", opponents="greedy", seat=2)
    total, terminated, _ = play(env, seed=8)
    hand = env.table.current()
    assert terminated and hand.is_over and total == hand.deltas[2]
    env_game = TingpaiGymEnv("hu-2p", opponents="random", episode="game", rewards="game")
    total, terminated, _ = play(env_game, seed=8)
    match = env_game.table.match
    assert terminated and match is not None and match.is_over
    assert total == match.scores[0] - match.ruleset.options.start_points


def test_seeding_and_random_seats() -> None:
    a = TingpaiGymEnv("hu-3p", opponents="greedy", seat="random")
    b = TingpaiGymEnv("hu-3p", opponents="greedy", seat="random")
    assert play(a, seed=4) == play(b, seed=4)
    seats = set()
    for seed in range(12):
        _, info = a.reset(seed=seed)
        seats.add(info["seat"])
    assert seats == {0, 1, 2}


def test_illegal_actions_are_substituted_or_refused() -> None:
    env = TingpaiGymEnv("hu-4p", opponents="random")
    obs, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, _, _, _, info = env.step(illegal)
    assert info["illegal_action"] is True
    strict = TingpaiGymEnv("hu-4p", opponents="random", illegal="raise")
    strict.reset(seed=1)
    with pytest.raises(ValueError, match="is not legal for seat 0"):
        strict.step(illegal)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"opponents": "grandmaster"}, "unknown bot 'grandmaster'"),
        ({"opponents": ["greedy", "random"]}, "2 opponents for a 4-player table"),
        ({"seat": 4}, "seat must be 0-3"),
        ({"render_mode": "rgb_array"}, "render_mode"),
    ],
)
def test_bad_arguments(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        TingpaiGymEnv("hu-4p", **kwargs)


def test_one_level_per_opponent_and_render() -> None:
    env = gymnasium.make("tingpai/hk-4p-v0", opponents=["greedy", "random", "greedy"],
                         render_mode="ansi", min_fan=1)
    env.reset(seed=2)
    assert [b.name if b else None for b in env.unwrapped._bots] == [
        None, "greedy", "random", "greedy"]
    text = env.render()
    assert "seat 0:" in text


def test_make_by_module_prefix() -> None:
    """Gymnasium's ``module:id`` form imports tingpai.env itself."""
    env = gymnasium.make("tingpai.env:tingpai/hk-2p-v0", opponents="greedy")
    obs, _ = env.reset(seed=1)
    assert obs["observation"].shape == (502,)



@pytest.fixture
def first_hand_heaven(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every match's first hk-2p hand is dealt so that the dealer (seat 0) holds Blessing
    of Heaven; later hands are shuffled as usual."""
    import tingpai.engine.match as match_module
    from tingpai.engine import arrange_wall

    heaven = arrange_wall(tingpai.find_ruleset("hk-2p"), {0: "123p456p789p111z5z"},
                          draws="5z")
    real = match_module.shuffled_wall

    def wrapped(rules: Any, rng: Any) -> list[int]:
        first = not getattr(rng, "dealt_once", False)  # the match's generator, marked
        rng.dealt_once = True
        wall = real(rules, rng)  # keeps the generator's stream as it was
        return heaven if first else wall

    monkeypatch.setattr(match_module, "shuffled_wall", wrapped)


@pytest.mark.usefixtures("first_hand_heaven")
def test_hands_the_bots_end_before_the_learner_decides_still_pay_it() -> None:
    """A game episode whose first hand the bot dealer wins at once: the learner never
    decided in it, but its points moved, so they come with its first step's reward and
    the game's rewards still sum to its net points."""
    env = TingpaiGymEnv("hk-2p", opponents="greedy", seat=1, episode="game", max_hands=3)
    total, terminated, _ = play(env, seed=0)
    match = env.table.match
    assert terminated and match is not None and match.is_over
    assert match.hands[0].deltas[1] < 0  # the learner paid for the bot's heavenly hand
    assert total == match.scores[1] - match.ruleset.options.start_points


@pytest.mark.usefixtures("first_hand_heaven")
def test_an_episode_of_hands_plays_on_past_a_hand_the_learner_had_no_say_in() -> None:
    """In hand episodes reset plays on to the next hand, where the learner decides; the
    hand it had no say in belongs to that episode (its points come with the first step's
    reward: tests/env/test_env_round8.py)."""
    env = TingpaiGymEnv("hk-2p", opponents="greedy", seat=1)
    env.reset(seed=0)
    match = env.table.match
    assert match is not None and len(match.hands) == 2 and match.hands[0].is_over

"""Sixth audit of the environments, as a reinforcement-learning researcher drives them:
processes and copies (pickling for multiprocessing, vector environments, deep copies for
search), the reset seed of the Gymnasium environment as the PettingZoo one takes it, and a
step after the episode ended."""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import tingpai  # noqa: E402
import tingpai.env  # noqa: E402
from tingpai.env import TingpaiGymEnv, pettingzoo_env  # noqa: E402

IDS = tingpai.ruleset_ids()


def random_rollout(hand: Any, seed: int, actions: int = 400) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    for _ in range(actions):
        if hand.is_over:
            break
        hand.apply(rng.choice(hand.legal_actions(hand.to_act()[0])))
    return [hand.record()]


# --- pickling: multiprocessing, Ray, AsyncVectorEnv workers, checkpoints ------------------


@pytest.mark.parametrize("rules", IDS)
def test_every_ruleset_hand_and_game_pickles_and_plays_on_the_same(rules: str) -> None:
    """hk-fanlaak and hk-fanlaak-0 used to fail to pickle ("Can't pickle local object
    'none_of.<locals>.no_other_pattern'": the Chicken Hand's predicate was a closure), so
    their hands, games and environments could not go to another process (a process pool
    given a Ruleset, a rollout worker, a checkpoint); every other table could."""
    ruleset = tingpai.find_ruleset(rules)
    again = pickle.loads(pickle.dumps(ruleset))
    assert again == ruleset and again.patterns == ruleset.patterns
    hand = tingpai.Hand(rules, seed=3)
    random_rollout(hand, 1, 20)
    twin = pickle.loads(pickle.dumps(hand))
    assert random_rollout(twin, 2) == random_rollout(hand, 2)
    game = tingpai.Match(rules, seed=3)
    game.apply(game.legal_actions(0)[0])
    assert pickle.loads(pickle.dumps(game)).record() == game.record()


def test_the_chicken_hand_still_scores_after_a_round_trip() -> None:
    """The pickled predicate is the same predicate: a hand with no other pattern is a
    Chicken Hand (worth 0) at the table without a minimum, before and after."""
    ruleset = pickle.loads(pickle.dumps(tingpai.find_ruleset("hk-fanlaak-0")))
    chicken = tingpai.Situation("234m456p678s999s11p", "1p")
    sequences = tingpai.Situation("234m456p678s789s11p", "1p")
    for rules in (tingpai.find_ruleset("hk-fanlaak-0"), ruleset):
        result = tingpai.score(chicken, rules)
        assert [p.id for p in result.patterns] == ["chicken_hand"] and result.valid
        assert [p.id for p in tingpai.score(sequences, rules).patterns] == ["all_sequences"]


def test_a_fanlaak_table_built_in_code_goes_to_worker_processes() -> None:
    """``run_sim`` / ``run_arena`` with workers used to refuse every fan-laak table built
    in code ("cannot be sent to worker processes ...: play it with one worker")."""
    from tingpai.rules.ruleset import Ruleset
    from tingpai.sim import run_sim

    b = tingpai.find_ruleset("hk-fanlaak")
    house = Ruleset(id="house-table", name="House table", options=b.options,
                    patterns=b.patterns, payment=b.payment,
                    option_values=dict(b.option_values), policy_factory=b.policy_factory)
    assert run_sim(house, {}, 2, 1, "random", workers=2, max_hands=2).games == 2


@pytest.mark.parametrize("rules", IDS)
def test_both_environments_pickle_mid_episode_and_play_on_the_same(rules: str) -> None:
    gym = TingpaiGymEnv(rules, opponents="greedy")
    obs, _ = gym.reset(seed=2)
    twin = pickle.loads(pickle.dumps(gym))
    action = int(np.flatnonzero(obs["action_mask"])[0])
    a, b = gym.step(action), twin.step(action)
    assert np.array_equal(a[0]["observation"], b[0]["observation"]) and a[1:4] == b[1:4]
    aec = pettingzoo_env(rules)
    aec.reset(seed=2)
    twin_aec = pickle.loads(pickle.dumps(aec))
    assert twin_aec.agent_selection == aec.agent_selection
    assert np.array_equal(twin_aec.observe("player_0")["observation"],
                          aec.observe("player_0")["observation"])


def test_a_deep_copy_of_the_gym_env_is_a_search_tree_node() -> None:
    """Rolling a deep copy forward changes nothing in the original, which then plays the
    same future as the copy did."""
    env = TingpaiGymEnv("hk-fanlaak", opponents="greedy", episode="game", max_hands=2)
    obs, _ = env.reset(seed=4)
    before = env.table.current().record()

    def roll(e: Any) -> list[Any]:
        rng = np.random.default_rng(1)
        o, out = obs, []
        for _ in range(60):
            o, r, terminated, _, _ = e.step(int(rng.choice(np.flatnonzero(o["action_mask"]))))
            out.append((o["observation"].tobytes(), r, terminated))
            if terminated:
                break
        return out

    tried = roll(copy.deepcopy(env))
    assert env.table.current().record() == before
    assert roll(env) == tried


# --- the Gymnasium env's reset seed, as the PettingZoo env's -------------------------------


def gym_start(seed: Any) -> tuple[bytes, int]:
    env = TingpaiGymEnv("hu-4p", opponents="greedy", seat="random")
    obs, info = env.reset(seed=seed)
    return obs["observation"].tobytes(), info["seat"]


def test_a_numpy_integer_reset_seed_is_that_seed_in_the_gym_env_too() -> None:
    """``pettingzoo_env(...).reset(seed=np.int64(7))`` is seed 7 (round 4); the Gymnasium
    environment used to refuse it with Gymnasium's "Seed must be a python integer" (a seed
    drawn with ``rng.integers`` is a numpy integer)."""
    assert gym_start(np.int64(7)) == gym_start(7)
    assert gym_start(np.uint32(7)) == gym_start(7)


@pytest.mark.parametrize("seed", ["abc", -1, 1.5, True, np.array([7])], ids=repr)
def test_a_bad_gym_reset_seed_is_named_as_the_aec_env_names_it(seed: Any) -> None:
    """``seed=True`` used to be taken as seed 1 (the AEC env refuses it), the others failed
    with gymnasium.error.Error rather than the ValueError of the AEC env."""
    env = TingpaiGymEnv("hu-2p", opponents="random")
    with pytest.raises(ValueError, match="seed must be None or a whole number"):
        env.reset(seed=seed)


# --- a step after the episode ended ---------------------------------------------------------


def test_a_gym_step_after_the_episode_ended_says_to_reset() -> None:
    """It used to say "seat 0 has nothing to decide now", which reads like a bug of the
    environment; the AEC env says "the episode is over ... call reset()"."""
    env = TingpaiGymEnv("hu-2p", opponents="random")
    obs, _ = env.reset(seed=1)
    terminated = False
    while not terminated:
        obs, _, terminated, _, _ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    with pytest.raises(ValueError, match=r"the episode is over: call reset\(\)"):
        env.step(0)
    obs, _ = env.reset()
    assert obs["action_mask"].any()


# --- a mistyped environment keyword -----------------------------------------------------------


@pytest.mark.parametrize(
    ("make", "typo"),
    [
        (lambda **kw: TingpaiGymEnv("hu-4p", **kw), "opponent"),
        (lambda **kw: TingpaiGymEnv("hu-4p", **kw), "episodes"),
        (lambda **kw: pettingzoo_env("hk-4p", **kw), "reward"),
    ],
    ids=["gym-opponent", "gym-episodes", "aec-reward"],
)
def test_a_mistyped_environment_keyword_lists_the_environment_options(
    make: Any, typo: str
) -> None:
    """A typo of an environment keyword used to be answered with the ruleset's options
    only ("unknown option 'episodes' for hu-4p (known: discard_multiplier, ...)"), as if
    ``episode`` did not exist either."""
    with pytest.raises(ValueError, match=f"unknown option '{typo}' for .*environment options: "
                       r".*episode.*reward_scale"):
        make(**{typo: "x"})


def test_a_mistyped_keyword_next_to_a_ruleset_object_is_named() -> None:
    """With a Ruleset object, ``opponent="random"`` used to be refused as "ruleset options
    go with a ruleset id, not with a Ruleset object", not naming the word at all."""
    ruleset = tingpai.find_ruleset("hu-4p")
    with pytest.raises(ValueError, match=r"'opponent'.*environment options: .*seat"):
        TingpaiGymEnv(ruleset, opponent="random")
    with pytest.raises(ValueError, match=r"ruleset options go with a ruleset id.*'min_fan'"):
        pettingzoo_env(tingpai.find_ruleset("hk-4p"), min_fan=1)


def test_human_rendering_shows_the_position_reset_deals(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Gymnasium's ``"human"`` mode renders in ``reset`` and in ``step`` (its own
    environments do, and nobody calls ``render()``); the first position the learner decides
    on used to be never shown: the first print came after its first action."""
    env = TingpaiGymEnv("hu-2p", opponents="random", render_mode="human")
    env.reset(seed=1)
    shown = capsys.readouterr().out
    assert "seat 0:" in shown and "wall 1" in shown  # the table as dealt, before any step
    assert env.render() is None

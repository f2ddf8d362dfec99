"""Ninth audit of the environments, as a researcher training on every registered id.

``render()`` showed every seat's tiles but never who had to act or how the hand ended (a
won hand and a drawn one rendered alike, the winner and the points nowhere), and the
Gymnasium render did not say which seat was the learner's: it now ends with a line saying
who acts or how the hand ended, and marks the learner.  ``info["seat"]`` was returned but
documented nowhere.  sb3-contrib's ``MaskablePPO`` asks an environment for
``action_masks()``: the Gymnasium environment now has it.  The rest pins what the checks
found clean: Gymnasium's ``check_env`` warns about nothing, PettingZoo's ``api_test`` only
about the Dict observation (as for its own classic games), and every agent's mask is its
legal actions at every step of whole games.
"""

from __future__ import annotations

import dataclasses
import re
import warnings
from typing import Any

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")
from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402

import tingpai  # noqa: E402
import tingpai.env  # noqa: E402
import tingpai.env.aec as aec_module  # noqa: E402
import tingpai.env.gym_env as gym_module  # noqa: E402
from tingpai.engine import Hand, arrange_wall  # noqa: E402
from tingpai.engine.actions import ActionKind, action_mask  # noqa: E402
from tingpai.env import pettingzoo_env  # noqa: E402
from tingpai.env.aec import render_table  # noqa: E402
from tingpai.rules import register, ruleset_spec, unregister  # noqa: E402

PREFIX = "tingpai/"
ENV_IDS = sorted(k for k in gymnasium.registry if k.startswith(PREFIX))
"""Every registered id, read from Gymnasium's registry (never a list written here)."""
IDS = tingpai.ruleset_ids()
HEAVEN = {0: "111z222z333z444z5z"}
"""Big Four Winds for the dealer by Blessing of Heaven (its first draw: ``5z``)."""
PETTINGZOO_BY_DESIGN = {
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or "
    "gymnasium.spaces.discrete",
}
"""What ``api_test`` says of a Dict observation carrying the action mask (as it says of
PettingZoo's own chess and connect four): the only warnings allowed."""


def rules_of(env_id: str) -> str:
    return env_id.removeprefix(PREFIX).removesuffix("-v0")


def play_to_end(env: Any, seed: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """Reset with ``seed``, play random legal actions until the episode ends; the last
    observation and info."""
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    while True:
        obs, _, terminated, truncated, info = env.step(
            int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        if terminated or truncated:
            return obs, info


# --- render says who acts and how the hand ended ---------------------------------------


def test_register_envs_covers_every_ruleset_id_registered_so_far() -> None:
    """Read at test time: another test module may have registered a variant since."""
    ids = tingpai.env.register_envs()
    assert [rules_of(i) for i in ids] == list(tingpai.ruleset_ids())
    assert set(ids) <= set(gymnasium.registry) and set(tingpai.env.ENV_IDS) <= set(ids)


def test_a_ruleset_registered_after_import_gets_its_id_from_register_envs() -> None:
    """``ENV_IDS`` is what was registered at import; a host's own table registered later
    is playable once :func:`register_envs` runs again, as its docstring now says."""
    spec = dataclasses.replace(ruleset_spec("hu-2p"), id="hu-2p-audit9", aliases=())
    register(spec)
    try:
        assert "tingpai/hu-2p-audit9-v0" in tingpai.env.register_envs()
        env = gymnasium.make("tingpai/hu-2p-audit9-v0", opponents="random")
        assert env.unwrapped.ruleset.id == "hu-2p-audit9"
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            check_env(env.unwrapped, skip_render_check=True)
    finally:
        unregister("hu-2p-audit9")
        gymnasium.registry.pop("tingpai/hu-2p-audit9-v0", None)
    assert "register_envs" in (tingpai.env.__doc__ or "")


@pytest.mark.parametrize("rules", IDS)
def test_a_won_hand_renders_its_winner_how_and_the_points(rules: str) -> None:
    """It rendered the tiles only: the winner, the kind of win and the deltas nowhere."""
    ruleset = tingpai.find_ruleset(rules)
    hand = Hand(ruleset, wall=arrange_wall(ruleset, HEAVEN, draws="5z"))
    tsumo = [a for a in hand.legal_actions(0) if a.kind is ActionKind.TSUMO]
    hand.apply(tsumo[0])
    last = render_table(hand).splitlines()[-1]
    assert last.startswith("ended: seat 0 won by self-draw on 5z")
    assert f"deltas {list(hand.deltas)}" in last
    assert hand.result is not None
    score = hand.result.winners[0].score
    assert f"{score.total} {score.unit.value}" in last
    assert all(p.label in last for p in score.patterns)


@pytest.mark.parametrize("env_id", ENV_IDS)
def test_the_end_of_every_episode_renders_how_it_ended(env_id: str) -> None:
    env = gymnasium.make(env_id, opponents="greedy", render_mode="ansi")
    for seed in range(3):
        play_to_end(env, seed)
        hand = env.unwrapped.table.current()
        last = env.render().splitlines()[-1]
        assert hand.result is not None and last.startswith("ended: ")
        assert last.endswith(f"deltas {list(hand.deltas)}")
        if hand.result.is_draw:
            assert last == f"ended: draw; deltas {list(hand.deltas)}"
        for w in hand.result.winners:
            assert f"seat {w.seat} won by {w.kind.value}" in last
            if w.payer is not None:
                assert f"from seat {w.payer}" in last


@pytest.mark.parametrize("env_id", ENV_IDS)
def test_the_gym_render_marks_the_learner_and_who_acts(env_id: str) -> None:
    env = gymnasium.make(env_id, opponents="random", seat="random", render_mode="ansi")
    rng = np.random.default_rng(0)
    obs, _ = env.reset(seed=4)
    for _ in range(30):
        lines = env.render().splitlines()
        seat = env.unwrapped.seat
        marked = [line for line in lines if line.endswith("(learner)")]
        assert len(marked) == 1 and marked[0].startswith(f"seat {seat}:")
        hand = env.unwrapped.table.current()
        assert seat in hand.to_act()  # the learner decides in every state a step returns
        if hand.phase.value == "turn":
            assert lines[-1] == f"turn of seat {seat}"
        else:
            assert re.fullmatch(rf"{hand.phase.value} on seat {hand.actor}'s \w+: seats? "
                                r"[\d, ]+ to answer", lines[-1])
            assert str(seat) in lines[-1].split(": ")[1]
        obs, _, terminated, _, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        if terminated:
            obs, _ = env.reset()


@pytest.mark.parametrize("rules", IDS)
def test_the_aec_render_names_the_agent_that_must_act(rules: str) -> None:
    env = pettingzoo_env(rules, render_mode="ansi")
    env.reset(seed=2)
    rng = np.random.default_rng(2)
    for agent in env.agent_iter(60):
        obs, _, terminated, truncated, _ = env.last()
        text = env.render()
        assert text is not None
        last = text.splitlines()[-1]
        seat = agent.removeprefix("player_")
        if terminated or truncated:
            assert last.startswith("ended: ")
            env.step(None)
            continue
        assert last == f"turn of seat {seat}" or seat in last.split(": ")[1]
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))


# --- action_masks() and the documented info --------------------------------------------


@pytest.mark.parametrize("env_id", ENV_IDS)
def test_action_masks_is_the_observations_mask_as_maskable_ppo_reads_it(env_id: str) -> None:
    """sb3-contrib's ``get_action_masks`` calls ``action_masks()`` through the wrappers
    (``get_wrapper_attr``) or ``env_method`` of a vector environment: it did not exist."""
    env = gymnasium.make(env_id, opponents="greedy", episode="game", max_hands=2)
    masks = env.get_wrapper_attr("action_masks")
    obs, _ = env.reset(seed=3)
    rng = np.random.default_rng(3)
    while True:
        mask = masks()
        assert mask.dtype == np.bool_ and mask.shape == (136,)
        assert np.array_equal(mask, obs["action_mask"].astype(bool))
        unwrapped = env.unwrapped
        legal = unwrapped.table.current().legal_actions(unwrapped.seat)
        assert tuple(mask.tolist()) == action_mask(legal)
        obs, _, terminated, _, _ = env.step(int(rng.choice(np.flatnonzero(mask))))
        if terminated:
            break
    assert not masks().any() and not obs["action_mask"].any()


def test_a_vector_environment_answers_action_masks_per_env() -> None:
    vec = gymnasium.vector.SyncVectorEnv(
        [lambda: gymnasium.make("tingpai/hu-2p-v0", opponents="random") for _ in range(2)])
    obs, _ = vec.reset(seed=[1, 2])
    masks = vec.call("action_masks")
    assert np.array_equal(np.stack(masks), obs["action_mask"].astype(bool))
    vec.close()


@pytest.mark.parametrize("env_id", ENV_IDS)
def test_every_info_key_is_documented(env_id: str) -> None:
    """The Gymnasium environment returned ``info["seat"]``, documented nowhere."""
    env = gymnasium.make(env_id, opponents="random", seat="random")
    keys: set[str] = set()
    obs, info = env.reset(seed=1)
    keys |= set(info)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, _, _, _, info = env.step(bad)  # substituted: sets illegal_action
    keys |= set(info)
    keys |= set(play_to_end(env, 2)[1])
    assert keys == {"action_mask", "seat", "illegal_action"}
    doc = " ".join((gym_module.__doc__ or "").split())
    for key in keys:
        assert f'info["{key}"]' in doc, key
    assert info["seat"] == env.unwrapped.seat

    aec = pettingzoo_env(rules_of(env_id), illegal="substitute")
    aec.reset(seed=1)
    obs = aec.last()[0]
    aec.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    aec_keys = {k for info in aec.infos.values() for k in info}
    assert aec_keys == {"illegal_action"}
    assert '{"illegal_action": True}' in " ".join((aec_module.__doc__ or "").split())


# --- the checkers, with every warning counted ------------------------------------------


@pytest.mark.parametrize("env_id", ENV_IDS)
@pytest.mark.parametrize("mode", [None, "ansi", "human"])
def test_check_env_warns_about_nothing(env_id: str, mode: str | None,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    """The shared fixture hides UserWarnings; here any warning is an error."""
    env = gymnasium.make(env_id, opponents="random", seat="random", render_mode=mode)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env.unwrapped, skip_render_check=mode is None)
    capsys.readouterr()


@pytest.mark.parametrize("rules", IDS)
def test_api_test_warns_only_about_the_dict_observation(rules: str) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(pettingzoo_env(rules, episode="game", max_hands=2), num_cycles=200)
    assert {str(w.message) for w in caught} <= PETTINGZOO_BY_DESIGN


# --- every agent's mask is its legal actions, whole games long -------------------------


@pytest.mark.parametrize("rules", IDS)
def test_every_agents_mask_is_its_legal_actions_whole_games_long(rules: str) -> None:
    """At every step of two-hand games, every agent's observation lies in its space and its
    mask is exactly the engine's legal actions for that seat (a claimant not yet asked
    included; an agent with nothing to decide: all zero)."""
    env = pettingzoo_env(rules, episode="game", max_hands=2)
    env.reset(seed=6)
    rng = np.random.default_rng(6)
    steps = 0
    for _agent in env.agent_iter():
        hand = env.table.current()
        for other in env.possible_agents:
            seen = env.observe(other)
            assert env.observation_space(other).contains(seen)
            legal = hand.legal_actions(int(other.removeprefix("player_")))
            assert tuple(bool(m) for m in seen["action_mask"]) == action_mask(legal)
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
        else:
            assert obs["action_mask"].any()
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
    assert steps > 40 and env.table.match is not None and env.table.match.is_over

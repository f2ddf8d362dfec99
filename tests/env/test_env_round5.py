"""Fifth audit of the environments: values that numpy hands a learner without asking.

A batched policy (one environment of a vector, ``model.predict`` on a batch of one) gives
an action as an array of shape (1,), and a seed drawn with numpy can be one too.  Such an
array is no index: it used to escape as numpy's own ``TypeError: only integer scalar
arrays can be converted to a scalar index`` from deep inside the step, where every other
value that is no index (a float, a string, None) is named as one, or, with
``illegal="substitute"``, replaced by a random legal action and flagged.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from tingpai.env import TingpaiGymEnv, pettingzoo_env

NOT_INDEXES = [np.array([5]), np.array([[5]]), np.array([1, 2])]


@pytest.mark.parametrize("action", NOT_INDEXES, ids=repr)
def test_an_array_action_is_named_as_no_index(action: Any) -> None:
    """It used to be numpy's TypeError, and the AEC state was left as it was only by luck."""
    env = pettingzoo_env("hu-2p")
    env.reset(seed=1)
    before = env.observe(env.agent_selection)["observation"].copy()
    with pytest.raises(ValueError, match=r"is not an index 0-135"):
        env.step(action)
    assert np.array_equal(env.observe(env.agent_selection)["observation"], before)


@pytest.mark.parametrize("action", NOT_INDEXES, ids=repr)
def test_an_array_action_is_substituted_like_any_other_non_index(action: Any) -> None:
    """The Gymnasium env substitutes what is no legal index (a float, a str, an index out
    of range); an array of shape (1,) used to crash it with a TypeError instead."""
    env = TingpaiGymEnv("hu-2p", opponents="random")
    env.reset(seed=1)
    _, _, _, _, info = env.step(action)
    assert info.get("illegal_action") is True


def test_a_zero_dimensional_array_is_still_its_index() -> None:
    """``np.array(5)`` is an integer scalar array: the index 5, as before."""
    env = pettingzoo_env("hu-2p")
    env.reset(seed=1)
    index = int(np.flatnonzero(env.last()[0]["action_mask"])[0])
    env.step(np.array(index))
    assert env.infos["player_0"] == {}


@pytest.mark.parametrize("seed", [np.array([7]), np.array([7, 8])], ids=repr)
def test_an_array_seed_is_named(seed: Any) -> None:
    """``reset(seed=np.array([7]))`` used to fail with numpy's TypeError."""
    env = pettingzoo_env("hu-2p")
    with pytest.raises(ValueError, match="seed must be None or a whole number"):
        env.reset(seed=seed)


def test_an_array_seat_is_named() -> None:
    """``TingpaiGymEnv(seat=np.array([1]))`` used to fail with numpy's TypeError."""
    with pytest.raises(ValueError, match="seat must be 0-3 or 'random'"):
        TingpaiGymEnv("hu-4p", seat=np.array([1]))

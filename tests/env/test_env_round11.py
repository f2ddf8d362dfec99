"""Eleventh audit of the environments: what ``gymnasium.make`` and an ``Encoder`` accept.

* ``gymnasium.make("tingpai/hk-4p-v0", rules="hu-4p")`` played Hu Mahjong under the Hong
  Kong id (Gymnasium merges the caller's keywords over the id's): refused now, naming the
  id to make; a variant of the id's own table (``min_fan=1``, or that variant as a
  Ruleset) is still welcome.
* An ``Encoder`` made for one ruleset encoded another's observations (a 2-player hand
  written into 4-player slots, its wall measured against the wrong set): refused now,
  naming both tables.
"""

from __future__ import annotations

import pytest

pytest.importorskip("gymnasium")

import gymnasium

import tingpai
import tingpai.env
from tingpai.env.encoding import OBS_SIZE, Encoder


def test_make_refuses_another_ruleset_under_an_id() -> None:
    with pytest.raises(ValueError, match="tingpai/hk-4p-v0 plays hk-4p, not rules='hu-4p'"):
        gymnasium.make("tingpai/hk-4p-v0", rules="hu-4p")
    with pytest.raises(ValueError, match="make 'tingpai/hu-2p-v0' instead"):
        gymnasium.make("tingpai/hk-4p-v0", rules=tingpai.find_ruleset("hu-2p"))


@pytest.mark.parametrize(
    "keywords",
    [
        {},
        {"min_fan": 1},
        {"rules": "hk-4p"},
        {"rules": "hk-4p", "min_fan": 1},
    ],
)
def test_make_accepts_the_ids_own_table_and_its_variants(keywords: dict[str, object]) -> None:
    env = gymnasium.make("tingpai/hk-4p-v0", **keywords)
    assert env.unwrapped.ruleset.id == "hk-4p"
    assert env.unwrapped.ruleset.options.min_value == keywords.get("min_fan", 3)
    observation, _ = env.reset(seed=2)
    assert observation["observation"].shape == (OBS_SIZE,)


def test_make_accepts_a_variant_ruleset_object() -> None:
    variant = tingpai.find_ruleset("hk-4p", min_fan=1)
    env = gymnasium.make("tingpai/hk-4p-v0", rules=variant)
    assert env.unwrapped.ruleset is variant


def test_a_direct_env_still_plays_any_ruleset() -> None:
    env = tingpai.env.TingpaiGymEnv("hu-3p")
    assert env.ruleset.id == "hu-3p"


@pytest.mark.parametrize("other", ["hu-4p", "hk-2p", "hu-3p"])
def test_encoder_refuses_another_tables_observation(other: str) -> None:
    encoder = Encoder(tingpai.find_ruleset("hk-4p"))
    observation = tingpai.Hand(tingpai.find_ruleset(other), seed=1).observe(0)
    with pytest.raises(ValueError, match=f"encodes hk-4p observations .* got one of {other}"):
        encoder.encode(observation)


def test_encoder_reads_a_variant_of_its_table() -> None:
    encoder = Encoder(tingpai.find_ruleset("hk-4p"))
    own = encoder.encode(tingpai.Hand(tingpai.find_ruleset("hk-4p"), seed=4).observe(1))
    variant = tingpai.find_ruleset("hk-4p", min_fan=1)
    same = encoder.encode(tingpai.Hand(variant, seed=4).observe(1))
    assert (own == same).all()

"""``Observation.to_json`` / ``from_json``: every field in notation, a public form without
the seat's own tiles, and an exact round trip, over whole games of every ruleset."""

from __future__ import annotations

import random

import pytest

import tingpai
from tingpai.engine import Observation
from tingpai.tiles import counts_to_str


@pytest.mark.parametrize("rules", tingpai.ruleset_ids())
def test_views_round_trip_through_json(rules: str) -> None:
    game = tingpai.Match(rules, {"rounds": 1}, seed=11)
    bots = [tingpai.find_bot("greedy", random.Random(s)) for s in range(4)]
    steps = 0
    while not game.is_over and steps < 400:
        seat = game.to_act()[0]
        for other in range(game.players):
            obs = game.observe(other)
            data = obs.to_json()
            assert Observation.from_json(data) == obs
            assert data["hand"] == counts_to_str(obs.hand)
            public = obs.to_json(public=True)
            assert set(data) - set(public) == {"hand", "drawn", "legal"}
            assert public["seat"] is None
            assert {k: v for k, v in data.items() if k not in ("hand", "drawn", "legal", "seat")} \
                == {k: v for k, v in public.items() if k != "seat"}
        game.apply(bots[seat].act(game.observe(seat)))
        steps += 1


def test_from_json_refuses_the_public_form_and_bad_fields() -> None:
    obs = tingpai.Hand("hu-4p", seed=3).observe(0)
    with pytest.raises(ValueError, match="observing seat"):
        Observation.from_json(obs.to_json(public=True))
    data = obs.to_json()
    del data["ponds"]
    with pytest.raises(ValueError, match="ponds"):
        Observation.from_json(data)
    data = obs.to_json()
    data["hand"] = "12x"
    with pytest.raises(ValueError):
        Observation.from_json(data)


def test_a_view_without_the_drawn_flags_still_reads() -> None:
    # Views saved before ``from_draw`` existed read as if no discard was the drawn tile.
    hand = tingpai.Hand("hu-4p", seed=3)
    hand.apply(hand.observe(0).legal[0])
    data = hand.observe(1).to_json()
    del data["from_draw"]
    obs = Observation.from_json(data)
    assert len(obs.ponds[0]) == 1
    assert obs.from_draw == tuple((False,) * len(pond) for pond in obs.ponds)

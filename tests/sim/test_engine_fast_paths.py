"""The engine's self-play fast paths give what the plain definitions give.

``Hand.observe`` builds observations without the dataclass ``__init__`` and keeps the
``visible`` counts incrementally; these tests compare both against the definitions at
every step of bot games (kongs, claims, flowers and robbing included over the seeds).
"""

from __future__ import annotations

import random
from dataclasses import fields
from typing import Any

import pytest

from tingpai.bots import find_bot
from tingpai.engine import Match, Observation

_VISIBLE = Observation.__dict__["visible"].func
"""The cached property's own computation (from ponds, called flags and melds)."""


def reference(obs: Observation) -> Observation:
    """The same observation built by the dataclass constructor."""
    return Observation(**{f.name: getattr(obs, f.name) for f in fields(Observation)})


@pytest.mark.parametrize(("rules", "bots", "options"), [
    ("hu-4p", ("greedy", "random", "greedy", "random"), {}),
    ("hu-3p", ("greedy",) * 3, {"temporary_furiten": True}),
    ("hu-2p", ("random", "greedy"), {"flowers": False}),
])
def test_observations_match_the_definitions(
    rules: str, bots: tuple[str, ...], options: dict[str, Any]
) -> None:
    checked = 0
    for seed in range(3):
        match = Match(rules, options, rng=random.Random(seed))
        players = [find_bot(b, random.Random(seed * 10 + i)) for i, b in enumerate(bots)]
        while not match.is_over:
            hand = match.next_hand()
            while True:
                for seat in range(match.players):
                    obs = hand.observe(seat)
                    assert set(obs.__dict__) >= {f.name for f in fields(Observation)}
                    assert obs == reference(obs)
                    assert obs.visible == _VISIBLE(obs)
                    assert obs.visible is not hand.observe(seat).visible  # a fresh list
                    checked += 1
                if hand.is_over:
                    break
                seat = hand.to_act()[0]
                hand.apply(players[seat].act(hand.observe(seat)))
    assert checked > 1000


def test_observation_is_still_frozen_and_hashable_by_value() -> None:
    hand = Match("hu-2p", rng=random.Random(1)).next_hand()
    obs = hand.observe(0)
    with pytest.raises(AttributeError):
        obs.seat = 1  # type: ignore[misc]
    assert obs == hand.observe(0)
    assert obs.mask == reference(obs).mask

"""The observation vector: each block where the module docstring says, hidden tiles
hidden, and every value inside the observation space."""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("gymnasium")
from tingpai.engine import Action, Hand, arrange_wall
from tingpai.env import encoding as enc
from tingpai.env.aec import observation_space
from tingpai.rules import find_ruleset, ruleset_ids
from tingpai.tiles import parse_tile


def test_layout_is_contiguous() -> None:
    blocks = [
        (enc.HAND, 42), (enc.DRAWN, 42), (enc.CLAIM, 42), (enc.SEATS, 4 * 76),
        (enc.VISIBLE, 34), (enc.PHASE, 4), (enc.ACTOR, 4), (enc.DEALER, 4),
        (enc.SEAT_WIND, 4), (enc.ROUND_WIND, 4), (enc.PLAYERS, 3), (enc.REPEATS, 1),
        (enc.WALL, 1), (enc.POND_LEFT, 4), (enc.HAS_POND_LIMIT, 1), (enc.SIZES, 4),
        (enc.SCORES, 4),
    ]
    offset = 0
    for start, size in blocks:
        assert start == offset
        offset += size
    assert offset == enc.OBS_SIZE == 502


def claim_position(seat2: str) -> Hand:
    """hu-4p: the dealer discards 9m; seat 1 holds 99m and may pung it."""
    rules = find_ruleset("hu-4p")
    hands = {0: "1234m5678p123s55z", 1: "99m123p456p789s11z", 2: seat2}
    hand = Hand(rules, arrange_wall(rules, hands, draws="9m"))
    hand.apply(Action.from_str("0 discard 9m"))
    return hand


def test_a_claim_seen_from_the_next_seat() -> None:
    hand = claim_position("147m258p369s1234z")
    obs = hand.observe(1)
    v = enc.Encoder(hand.ruleset).encode(obs)
    nine = parse_tile("9m")
    assert list(v[enc.HAND : enc.DRAWN]) == list(obs.hand)
    assert v[enc.CLAIM + nine] == 1 and v[enc.CLAIM : enc.SEATS].sum() == 1
    assert v[enc.DRAWN : enc.CLAIM].sum() == 0  # seat 1 has drawn nothing
    dealer_slot = 3  # seat 0 sits three places after seat 1 at a 4-player table
    pond = enc.SEATS + dealer_slot * enc.SEAT_SIZE
    assert v[pond + nine] == 1 and v[pond : pond + 34].sum() == 1
    assert v[enc.SEATS : enc.SEATS + 34].sum() == 0  # the observer's own pond is empty
    assert v[enc.PHASE + 1] == 1  # claims
    assert v[enc.ACTOR + dealer_slot] == 1 and v[enc.DEALER + dealer_slot] == 1
    assert v[enc.SEAT_WIND + 1] == 1  # seat 1 is South
    assert v[enc.ROUND_WIND] == 1 and v[enc.PLAYERS + 2] == 1
    assert v[enc.WALL] == pytest.approx(hand.wall_left / 144)
    assert v[enc.HAS_POND_LIMIT] == 1 and v[enc.POND_LEFT + dealer_slot] == pytest.approx(17 / 18)
    assert v[enc.SIZES] == pytest.approx(13 / 14)
    assert v[enc.VISIBLE + nine] == 1
    assert list(enc.encode_mask(obs)) == [int(m) for m in obs.mask]
    assert enc.encode_mask(obs)[131] == 1  # pung


def test_other_seats_concealed_tiles_are_not_encoded() -> None:
    a = claim_position("147m258p369s1234z")
    b = claim_position("258m369p147s5677z")
    assert a.concealed(2) != b.concealed(2)
    va = enc.Encoder(a.ruleset).encode(a.observe(1))
    vb = enc.Encoder(b.ruleset).encode(b.observe(1))
    assert np.array_equal(va, vb)


@pytest.mark.parametrize("rules", ruleset_ids())
def test_random_play_stays_inside_the_space(rules: str) -> None:
    ruleset = find_ruleset(rules)
    encoder = enc.Encoder(ruleset)
    space = observation_space()
    rng = random.Random(1)
    hand = Hand(ruleset, seed=2)
    while not hand.is_over:
        seat = hand.to_act()[0]
        for s in range(ruleset.options.players):
            obs = hand.observe(s)
            sample = {"observation": encoder.encode(obs), "action_mask": enc.encode_mask(obs)}
            assert space.contains(sample)
        hand.apply(rng.choice(hand.observe(seat).legal))

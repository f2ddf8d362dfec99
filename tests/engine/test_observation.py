"""Observations: a seat sees its own tiles and public information only, with a legal
action mask over the fixed action index space."""

from __future__ import annotations

import random

from enginekit import pass_pending, play, rules

from tingpai.engine import ACTION_SPACE_SIZE, Action, Hand, Phase, arrange_wall
from tingpai.tiles import parse_tile, tile_to_str


def _hand(filler_seed: int) -> Hand:
    rs = rules("hu-4p")
    wall = arrange_wall(
        rs, {0: "147m258p369s1234z"}, "5s", rng=random.Random(filler_seed)
    )
    return Hand(rs, wall)


def test_other_seats_tiles_and_the_wall_are_not_observable() -> None:
    # Same own hand and draw, different everything else: identical observations.
    a, b = _hand(1), _hand(2)
    assert a.concealed(1) != b.concealed(1)
    assert a.observe(0) == b.observe(0)
    obs = a.observe(1)
    assert obs.hand == tuple(a.concealed(1)) and obs.legal == () and not obs.to_act


def test_public_information_is_shown() -> None:
    hand = play(_hand(1), "0 discard 5s")
    if hand.phase is not Phase.TURN:
        play(hand, *(f"{s} pass" for s in hand.to_act()))
    obs = hand.observe(2)
    assert obs.ponds[0] == (parse_tile("5s"),) and obs.called[0] == (False,)
    assert obs.actor == 1 and obs.phase is Phase.TURN and obs.drawn is None
    assert obs.wall_left == 144 - 13 * 4 - 2
    assert obs.pond_left == (17, 18, 18, 18)
    assert obs.concealed_sizes == (13, 14, 13, 13)
    assert obs.scores == (30000,) * 4 and obs.dealer == 0 and obs.seat_winds[2] == 29
    assert obs.visible[parse_tile("5s")] == 1


def test_mask_matches_legal_actions() -> None:
    obs = _hand(1).observe(0)
    assert len(obs.mask) == ACTION_SPACE_SIZE
    assert [i for i, ok in enumerate(obs.mask) if ok] == sorted(a.index for a in obs.legal)


def test_action_index_space_round_trips() -> None:
    seen = set()
    for i in range(ACTION_SPACE_SIZE):
        a = Action.from_index(2, i)
        assert a.index == i and a.seat == 2
        seen.add(a.to_str())
    assert len(seen) == ACTION_SPACE_SIZE


def test_whether_each_discard_was_the_drawn_tile_is_public() -> None:
    # Seat 1 throws the tile it drew, seat 2 a tile from its hand: every seat sees which.
    hand = play(_hand(1), "0 discard 5s")
    pass_pending(hand)
    drawn = hand.observe(1).drawn
    assert drawn is not None
    play(hand, f"1 discard {tile_to_str(drawn)}")
    pass_pending(hand)
    obs = hand.observe(2)
    assert obs.drawn is not None
    kept = next(t for t, n in enumerate(obs.concealed) if n and t != obs.drawn)
    play(hand, f"2 discard {tile_to_str(kept)}")
    pass_pending(hand)
    seen = hand.observe(3)
    assert seen.from_draw[1] == (True,) and seen.from_draw[2] == (False,)
    assert seen.from_draw == hand.observe(0).from_draw

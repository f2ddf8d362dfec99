"""Dealership and game end at the Hong Kong tables, and the fan-laak settlement.

RULES.md: the dealer repeats on a dealer win or an exhaustive draw, otherwise the deal
passes; four rounds, East to North; start points 0 (scores are net gains).  Fan-laak: the
game ends after the hand in which a seat's net points reach ``point_limit``; every seat's
net points and money (points x ``stake``) are in the game result and the replay output.
"""

from __future__ import annotations

from typing import Any

import pytest
from enginekit import finish, play

from tingpai.engine import Hand, Match, StartState, arrange_wall, replay
from tingpai.tiles import EAST, NORTH, SOUTH

# Per tile set: (dealer complete on its first draw, that draw; a hand that is never ready
# and its first draw; the next seat waiting on one tile for a self-draw win, that tile).
# hk-4p: Blessing of Heaven; the next seat's self-draw is Half Flush 3 + Closed Hand 1 +
# Self-Draw 1 (+ Prevailing Wind 1 in the East round); fan-laak has no Closed Hand.
HANDS: dict[str, tuple[str, str, str, str, str, str]] = {
    "136": ("123m456m789m11p56p", "7p", "147m258p369s2346z", "5s", "46m123m789m111z22z", "5m"),
    "80": ("123p456p789p11s56p", "7p", "19m19s13579p2346z", "5z", "46p123p789p111z22z", "5p"),
}


def _tiles(match: Match) -> tuple[str, str, str, str, str, str]:
    return HANDS[str(len(match.ruleset.options.tile_kinds) * 4)]


def _hand(match: Match, hands: dict[int, str], draws: str) -> Hand:
    up = match.upcoming()
    assert up is not None
    return match.next_hand(arrange_wall(match.ruleset, hands, draws, dealer=up[0]))


def dealer_wins(match: Match) -> Hand:
    up = match.upcoming()
    assert up is not None
    heaven, draw = _tiles(match)[:2]
    return play(_hand(match, {up[0]: heaven}, draw), f"{up[0]} tsumo")


def next_seat_wins(match: Match) -> Hand:
    up = match.upcoming()
    assert up is not None
    d, n = up[0], match.players
    _, _, junk, cut, waits, tile = _tiles(match)
    hand = _hand(match, {d: junk, (d + 1) % n: waits}, cut + tile)
    return play(hand, f"{d} cut", f"{(d + 1) % n} tsumo")


def exhaustive_draw(match: Match) -> Hand:
    up = match.upcoming()
    assert up is not None
    hand = _hand(match, {}, "")
    while not hand.is_over:
        finish(hand)
        if hand.is_over:
            break
        assert hand.actor is not None
        play(hand, f"{hand.actor} cut")
    return hand


@pytest.mark.parametrize(("rid", "players"), [("hk-4p", 4), ("hk-2p", 2), ("hk-fanlaak", 4)])
def test_dealer_repeats_on_a_win_or_a_draw_and_passes_otherwise(rid: str,
                                                                players: int) -> None:
    m = Match(rid)
    dealer_wins(m)
    assert m.upcoming() == (0, 1, EAST)
    hand = exhaustive_draw(m)
    assert hand.result is not None and not hand.result.winners
    assert hand.result.deltas == (0,) * players
    assert m.upcoming() == (0, 2, EAST)
    next_seat_wins(m)
    assert m.upcoming() == (1, 0, EAST)


def test_hk_2p_rotation_and_four_rounds() -> None:
    m = Match("hk-2p")
    winds = []
    while m.upcoming() is not None:
        up = m.upcoming()
        assert up is not None
        winds.append((up[0], up[2]))
        next_seat_wins(m)
    assert winds == [(0, EAST), (1, EAST), (0, SOUTH), (1, SOUTH), (0, EAST + 2),
                     (1, EAST + 2), (0, NORTH), (1, NORTH)]
    assert m.result.over and len(m.hands) == 8


def test_the_game_ends_when_the_last_north_dealership_passes() -> None:
    m = Match("hk-4p", start=StartState(round_wind=NORTH, dealer=3))
    dealer_wins(m)  # the last dealer repeats
    exhaustive_draw(m)  # and again on a draw
    assert m.upcoming() == (3, 2, NORTH)
    next_seat_wins(m)
    assert m.upcoming() is None and m.is_over


@pytest.mark.parametrize("rounds", [1, 2])
def test_rounds_option(rounds: int) -> None:
    m = Match("hk-4p", {"rounds": rounds})
    for _ in range(4 * rounds):
        assert m.upcoming() is not None
        next_seat_wins(m)
    assert m.upcoming() is None


def test_start_points_zero_and_scores_are_net_gains() -> None:
    m = Match("hk-4p")
    dealer_wins(m)  # Blessing of Heaven: 10 fan self-drawn, 256 from each
    r = m.result
    assert r.scores == (768, -256, -256, -256) == r.net == r.money


def test_point_limit_ends_a_fan_laak_game_and_money_is_points_times_stake() -> None:
    m = Match("hk-fanlaak", {"point_limit": 300, "stake": 5})
    # Half Flush 2 + Prevalent Wind 1 + Self-drawn 1 = 4 fan = 16 points: 32 from each
    next_seat_wins(m)
    assert m.result.scores == (-32, 96, -32, -32) and m.upcoming() is not None
    dealer_wins(m)  # seat 1 deals: Blessing of Heaven, 10 fan = 64 points, 128 from each
    r = m.result
    assert r.over and m.upcoming() is None
    assert r.scores == (-32 - 128, 96 + 384, -32 - 128, -32 - 128)
    assert r.net == r.scores  # start points 0
    assert r.money == tuple(5 * x for x in r.scores)
    assert r.winner == 1


def test_below_the_point_limit_the_game_goes_on() -> None:
    m = Match("hk-fanlaak", {"point_limit": 500})
    dealer_wins(m)  # 384 < 500
    assert not m.is_over and m.upcoming() == (0, 1, EAST)


def test_replay_shows_net_points_and_money() -> None:
    m = Match("hk-fanlaak", {"point_limit": 100, "stake": 3})
    dealer_wins(m)
    out: dict[str, Any] = replay(m.record()).to_json()
    assert out["scores"] == [384, -128, -128, -128]
    assert out["net"] == [384, -128, -128, -128]
    assert out["money"] == [1152, -384, -384, -384]
    assert out["over"] is True and out["winner"] == 0
    assert [p["id"] for p in out["hands"][0]["winners"][0]["patterns"]] == ["blessing_of_heaven"]

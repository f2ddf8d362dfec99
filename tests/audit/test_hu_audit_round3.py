"""Audit round 3: Hu Mahjong (hu-4p / hu-3p / hu-2p) cases the first two audits do not cover.

Every expected value was worked out by hand from seed 000 (``/work/shared/seeds/
000_cfd8ab0b6123cd10.txt``) and RULES.md, never copied from the program's output.  Each
case names the seed line or RULES.md ruling it checks.

Part 1 runs ``tingpai score --json`` (DESIGN.md contract) in-process: pattern stacking and
superseding across and inside categories, the cap, limit hands together, quads standing in
for triplets, 3- and 2-player multipliers and seat winds, luck bonuses with limits.
Part 2 replays hand-built game records through ``tingpai replay RECORD --json``: payments in
3 and 2 players, heavy penalties, the pond limit reached by a non-dealer, calls and sacred
discard on the limit discard, ready hands at exhaustive draw, several special wins at one
draw, Eight Immortals beside ready hands, dealership after special wins, the 2-player early
finish and the tie-break of the game's winner.

Tiles: m characters, p dots, s bamboo, 1z..7z = East South West North White Green Red,
1f..4f flowers, 5f..8f seasons.  Unless a scoring case says otherwise it is a discard win in
4 players, seat South, prevailing East, no flowers.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

# ======================================================================================
# Part 1: tingpai score --json
# ======================================================================================
from .hukit import (
    FAR,
    FAR2,
    FAR3,
    READY_3C,
    READY_14S,
    A,
    Deal,
    case,
    check_case,
    illegal,
    names,
    ok,
    record,
    score,
)

SCORE_CASES = [
    # --- payout scheme: "Win by discard (4/3/2 player): base points x3/x2.5/x2" --------
    # Dealer (seat E) at repeat 2 in 3 players: All Sequences 500 + "bonus 100 base points
    # for each repeat" 200 = 700; the discarder pays 700 x 2.5 = 1750.
    case("3p_discard_dealer_repeats",
         {"rules": "hu-3p", "concealed": "567m123p345s789s33z", "win_tile": "3z",
          "seat_wind": "E", "dealer_repeats": 2}, 700, {"All Sequences"}, {"discarder": 1750}),
    # 3p seat West: "A triplet of ... seat wind" -> Value Triplet 500, x2.5 = 1250.
    case("3p_west_seat_wind_triplet",
         {"rules": "hu-3p", "concealed": "333z123m456p789s55s", "win_tile": "5s",
          "seat_wind": "W", "round_wind": "S"}, 500, {"Value Triplet"}, {"discarder": 1250}),
    # 3p South round, seat South: the wind is prevalent and seat -> "Stacks with itself".
    case("3p_south_south_double_wind",
         {"rules": "hu-3p", "concealed": "222z123m456p789s55s", "win_tile": "5s",
          "seat_wind": "S", "round_wind": "S", "win": "self-draw"},
         1500, {"Value Triplet", "Fully Concealed Hand"}, {"each": 1500}),
    # 2p: "Win by self-draw: x1 base points from other player(s)": one opponent pays 20000
    # for Four Pure Sequences (quadruple limit).
    case("2p_four_pure_sequences_selfdraw",
         {"rules": "hu-2p", "concealed": "123m123m123m123m55s", "win_tile": "5s",
          "win": "self-draw"}, 20000, {"Four Pure Sequences"}, {"each": 20000}),
    # 2p discard: Seven Consecutive Pairs 8000 (limit) x 2 = 16000.
    case("2p_seven_consecutive_pairs_discard",
         {"rules": "hu-2p", "concealed": "33s44s55s66s77s88s99s", "win_tile": "9s"},
         8000, {"Seven Consecutive Pairs"}, {"discarder": 16000}),
    # 3p Robbing the Kong (a luck bonus "qualif[ies] any hand for a win, even paternless
    # ones"): 1000, paid by the konger as a discard x2.5 = 2500.
    case("3p_robbing_the_kong_patternless",
         {"rules": "hu-3p", "concealed": "123m456p789s444z55m", "win_tile": "8s",
          "robbing_kong": True}, 1000, {"Robbing the Kong"}, {"discarder": 2500}),
    # 2p Winning on the Last Draw, concealed: Fully Concealed 500 + Last 1000 = 1500 each.
    case("2p_last_draw_selfdraw",
         {"rules": "hu-2p", "concealed": "123m456p789s444z55s", "win_tile": "5s",
          "win": "self-draw", "last_tile": True},
         1500, {"Fully Concealed Hand", "Winning on the Last Draw/Discard"}, {"each": 1500}),
    # Cap, then the eighth-repeat award outside it, in 3 players: Full Flush 4000 + Two Pure
    # Sequences Twice 3000 + All Sequences 500 + Fully Concealed 500 = 8000 (cap) + 4000 =
    # 12000; self-draw: each of the two others pays 12000.
    case("3p_cap_plus_eighth_repeat_selfdraw",
         {"rules": "hu-3p", "concealed": "123s123s456s456s99s", "win_tile": "9s",
          "win": "self-draw", "eighth_repeat": True}, 12000, None, {"each": 12000}),
    # A limit hand of the dealer at the eighth repeat: Thirteen Orphans 8000 + 8 x 100 +
    # 4000 = 12800; the discarder pays 38400.
    case("limit_dealer_eighth_repeat",
         {"concealed": "119m19s19p1234567z", "win_tile": "9p", "seat_wind": "E",
          "dealer_repeats": 8, "eighth_repeat": True}, 12800, {"Thirteen Orphans"},
         {"discarder": 38400}),
    # "Only the most valuable one is scored": flowers (a Flower Set and one more) add nothing
    # to a limit hand; two dealer repeats do (outside the cap): 8000 + 200.
    case("limit_flower_set_ignored_repeats_added",
         {"concealed": "119m19s19p1234567z", "win_tile": "1m", "seat_wind": "E",
          "dealer_repeats": 2, "flowers": "1f2f3f4f5f"}, 8200, {"Thirteen Orphans"}),

    # --- limits together: "Only the most valuable one is scored" ------------------------
    # Little Four Winds (12000) + All Honors (12000) + Four Concealed Triplets (8000) ...:
    # one double limit, 12000.
    case("little_four_winds_with_all_honors",
         {"concealed": "111z222z333z44z555z", "win_tile": "5z"}, 12000,
         {"Little Four Winds"}),
    # All Terminals (12000) + Four Concealed Triplets (8000, self-drawn): 12000.
    case("all_terminals_over_four_concealed",
         {"concealed": "111m999m111s999s11p", "win_tile": "1p", "win": "self-draw"},
         12000, {"All Terminals"}, {"each": 12000}),
    # Big Three Dragons (limit) + Robbing the Kong: the luck bonus is not added to a limit.
    case("limit_with_robbing_the_kong",
         {"concealed": "555z666z777z123m99p", "win_tile": "3m", "robbing_kong": True},
         8000, {"Big Three Dragons"}, {"discarder": 24000}),
    # Four Quads (20000) beside Four Concealed Triplets (8000, all kongs concealed) and a
    # Value Triplet: 20000 only.
    case("four_concealed_quads",
         {"concealed": "55s", "melds": ["ckong 1111m", "ckong 9999p", "ckong 7777z",
                                        "ckong 3333s"], "win_tile": "5s", "win": "self-draw"},
         20000, {"Four Quads"}, {"each": 20000}),
    # All Green with the Green dragon as a concealed kong: double limit 12000.
    case("all_green_with_green_kong",
         {"concealed": "234s234s888s44s", "melds": ["ckong 6666z"], "win_tile": "4s"},
         12000, {"All Green"}),
    # Nine Gates: "1112345678999 + any in the same suit", here won on the 9.
    case("nine_gates_won_on_nine",
         {"concealed": "11123456789999p", "win_tile": "9p"}, 16000, {"Nine Gates"},
         {"discarder": 48000}),

    # --- "Patterns can stack freely across categories" --------------------------------
    # Two Pure Sequences 500 (Sequences) + Three-color Sequences 2000 (Three Colors) +
    # All Sequences 500 (Basic) + Half Outside 3000 (Terminals: every chow holds a 1, the
    # pair is an honour) = 6000.
    case("two_pure_three_color_half_outside",
         {"concealed": "123m123m123p123s44z", "win_tile": "4z"}, 6000,
         {"Two Pure Sequences", "Three-color Sequences", "All Sequences", "Half Outside Hand"}),
    # Full Flush 4000 + Pure Straight 2000 + Two Pure Sequences 500 + All Sequences 500 =
    # 7000: Pure Straight and Two Pure Sequences stack in one category (RULES.md).
    case("full_flush_straight_two_pure",
         {"concealed": "123m456m789m123m55m", "win_tile": "5m"}, 7000,
         {"Full Flush", "Pure Straight", "Two Pure Sequences", "All Sequences"}),
    # Two Pure Sequences Twice 3000 + Parallel Sequences Twice 2000 (123m 123m / 123s 123s:
    # two pairs of same-number chows in the same two suits) + Half Outside 3000 + All
    # Sequences 500 = 8500 -> capped at 8000.
    case("two_pure_twice_parallel_capped",
         {"concealed": "123m123m123s123s55z", "win_tile": "5z"}, 8000,
         {"Two Pure Sequences Twice", "Parallel Sequences Twice", "Half Outside Hand",
          "All Sequences"}),
    # Little Three Dragons 3000 + Value Triplet x3 (White, Green, East prevalent) 1500 +
    # Three Concealed Triplets 2000 (won on 3m: the chow) + Half Outside 3000 + Half Flush
    # 3000 = 12500 -> 8000.
    case("little_three_dragons_stack_capped",
         {"concealed": "555z666z77z111z123m", "win_tile": "3m"}, 8000,
         {"Little Three Dragons", "Value Triplet", "Three Concealed Triplets",
          "Half Outside Hand", "Half Flush"}),
    # Seven Pairs 2000 + All Terminals and Honors 4000 + Half Flush 3000 (characters and
    # honours) = 9000 -> 8000.
    case("seven_pairs_terminals_half_flush_capped",
         {"concealed": "11z22z33z44z55z66z11m", "win_tile": "1m"}, 8000,
         {"Seven Pairs", "All Terminals and Honors", "Half Flush"}),
    # Seven Pairs with three dragon pairs: pairs are not triplets -> no Value Triplet, no
    # Little Three Dragons: Seven Pairs 2000 + All Terminals and Honors 4000 = 6000.
    case("seven_pairs_dragon_pairs_no_value",
         {"concealed": "55z66z77z11m99m11p99p", "win_tile": "9p"}, 6000,
         {"Seven Pairs", "All Terminals and Honors"}),

    # --- "Quads count as triplets for every triplet pattern" --------------------------
    # Three-color Triplets 4000 with two kongs + Two Quads 2000 = 6000.
    case("three_color_triplets_with_kongs",
         {"concealed": "123m99p", "melds": ["kong 5555m", "kong 5555p", "pung 555s"],
          "win_tile": "9p"}, 6000, {"Three-color Triplets", "Two Quads"}),
    # Three Consecutive Triplets 4000 with two kongs + Two Quads 2000 = 6000.
    case("consecutive_triplets_with_kongs",
         {"concealed": "123m99s", "melds": ["kong 5555p", "kong 6666p", "pung 777p"],
          "win_tile": "9s"}, 6000, {"Three Consecutive Triplets", "Two Quads"}),
    # Little Three Dragons with the White as an exposed kong: 3000 + Value Triplet x2 1000
    # + One Quad 500 = 4500.
    case("little_three_dragons_with_kong",
         {"concealed": "666z77z123m456p", "melds": ["kong 5555z"], "win_tile": "7z"},
         4500, {"Little Three Dragons", "Value Triplet", "One Quad"}),
    # Parallel Triplets Twice 4000 with kongs (2222m 2222p / 777m 777p) + All Triplets
    # 2000 + Two Quads 2000 = 8000 (the 777s are won on the pair: 777m 777p concealed = two
    # concealed triplets only).
    case("parallel_triplets_twice_with_kongs",
         {"concealed": "777m777p99s", "melds": ["kong 2222m", "kong 2222p"],
          "win_tile": "9s"}, 8000, {"Parallel Triplets Twice", "All Triplets", "Two Quads"}),
    # Seat-wind concealed kong: Value Triplet 500 + One Quad 500 + Fully Concealed Hand 500
    # ("Concealed quads are allowed") = 1500.
    case("seat_wind_concealed_kong_selfdraw",
         {"concealed": "123m456p789s55s", "melds": ["ckong 2222z"], "win_tile": "5s",
          "win": "self-draw"}, 1500, {"Value Triplet", "One Quad", "Fully Concealed Hand"},
         {"each": 1500}),
    # Three Quads (two concealed kongs, one exposed) 4000 + Three Concealed Triplets 2000
    # (two ckongs + the concealed 333p, won on the pair) + All Triplets 2000 = 8000.
    case("three_quads_three_concealed",
         {"concealed": "333p99m", "melds": ["ckong 2222s", "ckong 5555s", "kong 8888m"],
          "win_tile": "9m"}, 8000, {"Three Quads", "Three Concealed Triplets", "All Triplets"}),

    # --- terminals, suits and open hands ----------------------------------------------
    # Half Outside with an honour concealed kong: 123m 789p 999s 11s + White kong: Half
    # Outside 3000 + Value Triplet 500 + One Quad 500 = 4000 (no Fully Outside: an honour).
    case("half_outside_with_honour_kong",
         {"concealed": "123m789p11s", "melds": ["ckong 5555z", "pung 999s"],
          "win_tile": "1s"}, 4000, {"Half Outside Hand", "Value Triplet", "One Quad"}),
    # Fully Outside with an exposed terminal pung: "Every tile group contains a terminal".
    case("fully_outside_open_pung",
         {"concealed": "123m789m789p99s", "melds": ["pung 111s"], "win_tile": "9s"},
         4000, {"Fully Outside Hand"}),
    # All Types with the dragon as an exposed pung and the wind as the pair: All Types 500 +
    # Value Triplet (Red) 500 = 1000.
    case("all_types_open_dragon_pung",
         {"concealed": "123m456p789s11z", "melds": ["pung 777z"], "win_tile": "1z"},
         1000, {"All Types", "Value Triplet"}),
    # All Simples in an open hand (pung and chow called): 500.
    case("all_simples_open",
         {"concealed": "234m567p88s", "melds": ["pung 222s", "chow 345p"],
          "win_tile": "8s"}, 500, {"All Simples"}),
    # Half Flush "requires at least one honour" -- here only the pair: Half Flush 3000 +
    # Pure Straight 2000 = 5000 (East pair: no pattern; 456p breaks Half Outside).
    case("half_flush_honour_pair_only",
         {"concealed": "123p456p789p222p11z", "win_tile": "1z"}, 5000,
         {"Half Flush", "Pure Straight"}),
    # After a Kong: one kong then two flowers = 1000 + 500 + 500 = 2000 ("The bonus stacks
    # with each consecutive instance"); + One Quad 500 + Fully Concealed 500 + two Flower
    # Tiles 200 = 3200.
    case("after_kong_then_two_flowers",
         {"concealed": "123m456p789s55s", "melds": ["ckong 4444z"], "win_tile": "5s",
          "win": "self-draw", "replacements": ["kong", "flower", "flower"],
          "flowers": "1f2f"}, 3200,
         {"After a Kong", "One Quad", "Fully Concealed Hand", "Flower Tile"},
         {"each": 3200}),
]


@pytest.mark.parametrize(("fields", "total", "pats", "payments"), SCORE_CASES)
def test_score_case(fields: dict[str, Any], total: int, pats: set[str] | None,
                    payments: dict[str, int] | None) -> None:
    check_case(fields, total, pats, payments)


INVALID_CASES = [
    # "North seat omitted in 3 player": a North triplet is never a value triplet there
    # (seats E S W, rounds E S) -> no pattern.
    pytest.param({"rules": "hu-3p", "concealed": "444z123m456p789s55s", "win_tile": "5s",
                  "seat_wind": "W", "round_wind": "S"}, id="3p_north_triplet_no_value"),
    # ... and North is not a seat of a 3-player table at all.
    pytest.param({"rules": "hu-3p", "concealed": "123m456p789s55s", "melds": ["ckong 4444z"],
                  "win_tile": "5s", "seat_wind": "N"}, id="3p_no_north_seat"),
    # "North and West seat omitted in 2 player": a West triplet is no value there.
    pytest.param({"rules": "hu-2p", "concealed": "333z123m456p789s55s", "win_tile": "5s",
                  "seat_wind": "S", "round_wind": "S"}, id="2p_west_triplet_no_value"),
    pytest.param({"rules": "hu-2p", "concealed": "333z123m456p789s55s", "win_tile": "5s",
                  "seat_wind": "W"}, id="2p_no_west_seat"),
    # Shanpon won on a discard: 999s is completed by the discard (not concealed), so only
    # 111m and 999m are concealed; 123p / 456s break every outside or flush pattern.
    pytest.param({"concealed": "111m999m123p456s99s", "win_tile": "9s"},
                 id="shanpon_discard_two_concealed_only"),
    # One Quad and a Flower Set are not winning patterns (RULES.md "other than One Quad,
    # Flower Tile and Flower Set").
    pytest.param({"concealed": "123m456p789s55s", "melds": ["kong 4444z"], "win_tile": "5s",
                  "flowers": "5f6f7f8f"}, id="one_quad_and_flower_set_only"),
    # "A flower cannot be ... part of a meld, so a hand holding one is not complete".
    pytest.param({"concealed": "567m123p345s789s3z1f", "win_tile": "3z"},
                 id="undeclared_flower_in_hand"),
    # Seven Pairs is "Concealed only": five pairs beside a concealed kong are no hand.
    pytest.param({"concealed": "22m55m33s66s44p", "melds": ["ckong 7777z"],
                  "win_tile": "4p"}, id="seven_pairs_with_a_kong"),
]


@pytest.mark.parametrize("fields", INVALID_CASES)
def test_score_invalid(fields: dict[str, Any]) -> None:
    out = score(**fields)
    assert out["valid"] is False, out
    assert isinstance(out.get("reason"), str) and out["reason"], out


def test_shanpon_selfdraw_makes_the_third_concealed_triplet() -> None:
    # Set beside "shanpon_discard_two_concealed_only": 111m 999m 111p 456s 99s won by
    # self-draw on the 9s pair -- all three triplets were formed without a call: Three
    # Concealed Triplets 2000 + Fully Concealed Hand 500 = 2500 from each.
    out = score(concealed="111m999m111p456s99s", win_tile="9s", win="self-draw")
    assert (out["valid"], out["total"], names(out), out["payments"]) == (
        True, 2500, {"Three Concealed Triplets", "Fully Concealed Hand"}, {"each": 2500})


def test_half_outside_superseded_by_fully_outside_is_listed() -> None:
    # "patterns supersede those in the same category that they already imply": Fully
    # Outside Hand supersedes Half Outside Hand (RULES.md); only Fully Outside is counted.
    out = score(concealed="123s789m123p999p11m", win_tile="1m")
    assert names(out) == {"Fully Outside Hand"} and out["total"] == 4000
    sup = [s.get("name", s.get("id")) if isinstance(s, dict) else s for s in out["superseded"]]
    assert any(s in ("Half Outside Hand", "half_outside") for s in sup), out["superseded"]


# ======================================================================================
# Part 2: game records through tingpai replay --json
# ======================================================================================
LIMIT = {"hu-4p": 18, "hu-3p": 20, "hu-2p": 22}


def to_limit(limit: int) -> Callable[[int, Counter[int]], bool]:
    """Stop cutting once any pond holds ``limit`` discards."""
    return lambda seat, ponds: max(ponds.values(), default=0) >= limit


def winners(h: dict[str, Any]) -> list[tuple[int, int]]:
    return [(w["seat"], w["total"]) for w in h["winners"]]


WAITS = "1s 4s 7s"
EI_HAND0 = "1234567f 159m 26p 3s"  # seven flowers and six far tiles
EIGHTH_FLOWER = "8f 159p 26s 37m 1234z 5z"
# A hand whose every discard can be a terminal or honour drawn as filler (kept as dealt).
TD_HANDS = {0: READY_14S, 1: "234m 567m 345p 68p 2s 9s", 2: "345m 678m 8m 234p 57p 1s",
            3: "345s 68s 2m 9p 8p 1z 5z 6z 7z 3p"}


def test_3p_heavy_penalty_and_discard_win() -> None:
    # "Heavy penalty ...: 4000 to other player(s)" -- two others in 3 players: seat 1 pays
    # 8000.  Then seat 2 wins on the dealer's 4s: 500 x 2.5 = 1250 from seat 0.
    d = Deal({0: FAR, 1: FAR2, 2: READY_14S}, players=3)
    d.do(A(1, "penalty"))
    d.cut(0, "4s")
    d.do(A(2, "ron"))
    out = ok(record([d.hand()], rules="hu-3p"))
    assert out["hands"][0]["deltas"] == [4000 - 1250, -8000, 4000 + 1250]
    assert out["scores"] == [37750, 27000, 40250]


def test_2p_heavy_penalty_and_discard_win() -> None:
    # 2 players: the penalized seat pays 4000 to its only opponent; then seat 0 wins on
    # seat 1's 4s: 500 x 2 = 1000.
    d = Deal({0: READY_14S, 1: FAR2}, players=2)
    d.do(A(1, "penalty"))
    d.cut(0)
    d.cut(1, "4s")
    d.do(A(0, "ron"))
    out = ok(record([d.hand()], rules="hu-2p"))
    assert out["hands"][0]["deltas"] == [5000, -5000]
    assert out["scores"] == [45000, 35000]


def test_2p_self_draw_single_opponent_pays() -> None:
    # "Win by self-draw: x1 base points from other player(s)": seat 1 self-draws 4s on its
    # second draw: All Sequences 500 + Fully Concealed 500 = 1000 from seat 0.
    d = Deal({0: FAR, 1: READY_14S}, players=2)
    for seat in (0, 1, 0):
        d.cut(seat)
    d.draw("4s")
    d.do(A(1, "tsumo"))
    out = ok(record([d.hand()], rules="hu-2p"))
    h = out["hands"][0]
    assert winners(h) == [(1, 1000)] and h["deltas"] == [-1000, 1000]


def test_3p_chow_from_the_seat_on_your_left_wraps_round() -> None:
    # "Chow call is always available towards the player to your left": in 3 players the
    # seat before seat 0 is seat 2 (E S W).  Seat 0 chows 567p from seat 2's 6p, discards
    # 9m; seat 1 then self-draws 1s: All Sequences 500 + Fully Concealed 500 = 1000 each.
    d = Deal({0: "57p 159m 26s 37m 1234z", 1: READY_14S, 2: FAR3}, players=3)
    d.cut(0)
    d.cut(1)
    d.cut(2, "6p")
    d.do(A(0, "chow", tiles_="567p"), A(0, "discard", "9m"))
    d.draw("1s")
    d.do(A(1, "tsumo"))
    h = ok(record([d.hand()], rules="hu-3p"))["hands"][0]
    assert winners(h) == [(1, 1000)] and h["deltas"] == [-1000, 2000, -1000]


def test_3p_chow_from_the_wrong_seat_is_illegal() -> None:
    # Seat 1 is not to the right of seat 2 (seat 0 is): seat 1 may not chow seat 2's 6p.
    d = Deal({0: FAR, 1: "57p 159m 26s 37m 1234z", 2: FAR3}, players=3)
    d.cut(0)
    d.cut(1)
    d.cut(2, "6p")
    d.do(A(1, "chow", tiles_="567p"))
    out = illegal(record([d.hand()], rules="hu-3p"))
    assert (out["hand"], out["action"]) == (0, 3)


def _two_winners_on_the_limit_discard() -> Deal:
    d = Deal({0: FAR, 1: FAR2, 2: READY_14S, 3: READY_3C}, avoid=WAITS)
    d.run(0, lambda s, p: s == 0 and p[0] == 17)
    d.cut(0, "4s")
    return d


def test_two_winners_on_the_limit_discard_both_score_last_discard() -> None:
    # RULES.md: "the discard that reaches the limit can still be won on (Winning on the Last
    # Discard)" and multiple_winners "all": the dealer's 18th discard 4s is won by seat 2
    # (All Sequences 500 + Last 1000 = 1500, x3 = 4500) and seat 3 (All Sequences 500 + All
    # Simples 500 + Three-color Sequences 2000 + Last 1000 = 4000, x3 = 12000).
    d = _two_winners_on_the_limit_discard()
    d.do(A(2, "ron"), A(3, "ron"))
    h = ok(record([d.hand()]))["hands"][0]
    assert winners(h) == [(2, 1500), (3, 4000)]
    assert h["deltas"] == [-16500, 0, 4500, 12000]


@pytest.mark.parametrize(("seat", "hand", "call"), [
    (1, "35s 159p 26m 7m 1234z 5z", A(1, "chow", tiles_="345s")),
    (3, "444s 19s 26m 37p 1234z", A(3, "kong")),
])
def test_no_chow_or_kong_on_the_limit_discard(seat: int, hand: str,
                                              call: dict[str, Any]) -> None:
    # RULES.md: on the discard that reaches the limit "no other call is allowed".
    hands = {0: FAR, 1: FAR2, 2: FAR3, 3: "159m 26p 37s 1234z 67z"}
    hands[seat] = hand
    d = Deal(hands, avoid=WAITS)
    d.run(0, lambda s, p: s == 0 and p[0] == 17)
    d.cut(0, "4s")
    d.do(call)
    out = illegal(record([d.hand()]))
    assert out["action"] == len(d.actions) - 1


def test_furiten_applies_to_the_limit_discard() -> None:
    # Seed: a player who has "discarded any tile that can complete their hand ... is barred
    # from winning by discard": seat 2 threw 1s (a wait) on its first turn, so it may not win
    # on the dealer's 18th discard 4s either.
    d = Deal({0: FAR, 1: FAR2, 2: READY_14S, 3: FAR3}, avoid=WAITS)
    d.cut(0)
    d.cut(1)
    d.cut(2, "1s")
    d.run(3, lambda s, p: s == 0 and p[0] == 17)
    d.cut(0, "4s")
    d.do(A(2, "ron"))
    out = illegal(record([d.hand()]))
    assert out["action"] == len(d.actions) - 1


def test_a_non_dealer_pond_reaching_the_limit_ends_the_hand() -> None:
    # "game draws the moment any player's discard pond reaches a certain length": seat 2
    # pungs seat 3's first discard 9p, so seats 0 and 1 lose a turn and seat 2's pond reaches
    # 18 first (seats 3, 0, 1 hold 17).  Exhaustive draw: only seat 0 is ready -> +3000.
    d = Deal({0: READY_14S, 1: FAR2, 2: "99p 15m 26s 37m 1234z 5z", 3: FAR3}, avoid=WAITS)
    for seat in (0, 1, 2):
        d.cut(seat)
    d.cut(3, "9p")
    d.do(A(2, "pung"), A(2, "discard", "5z"))
    d.ponds[2] += 1
    d.run(3, to_limit(18))
    assert (d.ponds[2], d.ponds[3], d.ponds[0], d.ponds[1]) == (18, 17, 17, 17)
    out = ok(record([d.hand()]))
    h = out["hands"][0]
    assert h["result"] == "draw" and h["winners"] == []
    assert h["deltas"] == [3000, -1000, -1000, -1000]
    # ... and the hand is over: seat 3 cannot discard again.
    d.cut(3)
    assert illegal(record([d.hand()]))["action"] == len(d.actions) - 1


def test_furiten_seat_is_still_ready_at_exhaustive_draw() -> None:
    # RULES.md "Ready = some tile kind would complete the hand structurally": sacred discard
    # bars a discard win, not readiness.  The dealer threw its wait 1s, stays ready and
    # receives 1000 from each of the three others.
    d = Deal({0: READY_14S, 1: FAR2, 2: FAR, 3: FAR3}, avoid=WAITS)
    d.cut(0, "1s")
    d.run(1, to_limit(18))
    h = ok(record([d.hand()]))["hands"][0]
    assert h["result"] == "draw"
    assert h["deltas"] == [3000, -1000, -1000, -1000]


def test_waits_visible_elsewhere_still_count_as_ready() -> None:
    # RULES.md: only "a kind whose four tiles are all in the player's own hand and melds"
    # is not counted.  The others throw every 1s and 4s (the dealer lets them all go): the
    # dealer is still ready at exhaustive draw and gets 1000 from each.
    d = Deal({0: READY_14S, 1: FAR2, 2: FAR, 3: "159m 26p 38s 1234z 67z"}, avoid=WAITS)
    script = [(0, None), (1, "1s"), (2, "1s"), (3, "1s"), (0, None), (1, "1s"), (2, "4s"),
              (3, "4s"), (0, None), (1, "4s"), (2, "4s"), (3, None)]
    for seat, tile in script:
        d.cut(seat, tile)
    d.run(0, to_limit(18))
    h = ok(record([d.hand()]))["hands"][0]
    assert h["result"] == "draw"
    assert h["deltas"] == [3000, -1000, -1000, -1000]


def test_two_seats_win_all_terminal_and_honor_discards() -> None:
    # "All Terminal and Honor Discards (4000): Reach exhaustive draw having only discarded
    # terminal and honor tiles" -- seats 1 and 3 both qualify; each is paid as self-draw
    # (RULES.md): 4000 from each other seat.  Seat 1: +12000 - 4000 = +8000.
    d = Deal(TD_HANDS, avoid=WAITS)
    d.run(0, to_limit(18), kind=lambda s: "term" if s in (1, 3) else "simple")
    h = ok(record([d.hand()]))["hands"][0]
    assert winners(h) == [(1, 4000), (3, 4000)]
    assert h["deltas"] == [-8000, 8000, -8000, 8000]


def test_3p_all_terminal_and_honor_discards() -> None:
    # 3 players, pond limit 20: seat 1 discards only terminals and honours: 4000 from each
    # of the two others; the dealer's ready hand earns nothing (the win replaces the
    # ready-hand payments).
    d = Deal({s: h for s, h in TD_HANDS.items() if s < 3}, players=3, avoid=WAITS)
    d.run(0, to_limit(20), kind=lambda s: "term" if s == 1 else "simple")
    out = ok(record([d.hand()], rules="hu-3p"))
    h = out["hands"][0]
    assert winners(h) == [(1, 4000)]
    assert h["deltas"] == [-4000, 8000, -4000]


def test_dealer_terminal_discards_win_keeps_the_deal() -> None:
    # RULES.md: the win "counts as a win for dealer rotation".  The dealer (not ready)
    # discards only terminals and honours: 4000 from each; it keeps the deal, so hand 2 is
    # at repeat 1 and its win on seat 1's 4s is 500 + 100 = 600, x3 = 1800.
    d = Deal({0: FAR, 1: FAR2, 2: FAR3, 3: "147m 258p 369s 567z 1p"})
    d.run(0, to_limit(18), kind=lambda s: "term" if s == 0 else "simple")
    d2 = Deal({0: READY_14S, 1: FAR2, 2: FAR, 3: FAR3})
    d2.cut(0)
    d2.cut(1, "4s")
    d2.do(A(0, "ron"))
    out = ok(record([d.hand(), d2.hand()]))
    assert winners(out["hands"][0]) == [(0, 4000)]
    assert out["hands"][0]["deltas"] == [12000, -4000, -4000, -4000]
    assert winners(out["hands"][1]) == [(0, 600)]
    assert out["hands"][1]["deltas"] == [1800, -1800, 0, 0]


def _seven_flowers_at_limit(holder_of_8f: int | None) -> Deal:
    # Seat 0 declares seven flowers, then everybody cuts to the pond limit; seat 2 is ready
    # (234m 234p 234s 56s 88m), the others are not.
    hands = {0: EI_HAND0, 1: FAR2, 2: READY_3C, 3: FAR3}
    if holder_of_8f is not None:
        hands[holder_of_8f] = EIGHTH_FLOWER
    d = Deal(hands, tail="2m 3m 4m 5m 6m 7m 8m", avoid=WAITS)
    d.draw("5z")
    d.do(*[A(0, "flower", f"{n}f") for n in range(1, 8)])
    d.discard(0, "5z")
    d.run(1, to_limit(18))
    return d


def test_eight_immortals_at_draw_replaces_ready_payments() -> None:
    # Eight Immortals "Declare 7 flowers and reach exhaustive draw with the last one being in
    # the dead wall": 8000 from each (paid as self-draw); seat 2's ready hand earns nothing.
    h = ok(record([_seven_flowers_at_limit(None).hand()]))["hands"][0]
    assert winners(h) == [(0, 8000)]
    assert h["deltas"] == [24000, -8000, -8000, -8000]


def test_eighth_flower_held_elsewhere_the_draw_stands_with_ready_payments() -> None:
    # "should the last one be in the possession of another player, Eight Immortals is not
    # scored and the game is drawn": the ordinary draw stands, so the ready seat 2 gets 1000
    # from each of the three others (seat 1's undeclared flower keeps it not ready).
    h = ok(record([_seven_flowers_at_limit(1).hand()]))["hands"][0]
    assert h["result"] == "draw" and h["winners"] == []
    assert h["deltas"] == [-1000, -1000, 3000, -1000]


def test_3p_eight_immortals_by_discard_pays_x2_5() -> None:
    # "Declare 7 flowers and have someone declare the last one. Considered as winning by
    # discard": in 3 players the declarer pays 8000 x 2.5 = 20000.
    d = Deal({0: EI_HAND0, 1: EIGHTH_FLOWER, 2: FAR}, players=3,
             tail="2m 3m 4m 5m 6m 7m 8m 8p")
    d.draw("5z")
    d.do(*[A(0, "flower", f"{n}f") for n in range(1, 8)])
    d.do(A(0, "discard", "5z"))
    d.draw()
    d.do(A(1, "flower", "8f"), A(0, "ron"))
    h = ok(record([d.hand()], rules="hu-3p"))["hands"][0]
    assert winners(h) == [(0, 8000)]
    assert h["deltas"] == [20000, -20000, 0]


def test_2p_eight_immortals_declaring_the_eighth() -> None:
    # "Declare 8 flowers": paid as self-draw, the single opponent pays 8000.
    d = Deal({0: EI_HAND0, 1: FAR2}, players=2, tail="2m 3m 4m 5m 6m 7m 8m 9p")
    d.draw("8f")
    d.do(*[A(0, "flower", f"{n}f") for n in range(1, 9)])
    h = ok(record([d.hand()], rules="hu-2p"))["hands"][0]
    assert winners(h) == [(0, 8000)]
    assert h["deltas"] == [8000, -8000]


def test_game_winner_tie_goes_to_the_earlier_seat() -> None:
    # RULES.md: "Highest points wins; ties go to the earlier starting seat."  Last South
    # dealership (seat 3); seat 1 wins on seat 3's 4s (1500): seats 0 and 1 tie at 31500.
    start = {"round_wind": "S", "dealer": 3, "repeats": 0,
             "scores": [31500, 30000, 30000, 28500]}
    d = Deal({3: FAR3, 0: FAR, 1: READY_14S, 2: FAR2}, dealer=3)
    d.cut(3, "4s")
    d.do(A(1, "ron"))
    out = ok(record([d.hand()], start=start))
    assert out["scores"] == [31500, 31500, 30000, 27000]
    assert out["over"] is True and out["winner"] == 0


def test_2p_final_dealer_tying_is_not_leading() -> None:
    # RULES.md "in the game's final dealership, if the dealer wins a hand and then leads,
    # the game ends at once": a win that only ties the opponent does not end it.
    start = {"round_wind": "S", "dealer": 1, "repeats": 0, "scores": [41000, 39000]}
    d = Deal({1: READY_14S, 0: FAR2}, players=2, dealer=1)
    d.cut(1, "9p")
    d.cut(0, "4s")
    d.do(A(1, "ron"))
    out = ok(record([d.hand()], rules="hu-2p", start=start))
    assert out["scores"] == [40000, 40000]
    assert out["over"] is False


def test_2p_final_dealer_leading_after_a_draw_has_not_won() -> None:
    # The early finish needs a won hand: at exhaustive draw (pond 22) the ready final dealer
    # takes 1000 and the lead, the game goes on and the dealer repeats ("Otherwise ... a
    # repeat is played").  Hand 2 at repeat 1: the dealer wins 500 + 100 = 600 x 2 = 1200,
    # leads, and the game ends.
    start = {"round_wind": "S", "dealer": 1, "repeats": 0, "scores": [40500, 39500]}
    d = Deal({1: READY_14S, 0: FAR2}, players=2, dealer=1, avoid=WAITS)
    d.run(1, to_limit(22))
    assert d.ponds[1] == 22 and d.ponds[0] == 21
    d2 = Deal({1: READY_14S, 0: FAR2}, players=2, dealer=1)
    d2.cut(1, "9p")
    d2.cut(0, "4s")
    d2.do(A(1, "ron"))
    first = ok(record([d.hand()], rules="hu-2p", start=start))
    assert first["hands"][0]["result"] == "draw"
    assert first["scores"] == [39500, 40500] and first["over"] is False
    out = ok(record([d.hand(), d2.hand()], rules="hu-2p", start=start))
    assert winners(out["hands"][1]) == [(1, 600)]
    assert out["scores"] == [38300, 41700] and out["over"] is True and out["winner"] == 1

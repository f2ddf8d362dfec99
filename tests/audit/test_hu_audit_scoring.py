"""Audit: Hu Mahjong scoring through the ``tingpai score --json`` contract (DESIGN.md).

Every expected value below was worked out by hand from seed 000 and RULES.md, not taken
from the program.  Tiles: m characters, p dots, s bamboo, 1z..7z = E S W N White Green Red.
The seed's Unicode examples are decoded in the comments (U+1F010.. are bamboo, U+1F019.. dots).

Unless a case says otherwise the hand is won on a discard in 4 players, seat South,
prevailing East, no flowers (fields given explicitly so the cases do not lean on defaults).
"""

from __future__ import annotations

import json
import subprocess
from typing import Any

import pytest

from .hukit import (
    TINGPAI,
    case,
    check_case,
    names,
    run_score,
    score,
)

# --------------------------------------------------------------------------------------
# Every pattern of the seed, each with a hand built around the seed's own example.
# --------------------------------------------------------------------------------------
PATTERN_CASES = [
    # Seed "Scoring Example": 123m 123s 123p 789p 99p + season 5f, (opened).
    # RULES.md: "that hand is 6600 base, so ... discard 19800 / 16500 / 13200".
    case("seed_example_4p_discard",
         {"concealed": "123s123p789p99p", "melds": ["chow 123m"], "win_tile": "9p",
          "flowers": "5f"},
         6600, {"Fully Outside Hand", "Three-color Sequences", "All Sequences", "Flower Tile"},
         {"discarder": 19800}),
    case("seed_example_3p_discard",
         {"rules": "hu-3p", "concealed": "123s123p789p99p", "melds": ["chow 123m"],
          "win_tile": "9p", "flowers": "5f"}, 6600, None, {"discarder": 16500}),
    case("seed_example_2p_discard",
         {"rules": "hu-2p", "concealed": "123s123p789p99p", "melds": ["chow 123m"],
          "win_tile": "9p", "flowers": "5f"}, 6600, None, {"discarder": 13200}),
    # "Win by self-draw: x1 base points from other player(s)"; open hand: no Fully Concealed.
    case("seed_example_4p_selfdraw",
         {"concealed": "123s123p789p99p", "melds": ["chow 123m"], "win_tile": "9p",
          "flowers": "5f", "win": "self-draw"}, 6600, None, {"each": 6600}),
    case("seed_example_3p_selfdraw",
         {"rules": "hu-3p", "concealed": "123s123p789p99p", "melds": ["chow 123m"],
          "win_tile": "9p", "flowers": "5f", "win": "self-draw"}, 6600, None, {"each": 6600}),
    case("seed_example_2p_selfdraw",
         {"rules": "hu-2p", "concealed": "123s123p789p99p", "melds": ["chow 123m"],
          "win_tile": "9p", "flowers": "5f", "win": "self-draw"}, 6600, None, {"each": 6600}),
    # "Tiles: ... Unicode tiles (U+1F000..U+1F029) are accepted": the seed example in Unicode.
    case("seed_example_unicode",
         {"concealed": "🀐🀑🀒🀙🀚🀛🀟🀠🀡🀡🀡", "melds": ["chow 🀇🀈🀉"], "win_tile": "🀡",
          "flowers": "🀦"}, 6600, None, {"discarder": 19800}),
    # All Sequences 500, seed example 567m 123p 345s 789s WW (West pair: no value for S/E).
    case("all_sequences", {"concealed": "567m123p345s789s33z", "win_tile": "3z"},
         500, {"All Sequences"}, {"discarder": 1500}),
    # RULES: "All Sequences: four chows and any pair; open hands allowed".
    case("all_sequences_open", {"concealed": "123p345s789s33z", "melds": ["chow 567m"],
                                "win_tile": "3z"}, 500, {"All Sequences"}),
    # All Simples 500, seed example 234m 888p 345p 678s 22p.
    case("all_simples", {"concealed": "234m888p345p678s22p", "win_tile": "2p"},
         500, {"All Simples"}, {"discarder": 1500}),
    # Fully Concealed Hand 500: "Only scored when won by self-draw." 444z is North: no value.
    case("fully_concealed_selfdraw",
         {"concealed": "123m456p789s444z55s", "win_tile": "5s", "win": "self-draw"},
         500, {"Fully Concealed Hand"}, {"each": 500}),
    # "Concealed quads are allowed." One Quad 500 + Fully Concealed 500.
    case("fully_concealed_with_ckong",
         {"concealed": "123m456p789s55s", "melds": ["ckong 4444z"], "win_tile": "5s",
          "win": "self-draw"}, 1000, {"Fully Concealed Hand", "One Quad"}, {"each": 1000}),
    # Two Pure Sequences 500 (+ All Sequences 500).
    case("two_pure_sequences", {"concealed": "123m123m456p789s55z", "win_tile": "5z"},
         1000, {"Two Pure Sequences", "All Sequences"}),
    # RULES: "Two Pure Sequences / Pure Straight / Three-color patterns: open hands allowed."
    case("two_pure_sequences_open",
         {"concealed": "123m456p789s55z", "melds": ["chow 123m"], "win_tile": "5z"},
         1000, {"Two Pure Sequences", "All Sequences"}),
    # Three Pure Sequences 4000 supersedes Two Pure Sequences; + All Sequences 500.
    case("three_pure_sequences_open",
         {"concealed": "123m456p55s", "melds": ["chow 123m", "chow 123m"], "win_tile": "5s"},
         4500, {"Three Pure Sequences", "All Sequences"}),
    # Highest decomposition: 123m x3 concealed is also 111m 222m 333m = Three Consecutive
    # Triplets 4000 + Three Concealed Triplets 2000 = 6000 > 4500 (won on the 5s pair).
    case("three_pure_vs_consecutive_triplets",
         {"concealed": "123m123m123m456p55s", "win_tile": "5s"},
         6000, {"Three Consecutive Triplets", "Three Concealed Triplets"}),
    # Same tiles won on the 3m: the 333m triplet would not be concealed -> 4000 < 4500.
    case("three_pure_won_on_3m",
         {"concealed": "123m123m123m456p55s", "win_tile": "3m"},
         4500, {"Three Pure Sequences", "All Sequences"}),
    # Four Pure Sequences 20000 (quadruple limit).
    case("four_pure_sequences", {"concealed": "123m123m123m123m55s", "win_tile": "5s"},
         20000, {"Four Pure Sequences"}, {"discarder": 60000}),
    # Pure Straight 2000 + All Sequences 500.
    case("pure_straight", {"concealed": "123m456m789m456p55s", "win_tile": "5s"},
         2500, {"Pure Straight", "All Sequences"}),
    # RULES: "Pure Straight and Two Pure Sequences do not imply each other: they stack."
    case("pure_straight_with_two_pure",
         {"concealed": "123m456m789m123m55s", "win_tile": "5s"},
         3000, {"Pure Straight", "Two Pure Sequences", "All Sequences"}),
    # Two Pure Sequences Twice 3000 (supersedes Two Pure) + All Sequences 500; seed example
    # 123m 123m 567p 567p. (Seven Pairs reading = 2000 only.)
    case("two_pure_sequences_twice", {"concealed": "123m123m567p567p99s", "win_tile": "9s"},
         3500, {"Two Pure Sequences Twice", "All Sequences"}),
    # All Triplets 2000, seed example 222m 666s SSS White 33s; seat West (South no value).
    # Open 222m; concealed 666s SSS WhWhWh (won on the pair) -> Three Concealed 2000;
    # White dragon -> Value Triplet 500.
    case("all_triplets_open",
         {"concealed": "666s222z555z33s", "melds": ["pung 222m"], "win_tile": "3s",
          "seat_wind": "W"},
         4500, {"All Triplets", "Three Concealed Triplets", "Value Triplet"}),
    # RULES: "a triplet completed by a winning discard is not concealed": won on 6s.
    case("triplet_won_on_discard_not_concealed",
         {"concealed": "666s222z555z33s", "melds": ["pung 222m"], "win_tile": "6s",
          "seat_wind": "W"},
         2500, {"All Triplets", "Value Triplet"}),
    # ... while a triplet completed by self-draw is concealed (open hand: no Fully Concealed).
    case("triplet_won_by_selfdraw_concealed",
         {"concealed": "666s222z555z33s", "melds": ["pung 222m"], "win_tile": "6s",
          "seat_wind": "W", "win": "self-draw"},
         4500, {"All Triplets", "Three Concealed Triplets", "Value Triplet"}, {"each": 4500}),
    # Four Concealed Triplets 8000 (limit); supersedes All Triplets / Three Concealed.
    case("four_concealed_triplets",
         {"concealed": "222m666s222z555z33s", "win_tile": "3s", "seat_wind": "W"},
         8000, {"Four Concealed Triplets"}, {"discarder": 24000}),
    # Won on 6s discard: only three concealed -> All Triplets 2000 + Three Concealed 2000 +
    # White 500.
    case("four_triplets_won_on_discard_triplet",
         {"concealed": "222m666s222z555z33s", "win_tile": "6s", "seat_wind": "W"},
         4500, {"All Triplets", "Three Concealed Triplets", "Value Triplet"}),
    case("four_concealed_triplets_selfdraw",
         {"concealed": "222m666s222z555z33s", "win_tile": "6s", "seat_wind": "W",
          "win": "self-draw"}, 8000, {"Four Concealed Triplets"}, {"each": 8000}),
    # "Concealed kongs count as concealed triplets": 2 ckongs + 2 concealed triplets,
    # won on the pair -> Four Concealed Triplets (limit).
    case("four_concealed_with_ckongs",
         {"concealed": "666s444z33s", "melds": ["ckong 2222m", "ckong 8888p"],
          "win_tile": "3s", "seat_wind": "W"}, 8000, {"Four Concealed Triplets"}),
    # An exposed kong is not concealed: 3 concealed -> Three Concealed 2000 + All Triplets
    # 2000 + One Quad 500.
    case("exposed_kong_not_concealed",
         {"concealed": "222m666s444z33s", "melds": ["kong 8888p"],
          "win_tile": "3s", "seat_wind": "W"},
         4500, {"All Triplets", "Three Concealed Triplets", "One Quad"}),
    # One Quad: "Not a valid winning pattern on its own."
    # Two Quads 2000 (supersedes One Quad).
    case("two_quads",
         {"concealed": "123m456p99m", "melds": ["kong 2222s", "kong 5555s"], "win_tile": "9m"},
         2000, {"Two Quads"}),
    case("three_quads",
         {"concealed": "456p99m", "melds": ["kong 2222s", "kong 5555s", "kong 7777m"],
          "win_tile": "9m"}, 4000, {"Three Quads"}),
    # Three concealed kongs: Three Quads 4000 + Three Concealed Triplets 2000.
    case("three_concealed_quads",
         {"concealed": "456p99m", "melds": ["ckong 2222s", "ckong 5555s", "ckong 7777m"],
          "win_tile": "9m"}, 6000, {"Three Quads", "Three Concealed Triplets"}),
    case("four_quads",
         {"concealed": "99m", "melds": ["kong 2222s", "kong 5555s", "kong 7777m", "kong 6666z"],
          "win_tile": "9m"}, 20000, {"Four Quads"}),
    # Value Triplet 500 each; "Stacks with itself when prevalent wind and seat wind coincide."
    case("value_triplet_double_wind",
         {"concealed": "111z123m456p789s55s", "win_tile": "5s", "seat_wind": "E"},
         1000, {"Value Triplet"}),
    case("value_triplet_prevalent_only",
         {"concealed": "111z123m456p789s55s", "win_tile": "5s", "seat_wind": "S"},
         500, {"Value Triplet"}),
    case("value_triplet_seat_only",
         {"concealed": "222z123m456p789s55s", "win_tile": "5s", "seat_wind": "S"},
         500, {"Value Triplet"}),
    case("value_triplet_south_south",
         {"concealed": "222z123m456p789s55s", "win_tile": "5s", "seat_wind": "S",
          "round_wind": "S"}, 1000, {"Value Triplet"}),
    case("value_triplet_two_dragons",
         {"concealed": "555z777z123m456p99s", "win_tile": "9s"}, 1000, {"Value Triplet"}),
    # "Quads count as triplets for every triplet pattern": Red kong = Value Triplet + One Quad.
    case("value_triplet_as_kong",
         {"concealed": "123m456p789s55s", "melds": ["kong 7777z"], "win_tile": "5s"},
         1000, {"Value Triplet", "One Quad"}),
    # Little Three Dragons 3000 "Stacks with the two instances of Value Triplet."
    case("little_three_dragons",
         {"concealed": "777z555z66z123m456p", "win_tile": "6z"},
         4000, {"Little Three Dragons", "Value Triplet"}),
    # Big Three Dragons 8000 (limit).
    case("big_three_dragons", {"concealed": "777z666z555z123m99p", "win_tile": "9p"},
         8000, {"Big Three Dragons"}),
    # Little Four Winds 12000 (double limit); Big Four Winds 16000 (triple limit).
    case("little_four_winds", {"concealed": "111z222z333z44z123m", "win_tile": "3m"},
         12000, {"Little Four Winds"}),
    case("big_four_winds", {"concealed": "111z222z333z444z55m", "win_tile": "5m"},
         16000, {"Big Four Winds"}),
    # "Only the most valuable one is scored": Big Four Winds + All Honors + Four Concealed.
    case("big_four_winds_all_honors", {"concealed": "111z222z333z444z55z", "win_tile": "5z"},
         16000, {"Big Four Winds"}),
    # All Honors 12000, seed example E W N Green triplets + Red pair.
    case("all_honors", {"concealed": "111z333z444z666z77z", "win_tile": "7z"},
         12000, {"All Honors"}),
    # Half Outside Hand 3000, seed example 123s 789m EEE GGG 11m: + East (prevalent) 500 +
    # Green 500.
    case("half_outside", {"concealed": "123s789m111z666z11m", "win_tile": "1m"},
         4000, {"Half Outside Hand", "Value Triplet"}),
    # Fully Outside Hand 4000 supersedes Half Outside; seed example 123s 789m 123p 999p 11m.
    case("fully_outside", {"concealed": "123s789m123p999p11m", "win_tile": "1m"},
         4000, {"Fully Outside Hand"}),
    # All Terminals and Honors 4000 (supersedes Half Outside) + All Triplets 2000; open 111m,
    # won on 9s so only 999m + NNN are concealed.
    case("all_terminals_and_honors",
         {"concealed": "999m999s444z77z", "melds": ["pung 111m"], "win_tile": "9s"},
         6000, {"All Terminals and Honors", "All Triplets"}),
    # All Terminals 12000 (double limit).
    case("all_terminals", {"concealed": "111m999m111s999s11p", "win_tile": "1p"},
         12000, {"All Terminals"}),
    # All Types 500 with the dragon as the pair (RULES: "the pair included"); North no value.
    case("all_types_dragon_pair", {"concealed": "345p777m567s444z66z", "win_tile": "6z"},
         500, {"All Types"}),
    # All Types with the wind as the pair.
    case("all_types_wind_pair", {"concealed": "345p777m567s555z44z", "win_tile": "4z"},
         1000, {"All Types", "Value Triplet"}),
    # Half Flush 3000, seed example 111s 345s 456s NNN RR.
    case("half_flush", {"concealed": "111s345s456s444z77z", "win_tile": "7z"},
         3000, {"Half Flush"}),
    # Full Flush 4000 supersedes Half Flush (no honour -> no Half Flush anyway).
    case("full_flush", {"concealed": "111s345s456s777s88s", "win_tile": "8s"},
         4000, {"Full Flush"}),
    # All Green 12000 (double limit).
    case("all_green", {"concealed": "234s444s666s888s66z", "win_tile": "6z"},
         12000, {"All Green"}),
    # Nine Gates 16000 (triple limit), "Concealed only."
    case("nine_gates", {"concealed": "11123455678999m", "win_tile": "5m"},
         16000, {"Nine Gates"}),
    case("nine_gates_on_1m", {"concealed": "11112345678999m", "win_tile": "1m"},
         16000, {"Nine Gates"}),
    # Three Consecutive Triplets 4000; 555p open, 666p 777p concealed (only two).
    case("three_consecutive_triplets",
         {"concealed": "666p777p123m99s", "melds": ["pung 555p"], "win_tile": "9s"},
         4000, {"Three Consecutive Triplets"}),
    # Four Consecutive Triplets 8000 (limit).
    case("four_consecutive_triplets",
         {"concealed": "555p666p777p888p99s", "melds": [], "win_tile": "9s"},
         8000, None),
    case("four_consecutive_triplets_open",
         {"concealed": "666p777p888p99s", "melds": ["pung 555p"], "win_tile": "6p"},
         8000, {"Four Consecutive Triplets"}),
    # Parallel Sequences Twice 2000 + All Sequences 500 (seed: 123m 123s 567m 567s).
    case("parallel_sequences_twice", {"concealed": "123m123s567m567s99p", "win_tile": "9p"},
         2500, {"Parallel Sequences Twice", "All Sequences"}),
    # Parallel Triplets Twice 4000 + All Triplets 2000; won on 5m: concealed 222m 555p only.
    case("parallel_triplets_twice",
         {"concealed": "222m555p555m99s", "melds": ["pung 222p"], "win_tile": "5m"},
         6000, {"Parallel Triplets Twice", "All Triplets"}),
    # Three-color Sequences 2000 + All Sequences 500.
    case("three_color_sequences", {"concealed": "567m567s567p123m99s", "win_tile": "9s"},
         2500, {"Three-color Sequences", "All Sequences"}),
    # Three-color Triplets 4000 (777m open; 777s 777p concealed: two only).
    case("three_color_triplets",
         {"concealed": "777s777p123m99s", "melds": ["pung 777m"], "win_tile": "9s"},
         4000, {"Three-color Triplets"}),
    # Seven Pairs 2000; seed example 66s 99s 22m 55p 77p Green White.
    case("seven_pairs", {"concealed": "66s99s22m55p77p66z55z", "win_tile": "5z"},
         2000, {"Seven Pairs"}),
    case("seven_pairs_selfdraw",
         {"concealed": "66s99s22m55p77p66z55z", "win_tile": "5z", "win": "self-draw"},
         2500, {"Seven Pairs", "Fully Concealed Hand"}, {"each": 2500}),
    # Seven Pairs stacks with All Simples / flushes / All Terminals and Honors.
    case("seven_pairs_all_simples", {"concealed": "22m33m55p77p88p44s66s", "win_tile": "6s"},
         2500, {"Seven Pairs", "All Simples"}),
    case("seven_pairs_half_flush", {"concealed": "11s33s55s77s99s22z55z", "win_tile": "5z"},
         5000, {"Seven Pairs", "Half Flush"}),
    case("seven_pairs_full_flush", {"concealed": "11s22s44s55s77s88s99s", "win_tile": "9s"},
         6000, {"Seven Pairs", "Full Flush"}),
    case("seven_pairs_terminals_honors",
         {"concealed": "11m99m11s99s11z44z77z", "win_tile": "7z"},
         6000, {"Seven Pairs", "All Terminals and Honors"}),
    case("seven_pairs_all_types", {"concealed": "22m55m33s66s44p11z77z", "win_tile": "7z"},
         2500, {"Seven Pairs", "All Types"}),
    case("seven_pairs_last_tile",
         {"concealed": "66s99s22m55p77p66z55z", "win_tile": "5z", "last_tile": True},
         3000, {"Seven Pairs", "Winning on the Last Draw/Discard"}),
    # Seven Consecutive Pairs 8000 (limit); seed example 1p..7p pairs.
    case("seven_consecutive_pairs", {"concealed": "11p22p33p44p55p66p77p", "win_tile": "7p"},
         8000, {"Seven Consecutive Pairs"}),
    # Thirteen Orphans 8000 (limit); seed example 11m 9m 1s 9s 1p 9p ESWN Red Green White.
    case("thirteen_orphans", {"concealed": "119m19s19p1234567z", "win_tile": "1m"},
         8000, {"Thirteen Orphans"}, {"discarder": 24000}),
    case("thirteen_orphans_selfdraw",
         {"concealed": "19m19s19p12345677z", "win_tile": "7z", "win": "self-draw"},
         8000, {"Thirteen Orphans"}, {"each": 8000}),
    # Fully Outside: "Every tile group contains a terminal" -- an honour pair breaks it and
    # leaves Half Outside Hand (3000).
    case("fully_outside_needs_terminal_pair",
         {"concealed": "123s789m123p999p11z", "win_tile": "1z"}, 3000, {"Half Outside Hand"}),
    # Across categories patterns stack: Half Outside 3000 + All Sequences 500.
    case("half_outside_with_all_sequences",
         {"concealed": "123m789m123s789p44z", "win_tile": "4z"},
         3500, {"Half Outside Hand", "All Sequences"}),
    # RULES: Parallel Sequences Twice needs "both pairs in the same two suits".
    case("parallel_sequences_other_suits",
         {"concealed": "123m123s567m567p99s", "win_tile": "9s"}, 500, {"All Sequences"}),
    case("parallel_triplets_other_suits",
         {"concealed": "222m222p555m99s", "melds": ["pung 555s"], "win_tile": "9s"},
         4000, {"All Triplets", "Three Concealed Triplets"}),
    # Seven Pairs of honours: All Honors (limit) is all that is scored.
    case("seven_pairs_all_honors", {"concealed": "11z22z33z44z55z66z77z", "win_tile": "7z"},
         12000, {"All Honors"}),
    # All Green: "Hand consists only of green tiles" (the Green dragon is not required).
    case("all_green_without_dragon", {"concealed": "234s234s666s888s44s", "win_tile": "4s"},
         12000, {"All Green"}),
    case("nine_gates_selfdraw",
         {"concealed": "11123455678999m", "win_tile": "5m", "win": "self-draw"},
         16000, {"Nine Gates"}, {"each": 16000}),
    # RULES: "Two Pure Sequences ... open hands allowed" (one 123m called).
    case("two_pure_sequences_twice_open",
         {"concealed": "123m567p567p99s", "melds": ["chow 123m"], "win_tile": "9s"},
         3500, {"Two Pure Sequences Twice", "All Sequences"}),
    # Highest decomposition: the winning 4m goes into the chow 234m, so 444m stays concealed:
    # Three Concealed Triplets 2000.
    case("win_tile_assigned_to_chow",
         {"concealed": "234m444m555p666s99s", "win_tile": "4m"},
         2000, {"Three Concealed Triplets"}),
]


@pytest.mark.parametrize(("fields", "total", "pats", "payments"), PATTERN_CASES)
def test_pattern(fields: dict[str, Any], total: int, pats: set[str] | None,
                 payments: dict[str, int] | None) -> None:
    check_case(fields, total, pats, payments)


# --------------------------------------------------------------------------------------
# Cap, limits, luck bonuses, dealer bonuses.
# --------------------------------------------------------------------------------------
BONUS_CASES = [
    # "Hand scores are limited to 8000 base points" (RULES: non-limit patterns + flowers).
    # Full Flush 4000 + Two Pure Sequences Twice 3000 + All Sequences 500 + Fully Concealed
    # 500 + 2 flowers 200 = 8200 -> 8000.
    case("cap_8000",
         {"concealed": "123s123s456s456s99s", "win_tile": "9s", "win": "self-draw",
          "flowers": "1f2f"}, 8000, None, {"each": 8000}),
    # RULES: "Then add, outside the cap: 100 per dealer repeat when the dealer wins".
    case("dealer_repeats_outside_cap",
         {"concealed": "123s123s456s456s99s", "win_tile": "9s", "win": "self-draw",
          "flowers": "1f2f", "seat_wind": "E", "dealer_repeats": 3}, 8300, None,
         {"each": 8300}),
    case("dealer_repeats_small",
         {"concealed": "567m123p345s789s33z", "win_tile": "3z", "seat_wind": "E",
          "dealer_repeats": 2}, 700, None, {"discarder": 2100}),
    # "4000 for every winner of a hand played at the dealer's eighth repeat" (non-dealer too).
    case("eighth_repeat_nondealer",
         {"concealed": "567m123p345s789s33z", "win_tile": "3z", "eighth_repeat": True},
         4500, None, {"discarder": 13500}),
    case("eighth_repeat_dealer",
         {"concealed": "567m123p345s789s33z", "win_tile": "3z", "seat_wind": "E",
          "dealer_repeats": 8, "eighth_repeat": True}, 5300, None),
    case("eighth_repeat_outside_cap",
         {"concealed": "123s123s456s456s99s", "win_tile": "9s", "win": "self-draw",
          "flowers": "1f2f", "eighth_repeat": True}, 12000, None, {"each": 12000}),
    # Limits are not capped and flowers are not added to a limit hand.
    case("limit_ignores_flowers",
         {"concealed": "119m19s19p1234567z", "win_tile": "1m", "flowers": "1f2f"},
         8000, None),
    case("limit_plus_dealer_bonus",
         {"concealed": "119m19s19p1234567z", "win_tile": "1m", "seat_wind": "E",
          "dealer_repeats": 1}, 8100, None, {"discarder": 24300}),
    # "Only the most valuable one is scored": Four Quads (20000) over Big Four... here Four
    # Quads + Four Concealed Triplets (ckongs) + ... -> 20000.
    case("most_valuable_limit",
         {"concealed": "99m", "melds": ["ckong 2222s", "ckong 5555s", "ckong 7777m",
                                        "ckong 6666z"], "win_tile": "9m"}, 20000, {"Four Quads"}),
    # Flowers: Flower Tile 100 each; Flower Set 1000 supersedes its four Flower Tiles.
    case("flower_tiles",
         {"concealed": "567m123p345s789s33z", "win_tile": "3z", "flowers": "1f5f8f"},
         800, {"All Sequences", "Flower Tile"}),
    case("flower_set",
         {"concealed": "567m123p345s789s33z", "win_tile": "3z", "flowers": "1f2f3f4f"},
         1500, {"All Sequences", "Flower Set"}),
    case("flower_set_plus_one",
         {"concealed": "567m123p345s789s33z", "win_tile": "3z", "flowers": "1f2f3f4f5f"},
         1600, {"All Sequences", "Flower Set", "Flower Tile"}),
    case("two_flower_sets",
         {"concealed": "567m123p345s789s33z", "win_tile": "3z", "flowers": "1f2f3f4f5f6f7f"},
         1800, {"All Sequences", "Flower Set", "Flower Tile"}),
    # Luck bonuses "qualify any hand for a win, even paternless ones".
    case("last_tile_qualifies",
         {"concealed": "123m456p789s444z55s", "win_tile": "5s", "last_tile": True},
         1000, {"Winning on the Last Draw/Discard"}, {"discarder": 3000}),
    case("robbing_kong_qualifies",
         {"concealed": "123m456p789s444z55m", "win_tile": "8s", "robbing_kong": True},
         1000, {"Robbing the Kong"}, {"discarder": 3000}),
    case("robbing_kong_stacks",
         {"concealed": "567m123p345s789s33z", "win_tile": "4s", "robbing_kong": True},
         1500, {"All Sequences", "Robbing the Kong"}),
    # After a Kong 1000 per kong replacement, 500 per flower ("kong then flower ... = 1500").
    case("after_kong",
         {"concealed": "123m456p789s55s", "melds": ["kong 4444z"], "win_tile": "5s",
          "win": "self-draw", "replacements": ["kong"]}, 1500, {"After a Kong", "One Quad"}),
    case("after_kong_then_flower",
         {"concealed": "123m456p789s55s", "melds": ["kong 4444z"], "win_tile": "5s",
          "win": "self-draw", "replacements": ["kong", "flower"], "flowers": "1f"},
         2100, {"After a Kong", "One Quad", "Flower Tile"}),
    case("after_flower_only",
         {"concealed": "123m456p789s55s", "melds": ["pung 444z"], "win_tile": "5s",
          "win": "self-draw", "replacements": ["flower"], "flowers": "2f"},
         600, {"After a Kong", "Flower Tile"}),
    case("after_two_flowers",
         {"concealed": "123m456p789s55s", "melds": ["pung 444z"], "win_tile": "5s",
          "win": "self-draw", "replacements": ["flower", "flower"], "flowers": "2f3f"},
         1200, {"After a Kong", "Flower Tile"}),
    case("after_two_kongs",
         {"concealed": "123m456p55s", "melds": ["kong 4444z", "kong 8888m"], "win_tile": "5s",
          "win": "self-draw", "replacements": ["kong", "kong"]},
         4000, {"After a Kong", "Two Quads"}),
    case("after_ckong_concealed_selfdraw",
         {"concealed": "123m456p789s55s", "melds": ["ckong 4444z"], "win_tile": "5s",
          "win": "self-draw", "replacements": ["kong"]},
         2000, {"After a Kong", "One Quad", "Fully Concealed Hand"}),
    # Blessings (limit 8000).
    case("blessing_heaven",
         {"concealed": "123m456p789s444z55s", "win_tile": "5s", "win": "self-draw",
          "seat_wind": "E", "blessing": "heaven"}, 8000, {"Blessing of Heaven"},
         {"each": 8000}),
    case("blessing_earth",
         {"concealed": "123m456p789s444z55s", "win_tile": "5s", "win": "self-draw",
          "seat_wind": "S", "blessing": "earth"}, 8000, {"Blessing of Earth"},
         {"each": 8000}),
    case("blessing_heaven_vs_all_honors",
         {"concealed": "111z333z444z666z77z", "win_tile": "7z", "win": "self-draw",
          "seat_wind": "E", "blessing": "heaven"}, 12000, {"All Honors"}),
    case("blessing_heaven_plus_repeat",
         {"concealed": "123m456p789s444z55s", "win_tile": "5s", "win": "self-draw",
          "seat_wind": "E", "blessing": "heaven", "dealer_repeats": 2}, 8200, None),
    # Luck bonuses are non-limit patterns: inside the cap (9000 -> 8000).
    case("cap_includes_luck_bonus",
         {"concealed": "123s123s456s456s99s", "win_tile": "9s", "win": "self-draw",
          "last_tile": True}, 8000, None, {"each": 8000}),
    # The dealer bonus is for "the dealer's winning hand": a South winner gets nothing.
    case("repeats_ignored_for_nondealer",
         {"concealed": "567m123p345s789s33z", "win_tile": "3z", "dealer_repeats": 3},
         500, None, {"discarder": 1500}),
    # "Flower Set ... Must either be a set of flowers or a set of seasons."
    case("mixed_four_flowers_not_a_set",
         {"concealed": "567m123p345s789s33z", "win_tile": "3z", "flowers": "1f2f3f5f"},
         900, {"All Sequences", "Flower Tile"}),
    # Eighth repeat bonus is added to a limit hand too: 8000 + 4000.
    case("limit_plus_eighth_repeat",
         {"concealed": "119m19s19p1234567z", "win_tile": "1m", "eighth_repeat": True},
         12000, None, {"discarder": 36000}),
]


@pytest.mark.parametrize(("fields", "total", "pats", "payments"), BONUS_CASES)
def test_bonus(fields: dict[str, Any], total: int, pats: set[str] | None,
               payments: dict[str, int] | None) -> None:
    test_pattern(fields, total, pats, payments)


# --------------------------------------------------------------------------------------
# Invalid hands: "A hand with no observable pattern is not eligible for a win."
# --------------------------------------------------------------------------------------
INVALID = [
    # Patternless, won on a discard (444z North, seat S, round E).
    {"concealed": "123m456p789s444z55s", "win_tile": "5s"},
    # One Quad: "Not a valid winning pattern on its own."
    {"concealed": "123m456p789s55s", "melds": ["kong 4444z"], "win_tile": "5s"},
    # Flowers do not qualify (RULES: "other than One Quad, Flower Tile and Flower Set").
    {"concealed": "123m456p789s444z55s", "win_tile": "5s", "flowers": "1f2f3f4f5f"},
    # Open hand, self-draw: no Fully Concealed Hand.
    {"concealed": "123m456p789s55s", "melds": ["pung 444z"], "win_tile": "5s",
     "win": "self-draw"},
    # Seven Pairs "Must be seven unique pairs": four 6s are not two pairs.
    {"concealed": "66s66s22m55p77p66z55z", "win_tile": "5z"},
    # Not a complete hand.
    {"concealed": "123m456p789s444z57s", "win_tile": "7s"},
    # The dealer / eighth-repeat bonuses are not patterns: they do not qualify a hand.
    {"concealed": "123m456p789s444z55s", "win_tile": "5s", "eighth_repeat": True},
    {"concealed": "123m456p789s444z55s", "win_tile": "5s", "seat_wind": "E",
     "dealer_repeats": 3},
    # A Nine Gates shape plus a tile of another suit is not complete.
    {"concealed": "1112345678999m5p", "win_tile": "5p"},
]


@pytest.mark.parametrize("fields", INVALID, ids=[
    "patternless", "one_quad_only", "flowers_only", "open_selfdraw_patternless",
    "seven_pairs_not_distinct", "incomplete", "eighth_repeat_no_pattern",
    "dealer_repeats_no_pattern", "incomplete_2"])
def test_invalid_hand(fields: dict[str, Any]) -> None:
    out = score(**fields)
    assert out["valid"] is False, out
    assert isinstance(out.get("reason"), str) and out["reason"], out


# --------------------------------------------------------------------------------------
# Malformed input: exit 2 and {"error": ...} (checked through the real console script).
# --------------------------------------------------------------------------------------
MALFORMED = [
    "not json",
    json.dumps([1, 2, 3]),
    json.dumps({"rules": "hu-4p", "concealed": "123m456p789s444z55s"}),          # no win_tile
    json.dumps({"rules": "hu-4p", "win_tile": "5s"}),                           # no concealed
    json.dumps({"concealed": "123m456p789s444z55s", "win_tile": "5s"}),          # no rules
    json.dumps({"rules": "hu-9p", "concealed": "123m456p789s444z55s", "win_tile": "5s"}),
    json.dumps({"rules": "hu-4p", "concealed": "123m456p789s444z5x", "win_tile": "5s"}),
    json.dumps({"rules": "hu-4p", "concealed": "123m456p789s444z55s", "win_tile": "5s",
                "win": "teleport"}),
    json.dumps({"rules": "hu-4p", "concealed": "123m456p789s444z55s", "win_tile": "5s",
                "melds": ["triple 555m"]}),
    json.dumps({"rules": "hu-4p", "concealed": "123m456p789s444z55s", "win_tile": "5s",
                "seat_wind": "Q"}),
    json.dumps({"rules": "hu-4p", "concealed": "123m456p789s444z55s", "win_tile": "5s",
                "blessing": "moon"}),
    json.dumps({"rules": "hu-4p", "concealed": "123m456p789s444z55s", "win_tile": "5s",
                "replacements": ["dragon"]}),
]


@pytest.mark.parametrize("text", MALFORMED, ids=[
    "not_json", "not_object", "no_win_tile", "no_concealed", "no_rules", "bad_rules",
    "bad_tile", "bad_win", "bad_meld", "bad_wind", "bad_blessing", "bad_replacement"])
def test_malformed_input(text: str) -> None:
    status, out = run_score(text)
    assert status == 2, out
    assert set(out) == {"error"} and isinstance(out["error"], str), out


def test_malformed_through_console_script() -> None:
    proc = subprocess.run([TINGPAI, "score", "--json"], input="{oops", text=True,
                          capture_output=True, check=False)
    assert proc.returncode == 2
    assert set(json.loads(proc.stdout)) == {"error"}


def test_seed_example_through_console_script() -> None:
    payload = {"rules": "hu-4p", "options": {}, "concealed": "123s123p789p99p",
               "melds": ["chow 123m"], "win_tile": "9p", "win": "discard", "seat_wind": "S",
               "round_wind": "E", "flowers": "5f", "dealer_repeats": 0,
               "eighth_repeat": False, "replacements": [], "robbing_kong": False,
               "last_tile": False, "blessing": None}
    proc = subprocess.run([TINGPAI, "score", "--json"], input=json.dumps(payload), text=True,
                          capture_output=True, check=True)
    out = json.loads(proc.stdout)
    assert (out["valid"], out["total"], out["limit"], out["payments"]) == (
        True, 6600, False, {"discarder": 19800})
    for key in ("valid", "total", "patterns", "superseded", "limit", "payments"):
        assert key in out
    for p in out["patterns"]:
        assert {"id", "name", "chinese", "pinyin", "value"} <= set(p)


# --------------------------------------------------------------------------------------
# Defaults: "Every field but rules, concealed and win_tile has the default shown."
# The defaults that are not ambiguous: options {}, melds none given, win discard,
# round E, no flowers given, repeats 0, no replacements, no robbing, no last tile, no blessing.
# (seat_wind/flowers/melds: see the report; the example values are not asserted as defaults.)
# --------------------------------------------------------------------------------------
def test_defaults_minimal_input() -> None:
    status, out = run_score({"rules": "hu-4p", "concealed": "567m123p345s789s33z",
                             "win_tile": "3z"})
    assert status == 0
    # All Sequences only; a discard win (payments key "discarder"), no bonuses.
    assert (out["valid"], out["total"], out["payments"]) == (True, 500, {"discarder": 1500})
    assert out["limit"] is False


def test_limit_flag() -> None:
    out = score(concealed="119m19s19p1234567z", win_tile="1m")
    assert out["limit"] is True


def test_superseded_lists_two_pure_sequences() -> None:
    # "Two Pure Sequences Twice supersedes Two Pure Sequences and are never scored together"
    out = score(concealed="123m123m567p567p99s", win_tile="9s")
    assert "Two Pure Sequences" not in names(out)
    sup = out["superseded"]
    assert any((s.get("name") if isinstance(s, dict) else s) in ("Two Pure Sequences",
                                                                 "two_pure_sequences")
               for s in sup), sup


def test_pattern_values_sum_to_total_when_uncapped() -> None:
    # Each pattern entry carries its value; uncapped, without bonuses, they add to the total.
    out = score(concealed="123s123p789p99p", melds=["chow 123m"], win_tile="9p", flowers="5f")
    assert sum(p["value"] for p in out["patterns"]) == out["total"] == 6600
    out = score(concealed="777z555z66z123m456p", win_tile="6z")
    assert sum(p["value"] for p in out["patterns"]) == out["total"] == 4000


# --------------------------------------------------------------------------------------
# Pattern metadata: the seed's English name, Chinese name, pinyin and value.
# --------------------------------------------------------------------------------------
SEED_TABLE = {
    "All Sequences": ("平和", "píng hú", 500),
    "All Simples": ("断么", "duàn yāo", 500),
    "Fully Concealed Hand": ("门清", "mén qīng", 500),
    "Two Pure Sequences": ("一般高", "yī bān gāo", 500),
    "Three Pure Sequences": ("一色三同顺", "yī sè sān tóng shùn", 4000),
    "Four Pure Sequences": ("一色四同顺", "yī sè sì tóng shùn", 20000),
    "Pure Straight": ("一气通贯", "yī qì tōng guàn", 2000),
    "Two Pure Sequences Twice": ("两般高", "liǎng bān gāo", 3000),
    "All Triplets": ("对对和", "duì duì hú", 2000),
    "Three Concealed Triplets": ("三暗刻", "sān àn kè", 2000),
    "Four Concealed Triplets": ("四暗刻", "sì àn kè", 8000),
    "One Quad": ("一杠", "yī gàng", 500),
    "Two Quads": ("二杠", "èr gàng", 2000),
    "Three Quads": ("三杠", "sān gàng", 4000),
    "Four Quads": ("四杠", "sì gàng", 20000),
    "Value Triplet": ("箭刻/圈风刻/门风刻", "jiàn kè/quān fēng kè/mén fēng kè", 500),
    "Little Three Dragons": ("小三元", "xiǎo sān yuán", 3000),
    "Big Three Dragons": ("大三元", "dà sān yuán", 8000),
    "Little Four Winds": ("小四喜", "xiǎo sì xǐ", 12000),
    "Big Four Winds": ("大四喜", "dà sì xǐ", 16000),
    "All Honors": ("字一色", "zì yī sè", 12000),
    "Half Outside Hand": ("全带么", "quán dài yāo", 3000),
    "Fully Outside Hand": ("純全带么", "chún quán dài yāo", 4000),
    "All Terminals and Honors": ("混老头", "hún lǎo tou", 4000),
    "All Terminals": ("清老头", "qīng lǎo tou", 12000),
    "All Types": ("五门齐", "wǔ mén qí", 500),
    "Half Flush": ("混一色", "hún yī sè", 3000),
    "Full Flush": ("清一色", "qīng yī sè", 4000),
    "All Green": ("绿一色", "lǜ yī sè", 12000),
    "Nine Gates": ("九莲宝灯", "jiǔ lián bǎo dēng", 16000),
    "Three Consecutive Triplets": ("三节高", "sān jié gāo", 4000),
    "Four Consecutive Triplets": ("四节高", "sì jié gāo", 8000),
    "Parallel Sequences Twice": ("双喜临门", "shuāng xǐ xiāng féng", 2000),
    "Parallel Triplets Twice": ("两双同刻", "liǎng shuāng tóng kè", 4000),
    "Three-color Sequences": ("三色三同顺", "sān sè sān tóng shùn", 2000),
    "Three-color Triplets": ("三同刻", "sān tóng kè", 4000),
    "Seven Pairs": ("七对", "qī duì", 2000),
    "Seven Consecutive Pairs": ("连七对", "lián qī duì", 8000),
    "Thirteen Orphans": ("十三么", "shí sān yāo", 8000),
    "After a Kong": ("杠上开花", "gàng shàng kāi huā", 1000),
    "Robbing the Kong": ("抢杠", "qiǎng gàng", 1000),
    "Winning on the Last Draw/Discard": ("海底捞月", "hái dǐ lāo yuè", 1000),
    "Blessing of Heaven": ("天胡", "tiān hú", 8000),
    "Blessing of Earth": ("地胡", "dì hú", 8000),
    "Flower Tile": ("花牌", "huā pái", 100),
    "Flower Set": ("花杠", "huā gàng", 1000),
}


def test_pattern_metadata_matches_seed() -> None:
    seen: dict[str, dict[str, Any]] = {}
    for param in PATTERN_CASES + BONUS_CASES:
        fields = param.values[0]
        out = score(**fields)
        for p in out["patterns"]:
            one_instance = p.get("count", 1) == 1 and p["name"] not in (
                "After a Kong", "Flower Tile")
            if one_instance or p["name"] not in seen:
                seen[p["name"]] = {**p, "_single": one_instance}
    missing = set(SEED_TABLE) - set(seen)
    assert not missing, missing
    for name, p in seen.items():
        chinese, pinyin, value = SEED_TABLE[name]
        assert (p["chinese"], p["pinyin"]) == (chinese, pinyin), p
        if p["_single"]:
            assert p["value"] == value, p


def test_seed_unicode_examples_with_variation_selector() -> None:
    # The seed writes Red as "🀄︎" (U+1F004 U+FE0E).  Little Three Dragons example
    # 🀄︎🀄︎🀄︎ 🀆🀆🀆 🀅🀅 + 123m 456p: 3000 + two Value Triplets = 4000.
    out = score(concealed="🀄︎🀄︎🀄︎🀆🀆🀆🀅🀅🀇🀈🀉🀜🀝🀞", win_tile="🀅")
    assert (out["valid"], out["total"]) == (True, 4000)
    # Thirteen Orphans example, won on the Red dragon.
    out = score(concealed="🀇🀇🀏🀐🀘🀙🀡🀀🀁🀂🀃🀄︎🀅🀆", win_tile="🀄︎")
    assert (out["valid"], out["total"]) == (True, 8000)


# --------------------------------------------------------------------------------------
# DESIGN.md: "Defaults: ... seat_wind and round_wind E ... The Python Situation has the same
# defaults, so one hand scores the same both ways" (issue 8 changed the default from S).
# --------------------------------------------------------------------------------------
def test_default_seat_wind_is_east() -> None:
    # 111z = East triplet: prevalent and seat wind (seat E) -> Value Triplet twice, 1000.
    status, out = run_score({"rules": "hu-4p", "concealed": "111z123m456p789s55s",
                             "win_tile": "5s"})
    assert status == 0 and (out["valid"], out["total"]) == (True, 1000)
    # 222z = South triplet: neither the seat nor the round wind -> no pattern at all.
    status, out = run_score({"rules": "hu-4p", "concealed": "222z123m456p789s55s",
                             "win_tile": "5s"})
    assert status == 0 and out["valid"] is False and "no qualifying pattern" in out["reason"]

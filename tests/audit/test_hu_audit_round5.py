"""Audit round 5: Hu Mahjong (hu-4p / hu-3p / hu-2p), points the earlier audits left alone.

Every expected value was worked out by hand from seed 000 (``/work/shared/seeds/
000_cfd8ab0b6123cd10.txt``) and RULES.md, never copied from the program's output.  Each case
names the seed line or RULES.md ruling it follows.

Part 1 runs ``tingpai score --json`` (DESIGN.md contract) in-process: Eight Immortals given
by the declared flowers alone, decompositions whose best reading depends on how the hand was
won, concealed triplets when the winning tile can sit in a chow, quads and concealed kongs,
replacement chains, three-player winds, irregular hands stacking across categories.
Part 2 replays hand-built game records: self-draw after a claim, Blessing of Earth through a
flower replacement, a dealer's concealed kong before a replacement win, sacred discard on a
Seven Pairs wait.

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
    illegal,
    ok,
    record,
    score,
)

# ======================================================================================
# Part 1: tingpai score --json
# ======================================================================================
SCORE_CASES = [
    # --- Eight Immortals from the declared flowers --------------------------------------
    # Seed, Eight Immortals (limit 8000): "Either: * Declare 8 flowers."  RULES: "(1)
    # declaring the 8th flower wins at once, paid as self-draw"; "If any limit pattern
    # applies, the hand scores only its single most valuable limit pattern".  A winner whose
    # declared flowers are all eight has Eight Immortals: 8000 from each, not
    # All Sequences + Fully Concealed + two Flower Sets (3000).
    case("eight_declared_flowers_is_eight_immortals",
         {"concealed": "123m456p789s345m55s", "win_tile": "5s", "win": "self-draw",
          "flowers": "12345678f"}, 8000, {"Eight Immortals"}, {"each": 8000}),
    # ^ before the fix: scored 3000 as two Flower Sets + All Sequences + FC.
    # Same in 3 players with an open hand that has no other pattern: the limit qualifies
    # it (RULES: eligible with "at least one pattern other than One Quad, Flower Tile and
    # Flower Set"); each of the two others pays 8000.
    case("eight_declared_flowers_patternless_3p",
         {"rules": "hu-3p", "concealed": "456p789s444z55s", "melds": ["chow 123m"],
          "win_tile": "5s", "win": "self-draw", "flowers": "12345678f"},
         8000, {"Eight Immortals"}, {"each": 8000}),
    # ^ before the fix: scored invalid ("no qualifying pattern").

    # --- "When a hand decomposes in several ways, score the decomposition with the
    # highest total" (RULES) ------------------------------------------------------------
    # 111222333m 456p 77s won on a discarded 3m: as triplets 333m is completed by the
    # discard (not concealed: 2 concealed only) -> Three Consecutive Triplets 4000; as
    # chows 123m x3 -> Three Pure Sequences 4000 + All Sequences 500 = 4500 (higher).
    case("chows_beat_triplets_on_a_discard",
         {"concealed": "111222333m456p77s", "win_tile": "3m"}, 4500,
         {"Three Pure Sequences", "All Sequences"}, {"discarder": 13500}),
    # The same tiles self-drawn: triplets read 3 concealed triplets -> Three Concealed
    # Triplets 2000 + Three Consecutive Triplets 4000 + Fully Concealed 500 = 6500, above
    # the chow reading 4000 + 500 + 500 = 5000.
    case("triplets_beat_chows_on_a_self_draw",
         {"concealed": "111222333m456p77s", "win_tile": "3m", "win": "self-draw"}, 6500,
         {"Three Concealed Triplets", "Three Consecutive Triplets", "Fully Concealed Hand"},
         {"each": 6500}),
    # RULES: "a triplet completed by a winning discard is not concealed": 333m 345m 111p
    # 222s 55z won on a discarded 3m -- the 3m can be the one in 345m, so 333m stays
    # concealed: Three Concealed Triplets 2000.
    case("win_tile_read_in_the_chow_keeps_the_triplet_concealed",
         {"concealed": "333m345m111p222s55z", "win_tile": "3m"}, 2000,
         {"Three Concealed Triplets"}, {"discarder": 6000}),

    # --- quads ----------------------------------------------------------------------------
    # RULES: "Concealed kongs count as concealed triplets"; Three Quads supersedes Two/One:
    # 3 concealed kongs + 123m + 55s on a discard: Three Quads 4000 + Three Concealed 2000.
    case("three_concealed_kongs",
         {"concealed": "123m55s", "melds": ["ckong 4444m", "ckong 7777s", "ckong 2222p"],
          "win_tile": "5s"}, 6000, {"Three Quads", "Three Concealed Triplets"},
         {"discarder": 18000}),
    # Seed: Fully Concealed "Only scored when won by self-draw. Concealed quads are
    # allowed."  One Quad "Not a valid winning pattern on its own", but Fully Concealed
    # qualifies: 500 + 500 = 1000 each.
    case("one_concealed_quad_self_draw",
         {"concealed": "123m456p789s55s", "melds": ["ckong 4444m"], "win_tile": "5s",
          "win": "self-draw"}, 1000, {"Fully Concealed Hand", "One Quad"}, {"each": 1000}),

    # --- luck ------------------------------------------------------------------------------
    # Seed: After a Kong "1000, 500 after a flower ... qualify any hand for a win, even
    # paternless ones": an open patternless hand self-drawn on a flower replacement:
    # 500 + Flower Tile 100 = 600.
    case("flower_replacement_alone_qualifies",
         {"concealed": "123m456p789s55s", "melds": ["pung 444z"], "win_tile": "5s",
          "win": "self-draw", "replacements": ["flower"], "flowers": "1f"},
         600, {"After a Kong", "Flower Tile"}, {"each": 600}),
    # "The bonus stacks with each consecutive instance": kong, flower, flower = 1000 + 500
    # + 500; One Quad 500; two Flower Tiles 200: 2700.
    case("kong_flower_flower_chain",
         {"concealed": "123m456p55s", "melds": ["pung 444z", "kong 7777s"],
          "win_tile": "5s", "win": "self-draw", "replacements": ["kong", "flower", "flower"],
          "flowers": "1f2f"}, 2700, {"After a Kong", "One Quad", "Flower Tile"},
         {"each": 2700}),

    # --- honours / categories -------------------------------------------------------------
    # Little Three Dragons "Stacks with the two instances of Value Triplet", and Half Flush
    # is another category: 3000 + 2 x 500 + 3000 = 7000.
    case("little_three_dragons_with_half_flush",
         {"concealed": "555z666z77z123m456m", "win_tile": "3m"}, 7000,
         {"Little Three Dragons", "Value Triplet", "Half Flush"}, {"discarder": 21000}),
    # RULES: Seven Pairs "can stack with ... All Types, All Terminals and Honors": 11m 99m
    # 11p 11s 99s 11z 55z -> 2000 + 4000 + 500 = 6500.
    case("seven_pairs_terminals_honours_all_types",
         {"concealed": "1199m11p1199s11z55z", "win_tile": "9s"}, 6500,
         {"Seven Pairs", "All Terminals and Honors", "All Types"}, {"discarder": 19500}),
    # Full Flush, Pure Straight, Two Pure Sequences (they stack: RULES), All Sequences,
    # Fully Concealed: 4000 + 2000 + 500 + 500 + 500 = 7500, under the 8000 cap.
    case("full_flush_straight_two_pure_selfdraw",
         {"concealed": "123456789m123m55m", "win_tile": "5m", "win": "self-draw"}, 7500,
         {"Full Flush", "Pure Straight", "Two Pure Sequences", "All Sequences",
          "Fully Concealed Hand"}, {"each": 7500}),
    # Fully Outside ("Every tile group contains a terminal") supersedes Half Outside.
    case("fully_outside_alone",
         {"concealed": "123m789m123p999p99s", "win_tile": "9s"}, 4000,
         {"Fully Outside Hand"}, {"discarder": 12000}),
    # Nine Gates "1112345678999 + any in the same suit": 1112345678999m + 5m (16000).
    case("nine_gates_on_a_middle_tile",
         {"concealed": "11123455678999m", "win_tile": "5m"}, 16000, {"Nine Gates"},
         {"discarder": 48000}),
    case("nine_gates_on_the_fourth_one",
         {"concealed": "11112345678999m", "win_tile": "1m", "win": "self-draw"}, 16000,
         {"Nine Gates"}, {"each": 16000}),
    # 2p, seat S, South round: South triplet is prevalent and seat -> 1000; x2 = 2000.
    case("2p_double_wind",
         {"rules": "hu-2p", "concealed": "222z123m456p789s55s", "win_tile": "5s",
          "seat_wind": "S", "round_wind": "S"}, 1000, {"Value Triplet"},
         {"discarder": 2000}),
]


@pytest.mark.parametrize(("fields", "total", "pats", "payments"), SCORE_CASES)
def test_score_case(fields: dict[str, Any], total: int, pats: set[str] | None,
                    payments: dict[str, int] | None) -> None:
    check_case(fields, total, pats, payments)


INVALID_CASES = [
    # "One Quad: Not a valid winning pattern on its own" (concealed kong, discard win).
    pytest.param({"concealed": "123m456p789s55s", "melds": ["ckong 4444m"],
                  "win_tile": "5s"}, id="one_concealed_quad_on_a_discard"),
    # Seed: "North seat omitted in 3 player": a North triplet is neither seat nor prevalent
    # wind at seat E, round E -> no pattern.
    pytest.param({"rules": "hu-3p", "concealed": "444z123m456p789s55s", "win_tile": "5s",
                  "seat_wind": "E"}, id="3p_north_triplet_has_no_value"),
    # "Blessing of Heaven: Available to the dealer"; "Blessing of Earth: Available to
    # non-dealers".
    pytest.param({"concealed": "123m456p789s444z55s", "win_tile": "5s", "win": "self-draw",
                  "blessing": "heaven", "seat_wind": "S"}, id="heaven_for_a_non_dealer"),
    pytest.param({"concealed": "123m456p789s444z55s", "win_tile": "5s", "win": "self-draw",
                  "blessing": "earth", "seat_wind": "E"}, id="earth_for_the_dealer"),
    # "Seven Pairs ... Must be seven unique pairs": 1111p is not two pairs.
    pytest.param({"concealed": "11113355778899p", "win_tile": "9p"},
                 id="seven_pairs_with_four_of_a_kind"),
]


@pytest.mark.parametrize("fields", INVALID_CASES)
def test_invalid_case(fields: dict[str, Any]) -> None:
    out = score(**fields)
    assert out["valid"] is False and out["total"] == 0, out


# ======================================================================================
# Part 2: game records through tingpai replay --json
# ======================================================================================
def test_no_self_draw_after_a_pung() -> None:
    # "Fully Concealed ... Only scored when won by self-draw"; a claimed tile is not a draw:
    # seat 1 pungs the dealer's 5z and holds a complete hand, but may not tsumo.
    d = Deal({0: "5z 159m 26p 37s 1234z 6z", 1: "123m456p789s55z99s", 2: NW2, 3: FAR3})
    d.draw("7z")
    d.do(A(0, "discard", "5z"), A(1, "pung"), A(1, "tsumo"))
    out = illegal(record([d.hand()]))
    assert out["action"] == 2


def test_blessing_of_earth_through_a_flower_replacement() -> None:
    # RULES: "Blessing of Earth: a non-dealer, ready after the deal (flower replacements
    # allowed), self-draws the win on the first draw".  Seat 1's first draw is 1f; it
    # declares it and wins on the replacement 4s -> Earth 8000 from each.
    d = Deal({0: FAR, 1: READY_14S, 2: FAR2, 3: FAR3}, tail="4s")
    d.cut(0)
    d.draw("1f")
    d.do(A(1, "flower", "1f"), A(1, "tsumo"))
    h = ok(record([d.hand()]))["hands"][0]
    assert [(w["seat"], w["total"]) for w in h["winners"]] == [(1, 8000)]
    assert h["deltas"] == [-8000, 24000, -8000, -8000]


def test_dealer_concealed_kong_then_replacement_win_is_not_heaven() -> None:
    # RULES: Heaven needs "no kong declared".  The dealer ckongs 1111m on its first turn
    # and wins on the replacement 4s: Fully Concealed 500 + One Quad 500 + After a Kong
    # 1000 = 2000 from each (456p 789s 234s 55s: no All Sequences with a kong).
    d = Deal({0: "1111m 456p 789s 2s 55s", 1: FAR2, 2: "369m 147p 258s 567z 9p", 3: FAR3},
             tail="4s")
    d.draw("3s")
    d.do(A(0, "ckong", "1m"), A(0, "tsumo"))
    h = ok(record([d.hand()]))["hands"][0]
    assert [(w["seat"], w["total"]) for w in h["winners"]] == [(0, 2000)]
    assert h["deltas"] == [6000, -2000, -2000, -2000]


def test_sacred_discard_on_a_seven_pairs_wait() -> None:
    # Seed: "If they've discarded any tile that can complete their hand ... barred from
    # winning by discard".  Seat 2 throws 9m, later keeps a second 9m and waits on it for
    # Seven Pairs (11m 22p 33p 44s 55s 66z 9m): ron on the dealer's 9m is illegal.
    d = Deal({0: FAR, 1: FAR2, 2: "11m 22p 33p 44s 55s 6z 7z 9m", 3: FAR3},
             avoid="9m 6z 7z")
    d.cut(0)
    d.cut(1)
    d.draw("6z")
    d.discard(2, "9m")
    d.cut(3)
    d.cut(0)
    d.cut(1)
    d.draw("9m")
    d.discard(2, "7z")
    d.cut(3)
    d.cut(0, "9m")
    d.do(A(2, "ron"))
    out = illegal(record([d.hand()]))
    assert out["action"] == len(d.actions) - 1


def test_seven_pairs_ron_without_sacred_discard() -> None:
    # Control for the case above: the same wait, nothing in the pond -> Seven Pairs 2000,
    # the dealer pays 6000.
    d = Deal({0: FAR, 1: FAR2, 2: "11m 22p 33p 44s 55s 66z 9m", 3: FAR3}, avoid="9m")
    d.cut(0, "9m")
    d.do(A(2, "ron"))
    h = ok(record([d.hand()]))["hands"][0]
    assert [(w["seat"], w["total"]) for w in h["winners"]] == [(2, 2000)]
    assert h["deltas"] == [-6000, 0, 6000, 0]

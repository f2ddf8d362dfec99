"""Audit round 9: RULES.md ruling by ruling.

Each row below quotes (in its id and its comment) the RULES.md ruling or seed sentence it
pins, and scores one hand through the public API, ``tingpai.score(tingpai.Situation(...),
ruleset)``.  Expected values were worked out by hand from ``/work/shared/seeds/`` and
``/work/shared/RULES.md`` before the program was run.  The last tests drive the engine with
laid-out walls (the kits of the earlier audit rounds) for the two rulings found without a
test of their own: Hu's "No bankruptcy" and Hong Kong's "pao ... takes precedence" on a
robbed kong.
"""

from __future__ import annotations

from typing import Any

import pytest

import tingpai
from tingpai.engine import Phase

from .hukit import START, ok, record
from .test_hk_audit_engine import DRAGON_DRAWS, build_wall, dragon_actions
from .test_hk_audit_round5 import act, finish, new_hand
from .test_hu_audit_round7 import discard_win

Row = Any


def row(cid: str, rules: Any, concealed: str, win_tile: str,
        melds: tuple[str, ...] = (), *, total: int | None = None,
        pats: set[str] | None = None, pay: tuple[int | None, int | None, int | None] | None = None,
        valid: bool = True, **fields: Any) -> Row:
    """One table row: ``pay`` is (discarder, others, each) as in ``Score.payments``."""
    sit = {"seat_wind": "S", "round_wind": "E", **fields}
    return pytest.param(rules, concealed, win_tile, melds, sit, valid, total, pats, pay,
                        id=cid)


def check(rules: Any, concealed: str, win_tile: str, melds: tuple[str, ...],
          sit: dict[str, Any], valid: bool, total: int | None, pats: set[str] | None,
          pay: tuple[int | None, int | None, int | None] | None) -> None:
    out = tingpai.score(tingpai.Situation(concealed, win_tile, list(melds), **sit), rules)
    assert out.valid is valid, (out.valid, out.reason)
    if not valid:
        return
    got_pats = {p.id for p in out.patterns}
    if total is not None:
        assert out.total == total, (out.total, sorted(got_pats))
    if pats is not None:
        assert got_pats == pats, sorted(got_pats)
    if pay is not None:
        p = out.payments
        assert (p.discarder, p.others, p.each) == pay, p


SELF = {"win": "self-draw"}
W = {"seat_wind": "W"}          # a seat whose wind is neither East (round) nor the pair's


# ======================================================================================
# Hu Mahjong (seed 000)
# ======================================================================================
HU: list[Row] = [
    # "Green tiles (All Green): 2s 3s 4s 6s 8s and the Green dragon."
    row("green_tiles_6s_8s_and_green_dragon", "hu-4p", "234s666s888s66z", "6z",
        ("chow 234s",), total=12000, pats={"all_green"}, pay=(36000, None, None)),
    row("green_tiles_5s_is_not_green", "hu-4p", "234s555s888s66z", "6z", ("chow 234s",),
        pats={"half_flush", "two_pure_sequences"}, total=3500),
    # "A hand is eligible to win only if it shows at least one pattern other than One Quad,
    # Flower Tile and Flower Set."
    row("eligible_not_on_one_quad_and_flowers", "hu-4p", "123m456p789s55m", "5m",
        ("kong 2222z",), valid=False, flowers="12345f", **W),
    # "Luck-based bonuses qualify a hand on their own."
    row("luck_bonus_qualifies_alone", "hu-4p", "123m456p789s55m", "5m", ("kong 2222z",),
        total=2600, pats={"one_quad", "last_tile", "flower_set", "flower_tile"},
        flowers="12345f", last_tile=True, **W),
    # "When a hand decomposes in several ways, score the decomposition with the highest
    # total": 111 222 333m as triplets (Three Consecutive Triplets 4000 + Three Concealed
    # 2000) beats 123m x3 (Three Pure Sequences 4000 + All Sequences 500).
    row("highest_decomposition", "hu-4p", "111m222m333m456p77s", "7s", total=6000,
        pats={"three_consecutive_triplets", "three_concealed_triplets"}),
    # "Inside a category a pattern supersedes the ones it implies (e.g. Two Pure Sequences
    # Twice supersedes Two Pure Sequences ...)"
    row("supersede_two_pure_twice_over_two_pure", "hu-4p", "123m123m456p456p77s", "7s",
        pats={"two_pure_sequences_twice", "all_sequences"}, total=3500),
    row("supersede_fully_outside_over_half_outside", "hu-4p", "123m789m123p999s11s", "1s",
        pats={"fully_outside"}, total=4000),
    row("supersede_ath_over_half_outside", "hu-4p", "111m999m11z", "1z",
        ("pung 111p", "pung 999s"), pats={"all_terminals_and_honors", "all_triplets"},
        total=6000, **W),
    row("supersede_full_flush_over_half_flush", "hu-4p", "123m456m789m11m", "1m",
        ("chow 234m",), pats={"full_flush", "pure_straight", "all_sequences"}, total=6500),
    # (one chow exposed: three concealed 123m would read better as triplets 111 222 333m)
    row("supersede_three_pure_over_two_pure", "hu-4p", "234m234m567p77s", "7s",
        ("chow 234m",), pats={"three_pure_sequences", "all_sequences", "all_simples"},
        total=5000),
    row("supersede_four_concealed_over_triplets", "hu-4p", "111m999p555s77z222z", "2z",
        total=8000, pats={"four_concealed_triplets"}, **W, **SELF),
    row("supersede_two_quads_over_one", "hu-4p", "123m456p55s", "5s",
        ("kong 2222p", "kong 3333s"), pats={"two_quads"}, **W),
    row("supersede_flower_set_over_its_four_flower_tiles", "hu-4p", "123m456p789s55s",
        "5s", ("pung 555z",), pats={"value_triplet", "flower_set", "flower_tile"},
        total=1600, flowers="12345f"),
    # "Explicit exception from the seed: Little Three Dragons stacks with its two Value
    # Triplets."
    row("little_three_dragons_stacks_value_triplets", "hu-4p", "555z666z77z123m456p", "4p",
        pats={"little_three_dragons", "value_triplet"}, total=4000),
    # "Quads count as triplets for every triplet pattern."
    row("quad_counts_as_triplet", "hu-4p", "222s456m99p", "9p", ("kong 2222m", "pung 222p"),
        pats={"three_color_triplets", "one_quad"}, total=4500, **W),
    # "a triplet completed by a winning discard is not concealed"
    row("discard_completed_triplet_not_concealed", "hu-4p", "111m999p555s77z222z", "2z",
        pats={"all_triplets", "three_concealed_triplets", "all_types"}, total=4500, **W),
    # "Concealed kongs count as concealed triplets."
    row("concealed_kong_is_concealed_triplet", "hu-4p", "111m999p222z77z", "7z",
        ("ckong 3333s",), pats={"four_concealed_triplets"}, total=8000, **W),
    # "Value Triplet: 500 per dragon triplet, per prevalent-wind triplet and per seat-wind
    # triplet (a triplet of a wind that is both counts twice)."
    row("value_triplet_double_wind", "hu-4p", "111z123m456p789s55p", "5p",
        seat_wind="E", pats={"value_triplet"}, total=1000),
    row("value_triplet_other_wind_is_nothing", "hu-4p", "123m456p789s55p", "5p",
        ("pung 444z",), valid=False, **W),
    # "All Sequences: four chows and any pair; open hands allowed"
    row("all_sequences_open", "hu-4p", "456p789p55z", "5z", ("chow 123m", "chow 345s"),
        pats={"all_sequences"}, total=500, **W),
    # "Two Pure Sequences / Pure Straight / Three-color patterns: open hands allowed."
    row("two_pure_sequences_open", "hu-4p", "234m567p789s11z", "1z", ("chow 234m",),
        pats={"two_pure_sequences", "all_sequences"}, total=1000, **W),
    row("pure_straight_open", "hu-4p", "456m789m234p55s", "5s", ("chow 123m",),
        pats={"pure_straight", "all_sequences"}, total=2500, **W),
    row("three_color_sequences_open", "hu-4p", "234p234s678m99p", "9p", ("chow 234m",),
        pats={"three_color_sequences", "all_sequences"}, total=2500, **W),
    # "Parallel Sequences Twice: two pairs of same-number chows, both pairs in the same two
    # suits (seed example 123m 123s 567m 567s). Parallel Triplets Twice likewise"
    row("parallel_sequences_same_two_suits", "hu-4p", "123m123s567m567s99p", "9p",
        pats={"parallel_sequences_twice", "all_sequences"}, total=2500),
    row("parallel_sequences_three_suits_is_not", "hu-4p", "123m123s567m567p99p", "9p",
        pats={"all_sequences"}, total=500),
    row("parallel_triplets_same_two_suits", "hu-4p", "555p99s", "9s",
        ("pung 222m", "pung 222p", "pung 555m"),
        pats={"parallel_triplets_twice", "all_triplets"}, total=6000, **W),
    row("parallel_triplets_three_suits_is_not", "hu-4p", "555s99s", "9s",
        ("pung 222m", "pung 222p", "pung 555m"), pats={"all_triplets"}, total=2000, **W),
    # "Half Flush requires at least one honour and tiles of exactly one suit."
    row("half_flush_needs_an_honour", "hu-4p", "123m456m789m11z", "1z", ("pung 999m",),
        pats={"half_flush", "pure_straight"}, total=5000, **W),
    # "All Types requires characters, dots, bamboo, a wind and a dragon anywhere in the
    # hand, the pair included"
    row("all_types_dragon_as_pair", "hu-4p", "123m456p789s111z55z", "5z",
        pats={"all_types", "value_triplet"}, total=1500, seat_wind="E"),
    row("all_types_wind_as_pair", "hu-4p", "123m456p789s11z", "1z", ("pung 555z",),
        pats={"all_types", "value_triplet"}, total=1000, **W),
    row("all_types_needs_a_dragon", "hu-4p", "123m456p789s11z", "1z", ("pung 222m",),
        valid=False, **W),
    # "Pure Straight and Two Pure Sequences do not imply each other: they stack."
    row("pure_straight_stacks_two_pure", "hu-4p", "123m456m789m123m55p", "5p",
        pats={"pure_straight", "two_pure_sequences", "all_sequences"}, total=3000),
    # "that hand is 6600 base, so self-draw 19800 / 13200 / 6600 and discard 19800 / 16500
    # / 13200 for 4 / 3 / 2 players"
    row("seed_example_6600_discard_4p", "hu-4p", "123s123p789p99p", "9p", ("chow 123m",),
        flowers="5f", total=6600, pay=(19800, None, None),
        pats={"fully_outside", "three_color_sequences", "all_sequences", "flower_tile"}),
    row("seed_example_6600_discard_3p", "hu-3p", "123s123p789p99p", "9p", ("chow 123m",),
        flowers="5f", total=6600, pay=(16500, None, None)),
    row("seed_example_6600_discard_2p", "hu-2p", "123s123p789p99p", "9p", ("chow 123m",),
        flowers="5f", total=6600, pay=(13200, None, None)),
    row("seed_example_6600_self_draw_4p", "hu-4p", "123s123p789p99p", "9p", ("chow 123m",),
        flowers="5f", total=6600, pay=(None, None, 6600), **SELF),
    # "Seven Pairs: concealed, seven distinct kinds. It can stack with patterns of other
    # categories that do not need melds"
    row("seven_pairs_stacks_simples_concealed", "hu-4p", "22m33m44m55p66p77s88s", "8s",
        pats={"seven_pairs", "all_simples", "fully_concealed"}, total=3000, **SELF),
    row("seven_pairs_stacks_half_flush", "hu-4p", "11m33m55m77m11z22z33z", "3z",
        pats={"seven_pairs", "half_flush"}, total=5000, **W),
    row("seven_pairs_stacks_ath", "hu-4p", "11m99m11p99p11z22z33z", "3z",
        pats={"seven_pairs", "all_terminals_and_honors"}, total=6000, **W),
    row("seven_pairs_distinct_kinds", "hu-4p", "22m22m44m55p66p77s88s", "8s",
        valid=False, **SELF),
    # "Fully Concealed Hand: self-draw with no exposed meld (concealed kongs allowed)."
    row("fully_concealed_with_concealed_kong", "hu-4p", "123m456p789s55s", "5s",
        ("ckong 1111z",), pats={"fully_concealed", "one_quad", "value_triplet"},
        total=1500, **W, **SELF),
    row("fully_concealed_not_with_exposed_kong", "hu-4p", "123m456p789s55s", "5s",
        ("kong 1111z",), pats={"one_quad", "value_triplet"}, total=1000, **W, **SELF),
    row("fully_concealed_not_on_discard", "hu-4p", "123m456p789s55s777z", "5s",
        pats={"value_triplet"}, total=500, **W),
    # "Cap: the sum of non-limit patterns and flower bonuses is capped at 8000. ... Then
    # add, outside the cap: 100 per dealer repeat when the dealer wins; 4000 for every
    # winner of a hand played at the dealer's eighth repeat."
    row("cap_8000_flowers_inside", "hu-4p", "123m123m456m789m55m", "5m", flowers="12345f",
        total=8000, pay=(None, None, 8000), **SELF),
    row("cap_dealer_repeats_outside", "hu-4p", "123m123m456m789m55m", "5m",
        flowers="12345f", total=8200, seat_wind="E", dealer_repeats=2, **SELF),
    row("cap_eighth_repeat_dealer_outside", "hu-4p", "123m123m456m789m55m", "5m",
        flowers="12345f", total=12800, seat_wind="E", dealer_repeats=8,
        eighth_repeat=True, **SELF),
    row("cap_eighth_repeat_every_winner", "hu-4p", "123m123m456m789m55m", "5m",
        flowers="12345f", total=12000, eighth_repeat=True, **SELF),
    # "If any limit pattern applies, the hand scores only its single most valuable limit
    # pattern" (Big Four Winds 16000 over All Honors 12000; the flower is not added)
    row("limit_single_most_valuable", "hu-4p", "111z222z333z444z55z", "5z", flowers="1f",
        pats={"big_four_winds"}, total=16000, pay=(48000, None, None)),
    row("limit_plus_dealer_repeat", "hu-4p", "111z222z333z444z55z", "5z", flowers="1f",
        seat_wind="E", dealer_repeats=1, total=16100),
    # "After a Kong stacks per consecutive replacement ...: 1000 per kong replacement, 500
    # per flower replacement (kong then flower then win = 1500)"
    row("after_a_kong_kong_then_flower_1500", "hu-4p", "123p456s789m55s", "5s",
        ("ckong 2222m",), flowers="1f", replacements=("kong", "flower"),
        pats={"after_a_kong", "one_quad", "fully_concealed", "flower_tile"}, total=2600,
        **W, **SELF),
    # "Blessing of Heaven: dealer complete before the first discard with no kong declared
    # (flower replacements allowed)."
    row("heaven_flower_replacement_allowed", "hu-4p", "123m456p789s55s222m", "5s",
        flowers="1f", replacements=("flower",), blessing="heaven", seat_wind="E",
        pats={"blessing_of_heaven"}, total=8000, **SELF),
    row("heaven_not_after_a_kong", "hu-4p", "123m456p789s55s", "5s", ("ckong 2222z",),
        blessing="heaven", seat_wind="E", valid=False, **SELF),
    # "Blessing of Earth: a non-dealer ... self-draws the win on the first draw"
    row("earth_is_a_self_draw", "hu-4p", "123m456p789s55s222m", "5s", blessing="earth",
        pats={"blessing_of_earth"}, total=8000, pay=(None, None, 8000), **SELF),
    row("earth_not_by_discard", "hu-4p", "123m456p789s55s222m", "5s", blessing="earth",
        valid=False),
    # "Eight Immortals (limit): (1) declaring the 8th flower wins at once, paid as
    # self-draw"; "(3) ... win by discard, that player pays"
    row("eight_immortals_paid_as_self_draw", "hu-4p", "", "1f", flowers="12345678f",
        special="eight_immortals", pats={"eight_immortals"}, total=8000,
        pay=(None, None, 8000), **SELF),
    # (the scorer's own decision: every bonus tile among the winner's flowers is form (1),
    # paid as self-draw whatever ``win`` says)
    row("eight_immortals_all_eight_is_form_1", "hu-4p", "", "1f", flowers="12345678f",
        special="eight_immortals", total=8000, pay=(None, None, 8000)),
    row("eight_immortals_by_discard_3p", "hu-3p", "", "1f", flowers="1234567f",
        special="eight_immortals", total=8000, pay=(20000, None, None)),
    # "All Terminal and Honor Discards (4000): ... Paid as self-draw"
    row("terminal_discards_paid_as_self_draw", "hu-4p", "", "1f", special="terminal_discards",
        pats={"terminal_discards"}, total=4000, pay=(None, None, 4000), **SELF),
    # "Robbing the Kong applies to added kongs only; it is a win by discard, paid by the
    # konger": Robbing the Kong 1000 alone qualifies, the konger pays x 3
    row("robbing_the_kong_paid_as_discard", "hu-4p", "123m456p789s55s", "3m", ("pung 222m",),
        win="robbing-kong", robbing_kong=True, pats={"robbing_the_kong"}, total=1000,
        pay=(3000, None, None), **W),
    # "Winning on the Last Draw/Discard": 1000 on a discard too
    row("last_discard_1000", "hu-4p", "123m456p789s55s", "5s", ("pung 222m",),
        last_tile=True, pats={"last_tile"}, total=1000, pay=(3000, None, None), **W),
    # "Self-draw: every other player pays the hand's base points. Discard: the discarder
    # alone pays base x 3 (4p) / x 2.5 (3p) / x 2 (2p)."
    row("discard_3p_times_2_5", "hu-3p", "123m456p789s55s", "5s", ("pung 555z",),
        total=500, pay=(1250, None, None), **W),
    row("discard_2p_times_2", "hu-2p", "123m456p789s55s", "5s", ("pung 555z",),
        total=500, pay=(1000, None, None)),
    row("self_draw_3p_each_base", "hu-3p", "123m456p789s55s", "5s", ("pung 555z",),
        total=500, pay=(None, None, 500), **W, **SELF),
]


@pytest.mark.parametrize(("rules", "concealed", "win_tile", "melds", "sit", "valid", "total",
                          "pats", "pay"), HU)
def test_hu_rulings(rules: Any, concealed: str, win_tile: str, melds: tuple[str, ...],
                    sit: dict[str, Any], valid: bool, total: int | None,
                    pats: set[str] | None, pay: Any) -> None:
    check(rules, concealed, win_tile, melds, sit, valid, total, pats, pay)


# ======================================================================================
# Hong Kong on the MahJongo table (seed 001)
# ======================================================================================
HK0 = tingpai.find_ruleset("hk-4p", min_fan=0)

HK: list[Row] = [
    # "Standard form four melds and a pair, plus Thirteen Orphans. No Seven Pairs."
    row("no_seven_pairs", "hk-4p", "11m22m33m44p55p66s77s", "7s", valid=False),
    row("thirteen_orphans", "hk-4p", "19m19p19s1234567z1m", "1m", total=10,
        pats={"thirteen_orphans"}, pay=(512, None, None)),
    # "Minimum 3 fan to win (option min_fan)"
    row("minimum_3_fan", "hk-4p", "123m456p789s55s", "5s", ("pung 777z",), valid=False),
    # "cap 10 fan (option max_fan)": Full Flush 7 + All Pungs 3 + Self-Draw 1 = 11 -> 10
    row("cap_10_fan", "hk-4p", "111m222m55m", "5m", ("pung 888m", "pung 999m"), total=10,
        pats={"full_flush", "all_triplets", "self_draw"}, pay=(None, None, 256), **SELF),
    # "All Sequences (four chows, no pung/kong)"
    row("all_sequences_1", HK0, "456p789p55z", "5z", ("chow 123m", "chow 345s"), total=1,
        pats={"all_sequences"}),
    row("all_sequences_not_with_a_pung", HK0, "123m456p789s55s", "5s", ("pung 222m",),
        total=0),
    # "Closed Hand (no declared meld; a concealed kong counts as a meld here and breaks it)"
    row("closed_hand_self_draw", "hk-4p", "123m456p789s55s777z", "5s", total=3,
        pats={"closed_hand", "self_draw", "dragon_pung"}, pay=(None, None, 16), **SELF),
    row("closed_hand_broken_by_concealed_kong", HK0, "123m456p789s55s", "5s",
        ("ckong 7777z",), total=2, pats={"self_draw", "dragon_pung"}, **SELF),
    # "Dragon Pung (each)"
    row("dragon_pung_each", HK0, "123m456p55s", "5s", ("pung 555z", "kong 6666z"), total=2,
        pats={"dragon_pung"}),
    # "Seat Wind pung, Prevailing Wind pung (2 when the same wind)"
    row("seat_and_prevailing_same_wind_2", HK0, "123m456p789s55s", "5s", ("pung 111z",),
        seat_wind="E", total=2, pats={"seat_wind", "prevailing_wind"}),
    row("seat_wind_pung_1", HK0, "123m456p789s55s", "5s", ("pung 222z",), total=1,
        pats={"seat_wind"}),
    # "All Terminals and Honours (an all-pung hand of terminals and honours; it also scores
    # All Pungs)"
    row("ath_also_all_pungs", "hk-4p", "111m999m11z", "1z", ("pung 999p", "pung 555z"),
        total=5, pats={"all_terminals_and_honors", "all_triplets", "dragon_pung"}),
    # "Robbing a Kong, Win on a Kong Replacement, Win on the Final Wall Tile": 1 each
    row("robbing_a_kong_1", HK0, "123m456p789s55s", "3m", ("pung 222m",), total=1,
        pats={"robbing_the_kong"}, win="robbing-kong", robbing_kong=True),
    row("kong_replacement_1", HK0, "123m456p789s55s", "5s", ("kong 8888m",), total=2,
        pats={"after_a_kong", "self_draw"}, replacements=("kong",), **SELF),
    row("final_wall_tile_1", HK0, "123m456p789s55s", "5s", ("pung 222m",), total=2,
        pats={"last_tile", "self_draw"}, last_tile=True, **SELF),
    # (undecided by the seed, decided in the pattern's ruling: "the win is on the final wall
    # tile itself, so by self-draw"; a discard after it scores nothing extra on this table,
    # unlike seed 002's "Last Tile Draw/Discard")
    row("final_wall_tile_not_a_discard", HK0, "123m456p789s55s", "5s", ("pung 222m",),
        total=0, last_tile=True),
    # "3: Half Flush, All Pungs, Little Three Dragons (plus its two Dragon Pungs)"
    row("half_flush_3", "hk-4p", "123p456p789p11z", "1z", ("pung 888p",), total=3,
        pats={"half_flush"}),
    row("all_pungs_3", "hk-4p", "111m999p22s", "2s", ("pung 444p", "pung 666s"), total=3,
        pats={"all_triplets"}),
    row("little_three_dragons_plus_two_pungs", "hk-4p", "555z666z77z123m", "3m",
        ("chow 456p",), total=5, pats={"little_three_dragons", "dragon_pung"}),
    # "5: Big Three Dragons (plus its three Dragon Pungs)" (+ Closed Hand 1)
    row("big_three_dragons_plus_three_pungs", "hk-4p", "555z666z777z123m55p", "5p",
        total=9, pats={"big_three_dragons", "dragon_pung", "closed_hand"}),
    # "7: Full Flush"
    row("full_flush_7", "hk-4p", "123p456p789p99p", "9p", ("pung 555p",), total=7,
        pats={"full_flush"}),
    # "10 (limit): All Honours, Little Four Winds, Big Four Winds, Four Concealed Pungs
    # without Kongs, Four Kongs, All Terminals, Blessing of Heaven, Blessing of Earth,
    # Thirteen Orphans, Win after Consecutive Kongs ..., Nine Gates (concealed)."
    row("all_honours_limit", "hk-4p", "111z222z333z444z55z", "5z", total=10),
    row("little_four_winds_limit", "hk-4p", "111z222z333z44z", "4z", ("pung 555m",),
        total=10, pats={"little_four_winds"}),
    row("four_concealed_pungs_limit", "hk-4p", "111m222p55s999p333s", "9p", total=10,
        pats={"four_concealed_triplets"}, **SELF),
    row("four_concealed_pungs_not_with_a_kong", "hk-4p", "111m222p55s999p", "9p",
        ("ckong 3333s",), total=4, pats={"all_triplets", "self_draw"}, **SELF),
    row("four_kongs_limit", "hk-4p", "55s", "5s",
        ("kong 1111m", "kong 2222p", "ckong 3333s", "kong 7777z"), total=10,
        pats={"four_quads"}),
    row("all_terminals_limit", "hk-4p", "111m999m99s", "9s", ("pung 999p", "pung 111s"),
        total=10, pats={"all_terminals"}),
    row("heaven_limit", "hk-4p", "123m456p789s55s222m", "5s", blessing="heaven",
        seat_wind="E", total=10, pats={"blessing_of_heaven"}, **SELF),
    # "Blessing of Earth: a non-dealer wins on the dealer's first discard"
    row("earth_on_the_dealers_discard", "hk-4p", "123m456p789s55s222m", "5s",
        blessing="earth", total=10, pats={"blessing_of_earth"}, pay=(512, None, None)),
    row("earth_not_by_self_draw", "hk-4p", "123m456p789s55s222m", "5s", blessing="earth",
        valid=False, **SELF),
    row("consecutive_kongs_limit", "hk-4p", "123m456p55s", "5s",
        ("kong 2222z", "kong 3333z"), replacements=("kong", "kong"), total=10,
        pats={"consecutive_kongs"}, **SELF),
    row("nine_gates_limit", "hk-4p", "1112345678999m5m", "5m", total=10,
        pats={"nine_gates"}),
]


@pytest.mark.parametrize(("rules", "concealed", "win_tile", "melds", "sit", "valid", "total",
                          "pats", "pay"), HK)
def test_hk_rulings(rules: Any, concealed: str, win_tile: str, melds: tuple[str, ...],
                    sit: dict[str, Any], valid: bool, total: int | None,
                    pats: set[str] | None, pay: Any) -> None:
    check(rules, concealed, win_tile, melds, sit, valid, total, pats, pay)


# Hands of 3..10 fan in dots and honours only (playable on hk-2p's 80 tiles too).
DISCARD_HANDS: dict[int, tuple[str, str, tuple[str, ...]]] = {
    3: ("123p456p789p11z", "1z", ("pung 888p",)),                 # HF 3
    4: ("123p456p789p11z", "1z", ("pung 555z",)),                 # HF 3 + Dragon 1
    5: ("123p456p11z", "1z", ("pung 555z", "pung 666z")),          # HF 3 + 2 Dragons
    6: ("111p222p11z", "1z", ("pung 888p", "pung 999p")),          # HF 3 + All Pungs 3
    7: ("123p456p789p99p", "9p", ("pung 555p",)),                 # FF 7
    8: ("123p456p789p99p", "9p", ("chow 123p",)),                 # FF 7 + All Seq 1
    9: ("123p123p456p789p99p", "9p", ()),                         # FF 7 + AS 1 + Closed 1
    10: ("111p222p55p", "5p", ("pung 888p", "pung 999p")),         # FF 7 + All Pungs 3
}
SELF_HANDS: dict[int, tuple[str, str, tuple[str, ...]]] = {
    3: ("123p999m11s", "1s", ("pung 111z", "pung 555z")),         # Prev 1 + Dragon 1 + Self
    4: ("123p456p11z", "1z", ("pung 999p", "pung 777p")),          # HF 3 + Self
    5: ("123p456p11z", "1z", ("pung 555z", "pung 999p")),          # HF 3 + Dragon + Self
    6: ("123p456p11z", "1z", ("pung 555z", "pung 666z")),          # HF 3 + 2 Dragons + Self
    7: ("111p222p11z", "1z", ("pung 888p", "pung 999p")),          # HF 3 + AP 3 + Self
    8: ("123p456p789p99p", "9p", ("pung 555p",)),                 # FF 7 + Self
    9: ("123p456p789p99p", "9p", ("chow 123p",)),                 # FF 7 + AS 1 + Self
    10: ("111p222p55p", "5p", ("pung 888p", "pung 999p")),         # FF 7 + AP 3 + Self: cap
}
# RULES.md's half-spicy table: discard 32 64 96 128 192 256 384 512; self-draw each 16 ...
HALF_DISCARD = dict(zip(range(3, 11), (32, 64, 96, 128, 192, 256, 384, 512), strict=True))
HALF_SELF = dict(zip(range(3, 11), (16, 32, 48, 64, 96, 128, 192, 256), strict=True))


@pytest.mark.parametrize("fan", range(3, 11))
def test_hk_payment_tables(fan: int) -> None:
    """RULES.md: the half-spicy table; "`full-spicy` doubles every fan instead (3 -> 32/16,
    4 -> 64/32, 5 -> 128/64 ...)"; "`hk-2p` "Golden" table: ... the single opponent pays the
    whole four-player amount (discard: the discard column; self-draw: 3 x the self-draw
    column)"."""
    spicy = tingpai.find_ruleset("hk-4p", payment_table="full-spicy")
    for rules, disc, each in (("hk-4p", HALF_DISCARD[fan], HALF_SELF[fan]),
                              (spicy, 32 << (fan - 3), 16 << (fan - 3)),
                              ("hk-2p", HALF_DISCARD[fan], 3 * HALF_SELF[fan])):
        c, w, m = DISCARD_HANDS[fan]
        out = tingpai.score(tingpai.Situation(c, w, list(m), seat_wind="S"), rules)
        assert (out.valid, out.total, out.payments.discarder) == (True, fan, disc), (rules, out)
        c, w, m = SELF_HANDS[fan]
        out = tingpai.score(tingpai.Situation(c, w, list(m), seat_wind="S", win="self-draw"),
                            rules)
        assert (out.valid, out.total, out.payments.each) == (True, fan, each), (rules, out)


@pytest.mark.parametrize("rid", ["hk-4p", "hk-2p"])
def test_hk_below_the_table_halves(rid: str) -> None:
    """RULES.md "Below the table (`min_fan` under 3 on `hk-4p`/`hk-2p`): each fan below 3
    halves the row above it (discard 16 / 8 / 4 for 2 / 1 / 0 fan; self-draw likewise)"
    (self-draw 8 / 4 each on hk-4p; the hk-2p Golden table x 3: 24 / 12)."""
    rules = tingpai.find_ruleset(rid, min_fan=0)
    k = 3 if rid == "hk-2p" else 1
    cases = [  # (concealed, win tile, melds, win, fan, payment)
        ("123p999m11s", "1s", ["pung 111z", "pung 555z"], "discard", 2, 16),
        ("123p999m11s", "1s", ["pung 444z", "pung 555z"], "discard", 1, 8),
        ("123p999m11s", "1s", ["pung 444z", "pung 444p"], "discard", 0, 4),
        ("123p999m11s", "1s", ["pung 111z", "pung 444z"], "self-draw", 2, 8 * k),
        ("123p999m11s", "1s", ["pung 444z", "pung 444p"], "self-draw", 1, 4 * k),
    ]
    for c, w, m, win, fan, pay in cases:
        out = tingpai.score(tingpai.Situation(c, w, m, seat_wind="S", win=win), rules)
        got = out.payments.discarder if win == "discard" else out.payments.each
        assert (out.valid, out.total, got) == (True, fan, pay), (c, m, win, out)


# ======================================================================================
# Hong Kong fan-laak (seed 002)
# ======================================================================================
FL0 = tingpai.find_ruleset("hk-fanlaak", min_fan=0)

FANLAAK: list[Row] = [
    # "Minimum fan is the table's (option min_fan, 0 to 10, default 3; hk-fanlaak-0 is a
    # table where a Chicken Hand may win)."
    row("chicken_hand_at_min_0", FL0, "123m456p789s55s", "5s", ("pung 222m",), total=0,
        pats={"chicken_hand"}, pay=(2, 1, None)),
    row("chicken_hand_on_fanlaak_0", "hk-fanlaak-0", "123m456p789s55s", "5s",
        ("pung 222m",), total=0, pats={"chicken_hand"}),
    row("default_minimum_3", "hk-fanlaak", "123m456p789s55s", "5s", ("pung 777z",),
        valid=False),
    # "No Seven Pairs" (standard form plus Thirteen Orphans)
    row("fanlaak_no_seven_pairs", FL0, "11m22m33m44p55p66s77s", "7s", valid=False),
    # Fan as in seed 002: "1 each: Dragon Pung (each), Seat Wind pung, Prevalent Wind pung
    # (2 when the same), All Chows, Self-drawn, Last Tile Draw/Discard, Out on Replacement
    # Tile, Robbing the Kong; 2: All Pungs, Half Flush; 4: Little Three Dragons (its two
    # Dragon Pungs also count), Full Flush"
    row("fl_dragon_pung_1", FL0, "123m456p789s55s", "5s", ("pung 777z",), total=1,
        pats={"dragon_pung"}),
    row("fl_winds_same_2", FL0, "123m456p789s55s", "5s", ("pung 111z",), seat_wind="E",
        total=2, pats={"seat_wind", "prevailing_wind"}),
    row("fl_all_chows_1", FL0, "123m456p789s55s", "5s", ("chow 234m",), total=1,
        pats={"all_sequences"}),
    row("fl_self_drawn_1", FL0, "123m456p789s55s", "5s", ("pung 222m",), total=1,
        pats={"self_draw"}, pay=(None, None, 4), **SELF),
    row("fl_last_tile_1", FL0, "123m456p789s55s", "5s", ("pung 222m",), total=1,
        pats={"last_tile"}, last_tile=True),
    row("fl_replacement_1", FL0, "123m456p789s55s", "5s", ("kong 8888m",), total=2,
        pats={"after_a_kong", "self_draw"}, replacements=("kong",), **SELF),
    row("fl_robbing_1", FL0, "123m456p789s55s", "3m", ("pung 222m",), total=1,
        pats={"robbing_the_kong"}, win="robbing-kong", robbing_kong=True),
    row("fl_all_pungs_2", FL0, "111m999p22s", "2s", ("pung 444p", "pung 666s"), total=2,
        pats={"all_triplets"}),
    row("fl_half_flush_2", FL0, "123m456m789m55m", "5m", ("pung 333z",), total=2,
        pats={"half_flush"}),
    row("fl_little_three_dragons_4_plus_2", FL0, "555z666z77z123m", "3m", ("chow 456p",),
        total=6, pats={"little_three_dragons", "dragon_pung"}),
    row("fl_full_flush_4", FL0, "123m456m789m55m", "5m", ("pung 222m",), total=4,
        pats={"full_flush"}),
    # "limit: Four Concealed Pungs (self-drawn), Big Three Dragons, ...";
    # "Four Concealed Pungs (limit, self-drawn): concealed kongs count among the four ...;
    # a pung completed by a discard is not concealed."
    row("fl_four_concealed_pungs_self_drawn", FL0, "111m222m333m55m999m", "9m", total=10,
        pats={"four_concealed_triplets"}, pay=(None, None, 128), **SELF),
    row("fl_four_concealed_pungs_with_a_concealed_kong", FL0, "111m222p55s999p", "9p",
        ("ckong 3333s",), total=10, pats={"four_concealed_triplets"}, **SELF),
    row("fl_four_concealed_pungs_not_by_discard", FL0, "111m222p55s999p", "9p",
        ("ckong 3333s",), total=2, pats={"all_triplets"}),
    row("fl_big_three_dragons_limit", FL0, "555z666z777z11m", "1m", ("pung 999m",),
        total=10, pats={"big_three_dragons"}, pay=(128, 64, None)),
    row("fl_all_terminals_limit", FL0, "111m999m99s", "9s", ("pung 999p", "pung 111s"),
        total=10, pats={"all_terminals"}),
    # seed 002 has no "All Terminals and Honours": a terminal-and-honour pung hand is All
    # Pungs 2 + Dragon 1
    row("fl_no_all_terminals_and_honours", FL0, "111m999m11z", "1z",
        ("pung 999p", "pung 555z"), total=3, pats={"all_triplets", "dragon_pung"}),
    # "Limit hands count as 10 fan; no further cap": L3D 4 + 2 Dragons + All Pungs 2 + HF 2
    # + Self 1 = 11 fan, paid at the 10+ row (64 points; self-draw each 128)
    row("fl_no_cap_above_10", FL0, "555z666z77z", "7z", ("pung 111m", "pung 999m"),
        total=11, pay=(None, None, 128), **SELF),
    row("fl_eleven_fan_by_discard", FL0, "555z666z77z", "7z", ("pung 111z", "pung 999m"),
        total=11, pay=(128, 64, None)),
    # "Blessing of Heaven (East wins on the initial hand), Blessing of Earth (a non-East
    # player wins on East's first discard)"
    row("fl_heaven", FL0, "123m456p789s55s222m", "5s", blessing="heaven", seat_wind="E",
        total=10, pats={"blessing_of_heaven"}, **SELF),
    row("fl_earth_by_discard", FL0, "123m456p789s55s222m", "5s", blessing="earth",
        total=10, pats={"blessing_of_earth"}, pay=(128, 64, None)),
]


@pytest.mark.parametrize(("rules", "concealed", "win_tile", "melds", "sit", "valid", "total",
                          "pats", "pay"), FANLAAK)
def test_fanlaak_rulings(rules: Any, concealed: str, win_tile: str, melds: tuple[str, ...],
                         sit: dict[str, Any], valid: bool, total: int | None,
                         pats: set[str] | None, pay: Any) -> None:
    check(rules, concealed, win_tile, melds, sit, valid, total, pats, pay)


FANLAAK_HANDS: dict[int, tuple[str, str, tuple[str, ...]]] = {
    0: ("123m456p789s55s", "5s", ("pung 222m",)),                 # Chicken Hand
    1: ("123m456p789s55s", "5s", ("pung 777z",)),                 # Dragon
    2: ("123m456m789m55m", "5m", ("pung 333z",)),                 # HF 2
    3: ("123m456m789m55m", "5m", ("pung 777z",)),                 # HF 2 + Dragon
    4: ("123m456m789m55m", "5m", ("pung 222m",)),                 # FF 4
    5: ("123m456m789m55m", "5m", ("chow 234m",)),                 # FF 4 + All Chows
    6: ("111m222m555m99m", "9m", ("pung 666m",)),                 # FF 4 + All Pungs 2
    7: ("111m55m", "5m", ("pung 111z", "pung 555z", "pung 666z")),  # HF 2 + AP 2 + 3 honours
    8: ("555z666z77z123m", "3m", ("pung 111m",)),                 # L3D 4 + 2 + HF 2
    9: ("555z666z77z123m", "3m", ("pung 111z",)),                 # L3D 4 + 2 + Prev + HF 2
    10: ("555z666z77z", "7z", ("pung 111m", "pung 999m")),        # L3D 4 + 2 + AP 2 + HF 2
}
# "Points by fan (the fan-laak table): 0 -> 1, 1 -> 2, 2 -> 4, 3 -> 8, 4-6 -> 16, 7-9 -> 32,
# 10+ -> 64."
POINTS = {0: 1, 1: 2, 2: 4, 3: 8, 4: 16, 5: 16, 6: 16, 7: 32, 8: 32, 9: 32, 10: 64}


@pytest.mark.parametrize("fan", range(11))
def test_fanlaak_points_by_fan(fan: int) -> None:
    """RULES.md "Win by discard: the discarder pays 2 x points, each other loser 1 x points.
    Self-draw: each loser pays 2 x points." (seed row: "3 fan discard 8+8+16 = 32")."""
    c, w, m = FANLAAK_HANDS[fan]
    out = tingpai.score(tingpai.Situation(c, w, list(m), seat_wind="S"), FL0)
    pts = POINTS[fan]
    assert (out.valid, out.total) == (True, fan), out
    assert (out.payments.discarder, out.payments.others) == (2 * pts, pts), out


def test_fanlaak_seed_row_three_fan_self_drawn() -> None:
    """Seed 002 row "3 | 8 | 8+8+16=32 | 16+16+16=48": a 3-fan self-drawn hand (Half Flush
    2 + Self-drawn 1) has each loser pay 16."""
    out = tingpai.score(tingpai.Situation("123m456m789m55m", "5m", ["pung 333z"],
                                          seat_wind="S", win="self-draw"), "hk-fanlaak")
    assert (out.valid, out.total, out.payments.each) == (True, 3, 16), out


# ======================================================================================
# The engine
# ======================================================================================
def start_of(points: int) -> dict[str, Any]:
    return {"round_wind": "E", "dealer": 0, "repeats": 0,
            "scores": [points, 2 * START["hu-2p"] - points]}


def test_hu_no_bankruptcy_play_continues_below_zero() -> None:
    """RULES.md "Start points 30000 / 35000 / 40000. No bankruptcy: play continues below
    zero."  A 2-player game starting at 500 / 79500: seat 1's South pung (seat wind) 500 is
    paid x 2 = 1000 by seat 0, who falls to -500; the next hand is still dealt and played
    (seat 0, now South, wins 1000 back)."""
    hands = [discard_win(2, 0, 1, 0, 2), discard_win(2, 1, 0, 1, 2)]
    one = ok(record(hands[:1], rules="hu-2p", start=start_of(500)))
    assert one["scores"] == [-500, 80500] and one["over"] is False
    out = ok(record(hands, rules="hu-2p", start=start_of(500)))
    assert [h["deltas"] for h in out["hands"]] == [[-1000, 1000], [1000, -1000]]
    assert out["scores"] == [500, 79500]
    assert out["over"] is False


def test_hk_dragon_pao_takes_precedence_on_a_robbed_kong() -> None:
    """RULES.md "Robbing a Kong (both Hong Kong tables): a win by discard, the player who
    added to the kong paying as the discarder (pao, where it applies, takes precedence as
    above)" and "Dragon liability: on any win of that hand, the liable player pays the whole
    amount alone".

    Seat 1 pungs 5z (from seat 2), 6z (seat 3) and 7z (seat 0: the third dragon meld, seat 0
    liable) and waits on 3p/6p with 99p 45p.  Seat 0 discards 6p; seat 1 lets it pass;
    seat 2 pungs it, later draws the fourth 6p and adds it; seat 1 robs: Big Three Dragons
    5 + three Dragon Pungs 3 + Half Flush 3 + Robbing a Kong 1 = 12 -> 10 -> 512, paid by
    seat 0 alone (not by seat 2, the konger)."""
    draws = DRAGON_DRAWS + "1p6p"
    w = build_wall("hk-4p", {0: "7z6p", 1: "55z66z77z99p45p1z2z3z", 2: "5z66p", 3: "6z"},
                   draws)
    hand = new_hand("hk-4p", w)
    for x in dragon_actions():
        act(hand, x["seat"], x["do"], x.get("tile"))
    d = [draws[i:i + 2] for i in range(0, len(draws), 2)]
    act(hand, 2, "discard", d[8])
    act(hand, 3, "discard", d[9])
    act(hand, 0, "discard", "6p")
    assert "ron" in {x.to_dict()["do"] for x in hand.legal_actions(1)}
    act(hand, 2, "pung")
    act(hand, 2, "discard", d[2])
    act(hand, 3, "discard", d[11])
    act(hand, 0, "discard", d[12])
    act(hand, 1, "discard", d[13])
    act(hand, 2, "akong", "6p")
    assert hand.phase is Phase.ROBBING
    act(hand, 1, "ron")
    finish(hand)
    assert hand.result is not None
    win = hand.result.winners[0]
    assert (win.seat, win.score.total) == (1, 10)
    assert "robbing_the_kong" in {p.id for p in win.score.patterns}
    assert tuple(hand.result.deltas) == (-512, 512, 0, 0)

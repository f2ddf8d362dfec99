"""AUDIT round 3: Hong Kong cases the earlier audits (test_hk_audit_scoring.py,
test_hk_audit_engine.py, tests/hk/) do not cover.

Seeds: 001 (MahJongo Hong Kong table, ``hk-4p`` / ``hk-2p``), 002 (fan-laak table,
``hk-fanlaak``) and the Hong Kong part of /work/shared/RULES.md.  Every expected value was
worked by hand from those documents before the program was run; the working is in the
comment of each case.  Conventions of the ``tingpai score --json`` contract (DESIGN.md):
a discard win unless ``win`` says otherwise; each case sets its seat and round wind.

Rows used (RULES.md):

* half-spicy, fan 3..10: discard 32 64 96 128 192 256 384 512; self-draw each
  16 32 48 64 96 128 192 256; "Below the table ... each fan below 3 halves the row above
  it (discard 16 / 8 / 4 for 2 / 1 / 0 fan; self-draw likewise)": self-draw 8 / 4 / 2.
* hk-2p golden: the discard column; self-draw 3 x the self-draw column.
* fan-laak points 0 -> 1, 1 -> 2, 2 -> 4, 3 -> 8, 4-6 -> 16, 7-9 -> 32, 10+ -> 64; discard:
  discarder 2 x points, others 1 x; self-draw each 2 x points.
"""

from __future__ import annotations

import io
import json
import sys
from typing import Any

import pytest

from tingpai.cli import main
from tingpai.engine import Action, ActionKind, Hand, Phase, arrange_wall
from tingpai.engine.actions import CLAIM_KINDS
from tingpai.rules import find_ruleset
from tingpai.tiles import parse_tile, tile_to_str

# ======================================================================================
# scoring through `tingpai score --json`
# ======================================================================================


def run(payload: dict[str, Any], monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> tuple[int, dict[str, Any]]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(payload)))
    status = main(["score", "--json"])
    return status, json.loads(capsys.readouterr().out)


def h(rules: str, concealed: str, win_tile: str, melds: list[str] | None = None,
      seat: str = "S", rnd: str = "E", **extra: Any) -> dict[str, Any]:
    return {"rules": rules, "concealed": concealed, "win_tile": win_tile,
            "melds": melds or [], "seat_wind": seat, "round_wind": rnd, **extra}


SELF: dict[str, Any] = {"win": "self-draw"}

# (case id, payload, valid, total, limit, payments)
CASES: list[tuple[str, dict[str, Any], bool, int, bool, dict[str, int]]] = [
    # ---------------------------------------------------------------- hk-4p (seed 001)
    # "All Terminals and Honours: an all-Pung hand made only from terminals and Honour
    # tiles" 1 + All Pungs 3 (RULES.md "it also scores All Pungs") + Half Flush 3 + Seat
    # (S) 1 + Prevailing (E) 1 = 9 -> 384
    ("hk4p_ath_half_flush_winds_9",
     h("hk-4p", "111m999m55z", "5z", ["pung 111z", "pung 222z"]), True, 9, False,
     {"discarder": 384}),
    # ATH with an exposed kong ("a Pung or Kong"): ATH 1 + All Pungs 3 = 4 (North pung: no
    # wind fan for a South seat in the East round) -> 64
    ("hk4p_ath_with_kong_4",
     h("hk-4p", "999p999s11p", "1p", ["kong 1111m", "pung 444z"]), True, 4, False,
     {"discarder": 64}),
    # Full Flush 7 + All Pungs 3 + Closed Hand 1 = 11, "capped at 10 Fan" (not a limit
    # hand: the discard completes 777m, so only three concealed pungs) -> 512
    ("hk4p_full_flush_all_pungs_capped",
     h("hk-4p", "111m333m555m777m99m", "7m"), True, 10, False, {"discarder": 512}),
    # the same hand self-drawn: "Four Concealed Pungs without Kongs" 10 -> each 256
    ("hk4p_same_hand_self_drawn_is_four_concealed_pungs",
     h("hk-4p", "111m333m555m777m99m", "7m", **SELF), True, 10, True, {"each": 256}),
    # 111222333m999m55m won on the pair by discard: read as four pungs, all four formed
    # without a call: Four Concealed Pungs without Kongs (limit) -> 512
    ("hk4p_pair_wait_four_concealed_pungs",
     h("hk-4p", "111222333m999m55m", "5m"), True, 10, True, {"discarder": 512}),
    # won on 3m by discard: the 333m pung is completed by the discard, so the best is All
    # Pungs 3 + Full Flush 7 + Closed 1 = 11 -> 10, not a limit hand -> 512
    ("hk4p_pung_wait_not_four_concealed",
     h("hk-4p", "111222333m999m55m", "3m"), True, 10, False, {"discarder": 512}),
    # 111222333p456s99s self-drawn: as 123p x3 456s 99s: All Sequences 1 + Closed 1 +
    # Self-Draw 1 = 3 (as three pungs: Closed 1 + Self 1 = 2) -> the better reading, each 16
    ("hk4p_best_reading_all_sequences_self",
     h("hk-4p", "111222333p456s99s", "9s", **SELF), True, 3, False, {"each": 16}),
    # the same by discard: 2 fan at best, "a hand needs at least 3 Fan to win"
    ("hk4p_best_reading_discard_below_minimum",
     h("hk-4p", "111222333p456s99s", "9s"), False, 0, False, {}),
    # 111222333m789m99m by discard: chows All Sequences 1 + Closed 1 + Full Flush 7 = 9
    # beats pungs (Closed 1 + Full Flush 7 = 8) -> 384
    ("hk4p_best_reading_full_flush_sequences_9",
     h("hk-4p", "111222333m789m99m", "9m"), True, 9, False, {"discarder": 384}),
    # Little Three Dragons 3 with one dragon Kong ("two Dragon Pungs or Kongs") + its two
    # Dragon Pungs 2 = 5 -> 96
    ("hk4p_little_three_dragons_with_kong",
     h("hk-4p", "123m456p77z", "7z", ["kong 5555z", "pung 666z"]), True, 5, False,
     {"discarder": 96}),
    # North seat in the South round: Seat (N) 1 + Prevailing (S) 1 + Half Flush 3 = 5
    ("hk4p_north_seat_south_round",
     h("hk-4p", "123m456m99m", "9m", ["pung 444z", "pung 222z"], seat="N", rnd="S"),
     True, 5, False, {"discarder": 96}),
    # West round: a West pung is Prevailing only for the South seat: 1 + Half Flush 3 = 4
    ("hk4p_west_round_prevailing",
     h("hk-4p", "123m456m99m", "9m", ["chow 789m", "pung 333z"], rnd="W"), True, 4,
     False, {"discarder": 64}),
    # All Honours (10) with Big Three Dragons in it: "every limit hand is 10 fan", not
    # 8 + All Pungs 3 + ... -> limit 10, 512
    ("hk4p_all_honours_with_big_three_dragons",
     h("hk-4p", "555z666z777z22z", "2z", ["pung 111z"]), True, 10, True,
     {"discarder": 512}),
    # Little Four Winds with kongs (concealed and exposed): limit -> 512
    ("hk4p_little_four_winds_with_kongs",
     h("hk-4p", "123m44z", "4z", ["kong 1111z", "ckong 2222z", "pung 333z"]), True, 10,
     True, {"discarder": 512}),
    # Nine Gates "winning on any tile of the same suit": the 1 (11112345678999m) -> 512
    ("hk4p_nine_gates_on_the_one",
     h("hk-4p", "11112345678999m", "1m"), True, 10, True, {"discarder": 512}),
    # near miss: 11123456789999m won on 1m leaves 1123456789999m before the win (not
    # 1112345678999): 11 123 456 789 999 = Full Flush 7 + Closed 1 = 8 -> 256
    ("hk4p_nine_gates_near_miss",
     h("hk-4p", "11123456789999m", "1m"), True, 8, False, {"discarder": 256}),
    # Robbing a Kong 1 + All Sequences 1 + Closed Hand 1 + Full Flush 7 = 10, paid by the
    # konger "as the discarder" -> 512
    ("hk4p_robbing_full_flush_10",
     h("hk-4p", "123m456m789m234m55m", "1m", robbing_kong=True), True, 10, False,
     {"discarder": 512}),
    # a kong replacement that is the final wall tile: Kong Replacement 1 + Final Wall Tile
    # 1 + Self-Draw 1 + Dragon 1 = 4 (the concealed kong breaks Closed Hand) -> each 32
    ("hk4p_replacement_on_final_tile",
     h("hk-4p", "123m456p99p777z", "7z", ["ckong 1111s"], replacements=["kong"],
       last_tile=True, **SELF), True, 4, False, {"each": 32}),
    # below the table (option min_fan 0): 0 fan by discard -> 4
    ("hk4p_below_table_0_discard",
     h("hk-4p", "456p789s222m55s", "5s", ["chow 123m"], options={"min_fan": 0}), True, 0,
     False, {"discarder": 4}),
    # 1 fan (All Sequences, open) by discard -> 8
    ("hk4p_below_table_1_discard",
     h("hk-4p", "456p789s234m55s", "5s", ["chow 123m"], options={"min_fan": 0}), True, 1,
     False, {"discarder": 8}),
    # 1 fan (Self-Draw only) -> each 4
    ("hk4p_below_table_1_self",
     h("hk-4p", "456p789s222m55s", "5s", ["chow 123m"], options={"min_fan": 0}, **SELF),
     True, 1, False, {"each": 4}),
    # 2 fan (All Sequences + Self-Draw) -> each 8
    ("hk4p_below_table_2_self",
     h("hk-4p", "456p789s234m55s", "5s", ["chow 123m"], options={"min_fan": 2}, **SELF),
     True, 2, False, {"each": 8}),
    # 2 fan (All Sequences + Closed Hand) by discard -> 16
    ("hk4p_below_table_2_discard",
     h("hk-4p", "123m456p789s234m55s", "5s", options={"min_fan": 2}), True, 2, False,
     {"discarder": 16}),
    # ---------------------------------------------------------------- hk-2p (seed 001)
    # "two-player table": 80 tiles; the golden default: discard column, self-draw 3 x.
    # Thirteen Orphans (all 13 kinds are in the 80-tile set) -> 512
    ("hk2p_thirteen_orphans",
     h("hk-2p", "19m19p19s1234567z9s", "9s"), True, 10, True, {"discarder": 512}),
    # All Terminals with the 1/9 of characters and bamboo that remain -> 3 x 256 = 768
    ("hk2p_all_terminals_self",
     h("hk-2p", "111m999m111s99s", "9s", ["pung 999p"], **SELF), True, 10, True,
     {"each": 768}),
    # Nine Gates in dots won on the 1 -> 768
    ("hk2p_nine_gates_self",
     h("hk-2p", "11112345678999p", "1p", **SELF), True, 10, True, {"each": 768}),
    # the North round is played (four rounds): Prevailing (N) 1 + Half Flush 3 = 4 -> 64
    ("hk2p_north_round",
     h("hk-2p", "123p456p99p", "9p", ["chow 789p", "pung 444z"], rnd="N"), True, 4,
     False, {"discarder": 64}),
    # below the table at hk-2p: 1 fan self-drawn -> 3 x 4 = 12; 0 fan discard -> 4;
    # 2 fan self-drawn -> 3 x 8 = 24
    ("hk2p_below_table_1_self",
     h("hk-2p", "456p789p111s55p", "5p", ["chow 123p"], options={"min_fan": 0}, **SELF),
     True, 1, False, {"each": 12}),
    ("hk2p_below_table_0_discard",
     h("hk-2p", "456p789p111s55p", "5p", ["chow 123p"], options={"min_fan": 0}), True, 0,
     False, {"discarder": 4}),
    # 2 fan (Self-Draw 1 + Final Wall Tile 1) -> 3 x 8 = 24
    ("hk2p_below_table_2_self",
     h("hk-2p", "456p789p111s55p", "5p", ["chow 123p"], options={"min_fan": 0},
       last_tile=True, **SELF), True, 2, False, {"each": 24}),
    # ---------------------------------------------------------------- hk-fanlaak (seed 002)
    # Nine Gates "winning on any tile of the same suit": by discard on the 9 -> limit,
    # 64 points: discarder 128, others 64
    ("fl_nine_gates_discard",
     h("hk-fanlaak", "11123456789999p", "9p"), True, 10, True,
     {"discarder": 128, "others": 64}),
    # near miss (won on 1p): Full Flush 4 -> 16 points: 32 / 16
    ("fl_nine_gates_near_miss",
     h("hk-fanlaak", "11123456789999p", "1p"), True, 4, False,
     {"discarder": 32, "others": 16}),
    # "Last Tile Draw/Discard" alone on the following discard (min 0): 1 fan -> 2 points:
    # 2+2+4 -> discarder 4, others 2
    ("fl_last_discard_alone",
     h("hk-fanlaak", "456p789s222m55s", "5s", ["chow 123m"], last_tile=True,
       options={"min_fan": 0}), True, 1, False, {"discarder": 4, "others": 2}),
    # Out on Replacement Tile 1 + Self-drawn 1 + Dragon 1 + Half Flush 2 = 5 (no Closed
    # Hand in seed 002) -> 16 points, each 32
    ("fl_replacement_ckong",
     h("hk-fanlaak", "123m456m789m55m", "5m", ["ckong 7777z"], replacements=["kong"],
       **SELF), True, 5, False, {"each": 32}),
    # a replacement that is the final tile: Replacement 1 + Last Tile 1 + Self 1 + Dragon 1
    # = 4 -> 16 points, each 32
    ("fl_replacement_on_final_tile",
     h("hk-fanlaak", "123m456p99p777z", "7z", ["ckong 1111s"], replacements=["kong"],
       last_tile=True, **SELF), True, 4, False, {"each": 32}),
    # Four Concealed Pungs (self-drawn) with two concealed kongs among the four (RULES.md
    # "concealed kongs count among the four") -> limit, each 128
    ("fl_four_concealed_two_ckongs",
     h("hk-fanlaak", "444666m44z", "4m", ["ckong 9999p", "ckong 8888s"], **SELF), True,
     10, True, {"each": 128}),
    # Robbing the Kong 1 + All Chows 1 + Full Flush 4 = 6 -> 16 points: the konger pays as
    # discarder 32, others 16
    ("fl_robbing_full_flush_6",
     h("hk-fanlaak", "123m456m789m234m55m", "1m", robbing_kong=True), True, 6, False,
     {"discarder": 32, "others": 16}),
    # no "All Terminals and Honours" entry in seed 002: Half Flush 2 + All Pungs 2 +
    # Seat (S) 1 + Prevalent (E) 1 = 6 -> 32 / 16
    ("fl_terminal_honour_pungs_6",
     h("hk-fanlaak", "111m999m55z", "5z", ["pung 111z", "pung 222z"]), True, 6, False,
     {"discarder": 32, "others": 16}),
    # "Big Three Dragons | Limit" by discard in a half flush: 10 -> 128 / 64
    ("fl_big_three_dragons_half_flush",
     h("hk-fanlaak", "555z666z123m99m", "9m", ["pung 777z"]), True, 10, True,
     {"discarder": 128, "others": 64}),
]


@pytest.mark.parametrize(("case", "payload", "valid", "total", "limit", "payments"), CASES,
                         ids=[c[0] for c in CASES])
def test_score(case: str, payload: dict[str, Any], valid: bool, total: int, limit: bool,
               payments: dict[str, int], monkeypatch: pytest.MonkeyPatch,
               capsys: pytest.CaptureFixture[str]) -> None:
    status, out = run(payload, monkeypatch, capsys)
    assert status == 0, out
    assert out["valid"] is valid, out
    if valid:
        assert (out["total"], out["limit"], out["payments"]) == (total, limit, payments), out


def test_hk2p_seat_west_is_not_a_seat(monkeypatch: pytest.MonkeyPatch,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    """RULES.md ``hk-2p``: "seats E and S": a West seat cannot win there."""
    status, out = run(h("hk-2p", "123p456p99p", "9p", ["chow 789p", "pung 333z"], seat="W"),
                      monkeypatch, capsys)
    assert status == 2 or out["valid"] is False, out


# ======================================================================================
# the engine (Python API): pao variants and the final tile drawn as a replacement
# ======================================================================================


def deal(hands: dict[int, str], draws: str = "", tail: str = "", rid: str = "hk-4p",
         **options: Any) -> Hand:
    rs = find_ruleset(rid, **options)
    return Hand(rs, arrange_wall(rs, hands, draws, tail))


def pass_pending(hand: Hand) -> None:
    if hand.phase in (Phase.CLAIMS, Phase.ROBBING):
        for s in hand.to_act():
            hand.apply(Action(s, ActionKind.PASS))


def play(hand: Hand, *texts: str) -> Hand:
    """Record semantics: a non-claim action passes every seat still to answer; ``S cut``
    discards the tile seat S just drew."""
    for text in texts:
        seat, word = text.split()[:2]
        if word == "cut":
            pass_pending(hand)
            drawn = hand.observe(int(seat)).drawn
            assert drawn is not None
            text = f"{seat} discard {tile_to_str(drawn)}"
        a = Action.from_str(text)
        if not (hand.phase in (Phase.CLAIMS, Phase.ROBBING) and a.kind in CLAIM_KINDS
                and a.seat in hand.to_act()):
            pass_pending(hand)
        hand.apply(a)
    pass_pending(hand)
    return hand


# Seat 1 pungs 1p (seat 0), 2p (seat 2), 3p (seat 3), then chows 345p from seat 0 (its
# left): the fourth declared meld is a chow.  It self-draws 9p: 111p 222p 333p 345p 99p =
# Full Flush 7 + Self-Draw 1 = 8 -> self-draw each 128, total 384.
CHOW4_HANDS = {
    0: "1p5p147m258m369s12z",
    1: "11p22p33p34p9p1s5s9m4z",
    2: "2p147m258s369m36z1s",
    3: "3p258m147s369m25z9s",
}
CHOW4_SCRIPT = (
    "0 discard 1p", "1 pung", "1 discard 1s",
    "2 discard 2p", "1 pung", "1 discard 5s",
    "2 cut", "3 discard 3p", "1 pung", "1 discard 9m",
    "2 cut", "3 cut", "0 discard 5p", "1 chow 345p", "1 discard 4z",
    "2 cut", "3 cut", "0 cut", "1 tsumo",
)


@pytest.mark.parametrize(("pao", "deltas"), [
    # seed 001 "a discard completes another player's fourth declared meld" (any meld, a
    # chow too); RULES.md "if the winner self-draws, the liable player pays the whole
    # self-draw total alone": seat 0 pays 3 x 128
    (True, (-384, 384, 0, 0)),
    (False, (-128, 384, -128, -128)),
])
def test_pao_fourth_meld_completed_by_a_chow(pao: bool, deltas: tuple[int, ...]) -> None:
    hand = play(deal(CHOW4_HANDS, "8s8m2s3s7s8s4s8m6p7p9p", pao=pao), *CHOW4_SCRIPT)
    r = hand.result
    assert r is not None
    (w,) = r.winners
    assert (w.seat, w.score.total) == (1, 8)
    assert r.deltas == deltas


# Seat 1 pungs 5z (seat 0) and 6z (seat 2), then claims seat 3's 7z as an exposed kong:
# its third Dragon meld.  It wins on seat 0's 4p: 555z 666z 7777z 123m 44p = Big Three
# Dragons 5 + three Dragon Pungs 3 = 8 -> 256.
DRAGON_KONG_HANDS = {
    0: "5z4p147m258m369s12z",
    1: "55z66z777z123m4p9s1s",
    2: "6z147m258s369m3z1s9p",
    3: "7z258m147s369m2z9s8p",
}
DRAGON_KONG_SCRIPT = (
    "0 discard 5z", "1 pung", "1 discard 9s",
    "2 discard 6z", "1 pung", "1 discard 1s",
    "2 cut", "3 discard 7z", "1 kong", "1 discard 3s",
    "2 cut", "3 cut", "0 discard 4p", "1 ron",
)


@pytest.mark.parametrize(("pao", "deltas"), [
    # seed 001 "Pao can apply when a discard completes another player's ... third Dragon
    # meld" (a Kong is a meld); RULES.md "Dragon liability: on any win of that hand, the
    # liable player pays the whole amount alone (... instead of the discarder)"
    (True, (0, 256, 0, -256)),
    (False, (-256, 256, 0, 0)),
])
def test_pao_third_dragon_meld_by_an_exposed_kong(pao: bool,
                                                  deltas: tuple[int, ...]) -> None:
    hand = play(deal(DRAGON_KONG_HANDS, "8s8m2s3s7s2s", "3s", pao=pao),
                *DRAGON_KONG_SCRIPT)
    r = hand.result
    assert r is not None
    (w,) = r.winners
    assert (w.seat, w.score.total, w.payer) == (1, 8, 0)
    assert r.deltas == deltas


@pytest.mark.parametrize("rid", ["hk-4p", "hk-fanlaak"])
def test_kong_replacement_that_is_the_final_wall_tile(rid: str) -> None:
    """No dead wall (RULES.md): seat 2 draws the 135th tile, declares a concealed kong of
    1m and its replacement is the 136th, the final wall tile, 7z.  Both special wins count
    (seed 001 "Robbing a Kong, winning on a Kong replacement tile, and winning on the
    final wall tile each score 1 Fan"; seed 002 "Last Tile Draw/Discard" and "Out on
    Replacement Tile" 1 each): 1111m 123p 456p 99p 777z = Dragon 1 + Self 1 +
    Replacement 1 + Last 1 = 4.  hk-4p: each 32; fan-laak: 16 points, each 32."""
    rs = find_ruleset(rid)
    hands = {0: "258m147p369s2346z", 1: "258m369p147s2356z", 2: "111m123p456p99p77z",
             3: "369m147p258s2345z"}
    wall = arrange_wall(rs, hands, "", "7z")
    m1 = parse_tile("1m")
    j = next(k for k in range(52, 134) if wall[k] == m1)
    wall[j], wall[134] = wall[134], wall[j]  # seat 2's last head draw is the fourth 1m
    hand = Hand(rs, wall)
    while not (hand.actor == 2 and hand.wall_left == 1):
        assert hand.actor is not None and not hand.is_over
        play(hand, f"{hand.actor} cut")
    play(hand, "2 ckong 1m")
    assert hand.wall_left == 0
    play(hand, "2 tsumo")
    r = hand.result
    assert r is not None
    (w,) = r.winners
    ids = {p.id for p in w.score.patterns}
    assert {"after_a_kong", "last_tile", "self_draw", "dragon_pung"} <= ids
    assert "closed_hand" not in ids
    assert w.score.total == 4
    assert r.deltas == (-32, -32, 96, -32)


def test_hk2p_earth_on_the_dealers_first_discard() -> None:
    """RULES.md "Blessing of Earth: a non-dealer wins on the dealer's first discard" at the
    two-player table: 10 fan by discard, the dealer pays the discard column, 512."""
    hands = {0: "5p19m19s1235z67z1m9m", 1: "46p123p789p333z44z"}
    hand = play(deal(hands, "9s", rid="hk-2p"), "0 discard 5p", "1 ron")
    r = hand.result
    assert r is not None
    (w,) = r.winners
    assert (w.seat, w.score.total, w.score.limit) == (1, 10, True)
    assert "blessing_of_earth" in {p.id for p in w.score.patterns}
    assert r.deltas == (-512, 512)

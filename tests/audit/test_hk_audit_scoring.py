"""AUDIT (black box): Hong Kong scoring through ``tingpai score --json``.

Every expected value below was worked by hand from seeds/001 (MahJongo Hong Kong table,
``hk-4p``/``hk-2p``), seeds/002 (fan-laak table, ``hk-fanlaak``) and the Hong Kong part of
RULES.md.  Defaults of the contract (DESIGN.md): seat South, round East, win by discard.

Half-spicy rows (RULES.md): fan 3..10 discard 32 64 96 128 192 256 384 512,
self-draw each 16 32 48 64 96 128 192 256.  Full-spicy "doubles every fan instead".
hk-2p Golden: discard = the discard column; self-draw = 3 x the self-draw column.
Fan-laak points: 0->1, 1->2, 2->4, 3->8, 4-6->16, 7-9->32, 10+->64; discard: discarder 2x,
others 1x; self-draw each 2x.
"""

from __future__ import annotations

import io
import json
import sys
from typing import Any

import pytest

from tingpai.cli import main


def run(payload: dict[str, Any] | str, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> tuple[int, dict[str, Any]]:
    text = payload if isinstance(payload, str) else json.dumps(payload)
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    status = main(["score", "--json"])
    return status, json.loads(capsys.readouterr().out)


def hand(concealed: str, win_tile: str, melds: list[str] | None = None, **extra: Any
         ) -> dict[str, Any]:
    extra.setdefault("seat_wind", "S")  # explicit: see test_default_seat_wind_is_south
    return {"concealed": concealed, "win_tile": win_tile, "melds": melds or [], **extra}


def names(out: dict[str, Any]) -> set[str]:
    return {p["name"].lower() for p in out["patterns"]}


SELF = {"win": "self-draw"}

# --------------------------------------------------------------------------------------
# hk-4p: fan of every table entry, by hand.  (rules, payload, valid, total)
# --------------------------------------------------------------------------------------
HK4P: list[tuple[str, dict[str, Any], bool, int]] = [
    # "All Sequences: four Chows and a pair" 1 + "Closed Hand" 1 + "Self-Draw" 1 = 3
    ("all_seq_closed_self_3", hand("123m456m789m123p55p", "5p", **SELF), True, 3),
    # same by discard: 1 + 1 = 2, "a hand needs at least 3 Fan to win"
    ("all_seq_closed_discard_2_invalid", hand("123m456m789m123p55p", "5p"), False, 2),
    # open chow: All Sequences still 1 (no closed-hand requirement) + Half Flush 3 = 4
    ("all_seq_open_half_flush_4", hand("456m789m234m11z", "1z", ["chow 123m"]), True, 4),
    # near miss All Sequences: a pung => Half Flush 3 only
    ("half_flush_only_3", hand("456m789m444z55m", "5m", ["chow 123m"]), True, 3),
    # Closed Hand by discard: Half Flush 3 + Dragon 1 + Closed 1 = 5
    ("closed_hand_discard_5", hand("123m456m789m777z55m", "5m"), True, 5),
    # open dragon pung: Half Flush 3 + Dragon 1 = 4
    ("open_dragon_pung_4", hand("123m456m789m55m", "5m", ["pung 777z"]), True, 4),
    # concealed pung of Red: Dragon 1 + Closed 1 + Self 1 = 3
    ("concealed_pung_closed_self_3", hand("123m456m789p777z55s", "5s", **SELF), True, 3),
    # "for this item, a concealed Kong is treated as a meld": Dragon 1 + Self 1 = 2, invalid
    ("concealed_kong_breaks_closed_2", hand("123m456m789p55s", "5s", ["ckong 7777z"], **SELF),
     False, 2),
    # two Dragon Pungs 2 + Half Flush 3 = 5
    ("two_dragon_pungs_5", hand("123m456m99m", "9m", ["pung 555z", "pung 666z"]), True, 5),
    # Seat wind (S seat): Half Flush 3 + Seat 1 = 4
    ("seat_wind_4", hand("123m456m99m", "9m", ["chow 789m", "pung 222z"]), True, 4),
    # Prevailing wind (E round): 3 + 1 = 4
    ("round_wind_4", hand("123m456m99m", "9m", ["chow 789m", "pung 111z"]), True, 4),
    # "it scores 2 Fan when seat and prevailing Wind are the same": 3 + 2 = 5
    ("double_wind_5", hand("123m456m99m", "9m", ["chow 789m", "pung 111z"], seat_wind="E"),
     True, 5),
    # double wind via a kong: 3 + 2 = 5
    ("double_wind_kong_5", hand("123m456m99m", "9m", ["chow 789m", "kong 1111z"],
                                seat_wind="E"), True, 5),
    # non-matching wind (North): Half Flush 3 only
    ("other_wind_3", hand("123m456m99m", "9m", ["chow 789m", "pung 444z"]), True, 3),
    # double wind alone: 2 fan => invalid
    ("double_wind_alone_invalid", hand("123m456p789s55s", "5s", ["pung 111z"], seat_wind="E"),
     False, 2),
    # All Pungs 3
    ("all_pungs_3", hand("222s333m777p55m", "5m", ["pung 111p"]), True, 3),
    # "All Pungs: four Pungs or Kongs": with an exposed kong, still 3
    ("all_pungs_with_kong_3", hand("333m777p55m", "5m", ["pung 111p", "kong 2222s"]), True, 3),
    # "Dragon Pung: a Pung or Kong": kong of White 1 + Half Flush 3 = 4
    ("dragon_kong_4", hand("123m456m99m", "9m", ["chow 789m", "kong 5555z"]), True, 4),
    # near miss Little Four Winds (dragon pair): Prevailing(E) 1 + Seat(S) 1 + Half Flush 3
    ("little_four_winds_near_miss_5", hand("222z333z55z123m", "3m", ["pung 111z"]), True, 5),
    # near miss Four Kongs (three kongs and a pung): All Pungs 3
    ("three_kongs_3", hand("55p", "5p", ["kong 1111m", "kong 2222p", "ckong 3333s",
                                         "pung 444m"]), True, 3),
    # near miss Thirteen Orphans (a 2m instead of the 13th kind): no hand
    ("thirteen_orphans_near_miss", hand("19m19p19s123456z2m1m", "1m"), False, 0),
    # All Terminals and Honours 1 "it also scores All Pungs" 3 = 4
    ("terminals_and_honours_4", hand("999p999s444z11p", "1p", ["pung 111m"]), True, 4),
    # Little Three Dragons 3 + its two Dragon Pungs 2 = 5
    ("little_three_dragons_5", hand("666z77z123m456p", "6p", ["pung 555z"]), True, 5),
    # Big Three Dragons 5 + three Dragon Pungs 3 = 8 (not a 10-fan hand in seed 001)
    ("big_three_dragons_8", hand("666z777z123m55p", "5p", ["pung 555z"]), True, 8),
    # Full Flush 7 + All Sequences 1 = 8 (no Half Flush: no honours)
    ("full_flush_all_seq_8", hand("456m789m234m55m", "5m", ["chow 123m"]), True, 8),
    # Full Flush 7 with a pung
    ("full_flush_7", hand("234m567m789m99m", "9m", ["pung 111m"]), True, 7),
    # Full Flush 7 + All Sequences 1 + Closed 1 = 9
    ("full_flush_closed_9", hand("123m456m789m234m55m", "5m"), True, 9),
    # Half Flush 3 + Seat 1 + Dragon 1 + Closed 1 = 6
    ("half_flush_seat_dragon_closed_6", hand("123m456m222z777z55m", "5m"), True, 6),
    # cap: L3D 3 + 2 Dragon Pungs + Half Flush 3 + All Pungs 3 + ATH 1 = 12 -> 10
    ("cap_12_to_10", hand("666z77z111m999m", "9m", ["pung 555z"]), True, 10),
    # special wins: Kong replacement 1 + Self 1 + Dragon 1 = 3
    ("kong_replacement_3", hand("345s678s99s", "9s", ["kong 1111m", "pung 555z"],
                                replacements=["kong"], **SELF), True, 3),
    # same without the replacement: 2 => invalid
    ("no_replacement_2", hand("345s678s99s", "9s", ["kong 1111m", "pung 555z"], **SELF),
     False, 2),
    # Final wall tile 1 + Self 1 + Dragon 1 = 3
    ("final_tile_3", hand("123m456p789s55s", "5s", ["pung 555z"], last_tile=True, **SELF),
     True, 3),
    ("no_final_tile_2", hand("123m456p789s55s", "5s", ["pung 555z"], **SELF), False, 2),
    # Robbing a Kong 1 + Half Flush 3 + Dragon 1 = 5
    # (the robbed tile completes a chow: the konger holds the other three 5m)
    ("robbing_kong_5", hand("123m456m789m11m", "5m", ["pung 555z"], robbing_kong=True),
     True, 5),
]

# limit hands: "10-Fan hands" of seed 001
HK4P_LIMITS: list[tuple[str, dict[str, Any]]] = [
    ("all_honors", hand("222z555z666z44z", "4z", ["pung 111z"])),
    ("little_four_winds", hand("222z333z44z123m", "3m", ["pung 111z"])),
    ("big_four_winds", hand("222z333z444z55m", "5m", ["pung 111z"])),
    ("four_concealed_pungs_self", hand("111m333p555s777m99p", "7m", **SELF)),
    ("four_quads", hand("55p", "5p", ["kong 1111m", "kong 2222p", "ckong 3333s",
                                      "kong 4444m"])),
    ("all_terminals", hand("999m111p999s11s", "1s", ["pung 111m"])),
    ("heaven", hand("123m456m789m123p55p", "5p", seat_wind="E", blessing="heaven", **SELF)),
    ("earth", hand("123m456m789m123p55p", "5p", blessing="earth")),
    ("thirteen_orphans", hand("19m19p19s1234567z1m", "1m")),
    ("thirteen_orphans_13_wait", hand("19m19p19s1234567z7z", "7z")),
    ("consecutive_kongs", hand("345s678s99s", "9s", ["kong 1111m", "ckong 2222p"],
                               replacements=["kong", "kong"], **SELF)),
    ("nine_gates_self", hand("11123455678999m", "5m", **SELF)),
    ("nine_gates_discard", hand("11123456789999m", "9m")),
]


@pytest.mark.parametrize(("case", "payload", "valid", "total"), HK4P,
                         ids=[c[0] for c in HK4P])
def test_hk4p_fan(case: str, payload: dict[str, Any], valid: bool, total: int,
                  monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    status, out = run({"rules": "hk-4p", **payload}, monkeypatch, capsys)
    assert status == 0, out
    assert out["valid"] is valid, out
    if valid:
        assert out["total"] == total, out
    elif total:
        assert "3" in out["reason"], out  # names the minimum


@pytest.mark.parametrize(("case", "payload"), HK4P_LIMITS, ids=[c[0] for c in HK4P_LIMITS])
def test_hk4p_limit_hands_are_10(case: str, payload: dict[str, Any],
                                 monkeypatch: pytest.MonkeyPatch,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    """Seed 001: "10-Fan hands: All Honours, Little Four Winds, ..."; RULES.md "every limit
    hand is 10 fan"."""
    status, out = run({"rules": "hk-4p", **payload}, monkeypatch, capsys)
    assert status == 0 and out["valid"], out
    assert out["total"] == 10 and out["limit"] is True, out
    key = "each" if payload.get("win") == "self-draw" else "discarder"
    assert out["payments"] == {key: 256 if key == "each" else 512}, out


def test_hk4p_two_dragon_pungs_counted_individually(monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """"Little Three Dragons ... the two Dragon Pungs also count, for 5 Fan in total"."""
    _, out = run({"rules": "hk-4p", **hand("666z77z123m456p", "6p", ["pung 555z"])},
                 monkeypatch, capsys)
    assert sum(p["value"] for p in out["patterns"]) == 5, out  # value = fan added
    dragon = [p for p in out["patterns"] if "dragon pung" in p["name"].lower()]
    assert sum(p["value"] for p in dragon) == 2, out


@pytest.mark.parametrize(("win", "payments"), [("discard", {"discarder": 512}),
                                               ("self-draw", {"each": 256})])
def test_hk4p_capped_hand_pays_the_10_row(win: str, payments: dict[str, int],
                                          monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    """"the score is capped at 10 Fan": the 12-fan (13 self-drawn) hand pays the 10 row."""
    _, out = run({"rules": "hk-4p", **hand("666z77z111m999m", "9m", ["pung 555z"], win=win)},
                 monkeypatch, capsys)
    assert (out["valid"], out["total"], out["payments"]) == (True, 10, payments), out


def test_hk4p_four_concealed_pungs_with_a_concealed_kong_is_not_limit(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Seed 001 "Four Concealed Pungs without Kongs": with a concealed kong the limit is not
    reached: All Pungs 3 + Self-Draw 1 = 4 (the concealed kong breaks Closed Hand)."""
    status, out = run({"rules": "hk-4p", **hand("333p555s777m99p", "9p", ["ckong 1111m"],
                                                **SELF)}, monkeypatch, capsys)
    assert status == 0 and out["valid"], out
    assert (out["total"], out["limit"], out["payments"]) == (4, False, {"each": 32}), out


def test_hk4p_four_concealed_pungs_completed_by_discard_is_not_limit(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A pung completed by a discard is not concealed (RULES.md Hu wording, the general
    convention): All Pungs 3 + Closed Hand 1 = 4."""
    status, out = run({"rules": "hk-4p", **hand("111m333p555s777m99p", "7m")},
                      monkeypatch, capsys)
    assert status == 0 and out["valid"], out
    assert (out["total"], out["limit"]) == (4, False), out


@pytest.mark.parametrize("concealed,win_tile", [("1122m3344p5566s77z", "7z"),
                                                ("11223344556677z", "7z")])
def test_hk4p_no_seven_pairs(concealed: str, win_tile: str, monkeypatch: pytest.MonkeyPatch,
                             capsys: pytest.CaptureFixture[str]) -> None:
    """RULES.md: "Standard form four melds and a pair, plus Thirteen Orphans. No Seven
    Pairs"."""
    status, out = run({"rules": "hk-4p", **hand(concealed, win_tile, **SELF)},
                      monkeypatch, capsys)
    assert status == 0 and out["valid"] is False, out


# --------------------------------------------------------------------------------------
# payment table rows
# --------------------------------------------------------------------------------------
# hands worth 3..10 by discard (fan worked above); self-draw adds Self-Draw 1 (cap 10)
ROWS: dict[int, dict[str, Any]] = {
    3: hand("222s333m777p55m", "5m", ["pung 111p"]),
    4: hand("999p999s444z11p", "1p", ["pung 111m"]),
    5: hand("666z77z123m456p", "6p", ["pung 555z"]),
    6: hand("123m456m222z777z55m", "5m"),
    7: hand("234m567m789m99m", "9m", ["pung 111m"]),
    8: hand("456m789m234m55m", "5m", ["chow 123m"]),
    9: hand("123m456m789m234m55m", "5m"),
    10: hand("222z333z444z55m", "5m", ["pung 111z"]),
}
HALF_D = {3: 32, 4: 64, 5: 96, 6: 128, 7: 192, 8: 256, 9: 384, 10: 512}
HALF_S = {3: 16, 4: 32, 5: 48, 6: 64, 7: 96, 8: 128, 9: 192, 10: 256}
FULL_D = {3: 32, 4: 64, 5: 128, 6: 256, 7: 512, 8: 1024, 9: 2048, 10: 4096}
FULL_S = {f: v // 2 for f, v in FULL_D.items()}


@pytest.mark.parametrize("fan", sorted(ROWS))
@pytest.mark.parametrize("table", ["default", "half-spicy", "full-spicy"])
def test_hk4p_payment_rows_discard(fan: int, table: str, monkeypatch: pytest.MonkeyPatch,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    """"on a win by discard, the discarder pays the full listed score"."""
    opts = {} if table == "default" else {"payment_table": table}
    status, out = run({"rules": "hk-4p", "options": opts, **ROWS[fan]}, monkeypatch, capsys)
    assert status == 0 and out["valid"] and out["total"] == fan, out
    want = (FULL_D if table == "full-spicy" else HALF_D)[fan]
    assert out["payments"] == {"discarder": want}, out


@pytest.mark.parametrize("fan", sorted(ROWS))
@pytest.mark.parametrize("table", ["default", "full-spicy"])
def test_hk4p_payment_rows_self_draw(fan: int, table: str, monkeypatch: pytest.MonkeyPatch,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    """"On self-draw, each of the other three players pays the self-draw amount"."""
    opts = {} if table == "default" else {"payment_table": table}
    status, out = run({"rules": "hk-4p", "options": opts, **ROWS[fan], **SELF},
                      monkeypatch, capsys)
    total = min(fan + 1, 10)
    assert status == 0 and out["valid"] and out["total"] == total, out
    want = (FULL_S if table == "full-spicy" else HALF_S)[total]
    assert out["payments"] == {"each": want}, out


def test_hk4p_self_draw_3_fan_row(monkeypatch: pytest.MonkeyPatch,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    _, out = run({"rules": "hk-4p", **HK4P[0][1]}, monkeypatch, capsys)
    assert (out["total"], out["payments"]) == (3, {"each": 16}), out


def test_hk4p_min_fan_option(monkeypatch: pytest.MonkeyPatch,
                             capsys: pytest.CaptureFixture[str]) -> None:
    """RULES.md "Minimum 3 fan to win (option `min_fan`)": a 4-fan hand under min_fan 5 is
    invalid; a 2-fan hand under min_fan 2 is valid."""
    _, out = run({"rules": "hk-4p", "options": {"min_fan": 5}, **ROWS[4]}, monkeypatch, capsys)
    assert out["valid"] is False, out
    _, out = run({"rules": "hk-4p", "options": {"min_fan": 2}, **HK4P[1][1]},
                 monkeypatch, capsys)
    assert out["valid"] is True and out["total"] == 2, out


# --------------------------------------------------------------------------------------
# hk-2p
# --------------------------------------------------------------------------------------
# All Pungs 3 with tiles of the 80-tile set (1/9 of m and s, dots, honours)
TWO_P_3 = hand("999m222p777p55p", "5p", ["pung 111s"])
TWO_P_10 = hand("222z333z444z55p", "5p", ["pung 111z"])


@pytest.mark.parametrize(("payload", "win", "total", "payments"), [
    (TWO_P_3, "discard", 3, {"discarder": 32}),
    (TWO_P_3, "self-draw", 4, {"each": 96}),        # 3 x 32
    (TWO_P_10, "discard", 10, {"discarder": 512}),
    (TWO_P_10, "self-draw", 10, {"each": 768}),     # 3 x 256
    (hand("123p456p789p234p55p", "5p"), "self-draw", 10, {"each": 768}),  # FF7+AS1+CH1+SD1
])
def test_hk2p_golden(payload: dict[str, Any], win: str, total: int, payments: dict[str, int],
                     monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """RULES.md hk-2p Golden default: "the single opponent pays the whole four-player amount
    (discard: the discard column; self-draw: 3 x the self-draw column)"."""
    status, out = run({"rules": "hk-2p", **payload, "win": win}, monkeypatch, capsys)
    assert status == 0 and out["valid"], out
    assert (out["total"], out["payments"]) == (total, payments), out


@pytest.mark.parametrize("concealed,win_tile", [("234m999p777p55p", "5p"),
                                                ("999p777p55p222s", "2s"),
                                                ("555m222p777p99p", "9p")])
def test_hk2p_rejects_removed_tiles(concealed: str, win_tile: str,
                                    monkeypatch: pytest.MonkeyPatch,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    """Seed 001 two-player: "remove ranks 2 through 8 from Bamboo and Characters"."""
    status, out = run({"rules": "hk-2p", **hand(concealed, win_tile, ["pung 111s"])},
                      monkeypatch, capsys)
    if status == 2:
        msg = out["error"]
    else:
        assert out["valid"] is False, out
        msg = out["reason"]
    assert "2p" in msg or "hk-2p" in msg or "set" in msg or "not" in msg, msg


def test_hk2p_rejects_removed_tile_in_a_meld(monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    status, out = run({"rules": "hk-2p", **hand("999m222p777p55p", "5p", ["pung 555s"])},
                      monkeypatch, capsys)
    assert status == 2 or out["valid"] is False, out


# --------------------------------------------------------------------------------------
# hk-fanlaak (seed 002)
# --------------------------------------------------------------------------------------
CHICKEN = hand("456p789s222m55s", "5s", ["chow 123m"])          # 0 fan
ALL_CHOWS_OPEN = hand("456p789s234m55s", "5s", ["chow 123m"])   # All Chows 1
FL: list[tuple[str, dict[str, Any], int]] = [
    ("chicken_0", CHICKEN, 0),
    ("all_chows_1", ALL_CHOWS_OPEN, 1),
    # no Closed Hand in seed 002: concealed all chows by discard is still 1
    ("no_closed_hand_1", hand("123m456p789s234m55s", "5s"), 1),
    ("all_chows_self_2", hand("123m456p789s234m55s", "5s", **SELF), 2),
    ("all_pungs_2", hand("222s333m777p55m", "5m", ["pung 111p"]), 2),
    ("half_flush_2", hand("456m789m444z55m", "5m", ["chow 123m"]), 2),
    ("all_pungs_dragon_3", hand("222s333m777p55m", "5m", ["pung 555z"]), 3),
    ("full_flush_4", hand("234m567m789m99m", "9m", ["pung 111m"]), 4),
    ("full_flush_all_chows_5", hand("456m789m234m55m", "5m", ["chow 123m"]), 5),
    # Little Three Dragons 4 "(its two Dragon Pungs also count)" = 6
    ("little_three_dragons_6", hand("666z77z123m456p", "6p", ["pung 555z"]), 6),
    # HF 2 + AP 2 + Dragon 1 + Seat(S) 1 + Prevalent(E) 1 = 7
    ("seven", hand("222z111z999m11m", "1m", ["pung 555z"]), 7),
    # L3D 4 + 2 + AP 2 = 8
    ("eight", hand("666z77z111p999s", "9s", ["pung 555z"]), 8),
    # L3D 4 + 2 + Seat 1 + HF 2 = 9
    ("nine", hand("666z77z222z123m", "3m", ["pung 555z"]), 9),
    # "All Terminals and Honours" is not a fan-laak entry: AP 2 only
    ("no_terminals_and_honours_2", hand("999p999s444z11p", "1p", ["pung 111m"]), 2),
    # Four Kongs is not a fan-laak entry: All Pungs 2
    ("no_four_kongs_2", hand("55p", "5p", ["kong 1111m", "kong 2222p", "ckong 3333s",
                                           "kong 4444m"]), 2),
    # Four Concealed Pungs needs "self-drawn win": by discard (pair wait) All Pungs 2
    ("four_concealed_pungs_discard_2", hand("111m333p555s777m99p", "9p"), 2),
    # a win after consecutive kongs is not a fan-laak entry: Replacement 1 + Self 1 + AP 2
    ("no_consecutive_kongs", hand("345s678s99s", "9s", ["kong 1111m", "ckong 2222p"],
                                  replacements=["kong", "kong"], **SELF), 2),
    # Last Tile Draw/Discard: "Winning on the very last tile or the following discard" 1
    ("last_discard_1", hand("456p789s234m55s", "5s", ["chow 123m"], last_tile=True), 2),
    ("robbing_kong", hand("456p789s234m55s", "5p", ["chow 123m"], robbing_kong=True), 2),
    ("replacement", hand("456p789s55s", "5s", ["chow 123m", "kong 2222s"],
                         replacements=["kong"], **SELF), 2),
    # Prevalent == seat wind: 2 ("Seat/Prevalent Wind" each)
    ("double_wind_2", hand("456p789s55s", "5s", ["chow 123m", "pung 111z"], seat_wind="E"),
     2),
    # no cap: L3D 4 + 2 + double wind 2 + HF 2 + AP 2 = 12
    ("no_cap_12", hand("666z77z111z999m", "9m", ["pung 555z"], seat_wind="E"), 12),
]
FL_LIMITS: list[tuple[str, dict[str, Any]]] = [
    ("big_three_dragons", hand("666z777z123m55p", "5p", ["pung 555z"])),
    ("four_concealed_pungs_self", hand("111m333p555s777m99p", "7m", **SELF)),
    ("little_four_winds", hand("222z333z44z123m", "3m", ["pung 111z"])),
    ("big_four_winds", hand("222z333z444z55m", "5m", ["pung 111z"])),
    ("all_honors", hand("222z555z666z44z", "4z", ["pung 111z"])),
    ("all_terminals", hand("999m111p999s11s", "1s", ["pung 111m"])),
    ("nine_gates", hand("11123455678999m", "5m", **SELF)),
    ("thirteen_orphans", hand("19m19p19s1234567z1m", "1m")),
    ("heaven", hand("123m456m789m123p55p", "5p", seat_wind="E", blessing="heaven", **SELF)),
    ("earth", hand("123m456m789m123p55p", "5p", blessing="earth")),
]
POINTS = {0: 1, 1: 2, 2: 4, 3: 8, 4: 16, 5: 16, 6: 16, 7: 32, 8: 32, 9: 32, 10: 64}


def points(fan: int) -> int:
    return POINTS[min(fan, 10)]


@pytest.mark.parametrize(("case", "payload", "total"), FL, ids=[c[0] for c in FL])
def test_fanlaak_fan_and_points(case: str, payload: dict[str, Any], total: int,
                                monkeypatch: pytest.MonkeyPatch,
                                capsys: pytest.CaptureFixture[str]) -> None:
    """Seed 002 fan list and fan-laak table (min_fan 0 so every hand is valid)."""
    status, out = run({"rules": "hk-fanlaak", "options": {"min_fan": 0}, **payload},
                      monkeypatch, capsys)
    assert status == 0 and out["valid"], out
    assert out["total"] == total, out
    p = points(total)
    want = {"each": 2 * p} if payload.get("win") == "self-draw" else {"discarder": 2 * p,
                                                                      "others": p}
    assert out["payments"] == want, out


@pytest.mark.parametrize(("case", "payload"), FL_LIMITS, ids=[c[0] for c in FL_LIMITS])
def test_fanlaak_limits(case: str, payload: dict[str, Any], monkeypatch: pytest.MonkeyPatch,
                        capsys: pytest.CaptureFixture[str]) -> None:
    """"Limit hands are counted as 10 fans"; 10+/Limit row: 64+64+128=256, 128x3=384."""
    status, out = run({"rules": "hk-fanlaak", **payload}, monkeypatch, capsys)
    assert status == 0 and out["valid"], out
    assert out["total"] == 10 and out["limit"] is True, out
    want = {"each": 128} if payload.get("win") == "self-draw" else {"discarder": 128,
                                                                    "others": 64}
    assert out["payments"] == want, out


def test_fanlaak_seed_rows_3_fan(monkeypatch: pytest.MonkeyPatch,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    """Seed 002 row "3 | 8 | 8+8+16=32 | 16+16+16=48" with the default min_fan 3."""
    _, out = run({"rules": "hk-fanlaak", **FL[6][1]}, monkeypatch, capsys)
    assert (out["valid"], out["total"], out["payments"]) == (True, 3,
                                                             {"discarder": 16, "others": 8})
    # self-draw: All Pungs 2 + Self-drawn 1 = 3 -> each 16
    _, out = run({"rules": "hk-fanlaak", **FL[4][1], **SELF}, monkeypatch, capsys)
    assert (out["valid"], out["total"], out["payments"]) == (True, 3, {"each": 16})


def test_fanlaak_default_min_fan_3(monkeypatch: pytest.MonkeyPatch,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    """RULES.md: option `min_fan`, default 3: a 2-fan hand is invalid."""
    _, out = run({"rules": "hk-fanlaak", **FL[4][1]}, monkeypatch, capsys)
    assert out["valid"] is False and "3" in out["reason"], out


@pytest.mark.parametrize("min_fan", range(11))
def test_fanlaak_min_fan_gate(min_fan: int, monkeypatch: pytest.MonkeyPatch,
                              capsys: pytest.CaptureFixture[str]) -> None:
    """`min_fan` 0 to 10: the 6-fan Little Three Dragons hand wins iff 6 >= min_fan; the
    chicken hand wins iff min_fan == 0."""
    _, out = run({"rules": "hk-fanlaak", "options": {"min_fan": min_fan}, **FL[9][1]},
                 monkeypatch, capsys)
    assert out["valid"] is (min_fan <= 6), out
    _, out = run({"rules": "hk-fanlaak", "options": {"min_fan": min_fan}, **CHICKEN},
                 monkeypatch, capsys)
    assert out["valid"] is (min_fan == 0), out
    if min_fan == 0:
        # seed row "0 | 1 | 1+1+2=4"
        assert (out["total"], out["payments"]) == (0, {"discarder": 2, "others": 1}), out
        assert "chicken hand" in names(out), out


@pytest.mark.parametrize("bad", [11, -1, "three"])
def test_fanlaak_min_fan_out_of_range_is_malformed(bad: Any, monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """RULES.md "option `min_fan`, 0 to 10"; DESIGN: malformed input exits 2."""
    status, out = run({"rules": "hk-fanlaak", "options": {"min_fan": bad}, **CHICKEN},
                      monkeypatch, capsys)
    assert status == 2 and "error" in out, out


def test_fanlaak_limit_plus_other_fan_is_still_10(monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """"Limit hands count as 10 fan": Big Three Dragons self-drawn is still 10, each 128."""
    _, out = run({"rules": "hk-fanlaak", **FL_LIMITS[0][1], **SELF}, monkeypatch, capsys)
    assert (out["total"], out["payments"]) == (10, {"each": 128}), out


def test_default_seat_wind_is_east(monkeypatch: pytest.MonkeyPatch,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    """DESIGN.md score contract: "seat_wind and round_wind E" by default, as Situation has
    them (issue 8 changed the seat from S).  Pung of East with seat and round omitted:
    Seat Wind 1 + Prevailing Wind 1 + Half Flush 3 = 5, 96 from the discarder."""
    _, out = run({"rules": "hk-4p", "concealed": "123m456m99m", "win_tile": "9m",
                  "melds": ["chow 789m", "pung 111z"]}, monkeypatch, capsys)
    assert (out["total"], out["payments"]) == (5, {"discarder": 96}), out


# --------------------------------------------------------------------------------------
# malformed input
# --------------------------------------------------------------------------------------
@pytest.mark.parametrize("payload", [
    "not json",
    "[1, 2]",
    {"rules": "hk-9p", **CHICKEN},
    {"rules": "hk-4p", "concealed": "123x", "win_tile": "5s"},
    {"rules": "hk-4p", **CHICKEN, "win": "sideways"},
    {"rules": "hk-4p", **CHICKEN, "options": {"no_such_option": 1}},
    {"rules": "hk-4p", **CHICKEN, "options": {"payment_table": "extra-spicy"}},
    {"rules": "hk-4p", **CHICKEN, "seat_wind": "Q"},
    {"rules": "hk-4p", "concealed": "456p789s222m55s"},
    {"concealed": "456p789s222m55s", "win_tile": "5s"},
])
def test_malformed_input_exit_2(payload: Any, monkeypatch: pytest.MonkeyPatch,
                                capsys: pytest.CaptureFixture[str]) -> None:
    """DESIGN.md: "Malformed input: exit status 2 and {"error": "..."} on stdout"."""
    status, out = run(payload, monkeypatch, capsys)
    assert status == 2 and isinstance(out.get("error"), str) and out["error"], out

"""Audit round 7: Hong Kong (hk-4p, hk-2p, hk-fanlaak) game flow the earlier rounds left out.

Records are hand-built walls and actions (kit of :mod:`tests.audit.test_hk_audit_engine`:
the dealer takes wall[0:13], the next seat wall[13:26], ...; then the dealer draws; kong
replacements come from the tail).  Every expected value was worked out by hand from seeds
001 / 002 and RULES.md; each case quotes the sentence it checks.
"""

from __future__ import annotations

import pytest

from .hukit import run_score
from .test_hk_audit_engine import (
    JUNK0,
    SEAT_WAIT_5M_HF,
    a,
    all_cuts,
    build_wall,
    hand_rec,
    ok,
    record,
    replay,
)


def test_fanlaak_last_tile_is_not_scored_on_a_discard_after_a_claim(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Seed 002: "Last Tile Draw/Discard | 1 | Winning on the very last tile or the following
    discard."  RULES.md (HK): "the hand is an exhaustive draw when a draw is due and no tile
    is left", so the discard after the last tile may be punged.

    Seat 3 draws the last tile and throws 9p (the following discard); seat 2 pungs it and
    throws 5m.  That 5m follows the pung, not the last tile: seat 1 (46m 123m 789m 333z 44z,
    Half Flush 2) wins on it with 2 fan, not 3 (min_fan 0: 4 points, seat 2 pays 8, the
    others 4).  The control: seat 1 winning on seat 3's following discard itself scores it
    (test_hk_audit_engine.test_fanlaak_last_discard)."""
    w = build_wall("hk-fanlaak", {1: SEAT_WAIT_5M_HF, 2: "99p5m", 3: "9p" + JUNK0})
    acts = [*all_cuts("hk-fanlaak", w)[:-1], a(3, "discard", "9p"), a(2, "pung"),
            a(2, "discard", "5m"), a(1, "ron")]
    out = ok(record("hk-fanlaak", [hand_rec(w, acts)], options={"min_fan": 0}),
             monkeypatch, capsys)
    h = out["hands"][0]
    win = h["winners"][0]
    assert [p["id"] for p in win["patterns"]] == ["half_flush"]
    assert win["total"] == 2 and h["deltas"] == [-4, 16, -8, -4]


HEAVEN = "123m456m789m11p56p"  # + 7p: the dealer's initial fourteen are complete


def test_fanlaak_winds_rotate_except_on_east_win_and_draw(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Seed 002: "Winds are rotated after each hand except on east win and draw";
    "Blessing of Heaven | Limit | East wins with initial hand"; "Blessing of Earth | Limit |
    Non-east player wins on East's first discard"; "10+/Limit | 64"; self-drawn 64+64+64 x 2
    = 128 each; by discard the discarder 128, the others 64.

    h1 seat 0 (East) Heaven: +384; east win -> seat 0 deals again
    h2 every seat draws and discards until the wall is empty: exhaustive draw, no payment;
       a draw -> seat 0 deals again
    h3 seat 0 Heaven again (only the dealer acts first and has Heaven): +384
    h4 seat 1 wins on seat 0's first discard: Earth, seat 0 -128, seats 2 and 3 -64; a
       non-East win -> the deal passes
    h5 seat 1 deals: its Heaven +384."""
    hands = [
        hand_rec(w := build_wall("hk-fanlaak", {0: HEAVEN}, "7p"), [a(0, "tsumo")]),
        hand_rec(w := build_wall("hk-fanlaak", {}), all_cuts("hk-fanlaak", w)),
        hand_rec(build_wall("hk-fanlaak", {0: HEAVEN}, "7p"), [a(0, "tsumo")]),
        hand_rec(build_wall("hk-fanlaak", {0: "5m" + JUNK0, 1: SEAT_WAIT_5M_HF}, "1s"),
                 [a(0, "discard", "5m"), a(1, "ron")]),
        hand_rec(build_wall("hk-fanlaak", {1: HEAVEN}, "7p", dealer=1), [a(1, "tsumo")]),
    ]
    out = ok(record("hk-fanlaak", hands), monkeypatch, capsys)
    assert [h["deltas"] for h in out["hands"]] == [
        [384, -128, -128, -128], [0, 0, 0, 0], [384, -128, -128, -128],
        [-128, 256, -64, -64], [-128, 384, -128, -128]]
    assert out["scores"] == [512, 384, -448, -448]
    assert out["over"] is False


def test_hk2p_game_ends_when_the_north_round_passes(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """RULES.md: "`hk-2p`: 80 tiles ..., seats E and S"; "The dealer repeats on a dealer win
    or an exhaustive draw; otherwise the deal passes. A game is four rounds, East to North";
    "hk-2p "Golden" table: ... the single opponent pays the whole four-player amount
    (discard: the discard column ...)".

    Round North, dealer 1 (the last seat): seat 0 (123p 456p 789p 555z 9p) wins on the
    dealer's second discard 9p: Half Flush 3 + Dragon Pung 1 + Closed Hand 1 = 5 fan, the
    discard column 96.  The North round's last dealership passed: the game is over, and a
    further hand is refused.  The same hand won by the dealer instead would repeat."""
    w = build_wall("hk-2p", {0: "123p456p789p555z9p"}, draws="1m1s9p", dealer=1)
    acts = [a(1, "discard", "1m"), a(0, "discard", "1s"), a(1, "discard", "9p"), a(0, "ron")]
    start = {"round_wind": "N", "dealer": 1, "repeats": 0, "scores": [0, 0]}
    out = ok(record("hk-2p", [hand_rec(w, acts)], start=start), monkeypatch, capsys)
    h = out["hands"][0]
    assert h["winners"][0]["total"] == 5 and h["deltas"] == [96, -96]
    assert out["over"] is True and out["winner"] == 0
    extra = hand_rec(build_wall("hk-2p", {0: HEAVEN_2P}, "7p"), [a(0, "tsumo")])
    status, late = replay(record("hk-2p", [hand_rec(w, acts), extra], start=start),
                          monkeypatch, capsys)
    assert status == 2 and late["hand"] == 1
    # the dealer winning instead: a repeat, and the game goes on
    w2 = build_wall("hk-2p", {1: "123p456p789p555z9p"}, draws="1m9p", dealer=1)
    acts2 = [a(1, "discard", "1m"), a(0, "discard", "9p"), a(1, "ron")]
    out2 = ok(record("hk-2p", [hand_rec(w2, acts2), extra_dealer_1()], start=start),
              monkeypatch, capsys)
    assert [h["deltas"] for h in out2["hands"]] == [[-96, 96], [-768, 768]]
    assert out2["over"] is False


HEAVEN_2P = "123p456p789p11p56p"  # + 7p: complete on the initial fourteen (hk-2p tiles)


def extra_dealer_1() -> dict[str, object]:
    """A Heaven for seat 1 as dealer (hk-2p): 10 fan, the opponent pays 3 x 256 = 768."""
    return hand_rec(build_wall("hk-2p", {1: HEAVEN_2P}, "7p", dealer=1), [a(1, "tsumo")])


# ---------------------------------------------------------------- tingpai score --json
def _score(rules: str, concealed: str, win_tile: str, win: str = "discard",
           seat: str = "S") -> dict[str, object]:
    status, out = run_score({"rules": rules, "concealed": concealed, "win_tile": win_tile,
                             "win": win, "seat_wind": seat, "round_wind": "E"})
    assert status == 0, out
    return out


SCORE_CASES = [
    # Seed 001: "Self-Draw: draw the winning tile yourself"; "Closed Hand: the hand has no
    # declared melds"; "Dragon Pung: a Pung or Kong of Red, Green, or White Dragon";
    # "Payment: ... On self-draw, each of the other three players pays the self-draw
    # amount": 1 + 1 + 1 = 3 fan -> each 16 (RULES.md half-spicy).
    ("hk-4p", "123m456p789s555z11p", "1p", "self", True, 3,
     {"closed_hand", "self_draw", "dragon_pung"}, {"each": 16}),
    # Seed 001 FAQ: "Why can't a two-Fan hand win? ... A structurally complete hand is not
    # legal unless its compatible Fan add up to at least 3": the same hand on a discard is
    # Closed Hand 1 + Dragon Pung 1 = 2 fan: not a win.
    ("hk-4p", "123m456p789s555z11p", "1p", "discard", False, 0, set(), {}),
    # Seed 001: "Half Flush: one numbered suit together with Honour tiles" 3; "Seat or
    # Prevailing Wind" 1 (East pung, round East); Closed Hand 1 = 5 -> the discarder 96.
    ("hk-4p", "123m456m789m111z22m", "2m", "discard", True, 5,
     {"half_flush", "prevailing_wind", "closed_hand"}, {"discarder": 96}),
    # Seed 002: "| 16 | 16+16+32=64 | 32+32+32=96 |" (4..6 fan): Half Flush 2 + Dragon Pung 1
    # + Seat Wind (South) 1 = 4 fan -> 16 points: the discarder 32, the others 16.
    ("hk-fanlaak", "123m456m555z222z99m", "9m", "discard", True, 4,
     {"half_flush", "dragon_pung", "seat_wind"}, {"discarder": 32, "others": 16}),
    # Seed 002: "| 32 | 32+32+64=128 | 64+64+64=192 |" (7..9 fan): Little Three Dragons 4
    # + its two Dragon Pungs 2 + Half Flush 2 = 8 -> 32 points; by discard 64 / 32 ...
    ("hk-fanlaak", "555z666z77z123m456m", "7z", "discard", True, 8,
     {"little_three_dragons", "dragon_pung", "half_flush"}, {"discarder": 64, "others": 32}),
    # ... self-drawn (+1 = 9 fan, still 32 points): each loser 64.
    ("hk-fanlaak", "555z666z77z123m456m", "7z", "self", True, 9,
     {"little_three_dragons", "dragon_pung", "half_flush", "self_draw"}, {"each": 64}),
]


@pytest.mark.parametrize(("rules", "concealed", "tile", "win", "valid", "total", "pats",
                          "payments"), SCORE_CASES)
def test_score_case(rules: str, concealed: str, tile: str, win: str, valid: bool,
                    total: int, pats: set[str], payments: dict[str, int]) -> None:
    out = _score(rules, concealed, tile, win)
    got = {p["id"] for p in out["patterns"]}  # type: ignore[attr-defined]
    assert (out["valid"], out["total"], got, out["payments"]) == (valid, total, pats,
                                                                   payments), out


LIMIT_DISCARD = {"discarder": 128, "others": 64}  # "10+/Limit | 64 | 64+64+128=256"
FANLAAK_ROWS = [
    # (seed 002 row quoted, concealed, win tile, win, fan, pattern ids, payments); seat
    # South, round East, table minimum 0 (hk-fanlaak-0) so that every row can win alone.
    ("| Chicken Hand | 0 | Hand with no value. ; | 0 | 1 | 1+1+2=4 |",
     "123m456p789s222s11p", "1p", "discard", 0, {"chicken_hand"},
     {"discarder": 2, "others": 1}),
    ("| All Chows | 1 | Hand consists only of sequences and a pair. ; | 1 | 2 | 2+2+4=8 |",
     "123m456p789s234s11p", "1p", "discard", 1, {"all_sequences"},
     {"discarder": 4, "others": 2}),
    ("| Self-drawn Win | 1 | Drawing the winning tile for mahjong. ; 4+4+4=12",
     "123m456p789s222s11p", "1p", "self", 1, {"self_draw"}, {"each": 4}),
    ("| All Pungs | 2 | Hand consists only pungs, kongs and one pair. ; 4+4+8=16 (won by "
     "discard: no Four Concealed Pungs, which needs a self-drawn win)",
     "111m222p333s444m55p", "5p", "discard", 2, {"all_triplets"},
     {"discarder": 8, "others": 4}),
    ("| Half Flush | 2 | Hand consists only of honors and suit tiles of one suit.",
     "123m456m789m444z22m", "2m", "discard", 2, {"half_flush"},
     {"discarder": 8, "others": 4}),
    ("| Full Flush | 4 | Hand consists only of suit tiles of one suit. ; 4..6 fan: 16",
     "123m456m789m222m55m", "5m", "discard", 4, {"full_flush"},
     {"discarder": 32, "others": 16}),
    ("| Little Three Dragons | 4 | Hand has two dragon pungs and a pair of the third dragon."
     " (+ the two Dragon Pungs, RULES.md) = 6",
     "555z666z77z123m456p", "7z", "discard", 6, {"little_three_dragons", "dragon_pung"},
     {"discarder": 32, "others": 16}),
    ("| Four Concealed Pungs | Limit | Hand has four concealed pungs and a pair and "
     "self-drawn win. ; 128+128+128=384",
     "111m222p333s444m55p", "5p", "self", 10, {"four_concealed_triplets"}, {"each": 128}),
    ("| Big Three Dragons | Limit | Hand has three dragon pungs.",
     "555z666z777z123m11p", "1p", "discard", 10, {"big_three_dragons"}, LIMIT_DISCARD),
    ("| Little Four Winds | Limit | Hand has three pungs and a pair of winds.",
     "111z222z333z44z123m", "4z", "discard", 10, {"little_four_winds"}, LIMIT_DISCARD),
    ("| Big Four Winds | Limit | Hand has four pungs of winds.",
     "111z222z333z444z11m", "1m", "discard", 10, {"big_four_winds"}, LIMIT_DISCARD),
    ("| All Honors | Limit | Hand consists only of honor tiles.",
     "111z222z333z555z77z", "7z", "discard", 10, {"all_honors"}, LIMIT_DISCARD),
    ("| All Terminals | Limit | Hand consists only of terminals.",
     "111m999m111p999p11s", "1s", "discard", 10, {"all_terminals"}, LIMIT_DISCARD),
    ("| Thirteen Orphans | Limit | Hand made of single tiles of 12 honors and terminals, "
     "plus a pair of the 13th.",
     "19m19p19s1234567z1m", "1m", "discard", 10, {"thirteen_orphans"}, LIMIT_DISCARD),
]


@pytest.mark.parametrize(("row", "concealed", "tile", "win", "fan", "pats", "payments"),
                         FANLAAK_ROWS, ids=[r[0].split("|")[1].strip() + "-" + r[3]
                                            for r in FANLAAK_ROWS])
def test_fanlaak_special_hands_rows(row: str, concealed: str, tile: str, win: str, fan: int,
                                    pats: set[str], payments: dict[str, int]) -> None:
    """Seed 002, each row of "Special Hands" and of the fan-laak table ("A player who
    discards a winning tile pays twice the number of points that the other players pay";
    RULES.md: "Self-draw: each loser pays 2 × points"), through ``tingpai score --json``."""
    out = _score("hk-fanlaak-0", concealed, tile, win)
    got = {p["id"] for p in out["patterns"]}  # type: ignore[attr-defined]
    assert (out["valid"], out["total"], got, out["payments"]) == (True, fan, pats,
                                                                   payments), (row, out)

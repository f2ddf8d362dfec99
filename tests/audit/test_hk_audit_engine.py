"""AUDIT (black box): the Hong Kong engine through ``tingpai replay RECORD --json``.

Records are written by hand: an arranged wall (DESIGN.md: the dealer takes wall[0:13], the
next seat wall[13:26], ...; then the dealer draws; replacements come from the tail, last tile
first) and the actions.  Every expected delta was worked by hand from seeds/001, seeds/002
and the Hong Kong part of RULES.md (half-spicy: 3..10 fan discard 32 64 96 128 192 256 384
512, self-draw each 16 32 48 64 96 128 192 256; fan-laak points 0->1 1->2 2->4 3->8 4-6->16
7-9->32 10+->64).
"""

from __future__ import annotations

import io
import json
import random
import sys
from collections import Counter
from typing import Any

import pytest

from tingpai.cli import main

# ------------------------------------------------------------------------------ helpers


def tiles(text: str) -> list[str]:
    """'123m5z' -> ['1m', '2m', '3m', '5z'] (spaces ignored)."""
    out: list[str] = []
    digits = ""
    for ch in text.replace(" ", ""):
        if ch.isdigit():
            digits += ch
        else:
            out += [d + ch for d in digits]
            digits = ""
    assert not digits, text
    return out


def full_set(rid: str) -> list[str]:
    kinds = [f"{r}{s}" for s in "mps" for r in range(1, 10)] + [f"{r}z" for r in range(1, 8)]
    if rid == "hk-2p":  # seed 001: remove ranks 2..8 of bamboo and characters
        kinds = [k for k in kinds if not (k[1] in "ms" and k[0] in "2345678")]
    return [k for k in kinds for _ in range(4)]


def players(rid: str) -> int:
    return 2 if rid == "hk-2p" else 4


def build_wall(rid: str, hands: dict[int, str], draws: str = "", tail: str = "",
               dealer: int = 0) -> list[str]:
    """Deal ``hands`` (short hands and absent seats are padded with filler), then the head
    draws ``draws``, and ``tail`` (first replacement first: the wall's last tile)."""
    n = players(rid)
    pool = Counter(full_set(rid))

    def take(ts: list[str]) -> list[str]:
        for t in ts:
            assert pool[t] > 0, f"no {t} left"
            pool[t] -= 1
        return ts

    fixed = {s: take(tiles(h)) for s, h in hands.items()}
    assert all(len(h) <= 13 for h in fixed.values()), fixed
    head, back = take(tiles(draws)), take(tiles(tail))
    filler = sorted(pool.elements())
    random.Random(1).shuffle(filler)
    for h in fixed.values():
        h += [filler.pop() for _ in range(13 - len(h))]
    wall: list[str] = []
    for i in range(n):
        seat = (dealer + i) % n
        wall += fixed[seat] if seat in fixed else [filler.pop() for _ in range(13)]
    wall += head
    middle = len(full_set(rid)) - len(wall) - len(back)
    wall += [filler.pop() for _ in range(middle)]
    wall += list(reversed(back))
    assert not filler
    return wall


def a(seat: int, do: str, tile: str | None = None, **kw: Any) -> dict[str, Any]:
    act: dict[str, Any] = {"seat": seat, "do": do, **kw}
    if tile is not None:
        act["tile"] = tile
    return act


def cuts(draws: str, first_seat: int, n: int = 4) -> list[dict[str, Any]]:
    """Each of the next seats in turn discards the tile it just drew."""
    return [a((first_seat + i) % n, "discard", t) for i, t in enumerate(tiles(draws))]


def record(rid: str, hands: list[dict[str, Any]], options: dict[str, Any] | None = None,
           start: dict[str, Any] | None = None) -> dict[str, Any]:
    rec: dict[str, Any] = {"format": "tingpai-record/1", "rules": rid,
                           "options": options or {}, "hands": hands}
    if start is not None:
        rec["start"] = start
    return rec


def hand_rec(wall: list[str], actions: list[dict[str, Any]]) -> dict[str, Any]:
    return {"wall": "".join(wall), "actions": actions}


def replay(rec: dict[str, Any], monkeypatch: pytest.MonkeyPatch,
           capsys: pytest.CaptureFixture[str]) -> tuple[int, dict[str, Any]]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(rec)))
    status = main(["replay", "-", "--json"])
    return status, json.loads(capsys.readouterr().out)


def ok(rec: dict[str, Any], monkeypatch: pytest.MonkeyPatch,
       capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    status, out = replay(rec, monkeypatch, capsys)
    assert status == 0, out
    return out


JUNK0 = "147m258p369s246z"  # twelve tiles that never make anything
SEAT_WAIT_5M_HF = "46m123m789m333z44z"  # waits 5m: Half Flush 3 + Closed Hand 1 (no wind)

# ------------------------------------------------------------------------------ blessings


def test_heaven(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """RULES.md "Blessing of Heaven: dealer complete on the initial 14": 10 fan, self-draw
    each 256 -> dealer +768."""
    w = build_wall("hk-4p", {0: "123m456m789m11p56p"}, "7p")
    out = ok(record("hk-4p", [hand_rec(w, [a(0, "tsumo")])]), monkeypatch, capsys)
    h = out["hands"][0]
    assert h["result"] == "win" and h["winners"][0]["total"] == 10
    assert h["deltas"] == [768, -256, -256, -256] and out["scores"] == h["deltas"]


def test_earth_on_dealers_first_discard(monkeypatch: pytest.MonkeyPatch,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    """RULES.md "Blessing of Earth: a non-dealer wins on the dealer's first discard": 10 fan
    by discard, dealer pays 512."""
    w = build_wall("hk-4p", {0: "5m" + JUNK0, 1: SEAT_WAIT_5M_HF}, "1s")
    out = ok(record("hk-4p", [hand_rec(w, [a(0, "discard", "5m"), a(1, "ron")])]),
             monkeypatch, capsys)
    h = out["hands"][0]
    assert (h["winners"][0]["seat"], h["winners"][0]["total"]) == (1, 10)
    assert h["deltas"] == [-512, 512, 0, 0]


def test_no_earth_on_dealers_second_discard(monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    """Not the first discard: Half Flush 3 + Closed Hand 1 = 4 -> 64."""
    w = build_wall("hk-4p", {0: "5m" + JUNK0, 1: SEAT_WAIT_5M_HF}, "1s2s3s4s6s")
    # dealer's 2nd turn: it drew 6s and throws the 5m it held
    acts = [*cuts("1s2s3s4s", 0), a(0, "discard", "5m"), a(1, "ron")]
    out = ok(record("hk-4p", [hand_rec(w, acts)]), monkeypatch, capsys)
    h = out["hands"][0]
    assert h["winners"][0]["total"] == 4 and h["deltas"] == [-64, 64, 0, 0]


def test_no_earth_for_non_dealer_self_draw(monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    """HK Earth is a win on the dealer's first discard only; a first-draw self-draw scores
    Half Flush 3 + Closed 1 + Self-Draw 1 = 5 -> each 48."""
    w = build_wall("hk-4p", {1: SEAT_WAIT_5M_HF}, "1s5m")
    out = ok(record("hk-4p", [hand_rec(w, [a(0, "discard", "1s"), a(1, "tsumo")])]),
             monkeypatch, capsys)
    h = out["hands"][0]
    assert h["winners"][0]["total"] == 5 and h["deltas"] == [-48, 144, -48, -48]


def test_no_heaven_after_a_kong(monkeypatch: pytest.MonkeyPatch,
                                capsys: pytest.CaptureFixture[str]) -> None:
    """Heaven is the dealer "complete on the initial 14".  The dealer's initial 14 (1111m 23m
    456p 789p 55s) is complete, but it declares a concealed kong first and wins on the
    replacement 4m: Self 1 + Kong Replacement 1 = 2 < 3, so the tsumo is illegal."""
    w = build_wall("hk-4p", {0: "1111m23m456p789p5s"}, "5s", tail="4m")
    status, out = replay(record("hk-4p", [hand_rec(w, [a(0, "ckong", "1m"), a(0, "tsumo")])]),
                         monkeypatch, capsys)
    assert status == 2 and (out["hand"], out["action"]) == (0, 1), out


def test_full_spicy_in_the_engine(monkeypatch: pytest.MonkeyPatch,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    """Option `payment_table` full-spicy: 10 fan self-draw each 2048 (3 -> 16, doubling)."""
    w = build_wall("hk-4p", {0: "123m456m789m11p56p"}, "7p")
    out = ok(record("hk-4p", [hand_rec(w, [a(0, "tsumo")])],
                    options={"payment_table": "full-spicy"}), monkeypatch, capsys)
    assert out["hands"][0]["deltas"] == [6144, -2048, -2048, -2048]


# ------------------------------------------------------------------------------ claims

# seat 3 (North): 46m 123m 789m 111z 22z waits 5m: HF 3 + Prevailing (E) 1 + Closed 1 = 5
SEAT3_WAIT_5M = "46m123m789m111z22z"


def head_bump_wall() -> list[str]:
    return build_wall("hk-4p", {0: "55m", 1: SEAT_WAIT_5M_HF, 2: "5m", 3: SEAT3_WAIT_5M},
                      "1s2s3s")


def test_head_bump_first_claimant_after_discarder(monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """RULES.md "One winner per discard ... head_bump: the first claimant in turn order after
    the discarder": seat 2 discards 5m, seats 1 and 3 declare; 3 comes first (3, 0, 1).
    Seat 3: 5 fan -> 96 from seat 2."""
    acts = [*cuts("1s2s", 0), a(2, "discard", "5m"), a(1, "ron"), a(3, "ron")]
    out = ok(record("hk-4p", [hand_rec(head_bump_wall(), acts)]), monkeypatch, capsys)
    h = out["hands"][0]
    assert [w["seat"] for w in h["winners"]] == [3]
    assert h["deltas"] == [0, 0, -96, 96]


def test_win_beats_pung(monkeypatch: pytest.MonkeyPatch,
                        capsys: pytest.CaptureFixture[str]) -> None:
    """Seat 0 pungs and seat 1 wins on the same 5m: the win has priority.  Seat 1: HF 3 +
    Closed 1 = 4 -> 64 from seat 2."""
    acts = [*cuts("1s2s", 0), a(2, "discard", "5m"), a(0, "pung"), a(1, "ron")]
    out = ok(record("hk-4p", [hand_rec(head_bump_wall(), acts)]), monkeypatch, capsys)
    h = out["hands"][0]
    assert [w["seat"] for w in h["winners"]] == [1] and h["deltas"] == [0, 64, -64, 0]


def test_no_sacred_discard(monkeypatch: pytest.MonkeyPatch,
                           capsys: pytest.CaptureFixture[str]) -> None:
    """RULES.md "Sacred discard is not a Hong Kong rule here": seat 3 throws its own winning
    5m, then wins on seat 1's 5m: 5 fan -> 96 from seat 1."""
    w = build_wall("hk-4p", {1: "5m" + JUNK0, 3: SEAT3_WAIT_5M}, "1s2s3s5m4s6s")
    acts = [*cuts("1s2s3s5m4s", 0), a(1, "discard", "5m"), a(3, "ron")]
    out = ok(record("hk-4p", [hand_rec(w, acts)]), monkeypatch, capsys)
    assert out["hands"][0]["deltas"] == [0, -96, 0, 96]


# seat 1: 46m 123456789p 11s waits 5m: All Sequences 1 + Closed 1 = 2 by discard
TWO_FAN_WAIT = "46m123456789p11s"


def test_ron_below_minimum_is_illegal(monkeypatch: pytest.MonkeyPatch,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    """Seed 001 "a hand needs at least 3 Fan to win": a 2-fan ron is an illegal action:
    exit 2 and {"error", "hand": 0, "action": 3}."""
    w = build_wall("hk-4p", {1: TWO_FAN_WAIT, 2: "5m" + JUNK0}, "1s2s3s")
    acts = [*cuts("1s2s", 0), a(2, "discard", "5m"), a(1, "ron")]
    status, out = replay(record("hk-4p", [hand_rec(w, acts)]), monkeypatch, capsys)
    assert status == 2 and out["error"] and (out["hand"], out["action"]) == (0, 3), out


def test_tsumo_reaching_minimum_is_legal(monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    """The same hand self-drawn: + Self-Draw = 3 -> each 16."""
    w = build_wall("hk-4p", {1: TWO_FAN_WAIT}, "1s5m")
    out = ok(record("hk-4p", [hand_rec(w, [a(0, "discard", "1s"), a(1, "tsumo")])]),
             monkeypatch, capsys)
    assert out["hands"][0]["deltas"] == [-16, 48, -16, -16]


def test_tsumo_below_minimum_is_illegal(monkeypatch: pytest.MonkeyPatch,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    """After a chow the hand is open: All Sequences 1 + Self-Draw 1 = 2 < 3: illegal."""
    w = build_wall("hk-4p", {0: "1p" + JUNK0, 1: "46m23p456p789p11s9s"}, "1z2s3s4s5m")
    acts = [a(0, "discard", "1p"), a(1, "chow", tiles="123p"), a(1, "discard", "9s"),
            *cuts("2s3s4s", 2), a(1, "tsumo")]
    status, out = replay(record("hk-4p", [hand_rec(w, acts)]), monkeypatch, capsys)
    assert status == 2 and out["error"] and (out["hand"], out["action"]) == (0, 6), out


# ------------------------------------------------------------------------------ wall end


def all_cuts(rid: str, wall: list[str], dealer: int = 0) -> list[dict[str, Any]]:
    n = players(rid)
    dealt = 13 * n
    return [a((dealer + i) % n, "discard", t) for i, t in enumerate(wall[dealt:])]


def test_exhaustive_draw_no_payment_dealer_repeats(monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """RULES.md "the hand is an exhaustive draw when a draw is due and no tile is left. No
    payment at exhaustive draw" and "The dealer repeats on ... an exhaustive draw": 84 draws
    and discards, then hand 2 is dealt to seat 0 again (its Heaven proves it: +768)."""
    w1 = build_wall("hk-4p", {})
    w2 = build_wall("hk-4p", {0: "123m456m789m11p56p"}, "7p")
    out = ok(record("hk-4p", [hand_rec(w1, all_cuts("hk-4p", w1)),
                              hand_rec(w2, [a(0, "tsumo")])]), monkeypatch, capsys)
    assert out["hands"][0]["result"] == "draw" and out["hands"][0]["deltas"] == [0, 0, 0, 0]
    assert out["hands"][1]["deltas"] == [768, -256, -256, -256]


def test_no_dead_wall_all_136_tiles_are_drawn(monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """No dead wall: the 84th draw (seat 3) takes the very last tile; it wins by self-draw:
    Half Flush 3 + Closed 1 + Self-Draw 1 + Final Wall Tile 1 = 6 -> each 64."""
    w = build_wall("hk-4p", {3: SEAT_WAIT_5M_HF}, tail="5m")
    acts = [*all_cuts("hk-4p", w)[:-1], a(3, "tsumo")]
    out = ok(record("hk-4p", [hand_rec(w, acts)]), monkeypatch, capsys)
    h = out["hands"][0]
    assert h["winners"][0]["total"] == 6 and h["deltas"] == [-64, -64, -64, 192]


def test_action_after_exhaustive_draw_is_rejected(monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """After the last discard nobody can draw: another discard is illegal (exit 2)."""
    w = build_wall("hk-4p", {})
    acts = [*all_cuts("hk-4p", w), a(0, "discard", w[60])]
    status, out = replay(record("hk-4p", [hand_rec(w, acts)]), monkeypatch, capsys)
    assert status == 2 and "error" in out, out


def test_kong_replacement_comes_from_the_tail_no_dead_wall(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """"No dead wall: replacement tiles come from the tail": the dealer's concealed kong takes
    wall[135]; the head then gives exactly wall[53:135] (82 more draws) before the draw."""
    w = build_wall("hk-4p", {0: "1111m"})
    acts = [a(0, "ckong", "1m"), a(0, "discard", w[135])]
    acts += [a((1 + i) % 4, "discard", t) for i, t in enumerate(w[53:135])]
    out = ok(record("hk-4p", [hand_rec(w, acts)]), monkeypatch, capsys)
    assert out["hands"][0]["result"] == "draw" and out["hands"][0]["deltas"] == [0, 0, 0, 0]


def test_last_discard_may_be_punged(monkeypatch: pytest.MonkeyPatch,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    """RULES.md HK: "the hand is an exhaustive draw when a draw is due and no tile is left".
    A pung of the final discard needs no draw; the punger discards, then a draw is due and
    none is left: exhaustive draw, no payment."""
    w = build_wall("hk-4p", {1: "55m", 3: "5m"})
    acts = [*all_cuts("hk-4p", w)[:-1], a(3, "discard", "5m"), a(1, "pung"),
            a(1, "discard", w[13 + 2])]
    out = ok(record("hk-4p", [hand_rec(w, acts)]), monkeypatch, capsys)
    assert out["hands"][0]["result"] == "draw" and out["hands"][0]["deltas"] == [0, 0, 0, 0]


def test_explicit_passes_and_a_lone_later_claimant(monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """Explicit `pass` actions are accepted; when the earlier claimant (seat 3) passes, the
    later one (seat 1) wins: 4 fan -> 64 from seat 2."""
    acts = [a(0, "discard", "1s"), a(1, "pass"), a(2, "pass"), a(3, "pass"),
            a(1, "discard", "2s"), a(2, "discard", "5m"), a(3, "pass"), a(1, "ron")]
    out = ok(record("hk-4p", [hand_rec(head_bump_wall(), acts)]), monkeypatch, capsys)
    assert out["hands"][0]["deltas"] == [0, 64, -64, 0]


def test_multiple_winners_all_option(monkeypatch: pytest.MonkeyPatch,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    """Option `multiple_winners` = all: seat 2 pays both (96 + 64)."""
    acts = [*cuts("1s2s", 0), a(2, "discard", "5m"), a(1, "ron"), a(3, "ron")]
    out = ok(record("hk-4p", [hand_rec(head_bump_wall(), acts)],
                    options={"multiple_winners": "all"}), monkeypatch, capsys)
    assert out["hands"][0]["deltas"] == [0, 64, -160, 96]


# ------------------------------------------------------------------------------ dealership


def test_game_ends_when_north_round_last_dealer_passes(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Four rounds East..North: round N, dealer 3, a non-dealer win ends the game; a further
    hand is rejected (exit 2).  A dealer win there repeats instead."""
    w1 = build_wall("hk-4p", {3: "5m" + JUNK0, 0: SEAT_WAIT_5M_HF}, "1s", dealer=3)
    w2 = build_wall("hk-4p", {0: "123m456m789m11p56p"}, "7p")
    start = {"round_wind": "N", "dealer": 3, "repeats": 0, "scores": [0, 0, 0, 0]}
    h1 = hand_rec(w1, [a(3, "discard", "5m"), a(0, "ron")])
    out = ok(record("hk-4p", [h1], start=start), monkeypatch, capsys)
    assert out["scores"] == [512, 0, 0, -512]
    status, out = replay(record("hk-4p", [h1, hand_rec(w2, [a(0, "tsumo")])], start=start),
                         monkeypatch, capsys)
    assert status == 2 and out.get("hand") == 1, out
    w3 = build_wall("hk-4p", {3: "123m456m789m11p56p"}, "7p", dealer=3)
    out = ok(record("hk-4p", [hand_rec(w3, [a(3, "tsumo")]), hand_rec(w3, [a(3, "tsumo")])],
                    start=start), monkeypatch, capsys)
    assert out["scores"] == [-512, -512, -512, 1536]


def test_start_points_option(monkeypatch: pytest.MonkeyPatch,
                             capsys: pytest.CaptureFixture[str]) -> None:
    """RULES.md "Start points 0 (option `start_points`)"."""
    w = build_wall("hk-4p", {0: "123m456m789m11p56p"}, "7p")
    out = ok(record("hk-4p", [hand_rec(w, [a(0, "tsumo")])], options={"start_points": 1000}),
             monkeypatch, capsys)
    assert out["scores"] == [1768, 744, 744, 744]





def test_dealer_passes_on_non_dealer_win_and_winds_follow(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Hand 1: seat 1 wins (4 fan, 64 from seat 0) -> the deal passes to seat 1, which is now
    East.  Hand 2: seat 1 (East seat, East round) wins with 111z: HF 3 + Seat 1 + Prevailing
    1 + Closed 1 = 6 -> 128 from seat 2 (seat 2 now deals second, wall[13:26])."""
    w1 = build_wall("hk-4p", {0: "5m" + JUNK0, 1: SEAT_WAIT_5M_HF}, "1s2s3s4s6s")
    acts1 = [*cuts("1s2s3s4s", 0), a(0, "discard", "5m"), a(1, "ron")]
    w2 = build_wall("hk-4p", {1: "46m123m789m111z22z", 2: "5m" + JUNK0}, "1s2s", dealer=1)
    acts2 = [a(1, "discard", "1s"), a(2, "discard", "5m"), a(1, "ron")]
    out = ok(record("hk-4p", [hand_rec(w1, acts1), hand_rec(w2, acts2)]), monkeypatch, capsys)
    assert out["hands"][0]["deltas"] == [-64, 64, 0, 0]
    assert out["hands"][1]["winners"][0]["total"] == 6
    assert out["hands"][1]["deltas"] == [0, 128, -128, 0]
    assert out["scores"] == [-64, 192, -128, 0]


def test_dealer_repeats_on_dealer_win(monkeypatch: pytest.MonkeyPatch,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    w = build_wall("hk-4p", {0: "123m456m789m11p56p"}, "7p")
    out = ok(record("hk-4p", [hand_rec(w, [a(0, "tsumo")]), hand_rec(w, [a(0, "tsumo")])]),
             monkeypatch, capsys)
    assert out["scores"] == [1536, -512, -512, -512]


def test_four_rounds_south_is_not_the_end(monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    """RULES.md "A game is four rounds, East to North": after South's last dealer (seat 3)
    passes, West round starts with seat 0 dealing.  Hand 1: seat 0 wins on dealer 3's first
    discard (Earth, 512).  Hand 2 (West round, dealer 0): Heaven +768."""
    w1 = build_wall("hk-4p", {3: "5m" + JUNK0, 0: SEAT_WAIT_5M_HF}, "1s", dealer=3)
    w2 = build_wall("hk-4p", {0: "123m456m789m11p56p"}, "7p")
    start = {"round_wind": "S", "dealer": 3, "repeats": 0, "scores": [0, 0, 0, 0]}
    out = ok(record("hk-4p", [hand_rec(w1, [a(3, "discard", "5m"), a(0, "ron")]),
                              hand_rec(w2, [a(0, "tsumo")])], start=start), monkeypatch, capsys)
    assert out["hands"][0]["deltas"] == [512, 0, 0, -512]
    assert out["scores"] == [1280, -256, -256, -768]


def test_west_round_prevailing_wind(monkeypatch: pytest.MonkeyPatch,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    """Round West, dealer 0 (seat wind East): seat 2 (West seat) wins with 333z: Seat 1 +
    Prevailing 1 (2: "2 Fan when seat and prevailing Wind are the same") + HF 3 + Closed 1
    = 6 -> 128 from seat 1."""
    w = build_wall("hk-4p", {1: "5m" + JUNK0, 2: "46m123m789m333z22z"}, "1s2s")
    start = {"round_wind": "W", "dealer": 0, "repeats": 0, "scores": [0, 0, 0, 0]}
    acts = [a(0, "discard", "1s"), a(1, "discard", "5m"), a(2, "ron")]
    out = ok(record("hk-4p", [hand_rec(w, acts)], start=start), monkeypatch, capsys)
    assert out["hands"][0]["winners"][0]["total"] == 6
    assert out["hands"][0]["deltas"] == [0, -128, 128, 0]


# ------------------------------------------------------------------------------ kongs


def test_robbing_the_kong(monkeypatch: pytest.MonkeyPatch,
                          capsys: pytest.CaptureFixture[str]) -> None:
    """Seat 0 adds the 4th 5s to its pung; seat 1 robs it: HF 3 + Closed 1 + Robbing a Kong 1
    = 5, paid by the konger: 96."""
    w = build_wall("hk-4p", {0: "55s1z", 1: "46s123s789s333z44z", 2: "5s"},
                   "1z2z3z6z7z2m5s")
    acts = [*cuts("1z2z", 0), a(2, "discard", "5s"), a(0, "pung"), a(0, "discard", "1z"),
            *cuts("6z7z2m", 1), a(0, "akong", "5s"), a(1, "ron")]
    out = ok(record("hk-4p", [hand_rec(w, acts)]), monkeypatch, capsys)
    h = out["hands"][0]
    assert h["winners"][0]["total"] == 5 and h["deltas"] == [-96, 96, 0, 0]


def test_win_on_kong_replacement(monkeypatch: pytest.MonkeyPatch,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    """Dealer: concealed kong of 1m, replacement 9s completes 345s 678s 99s 555z: Dragon 1 +
    Self 1 + Kong Replacement 1 = 3 (the concealed kong breaks Closed Hand) -> each 16."""
    w = build_wall("hk-4p", {0: "1111m345s678s9s55z"}, "5z", tail="9s")
    out = ok(record("hk-4p", [hand_rec(w, [a(0, "ckong", "1m"), a(0, "tsumo")])]),
             monkeypatch, capsys)
    h = out["hands"][0]
    assert h["winners"][0]["total"] == 3 and h["deltas"] == [48, -16, -16, -16]


def test_win_after_consecutive_kongs_is_limit(monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """RULES.md "Win after Consecutive Kongs (two or more kongs in a row, then the win on the
    replacement)": 10 -> each 256."""
    w = build_wall("hk-4p", {0: "1111m222p345s9s55z"}, "5z", tail="2p9s")
    acts = [a(0, "ckong", "1m"), a(0, "ckong", "2p"), a(0, "tsumo")]
    out = ok(record("hk-4p", [hand_rec(w, acts)]), monkeypatch, capsys)
    h = out["hands"][0]
    assert h["winners"][0]["total"] == 10 and h["deltas"] == [768, -256, -256, -256]


# ------------------------------------------------------------------------------ pao
# Seat 1 pungs 1p (from 0), 2p (from 2), 3p (from 3), then its 4th meld from seat 0.

PAO4_DRAWS = "7s8s9s1m2m3m7m8m9m6s"


def pao4_wall(fourth: str = "4p", last: str = "5s", seat1: str = "11p22p33p44p5s1z2z3z4z",
              tail: str = "") -> list[str]:
    return build_wall("hk-4p", {0: "1p" + fourth, 1: seat1, 2: "2p", 3: "3p"},
                      PAO4_DRAWS + last, tail)


def pao4_actions(fourth_claim: dict[str, Any]) -> list[dict[str, Any]]:
    d = tiles(PAO4_DRAWS)
    return [a(0, "discard", "1p"), a(1, "pung"), a(1, "discard", "1z"),
            a(2, "discard", "2p"), a(1, "pung"), a(1, "discard", "2z"),
            a(2, "discard", d[2]), a(3, "discard", "3p"), a(1, "pung"), a(1, "discard", "3z"),
            a(2, "discard", d[4]), a(3, "discard", d[5]),
            a(0, "discard", "4p"), fourth_claim]


def test_pao_fourth_meld_self_draw(monkeypatch: pytest.MonkeyPatch,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    """RULES.md "Fourth-meld liability: if the winner self-draws, the liable player pays the
    whole self-draw total alone".  Seat 0's 4p completes seat 1's 4th meld; seat 1 then
    self-draws 5s: All Pungs 3 + Self 1 = 4 -> 3 x 32 = 96, all from seat 0."""
    d = tiles(PAO4_DRAWS)
    acts = [*pao4_actions(a(1, "pung")), a(1, "discard", "4z"),
            a(2, "discard", d[7]), a(3, "discard", d[8]), a(0, "discard", d[9]), a(1, "tsumo")]
    out = ok(record("hk-4p", [hand_rec(pao4_wall(), acts)]), monkeypatch, capsys)
    h = out["hands"][0]
    assert h["winners"][0]["total"] == 4 and h["deltas"] == [-96, 96, 0, 0]


def test_pao_off_option(monkeypatch: pytest.MonkeyPatch,
                        capsys: pytest.CaptureFixture[str]) -> None:
    """Option `pao` off: the ordinary self-draw split, 32 each."""
    d = tiles(PAO4_DRAWS)
    acts = [*pao4_actions(a(1, "pung")), a(1, "discard", "4z"),
            a(2, "discard", d[7]), a(3, "discard", d[8]), a(0, "discard", d[9]), a(1, "tsumo")]
    out = ok(record("hk-4p", [hand_rec(pao4_wall(), acts)], options={"pao": False}),
             monkeypatch, capsys)
    assert out["hands"][0]["deltas"] == [-32, 96, -32, -32]


def test_pao_fourth_meld_discard_win_is_ordinary(monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """Fourth-meld liability only covers self-draw: seat 2 later discards 5s, seat 1 wins:
    All Pungs 3 -> 32 from seat 2."""
    acts = [*pao4_actions(a(1, "pung")), a(1, "discard", "4z"),
            a(2, "discard", "5s"), a(1, "ron")]
    w = pao4_wall(last="")
    w_list = list(w)
    # seat 2 draws tile index 52 + 10: make it 5s (swap with the 5s in the filler)
    i = 52 + 10
    j = next(k for k in range(i + 1, len(w_list)) if w_list[k] == "5s")
    w_list[i], w_list[j] = w_list[j], w_list[i]
    out = ok(record("hk-4p", [hand_rec(w_list, acts)]), monkeypatch, capsys)
    assert out["hands"][0]["deltas"] == [0, 32, -32, 0]


def test_pao_fourth_meld_by_exposed_kong_win_on_replacement(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Seat 0's 4s completes seat 1's 4th meld by an exposed kong; the replacement 9m wins:
    All Pungs 3 + Self 1 + Kong Replacement 1 = 5 -> 3 x 48 = 144, all from seat 0."""
    w = pao4_wall(fourth="4s", last="", seat1="11p22p33p444s9m1z2z3z", tail="9m")
    acts = pao4_actions(a(1, "kong"))
    acts[12] = a(0, "discard", "4s")
    acts.append(a(1, "tsumo"))
    out = ok(record("hk-4p", [hand_rec(w, acts)]), monkeypatch, capsys)
    h = out["hands"][0]
    assert h["winners"][0]["total"] == 5 and h["deltas"] == [-144, 144, 0, 0]


def test_concealed_fourth_kong_creates_no_liability(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """"A concealed fourth Kong does not create this liability": three pungs from discards,
    then a concealed kong of 4s, replacement 5s pairs the drawn 5s: All Pungs 3 + Self 1 +
    Kong Replacement 1 = 5 -> each 48 (ordinary split)."""
    d = tiles(PAO4_DRAWS)
    w = build_wall("hk-4p", {0: "1p", 1: "11p22p33p4444s1z2z3z", 2: "2p", 3: "3p"},
                   "".join(d[:7]) + "5s", tail="5s")  # seat 1's 8th draw is 5s
    acts = pao4_actions(a(1, "pung"))[:12]
    acts += [a(0, "discard", d[6]), a(1, "ckong", "4s"), a(1, "tsumo")]
    out = ok(record("hk-4p", [hand_rec(w, acts)]), monkeypatch, capsys)
    h = out["hands"][0]
    assert h["winners"][0]["total"] == 5 and h["deltas"] == [-48, 144, -48, -48]


def test_fourth_meld_liability_only_for_that_players_win(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Seat 0 becomes liable for seat 1's fourth meld, but seat 2 (West seat) wins by
    self-draw with 46m 123m 789m 333z 44z + 5m: HF 3 + Closed 1 + Self 1 + Seat Wind 1 = 6
    -> the ordinary split, 64 each."""
    draws = "7s4z9s1m2m3m7m5m"
    d = tiles(draws)
    w = build_wall("hk-4p", {0: "1p4p", 1: "11p22p33p44p5s1z2z3z4z",
                             2: "2p46m123m789m333z4z", 3: "3p"}, draws)
    acts = [a(0, "discard", "1p"), a(1, "pung"), a(1, "discard", "1z"),
            a(2, "discard", "2p"), a(1, "pung"), a(1, "discard", "2z"),
            a(2, "discard", d[2]), a(3, "discard", "3p"), a(1, "pung"), a(1, "discard", "3z"),
            a(2, "discard", d[4]), a(3, "discard", d[5]), a(0, "discard", "4p"), a(1, "pung"),
            a(1, "discard", "4z"), a(2, "tsumo")]
    out = ok(record("hk-4p", [hand_rec(w, acts)]), monkeypatch, capsys)
    assert out["hands"][0]["deltas"] == [-64, -64, 192, -64]


# Dragon liability: seat 1 pungs 5z (from 2), 6z (from 3), 7z (from 0).
DRAGON_DRAWS = "1s2s7s8s9s2m3m4m7m8m9m6s4s"


def dragon_wall(seat1: str) -> list[str]:
    return build_wall("hk-4p", {0: "7z", 1: seat1, 2: "5z9p1m", 3: "6z"}, DRAGON_DRAWS)


def dragon_actions() -> list[dict[str, Any]]:
    d = tiles(DRAGON_DRAWS)
    return [a(0, "discard", d[0]), a(1, "discard", d[1]),
            a(2, "discard", "5z"), a(1, "pung"), a(1, "discard", "1z"),
            a(2, "discard", d[3]), a(3, "discard", "6z"), a(1, "pung"), a(1, "discard", "2z"),
            a(2, "discard", d[5]), a(3, "discard", d[6]),
            a(0, "discard", "7z"), a(1, "pung"), a(1, "discard", "3z")]


def test_pao_third_dragon_discard_win_liable_pays(monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """RULES.md "Dragon liability: on any win of that hand, the liable player pays the whole
    amount alone (on a discard win by someone else's discard, the liable player pays it
    instead of the discarder)".  Seat 2 discards 9p, seat 1 wins: Big Three Dragons 5 + 3
    Dragon Pungs = 8 -> 256, paid by seat 0."""
    acts = [*dragon_actions(), a(2, "discard", "9p"), a(1, "ron")]
    out = ok(record("hk-4p", [hand_rec(dragon_wall("55z66z77z123m9p1z2z3z"), acts)]),
             monkeypatch, capsys)
    h = out["hands"][0]
    assert h["winners"][0]["total"] == 8 and h["deltas"] == [-256, 256, 0, 0]


def test_pao_third_dragon_self_draw(monkeypatch: pytest.MonkeyPatch,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    """Self-draw: 8 + Self 1 = 9 -> 3 x 192 = 576, all from seat 0."""
    d = tiles(DRAGON_DRAWS)
    w = dragon_wall("55z66z77z123m9p1z2z3z")
    # seat 1's next draw (index 52 + 11) must be 9p: swap it in from the filler
    i = 52 + 11
    j = next(k for k in range(i + 1, len(w)) if w[k] == "9p")
    w[i], w[j] = w[j], w[i]
    acts = [*dragon_actions(), *cuts("".join(d[8:11]), 2), a(1, "tsumo")]
    out = ok(record("hk-4p", [hand_rec(w, acts)]), monkeypatch, capsys)
    h = out["hands"][0]
    assert h["winners"][0]["total"] == 9 and h["deltas"] == [-576, 576, 0, 0]


def test_pao_later_liability_replaces_earlier(monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """"a later liability replaces an earlier one": seat 0 fed the 3rd dragon, then seat 2
    feeds the 4th meld (1m); seat 1 self-draws 9p: B3D 8 + All Pungs 3 + Self 1 = 12 -> cap
    10 -> 3 x 256 = 768, all from seat 2."""
    d = tiles(DRAGON_DRAWS)
    w = dragon_wall("55z66z77z11m9p1z2z3z4z")
    i = 52 + 12  # seat 1's draw after seats 2, 3, 0 cut
    j = next(k for k in range(i + 1, len(w)) if w[k] == "9p")
    w[i], w[j] = w[j], w[i]
    acts = [*dragon_actions(), a(2, "discard", "1m"), a(1, "pung"), a(1, "discard", "4z"),
            *cuts("".join(d[9:12]), 2), a(1, "tsumo")]
    out = ok(record("hk-4p", [hand_rec(w, acts)]), monkeypatch, capsys)
    h = out["hands"][0]
    assert h["winners"][0]["total"] == 10 and h["deltas"] == [0, 768, -768, 0]


# ------------------------------------------------------------------------------ hk-2p


def test_hk2p_wall_of_80(monkeypatch: pytest.MonkeyPatch,
                         capsys: pytest.CaptureFixture[str]) -> None:
    """hk-2p: 80 tiles, seats E and S; Heaven: the single opponent pays 3 x 256 = 768; an
    exhaustive draw after 54 draws pays nothing and the dealer repeats."""
    w1 = build_wall("hk-2p", {})
    w2 = build_wall("hk-2p", {0: "123p456p789p11p56p"}, "7p")
    out = ok(record("hk-2p", [hand_rec(w1, all_cuts("hk-2p", w1)),
                              hand_rec(w2, [a(0, "tsumo")])]), monkeypatch, capsys)
    assert len(w1) == 80 and out["hands"][0]["result"] == "draw"
    assert out["hands"][0]["deltas"] == [0, 0]
    assert out["hands"][1]["deltas"] == [768, -768] and out["scores"] == [768, -768]


def test_hk2p_rejects_a_136_tile_wall(monkeypatch: pytest.MonkeyPatch,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    w = build_wall("hk-4p", {})
    status, out = replay(record("hk-2p", [hand_rec(w, [a(0, "discard", w[26])])]),
                         monkeypatch, capsys)
    assert status == 2 and "error" in out, out


def test_hk2p_discard_win_golden(monkeypatch: pytest.MonkeyPatch,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    """Seat 1 wins on the dealer's 2nd discard: 46p 123p 789p 333z 44z + 5p: HF 3 + Closed 1
    = 4 -> the discard column, 64."""
    w = build_wall("hk-2p", {0: "5p" + "19m19s1z2z5z6z7z1m9m9s", 1: "46p123p789p333z44z"},
                   "1s9s1m")
    acts = [a(0, "discard", "1s"), a(1, "discard", "9s"), a(0, "discard", "5p"), a(1, "ron")]
    out = ok(record("hk-2p", [hand_rec(w, acts)]), monkeypatch, capsys)
    assert out["hands"][0]["deltas"] == [-64, 64]


# ------------------------------------------------------------------------------ fan-laak
# seat 1: 46m 123m 789m 555z 44z waits 5m: HF 2 + Dragon 1 = 3 (no Closed Hand in seed 002)
FL_WAIT = "46m123m789m555z44z"


def fl_discard_win(options: dict[str, Any] | None = None, seat1: str = FL_WAIT
                   ) -> dict[str, Any]:
    w = build_wall("hk-fanlaak", {1: seat1, 2: "5m" + JUNK0}, "1s2s3s")
    acts = [*cuts("1s2s", 0), a(2, "discard", "5m"), a(1, "ron")]
    return record("hk-fanlaak", [hand_rec(w, acts)], options=options)


def test_fanlaak_discard_payment(monkeypatch: pytest.MonkeyPatch,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    """Seed 002: 3 fan -> 8 points, 8+8+16=32: discarder -16, others -8."""
    out = ok(fl_discard_win(), monkeypatch, capsys)
    assert out["hands"][0]["deltas"] == [-8, 32, -16, -8]


def test_fanlaak_stake_money(monkeypatch: pytest.MonkeyPatch,
                             capsys: pytest.CaptureFixture[str]) -> None:
    """RULES.md "option `stake` (money per point)": money = net points x stake."""
    out = ok(fl_discard_win({"stake": 5}), monkeypatch, capsys)
    assert out["scores"] == [-8, 32, -16, -8]
    assert out["money"] == [-40, 160, -80, -40]


def test_fanlaak_min_fan_in_engine(monkeypatch: pytest.MonkeyPatch,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    """Seat 1 with 333z (West) instead of a dragon: HF 2 only.  Default min 3: ron illegal;
    min_fan 2: legal, 4 points: -8 discarder, -4 others."""
    status, out = replay(fl_discard_win(seat1=SEAT_WAIT_5M_HF), monkeypatch, capsys)
    assert status == 2 and (out["hand"], out["action"]) == (0, 3), out
    out = ok(fl_discard_win({"min_fan": 2}, seat1=SEAT_WAIT_5M_HF), monkeypatch, capsys)
    assert out["hands"][0]["deltas"] == [-4, 16, -8, -4]


def test_fanlaak_chicken_at_min_0(monkeypatch: pytest.MonkeyPatch,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    """`min_fan` 0: a Chicken Hand (46m 123m 789p 222s 55s + 5m, 0 fan) wins: 1 point,
    1+1+2=4."""
    out = ok(fl_discard_win({"min_fan": 0}, seat1="46m123m789p222s55s"), monkeypatch, capsys)
    assert out["hands"][0]["winners"][0]["total"] == 0
    assert out["hands"][0]["deltas"] == [-1, 4, -2, -1]


def test_fanlaak_earth(monkeypatch: pytest.MonkeyPatch,
                       capsys: pytest.CaptureFixture[str]) -> None:
    """Seed 002 "Blessing of Earth: Non-east player wins on East's first discard": limit,
    64 points: East -128, others -64."""
    w = build_wall("hk-fanlaak", {0: "5m" + JUNK0, 1: SEAT_WAIT_5M_HF}, "1s")
    out = ok(record("hk-fanlaak", [hand_rec(w, [a(0, "discard", "5m"), a(1, "ron")])]),
             monkeypatch, capsys)
    assert out["hands"][0]["deltas"] == [-128, 256, -64, -64]


def test_fanlaak_last_discard(monkeypatch: pytest.MonkeyPatch,
                              capsys: pytest.CaptureFixture[str]) -> None:
    """Seed 002 "Last Tile Draw/Discard: Winning on the very last tile or the following
    discard": seat 3 draws the last tile and throws its 5m; seat 1 (HF 2) wins: 2 + 1 = 3 ->
    8 points: seat 3 -16, others -8."""
    w = build_wall("hk-fanlaak", {1: SEAT_WAIT_5M_HF, 3: "5m" + JUNK0})
    acts = [*all_cuts("hk-fanlaak", w)[:-1], a(3, "discard", "5m"), a(1, "ron")]
    out = ok(record("hk-fanlaak", [hand_rec(w, acts)]), monkeypatch, capsys)
    h = out["hands"][0]
    assert h["winners"][0]["total"] == 3 and h["deltas"] == [-8, 32, -8, -16]


def test_fanlaak_last_tile_self_draw(monkeypatch: pytest.MonkeyPatch,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    """Seat 3 self-draws the very last tile: HF 2 + Dragon 1 + Self-drawn 1 + Last Tile 1 = 5
    -> 16 points, each pays 32."""
    w = build_wall("hk-fanlaak", {3: FL_WAIT}, tail="5m")
    acts = [*all_cuts("hk-fanlaak", w)[:-1], a(3, "tsumo")]
    out = ok(record("hk-fanlaak", [hand_rec(w, acts)]), monkeypatch, capsys)
    h = out["hands"][0]
    assert h["winners"][0]["total"] == 5 and h["deltas"] == [-32, -32, -32, 96]


def test_fanlaak_exhaustive_draw_no_payment(monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    w1 = build_wall("hk-fanlaak", {})
    w2 = build_wall("hk-fanlaak", {0: "123m456m789m11p56p"}, "7p")
    out = ok(record("hk-fanlaak", [hand_rec(w1, all_cuts("hk-fanlaak", w1)),
                                   hand_rec(w2, [a(0, "tsumo")])]), monkeypatch, capsys)
    assert out["hands"][0]["deltas"] == [0, 0, 0, 0]
    # dealer repeated; Heaven is a limit: 64 points, each pays 128
    assert out["hands"][1]["deltas"] == [384, -128, -128, -128]


def test_fanlaak_point_limit_ends_the_game(monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    """RULES.md "With a point limit, the game ends after the hand in which any player's net
    points reach it": seat 1 wins 32 with point_limit 32; the game is over after hand 1."""
    out = ok(fl_discard_win({"point_limit": 32}), monkeypatch, capsys)
    assert out.get("over") is True, out

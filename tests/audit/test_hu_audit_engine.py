"""Audit: the Hu Mahjong engine through ``tingpai replay RECORD --json`` (DESIGN.md records).

Walls are built by hand here (no tingpai import but the CLI entry point): the dealer takes
wall[0:13], the next seat in turn wall[13:26], ...; then the dealer draws the next tile;
draws come from the head, replacement tiles from the tail (last tile first).
Expected values are worked out by hand from seed 000 and RULES.md.
Tiles: m characters, p dots, s bamboo, 1z..7z = E S W N White Green Red, 1f..8f bonus.
"""

from __future__ import annotations

import json
import subprocess
import tempfile
from pathlib import Path
from typing import Any

import pytest

from .hukit import (
    FAR,
    FAR2,
    FAR3,
    NW1,
    NW2,
    NW3,
    PLAYERS,
    READY_3C,
    READY_14S,
    TINGPAI,
    A,
    Deal,
    illegal,
    ok,
    record,
    replay,
    scores_after,
    tiles,
)


# --------------------------------------------------------------------------------------
# Basic wins and payments
# --------------------------------------------------------------------------------------
def test_ron_discarder_pays_x3() -> None:
    # "Win by discard (4/3/2 player): base points x3/x2.5/x2"; "Discarder pays entirely."
    # Seat 2 (West) 123m 456p 789s 23s 55s + 4s: All Sequences 500 -> seat 0 pays 1500.
    d = Deal({0: FAR, 1: FAR2, 2: READY_14S, 3: FAR3})
    d.cut(0, "4s")
    d.do(A(2, "ron"))
    out = ok(record([d.hand()]))
    h = out["hands"][0]
    assert h["result"] == "win"
    assert [(w["seat"], w["total"]) for w in h["winners"]] == [(2, 500)]
    assert h["deltas"] == [-1500, 0, 1500, 0]
    assert out["scores"] == [28500, 30000, 31500, 30000]


def test_tsumo_each_pays() -> None:
    # "Win by self-draw: x1 base points from other player(s)". Seat 2 self-draws 4s:
    # All Sequences 500 + Fully Concealed Hand 500 = 1000 from each.  (Second draw: the
    # first would be a Blessing of Earth.)
    d = Deal({0: FAR, 1: FAR2, 2: READY_14S, 3: FAR3})
    for seat in (0, 1, 2, 3, 0, 1):
        d.cut(seat)
    d.draw("4s")
    d.do(A(2, "tsumo"))
    h = ok(record([d.hand()]))["hands"][0]
    assert [(w["seat"], w["total"]) for w in h["winners"]] == [(2, 1000)]
    assert h["deltas"] == [-1000, -1000, 3000, -1000]


@pytest.mark.parametrize(("rules", "mult_deltas"), [
    ("hu-3p", [-1250, 0, 1250]),     # x2.5
    ("hu-2p", [1000, -1000]),        # x2 (seat 1 discards, seat 0 wins)
])
def test_ron_payment_3p_2p(rules: str, mult_deltas: list[int]) -> None:
    n = PLAYERS[rules]
    if n == 3:
        d = Deal({0: FAR, 1: FAR2, 2: READY_14S}, players=3)
        d.cut(0, "4s")
        d.do(A(2, "ron"))
    else:
        d = Deal({0: READY_14S, 1: FAR2}, players=2)
        d.cut(0)
        d.cut(1, "4s")
        d.do(A(0, "ron"))
    out = ok(record([d.hand()], rules=rules))
    assert out["hands"][0]["deltas"] == mult_deltas
    assert out["scores"] == scores_after(mult_deltas, rules)


def test_tsumo_payment_3p() -> None:
    # 3 players, seat 2 self-draws 1000 base: each of the two others pays 1000.
    d = Deal({0: FAR, 1: FAR2, 2: READY_14S}, players=3)
    for seat in (0, 1, 2, 0, 1):
        d.cut(seat)
    d.draw("1s")
    d.do(A(2, "tsumo"))
    out = ok(record([d.hand()], rules="hu-3p"))
    assert out["hands"][0]["deltas"] == [-1000, -1000, 2000]
    assert out["scores"] == [34000, 34000, 37000]


# --------------------------------------------------------------------------------------
# Claims and priority
# --------------------------------------------------------------------------------------
def test_chow_only_from_previous_seat() -> None:
    # "Chow only from the player immediately before you in turn order": seat 2 may not
    # chow seat 0's 4s.  Illegal action -> exit 2 {"error", "hand", "action"}.
    d = Deal({0: FAR, 1: FAR2, 2: READY_14S, 3: FAR3})
    d.cut(0, "4s")
    d.do(A(2, "chow", tiles_="234s"))
    out = illegal(record([d.hand()]))
    assert (out["hand"], out["action"]) == (0, 1)


SEAT3_44S = "44s 19s 26m 37p 1234z 6z"
SEAT1_35S = "35s 159p 26m 7m 1234z 5z"


def test_ron_beats_pung() -> None:
    # "Win > pung/kong > chow": seat 3 claims pung, seat 2 claims the win -> seat 2 wins.
    d = Deal({0: FAR, 1: FAR2, 2: READY_14S, 3: SEAT3_44S})
    d.cut(0, "4s")
    d.do(A(3, "pung"), A(2, "ron"))
    h = ok(record([d.hand()]))["hands"][0]
    assert [w["seat"] for w in h["winners"]] == [2]
    assert h["deltas"] == [-1500, 0, 1500, 0]


def test_ron_listed_before_pung_still_wins() -> None:
    d = Deal({0: FAR, 1: FAR2, 2: READY_14S, 3: SEAT3_44S})
    d.cut(0, "4s")
    d.do(A(2, "ron"), A(3, "pung"))
    h = ok(record([d.hand()]))["hands"][0]
    assert [w["seat"] for w in h["winners"]] == [2]


@pytest.mark.parametrize("pung_first", [False, True])
def test_pung_beats_chow(pung_first: bool) -> None:
    # Seat 1 (next) claims chow 345s, seat 3 claims pung: the pung takes the tile; seat 3
    # then discards 1s and seat 2 (123m456p789s23s55s) wins on it: 500 x3 from seat 3.
    d = Deal({0: FAR, 1: SEAT1_35S, 2: READY_14S, 3: SEAT3_44S})
    d.cut(0, "4s")
    claims = [A(1, "chow", tiles_="345s"), A(3, "pung")]
    d.do(*(claims[::-1] if pung_first else claims))
    d.do(A(3, "discard", "1s"), A(2, "ron"))
    h = ok(record([d.hand()]))["hands"][0]
    assert [w["seat"] for w in h["winners"]] == [2]
    assert h["deltas"] == [0, 0, 1500, -1500]


def test_chow_from_previous_seat_then_play_on() -> None:
    # Seat 1 chows 345s from seat 0, discards 9p; seat 2 draws 1s and wins by self-draw:
    # All Sequences + Fully Concealed = 1000 each (no Blessing of Earth: a call was made).
    d = Deal({0: FAR, 1: SEAT1_35S, 2: READY_14S, 3: SEAT3_44S})
    d.cut(0, "4s")
    d.do(A(1, "chow", tiles_="345s"), A(1, "discard", "9p"))
    d.draw("1s")
    d.do(A(2, "tsumo"))
    h = ok(record([d.hand()]))["hands"][0]
    assert h["deltas"] == [-1000, -1000, 3000, -1000]


# "Option multiple_winners, default all for Hu: every player who declares a win on the
# same discard wins, and the discarder pays each."
SEAT3_3C = READY_3C


def _two_winner_deal() -> Deal:
    d = Deal({0: FAR, 1: FAR2, 2: READY_14S, 3: SEAT3_3C})
    d.cut(0, "4s")
    d.do(A(2, "ron"), A(3, "ron"))
    return d


def test_multiple_winners_all() -> None:
    # Seat 2: All Sequences 500 -> 1500.  Seat 3: 234m 234p 234s 456s 88m = All Sequences
    # 500 + All Simples 500 + Three-color Sequences 2000 = 3000 -> 9000.
    h = ok(record([_two_winner_deal().hand()]))["hands"][0]
    assert sorted((w["seat"], w["total"]) for w in h["winners"]) == [(2, 500), (3, 3000)]
    assert h["deltas"] == [-10500, 0, 1500, 9000]


def test_multiple_winners_head_bump_option() -> None:
    # head_bump: "only the first claimant in turn order after the discarder" -> seat 2.
    status, out = replay(record([_two_winner_deal().hand()],
                                options={"multiple_winners": "head_bump"}))
    assert status == 0, out
    h = out["hands"][0]
    assert [w["seat"] for w in h["winners"]] == [2]
    assert h["deltas"] == [-1500, 0, 1500, 0]


# --------------------------------------------------------------------------------------
# Sacred discard (furiten)
# --------------------------------------------------------------------------------------
# Seed: "If they've discarded any tile that can complete their hand (obtaining their desired
# pattern or otherwise), a player is barred from winning by discard and can only win by
# self-draw."  RULES: "A claimed tile stays counted in the discarder's pond ... and still
# counts for the discarder's sacred discard".
def _furiten_deal(seat3: str = FAR3) -> Deal:
    d = Deal({0: FAR, 1: FAR2, 2: READY_14S, 3: seat3})
    d.cut(0)
    d.cut(1)
    d.cut(2, "1s")              # seat 2 throws its own winning tile 1s
    return d


def test_furiten_blocks_ron() -> None:
    d = _furiten_deal()
    d.cut(3)
    d.cut(0, "4s")
    d.do(A(2, "ron"))           # action index 5
    out = illegal(record([d.hand()]))
    assert (out["hand"], out["action"]) == (0, 5)


def test_furiten_still_allows_tsumo() -> None:
    # Self-draw 4s: All Sequences 500 + Fully Concealed 500 = 1000 each.
    d = _furiten_deal()
    d.cut(3)
    d.cut(0)
    d.cut(1)
    d.draw("4s")
    d.do(A(2, "tsumo"))
    h = ok(record([d.hand()]))["hands"][0]
    assert h["deltas"] == [-1000, -1000, 3000, -1000]


def test_furiten_counts_called_tiles() -> None:
    # Seat 3 pungs seat 2's 1s; the 1s still counts in seat 2's pond.
    d = _furiten_deal(seat3="11s 9s 26m 37p 1234z 67z")
    d.do(A(3, "pung"), A(3, "discard", "9s"))
    d.cut(0, "4s")
    d.do(A(2, "ron"))           # index 6
    out = illegal(record([d.hand()]))
    assert (out["hand"], out["action"]) == (0, 6)


SIMPLES_WAIT = "234m456p777s55s78p"   # 6p -> All Simples; 9p -> complete but patternless


def test_furiten_on_a_patternless_completion() -> None:
    # Seat 2 threw 9p, which completes its hand without a pattern: ron on 6p is barred.
    d = Deal({0: FAR, 1: FAR2, 2: SIMPLES_WAIT, 3: FAR3})
    d.cut(0)
    d.cut(1)
    d.cut(2, "9p")
    d.cut(3)
    d.cut(0, "6p")
    d.do(A(2, "ron"))
    out = illegal(record([d.hand()]))
    assert (out["hand"], out["action"]) == (0, 5)


def test_patternless_ron_is_illegal() -> None:
    # "A hand with no observable pattern is not eligible for a win": ron on 9p is refused.
    d = Deal({0: FAR, 1: FAR2, 2: SIMPLES_WAIT, 3: FAR3})
    d.cut(0, "9p")
    d.do(A(2, "ron"))
    out = illegal(record([d.hand()]))
    assert (out["hand"], out["action"]) == (0, 1)


def test_no_temporary_furiten_by_default() -> None:
    # "Option temporary_furiten, default false (passing a winning discard has no further
    # effect)": seat 2 lets seat 0's 4s go, then wins on seat 1's 1s.
    d = Deal({0: FAR, 1: FAR2, 2: READY_14S, 3: FAR3})
    d.cut(0, "4s")
    d.cut(1, "1s")
    d.do(A(2, "ron"))
    h = ok(record([d.hand()]))["hands"][0]
    assert h["deltas"] == [0, -1500, 1500, 0]


# --------------------------------------------------------------------------------------
# Kongs and robbing the kong
# --------------------------------------------------------------------------------------
# Seat 0 pungs 4p, later adds the 4th 4p; seat 1 (123m 456m 789m 56p 55s) robs it.
# Seat 1: Pure Straight 2000 + All Sequences 500 + Robbing the Kong 1000 = 3500;
# "it is a win by discard, paid by the konger": seat 0 pays 10500.
SEAT0_44P = "44p 159m 26s 37m 1234z"
SEAT1_ROB = "123m456m789m56p55s"


def _rob_deal(seat1_first: str | None = None) -> Deal:
    d = Deal({0: SEAT0_44P, 1: SEAT1_ROB, 2: FAR2, 3: FAR3})
    d.cut(0)
    d.cut(1, seat1_first)
    d.cut(2, "4p")
    d.do(A(0, "pung"), A(0, "discard", "1z"))
    d.ponds[0] += 1
    d.cut(1)
    d.cut(2)
    d.cut(3)
    d.draw("4p")
    d.do(A(0, "akong", "4p"), A(1, "ron"))
    return d


def test_robbing_added_kong() -> None:
    h = ok(record([_rob_deal().hand()]))["hands"][0]
    assert [(w["seat"], w["total"]) for w in h["winners"]] == [(1, 3500)]
    assert h["deltas"] == [-10500, 10500, 0, 0]


def test_robbing_respects_furiten() -> None:
    # RULES: "cannot win by discard (robbing a kong included)" while a winning tile is in
    # the pond: seat 1 threw 7p earlier.
    out = illegal(record([_rob_deal(seat1_first="7p").hand()]))
    assert (out["hand"], out["action"]) == (0, 9)


def test_cannot_rob_concealed_kong() -> None:
    # "Robbing the Kong applies to added kongs only."
    d = Deal({0: "444p 159m 26s 37m 123z", 1: SEAT1_ROB, 2: FAR2, 3: FAR3})
    d.draw("4p")
    d.do(A(0, "ckong", "4p"), A(1, "ron"))
    out = illegal(record([d.hand()]))
    assert (out["hand"], out["action"]) == (0, 1)


def test_kong_flower_chain_after_a_kong() -> None:
    # RULES: "kong then flower then win = 1500".  Seat 0 (dealer) 444z 123m 456p 789s 5s
    # draws 4z, ckong -> tail gives 1f, declares it -> tail gives 5s, self-draw:
    # One Quad 500 + Fully Concealed 500 + After a Kong 1500 + Flower 100 = 2600 each.
    # No Blessing of Heaven: "with no kong declared".
    d = Deal({0: "444z 123m 456p 789s 5s", 1: NW1, 2: NW2, 3: NW3}, tail="1f 5s")
    d.draw("4z")
    d.do(A(0, "ckong", "4z"), A(0, "flower", "1f"), A(0, "tsumo"))
    h = ok(record([d.hand()]))["hands"][0]
    assert [(w["seat"], w["total"]) for w in h["winners"]] == [(0, 2600)]
    assert h["deltas"] == [7800, -2600, -2600, -2600]


def test_exposed_kong_replacement_win() -> None:
    # Seat 2 (444z 123m 456p 789s 5s, West) kongs seat 0's 4z, replacement 5s from the
    # tail: One Quad 500 + After a Kong 1000 = 1500 each (open: no Fully Concealed).
    d = Deal({0: "4z 147m 258p 369s 567z", 1: NW1, 2: "444z 123m 456p 789s 5s", 3: NW3},
             tail="5s")
    d.draw()
    d.discard(0, "4z")
    d.do(A(2, "kong"), A(2, "tsumo"))
    h = ok(record([d.hand()]))["hands"][0]
    assert [(w["seat"], w["total"]) for w in h["winners"]] == [(2, 1500)]
    assert h["deltas"] == [-1500, -1500, 4500, -1500]


# --------------------------------------------------------------------------------------
# Pond limit and exhaustive draw
# --------------------------------------------------------------------------------------
LIMIT = {"hu-4p": 18, "hu-3p": 20, "hu-2p": 22}


def run_cuts(d: Deal, seat: int, stop: Any, kind: Any = None) -> int:
    """Seats cut in turn from ``seat`` until ``stop(seat, ponds)``; returns the seat to act."""
    while not stop(seat, d.ponds):
        d.cut(seat, kind=kind(seat) if kind else "simple")
        seat = d.next_seat(seat)
    return seat


def to_limit(limit: int) -> Any:
    return lambda seat, ponds: max(ponds.values(), default=0) >= limit


# Ready: seat 0 (123m 456p 789s 23s 55s) and seat 2 (234m 234p 234s 56s 88m); not ready:
# seats 1 and 3.  Filler draws avoid every waiting tile (1s 4s 7s) so no pond holds one.
def _limit_deal(players: int = 4, hands: dict[int, str] | None = None) -> Deal:
    if hands is None:
        hands = {0: READY_14S, 1: FAR2, 2: READY_3C, 3: FAR3}
        hands = {s: h for s, h in hands.items() if s < players}
    return Deal(hands, players=players, avoid="1s 4s 7s")


@pytest.mark.parametrize("rules", ["hu-4p", "hu-3p", "hu-2p"])
def test_exhaustive_draw_ready_payments(rules: str) -> None:
    # "The hand ends the moment any pond reaches 18 (4p) / 20 (3p) / 22 (2p)";
    # "At exhaustive draw each ready player receives 1000 from each player who is not ready."
    n = PLAYERS[rules]
    d = _limit_deal(n)
    run_cuts(d, 0, to_limit(LIMIT[rules]))
    assert d.ponds[0] == LIMIT[rules] and d.ponds[1] == LIMIT[rules] - 1
    out = ok(record([d.hand()], rules=rules))
    h = out["hands"][0]
    assert h["result"] == "draw" and h["winners"] == []
    expected = {4: [2000, -2000, 2000, -2000], 3: [1000, -2000, 1000], 2: [1000, -1000]}[n]
    assert h["deltas"] == expected
    assert out["scores"] == scores_after(expected, rules)


def test_no_action_after_the_limit() -> None:
    # The hand is over at the 18th dealer discard: a further discard is illegal.
    d = _limit_deal()
    seat = run_cuts(d, 0, to_limit(18))
    d.cut(seat)
    out = illegal(record([d.hand()]))
    assert (out["hand"], out["action"]) == (0, len(d.actions) - 1)


def test_limit_discard_can_be_won_last_discard() -> None:
    # "the discard that reaches the limit can still be won on (Winning on the Last
    # Discard)": seat 2 wins on the dealer's 18th discard 4s:
    # All Sequences 500 + All Simples 500 + Three-color Sequences 2000 + Last 1000 = 4000,
    # dealer pays 12000.
    d = _limit_deal()
    run_cuts(d, 0, lambda s, p: s == 0 and p[0] == 17)
    d.cut(0, "4s")
    d.do(A(2, "ron"))
    h = ok(record([d.hand()]))["hands"][0]
    assert [(w["seat"], w["total"]) for w in h["winners"]] == [(2, 4000)]
    assert h["deltas"] == [-12000, 0, 12000, 0]


def test_limit_discard_cannot_be_punged() -> None:
    # "no other call is allowed on it": seat 3 (holding 44s) may not pung the 18th discard.
    d = _limit_deal(hands={0: READY_14S, 1: FAR2, 2: READY_3C, 3: SEAT3_44S})
    run_cuts(d, 0, lambda s, p: s == 0 and p[0] == 17)
    d.cut(0, "4s")
    d.do(A(3, "pung"))
    out = illegal(record([d.hand()]))
    assert out["action"] == len(d.actions) - 1


def test_last_draw_self_draw() -> None:
    # "Last draw": a draw by a player whose pond holds limit - 1 tiles.  The dealer's 18th
    # draw is 4s: All Sequences 500 + Fully Concealed 500 + Last Draw 1000 = 2000 each.
    d = _limit_deal()
    run_cuts(d, 0, lambda s, p: s == 0 and p[0] == 17)
    d.draw("4s")
    d.do(A(0, "tsumo"))
    h = ok(record([d.hand()]))["hands"][0]
    assert [(w["seat"], w["total"]) for w in h["winners"]] == [(0, 2000)]
    assert h["deltas"] == [6000, -2000, -2000, -2000]


def test_not_ready_when_only_wait_is_own_fourth_tile() -> None:
    # RULES "Ready ... not counting a kind whose four tiles are all in the player's own hand
    # and melds": seat 1 holds 1111m 234p 567s 888s (only wait 1m) -> not ready.
    # Seat 0 ready; seats 1, 2, 3 not ready: seat 0 gets 3000.
    d = Deal({0: READY_3C, 1: "1111m 234p 567s 888s", 2: NW2, 3: FAR3}, avoid="4s 7s")
    run_cuts(d, 0, to_limit(18))
    h = ok(record([d.hand()]))["hands"][0]
    assert h["deltas"] == [3000, -1000, -1000, -1000]


# All Terminal and Honor Discards (4000): "Reach exhaustive draw having only discarded
# terminal and honor tiles, none of which were called by other players."  RULES: "Paid as
# self-draw; any such win replaces the ready-hand payments of that draw, and counts as a
# win for dealer rotation."
TD_HANDS = {0: READY_14S, 1: "234m 567m 345p 68p 2s 9s", 2: "345m 678m 8m 234p 57p 1s",
            3: "345s 68s 2m 9p 8p 1z 5z 6z 7z 3p"}


def _term_kind(seat: int) -> str:
    return "term" if seat == 1 else "simple"


def test_all_terminal_and_honor_discards() -> None:
    d = Deal(TD_HANDS, avoid="1s 4s 7s")
    run_cuts(d, 0, to_limit(18), kind=_term_kind)
    out = ok(record([d.hand()]))
    h = out["hands"][0]
    assert [(w["seat"], w["total"]) for w in h["winners"]] == [(1, 4000)]
    assert h["deltas"] == [-4000, 12000, -4000, -4000]


def test_terminal_discards_passes_the_deal() -> None:
    # Counts as a (non-dealer) win: the next hand is dealt by seat 1 (wall[0:13] is
    # seat 1's) -- seat 1 then wins with Blessing of Heaven, 8000 from each.
    d = Deal(TD_HANDS, avoid="1s 4s 7s")
    run_cuts(d, 0, to_limit(18), kind=_term_kind)
    d2 = Deal({1: READY_14S, 2: FAR2, 3: FAR3, 0: FAR}, dealer=1)
    d2.draw("4s")
    d2.do(A(1, "tsumo"))
    out = ok(record([d.hand(), d2.hand()]))
    assert out["hands"][1]["deltas"] == [-8000, 24000, -8000, -8000]


def test_called_terminal_discard_disqualifies() -> None:
    # Seat 3 pungs seat 1's first discard 9m: seat 1's pond no longer qualifies.  Ready
    # payments instead: seat 0 ready, 1/2/3 not -> seat 0 gets 3000.
    hands = dict(TD_HANDS)
    hands[3] = "345s 68s 2m 99m 8p 1z 5z 6z 3p"
    d = Deal(hands, avoid="1s 4s 7s 9m")
    d.cut(0)
    d.cut(1, "9m")
    d.do(A(3, "pung"), A(3, "discard", "8p"))
    d.ponds[3] += 1
    run_cuts(d, 0, to_limit(18), kind=_term_kind)
    h = ok(record([d.hand()]))["hands"][0]
    assert h["result"] == "draw"
    assert h["deltas"] == [3000, -1000, -1000, -1000]


# --------------------------------------------------------------------------------------
# Eight Immortals
# --------------------------------------------------------------------------------------
# Seat 0 (dealer) is dealt 1f..7f + 6 tiles and declares them one by one; replacements
# come from the tail.
EI_HAND0 = "1234567f 159m 26p 3s"


def test_eight_immortals_declare_eighth() -> None:
    # "(1) declaring the 8th flower wins at once, paid as self-draw": 8000 from each.
    # The record says what happened: the 8th flower was declared.
    d = Deal({0: EI_HAND0, 1: FAR2, 2: FAR, 3: FAR3}, tail="2m 3m 4m 5m 6m 7m 8m 9p")
    d.draw("8f")
    d.do(*[A(0, "flower", f"{n}f") for n in range(1, 9)])
    h = ok(record([d.hand()]))["hands"][0]
    assert [(w["seat"], w["total"]) for w in h["winners"]] == [(0, 8000)]
    assert h["deltas"] == [24000, -8000, -8000, -8000]


def test_eight_immortals_tsumo_on_own_eighth_flower() -> None:
    # DESIGN: "tsumo (win on one's own draw or own flower)" -- the same win, written as tsumo.
    d = Deal({0: EI_HAND0, 1: FAR2, 2: FAR, 3: FAR3}, tail="2m 3m 4m 5m 6m 7m 8m 9p")
    d.draw("8f")
    d.do(*[A(0, "flower", f"{n}f") for n in range(1, 8)], A(0, "tsumo"))
    h = ok(record([d.hand()]))["hands"][0]
    assert [(w["seat"], w["total"]) for w in h["winners"]] == [(0, 8000)]
    assert h["deltas"] == [24000, -8000, -8000, -8000]


def test_eight_immortals_other_declares_eighth() -> None:
    # "(3) with 7 declared, another player declares the 8th: win by discard, that player
    # pays": seat 1 declares 8f, seat 0 claims it -> 8000 x 3 from seat 1.
    d = Deal({0: EI_HAND0, 1: "8f 159p 26s 37m 1234z 5z", 2: FAR, 3: FAR3},
             tail="2m 3m 4m 5m 6m 7m 8m 8p")
    d.draw("5z")
    d.do(*[A(0, "flower", f"{n}f") for n in range(1, 8)])
    d.do(A(0, "discard", "5z"))
    d.draw()
    d.do(A(1, "flower", "8f"), A(0, "ron"))
    h = ok(record([d.hand()]))["hands"][0]
    assert [(w["seat"], w["total"]) for w in h["winners"]] == [(0, 8000)]
    assert h["deltas"] == [24000, -24000, 0, 0]


def _seven_flowers_to_limit(holder_of_8f: int | None) -> Deal:
    hands = {0: EI_HAND0, 1: FAR2, 2: NW2, 3: FAR3}
    if holder_of_8f is not None:
        hands[holder_of_8f] = "8f 159p 26s 37m 1234z 5z"
    d = Deal(hands, tail="2m 3m 4m 5m 6m 7m 8m")
    d.draw("5z")
    d.do(*[A(0, "flower", f"{n}f") for n in range(1, 8)])
    d.do(A(0, "discard", "5z"))
    d.ponds[0] += 1
    run_cuts(d, 1, to_limit(18))
    return d


def test_eight_immortals_seven_at_exhaustive_draw() -> None:
    # "(2) holding 7 declared flowers at exhaustive draw while the 8th is still undrawn
    # wins, paid as self-draw": 8000 from each (nobody is ready here).
    h = ok(record([_seven_flowers_to_limit(None).hand()]))["hands"][0]
    assert [(w["seat"], w["total"]) for w in h["winners"]] == [(0, 8000)]
    assert h["deltas"] == [24000, -8000, -8000, -8000]


def test_eight_immortals_eighth_held_by_another() -> None:
    # "if the 8th is held undeclared by another player, nothing is scored and the draw
    # stands" (nobody ready -> no payments).
    h = ok(record([_seven_flowers_to_limit(1).hand()]))["hands"][0]
    assert h["result"] == "draw" and h["winners"] == []
    assert h["deltas"] == [0, 0, 0, 0]


# --------------------------------------------------------------------------------------
# Blessings
# --------------------------------------------------------------------------------------
def test_blessing_of_heaven() -> None:
    # Dealer complete on the initial 14: 8000 (limit) from each.
    d = Deal({0: READY_14S, 1: FAR2, 2: FAR, 3: FAR3})
    d.draw("4s")
    d.do(A(0, "tsumo"))
    h = ok(record([d.hand()]))["hands"][0]
    assert [(w["seat"], w["total"]) for w in h["winners"]] == [(0, 8000)]
    assert h["deltas"] == [24000, -8000, -8000, -8000]


def test_blessing_of_heaven_after_flower_replacement() -> None:
    # "(flower replacements allowed)": dealer dealt 1f, declares it, replacement 4s wins.
    d = Deal({0: "123m456p789s23s5s 1f", 1: FAR2, 2: FAR, 3: FAR3}, tail="4s")
    d.draw("5s")
    d.do(A(0, "flower", "1f"), A(0, "tsumo"))
    h = ok(record([d.hand()]))["hands"][0]
    assert [(w["seat"], w["total"]) for w in h["winners"]] == [(0, 8000)]


def test_blessing_of_earth() -> None:
    # Non-dealer ready after the deal, self-draws on the first draw, no call before.
    d = Deal({0: FAR, 1: READY_14S, 2: FAR2, 3: FAR3})
    d.cut(0)
    d.draw("4s")
    d.do(A(1, "tsumo"))
    h = ok(record([d.hand()]))["hands"][0]
    assert [(w["seat"], w["total"]) for w in h["winners"]] == [(1, 8000)]
    assert h["deltas"] == [-8000, 24000, -8000, -8000]


def test_blessing_of_earth_denied_after_a_call() -> None:
    # "Blessing of Earth is denied when a call is made by a preceding player": seat 2 pungs
    # the dealer's 9p; seat 1's first draw 4s then scores All Sequences 500 + Fully
    # Concealed 500 = 1000 each.
    d = Deal({0: FAR, 1: READY_14S, 2: "99p 26s 37m 1234z 57z 1p", 3: FAR3})
    d.cut(0, "9p")
    d.do(A(2, "pung"), A(2, "discard", "1p"))
    d.cut(3)
    d.cut(0)
    d.draw("4s")
    d.do(A(1, "tsumo"))
    h = ok(record([d.hand()]))["hands"][0]
    assert [(w["seat"], w["total"]) for w in h["winners"]] == [(1, 1000)]
    assert h["deltas"] == [-1000, 3000, -1000, -1000]


def test_no_blessing_of_earth_on_a_discard() -> None:
    # Hu's Earth is a self-draw; winning on the dealer's first discard is an ordinary ron:
    # All Sequences 500 x 3.
    d = Deal({0: FAR, 1: READY_14S, 2: FAR2, 3: FAR3})
    d.cut(0, "4s")
    d.do(A(1, "ron"))
    h = ok(record([d.hand()]))["hands"][0]
    assert h["deltas"] == [-1500, 1500, 0, 0]


def test_eight_immortals_six_plus_seventh_by_other() -> None:
    # "(4) with 6 declared, another declares the 7th and this player draws the 8th before
    # the 7th's declarer's next turn: win by discard, the 7th's declarer pays" (8000 x 3).
    d = Deal({0: "123456f 159m 26p 3s 1z", 1: "7f 159p 26s 37m 1234z 5z", 2: FAR, 3: FAR3},
             tail="2m 3m 4m 5m 6m 7m 8m")
    d.draw("5z")
    d.do(*[A(0, "flower", f"{n}f") for n in range(1, 7)], A(0, "discard", "5z"))
    d.draw()
    d.do(A(1, "flower", "7f"), A(1, "discard", "1z"))
    d.cut(2)
    d.cut(3)
    d.draw("8f")
    d.do(A(0, "tsumo"))     # DESIGN: "tsumo (win on one's own draw or own flower)"
    h = ok(record([d.hand()]))["hands"][0]
    assert [(w["seat"], w["total"]) for w in h["winners"]] == [(0, 8000)]
    assert h["deltas"] == [24000, -24000, 0, 0]


# --------------------------------------------------------------------------------------
# Dealership, repeats, eighth repeat, game end
# --------------------------------------------------------------------------------------
def _dealer_rons(dealer: int = 0, players: int = 4) -> Deal:
    """The dealer (123m 456p 789s 23s 55s) wins on the next seat's 4s: 500 base."""
    order = [(dealer + i) % players for i in range(players)]
    fars = [FAR2, FAR, FAR3]
    hands = {dealer: READY_14S, **{s: fars[i] for i, s in enumerate(order[1:])}}
    d = Deal(hands, players=players, dealer=dealer)
    d.cut(dealer, "9p")
    d.cut(order[1], "4s")
    d.do(A(dealer, "ron"))
    return d


def test_dealer_repeat_bonus_next_hand() -> None:
    # Dealer wins hand 1 -> repeats; hand 2 at repeat 1: "bonus 100 base points for each
    # repeat": 600 x 3 = 1800 from seat 1.
    out = ok(record([_dealer_rons().hand(), _dealer_rons().hand()]))
    assert out["hands"][0]["deltas"] == [1500, -1500, 0, 0]
    assert out["hands"][1]["deltas"] == [1800, -1800, 0, 0]
    assert out["scores"] == [33300, 26700, 30000, 30000]


def test_start_repeats_bonus() -> None:
    # start.repeats = 3: the dealer's win is 500 + 300 = 800 -> 2400.
    start = {"round_wind": "E", "dealer": 0, "repeats": 3,
             "scores": [30000, 30000, 30000, 30000]}
    out = ok(record([_dealer_rons().hand()], start=start))
    assert out["hands"][0]["deltas"] == [2400, -2400, 0, 0]


def test_nondealer_win_passes_the_deal() -> None:
    # Seat 2 wins hand 1 -> seat 1 deals hand 2 (takes wall[0:13], draws first) and wins
    # with Blessing of Heaven (repeats back to 0: no bonus).
    d1 = Deal({0: FAR, 1: FAR2, 2: READY_14S, 3: FAR3})
    d1.cut(0, "4s")
    d1.do(A(2, "ron"))
    d2 = Deal({1: READY_14S, 2: FAR2, 3: FAR3, 0: FAR}, dealer=1)
    d2.draw("4s")
    d2.do(A(1, "tsumo"))
    out = ok(record([d1.hand(), d2.hand()]))
    assert out["hands"][1]["deltas"] == [-8000, 24000, -8000, -8000]


def test_dealer_among_several_winners_repeats() -> None:
    # "If the dealer is among several winners, the dealer repeats": seat 1 discards 4s,
    # dealer (seat 0) and seat 3 both win.  Hand 2: the dealer (repeat 1) wins again: 600.
    d1 = Deal({0: READY_14S, 1: FAR2, 2: FAR, 3: READY_3C})
    d1.cut(0, "9p")
    d1.cut(1, "4s")
    d1.do(A(0, "ron"), A(3, "ron"))
    out = ok(record([d1.hand(), _dealer_rons().hand()]))
    assert out["hands"][0]["deltas"] == [1500, -10500, 0, 9000]
    assert out["hands"][1]["deltas"] == [1800, -1800, 0, 0]


def test_exhaustive_draw_dealer_ready_repeats() -> None:
    # Dealer ready at exhaustive draw -> repeat: next hand's dealer win is 600.
    d = _limit_deal()
    run_cuts(d, 0, to_limit(18))
    out = ok(record([d.hand(), _dealer_rons().hand()]))
    assert out["hands"][1]["deltas"] == [1800, -1800, 0, 0]


def test_exhaustive_draw_dealer_not_ready_passes() -> None:
    # "The dealer does not have a ready hand at exhaustive draw" -> rotate: seat 1 deals.
    d = _limit_deal(hands={0: FAR, 1: FAR2, 2: READY_3C, 3: FAR3})
    run_cuts(d, 0, to_limit(18))
    out = ok(record([d.hand(), _dealer_rons(dealer=1).hand()]))
    assert out["hands"][0]["deltas"] == [-1000, -1000, 3000, -1000]
    # seat 1 deals and wins on seat 2's 4s: 500 x 3.
    assert out["hands"][1]["deltas"] == [0, 1500, -1500, 0]


def test_eighth_repeat_bonus_and_rotation() -> None:
    # At the eighth repeat the dealer's win is 500 + 800 + 4000 = 5300 (x3 = 15900), and the
    # dealership passes "after the hand played at the eighth repeat, whatever its result".
    start = {"round_wind": "E", "dealer": 0, "repeats": 8,
             "scores": [30000, 30000, 30000, 30000]}
    out = ok(record([_dealer_rons().hand(), _dealer_rons(dealer=1).hand()], start=start))
    assert out["hands"][0]["deltas"] == [15900, -15900, 0, 0]
    assert out["hands"][1]["deltas"] == [0, 1500, -1500, 0]


def test_eighth_repeat_bonus_for_a_nondealer() -> None:
    # "everyone's winning hands are awarded 4000 more base points": seat 2 wins 500 + 4000.
    start = {"round_wind": "E", "dealer": 0, "repeats": 8,
             "scores": [30000, 30000, 30000, 30000]}
    d = Deal({0: FAR, 1: FAR2, 2: READY_14S, 3: FAR3})
    d.cut(0, "4s")
    d.do(A(2, "ron"))
    out = ok(record([d.hand()], start=start))
    assert out["hands"][0]["deltas"] == [-13500, 0, 13500, 0]


def test_game_ends_after_last_south_dealership() -> None:
    # "The game ends when the last South dealership passes." South round, dealer seat 3:
    # seat 1 wins -> game over; highest points wins.
    start = {"round_wind": "S", "dealer": 3, "repeats": 0,
             "scores": [30000, 30000, 30000, 30000]}
    d = Deal({3: FAR, 0: FAR2, 1: READY_14S, 2: FAR3}, dealer=3)
    d.cut(3, "4s")
    d.do(A(1, "ron"))
    out = ok(record([d.hand()], start=start))
    assert out["over"] is True
    assert out["scores"] == [30000, 31500, 30000, 28500]


def test_no_hand_after_game_end() -> None:
    start = {"round_wind": "S", "dealer": 3, "repeats": 0,
             "scores": [30000, 30000, 30000, 30000]}
    d = Deal({3: FAR, 0: FAR2, 1: READY_14S, 2: FAR3}, dealer=3)
    d.cut(3, "4s")
    d.do(A(1, "ron"))
    status, out = replay(record([d.hand(), _dealer_rons(dealer=0).hand()], start=start))
    assert status == 2 and "error" in out


def test_game_continues_when_last_dealer_repeats() -> None:
    start = {"round_wind": "S", "dealer": 3, "repeats": 0,
             "scores": [30000, 30000, 30000, 30000]}
    out = ok(record([_dealer_rons(dealer=3).hand()], start=start))
    assert out["over"] is False


def test_east_round_passes_to_south() -> None:
    # After East's last dealer (seat 3) passes, South round begins with seat 0 dealing:
    # seat 0 wins with 222z (South = prevailing wind; seat wind East) Value Triplet 500 +
    # Blessing?  No: ron on seat 1's discard: 123m 456p 789s 222z 5s + 5s -> Value Triplet
    # 500 only -> 1500 from seat 1.
    start = {"round_wind": "E", "dealer": 3, "repeats": 0,
             "scores": [30000, 30000, 30000, 30000]}
    d1 = Deal({3: FAR, 0: FAR2, 1: READY_14S, 2: FAR3}, dealer=3)
    d1.cut(3, "4s")
    d1.do(A(1, "ron"))
    d2 = Deal({0: "123m456p789s222z5s", 1: NW1, 2: NW2, 3: NW3})
    d2.cut(0, "9p")
    d2.cut(1, "5s")
    d2.do(A(0, "ron"))
    out = ok(record([d1.hand(), d2.hand()], start=start))
    assert out["hands"][1]["deltas"] == [1500, -1500, 0, 0]
    assert out["over"] is False


# --------------------------------------------------------------------------------------
# Flowers, pond counting with calls, two players
# --------------------------------------------------------------------------------------
def test_flower_cannot_be_discarded() -> None:
    # "A flower cannot be discarded."
    d = Deal({0: "1f 159m 26p 37s 1234z 5z", 1: FAR2, 2: FAR, 3: FAR3})
    d.draw()
    d.do(A(0, "discard", "1f"))
    out = illegal(record([d.hand()]))
    assert (out["hand"], out["action"]) == (0, 0)


def test_flower_declared_later_and_scored() -> None:
    # "Flowers need not be declared immediately."  Seat 2 holds 1f through a turn, then
    # draws 5s, declares 1f, replacement 4s: All Sequences 500 + Fully Concealed 500 +
    # After a Kong (flower) 500 + Flower Tile 100 = 1600 each.
    d = Deal({0: NW1, 1: NW2, 2: "123m456p789s23s5s 1f", 3: NW3}, tail="4s")
    for seat in (0, 1, 2, 3, 0, 1):
        d.cut(seat)
    d.draw("5s")
    d.do(A(2, "flower", "1f"), A(2, "tsumo"))
    h = ok(record([d.hand()]))["hands"][0]
    assert [(w["seat"], w["total"]) for w in h["winners"]] == [(2, 1600)]
    assert h["deltas"] == [-1600, -1600, 4800, -1600]


def test_last_draw_on_a_flower_replacement() -> None:
    # "Last draw": any draw (replacement draws included) by a player whose pond holds 17.
    # Dealer draws 1f, declares it, replacement 4s: All Sequences 500 + Fully Concealed 500
    # + After a Kong (flower) 500 + Flower 100 + Last Draw 1000 = 2600 each.
    d = Deal({0: READY_14S, 1: FAR2, 2: READY_3C, 3: FAR3}, tail="4s", avoid="1s 4s 7s")
    run_cuts(d, 0, lambda s, p: s == 0 and p[0] == 17)
    d.draw("1f")
    d.do(A(0, "flower", "1f"), A(0, "tsumo"))
    h = ok(record([d.hand()]))["hands"][0]
    assert [(w["seat"], w["total"]) for w in h["winners"]] == [(0, 2600)]
    assert h["deltas"] == [7800, -2600, -2600, -2600]


def test_called_discards_count_in_the_pond() -> None:
    # "game draws the moment any player's discard pond reaches a certain length,
    # notwithstanding calls made": seat 2 pungs the dealer's first discard 9p; the dealer's
    # pond still reaches 18 at its 18th discard, and the hand is an exhaustive draw then.
    # Ready: seat 0 only (seat 2 FAR-like) -> 3000 to seat 0.
    d = Deal({0: READY_14S, 1: FAR2, 2: "99p 26s 37m 1234z 57z 1p", 3: FAR3},
             avoid="1s 4s 7s 9p")
    d.cut(0, "9p")
    d.do(A(2, "pung"), A(2, "discard", "1p"))
    d.ponds[2] += 1
    run_cuts(d, 3, to_limit(18))
    assert d.ponds[0] == 18
    h = ok(record([d.hand()]))["hands"][0]
    assert h["result"] == "draw"
    assert h["deltas"] == [3000, -1000, -1000, -1000]


def test_two_player_chow_from_opponent() -> None:
    # "Chow call is always available towards ... your only opponent in 2 player."
    # Seat 1 chows 345s, discards 9p; seat 0 (123m 456p 789s 23s 55s... here waits 1s/4s)
    # then draws 1s: All Sequences 500 + Fully Concealed 500 = 1000 from seat 1.
    d = Deal({0: READY_14S, 1: "35s 159p 26m 7m 1234z 5z"}, players=2)
    d.cut(0, "4s")
    d.do(A(1, "chow", tiles_="345s"), A(1, "discard", "9p"))
    d.draw("1s")
    d.do(A(0, "tsumo"))
    out = ok(record([d.hand()], rules="hu-2p"))
    assert out["hands"][0]["deltas"] == [1000, -1000]
    assert out["scores"] == [41000, 39000]


def _two_player_final(scores: list[int]) -> dict[str, Any]:
    start = {"round_wind": "S", "dealer": 1, "repeats": 0, "scores": scores}
    d = Deal({1: READY_14S, 0: FAR2}, players=2, dealer=1)
    d.cut(1, "9p")
    d.cut(0, "4s")
    d.do(A(1, "ron"))        # 500 x 2 = 1000 from seat 0
    return ok(record([d.hand()], rules="hu-2p", start=start))


def test_two_player_final_dealer_wins_and_leads() -> None:
    # "In 2 player, the last dealer can win the game outright if they are in the lead and
    # win one hand."
    out = _two_player_final([40000, 40000])
    assert out["scores"] == [39000, 41000]
    assert out["over"] is True


def test_two_player_final_dealer_wins_but_trails() -> None:
    out = _two_player_final([50000, 30000])
    assert out["scores"] == [49000, 31000]
    assert out["over"] is False


def test_three_player_seats_and_start_points() -> None:
    # 3 players: E S W, 35000 each; seat 1 wins on the dealer's discard: 500 x 2.5.
    d = Deal({0: FAR, 1: READY_14S, 2: FAR2}, players=3)
    d.cut(0, "4s")
    d.do(A(1, "ron"))
    out = ok(record([d.hand()], rules="hu-3p"))
    assert out["scores"] == [33750, 36250, 35000]


# --------------------------------------------------------------------------------------
# More readiness, blessings and repeats
# --------------------------------------------------------------------------------------
@pytest.mark.parametrize(("seat1", "ready"), [
    # six distinct pairs + a single: ready for Seven Pairs ("seven distinct pairs").
    ("11m 22p 33p 44s 55s 66z 7z", True),
    # 1111m is not two pairs (distinct kinds required) and no standard shape: not ready.
    ("1111m 22p 33p 44s 55s 6z", False),
    # Thirteen Orphans, thirteen-sided.
    ("19m 19p 19s 1234567z", True),
    # Ready with no pattern possible is still ready ("A pattern is not required"):
    # 123m 456p 789s 444z 5s waits on 5s, patternless.
    ("123m 456p 789s 444z 5s", True),
])
def test_ready_shapes_at_exhaustive_draw(seat1: str, ready: bool) -> None:
    # Seat 0 ready (waits 4s 7s); seats 2 and 3 not ready.
    d = Deal({0: READY_3C, 1: seat1, 2: "5m 9m 6p 2s 8s", 3: "7m 1p 8p 3s 9s"}, avoid="4s 7s")
    run_cuts(d, 0, to_limit(18))
    h = ok(record([d.hand()]))["hands"][0]
    expected = [2000, 2000, -2000, -2000] if ready else [3000, -1000, -1000, -1000]
    assert h["deltas"] == expected


def test_blessing_of_earth_denied_by_dealer_concealed_kong() -> None:
    # RULES: "nobody made any call or kong before that draw": the dealer declares a
    # concealed kong first; seat 1 then self-draws on its first draw -> All Sequences 500 +
    # Fully Concealed 500 = 1000 each.
    d = Deal({0: "4444m 9m 26p 3s 5s 6s 8p 1z 7z", 1: READY_14S, 2: FAR2, 3: FAR3}, tail="9m")
    d.draw("2z")
    d.do(A(0, "ckong", "4m"), A(0, "discard", "9m"))
    d.draw("4s")
    d.do(A(1, "tsumo"))
    h = ok(record([d.hand()]))["hands"][0]
    assert [(w["seat"], w["total"]) for w in h["winners"]] == [(1, 1000)]


def test_eighth_repeat_exhaustive_draw_passes_deal() -> None:
    # Dealer ready at exhaustive draw, but "after the hand played at the eighth repeat,
    # whatever its result" the dealership passes: seat 1 deals the next hand.
    start = {"round_wind": "E", "dealer": 0, "repeats": 8,
             "scores": [30000, 30000, 30000, 30000]}
    d = _limit_deal()
    run_cuts(d, 0, to_limit(18))
    out = ok(record([d.hand(), _dealer_rons(dealer=1).hand()], start=start))
    assert out["hands"][0]["deltas"] == [2000, -2000, 2000, -2000]
    assert out["hands"][1]["deltas"] == [0, 1500, -1500, 0]


def test_two_players_rob_one_kong() -> None:
    # Both seat 1 (Pure Straight + All Sequences + Robbing = 3500) and seat 3 (234m 567s
    # 789m 23p 88p + 4p: All Sequences 500 + Robbing 1000 = 1500) rob seat 0's added kong:
    # seat 0 pays 10500 + 4500.
    d = Deal({0: SEAT0_44P, 1: SEAT1_ROB, 2: FAR2, 3: "234m 567s 789m 23p 88p"})
    d.cut(0)
    d.cut(1)
    d.cut(2, "4p")
    d.do(A(0, "pung"), A(0, "discard", "1z"))
    d.cut(1)
    d.cut(2)
    d.cut(3)
    d.draw("4p")
    d.do(A(0, "akong", "4p"), A(1, "ron"), A(3, "ron"))
    h = ok(record([d.hand()]))["hands"][0]
    assert sorted((w["seat"], w["total"]) for w in h["winners"]) == [(1, 3500), (3, 1500)]
    assert h["deltas"] == [-15000, 10500, 0, 4500]


# --------------------------------------------------------------------------------------
# Odds and ends
# --------------------------------------------------------------------------------------
def test_furiten_from_a_discard_made_before_being_ready() -> None:
    # Furiten looks at the whole pond against the current waits: seat 2 threw 4s from its
    # hand (drawing 3s), which left it waiting on 1s/4s -> ron on 1s is barred.
    d = Deal({0: FAR, 1: FAR2, 2: "123m456p789s 2s 55s 4s", 3: FAR3})
    d.cut(0)
    d.cut(1)
    d.draw("3s")
    d.discard(2, "4s")
    d.cut(3)
    d.cut(0, "1s")
    d.do(A(2, "ron"))
    out = illegal(record([d.hand()]))
    assert (out["hand"], out["action"]) == (0, 5)


PATTERNLESS_5S = "123m 456p 789s 444z 5s"     # seat 2 (West): complete on 5s, no pattern


def test_last_discard_qualifies_a_patternless_hand() -> None:
    # "The following bonuses ... qualify any hand for a win, even paternless ones."
    # Seat 2 wins on the dealer's 18th discard 5s: Last Discard 1000 -> dealer pays 3000.
    d = Deal({0: READY_14S, 1: FAR2, 2: PATTERNLESS_5S, 3: "26m 37p 8s 9p"}, avoid="1s 4s 5s 7s")
    run_cuts(d, 0, lambda s, p: s == 0 and p[0] == 17)
    d.cut(0, "5s")
    d.do(A(2, "ron"))
    h = ok(record([d.hand()]))["hands"][0]
    assert [(w["seat"], w["total"]) for w in h["winners"]] == [(2, 1000)]
    assert h["deltas"] == [-3000, 0, 3000, 0]


def test_robbing_qualifies_a_patternless_hand() -> None:
    # Seat 1 holds 123m 789m 555s 99s 35p: complete with 4p but with no pattern.  Robbing
    # the Kong qualifies it: 1000 x 3 = 3000 from the konger.
    d = Deal({0: SEAT0_44P, 1: "123m 789m 555s 99s 35p", 2: FAR2, 3: FAR3})
    d.cut(0)
    d.cut(1)
    d.cut(2, "4p")
    d.do(A(0, "pung"), A(0, "discard", "1z"))
    d.cut(1)
    d.cut(2)
    d.cut(3)
    d.draw("4p")
    d.do(A(0, "akong", "4p"), A(1, "ron"))
    h = ok(record([d.hand()]))["hands"][0]
    assert [(w["seat"], w["total"]) for w in h["winners"]] == [(1, 1000)]
    assert h["deltas"] == [-3000, 3000, 0, 0]


def test_chow_then_discard_a_related_tile_is_legal() -> None:
    # Hu has no swap-call restriction: seat 1 chows 345s with 35s and discards 6s.
    # Then seat 2 (123m 456p 789s 23s 55s) draws 1s and self-draws: 1000 each.
    d = Deal({0: FAR, 1: "35s 6s 159p 26m 7m 1234z", 2: READY_14S, 3: FAR3})
    d.cut(0, "4s")
    d.do(A(1, "chow", tiles_="345s"), A(1, "discard", "6s"))
    d.draw("1s")
    d.do(A(2, "tsumo"))
    h = ok(record([d.hand()]))["hands"][0]
    assert h["deltas"] == [-1000, -1000, 3000, -1000]


def test_added_kong_with_a_held_tile() -> None:
    # RULES: added kong "extending an exposed pung with a drawn tile or one held".  Seat 0
    # pungs 4p, keeps the 4th 4p it draws later, and adds it a turn after that; seat 1
    # robs it (3500 as in test_robbing_added_kong).
    d = Deal({0: SEAT0_44P, 1: SEAT1_ROB, 2: FAR2, 3: FAR3})
    d.cut(0)
    d.cut(1)
    d.cut(2, "4p")
    d.do(A(0, "pung"), A(0, "discard", "1z"))
    d.cut(1)
    d.cut(2)
    d.cut(3)
    d.draw("4p")
    d.discard(0, "2z")          # keeps the 4p
    d.cut(1)
    d.cut(2)
    d.cut(3)
    d.draw()
    d.do(A(0, "akong", "4p"), A(1, "ron"))
    h = ok(record([d.hand()]))["hands"][0]
    assert [(w["seat"], w["total"]) for w in h["winners"]] == [(1, 3500)]


def test_explicit_passes() -> None:
    # `pass` is an action: everyone passes seat 0's 4s explicitly; then seat 2
    # (123m 456p 789s 23s 55s) wins on seat 1's 1s: 1500 from seat 1.
    d = Deal({0: FAR, 1: FAR2, 2: READY_14S, 3: FAR3})
    d.cut(0, "4s")
    d.do(A(1, "pass"), A(2, "pass"), A(3, "pass"))
    d.cut(1, "1s")
    d.do(A(2, "ron"))
    h = ok(record([d.hand()]))["hands"][0]
    assert h["deltas"] == [0, -1500, 1500, 0]


@pytest.mark.parametrize(("bad", "index"), [
    (A(2, "discard", "1z"), 1),     # seat 2 is not next after seat 0's discard
    (A(0, "ron"), 1),               # the discarder cannot win on its own discard
])
def test_out_of_turn_actions(bad: dict[str, Any], index: int) -> None:
    d = Deal({0: FAR, 1: FAR2, 2: READY_14S, 3: FAR3})
    d.cut(0, "4s")
    d.do(bad)
    out = illegal(record([d.hand()]))
    assert (out["hand"], out["action"]) == (0, index)


def test_tsumo_on_incomplete_hand_is_illegal() -> None:
    d = Deal({0: FAR, 1: FAR2, 2: READY_14S, 3: FAR3})
    d.draw("9m")
    d.do(A(0, "tsumo"))
    out = illegal(record([d.hand()]))
    assert (out["hand"], out["action"]) == (0, 0)


def test_without_flowers_136_tile_wall() -> None:
    # Option flowers (default true); "without flowers 136".
    d = Deal({0: FAR, 1: FAR2, 2: READY_14S, 3: FAR3}, flowers=False)
    d.cut(0, "4s")
    d.do(A(2, "ron"))
    out = ok(record([d.hand()], options={"flowers": False}))
    assert out["hands"][0]["deltas"] == [-1500, 0, 1500, 0]


def test_dealer_terminal_discards_gets_repeat_bonus() -> None:
    # The dealer (repeat 2) wins All Terminal and Honor Discards: 4000 + 200, each pays.
    start = {"round_wind": "E", "dealer": 0, "repeats": 2,
             "scores": [30000, 30000, 30000, 30000]}
    hands = {0: "234m 567m 345p 68p 2s 9s", 1: READY_14S, 2: "345m 678m 8m 234p 57p 1s",
             3: "345s 68s 2m 9p 8p 1z 5z 6z 7z 3p"}
    d = Deal(hands, avoid="1s 4s 7s")
    run_cuts(d, 0, to_limit(18), kind=lambda s: "term" if s == 0 else "simple")
    h = ok(record([d.hand()], start=start))["hands"][0]
    assert [(w["seat"], w["total"]) for w in h["winners"]] == [(0, 4200)]
    assert h["deltas"] == [12600, -4200, -4200, -4200]


def test_terminal_discards_at_eighth_repeat() -> None:
    # "4000 for every winner of a hand played at the dealer's eighth repeat": 4000 + 4000.
    start = {"round_wind": "E", "dealer": 0, "repeats": 8,
             "scores": [30000, 30000, 30000, 30000]}
    d = Deal(TD_HANDS, avoid="1s 4s 7s")
    run_cuts(d, 0, to_limit(18), kind=_term_kind)
    h = ok(record([d.hand()], start=start))["hands"][0]
    assert [(w["seat"], w["total"]) for w in h["winners"]] == [(1, 8000)]
    assert h["deltas"] == [-8000, 24000, -8000, -8000]


def test_blessing_of_earth_not_denied_by_a_flower() -> None:
    # A flower declaration is neither a call nor a kong: seat 1 declares 1f on its first
    # turn, then seat 2 (ready after the deal) self-draws on its first draw -> Earth 8000.
    d = Deal({0: FAR, 1: "1f 159p 26s 37m 1234z 5z", 2: READY_14S, 3: FAR3}, tail="8m")
    d.cut(0)
    d.draw()
    d.do(A(1, "flower", "1f"), A(1, "discard", "8m"))
    d.draw("4s")
    d.do(A(2, "tsumo"))
    h = ok(record([d.hand()]))["hands"][0]
    assert [(w["seat"], w["total"]) for w in h["winners"]] == [(2, 8000)]


def test_three_player_game_end() -> None:
    # 3p: seats E S W; the last South dealer is seat 2.  Seat 0 wins -> game over.
    start = {"round_wind": "S", "dealer": 2, "repeats": 0, "scores": [35000, 35000, 35000]}
    d = Deal({2: FAR, 0: READY_14S, 1: FAR2}, players=3, dealer=2)
    d.cut(2, "4s")
    d.do(A(0, "ron"))
    out = ok(record([d.hand()], rules="hu-3p", start=start))
    assert out["scores"] == [36250, 35000, 33750]
    assert out["over"] is True


def test_two_kongs_chain_after_a_kong() -> None:
    # "The bonus stacks with each consecutive instance": ckong 4z -> replacement 8m ->
    # ckong 8m -> replacement 5s completes 4444z 8888m 123p 789p 55s:
    # Two Quads 2000 + Fully Concealed 500 + After a Kong 2 x 1000 = 4500 each.
    d = Deal({0: "4444z 888m 123p 789p", 1: NW1, 2: "25m 369p 147s 4p", 3: NW3},
             tail="8m 5s")
    d.draw("5s")
    d.do(A(0, "ckong", "4z"), A(0, "ckong", "8m"), A(0, "tsumo"))
    h = ok(record([d.hand()]))["hands"][0]
    assert [(w["seat"], w["total"]) for w in h["winners"]] == [(0, 4500)]
    assert h["deltas"] == [13500, -4500, -4500, -4500]


def test_multiple_winners_one_furiten_is_illegal() -> None:
    # Seat 3 (waits 4s/7s) threw 7s earlier: its ron on 4s is illegal even beside seat 2's.
    d = Deal({0: FAR, 1: FAR2, 2: READY_14S, 3: READY_3C})
    for seat in (0, 1, 2):
        d.cut(seat)
    d.cut(3, "7s")
    d.cut(0, "4s")
    d.do(A(2, "ron"), A(3, "ron"))
    out = illegal(record([d.hand()]))
    assert (out["hand"], out["action"]) == (0, 6)


def test_multiple_winners_eighth_repeat_and_dealer_bonus() -> None:
    # At the eighth repeat, seat 1 discards 4s; dealer (500 + 800 + 4000 = 5300) and seat 3
    # (3000 + 4000 = 7000) win: seat 1 pays 15900 + 21000.
    start = {"round_wind": "E", "dealer": 0, "repeats": 8,
             "scores": [30000, 30000, 30000, 30000]}
    d = Deal({0: READY_14S, 1: FAR2, 2: FAR, 3: READY_3C})
    d.cut(0, "9p")
    d.cut(1, "4s")
    d.do(A(0, "ron"), A(3, "ron"))
    h = ok(record([d.hand()], start=start))["hands"][0]
    assert sorted((w["seat"], w["total"]) for w in h["winners"]) == [(0, 5300), (3, 7000)]
    assert h["deltas"] == [15900, -36900, 0, 21000]


def test_illegal_action_through_console_script() -> None:
    # The real console script: exit status 2 and {"error", "hand", "action"} on stdout.
    d = Deal({0: FAR, 1: FAR2, 2: READY_14S, 3: FAR3})
    d.cut(0, "4s")
    d.do(A(2, "chow", tiles_="234s"))
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(record([d.hand()]), f)
        path = f.name
    proc = subprocess.run([TINGPAI, "replay", path, "--json"], capture_output=True, text=True,
                          check=False)
    Path(path).unlink()
    assert proc.returncode == 2
    out = json.loads(proc.stdout)
    assert {"error", "hand", "action"} <= set(out) and (out["hand"], out["action"]) == (0, 1)


def test_not_ready_when_fourth_tile_is_in_own_meld() -> None:
    # "not counting a kind whose four tiles are all in the player's own hand and melds":
    # seat 1 holds 555m, pungs the dealer's 5m (meld 555m + one 5m left), throws 9s and
    # waits only on 5m -> not ready.  Seat 2 (234m 234p 234s 56s 88m) is ready alone:
    # +3000, the others -1000.
    d = Deal({0: "159p 26s 37m 1234z 57z", 1: "555m 123p 456p 789p 9s", 2: READY_3C,
              3: "26m 37p 8s 9p"}, avoid="4s 7s")
    d.cut(0, "5m")
    d.do(A(1, "pung"), A(1, "discard", "9s"))
    d.ponds[1] += 1
    run_cuts(d, 2, to_limit(18))
    h = ok(record([d.hand()]))["hands"][0]
    assert h["result"] == "draw"
    assert h["deltas"] == [-1000, -1000, 3000, -1000]


def test_flower_declared_after_a_pung() -> None:
    # "A flower may be declared at any time in the holder's own turn": seat 2 pungs the
    # dealer's 9p, declares 1f (replacement 8m from the tail), discards 8m; seat 3 throws
    # 4s and seat 1 (ready 1s/4s) wins 1500.
    d = Deal({0: FAR, 1: READY_14S, 2: "99p 1f 26s 37m 1234z 5z", 3: FAR3}, tail="8m")
    d.cut(0, "9p")
    d.do(A(2, "pung"), A(2, "flower", "1f"), A(2, "discard", "8m"))
    d.cut(3, "4s")
    d.do(A(1, "ron"))
    h = ok(record([d.hand()]))["hands"][0]
    assert h["deltas"] == [0, 1500, 0, -1500]


def test_unicode_wall_and_tiles() -> None:
    # RULES: "Unicode tiles (U+1F000..U+1F029) are accepted" -- a record written in Unicode
    # (Unicode honour order: E S W N Red Green White).
    uni = {}
    for i in range(9):
        uni[f"{i + 1}m"] = chr(0x1F007 + i)
        uni[f"{i + 1}s"] = chr(0x1F010 + i)
        uni[f"{i + 1}p"] = chr(0x1F019 + i)
    for i, t in enumerate(["1z", "2z", "3z", "4z", "7z", "6z", "5z"]):
        uni[t] = chr(0x1F000 + i)
    for i in range(8):
        uni[f"{i + 1}f"] = chr(0x1F022 + i)
    d = Deal({0: FAR, 1: FAR2, 2: READY_14S, 3: FAR3})
    d.cut(0, "4s")
    d.do(A(2, "ron"))
    h = d.hand()
    h["wall"] = "".join(uni[t] for t in tiles(h["wall"]))
    h["actions"][0]["tile"] = uni["4s"]
    out = ok(record([h]))
    assert out["hands"][0]["deltas"] == [-1500, 0, 1500, 0]

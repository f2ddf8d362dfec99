"""Pao (liability) at the Hong Kong tables, played through the real ``hk-4p`` ruleset.

RULES.md: a player whose discard completes another player's fourth declared meld or third
dragon meld becomes liable; a concealed fourth kong creates no liability; a later liability
replaces an earlier one.  Fourth meld: on a self-draw the liable player pays the whole
self-draw total alone (a discard win is paid as usual).  Third dragon: on any win of that
hand the liable player pays the whole amount alone, instead of the discarder.

Payments are the half-spicy table: discard 32/64/…/512 for 3..10 fan, self-draw each
16/32/…/256 (the whole self-draw total is three times that).
"""

from __future__ import annotations

from enginekit import deal, finish, pattern_ids, play

from tingpai.engine import Hand

# --- third dragon meld ---------------------------------------------------------------
# Seat 1 pungs 5z from seat 0, then 6z and 7z from seat 2: seat 2 is liable.  Seat 1 then
# waits on 3p/6p with 45p and the pair 99p: Big Three Dragons 5 + three Dragon Pungs 3 +
# Half Flush 3 = 11, capped at 10.
DRAGONS = {
    0: "5z147m258p369s123z",
    1: "55z66z77z123m45p99p",
    2: "67z147m258p369s12z",
    3: "3p258m147p369s4s34z",
}
DRAGON_SCRIPT = (
    "0 discard 5z", "1 pung", "1 discard 1m",
    "2 discard 6z", "1 pung", "1 discard 2m",
    "2 discard 7z", "1 pung", "1 discard 3m",
    "2 cut",
)


def _dragons(draws: str, **options: object) -> Hand:
    return deal(DRAGONS, draws, rid="hk-4p", **options)


def test_third_dragon_liable_pays_a_discard_win_instead_of_the_discarder() -> None:
    hand = finish(play(_dragons("8s" "8m" "9m" "7s" "6m"), *DRAGON_SCRIPT,
                       "3 discard 3p", "1 ron"))
    r = hand.result
    assert r is not None
    (w,) = r.winners
    assert w.payer == 3 and (w.score.subtotal, w.score.total) == (11, 10)
    assert pattern_ids(hand) == ["dragon_pung", "half_flush", "big_three_dragons"]
    assert r.deltas == (0, 512, -512, 0)  # 10 fan by discard: 512, paid by seat 2


def test_without_pao_the_discarder_pays() -> None:
    hand = finish(play(_dragons("8s" "8m" "9m" "7s" "6m", pao=False), *DRAGON_SCRIPT,
                       "3 discard 3p", "1 ron"))
    assert hand.result is not None and hand.result.deltas == (0, 512, 0, -512)


def test_third_dragon_liable_pays_a_whole_self_draw() -> None:
    hand = play(_dragons("8s" "8m" "9m" "7s" "6m" "1s" "3p"), *DRAGON_SCRIPT,
                "3 cut", "0 cut", "1 tsumo")
    r = hand.result
    assert r is not None and r.winners[0].score.subtotal == 12  # 11 + Self-Draw
    assert r.deltas == (0, 768, -768, 0)  # 10 fan self-drawn: 256 x 3, all from seat 2


def test_the_liable_player_discarding_the_winning_tile_pays_once() -> None:
    hand = finish(play(_dragons("8s" "8m" "9m" "3p"), *DRAGON_SCRIPT[:-1],
                       "2 discard 3p", "1 ron"))
    assert hand.result is not None and hand.result.deltas == (0, 512, -512, 0)


# --- fourth declared meld -------------------------------------------------------------
# Seat 1 pungs 2m from seat 0, then 3p, 4s and 6s from seat 2 (its fourth declared meld:
# seat 2 is liable) and waits on 8m alone.  All Pungs 3 fan.
FOURTH = {
    0: "1247m258p39s1236z",
    1: "22m33p44s66s8m1p9s57z",
    2: "1359m3679p1468s4z",
    3: "2468m1458p257s35z",
}
FOURTH_SCRIPT = (
    "0 discard 2m", "1 pung", "1 discard 1p",
    "2 discard 3p", "1 pung", "1 discard 9s",
    "2 discard 4s", "1 pung", "1 discard 5z",
    "2 discard 6s", "1 pung", "1 discard 7z",
    "2 cut",
)
FOURTH_DRAWS = "9p" "2s" "3s" "7s" "5s"  # dealer, then seat 2 four times


def test_fourth_meld_liable_pays_a_whole_self_draw() -> None:
    hand = play(deal(FOURTH, FOURTH_DRAWS + "6p" "9m" "8m", rid="hk-4p"), *FOURTH_SCRIPT,
                "3 cut", "0 cut", "1 tsumo")
    r = hand.result
    assert r is not None
    assert pattern_ids(hand) == ["self_draw", "all_triplets"]
    assert r.deltas == (0, 96, -96, 0)  # 4 fan self-drawn: 32 x 3, all from seat 2


def test_fourth_meld_liability_does_not_cover_a_discard_win() -> None:
    hand = finish(play(deal(FOURTH, FOURTH_DRAWS + "6p", rid="hk-4p"), *FOURTH_SCRIPT,
                       "3 discard 8m", "1 ron"))
    r = hand.result
    assert r is not None and r.winners[0].score.total == 3
    assert r.deltas == (0, 32, 0, -32)  # the discarder pays as usual


def test_without_pao_a_self_draw_is_paid_by_everyone() -> None:
    hand = play(deal(FOURTH, FOURTH_DRAWS + "6p" "9m" "8m", rid="hk-4p", pao=False),
                *FOURTH_SCRIPT, "3 cut", "0 cut", "1 tsumo")
    assert hand.result is not None and hand.result.deltas == (-32, 96, -32, -32)


# --- a concealed fourth kong ----------------------------------------------------------
# Seat 1 pungs three times, then draws its fourth 8m and declares a concealed kong: its
# fourth meld came from no discard, so nobody is liable.
CKONG = {
    0: "1247m258p39s1236z",
    1: "22m33p44s888m1p9s57z",
    2: "1359m3679p1468s4z",
    3: "2467m1458p257s36z",
}


def test_concealed_fourth_kong_creates_no_liability() -> None:
    hand = play(
        deal(CKONG, "9p" "2s" "3s" "7s" "5s" "6p" "8m" "1s" "4p" "5p" "9p", "9p",
             rid="hk-4p"),
        "0 discard 2m", "1 pung", "1 discard 1p",
        "2 discard 3p", "1 pung", "1 discard 9s",
        "2 discard 4s", "1 pung", "1 discard 5z",
        "2 cut", "3 cut", "0 cut",
        "1 ckong 8m", "1 discard 7z",
        "2 cut", "3 cut", "0 cut", "1 tsumo",
    )
    r = hand.result
    assert r is not None
    assert [m.concealed for m in hand.melds(1)] == [False, False, False, True]
    assert pattern_ids(hand) == ["self_draw", "all_triplets"]
    assert r.deltas == (-32, 96, -32, -32)  # 4 fan self-drawn, everyone pays 32


# --- a later liability replaces an earlier one ----------------------------------------
# Seat 1: third dragon pung from seat 2 (liable), then its fourth meld, 2m, from seat 3:
# seat 3's fourth-meld liability replaces seat 2's.  Seat 1 then waits on 8m alone.
LATER = {
    0: "58m147p369s12345z",
    1: "55z66z77z22m8m1p9s34z",
    2: "67z258m258p147s12z",
    3: "2m369m369p258s124z",
}
LATER_SCRIPT = (
    "0 discard 5z", "1 pung", "1 discard 1p",
    "2 discard 6z", "1 pung", "1 discard 9s",
    "2 discard 7z", "1 pung", "1 discard 3z",
    "2 cut", "3 discard 2m", "1 pung", "1 discard 4z",
    "2 cut", "3 cut",
)
LATER_DRAWS = "9p" "3s" "4s" "5s" "5p" "6s" "7s"


def test_later_fourth_meld_liability_replaces_the_dragon_one_on_self_draw() -> None:
    hand = play(deal(LATER, LATER_DRAWS + "9m" "8m", rid="hk-4p"), *LATER_SCRIPT,
                "0 cut", "1 tsumo")
    r = hand.result
    assert r is not None
    # Big Three Dragons 5 + 3 Dragon Pungs + All Pungs 3 + Self-Draw 1 = 12, capped at 10
    assert r.winners[0].score.total == 10
    assert r.deltas == (0, 768, 0, -768)  # 256 x 3, all from seat 3


def test_after_the_replacement_a_discard_win_is_paid_by_the_discarder() -> None:
    hand = finish(play(deal(LATER, LATER_DRAWS + "9m", rid="hk-4p"), *LATER_SCRIPT,
                       "0 discard 8m", "1 ron"))
    r = hand.result
    assert r is not None and r.winners[0].score.total == 10  # 11, capped
    assert r.deltas == (-512, 512, 0, 0)  # seat 2's dragon liability was replaced


# --- one claim that is both the third dragon meld and the fourth meld -----------------
# Seat 1 pungs 5z, 6z and 2m, then 7z from seat 3 as its fourth meld: seat 3 is liable
# for the dragons (any win), which covers the fourth-meld liability.
BOTH = {
    0: "58m147p369s1234z5z",
    1: "55z66z77z22m8m1p9s34z",
    2: "6z258m258p147s123z",
    3: "2m7z369m369p258s14z",
}


def test_one_claim_completing_both_keeps_the_dragon_liability() -> None:
    hand = finish(play(
        deal(BOTH, "9p" "3s" "4s" "5s" "6s" "7s" "5p" "9m", rid="hk-4p"),
        "0 discard 5z", "1 pung", "1 discard 1p",
        "2 discard 6z", "1 pung", "1 discard 9s",
        "2 cut", "3 discard 2m", "1 pung", "1 discard 3z",
        "2 cut", "3 discard 7z", "1 pung", "1 discard 4z",
        "2 cut", "3 cut", "0 discard 8m", "1 ron",
    ))
    r = hand.result
    assert r is not None and r.winners[0].payer == 0
    assert r.deltas == (0, 512, 0, -512)  # seat 3 pays instead of the discarder

"""Calls and priority: chow from the previous seat only, pung/kong from anyone,
win > pung/kong > chow, several winners on one discard (``all`` / ``head_bump``)."""

from __future__ import annotations

import pytest
from enginekit import deal, finish, kinds, play

from tingpai.engine import Action, ActionKind, IllegalAction, Phase
from tingpai.rules import WinKind
from tingpai.tiles import Meld, MeldKind, parse_tile

# Seat 0 discards 5m: seat 1 (46m) may chow or ron, seat 2 (55m) may pung, seat 3 (46m)
# may ron but not chow.
HANDS = {
    0: "5m28m258p258s1234z",
    1: "46m123456789p11s",
    2: "55m1379m1234567z",
    3: "46m123456789s99p",
}


def test_who_is_asked_and_what_they_may_do() -> None:
    hand = play(deal(HANDS, draws="6z"), "0 discard 5m")
    assert hand.phase is Phase.CLAIMS and hand.claim_tile == parse_tile("5m")
    assert hand.to_act() == (1, 2, 3)
    assert kinds(hand, 1) == {"pass", "ron", "chow"}
    assert kinds(hand, 2) == {"pass", "pung"}
    assert kinds(hand, 3) == {"pass", "ron"}
    assert kinds(hand, 0) == set()


def test_chow_only_from_the_previous_seat() -> None:
    hand = play(deal(HANDS, draws="6z"), "0 discard 5m")
    with pytest.raises(IllegalAction, match="chow only from the previous seat"):
        hand.apply(Action(3, ActionKind.CHOW, tiles=(3, 4, 5)))


def test_pung_beats_chow_and_the_claimed_tile_stays_in_the_pond() -> None:
    hand = play(deal(HANDS, draws="6z"), "0 discard 5m", "1 chow 456m", "2 pung")
    finish(hand)
    assert hand.phase is Phase.TURN and hand.actor == 2
    assert hand.melds(2) == (Meld(MeldKind.PUNG, (4, 4, 4), claimed_from=0),)
    assert hand.melds(1) == ()
    assert hand.pond(0) == (parse_tile("5m"),)
    assert hand.observe(2).called[0] == (True,)
    # A claimed tile is not a self-draw: no tsumo, no draw this turn.
    assert "tsumo" not in kinds(hand, 2)
    assert hand.observe(2).drawn is None


def test_chow_when_nobody_else_claims() -> None:
    hand = play(deal(HANDS, draws="6z"), "0 discard 5m", "1 chow 456m")
    finish(hand)
    assert hand.actor == 1
    assert hand.melds(1) == (Meld(MeldKind.CHOW, (3, 4, 5), claimed_from=0),)


def test_win_beats_pung_and_every_claimant_wins_by_default() -> None:
    hand = play(deal(HANDS, draws="6z"), "0 discard 5m", "2 pung", "1 ron", "3 ron")
    finish(hand)
    r = hand.result
    assert r is not None and r.end is WinKind.DISCARD
    assert r.winner_seats == (1, 3)
    for w in r.winners:
        assert w.payer == 0 and w.kind is WinKind.DISCARD
        assert w.score.payments.discarder == w.score.total * 3
    assert r.deltas[0] == -sum(w.score.total * 3 for w in r.winners)
    assert sum(r.deltas) == 0


def test_head_bump_takes_the_first_claimant_after_the_discarder() -> None:
    hand = deal(HANDS, draws="6z", multiple_winners="head_bump")
    play(hand, "0 discard 5m", "3 ron", "1 ron")
    finish(hand)
    assert hand.result is not None and hand.result.winner_seats == (1,)


def test_head_bump_with_a_single_claimant() -> None:
    hand = deal(HANDS, draws="6z", multiple_winners="head_bump")
    play(hand, "0 discard 5m", "1 pass", "3 ron")
    finish(hand)
    assert hand.result is not None and hand.result.winner_seats == (3,)


def test_exposed_kong_from_a_discard_draws_a_replacement() -> None:
    hands = dict(HANDS)
    hands[2] = "555m1379m123456z"
    hand = deal(hands, draws="7z", tail="9p")
    play(hand, "0 discard 5m")
    assert "kong" in kinds(hand, 2)
    play(hand, "2 kong")
    finish(hand)
    assert hand.actor == 2 and hand.melds(2)[0].kind is MeldKind.KONG
    assert hand.observe(2).drawn == parse_tile("9p")


def test_answering_twice_or_out_of_turn_is_illegal() -> None:
    hand = play(deal(HANDS, draws="6z"), "0 discard 5m", "1 pass")
    with pytest.raises(IllegalAction, match="already answered"):
        hand.apply(Action(1, ActionKind.PASS))
    with pytest.raises(IllegalAction, match="awaits answers"):
        hand.apply(Action(2, ActionKind.DISCARD, parse_tile("5m")))

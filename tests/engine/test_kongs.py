"""Kongs: concealed and added kongs with tail replacements, After a Kong chains, Robbing
the Kong (added kongs only, paid by the konger, barred by sacred discard)."""

from __future__ import annotations

import pytest
from enginekit import deal, finish, kinds, pattern_ids, play

from tingpai.engine import Action, ActionKind, Hand, IllegalAction, Phase
from tingpai.rules import WinKind
from tingpai.tiles import MeldKind, parse_tile


def _after_a_kong(hand: Hand) -> int:
    assert hand.result is not None
    w = hand.result.winners[0]
    return next(p.value for p in w.score.patterns if p.id == "after_a_kong")


def test_concealed_kong_then_win_on_the_replacement() -> None:
    hand = deal({0: "1111m234p567p88s9s"}, draws="9s", tail="8s")
    assert "ckong" in kinds(hand, 0)
    play(hand, "0 ckong 1m")
    assert hand.melds(0)[0].concealed and hand.melds(0)[0].kind is MeldKind.KONG
    assert hand.observe(0).drawn == parse_tile("8s")
    play(hand, "0 tsumo")
    ids = pattern_ids(hand)
    assert "after_a_kong" in ids and _after_a_kong(hand) == 1000
    assert "blessing_of_heaven" not in ids  # a kong was declared


def test_kong_then_flower_then_win_stacks_1500() -> None:
    hand = deal({0: "1111m234p567p88s9s"}, draws="9s", tail="1f8s")
    play(hand, "0 ckong 1m", "0 flower 1f", "0 tsumo")
    assert _after_a_kong(hand) == 1500


# Seat 0 holds 44p, pungs seat 2's 4p, and later draws the fourth 4p to add to it.  Seat 1
# waits on 4p/7p (56p); X is the tile seat 1 discards first (7p makes it furiten).
def _robbing_hand(first_discard: str) -> Hand:
    hands = {
        0: "44p19m19s1234567z",
        1: "56p123m456m789m1s" + first_discard,
        2: "238m348p238s2367z",
    }
    hand = deal(hands, draws="5z" "1s" "6s" "7s" "6m" "9s" "4p", tail="3m")
    play(
        hand,
        "0 cut",
        f"1 discard {first_discard}",
        "2 discard 4p",
        "0 pung",
        "0 discard 1m",
        "1 cut",
        "2 cut",
        "3 cut",
    )
    assert hand.actor == 0 and hand.observe(0).drawn == parse_tile("4p")
    return hand


def test_robbing_an_added_kong_is_a_discard_win_paid_by_the_konger() -> None:
    hand = _robbing_hand("9p")
    play(hand, "0 akong 4p")
    assert hand.phase is Phase.ROBBING
    assert 1 in hand.to_act() and kinds(hand, 1) == {"ron", "pass"}
    with pytest.raises(IllegalAction, match="only ron or pass"):
        hand.apply(Action(1, ActionKind.PUNG))
    play(hand, "1 ron")
    finish(hand)
    r = hand.result
    assert r is not None
    w = r.winners[0]
    assert w.seat == 1 and w.kind is WinKind.ROBBING_KONG and w.payer == 0
    assert "robbing_the_kong" in [p.id for p in w.score.patterns]
    assert r.deltas[0] == -(w.score.payments.discarder or 0) and r.deltas[2] == r.deltas[3] == 0


def test_added_kong_not_robbed_completes_with_a_replacement() -> None:
    hand = _robbing_hand("9p")
    play(hand, "0 akong 4p", "1 pass")
    finish(hand)
    assert hand.phase is Phase.TURN and hand.actor == 0
    kong = hand.melds(0)[0]
    assert kong.kind is MeldKind.KONG and not kong.concealed and kong.claimed_from == 2
    assert hand.observe(0).drawn == parse_tile("3m")


def test_sacred_discard_bars_robbing_the_kong() -> None:
    hand = _robbing_hand("7p")
    play(hand, "0 akong 4p")
    assert 1 not in hand.to_act()
    with pytest.raises(IllegalAction, match="seat 1 is furiten: 7p is in its pond"):
        hand.apply(Action(1, ActionKind.RON))


def test_a_concealed_kong_cannot_be_robbed() -> None:
    # Seat 1 waits on 1m for Thirteen Orphans; seat 0 declares a concealed kong of 1m.
    hand = deal(
        {0: "1111m234p567p88s9s", 1: "99m19p19s1234567z"}, draws="9s", tail="2m"
    )
    play(hand, "0 ckong 1m")
    assert hand.phase is Phase.TURN and hand.actor == 0
    assert hand.observe(0).drawn == parse_tile("2m")

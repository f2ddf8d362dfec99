"""Eight Immortals in its four forms (RULES.md)."""

from __future__ import annotations

import pytest
from enginekit import deal, finish, kinds, pattern_ids, play

from tingpai.engine import Hand, Phase
from tingpai.rules import WinKind
from tingpai.tiles import parse_tile


def _declare(seat: int, flowers: str) -> list[str]:
    return [f"{seat} flower {d}f" for d in flowers]


@pytest.mark.parametrize("written", ["0 tsumo", "0 flower 8f"])
def test_form1_declaring_the_eighth_flower_wins_at_once(written: str) -> None:
    hand = deal({0: "12345678f123m45p"}, draws="6z", tail="2345678s")
    play(hand, *_declare(0, "1234567"))
    assert {"tsumo", "flower"} <= kinds(hand, 0)
    play(hand, written)
    r = hand.result
    assert r is not None and r.end is WinKind.EIGHT_IMMORTALS
    (w,) = r.winners
    assert w.payer is None and w.score.total == 8000 and len(hand.flowers(0)) == 8
    assert "eight_immortals" in pattern_ids(hand)
    assert r.deltas == (24000, -8000, -8000, -8000)


def _seven_for_seat1() -> Hand:
    return deal(
        {0: "8f147m258p369s123z", 1: "1234567f123m456p"},
        draws="5s" "3s" "4s" "6s" "7s",
        tail="2345678p" "9m",
    )


def test_form3_another_seat_declares_the_eighth() -> None:
    hand = _seven_for_seat1()
    play(hand, "0 cut", *_declare(1, "1234567"), "1 cut", "2 cut", "3 cut")
    play(hand, "0 flower 8f")
    assert hand.phase is Phase.ROBBING and hand.to_act() == (1,)
    assert kinds(hand, 1) == {"ron", "pass"}
    play(hand, "1 ron")
    finish(hand)
    r = hand.result
    assert r is not None
    (w,) = r.winners
    assert w.seat == 1 and w.kind is WinKind.EIGHT_IMMORTALS and w.payer == 0
    assert r.deltas == (-24000, 24000, 0, 0)


def test_form3_passed_the_declarer_draws_its_replacement() -> None:
    hand = _seven_for_seat1()
    play(hand, "0 cut", *_declare(1, "1234567"), "1 cut", "2 cut", "3 cut", "0 flower 8f")
    play(hand, "1 pass")
    assert hand.phase is Phase.TURN and hand.actor == 0
    assert hand.observe(0).drawn == parse_tile("9m")


def _six_and_seventh(late: bool) -> Hand:
    hands = {1: "123456f147m258p3s", 2: "7f147m258p369s123z"}
    head = "5s" "3s" "4s" "6s" "7s"
    head += ("2s" "3s" "4s" "6s" "8f") if late else "8f"
    return deal(hands, draws=head, tail="2345678p")


def test_form4_drawing_the_eighth_within_the_go_around() -> None:
    hand = _six_and_seventh(late=False)
    play(hand, "0 cut", *_declare(1, "123456"), "1 cut", "2 flower 7f", "2 cut", "3 cut")
    play(hand, "0 cut")
    assert hand.observe(1).drawn == parse_tile("8f")
    assert "ron" in kinds(hand, 1)
    play(hand, "1 ron")
    r = hand.result
    assert r is not None
    (w,) = r.winners
    assert w.seat == 1 and w.kind is WinKind.EIGHT_IMMORTALS and w.payer == 2
    assert r.deltas == (0, 24000, -24000, 0)


def test_form4_window_closes_at_the_declarers_next_turn() -> None:
    hand = _six_and_seventh(late=True)
    play(hand, "0 cut", *_declare(1, "123456"), "1 cut", "2 flower 7f", "2 cut", "3 cut")
    play(hand, "0 cut", "1 cut", "2 cut", "3 cut", "0 cut")
    assert hand.observe(1).drawn == parse_tile("8f")
    assert "ron" not in kinds(hand, 1)
    assert "flower" in kinds(hand, 1)


def test_form2_seven_declared_and_the_eighth_undrawn_at_exhaustive_draw() -> None:
    hand = deal(
        {1: "1234567f123m456p"}, draws="5s" "3s" "4s" "6s" "7s", tail="2345678p", pond_limit=2
    )
    play(hand, "0 cut", *_declare(1, "1234567"), "1 cut", "2 cut", "3 cut", "0 cut")
    finish(hand)
    r = hand.result
    assert r is not None and r.exhaustive and r.end is WinKind.EIGHT_IMMORTALS
    (w,) = r.winners
    assert w.seat == 1 and w.payer is None and w.score.total == 8000
    assert r.deltas == (-8000, 24000, -8000, -8000)


def test_form2_eighth_held_by_another_player_scores_nothing() -> None:
    hand = deal(
        {1: "1234567f123m456p", 2: "8f147m258p369s123z"},
        draws="5s" "3s" "4s" "6s" "7s",
        tail="2345678p",
        pond_limit=2,
    )
    play(hand, "0 cut", *_declare(1, "1234567"), "1 cut", "2 cut", "3 cut", "0 cut")
    finish(hand)
    r = hand.result
    assert r is not None and r.end is WinKind.EXHAUSTIVE_DRAW and not r.winners


def test_form4_a_copy_keeps_the_window_of_its_own() -> None:
    hand = _six_and_seventh(late=False)
    play(hand, "0 cut", *_declare(1, "123456"), "1 cut", "2 flower 7f", "2 cut", "3 cut")
    play(hand, "0 cut")
    trial = hand.copy()
    play(trial, "1 discard 1m")  # the copy gives form 4 up by discarding ...
    assert trial.phase is not Phase.ENDED
    play(hand, "1 ron")  # ... the original still wins it
    r = hand.result
    assert r is not None and r.winners[0].kind is WinKind.EIGHT_IMMORTALS

"""Sacred discard (furiten): any winning tile in one's own pond, called tiles included, bars
discard wins; self-draw stays allowed; optional temporary furiten."""

from __future__ import annotations

import pytest
from enginekit import deal, kinds, play

from tingpai.engine import Action, ActionKind, IllegalAction

JUNK0 = "147m258p369s1234z"


def test_own_pond_bars_ron_but_not_tsumo() -> None:
    # Seat 1 discards 5m, then waits on 5m (46m): furiten.
    hand = deal(
        {0: JUNK0, 1: "5m46m123456789p1s"},
        draws="6z" "1s" "5m" "7z" "7z" "5m",
    )
    play(hand, "0 cut", "1 discard 5m", "2 cut")
    assert hand.is_furiten(1)
    assert 1 not in hand.to_act()
    with pytest.raises(IllegalAction, match="seat 1 is furiten: 5m is in its pond"):
        hand.apply(Action(1, ActionKind.RON))
    play(hand, "3 cut", "0 cut")
    assert "tsumo" in kinds(hand, 1)  # self-draw is always allowed
    play(hand, "1 tsumo")
    assert hand.result is not None and hand.result.winner_seats == (1,)


def test_a_called_tile_still_counts_in_the_pond() -> None:
    hand = deal(
        {0: JUNK0, 1: "5m46m123456789p1s", 2: "55m1379m1234567z"},
        draws="6z" "1s" "5m",
    )
    play(hand, "0 cut", "1 discard 5m", "2 pung", "2 discard 9m", "3 cut")
    assert hand.observe(1).called[1] == (True,)
    assert hand.is_furiten(1)
    with pytest.raises(IllegalAction, match="furiten: 5m"):
        hand.apply(Action(1, ActionKind.RON))


# Seat 1 waits on 4p/7p; it passes seat 2's 4p, then seat 3 discards 7p.
TEMP_HANDS = {
    0: "147m9p258s123456z",
    1: "56p123m456m789m11s",
    2: "4p369m369s123456z",
    3: "7p258m147s9s12357z",
}
TEMP_DRAWS = "7z" "8s" "9s" "2s" "1z" "3z" "7p"
TEMP_SCRIPT = ("0 cut", "1 cut", "2 discard 4p", "1 pass", "3 discard 7p")


def test_passing_a_winning_tile_has_no_effect_by_default() -> None:
    hand = play(deal(TEMP_HANDS, draws=TEMP_DRAWS), *TEMP_SCRIPT)
    assert "ron" in kinds(hand, 1)


def test_temporary_furiten_lasts_until_the_next_own_discard() -> None:
    hand = play(deal(TEMP_HANDS, draws=TEMP_DRAWS, temporary_furiten=True), *TEMP_SCRIPT)
    assert 1 not in hand.to_act()
    with pytest.raises(IllegalAction, match="temporarily furiten"):
        hand.apply(Action(1, ActionKind.RON))
    play(hand, "0 cut", "1 cut", "2 cut")
    assert "ron" in kinds(hand, 1)  # its own discard ended the temporary furiten

"""2 players: in the final dealership a dealer who wins a hand and then leads ends the game."""

from __future__ import annotations

from enginekit import play

from tingpai.engine import Match, StartState, arrange_wall
from tingpai.tiles import EAST, SOUTH

HEAVEN = "123m456m789m11p56p"


def _dealer_wins(m: Match) -> None:
    wall = arrange_wall(m.ruleset, {m.dealer: HEAVEN}, "7p", dealer=m.dealer)
    play(m.next_hand(wall), f"{m.dealer} tsumo")


def test_final_dealer_wins_and_leads_game_ends() -> None:
    m = Match("hu-2p", start=StartState(round_wind=SOUTH, dealer=1))
    _dealer_wins(m)
    assert m.is_over and m.result.winner == 1


def test_final_dealer_wins_but_trails_game_goes_on() -> None:
    m = Match("hu-2p", start=StartState(round_wind=SOUTH, dealer=1, scores=(60000, 20000)))
    _dealer_wins(m)
    assert not m.is_over
    m.next_hand()
    assert (m.dealer, m.repeats) == (1, 1)


def test_not_the_final_dealership() -> None:
    m = Match("hu-2p", start=StartState(round_wind=EAST, dealer=1))
    _dealer_wins(m)
    assert not m.is_over


def test_option_off_and_four_players_do_not_finish_early() -> None:
    m = Match("hu-2p", {"early_finish": False}, start=StartState(round_wind=SOUTH, dealer=1))
    _dealer_wins(m)
    assert not m.is_over
    m4 = Match("hu-4p", start=StartState(round_wind=SOUTH, dealer=3))
    _dealer_wins(m4)
    assert not m4.is_over

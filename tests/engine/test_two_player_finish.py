"""2 players: in the final dealership a dealer who wins a hand and then leads ends the game."""

from __future__ import annotations

import copy

import pytest
from enginekit import play

from tingpai.engine import IllegalAction, Match, ReplayError, StartState, arrange_wall, replay
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


def test_no_penalty_once_the_game_is_over() -> None:
    """RULES.md: the early finish ends the game at once, so a host's penalty afterwards is
    refused and cannot reopen it (three penalties would otherwise put seat 0 ahead)."""
    m = Match("hu-2p", start=StartState(round_wind=SOUTH, dealer=1))
    _dealer_wins(m)
    scores = m.scores
    with pytest.raises(IllegalAction, match="the game is over: no penalty"):
        m.penalize(1)
    assert m.is_over and m.scores == scores and m.result.winner == 1


def test_a_record_naming_actions_after_the_early_finish_is_refused() -> None:
    """A record's actions end where the game ends: a penalty after the finish, or a
    further hand, is an error naming that hand and action."""
    m = Match("hu-2p", start=StartState(round_wind=SOUTH, dealer=1))
    _dealer_wins(m)
    record = m.record()
    penalty = copy.deepcopy(record)
    penalty["hands"][0]["actions"].append({"seat": 1, "do": "penalty"})
    with pytest.raises(ReplayError, match="the game is over") as caught:
        replay(penalty)
    assert (caught.value.hand, caught.value.action) == (0, 1)
    extra = copy.deepcopy(record)
    extra["hands"].append(copy.deepcopy(record["hands"][0]))
    with pytest.raises(ReplayError, match="hand 1: the game is over") as caught:
        replay(extra)
    assert (caught.value.hand, caught.value.action) == (1, 0)

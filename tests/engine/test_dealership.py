"""Dealership, repeats, the eighth repeat, rounds East and South, game end and winner."""

from __future__ import annotations

from typing import Any

import pytest
from enginekit import finish, play

from tingpai.engine import GameResult, Hand, IllegalAction, Match, StartState, arrange_wall
from tingpai.engine.match import ranking
from tingpai.rules import WinKind
from tingpai.tiles import EAST, SOUTH

HEAVEN = "123m456m789m11p56p"  # with a 7p draw
JUNK = "147m258p369s1234z"  # with a 5s draw: never ready, its discard is a simple


def _hand(match: Match, hands: dict[int, str], draws: str) -> Hand:
    up = match.upcoming()
    assert up is not None
    return match.next_hand(arrange_wall(match.ruleset, hands, draws, dealer=up[0]))


def _dealer(match: Match) -> int:
    up = match.upcoming()
    assert up is not None
    return up[0]


def dealer_wins(match: Match) -> Hand:
    d = _dealer(match)
    return play(_hand(match, {d: HEAVEN}, "7p"), f"{d} tsumo")


def next_seat_wins(match: Match) -> Hand:
    d = _dealer(match)
    n = match.players
    hand = _hand(match, {d: JUNK, (d + 1) % n: "46m123456789p11s"}, "5s" "5m")
    return play(hand, f"{d} cut", f"{(d + 1) % n} tsumo")


def draw_with_dealer(match: Match, ready: bool) -> Hand:
    d = _dealer(match)
    hand = _hand(match, {d: "123m456m789m11p56p" if ready else JUNK}, "5s")
    return finish(play(hand, f"{d} cut"))


def new(rid: str = "hu-4p", start: StartState | None = None, **options: Any) -> Match:
    return Match(rid, options, start=start)


def test_dealer_win_repeats_and_non_dealer_win_passes() -> None:
    m = new()
    dealer_wins(m)
    _hand(m, {}, "")
    assert (m.dealer, m.repeats) == (0, 1)
    m2 = new()
    next_seat_wins(m2)
    _hand(m2, {}, "")
    assert (m2.dealer, m2.repeats) == (1, 0)


def test_exhaustive_draw_repeats_only_when_the_dealer_is_ready() -> None:
    m = new(pond_limit=1)
    draw_with_dealer(m, ready=True)
    draw_with_dealer(m, ready=True)
    assert (m.dealer, m.repeats) == (0, 1)
    draw_with_dealer(m, ready=False)
    _hand(m, {}, "")
    assert (m.dealer, m.repeats) == (1, 0)


def test_repeat_bonus_goes_to_a_winning_dealer() -> None:
    m = new(start=StartState(repeats=3))
    hand = dealer_wins(m)
    assert hand.result is not None and hand.result.winners[0].score.total == 8000 + 300


def test_eighth_repeat_bonus_and_forced_rotation() -> None:
    m = new(start=StartState(repeats=8))
    hand = dealer_wins(m)
    assert hand.result is not None
    assert hand.result.winners[0].score.total == 8000 + 800 + 4000
    _hand(m, {}, "")
    assert (m.dealer, m.repeats) == (1, 0)
    # every winner of that hand gets the bonus, a non-dealer too
    m2 = new(start=StartState(repeats=8))
    hand2 = next_seat_wins(m2)
    assert hand2.result is not None
    w = hand2.result.winners[0]
    assert w.seat == 1 and w.score.total == 8000 + 4000  # Blessing of Earth + bonus


@pytest.mark.parametrize(("rid", "players"), [("hu-4p", 4), ("hu-3p", 3), ("hu-2p", 2)])
def test_rounds_east_then_south_and_game_end(rid: str, players: int) -> None:
    m = new(rid, pond_limit=1, early_finish=False)
    seen = []
    while not m.is_over:
        hand = draw_with_dealer(m, ready=False)
        seen.append((hand.round_wind, hand.dealer))
    order = list(range(players))
    assert seen == [(EAST, d) for d in order] + [(SOUTH, d) for d in order]
    with pytest.raises(IllegalAction, match="game is over"):
        m.next_hand()
    res = m.result
    assert res.over and sum(res.scores) == players * m.ruleset.options.start_points


def test_wins_at_exhaustive_draw_count_as_wins_for_rotation() -> None:
    m = new(pond_limit=1)
    hand = _hand(m, {0: "123m456m789m11p56p"}, "9s")  # dealer's pond: 9s -> terminal discards
    finish(play(hand, "0 cut"))
    assert hand.result is not None and hand.result.end is WinKind.TERMINAL_DISCARDS
    _hand(m, {}, "")
    assert (m.dealer, m.repeats) == (0, 1)


def test_ranking_ties_go_to_the_earlier_seat() -> None:
    assert ranking((100, 200, 200, 50)) == (1, 2, 0, 3)
    assert GameResult((5, 5), (0, 1), 3, True).winner == 0


def test_start_state_is_respected_and_recorded() -> None:
    m = new(start=StartState(round_wind=SOUTH, dealer=2, repeats=1, scores=(1, 2, 3, 4)))
    assert m.scores == (1, 2, 3, 4)
    hand = _hand(m, {}, "")
    assert hand.dealer == 2 and hand.round_wind == SOUTH and hand.repeats == 1
    assert hand.seat_winds == (SOUTH + 1, SOUTH + 2, EAST, SOUTH)
    assert m.record()["start"] == {"round_wind": "S", "dealer": 2, "repeats": 1,
                                   "scores": [1, 2, 3, 4]}

"""``play_hand`` drives bots through a hand; a bot may act only for its own seat."""

from __future__ import annotations

import random

import pytest

from tingpai import Action, Hand, find_bot, find_ruleset
from tingpai.bots import play_hand
from tingpai.bots.base import Bot
from tingpai.engine import IllegalAction, Observation, Phase


class ForOtherSeat:
    """A bot that answers a claimable tile with another waiting seat's legal pass."""

    def __init__(self, hand: Hand) -> None:
        self.hand = hand
        self.inner = find_bot("random", random.Random(1))

    def act(self, obs: Observation) -> Action:
        if self.hand.phase is Phase.CLAIMS:
            others = [s for s in self.hand.to_act() if s != obs.seat]
            if others:  # legal for that seat, so Hand.apply alone would take it
                return next(a for a in self.hand.legal_actions(others[0]))
        return self.inner.act(obs)


def test_an_action_for_another_seat_is_refused() -> None:
    hand = Hand(find_ruleset("hu-4p"), seed=3)
    bots: list[Bot] = [ForOtherSeat(hand) for _ in range(4)]
    with pytest.raises(IllegalAction, match=r"returned an action for seat \d .*own seat"):
        play_hand(hand, bots)
    assert not hand.is_over  # refused before it was applied: the hand goes on
    seat = hand.to_act()[0]
    legal_before = hand.legal_actions(seat)
    assert legal_before  # still the same seat's turn to answer


def test_honest_bots_finish_the_hand() -> None:
    hand = Hand(find_ruleset("hu-4p"), seed=3)
    result = play_hand(hand, [find_bot("greedy", random.Random(s)) for s in range(4)])
    assert hand.is_over and result is hand.result

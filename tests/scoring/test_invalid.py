"""Seat winds a table does not seat make the situation invalid (a reason, not an error)."""

from __future__ import annotations

import pytest

from tingpai.rules import WinKind, find_ruleset
from tingpai.scoring import Situation, score
from tingpai.tiles import NORTH, WEST, parse_tiles


@pytest.mark.parametrize(("rules", "wind"), [("hu-3p", NORTH), ("hu-2p", WEST), ("hk-2p", NORTH)])
def test_a_seat_wind_the_table_does_not_seat_is_invalid(rules: str, wind: int) -> None:
    # RULES.md: 3p seats E S W (no North); 2p seats E S.
    hand = parse_tiles("123m456p789s12355s")
    if rules == "hk-2p":
        hand = parse_tiles("123p456p789p11z555z")
    situation = Situation(
        concealed=tuple(hand), win_tile=hand[-1], win=WinKind.SELF_DRAW, seat_wind=wind
    )
    result = score(situation, find_ruleset(rules))
    assert not result.valid
    assert result.reason is not None and "not a seat of this table" in result.reason

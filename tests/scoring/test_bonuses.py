"""Dealer-repeat and eighth-repeat bonuses: added outside the cap and outside limits."""

from __future__ import annotations

from typing import Any

import pytest
from scoring_helpers import score_hand

from tingpai.rules import find_ruleset

CAPPED = "123s123s456s789s9s +9s"  # 8500 with a flower set, capped to 8000
CAPPED_KW: dict[str, Any] = {"win": "self", "flowers": "1234f"}
SMALL = "123m456p789s234s5p +5p"  # All Sequences 500


# (hand, keywords, total, bonus ids)
ROWS: list[tuple[str, dict[str, Any], int, tuple[str, ...]]] = [
    (CAPPED, {**CAPPED_KW, "seat": "E", "dealer_repeats": 3}, 8300, ("dealer_repeats",)),
    (CAPPED, {**CAPPED_KW, "seat": "S", "dealer_repeats": 3}, 8000, ()),  # not the dealer
    (CAPPED, {**CAPPED_KW, "eighth_repeat": True}, 12000, ("eighth_repeat",)),
    (CAPPED, {**CAPPED_KW, "seat": "E", "dealer_repeats": 8, "eighth_repeat": True}, 12800,
     ("dealer_repeats", "eighth_repeat")),
    # a dealer winning at repeat 8 is in the hand played at the eighth repeat (seed: "Upon
    # reaching a dealer's eighth repeat, everyone's winning hands are awarded 4000 more")
    (SMALL, {"seat": "E", "dealer_repeats": 8}, 5300, ("dealer_repeats", "eighth_repeat")),
    (SMALL, {"seat": "E", "dealer_repeats": 7}, 1200, ("dealer_repeats",)),
    (SMALL, {"seat": "E", "dealer_repeats": 2}, 700, ("dealer_repeats",)),
    (SMALL, {"seat": "E", "dealer_repeats": 0}, 500, ()),
    # a limit hand: 12000 + 200
    ("111z333z444z666z7z +7z", {"seat": "E", "dealer_repeats": 2}, 12200, ("dealer_repeats",)),
    ("111z333z444z666z7z +7z", {"eighth_repeat": True}, 16000, ("eighth_repeat",)),
]


@pytest.mark.parametrize(("hand", "kwargs", "total", "bonuses"), ROWS)
def test_bonuses_outside_cap(hand: str, kwargs: dict[str, Any], total: int,
                             bonuses: tuple[str, ...]) -> None:
    result = score_hand(hand, **kwargs)
    assert result.valid
    assert result.total == total
    assert tuple(b.id for b in result.bonuses) == bonuses
    patterns_part = 8000 if result.capped else result.subtotal
    assert result.total - sum(b.value for b in result.bonuses) == patterns_part


def test_bonus_is_paid_like_base_points() -> None:
    result = score_hand(SMALL, seat="E", dealer_repeats=2)
    assert result.payments.as_dict() == {"discarder": 2100}  # 700 x 3


def test_bonus_values_are_options() -> None:
    ruleset = find_ruleset("hu-4p", repeat_bonus=300, eighth_repeat_bonus=1000)
    result = score_hand(SMALL, ruleset, seat="E", dealer_repeats=2, eighth_repeat=True)
    assert result.total == 500 + 600 + 1000

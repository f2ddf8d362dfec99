"""Payment functions: Hu multipliers, and the Hong Kong tables RULES.md prints (ready for
the Hong Kong rulesets)."""

from __future__ import annotations

import pytest

from tingpai.rules import PAYMENT_TABLES, find_ruleset
from tingpai.rules.base import Payments


@pytest.mark.parametrize(
    ("rules", "base", "self_drawn", "expected"),
    [
        ("hu-4p", 6600, True, Payments(each=6600)),
        ("hu-3p", 6600, True, Payments(each=6600)),
        ("hu-2p", 6600, True, Payments(each=6600)),
        ("hu-4p", 6600, False, Payments(discarder=19800)),
        ("hu-3p", 6600, False, Payments(discarder=16500)),
        ("hu-2p", 6600, False, Payments(discarder=13200)),
        ("hu-3p", 8100, False, Payments(discarder=20250)),
        ("hu-4p", 20000, False, Payments(discarder=60000)),
    ],
)
def test_hu_payments(rules: str, base: int, self_drawn: bool, expected: Payments) -> None:
    assert find_ruleset(rules).payments(base, self_drawn) == expected


def test_discard_multiplier_is_an_option() -> None:
    ruleset = find_ruleset("hu-4p", discard_multiplier="5/2")
    assert ruleset.payments(1000, False) == Payments(discarder=2500)


# RULES.md half-spicy table: fan 3..10 -> (discard, each self-draw payer)
HALF_SPICY = {3: (32, 16), 4: (64, 32), 5: (96, 48), 6: (128, 64), 7: (192, 96),
              8: (256, 128), 9: (384, 192), 10: (512, 256)}


@pytest.mark.parametrize(("fan", "amounts"), sorted(HALF_SPICY.items()))
def test_half_spicy(fan: int, amounts: tuple[int, int]) -> None:
    table = PAYMENT_TABLES["half-spicy"](find_ruleset("hu-4p").options)
    assert table(fan, False) == Payments(discarder=amounts[0])
    assert table(fan, True) == Payments(each=amounts[1])


@pytest.mark.parametrize(("fan", "discard", "each"),
                         [(3, 32, 16), (4, 64, 32), (5, 128, 64), (10, 4096, 2048)])
def test_full_spicy(fan: int, discard: int, each: int) -> None:
    table = PAYMENT_TABLES["full-spicy"](find_ruleset("hu-4p").options)
    assert table(fan, False) == Payments(discarder=discard)
    assert table(fan, True) == Payments(each=each)


# seed 002: 3 fan -> discard 8+8+16, self-drawn 16 each; 10+ -> 64 points
@pytest.mark.parametrize(
    ("fan", "discarder", "others", "each"),
    [(0, 2, 1, 2), (1, 4, 2, 4), (2, 8, 4, 8), (3, 16, 8, 16), (5, 32, 16, 32),
     (8, 64, 32, 64), (10, 128, 64, 128), (13, 128, 64, 128)],
)
def test_fan_laak(fan: int, discarder: int, others: int, each: int) -> None:
    table = PAYMENT_TABLES["fan-laak"](find_ruleset("hu-4p").options)
    assert table(fan, False) == Payments(discarder=discarder, others=others)
    assert table(fan, True) == Payments(each=each)


def test_golden_single_opponent_pays_four_player_amount() -> None:
    table = PAYMENT_TABLES["golden"](find_ruleset("hu-4p").options)
    assert table(3, False) == Payments(discarder=32)
    assert table(3, True) == Payments(each=48)  # 3 x 16


def test_payments_json_keys() -> None:
    assert Payments(discarder=5, others=2).as_dict() == {"discarder": 5, "others": 2}
    assert Payments(each=4).as_dict() == {"each": 4}

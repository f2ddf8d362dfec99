"""Improving tiles (tile acceptance) against their definition via ``shanten``.

A kind improves a 13-3k tile hand when drawing it gives a 14-3k tile hand of lower
shanten.  ``improving_tiles`` derives this from per-suit tables and the optimal splits
of the hand; here it is checked against 34 plain ``shanten`` calls per hand.
"""

from __future__ import annotations

import random

import pytest

from tingpai.analysis import ALL_FORMS, STANDARD_AND_ORPHANS, Form, improving_tiles, shanten
from tingpai.tiles import parse_counts, tiles_to_str

from .test_waits import complete_hand, minus_one, random_hand, special_complete, swap_one


def by_definition(counts: list[int], forms: Form) -> list[int]:
    base = shanten(counts, forms)
    out = []
    for t in range(34):
        if counts[t] < 4:
            counts[t] += 1
            if shanten(counts, forms) < base:
                out.append(t)
            counts[t] -= 1
    return out


def test_example() -> None:
    # 3 melds, 11z and lone 5z 7z: 1z makes a fourth meld, 5z or 7z a second pair.
    counts = parse_counts("123m456p789s11z57z")
    assert tiles_to_str(improving_tiles(counts, Form.STANDARD)) == "157z"
    # Seven pairs: 11z is one pair and 12 kinds are held, so only pairing a single helps.
    assert tiles_to_str(improving_tiles(counts, Form.PAIRS)) == "123m456p789s57z"


@pytest.mark.parametrize("forms", [ALL_FORMS, STANDARD_AND_ORPHANS, Form.STANDARD, Form.PAIRS])
def test_random_hands(forms: Form) -> None:
    rng = random.Random(hash(forms.value))
    for i in range(700):
        if i % 4 == 0:
            c = random_hand(rng, 13)
        elif i % 4 == 1:
            c = swap_one(rng, minus_one(rng, complete_hand(rng, 4)))
        elif i % 4 == 2:
            c = swap_one(rng, minus_one(rng, special_complete(rng)))
        else:
            c = swap_one(rng, minus_one(rng, complete_hand(rng, rng.randint(0, 3))))
        if sum(c) < 13 and forms is Form.PAIRS:
            continue  # seven pairs does not apply with fixed melds
        assert improving_tiles(c, forms) == by_definition(c, forms), (c, forms)


def test_with_fixed_melds_only_standard_applies() -> None:
    counts = parse_counts("1123m")  # three fixed melds
    assert improving_tiles(counts) == by_definition(counts, ALL_FORMS) == [0, 3]
    with pytest.raises(ValueError, match="no chosen form"):
        improving_tiles(counts, Form.PAIRS)

"""The seed's scoring example in all six forms (4/3/2 players, self-draw and discard).

The seed lists Fully Outside Hand 4000 + Three-color Sequences 2000 + All Sequences 500 +
Flower 100 and prints "= 6100"; the terms sum to 6600 (RULES.md: the printed total is a
slip).  Self-draw: each of 3/2/1 losers pays 6600 (19800/13200/6600 in all); discard: the
discarder pays 6600 x 3 / 2.5 / 2 = 19800/16500/13200.
"""

from __future__ import annotations

import pytest
from scoring_helpers import RULES, counted, score_hand

from tingpai.tiles import parse_hand, parse_tiles

SEED_LINE = "🀇🀈🀉 🀐🀑🀒 🀙🀚🀛 🀟🀠🀡 🀡🀡 🀦"
HAND = "123s123p789p9p [123m] +9p"
EXPECTED_PATTERNS = {
    "fully_outside": 4000,
    "three_color_sequences": 2000,
    "all_sequences": 500,
    "flower_tile": 100,
}


def test_seed_line_is_the_hand() -> None:
    tiles = parse_tiles(SEED_LINE)
    assert sorted(tiles) == sorted(parse_tiles("123m 123s 123p 789p 99p 5f"))
    concealed, melds, win = parse_hand(HAND)
    assert win == parse_tiles("9p")[0]
    assert sorted(concealed + [t for m in melds for t in m.tiles] + parse_tiles("5f")) == sorted(
        tiles
    )


@pytest.mark.parametrize(
    ("rules", "win", "losers", "key", "pays", "received"),
    [
        ("hu-4p", "self", 3, "each", 6600, 19800),
        ("hu-3p", "self", 2, "each", 6600, 13200),
        ("hu-2p", "self", 1, "each", 6600, 6600),
        ("hu-4p", "discard", 1, "discarder", 19800, 19800),
        ("hu-3p", "discard", 1, "discarder", 16500, 16500),
        ("hu-2p", "discard", 1, "discarder", 13200, 13200),
    ],
)
def test_seed_scoring_example(
    rules: str, win: str, losers: int, key: str, pays: int, received: int
) -> None:
    result = score_hand(HAND, rules, win=win, flowers="5f")
    assert result.valid, result.reason
    assert counted(result) == EXPECTED_PATTERNS
    assert result.total == 6600
    assert not result.limit and not result.capped
    assert result.payments.as_dict() == {key: pays}
    if key == "each":
        assert RULES[rules].options.players - 1 == losers
    assert pays * losers == received

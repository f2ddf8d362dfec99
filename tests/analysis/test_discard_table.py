"""``discard_table``: one row per distinct discard, consistent with ``shanten`` and
``improving_tiles``, with live counts that subtract the hand and the visible tiles."""

from __future__ import annotations

import random

import pytest

from tingpai.analysis import ALL_FORMS, Form, discard_table, improving_tiles, shanten
from tingpai.tiles import parse_counts

from .test_waits import complete_hand, random_hand, swap_one


def test_live_counts_with_visible() -> None:
    hand = parse_counts("123m456p789s11223z")
    visible = parse_counts("1z 1z 2z 9m")
    rows = discard_table(hand, visible)
    best = rows[0]
    # Discarding 3z leaves a shanpon on 1z and 2z: two 1z in hand and two visible (0 live),
    # two 2z in hand and one visible (1 live).
    assert (best.tile, best.shanten, best.improving, best.live) == (29, 0, (27, 28), 1)
    without = {row.tile: row.live for row in discard_table(hand)}
    assert without[29] == 4
    # Visible tiles of kinds that do not improve the hand change nothing.
    assert {row.tile: row.live for row in discard_table(hand, parse_counts("5s5s"))} == without


def test_live_never_negative() -> None:
    hand = parse_counts("123m456p789s11223z")
    visible = parse_counts("2z2z")  # with the two in hand, all four 2z are accounted for
    for row in discard_table(hand, visible):
        assert row.live >= 0


def test_rows_match_shanten_and_improving() -> None:
    rng = random.Random(5)
    for i in range(300):
        melds = i % 5 if i % 5 < 4 else 0
        if i % 3:
            c = random_hand(rng, 14 - 3 * melds)
        else:
            c = swap_one(rng, complete_hand(rng, 4 - melds))
        visible = [0] * 34
        for t in rng.sample(range(34), 10):
            visible[t] = rng.randint(0, 4 - c[t])
        forms = ALL_FORMS if melds == 0 else Form.STANDARD
        rows = discard_table(c, visible, forms)
        assert sorted(row.tile for row in rows) == [t for t in range(34) if c[t]]
        for row in rows:
            after = c[:]
            after[row.tile] -= 1
            assert row.shanten == shanten(after, forms)
            assert list(row.improving) == improving_tiles(after, forms)
            assert row.live == sum(4 - c[t] - visible[t] for t in row.improving)
        keys = [(row.shanten, -row.live, row.tile) for row in rows]
        assert keys == sorted(keys)
        # A 14-3k tile hand's shanten is its best discard's, except that a complete hand
        # (-1) is ready (0) after any discard.
        assert rows[0].shanten == max(0, shanten(c, forms))


@pytest.mark.parametrize(
    ("counts", "visible", "message"),
    [
        (parse_counts("123m456p789s1122z"), None, "14 tiles"),
        (parse_counts("123m456p789s11223z"), [0] * 33, "visible must have 34"),
    ],
)
def test_errors(counts: list[int], visible: list[int] | None, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        discard_table(counts, visible)

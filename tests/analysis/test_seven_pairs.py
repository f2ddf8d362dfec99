"""Seven pairs needs seven distinct kinds: four of a kind is one pair, not two.

Convention (shared with the ``mahjong`` library): seven pairs shanten is
``6 - pairs + max(0, 7 - kinds)``, where ``pairs`` counts kinds held at least twice and
``kinds`` the distinct kinds held.  This is also the exact distance: the hand needs a
second tile for each missing pair among its kinds, and two tiles per missing kind.
"""

from __future__ import annotations

import random

import pytest

from tingpai.analysis import (
    Form,
    discard_table,
    is_complete,
    is_ready,
    is_seven_pairs,
    shanten,
    waits,
)
from tingpai.tiles import parse_counts

PAIRS = Form.PAIRS


def formula(counts: list[int]) -> int:
    pairs = sum(1 for n in counts if n >= 2)
    kinds = sum(1 for n in counts if n >= 1)
    return 6 - pairs + max(0, 7 - kinds)


def test_quad_is_not_two_pairs() -> None:
    hand = parse_counts("1111m2233p4455s66s")  # 14 tiles, six kinds
    assert not is_seven_pairs(hand)
    assert not is_complete(hand, PAIRS)
    assert shanten(hand, PAIRS) == 1  # e.g. drop a 1m, draw a seventh kind, pair it
    best = discard_table(hand, forms=PAIRS)[0]
    assert best.tile == 0 and best.shanten == 1  # throwing a 1m keeps the most options


def test_quad_and_single_is_not_ready() -> None:
    # Looks like six pairs and a single, but 1111m is one pair kind: 5 pairs, 6 kinds.
    hand = parse_counts("1111m2233p4455s6z")
    assert shanten(hand, PAIRS) == 2
    assert waits(hand, PAIRS) == []
    assert not is_ready(hand, PAIRS)


def test_triplet_and_single_is_not_ready() -> None:
    # 111m counts once: six pair kinds but only six kinds, so the 1m is no wait.
    hand = parse_counts("111m22m3344p5566s")
    assert shanten(hand, PAIRS) == 1
    assert waits(hand, PAIRS) == []


def test_real_seven_pairs() -> None:
    hand = parse_counts("1122m3344p5566s7z")
    assert waits(hand, PAIRS) == [33]
    done = parse_counts("1122m3344p5566s77z")
    assert is_seven_pairs(done) and is_complete(done, PAIRS) and shanten(done, PAIRS) == -1


def test_random_hands_follow_the_formula() -> None:
    rng = random.Random(3)
    for i in range(3000):
        size = 13 + i % 2
        kinds = rng.sample(range(34), rng.randint(4, 9))  # few kinds: many pairs and quads
        wall = [t for t in kinds for _ in range(4)]
        counts = [0] * 34
        for t in rng.sample(wall, size):
            counts[t] += 1
        assert shanten(counts, PAIRS) == formula(counts), counts


def test_same_convention_as_the_mahjong_library() -> None:
    peer = pytest.importorskip("mahjong.shanten").Shanten
    rng = random.Random(4)
    for i in range(2000):
        kinds = rng.sample(range(34), rng.randint(4, 9))
        wall = [t for t in kinds for _ in range(4)]
        counts = [0] * 34
        for t in rng.sample(wall, 13 + i % 2):
            counts[t] += 1
        assert shanten(counts, PAIRS) == peer.calculate_shanten_for_chiitoitsu_hand(counts)

"""Shanten within per-kind limits (copies in one's own melds, kinds outside the set):
agrees with the tables when nothing is limited, and with a brute-force search of draws
and discards when something is."""

from __future__ import annotations

import random
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tingpai.analysis import ALL_FORMS, Form, shanten
from tingpai.analysis.capped import UNREACHABLE, capped_shanten, limits
from tingpai.rules import find_ruleset
from tingpai.tiles import NUM_KINDS, parse_counts

FULL = [4] * NUM_KINDS
TWO_PLAYER = limits([0] * NUM_KINDS, find_ruleset("hk-2p").options.tile_kinds)
HK = Form.STANDARD | Form.ORPHANS


@pytest.mark.parametrize(("hand", "melded", "kinds", "forms", "expected"), [
    # ready on 1m only, but the fourth 1m is the only one left: one step away
    ("1m", "111m222p333p444p", None, Form.STANDARD, 1),
    ("1m", "", None, Form.STANDARD, 0),
    # the 80-tile set: 1m and 9m make no chows, and the fourth 1m cannot pair up
    ("111199m3333777z", "", TWO_PLAYER, HK, 2),
    ("11119999m1111z22z", "", TWO_PLAYER, HK, 2),
    ("9m9s11z", "123p999s999m", TWO_PLAYER, HK, 2),
    ("123m456p789s1122z", "", None, ALL_FORMS, 0),
    # seven pairs needs seven kinds that can pair; four of them melded elsewhere
    ("1122334455667z", "", None, Form.PAIRS, 0),
])
def test_known_values(hand: str, melded: str, kinds: list[int] | None, forms: Form,
                      expected: int) -> None:
    caps = kinds if kinds is not None else limits(
        parse_counts(melded) if melded else [0] * NUM_KINDS)
    if kinds is not None and melded:
        caps = [min(c, 4 - m) for c, m in zip(kinds, parse_counts(melded), strict=True)]
    assert capped_shanten(parse_counts(hand), caps, forms) == expected


def test_a_form_no_hand_within_the_limits_can_make() -> None:
    no_pairs = [1] * NUM_KINDS  # one copy of each kind: no pair, no seven pairs
    assert capped_shanten(parse_counts("1234567m123456p"), no_pairs,
                          Form.PAIRS) == UNREACHABLE


def random_hand(rng: random.Random, size: int) -> list[int]:
    pool = [t for t in range(NUM_KINDS) for _ in range(4)]
    counts = [0] * NUM_KINDS
    for t in rng.sample(pool, size):
        counts[t] += 1
    return counts


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from([1, 2, 4, 5, 7, 8, 10, 11, 13, 14]))
def test_without_limits_it_is_the_tables_shanten(seed: int, size: int) -> None:
    counts = random_hand(random.Random(seed), size)
    forms = ALL_FORMS if size >= 13 else Form.STANDARD
    assert capped_shanten(counts, FULL, forms) == shanten(counts, forms)


def brute_force(counts: tuple[int, ...], caps: tuple[int, ...]) -> int:
    """Least draws (each followed by a discard) after which a draw completes the hand,
    searched breadth first over the kinds the limits leave (standard form)."""
    kinds = [t for t in range(NUM_KINDS) if caps[t]]

    @cache
    def complete(hand: tuple[int, ...]) -> bool:
        return shanten(hand, Form.STANDARD) == -1

    frontier = {counts}
    for steps in range(6):
        for hand in frontier:
            for t in kinds:
                if hand[t] < caps[t]:
                    drawn = list(hand)
                    drawn[t] += 1
                    if complete(tuple(drawn)):
                        return steps
        nxt = set()
        for hand in frontier:
            for t in kinds:
                if hand[t] >= caps[t]:
                    continue
                for u in range(NUM_KINDS):
                    if hand[u] and u != t:
                        moved = list(hand)
                        moved[t] += 1
                        moved[u] -= 1
                        nxt.add(tuple(moved))
        frontier = nxt
    return UNREACHABLE


@pytest.mark.parametrize("seed", range(40))
def test_limited_hands_agree_with_a_brute_force_search(seed: int) -> None:
    """Four-tile hands (one meld and a pair to make) in a suit-heavy corner of the set,
    with random per-kind limits: the exact distance a search finds."""
    rng = random.Random(seed)
    caps = [rng.choice((0, 1, 2, 3, 4)) if t < 9 or t >= 27 else 0 for t in range(NUM_KINDS)]
    counts = [0] * NUM_KINDS
    while sum(counts) < 4:
        t = rng.choice([k for k in range(NUM_KINDS) if caps[k] > counts[k]])
        counts[t] += 1
    assert capped_shanten(counts, caps, Form.STANDARD) == brute_force(tuple(counts), tuple(caps))

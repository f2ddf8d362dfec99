"""Known shanten values, worked out by hand, and the exactness of shanten near 0.

Shanten here is exact: one less than the least number of tiles to draw (discarding
others) to reach a complete hand, never needing a fifth copy of a kind.
"""

from __future__ import annotations

import random

import pytest

from tingpai.analysis import (
    ALL_FORMS,
    STANDARD_AND_ORPHANS,
    Form,
    is_complete,
    shanten,
    shanten_by_form,
)
from tingpai.tiles import parse_counts

from .test_waits import complete_hand, complete_orphans, complete_pairs, complete_standard

S, P, ORPH = Form.STANDARD, Form.PAIRS, Form.ORPHANS


@pytest.mark.parametrize(
    ("text", "standard", "pairs", "orphans"),
    [
        # Three melds and two pairs: ready on either pair (shanpon).  Seven pairs: 2 pairs
        # and 11 kinds, 6 - 2 = 4.  Orphans: 1m 9s 1z 2z held, 1z doubled: 13 - 4 - 1 = 8.
        ("123m456p789s1122z", 0, 4, 8),
        # Complete: 123m 456p 789s 111z 22z.
        ("123m456p789s11122z", -1, 4, 8),
        # Three melds and four lone honours: one pung (2 tiles) and one pair (1 tile) are
        # missing, 3 tiles, shanten 2.  13 kinds, no pair: seven pairs 6.  Orphans 1m 9s
        # and four honours: 13 - 6 = 7.
        ("123m456p789s1257z", 2, 6, 7),
        # 1m 4m 7m / 2p 5p 8p / 3s 6s 9s / 1234z: no two tiles fit one meld, so each of
        # the 5 groups covers one held tile and 9 tiles are missing: shanten 8.
        ("147m258p369s1234z", 8, 6, 7),
        # Six pairs and a single: ready for seven pairs on 7z.  Standard: each suit's
        # 1122-shaped four tiles cover at most 4 tiles of two melds or a meld and a pair,
        # so 4 melds and a pair cover 10 held tiles: 4 missing, shanten 3.
        ("1122m3344p5566s7z", 3, 0, 10),
        # Twelve orphan kinds and 5m: one draw of 7z (then discard 5m) leaves a 13-sided
        # wait, so orphans shanten 1.  Standard: no two of these tiles fit one meld (1 and
        # 9 are 8 apart, 5m is 4 from both), so 5 groups cover 5 tiles: 9 missing, 8.
        ("19m19p19s123456z5m", 8, 6, 1),
        ("19m19p19s1234567z", 8, 6, 0),
        # The 7z pair covers 2 tiles, four melds one each: 8 missing, shanten 7.
        ("19m19p19s12345677z", 7, 5, -1),
        # Four 1m count as one pair for seven pairs (7 distinct kinds needed): pairs 1m 2p
        # 3p 4s 5s and 6 kinds: 6 - 5 + (7 - 6) = 2 (pair the 6z, add a seventh pair).
        ("1111m2233p4455s6z", 2, 2, 10),
        # 14 tiles with a quad: six pair kinds but only six kinds: not complete.
        ("1111m2233p4455s66s", 0, 1, 11),
    ],
)
def test_known_values(text: str, standard: int, pairs: int, orphans: int) -> None:
    counts = parse_counts(text)
    assert shanten_by_form(counts) == {S: standard, P: pairs, ORPH: orphans}
    assert shanten(counts) == min(standard, pairs, orphans)
    assert shanten(counts, S) == standard
    assert shanten(counts, P) == pairs
    assert shanten(counts, ORPH) == orphans
    assert shanten(counts, STANDARD_AND_ORPHANS) == min(standard, orphans)
    assert shanten(counts, P | ORPH) == min(pairs, orphans)


def test_four_copies_are_never_a_fifth_tile() -> None:
    # 1111m 234p 567s 888s: reading 111m + 1m, the only wait would be a fifth 1m; so the
    # hand needs two draws (e.g. 2m then 3m), shanten 1, not 0.
    assert shanten(parse_counts("1111m234p567s888s")) == 1
    # Same with the pair wait: 1111m 22p 234p 567s 88s -- 11m+11m is not two pairs.
    assert shanten(parse_counts("1111m22234p567s8s"), S) == 1


@pytest.mark.parametrize("kind", [list, tuple, bytes, bytearray])
def test_input_types(kind: type) -> None:
    counts = parse_counts("123m456p789s1122z")
    assert shanten(kind(counts)) == 0
    assert shanten_by_form(kind(counts)) == {S: 0, P: 4, ORPH: 8}


def test_forms_that_do_not_apply() -> None:
    counts = parse_counts("1199m2288p3s11z")  # 11 tiles: one fixed meld
    assert shanten_by_form(counts) == {S: shanten(counts, S)}
    with pytest.raises(ValueError, match="no chosen form"):
        shanten(counts, P | ORPH)
    with pytest.raises(ValueError, match="no form chosen"):
        shanten(parse_counts("123m456p789s1122z"), Form(0))


@pytest.mark.parametrize(
    ("counts", "message"),
    [
        ([0] * 33, "34 entries"),
        ([0] * 35, "34 entries"),
        ([5] + [1] * 8 + [0] * 25, "between 0 and 4"),
        ([4] * 3 + [0] * 31, "13 or 14 tiles"),
        (parse_counts("123m456p789s123z"), "13 or 14 tiles minus 3 per fixed meld .got 12"),
        ([1] * 15 + [0] * 19, "13 or 14 tiles"),
        ([4, 4, 4, 3] + [0] * 30, "more than 14 tiles|13 or 14"),
    ],
)
def test_malformed_counts(counts: list[int], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        shanten(counts)


def test_negative_count_is_rejected() -> None:
    with pytest.raises(ValueError):
        shanten([-1] + [1] * 14 + [0] * 19)


def _swap_completes(c: list[int]) -> bool:
    """Whether discarding one tile and drawing another completes the hand (brute force)."""
    for d in range(34):
        if not c[d]:
            continue
        c[d] -= 1
        for x in range(34):
            if x != d and c[x] < 4:
                c[x] += 1
                done = complete_standard(c) or complete_pairs(c) or complete_orphans(c)
                c[x] -= 1
                if done:
                    c[d] += 1
                    return True
        c[d] += 1
    return False


def test_exact_near_complete_hands() -> None:
    """For 14-3k tiles: shanten -1 iff complete, 0 iff one swap completes the hand."""
    rng = random.Random(11)
    zero = 0
    for i in range(400):
        melds = 4 - i % 4
        c = complete_hand(rng, melds)
        # Swap one or two tiles, favouring kinds already held (quads, fifth-tile traps).
        for _ in range(1 + i % 2):
            held = [t for t in range(34) if c[t]]
            c[rng.choice(held)] -= 1
            near = [t for t in range(34) if c[t] < 4 and (c[t] or rng.random() < 0.2)]
            c[rng.choice(near)] += 1
        value = shanten(c, ALL_FORMS if melds == 4 else S)
        done = complete_standard(c) or (melds == 4 and (complete_pairs(c) or complete_orphans(c)))
        assert (value == -1) == done, c
        assert is_complete(c) == (done if melds == 4 else complete_standard(c))
        if not done:
            assert (value == 0) == _swap_completes(c), c
            zero += value == 0
    assert zero > 100


def test_agrees_with_the_mahjong_library_on_crowded_hands() -> None:
    """Hands drawn from few kinds (quads, overlapping melds, 1 to 14 tiles).

    The benchmark compares 200,000 random hands; these are the hands where shanten
    algorithms usually go wrong (a fifth copy, four of a kind as two pairs).  No
    difference has been found: the library also counts seven pairs as
    ``6 - pairs + max(0, 7 - kinds)`` and guards against fifth copies.
    """
    peer = pytest.importorskip("mahjong.shanten").Shanten.calculate_shanten
    rng = random.Random(12)
    for _ in range(3000):
        size = rng.choice((1, 2, 4, 5, 7, 8, 10, 11, 13, 14))
        kinds = rng.sample(range(34), rng.randint(3, 7))
        wall = [t for t in kinds for _ in range(4)]
        if len(wall) < size:
            continue
        c = [0] * 34
        for t in rng.sample(wall, size):
            c[t] += 1
        assert shanten(c) == peer(c), c

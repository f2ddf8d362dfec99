"""``decompositions`` against an independent enumeration, and the special forms."""

from __future__ import annotations

import random

import pytest

from tingpai.analysis import (
    Decomposition,
    decompositions,
    is_complete,
    is_seven_pairs,
    is_thirteen_orphans,
)
from tingpai.tiles import MeldKind, parse_counts

# Every meld as (kind, first tile, tiles): 21 chows then 34 pungs.
MELDS = [
    (MeldKind.CHOW, s * 9 + n, (s * 9 + n, s * 9 + n + 1, s * 9 + n + 2))
    for s in range(3)
    for n in range(7)
] + [(MeldKind.PUNG, t, (t, t, t)) for t in range(34)]


def brute_decompositions(counts: list[int]) -> set[tuple[int, tuple[tuple[str, int], ...]]]:
    """Every (pair, melds) reading: choose the pair, then melds by index, non-decreasing."""
    found: set[tuple[int, tuple[tuple[str, int], ...]]] = set()
    n_melds = (sum(counts) - 2) // 3

    def choose(c: list[int], start: int, chosen: list[int], pair: int) -> None:
        if len(chosen) == n_melds:
            if not any(c):
                melds = tuple(sorted((MELDS[i][0].value, MELDS[i][1]) for i in chosen))
                found.add((pair, melds))
            return
        for i in range(start, len(MELDS)):
            tiles = MELDS[i][2]
            if all(c[t] >= tiles.count(t) for t in tiles):
                for t in tiles:
                    c[t] -= 1
                chosen.append(i)
                choose(c, i, chosen, pair)
                chosen.pop()
                for t in tiles:
                    c[t] += 1

    for pair in range(34):
        if counts[pair] >= 2:
            c = counts[:]
            c[pair] -= 2
            choose(c, 0, [], pair)
    return found


def as_set(ds: list[Decomposition]) -> set[tuple[int, tuple[tuple[str, int], ...]]]:
    return {(d.pair, tuple(sorted((k.value, t) for k, t in d.melds))) for d in ds}


def random_complete(rng: random.Random, melds: int, suits: int) -> list[int]:
    """Random pair and melds drawn from the first ``suits`` numbered suits (plus honours
    for pungs), with at most four copies of a kind."""
    while True:
        c = [0] * 34
        c[rng.choice(range(9 * suits)) if rng.random() < 0.8 else rng.randrange(27, 34)] += 2
        for _ in range(melds):
            if rng.random() < 0.7:
                start = 9 * rng.randrange(suits) + rng.randrange(7)
                for i in range(3):
                    c[start + i] += 1
            else:
                c[rng.randrange(9 * suits)] += 3
        if max(c) <= 4:
            return c


def test_known_hand() -> None:
    ds = decompositions(parse_counts("111222333m789p55s"))
    # 111 222 333 is also 123 123 123; the pair is 5s either way.
    assert [str(d) for d in ds] == ["55s 123m 123m 123m 789p", "55s 111m 222m 333m 789p"]
    assert ds[0] == Decomposition(
        22, ((MeldKind.CHOW, 0), (MeldKind.CHOW, 0), (MeldKind.CHOW, 0), (MeldKind.CHOW, 15))
    )


def test_melds_are_sorted_and_typed() -> None:
    for d in decompositions(parse_counts("11122233344455m")):
        keys = [(t, 0 if k is MeldKind.CHOW else 1) for k, t in d.melds]
        assert keys == sorted(keys)
        assert all(k in (MeldKind.CHOW, MeldKind.PUNG) for k, _ in d.melds)


def test_not_complete_gives_nothing() -> None:
    assert decompositions(parse_counts("123m456p789s11234z")) == []
    # Seven pairs is complete but has no standard decomposition.
    seven = parse_counts("1199m2288p3377s11z")
    assert is_complete(seven) and is_seven_pairs(seven)
    assert decompositions(seven) == []


def test_random_complete_hands_agree_with_brute_force() -> None:
    rng = random.Random(7)
    for i in range(600):
        melds = 4 - i % 5 if i % 5 else 4  # fixed melds: 0 to 3 removed
        c = random_complete(rng, melds, suits=1 + i % 3)
        expected = brute_decompositions(c)
        assert expected  # the generator only makes complete hands
        assert as_set(decompositions(c)) == expected, c
        assert len(decompositions(c)) == len(expected)  # no duplicates


def test_many_readings() -> None:
    # 111 222 333 444 55: pungs, chows and their mixtures.
    c = parse_counts("11122233344455m")
    assert as_set(decompositions(c)) == brute_decompositions(c)
    assert len(decompositions(c)) >= 4


def test_seven_pairs_and_orphans_predicates() -> None:
    assert is_thirteen_orphans(parse_counts("19m19p19s12345677z"))
    assert is_thirteen_orphans(parse_counts("19m19p19s12345667z"))
    assert not is_thirteen_orphans(parse_counts("129m19p19s1234566z"))  # 2m, no 7z
    assert not is_seven_pairs(parse_counts("19m19p19s12345677z"))
    # With a fixed meld there are 11 tiles: neither special form applies.
    assert not is_seven_pairs(parse_counts("1199m2288p3s11z"))


@pytest.mark.parametrize("text", ["123m456p789s1122z", "123m"])
def test_wrong_tile_count_is_an_error(text: str) -> None:
    with pytest.raises(ValueError, match="14 tiles"):
        decompositions(parse_counts(text))

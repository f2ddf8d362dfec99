"""The scorer's decomposition tables: the complete-key index (built by enumeration) agrees
with the search it replaces, and readings agree with ``decompositions``."""

from __future__ import annotations

import random
from itertools import product

from tingpai.analysis import decompose as d
from tingpai.analysis import decompositions
from tingpai.tiles import parse_counts


def test_index_matches_search_on_every_complete_key() -> None:
    for size, count in ((9, 21_743), (7, 498)):
        index = d._enumerate(size)
        assert len(index) == count
        for key, readings in index.items():
            assert sorted(readings) == sorted(d._search(key)), key


def test_index_holds_every_key_with_a_reading() -> None:
    index = d._enumerate(9)
    for counts in product(range(5), repeat=5):  # keys of the first five kinds
        key = bytes(counts) + bytes(4)
        if sum(key) <= 14:
            assert (key in index) == bool(d._search(key)), key
    rng = random.Random(7)
    for _ in range(20_000):
        key = bytes(rng.choice((0, 0, 1, 1, 2, 3, 4)) for _ in range(9))
        if sum(key) <= 14:
            assert (key in index) == bool(d._search(key)), key


def test_readings_follow_decompositions() -> None:
    for text in ("111222333m789p55s", "11122233344455m", "123456789m123p11z", "22334455667788p"):
        b = bytes(parse_counts(text))
        readings = d.standard_readings(b)
        ds = decompositions(parse_counts(text))
        assert [(r[0], tuple(map(d.meld_of_code, r[4]))) for r in readings] == [
            (x.pair, x.melds) for x in ds
        ]
        for r, x in zip(readings, ds, strict=True):
            chows = tuple(f for k, f in x.melds if k.value == "chow")
            assert r[1] == chows
            assert r[2] == tuple(f for k, f in x.melds if k.value == "pung")
            assert r[3] == sum(1 << t for t in range(34) if any(f <= t <= f + 2 for f in chows))

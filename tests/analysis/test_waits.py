"""``waits`` and ``is_ready`` against a brute force: add each kind, test completeness.

The completeness checker below is written independently of tingpai's tables: try every
pair, then strip melds from the lowest remaining tile; seven pairs and thirteen orphans
are checked by counting.
"""

from __future__ import annotations

import random

from tingpai.analysis import ALL_FORMS, STANDARD_AND_ORPHANS, Form, is_ready, waits
from tingpai.tiles import parse_counts

ORPHAN_KINDS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


def _melds_only(c: list[int], start: int = 0) -> bool:
    """Whether counts ``c`` split into pungs and chows (c is restored on return)."""
    i = start
    while i < 34 and not c[i]:
        i += 1
    if i == 34:
        return True
    if c[i] >= 3:
        c[i] -= 3
        ok = _melds_only(c, i)
        c[i] += 3
        if ok:
            return True
    if i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        ok = _melds_only(c, i)
        c[i] += 1
        c[i + 1] += 1
        c[i + 2] += 1
        if ok:
            return True
    return False


def complete_standard(c: list[int]) -> bool:
    """Melds and exactly one pair use every tile."""
    # Quick necessary condition: every suit holds 3n tiles but one, which holds 3n+2.
    sizes = [sum(c[0:9]) % 3, sum(c[9:18]) % 3, sum(c[18:27]) % 3, sum(c[27:34]) % 3]
    if sorted(sizes) != [0, 0, 0, 2]:
        return False
    for p in range(34):
        if c[p] >= 2:
            c[p] -= 2
            ok = _melds_only(c)
            c[p] += 2
            if ok:
                return True
    return False


def complete_pairs(c: list[int]) -> bool:
    return sum(c) == 14 and c.count(2) == 7


def complete_orphans(c: list[int]) -> bool:
    return (
        sum(c) == 14 and all(c[t] for t in ORPHAN_KINDS) and sum(c[t] for t in ORPHAN_KINDS) == 14
    )


def brute_waits(c: list[int], forms: Form) -> list[int]:
    out = []
    for t in range(34):
        if c[t] == 4:
            continue  # cannot be drawn
        c[t] += 1
        if (
            (Form.STANDARD in forms and complete_standard(c))
            or (Form.PAIRS in forms and complete_pairs(c))
            or (Form.ORPHANS in forms and complete_orphans(c))
        ):
            out.append(t)
        c[t] -= 1
    return out


def random_hand(rng: random.Random, size: int, kinds: list[int] | None = None) -> list[int]:
    """``size`` tiles drawn from four copies of ``kinds`` (default: all 34)."""
    wall = [t for t in (kinds or range(34)) for _ in range(4)]
    c = [0] * 34
    for t in rng.sample(wall, size):
        c[t] += 1
    return c


def complete_hand(rng: random.Random, melds: int) -> list[int]:
    """A random complete concealed part with ``melds`` melds and a pair."""
    while True:
        c = [0] * 34
        c[rng.randrange(34)] += 2
        suit = rng.randrange(4)
        for _ in range(melds):
            if rng.random() < 0.6:
                s = suit if rng.random() < 0.5 else rng.randrange(3)
                start = 9 * min(s, 2) + rng.randrange(7)
                for i in range(3):
                    c[start + i] += 1
            else:
                c[rng.randrange(34)] += 3
        if max(c) <= 4:
            return c


def special_complete(rng: random.Random) -> list[int]:
    if rng.random() < 0.5:
        c = [0] * 34
        for t in rng.sample(range(34), 7):
            c[t] = 2
        return c
    c = [0] * 34
    for t in ORPHAN_KINDS:
        c[t] = 1
    c[rng.choice(ORPHAN_KINDS)] += 1
    return c


def minus_one(rng: random.Random, c: list[int]) -> list[int]:
    tiles = [t for t in range(34) for _ in range(c[t])]
    c = c[:]
    c[rng.choice(tiles)] -= 1
    return c


def swap_one(rng: random.Random, c: list[int]) -> list[int]:
    """Replace one tile by another (keeps most hands one or two tiles from ready)."""
    c = minus_one(rng, c)
    while True:
        t = rng.randrange(34)
        if c[t] < 4:
            c[t] += 1
            return c


def test_examples() -> None:
    assert waits(parse_counts("1112345678999m")) == list(range(9))  # nine gates
    assert waits(parse_counts("19m19p19s1234567z")) == list(ORPHAN_KINDS)
    assert waits(parse_counts("1122m3344p5566s7z")) == [33]  # seven pairs, 7z
    # Standard form only: the same hand waits on nothing (five blocks, two singles).
    assert waits(parse_counts("1122m3344p5566s7z"), Form.STANDARD) == []
    # Four 1m in hand: the tanki on 1m is impossible, so 1111m234p567s888s is not ready.
    assert waits(parse_counts("1111m234p567s888s")) == []
    assert not is_ready(parse_counts("1111m234p567s888s"))


def test_random_hands_agree_with_brute_force() -> None:
    rng = random.Random(20240602)
    checked = ready = 0
    for i in range(20_000):
        kind = i % 10
        if kind < 3:  # fully random 13 tiles (rarely ready)
            c = random_hand(rng, 13)
        elif kind == 3:  # random tiles of one or two suits: many waits and quads
            suits = rng.sample(range(3), rng.choice((1, 2)))
            c = random_hand(rng, 13, [9 * s + k for s in suits for k in range(9)])
        elif kind < 6:  # ready: a complete hand minus one tile
            c = minus_one(rng, complete_hand(rng, 4))
        elif kind == 6:  # ready or close: seven pairs and thirteen orphans
            c = minus_one(rng, special_complete(rng))
            if i % 20 == 6:
                c = swap_one(rng, c)
        elif kind == 7:  # one tile away from ready
            c = swap_one(rng, minus_one(rng, complete_hand(rng, 4)))
        else:  # fixed melds: 1 to 4 melds removed, ready or random
            melds = rng.randint(1, 4)
            c = minus_one(rng, complete_hand(rng, 4 - melds))
            if kind == 9:
                c = swap_one(rng, c)
        forms = (ALL_FORMS, STANDARD_AND_ORPHANS, Form.STANDARD)[i % 3]
        expected = brute_waits(c, forms)
        assert waits(c, forms) == expected, (c, forms)
        assert is_ready(c, forms) == bool(expected)
        checked += 1
        ready += bool(expected)
    assert checked == 20_000
    assert ready > 8_000  # the sample really exercises ready hands

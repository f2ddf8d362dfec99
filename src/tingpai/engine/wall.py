"""Walls: the ruleset's full tile set, seeded shuffles, validation, and arranged walls.

The wall is the whole set in draw order: dealing takes ``wall[0:13]`` for the dealer,
``wall[13:26]`` for the next seat in turn order and so on; the dealer then draws the next
tile.  Draws come from the head, replacement tiles (kong, flower) from the tail, last tile
first.  :func:`arrange_wall` builds a wall that produces intended hands, draws and
replacements, for tests and teaching positions.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from tingpai.engine.errors import RecordError
from tingpai.inputs import echo, whole_number
from tingpai.rules.ruleset import Ruleset
from tingpai.tiles import NUM_TILE_IDS, Tile, parse_tiles, tile_to_str, tiles_to_str

HAND_SIZE = 13
"""Tiles dealt to each seat."""


def full_set(ruleset: Ruleset) -> list[Tile]:
    """Every tile of the ruleset's set, sorted: four of each kind plus one of each bonus tile."""
    opts = ruleset.options
    tiles = [t for t in opts.tile_kinds for _ in range(4)]
    tiles.extend(opts.bonus_tiles)
    return sorted(tiles)


def seeded_rng(seed: object) -> random.Random:
    """The shuffler of a ``seed`` (None: 0), which must be a whole number
    (:func:`~tingpai.inputs.whole_number`): TypeError otherwise, since ``"7"`` or ``7.0``
    would seed another game than ``7`` without a word.

    >>> seeded_rng(7).random() == random.Random(7).random()
    True
    """
    number = 0 if seed is None else whole_number(seed)
    if number is None:
        raise TypeError(f"seed must be a whole number (or None), got {echo(seed)}")
    return random.Random(number)


def shuffled_wall(ruleset: Ruleset, rng: random.Random) -> list[Tile]:
    """The full set in an order drawn from ``rng`` (the only randomness of a hand)."""
    wall = full_set(ruleset)
    rng.shuffle(wall)
    return wall


def wall_tiles(wall: object) -> tuple[Tile, ...]:
    """``wall`` as a tuple of plain tile ids; :class:`RecordError` naming the first entry
    that is not one (a string, a bool, a float, a number outside 0-41) or a wall that is
    not a sequence at all (any iterable of ids will do: a list, a tuple, a numpy array)."""
    # Every hand of every game passes here: a wall of plain ints (the shuffler's, a
    # record's) costs two passes, not a per-tile protocol check.
    if type(wall) is list or type(wall) is tuple:
        plain = tuple(wall)
        if (all(type(t) is int for t in plain)
                and (not plain or (min(plain) >= 0 and max(plain) < NUM_TILE_IDS))):
            return plain
    entries: list[object] | None = None
    if isinstance(wall, Iterable) and not isinstance(wall, str | bytes | Mapping):
        entries = list(wall)
    if entries is None:
        raise RecordError(f"wall must be a sequence of tile ids, got {echo(wall)}")
    tiles: list[Tile] = []
    for i, entry in enumerate(entries):
        tile = whole_number(entry)
        if tile is None or not 0 <= tile < NUM_TILE_IDS:
            raise RecordError(f"wall[{i}] {echo(entry)} is not a tile id (0-{NUM_TILE_IDS - 1})")
        tiles.append(tile)
    return tuple(tiles)


def check_wall(ruleset: Ruleset, wall: Sequence[Tile]) -> None:
    """Raise :class:`RecordError` unless ``wall`` is a permutation of the ruleset's set.

    The message names the missing and the extra tiles.
    """
    want = Counter(full_set(ruleset))
    have = Counter(wall)
    if want == have:
        return
    missing = want - have
    extra = have - want
    parts = [f"wall has {len(wall)} tiles, the {ruleset.id} set has {sum(want.values())}"]
    if missing:
        parts.append("missing " + tiles_to_str(missing.elements()))
    if extra:
        parts.append(
            "extra "
            + " ".join(
                (tile_to_str(t) if t in want else f"{tile_to_str(t)} (not in the set)")
                + (f" x{n}" if n > 1 else "")
                for t, n in sorted(extra.items())
            )
        )
    raise RecordError("wall is not the ruleset's tile set: " + "; ".join(parts))


def _tiles(value: str | Sequence[Tile]) -> list[Tile]:
    return parse_tiles(value) if isinstance(value, str) else list(value)


def arrange_wall(
    ruleset: Ruleset,
    hands: Mapping[int, str | Sequence[Tile]] | None = None,
    draws: str | Sequence[Tile] = (),
    tail: str | Sequence[Tile] = (),
    *,
    dealer: int = 0,
    rng: random.Random | None = None,
) -> list[Tile]:
    """A wall that deals ``hands`` and then yields ``draws`` and ``tail``.

    ``hands`` maps seats to their 13 dealt tiles (seats left out get filler); ``draws`` are
    the head draws after the deal in order (the dealer's first draw first); ``tail`` are the
    replacement tiles in the order they will be drawn (first replacement first).  The rest
    of the set fills the gaps, shuffled by ``rng`` (default ``random.Random(0)``) so the
    filler is arbitrary but reproducible.  Raises ValueError when the tiles asked for are
    not available in the set.

    >>> from tingpai.rules import find_ruleset
    >>> w = arrange_wall(find_ruleset("hu-2p"), {0: "123456789m1234p"}, draws="5p")
    >>> tiles_to_str(w[:13]), tile_to_str(w[26])
    ('123456789m1234p', '5p')
    """
    n = ruleset.options.players
    pool = Counter(full_set(ruleset))

    def take(tiles: list[Tile], what: str) -> list[Tile]:
        need = Counter(tiles)
        short = need - pool
        if short:
            raise ValueError(f"{what}: not enough {tiles_to_str(short.elements())} in the set")
        pool.subtract(need)
        return tiles

    hand_map = {seat: _tiles(v) for seat, v in (hands or {}).items()}
    fixed: dict[int, list[Tile]] = {}
    for seat, tiles in hand_map.items():
        if not 0 <= seat < n:
            raise ValueError(f"seat {seat} is not at a {n}-player table")
        if len(tiles) != HAND_SIZE:
            raise ValueError(f"seat {seat} must be dealt {HAND_SIZE} tiles, got {len(tiles)}")
        fixed[seat] = take(tiles, f"seat {seat}'s hand")
    head = take(_tiles(draws), "draws")
    back = take(_tiles(tail), "tail")
    filler = sorted(pool.elements())
    (rng or random.Random(0)).shuffle(filler)
    wall: list[Tile] = []
    for i in range(n):
        seat = (dealer + i) % n
        if seat in fixed:
            wall.extend(fixed[seat])
        else:
            wall.extend(filler[:HAND_SIZE])
            del filler[:HAND_SIZE]
    middle_len = len(filler)
    wall.extend(head)
    wall.extend(filler[:middle_len])
    wall.extend(reversed(back))
    return wall

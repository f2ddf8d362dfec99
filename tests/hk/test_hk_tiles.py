"""Tile sets: 136 tiles for ``hk-4p``/``hk-fanlaak``, the 80-tile two-player set of
``hk-2p`` (every dot, every honour, 1 and 9 of characters and bamboo), dealing from it, and
every input that names a removed tile being rejected with the tile named.

Decision (documented in the scorer tests too): a hand naming a tile outside the set is
well-formed notation, so the scorer answers ``valid: false`` with a reason naming the tile
(exit 0 from ``tingpai score``); a wall that is not the ruleset's set is a malformed record
(:class:`RecordError`, naming the missing and the extra tiles).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hkkit import score_hk

from tingpai.engine import Hand, RecordError, check_wall, full_set, replay, shuffled_wall
from tingpai.engine.wall import arrange_wall
from tingpai.rules import find_ruleset
from tingpai.tiles import parse_tiles, tiles_to_str


@pytest.mark.parametrize(("rid", "size"), [("hk-4p", 136), ("hk-fanlaak", 136),
                                           ("hk-2p", 80)])
def test_set_sizes(rid: str, size: int) -> None:
    tiles = full_set(find_ruleset(rid))
    assert len(tiles) == size
    assert set(Counter(tiles).values()) == {4}
    assert max(tiles) < 34  # no flowers


def test_two_player_set_composition() -> None:
    tiles = full_set(find_ruleset("hk-2p"))
    assert tiles_to_str(sorted(set(tiles))) == "19m123456789p19s1234567z"
    kinds = Counter(tiles)
    assert sum(kinds[t] for t in parse_tiles("123456789p")) == 36
    assert sum(kinds[t] for t in parse_tiles("1234567z")) == 28
    assert sum(kinds[t] for t in parse_tiles("19m19s")) == 16
    assert not any(kinds[t] for t in parse_tiles("2345678m2345678s"))


def test_two_player_deal() -> None:
    rs = find_ruleset("hk-2p")
    wall = shuffled_wall(rs, random.Random(7))
    hand = Hand(rs, wall)
    assert hand.seat_winds == (27, 28)  # East, South
    assert sum(hand.concealed(0)) == 14 and sum(hand.concealed(1)) == 13
    assert hand.wall_left == 80 - 27
    assert Counter(t for t, c in enumerate(hand.concealed(0)) for _ in range(c)) == Counter(
        [*wall[:13], wall[26]])
    assert hand.census() == [full_set(rs).count(t) for t in range(42)]


# (hand, keywords, the tile named in the reason)
REMOVED = [
    ("123m456p789p111z5p +5p", {}, "tile 2m"),
    ("[234s] 111m456p789p5p +5p", {}, "tile 2s in meld"),
    ("[[5555m]] 111m456p789p5p +5p", {}, "tile 5m in meld"),
    ("111m456p789p111z5s +5s", {}, "tile 5s"),
]


@pytest.mark.parametrize(("hand", "kwargs", "named"), REMOVED)
def test_scorer_rejects_a_removed_tile(hand: str, kwargs: dict[str, object],
                                       named: str) -> None:
    result = score_hk(hand, "hk-2p", **kwargs)
    assert not result.valid
    assert result.reason is not None
    assert named in result.reason and "not in this ruleset's set" in result.reason
    # the same hand is judged normally at a 136-tile table
    assert "not in this ruleset's set" not in (score_hk(hand, "hk-4p").reason or "")


def test_scorer_rejects_flowers_at_hong_kong_tables() -> None:
    result = score_hk("[111p] 456p789p333z5p +5p", "hk-4p", flowers="1f")
    assert not result.valid and result.reason == "flower 1f is not in this ruleset's set"


def test_a_136_tile_wall_is_not_the_two_player_set() -> None:
    wall = full_set(find_ruleset("hk-4p"))
    with pytest.raises(RecordError) as err:
        check_wall(find_ruleset("hk-2p"), wall)
    message = str(err.value)
    assert "wall has 136 tiles, the hk-2p set has 80" in message
    assert "2m (not in the set)" in message


def test_a_wall_with_a_removed_tile_in_place_of_a_kept_one() -> None:
    rs = find_ruleset("hk-2p")
    wall = full_set(rs)
    wall[wall.index(parse_tiles("5p")[0])] = parse_tiles("5m")[0]
    with pytest.raises(RecordError) as err:
        Hand(rs, wall)
    assert "missing 5p" in str(err.value) and "extra 5m (not in the set)" in str(err.value)


def test_replay_names_the_removed_tile() -> None:
    wall = tiles_to_str(full_set(find_ruleset("hk-4p")), sort=False)
    record = {"format": "tingpai-record/1", "rules": "hk-2p", "options": {},
              "hands": [{"wall": wall, "actions": []}]}
    with pytest.raises(RecordError, match=r"hand 0: .*2m \(not in the set\)"):
        replay(record)


def test_arranged_walls_refuse_removed_tiles() -> None:
    with pytest.raises(ValueError, match="not enough 2345m23s in the set"):
        arrange_wall(find_ruleset("hk-2p"), {0: "12345m123p123s11z"})

"""`Action.from_dict` / `Action.to_dict`: the record's action notation (DESIGN.md "Game
records"), every kind round-tripped and malformed dicts refused with the field named."""

from __future__ import annotations

from typing import Any

import pytest

import tingpai
from tingpai.engine import IllegalAction
from tingpai.engine.actions import ACTION_SPACE_SIZE, ActionKind
from tingpai.tiles import InvalidNotation

EVERY_KIND: list[dict[str, Any]] = [
    {"seat": 0, "do": "discard", "tile": "9m"},
    {"seat": 1, "do": "flower", "tile": "5f"},
    {"seat": 2, "do": "chow", "tiles": "345m"},
    {"seat": 3, "do": "pung"},
    {"seat": 0, "do": "kong"},
    {"seat": 1, "do": "ckong", "tile": "7z"},
    {"seat": 2, "do": "akong", "tile": "1p"},
    {"seat": 3, "do": "ron"},
    {"seat": 0, "do": "tsumo"},
    {"seat": 1, "do": "pass"},
    {"seat": 2, "do": "penalty"},
]


def test_every_kind_of_the_notation_round_trips() -> None:
    assert {d["do"] for d in EVERY_KIND} == {k.value for k in ActionKind}
    for data in EVERY_KIND:
        action = tingpai.Action.from_dict(data)
        assert action.to_dict() == data
        assert tingpai.Action.from_dict(action.to_dict()) == action
        assert tingpai.Action.from_str(action.to_str()) == action


def test_every_index_is_one_action_and_back() -> None:
    for index in range(ACTION_SPACE_SIZE):
        action = tingpai.Action.from_index(1, index)
        assert action.index == index
        assert tingpai.Action.from_dict(action.to_dict()) == action


@pytest.mark.parametrize(
    ("data", "rule"),
    [
        ({"seat": 0, "do": "discard", "tile": "1f"}, "flowers cannot be discarded"),
        ({"seat": 0, "do": "ckong", "tile": "1f"}, "flowers cannot be part of a meld"),
        ({"seat": 0, "do": "flower", "tile": "1m"}, "not a bonus tile"),
    ],
)
def test_a_tile_of_the_wrong_family_is_written_but_breaks_a_rule(
    data: dict[str, Any], rule: str
) -> None:
    """The notation can write these; the engine refuses them naming the rule (RULES.md
    "Flowers")."""
    action = tingpai.Action.from_dict(data)
    assert action.to_dict() == data
    with pytest.raises(IllegalAction, match=rule):
        tingpai.Hand("hu-4p", seed=1).apply(action)


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"seat": 0, "do": "discard", "tile": "99m"}, "'tile'"),
        ({"seat": 0, "do": "discard", "tile": "x"}, "'tile'"),
        ({"seat": 0, "do": "discard", "tile": ""}, "'tile'"),
        ({"seat": 0, "do": "chow", "tiles": "3 4 5m"}, "'tiles'"),
        ({"seat": 0, "do": "discard"}, "'tile'"),
        ({"seat": 0, "do": "discard", "tile": 9}, "'tile'"),
        ({"seat": 0, "do": "dance"}, "'do'"),
        ({"seat": "0", "do": "pass"}, "'seat'"),
        ({"seat": 0, "do": "pung", "extra": 1}, "unknown keys"),
    ],
)
def test_malformed_notation_names_the_field(data: dict[str, Any], field: str) -> None:
    with pytest.raises(ValueError, match=field):
        tingpai.Action.from_dict(data)


def test_direct_construction_checks_types_too() -> None:
    with pytest.raises(InvalidNotation, match="not a tile id"):
        tingpai.Action(0, ActionKind.DISCARD, "9m")  # type: ignore[arg-type]
    with pytest.raises(InvalidNotation, match="seat"):
        tingpai.Action("0", ActionKind.PASS)  # type: ignore[arg-type]
    with pytest.raises(InvalidNotation, match="not a tile id"):
        tingpai.Action(0, ActionKind.DISCARD, True)


def test_from_index_takes_any_integer_type() -> None:
    """A learner's ``numpy.argmax`` gives an ``int64``: ``from_index`` (the env's inverse of
    ``Action.index``) reads it as the plain int it is, as it did before the type checks;
    a bool is still no index."""
    np = pytest.importorskip("numpy")
    action = tingpai.Action.from_index(np.int64(2), np.int64(100))
    assert action == tingpai.Action.from_index(2, 100)
    assert type(action.seat) is int and type(action.tile) is int
    with pytest.raises(ValueError, match="action index"):
        tingpai.Action.from_index(0, True)

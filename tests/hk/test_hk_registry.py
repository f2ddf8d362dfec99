"""The Hong Kong ids in the registry: their RULES.md defaults, their options by name (and the
``RuleOptions`` fields each sets), aliases, and option errors that name the option."""

from __future__ import annotations

from typing import Any

import pytest

from tingpai.analysis.forms import STANDARD_AND_ORPHANS
from tingpai.rules import RuleError, Unit, find_ruleset, ruleset_ids
from tingpai.tiles import EAST, NORTH, SOUTH, WEST, parse_tiles

HK_IDS = ("hk-4p", "hk-2p", "hk-fanlaak", "hk-fanlaak-0")


def test_ids_and_aliases() -> None:
    assert set(HK_IDS) <= set(ruleset_ids())
    assert ruleset_ids()[:3] == ("hu-4p", "hu-3p", "hu-2p")
    assert find_ruleset("hk").id == "hk-4p"
    assert find_ruleset("fanlaak").id == "hk-fanlaak"
    assert find_ruleset("fan-laak").id == "hk-fanlaak"


# (id, players, seats, kinds, min, max, payment table, pao)
DEFAULTS = [
    ("hk-4p", 4, (EAST, SOUTH, WEST, NORTH), 34, 3, 10, "half-spicy", True),
    ("hk-2p", 2, (EAST, SOUTH), 20, 3, 10, "golden", False),
    ("hk-fanlaak", 4, (EAST, SOUTH, WEST, NORTH), 34, 3, None, "fan-laak", False),
    ("hk-fanlaak-0", 4, (EAST, SOUTH, WEST, NORTH), 34, 0, None, "fan-laak", False),
]


@pytest.mark.parametrize(("rid", "players", "seats", "kinds", "low", "cap", "table", "pao"),
                         DEFAULTS)
def test_defaults(rid: str, players: int, seats: tuple[int, ...], kinds: int, low: int,
                  cap: int | None, table: str, pao: bool) -> None:
    o = find_ruleset(rid).options
    assert (o.players, o.seat_winds, len(o.tile_kinds)) == (players, seats, kinds)
    assert (o.min_value, o.max_value, o.payment_table, o.pao) == (low, cap, table, pao)
    assert o.bonus_tiles == () and o.forms == STANDARD_AND_ORPHANS and o.unit is Unit.FAN
    assert (o.start_points, o.pond_limit, o.multiple_winners) == (0, None, "head_bump")
    assert (o.furiten, o.temporary_furiten, o.ready_payment) == (False, False, 0)
    assert (o.repeat_on_draw, o.max_repeats, o.rounds, o.early_finish) == ("always", None, 4,
                                                                           False)
    assert (o.repeat_bonus, o.eighth_repeat_bonus, o.heavy_penalty) == (0, 0, 0)
    assert (o.stake, o.point_limit, o.require_pattern) == (1, None, False)
    assert o.blessing_of_earth == "dealer_first_discard"
    assert o.payment_rows is None


def test_two_player_tile_kinds() -> None:
    kinds = find_ruleset("hk-2p").options.tile_kinds
    assert kinds == tuple(sorted(parse_tiles("19m123456789p19s1234567z")))


# (id, option, value, field, expected field value)
SETS: list[tuple[str, str, Any, str, Any]] = [
    ("hk-4p", "min_fan", 5, "min_value", 5),
    ("hk-4p", "max_fan", 13, "max_value", 13),
    ("hk-4p", "max_fan", None, "max_value", None),
    ("hk-4p", "payment_table", "full-spicy", "payment_table", "full-spicy"),
    ("hk-2p", "payment_table", "half-spicy", "payment_table", "half-spicy"),
    ("hk-4p", "pao", False, "pao", False),
    ("hk-4p", "multiple_winners", "all", "multiple_winners", "all"),
    ("hk-4p", "rounds", 1, "rounds", 1),
    ("hk-4p", "start_points", 500, "start_points", 500),
    ("hk-4p", "furiten", True, "furiten", True),
    ("hk-fanlaak", "min_fan", 0, "min_value", 0),
    ("hk-fanlaak", "min_fan", 10, "min_value", 10),
    ("hk-fanlaak", "stake", 5, "stake", 5),
    ("hk-fanlaak", "point_limit", 200, "point_limit", 200),
    ("hk-fanlaak", "pao", True, "pao", True),
]


@pytest.mark.parametrize(("rid", "name", "value", "field", "expected"), SETS)
def test_options_set_their_fields(rid: str, name: str, value: Any, field: str,
                                  expected: Any) -> None:
    assert getattr(find_ruleset(rid, **{name: value}).options, field) == expected


# (id, options, message)
BAD: list[tuple[str, dict[str, Any], str]] = [
    ("hk-4p", {"min_fan": 11}, "option min_fan must be at most 10, got 11"),
    ("hk-4p", {"min_fan": -1}, "option min_fan must be at least 0, got -1"),
    ("hk-4p", {"min_fan": "3"}, "option min_fan must be an integer"),
    ("hk-4p", {"max_fan": 0}, "option max_fan must be at least 1, got 0"),
    ("hk-4p", {"pao": "yes"}, "option pao must be true or false"),
    ("hk-4p", {"multiple_winners": "some"}, "option multiple_winners must be one of"),
    ("hk-4p", {"rounds": 5}, "option rounds must be at most 4, got 5"),
    ("hk-4p", {"flowers": True}, "unknown option 'flowers' for hk-4p"),
    ("hk-4p", {"pond_limit": 18}, "unknown option 'pond_limit' for hk-4p"),
    ("hk-4p", {"stake": 2}, "unknown option 'stake' for hk-4p"),
    ("hk-fanlaak", {"stake": -1}, "option stake must be at least 0, got -1"),
    ("hk-fanlaak", {"point_limit": 0}, "option point_limit must be at least 1, got 0"),
    ("hk-fanlaak", {"min_fan": 11}, "option min_fan must be at most 10, got 11"),
]


@pytest.mark.parametrize(("rid", "options", "message"), BAD)
def test_bad_options_are_named(rid: str, options: dict[str, Any], message: str) -> None:
    with pytest.raises(RuleError) as err:
        find_ruleset(rid, **options)
    assert message in str(err.value)


def test_hu_options_are_unchanged_by_the_hong_kong_family() -> None:
    o = find_ruleset("hu-4p").options
    assert o.blessing_of_earth == "first_draw" and o.payment_rows is None
    with pytest.raises(RuleError, match="unknown option 'min_fan' for hu-4p"):
        find_ruleset("hu-4p", min_fan=3)


def test_the_ruleset_memo_tells_true_from_one() -> None:
    assert find_ruleset("hk-4p", pao=True).options.pao is True
    with pytest.raises(RuleError, match="option pao must be true or false, got 1"):
        find_ruleset("hk-4p", pao=1)
    assert find_ruleset("hk-4p", min_fan=1).options.min_value == 1
    with pytest.raises(RuleError, match="option min_fan must be an integer"):
        find_ruleset("hk-4p", min_fan=True)

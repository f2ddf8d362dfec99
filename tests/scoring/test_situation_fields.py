"""`tingpai.Situation` and `tingpai.score` as DESIGN.md's Python API uses them: the
situation has the `tingpai score --json` fields and defaults, so one hand scores the same
both ways; a ruleset id is accepted like a `Ruleset`; a field of the wrong type is a
`ValueError` naming it, never a failure somewhere inside the scorer."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

import tingpai
from tingpai.cli.score_cmd import run_json
from tingpai.rules import WinKind
from tingpai.scoring import SituationError
from tingpai.tiles import SOUTH, parse_meld, parse_tile, parse_tiles

HANDS: list[dict[str, Any]] = [
    {"rules": "hu-4p", "concealed": "123s123p789p99p", "melds": ["chow 123m"],
     "win_tile": "9p", "seat_wind": "S", "flowers": "5f"},
    {"rules": "hu-4p", "concealed": "123s123p789p99p", "melds": ["chow 123m"],
     "win_tile": "9p", "win": "self-draw", "round_wind": "S", "flowers": "5f7f",
     "dealer_repeats": 2, "eighth_repeat": False},
    {"rules": "hu-4p", "concealed": "123s123p99p", "melds": ["kong 5555m", "chow 123m"],
     "win_tile": "9p", "win": "self-draw", "replacements": ["kong"]},
    {"rules": "hk-4p", "concealed": "111999p11z222z333z", "win_tile": "3z", "win": "self-draw"},
    {"rules": "hk-fanlaak", "concealed": "111999p11z222z333z", "win_tile": "3z"},
    {"rules": "hu-4p", "concealed": "123s123p789p99p123m", "win_tile": "9p",
     "blessing": "heaven", "win": "self-draw"},
    {"rules": "hu-4p", "concealed": "", "win_tile": None, "special": "eight_immortals",
     "flowers": "12345678f", "win": "self-draw"},
    {"rules": "hu-2p", "concealed": "123m456p789s1122z2z", "win_tile": "2z"},
]


def _json_score(data: dict[str, Any]) -> dict[str, Any]:
    out = io.StringIO()
    assert run_json(io.StringIO(json.dumps(data)), out) == 0
    result: dict[str, Any] = json.loads(out.getvalue())
    return result


@pytest.mark.parametrize("data", HANDS, ids=lambda d: f"{d['rules']} {d['concealed']}")
def test_the_json_fields_make_a_situation_that_scores_the_same(data: dict[str, Any]) -> None:
    fields = {k: v for k, v in data.items() if k not in ("rules", "options")}
    by_python = tingpai.score(tingpai.Situation(**fields), data["rules"])
    assert by_python.to_json() == _json_score(data)


def test_json_spellings_become_the_canonical_fields() -> None:
    sit = tingpai.Situation("123s123p789p99p", "9p", ["chow 123m"], win="tsumo",
                            seat_wind="S", flowers=["5f"], replacements=[])
    assert sit == tingpai.Situation(
        tuple(parse_tiles("123s123p789p99p")), parse_tile("9p"), (parse_meld("chow 123m"),),
        win=WinKind.SELF_DRAW, seat_wind=SOUTH, flowers=(parse_tile("5f"),),
    )
    hash(sit)  # every field a tuple again: the situation is hashable


def test_a_ruleset_id_is_accepted_where_a_ruleset_is() -> None:
    sit = tingpai.Situation("123s123p789p99p", "9p", ["chow 123m"], seat_wind="S")
    assert tingpai.score(sit, "hu-4p") == tingpai.score(sit, tingpai.find_ruleset("hu-4p"))
    with pytest.raises(ValueError, match="unknown rules id 'hu-5p'"):
        tingpai.score(sit, "hu-5p")
    with pytest.raises(ValueError, match="must be a Ruleset or a ruleset id"):
        tingpai.score(sit, None)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"concealed": None}, "concealed"),
        ({"concealed": "123s123p789p99x"}, "concealed"),
        ({"win_tile": "9p9p"}, "win_tile"),
        ({"melds": ("chow 124m",)}, "melds"),
        ({"melds": "chow 123m"}, "melds"),
        ({"melds": (5,)}, "melds"),
        ({"win": "magic"}, "win"),
        ({"win": 1}, "win"),
        ({"seat_wind": "X"}, "seat_wind"),
        ({"round_wind": None}, "round_wind"),
        ({"flowers": 5}, "flowers"),
        ({"dealer_repeats": "2"}, "dealer_repeats"),
        ({"dealer_repeats": True}, "dealer_repeats"),
        ({"eighth_repeat": "false"}, "eighth_repeat"),
        ({"replacements": "kong"}, "replacements"),
        ({"robbing_kong": 0}, "robbing_kong"),
        ({"last_tile": None}, "last_tile"),
        ({"blessing": False}, "blessing"),
    ],
)
def test_a_field_of_the_wrong_type_is_named(changes: dict[str, Any], field: str) -> None:
    fields: dict[str, Any] = {"concealed": "123s123p789p99p", "win_tile": "9p",
                              "melds": ["chow 123m"], **changes}
    with pytest.raises(SituationError, match=f"'{field}'"):
        tingpai.Situation(**fields)


def test_notation_past_the_quick_checks_is_still_read_or_named() -> None:
    """Situation.__post_init__ checks only containers and their first items (it is on the
    engine's hot path); score() reads or names what is past them."""
    ids = tuple(parse_tiles("123s123p789p99p"))
    mixed = tingpai.Situation((*ids[:-1], "9p"), ids[-1], (parse_meld("chow 123m"), "chow 789m"))
    assert tingpai.score(mixed, "hu-2p").reason is not None  # read: 17 tiles, not a crash
    broken = tingpai.Situation((*ids[:-1], None), ids[-1])  # type: ignore[arg-type]
    with pytest.raises(SituationError, match="'concealed'"):
        tingpai.score(broken, "hu-4p")
    with pytest.raises(SituationError, match="takes a Situation"):
        tingpai.score({"concealed": "123m"}, "hu-4p")  # type: ignore[arg-type]

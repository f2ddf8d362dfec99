"""Fuzzing both parsers that read untrusted input (issue 8, point 4): the ``tingpai score
--json`` input and game records (``replay`` and ``tingpai replay``), including mutated real
records from ``tests/golden/``.

Every input must get an answer of the documented kind -- a well-formed score, a replay, or
an error of the documented types (exit status 2 and one short line from the commands) --
and never another exception.  Answering quickly is checked by bounding what the input can
make the program do, not by timing: generated inputs include the shapes that once hung or
blew up (huge integers, ``Infinity``, nesting 991 deep, ``"1e99999999"``, payment rows at
fan 10**8, long tile strings), and the answers' sizes are asserted.
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import math
from argparse import Namespace
from pathlib import Path
from typing import Any
from unittest import mock

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tingpai.cli import replay_cmd
from tingpai.cli.score_cmd import FIELDS, run_json
from tingpai.engine import RecordError, ReplayError, replay
from tingpai.inputs import MAX_MESSAGE

GOLDEN = sorted((Path(__file__).parent / "golden").glob("*.json"))
RECORDS: list[dict[str, Any]] = [json.loads(p.read_text())["record"] for p in GOLDEN]

FUZZ = settings(max_examples=150, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

BIG, HUGE, DEEP = "<4400 digits>", "<-5000 digits>", "<991 deep>"
"""Markers for what Python cannot build or print as an object here: integers past its
4,300-digit limit and nesting near the recursion limit.  :func:`dumps` writes them into
the JSON text."""


def dumps(value: Any) -> str:
    """JSON text of a generated value, the markers written as what they stand for."""
    text = json.dumps(value)
    return (
        text.replace(json.dumps(BIG), "9" * 4400)
        .replace(json.dumps(HUGE), "-" + "8" * 5000)
        .replace(json.dumps(DEEP), "[" * 990 + '"9p"' + "]" * 990)
    )


TILE_TEXT = st.text(alphabet="123456789mpszf +[]🀄🀅🀆︎,", max_size=40)


def nested(depth: int) -> Any:
    """A value nested ``depth`` lists deep."""
    value: Any = "9p"
    for _ in range(depth):
        value = [value]
    return value


SPECIAL = st.sampled_from([
    BIG, HUGE, DEEP, 10**15 + 1, -(10**300), math.inf, -math.inf, math.nan, 1e308,
    "1e99999999", "1" * 2000, "1m" * 600, "🀄" * 1200, "x" * 100_000, "chow ", "[]", "id",
    {"rows": [{"fan": 10**8, "discard": 1, "self_draw": 1}]},
    {"rows": [{"fan": f, "discard": 4 * f, "self_draw": 2 * f} for f in range(11)]},
])
"""Values that once hung, blew up or crashed something (issue 8), drawn often."""
SCALARS = st.one_of(
    st.integers(-(10**20), 10**20),
    st.sampled_from([0, 1, 2, 3, 4, 8, 9, -1, 10**15]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(),
    st.none(),
    TILE_TEXT,
    st.text(max_size=12),
    st.sampled_from([
        "5/2", "2.5", "Infinity", "NaN", "half-spicy", "golden", "all", "head_bump", "kong",
        "flower", "heaven", "earth", "self-draw", "discard", "E", "S", "N", "table.toml",
        "ckong 7777z", "pung 555p",
    ]),
)
VALUES = st.recursive(
    SCALARS | SPECIAL,
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.text(max_size=10), children, max_size=4),
    max_leaves=12,
)
HOSTILE = st.one_of(SPECIAL, VALUES, st.integers(30, 40).map(nested))
OPTIONS = st.dictionaries(
    st.sampled_from(["id", "flowers", "discard_multiplier", "payment_table", "max_hands",
                     "min_fan", "rounds", "start_points", "forms", "max_repeats", "pao",
                     "pond_limit", "x"]),
    HOSTILE, max_size=3,
)
BASE_SCORE = {"rules": "hu-4p", "concealed": "123s123p789p99p", "melds": ["chow 123m"],
              "win_tile": "9p"}


def _score_json(text: str) -> tuple[int, str]:
    out = io.StringIO()
    status = run_json(io.StringIO(text), out)
    return status, out.getvalue()


def _check_score_answer(status: int, text: str) -> None:
    """One line of JSON: a well-formed score (status 0) or ``{"error"}`` (status 2)."""
    assert text.endswith("\n") and text.count("\n") == 1
    data = json.loads(text)
    if status == 2:
        assert set(data) == {"error"} and isinstance(data["error"], str)
        assert 0 < len(data["error"]) <= MAX_MESSAGE
        return
    assert status == 0
    assert isinstance(data["valid"], bool) and isinstance(data["total"], int)
    assert ("reason" in data) == (not data["valid"])
    assert set(data["payments"]) <= {"discarder", "others", "each"}
    assert all(isinstance(v, int) and 0 <= v < 10**18 for v in data["payments"].values())
    assert len(text) < 10_000


@FUZZ
@given(fields=st.dictionaries(st.sampled_from([*FIELDS, "junk"]), HOSTILE, max_size=5),
       options=OPTIONS, keep=st.booleans())
def test_score_json_objects(fields: dict[str, Any], options: dict[str, Any],
                            keep: bool) -> None:
    payload = {**(BASE_SCORE if keep else {}), **fields}
    if options:
        payload["options"] = options
    status, text = _score_json(dumps(payload))
    _check_score_answer(status, text)


PLAUSIBLE_FIELDS = st.fixed_dictionaries({}, optional={
    "rules": st.sampled_from(["hu-4p", "hu-3p", "hu-2p", "hk-4p", "hk-2p", "hk-fanlaak"]),
    "concealed": st.sampled_from(["123s123p789p99p", "123p99p", "55m", "1m456p789s234s55p",
                                  "123m456p789s234s5p5f", "19m19p19s1234567z1m"]) | TILE_TEXT,
    "melds": st.lists(st.sampled_from(["chow 123m", "pung 555p", "kong 1111s", "ckong 7777z",
                                       "chow ", "[2222s]", "pung 5z5z5z"]), max_size=5),
    "win_tile": TILE_TEXT,
    "win": st.sampled_from(["discard", "self-draw", "robbing_kong", "eight-immortals"]),
    "seat_wind": st.sampled_from(list("ESWN")),
    "round_wind": st.sampled_from(list("ESWN")),
    "flowers": st.text(alphabet="12345678f", max_size=10),
    "dealer_repeats": st.integers(-2, 12),
    "eighth_repeat": st.booleans(),
    "replacements": st.lists(st.sampled_from(["kong", "flower"]), max_size=4),
    "robbing_kong": st.booleans(),
    "last_tile": st.booleans(),
    "blessing": st.sampled_from([None, "heaven", "earth"]),
    "special": st.sampled_from([None, "eight_immortals", "terminal_discards", "nope"]),
})


@FUZZ
@given(fields=PLAUSIBLE_FIELDS)
def test_score_json_plausible_hands(fields: dict[str, Any]) -> None:
    """Near-valid inputs reach the scorer itself (not only the field checks)."""
    status, text = _score_json(dumps({**BASE_SCORE, **fields}))
    _check_score_answer(status, text)


def _mutate_text(text: str, data: st.DataObject) -> str:
    """A few random character edits (insert, delete, replace) of a JSON text."""
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(text)))
        how = data.draw(st.sampled_from(["insert", "delete", "replace"]))
        piece = data.draw(st.sampled_from(['"', "{", "[", "]", "}", ",", ":", "9" * 30, "-",
                                           "9" * 4400,
                                           "Infinity", "1e999", "\\u0000", " ", "null"]))
        if how == "insert":
            text = text[:at] + piece + text[at:]
        elif how == "delete":
            text = text[:at] + text[at + len(piece):]
        else:
            text = text[:at] + piece + text[at + 1:]
    return text


@FUZZ
@given(data=st.data())
def test_score_json_mutated_text(data: st.DataObject) -> None:
    text = _mutate_text(json.dumps({**BASE_SCORE, "flowers": "5f", "seat_wind": "S"}), data)
    status, out = _score_json(text)
    _check_score_answer(status, out)


# --- records ------------------------------------------------------------------------


def _paths(record: Any) -> list[tuple[Any, ...]]:
    """Paths (keys and indexes) into a decoded record, at most 8 deep (iterative)."""
    out: list[tuple[Any, ...]] = []
    stack: list[tuple[Any, tuple[Any, ...]]] = [(record, ())]
    while stack:
        node, prefix = stack.pop()
        out.append(prefix)
        if len(prefix) >= 8:
            continue
        if isinstance(node, dict):
            stack.extend((value, (*prefix, key)) for key, value in node.items())
        elif isinstance(node, list):
            stack.extend((value, (*prefix, i)) for i, value in enumerate(node))
    return sorted(out, key=repr)


RECORD_VALUES = st.one_of(
    HOSTILE,
    st.integers(-1, 5),
    st.sampled_from(["discard", "pung", "chow", "kong", "ckong", "akong", "ron", "tsumo",
                     "pass", "flower", "penalty", "9m", "1z", "345m", "", "5f"]),
    st.fixed_dictionaries({"seat": st.integers(0, 3),
                           "do": st.sampled_from(["discard", "pass", "ron", "tsumo", "pung",
                                                  "chow", "flower", "ckong"])},
                          optional={"tile": TILE_TEXT, "tiles": TILE_TEXT}),
)


def _mutate_record(record: dict[str, Any], data: st.DataObject) -> dict[str, Any]:
    record = copy.deepcopy(record)
    for _ in range(data.draw(st.integers(1, 3))):
        paths = [p for p in _paths(record) if p]
        path = data.draw(st.sampled_from(paths))
        parent: Any = record
        for key in path[:-1]:
            parent = parent[key]
        how = data.draw(st.sampled_from(["replace", "replace", "delete", "duplicate"]))
        if how == "replace":
            parent[path[-1]] = copy.deepcopy(data.draw(RECORD_VALUES))  # st.just is shared
        elif how == "delete":
            del parent[path[-1]]
        elif isinstance(parent, list):
            parent.insert(path[-1], copy.copy(parent[path[-1]]))
    return record


def _check_replay(record: Any, text: str) -> None:
    """The library answers with a replay or a documented error; the command with exit 0
    and the replay's JSON, or exit 2 and one short ``{"error", ...}`` line."""
    expected: dict[str, Any] | None = None
    try:
        result = replay(record if record is not None else text)
    except (RecordError, ReplayError) as exc:
        assert 0 < len(str(exc)) <= 5_000
    else:
        expected = result.to_json()
        assert sum(result.game.net) == 0
        assert all(math.isfinite(s) for s in result.scores)
    out, err = io.StringIO(), io.StringIO()
    args = Namespace(record="-", json=True, partial=False)
    with mock.patch("sys.stdin", io.StringIO(text)), contextlib.redirect_stdout(out), \
            contextlib.redirect_stderr(err):
        status = replay_cmd.run(args)
    printed = out.getvalue()
    assert printed.count("\n") == 1 and err.getvalue() == ""
    data = json.loads(printed)
    if status == 0:
        assert expected is not None and data == expected
    else:
        assert status == 2 and isinstance(data["error"], str)
        assert 0 < len(data["error"]) <= MAX_MESSAGE and set(data) <= {"error", "hand", "action"}


RECORD_FUZZ = settings(FUZZ, max_examples=120)


@RECORD_FUZZ
@given(data=st.data(), which=st.integers(0, len(RECORDS) - 1))
def test_mutated_golden_records(data: st.DataObject, which: int) -> None:
    record = _mutate_record(RECORDS[which], data)
    text = dumps(record)
    _check_replay(record if text == json.dumps(record) else None, text)


@RECORD_FUZZ
@given(data=st.data(), which=st.integers(0, len(RECORDS) - 1))
def test_mutated_golden_record_text(data: st.DataObject, which: int) -> None:
    _check_replay(None, _mutate_text(json.dumps(RECORDS[which]), data))


@FUZZ
@given(fields=st.dictionaries(st.sampled_from(["format", "rules", "options", "start",
                                               "hands", "x"]), HOSTILE, max_size=5))
def test_record_objects(fields: dict[str, Any]) -> None:
    record = {"format": "tingpai-record/1", "rules": "hu-4p", "hands": [], **fields}
    text = dumps(record)
    _check_replay(record if text == json.dumps(record) else None, text)

"""Issue 8, point 4, for ``tingpai replay``: every malformed record exits 2 with one short
line naming what is wrong (JSON and human form), quickly and in bounded memory, and never
with a traceback."""

from __future__ import annotations

import copy
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

from tingpai.cli import main
from tingpai.engine import RecordError, ReplayError, replay
from tingpai.inputs import MAX_MESSAGE

GOLDEN = Path(__file__).resolve().parent.parent / "golden"
BASE: dict[str, Any] = json.loads((GOLDEN / "hu4p_robbing_the_kong.json").read_text())["record"]


def with_(path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    """The base record with one entry (a path of keys and indexes) replaced."""
    record = copy.deepcopy(BASE)
    node: Any = record
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return record


def replay_cli(text: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
               *, as_json: bool = True) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    status = main(["replay", "-", *(["--json"] if as_json else [])])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


WALL = BASE["hands"][0]["wall"]
HOSTILE: list[tuple[str, str, str]] = [
    ("infinity in a score",
     json.dumps(with_(("start",), {"scores": [0, 0, 0, 0]})).replace("[0, 0, 0, 0]",
                                                                      "[Infinity, 0, 0, 0]"),
     "Infinity is not a JSON number"),
    ("nan as a seat", json.dumps(BASE).replace('"seat": 0', '"seat": NaN', 1),
     "NaN is not a JSON number"),
    ("4,400 digits", json.dumps(BASE).replace('"seat": 0', '"seat": ' + "9" * 4400, 1),
     "a number beyond"),
    ("a score of 4,000 digits", json.dumps(with_(("start",), {"scores": [0, 0, 0, 0]})).replace(
        "[0, 0, 0, 0]", "[" + "9" * 4000 + ", 0, 0, 0]"), "is beyond ±1e+15"),
    ("991 deep", json.dumps(with_(("rules",), "X")).replace('"X"', "[" * 990 + "1" + "]" * 990),
     "nested more than 32 deep"),
    ("a chow with no tiles",
     json.dumps(with_(("hands", 0, "actions", 3), {"seat": 0, "do": "chow", "tiles": ""})),
     "chow tiles '' are not three consecutive tiles"),
    ("an option named id", json.dumps(with_(("options",), {"id": "hk-4p"})),
     "unknown option 'id' for hu-4p"),
    ("a hung multiplier",
     json.dumps(with_(("options",), {"discard_multiplier": "1e99999999"})),
     "discard_multiplier must be a positive number up to 1000"),
    ("a payment row at fan 10**8",
     json.dumps({**with_(("options",), {"payment_table": {"rows": [
         {"fan": 10**8, "discard": 1, "self_draw": 1}]}}), "rules": "hk-4p"}),
     "'fan' must be from 0 to 100"),
    ("a payment table file named in a record",
     json.dumps({**with_(("options",), {"payment_table": "table.toml"}), "rules": "hk-4p"}),
     "is a file: read it where the input enters"),
    ("a wall of a million characters",
     json.dumps(with_(("hands", 0, "wall"), "1m" * 500_000)),
     "tile text of 1,000,000 characters is too long (at most 1000)"),
    ("a record of 20 MB", json.dumps(with_(("junk",), "x" * 20_000_000)),
     "the record is longer than 16,000,000 characters"),
    ("5,001 hands", json.dumps(with_(("hands",), [{"wall": WALL}] * 5001)),
     "record has 5,001 hands (at most 5,000)"),
    ("3,001 actions", json.dumps(with_(("hands", 0, "actions"), [{"seat": 0, "do": "pass"}]
                                       * 3001)),
     "hand 0 has 3,001 actions (at most 3,000)"),
    ("a long tile in an action",
     json.dumps(with_(("hands", 0, "actions", 0), {"seat": 0, "do": "discard",
                                                   "tile": "5z" * 400})),
     "expected exactly one tile"),
    ("an unknown word",
     json.dumps(with_(("hands", 0, "actions", 0), {"seat": 0, "do": "x" * 10_000})),
     "'do' must be one of"),
]


@pytest.mark.parametrize(("case", "text", "message"), HOSTILE, ids=[c[0] for c in HOSTILE])
def test_hostile_records_exit_2_with_one_short_line(
    case: str, text: str, message: str,
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = replay_cli(text, monkeypatch, capsys)
    assert status == 2 and err == "", err
    assert out.count("\n") == 1
    data = json.loads(out)
    assert message in data["error"], data
    assert len(data["error"]) <= MAX_MESSAGE
    status, out, err = replay_cli(text, monkeypatch, capsys, as_json=False)
    assert status == 2 and out == "" and err.startswith("error:") and message in err
    assert err.count("\n") == 1 and len(err) <= MAX_MESSAGE + 40


def test_the_library_checks_decoded_records_too() -> None:
    """``replay(dict)`` applies the same bounds as the text reader."""
    deep: Any = "hu-4p"
    for _ in range(40):
        deep = [deep]
    for record, message in (
        (with_(("start",), {"scores": [float("inf"), 0, 0, 0]}), "is not finite"),
        (with_(("start",), {"scores": [10**5000, 0, 0, 0]}), "5000-digit integer"),
        (with_(("rules",), deep), "nested more than 32 deep"),
        (with_(("options",), {"discard_multiplier": float("nan")}), "is not finite"),
    ):
        with pytest.raises(RecordError, match=message):
            replay(record)


@pytest.mark.parametrize(
    ("record", "message"),
    [
        (with_(("options",), {1: True}), "record options: option name 1 is not a string"),
        (with_(("options",), {"flowers": True, None: 1}), "option name None is not a string"),
        (with_(("start",), {1: 2, "x": 3}), "record start: unknown key 1"),
    ],
)
def test_a_decoded_record_with_keys_json_cannot_write_is_a_record_error(
    record: dict[Any, Any], message: str,
) -> None:
    """``replay(dict)`` names a non-string key (Python dicts may have them), never a
    TypeError from sorting or from ``**options``."""
    with pytest.raises(RecordError, match=re.escape(message)):
        replay(record)


def test_a_decoded_action_with_mixed_keys_is_a_replay_error() -> None:
    record = with_(("hands", 0, "actions", 0), {"seat": 0, "do": "pung", 1: 2, "x": 3})
    with pytest.raises(ReplayError, match=re.escape("has unknown keys [1, 'x']")) as err:
        replay(record)
    assert (err.value.hand, err.value.action) == (0, 0)


def test_a_huge_record_file_is_not_read_in_full(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    """Only the bound plus one character is read from a file, so memory stays bounded."""
    path = tmp_path / "big.json"
    with path.open("w") as handle:
        handle.write('{"format": "tingpai-record/1", "rules": "hu-4p", "hands": [{"wall": "')
        chunk = "1m" * 500_000
        for _ in range(50):  # 50 MB
            handle.write(chunk)
        handle.write('"}]}')
    assert main(["replay", str(path), "--json"]) == 2
    assert "longer than 16,000,000 characters" in json.loads(capsys.readouterr().out)["error"]

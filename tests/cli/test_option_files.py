"""Payment tables from files are read at the command-line edge (issue 8, point 5): the
command turns ``payment_table=FILE`` into the rows, the ruleset and every game record keep
the rows, so a record replays without the file and an edited file is never served stale."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from tingpai.cli import main
from tingpai.cli.common import parse_options
from tingpai.cli.play_cmd import parse_option_values
from tingpai.engine import replay

# Half Flush 3 on hk-4p, won on a discard: the discarder pays the table's fan-3 row
HALF_FLUSH = {"rules": "hk-4p", "concealed": "456m789m333z5m5m", "melds": ["chow 123m"],
              "win_tile": "5m"}


def write_table(path: Path, per_fan: int) -> Path:
    """A host table (fan 0..10) paying ``per_fan`` x fan from the discarder."""
    rows = [{"fan": f, "discard": per_fan * f, "self_draw": per_fan * f // 2}
            for f in range(0, 11)]
    if path.suffix == ".toml":
        path.write_text("".join(f"[[rows]]\nfan = {r['fan']}\ndiscard = {r['discard']}\n"
                                f"self_draw = {r['self_draw']}\n" for r in rows))
    else:
        path.write_text(json.dumps({"rows": rows}))
    return path


def score_json(payload: dict[str, Any], monkeypatch: pytest.MonkeyPatch,
               capsys: pytest.CaptureFixture[str]) -> tuple[int, dict[str, Any]]:
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(payload)))
    status = main(["score", "--json"])
    return status, json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("suffix", [".toml", ".json"])
def test_score_reads_the_file_in_both_forms(
    tmp_path: Path, suffix: str, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    table = write_table(tmp_path / f"table{suffix}", 100)
    status, out = score_json({**HALF_FLUSH, "options": {"payment_table": str(table)}},
                             monkeypatch, capsys)
    assert status == 0 and out["payments"] == {"discarder": 300}
    assert main(["score", "[123m] 456m789m333z5m +5m", "--rules", "hk-4p", "--option",
                 f"payment_table={table}", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["payments"] == {"discarder": 300}


def test_an_edited_file_is_never_served_stale(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    """Same path, new rows: the second command in the same process pays the new rows."""
    table = write_table(tmp_path / "table.toml", 100)
    payload = {**HALF_FLUSH, "options": {"payment_table": str(table)}}
    assert score_json(payload, monkeypatch, capsys)[1]["payments"] == {"discarder": 300}
    write_table(table, 7)
    assert score_json(payload, monkeypatch, capsys)[1]["payments"] == {"discarder": 21}


def test_a_sim_record_replays_without_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    table = write_table(tmp_path / "table.json", 3)
    records = tmp_path / "records"
    assert main(["sim", "--rules", "hk-4p", "--games", "1", "--seed", "2", "--bots",
                 "greedy", "--option", f"payment_table={table}", "--option", "max_hands=6",
                 "--records", str(records), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    table.unlink()
    record = json.loads((records / "game-00001.json").read_text())
    rows = record["options"]["payment_table"]["rows"]
    assert rows[3] == {"fan": 3, "discard": 9, "self_draw": 4}
    result = replay(record)  # no file any more: the rows are in the record
    assert sum(sum(h.deltas) for h in result.hands) == 0
    assert report["seats"][0]["mean_score"] == result.scores[0]
    assert main(["replay", str(records / "game-00001.json"), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["scores"] == list(result.scores)


def test_play_and_sim_share_the_option_reader(tmp_path: Path) -> None:
    table = write_table(tmp_path / "t.toml", 10)
    options = parse_option_values([f"payment_table={table}", "pao=false"])
    assert options == parse_options([f"payment_table={table}", "pao=false"])
    assert options["pao"] is False and options["payment_table"]["rows"][10]["discard"] == 100
    assert parse_options(["payment_table=golden"]) == {"payment_table": "golden"}


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "cannot read it"),
        ('{"rows": [{"fan": 100000000, "discard": 1, "self_draw": 1}]}',
         "'fan' must be from 0 to 100"),
        ('{"rows": [{"fan": 3, "discard": Infinity, "self_draw": 1}]}',
         "Infinity is not a JSON number"),
    ],
)
def test_bad_files_exit_2_naming_the_file(
    tmp_path: Path, content: str | None, message: str, capsys: pytest.CaptureFixture[str],
) -> None:
    table = tmp_path / "bad.json"
    if content is not None:
        table.write_text(content)
    for args in (["score", "[123m] 456m789m333z5m +5m", "--rules", "hk-4p"],
                 ["sim", "--rules", "hk-4p", "--games", "1"]):
        assert main([*args, "--option", f"payment_table={table}"]) == 2
        err = capsys.readouterr().err
        assert str(table) in err and message in err, err

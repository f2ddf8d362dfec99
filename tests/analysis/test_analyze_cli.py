"""``tingpai analyze``: human and JSON output, and exit status 2 on bad input."""

from __future__ import annotations

import json

import pytest

from tingpai.cli import main


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict[str, object]]:
    status = main(["analyze", *argv, "--json"])
    out = capsys.readouterr().out
    lines = out.strip().splitlines()
    assert len(lines) == 1  # exactly one JSON object
    return status, json.loads(lines[0])


def test_ready_hand_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, result = run_json(capsys, "123m456p789s1122z")
    assert status == 0
    assert result["shanten"] == 0
    assert result["shanten_by_form"] == {"standard": 0, "pairs": 4, "orphans": 8}
    assert result["waits"] == ["1z", "2z"]
    assert result["live"] == 4


def test_melds_and_visible(capsys: pytest.CaptureFixture[str]) -> None:
    status, result = run_json(capsys, "123m456p [789s] 11223z", "--visible", "1z1z 2z")
    assert status == 0
    assert result["melds"] == ["chow 789s"]
    assert result["tiles"] == 14
    assert result["shanten_by_form"] == {"standard": 0}  # special forms need no melds
    discards = result["discards"]
    assert isinstance(discards, list)
    assert discards[0] == {"tile": "3z", "shanten": 0, "improving": ["1z", "2z"], "live": 1}


def test_complete_hand_lists_decompositions(capsys: pytest.CaptureFixture[str]) -> None:
    status, result = run_json(capsys, "111222333m789p55s")
    assert status == 0
    assert result["complete"] is True
    assert result["decompositions"] == ["55s 123m 123m 123m 789p", "55s 111m 222m 333m 789p"]


def test_forms_option(capsys: pytest.CaptureFixture[str]) -> None:
    _, result = run_json(capsys, "1122m3344p5566s7z", "--forms", "standard,orphans")
    assert result["forms"] == ["standard", "orphans"]
    assert "pairs" not in result["shanten_by_form"]  # type: ignore[operator]
    assert result["waits"] == []


def test_human_output_shows_unicode(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", "123m456p789s1122z"]) == 0
    out = capsys.readouterr().out
    assert "Shanten  0" in out
    assert "12z  \U0001f000\U0001f001" in out  # waits in text and Unicode
    assert main(["analyze", "123m456p789s11223z"]) == 0
    out = capsys.readouterr().out
    assert "Discards" in out and "\U0001f002" in out


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["12x3m456p789s1122z"], "unexpected character 'x' at position 2"),
        (["123m456p789s112z"], "13 or 14 tiles"),
        (["11111m456p789s112z"], "1m appears 5 times"),
        (["123m456p789s1122z 1f"], "bonus tile"),
        (["123m456p789s1122z", "--forms", "standard,nope"], "unknown form 'nope'"),
        (["123m456p789s1122z", "--visible", "1z1z1z"], "1z would appear 5 times"),
        (["123m456p789s1122z", "--visible", "9q"], "--visible: unexpected character 'q'"),
    ],
)
def test_errors_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str], fragment: str) -> None:
    status, result = run_json(capsys, *argv)
    assert status == 2
    assert fragment in str(result["error"])
    assert main(["analyze", *argv]) == 2
    captured = capsys.readouterr()
    assert fragment in captured.err and captured.out == ""

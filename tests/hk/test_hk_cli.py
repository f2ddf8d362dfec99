"""``tingpai score`` with the Hong Kong ids: the JSON contract (``total`` is fan after the cap;
payment keys ``discarder``/``others``/``each``), the ``options`` object, ``--option
KEY=VALUE`` in the human form, and option errors (exit 2)."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from tingpai.cli import main


def run_json(payload: dict[str, Any], monkeypatch: pytest.MonkeyPatch,
             capsys: pytest.CaptureFixture[str]) -> tuple[int, dict[str, Any]]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(payload)))
    status = main(["score", "--json"])
    return status, json.loads(capsys.readouterr().out)


HALF_FLUSH = {"concealed": "456m789m333z55m", "melds": ["chow 123m"], "win_tile": "5m",
              "seat_wind": "S"}

# (rules, options, extra fields, total, payments)
CASES: list[tuple[str, dict[str, Any], dict[str, Any], int, dict[str, int]]] = [
    ("hk-4p", {}, {}, 3, {"discarder": 32}),
    ("hk-4p", {}, {"win": "self-draw"}, 4, {"each": 32}),
    ("hk-4p", {"payment_table": "full-spicy"}, {"win": "self-draw"}, 4, {"each": 32}),
    ("hk-4p", {"payment_table": "full-spicy"}, {}, 3, {"discarder": 32}),
    ("hk-2p", {}, {"concealed": "456p789p333z55p", "melds": ["chow 123p"], "win_tile": "5p"},
     3, {"discarder": 32}),
    ("hk-2p", {}, {"concealed": "456p789p333z55p", "melds": ["chow 123p"], "win_tile": "5p",
                   "win": "self-draw"}, 4, {"each": 96}),
    ("hk-fanlaak", {"min_fan": 2}, {}, 2, {"discarder": 8, "others": 4}),
    ("hk-fanlaak", {}, {"win": "self-draw"}, 3, {"each": 16}),
]


@pytest.mark.parametrize(("rules", "options", "extra", "total", "payments"), CASES)
def test_score_json(rules: str, options: dict[str, Any], extra: dict[str, Any], total: int,
                    payments: dict[str, int], monkeypatch: pytest.MonkeyPatch,
                    capsys: pytest.CaptureFixture[str]) -> None:
    payload = {"rules": rules, "options": options, **HALF_FLUSH, **extra}
    status, out = run_json(payload, monkeypatch, capsys)
    assert status == 0 and out["valid"], out
    assert (out["total"], out["payments"], out["unit"]) == (total, payments, "fan")
    assert all({"id", "name", "chinese", "pinyin", "value"} <= set(p) for p in out["patterns"])


def test_score_json_below_the_minimum(monkeypatch: pytest.MonkeyPatch,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    status, out = run_json({"rules": "hk-fanlaak", **HALF_FLUSH}, monkeypatch, capsys)
    assert status == 0 and not out["valid"]
    assert out["reason"] == "the hand is worth 2 fan, below the minimum 3"


def test_score_json_removed_tile(monkeypatch: pytest.MonkeyPatch,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    """A tile the table does not have is malformed input (score_cmd's rule), not a hand."""
    status, out = run_json({"rules": "hk-2p", **HALF_FLUSH}, monkeypatch, capsys)
    assert status == 2 and out == {"error": "tile 4m is not in this ruleset's set"}


@pytest.mark.parametrize(("options", "message"), [
    ({"min_fan": 12}, "option min_fan must be at most 10, got 12"),
    ({"payment_table": "spicy"}, "payment_table must be a table name (half-spicy, full-spicy"),
    ({"flowers": False}, "unknown option 'flowers' for hk-4p"),
])
def test_score_json_bad_options_exit_2(options: dict[str, Any], message: str,
                                       monkeypatch: pytest.MonkeyPatch,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    status, out = run_json({"rules": "hk-4p", "options": options, **HALF_FLUSH},
                           monkeypatch, capsys)
    assert status == 2 and message in out["error"]


def test_score_json_host_table_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "table.toml"
    path.write_text("".join(f"[[rows]]\nfan = {f}\ndiscard = {f * 100}\nself_draw = {f * 50}\n"
                            for f in range(3, 11)))
    status, out = run_json({"rules": "hk-4p", "options": {"payment_table": str(path)},
                            **HALF_FLUSH}, monkeypatch, capsys)
    assert status == 0 and out["payments"] == {"discarder": 300}


def test_human_form_with_options(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["score", "[123m] 456m789m333z5m +5m", "--rules", "hk-fanlaak", "--seat",
                   "S", "--option", "min_fan=0", "--option", "stake=2"])
    out = capsys.readouterr().out
    assert status == 0
    assert "混一色" in out and "Total: 2 fan" in out
    assert "the discarder pays 8" in out and "Each other player pays 4" in out


def test_human_form_bad_option(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["score", "[123m] 456m789m333z5m +5m", "--rules", "hk-4p",
                   "--option", "min_fan=eleven"])
    assert status == 2
    assert "option min_fan must be an integer" in capsys.readouterr().err

"""``tingpai rules``: the list of rulesets and one ruleset's options and patterns, in the
human, JSON and Markdown forms; ``tingpai --version`` and ``python -m tingpai``."""

from __future__ import annotations

import importlib.metadata
import json
import subprocess
import sys
from typing import Any

import pytest

from tingpai.cli import main
from tingpai.rules import BUILTIN_IDS, ruleset_ids


def _json(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, Any]:
    status = main(["rules", *argv, "--json"])
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 1
    return status, json.loads(lines[0])


def _pattern(info: dict[str, Any], pid: str) -> dict[str, Any]:
    [found] = [p for p in info["patterns"] if p["id"] == pid]
    return found


def test_list_has_every_ruleset_with_aliases(capsys: pytest.CaptureFixture[str]) -> None:
    status, listing = _json(capsys)
    assert status == 0
    rows = {row["id"]: row for row in listing["rulesets"]}
    assert list(rows) == list(ruleset_ids())
    assert rows["hu-4p"]["aliases"] == ["hu"]
    assert rows["hk-4p"]["aliases"] == ["hk"]
    assert set(rows["hk-fanlaak"]["aliases"]) == {"fanlaak", "fan-laak"}
    assert all(row["name"] and row["description"] for row in rows.values())


@pytest.mark.parametrize(("rid", "players", "tiles", "unit", "forms"), [
    ("hu-4p", 4, 144, "points", ["standard", "pairs", "orphans"]),
    ("hu-2p", 2, 144, "points", ["standard", "pairs", "orphans"]),
    ("hk-4p", 4, 136, "fan", ["standard", "orphans"]),
    ("hk-2p", 2, 80, "fan", ["standard", "orphans"]),
    ("hk-fanlaak", 4, 136, "fan", ["standard", "orphans"]),
])
def test_table_facts(capsys: pytest.CaptureFixture[str], rid: str, players: int, tiles: int,
                     unit: str, forms: list[str]) -> None:
    status, info = _json(capsys, rid)
    assert status == 0
    assert (info["players"], info["tiles"], info["unit"], info["forms"]) == (
        players, tiles, unit, forms)


def test_options_show_default_allowed_and_description(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, info = _json(capsys, "hk-fanlaak")
    options = {o["name"]: o for o in info["options"]}
    assert options["min_fan"] == {"name": "min_fan", "default": 3, "allowed": "integer 0-10",
                                  "description": "fan a hand needs to win (0-10)"}
    assert options["payment_table"]["default"] == "fan-laak"
    assert options["point_limit"]["default"] is None
    assert options["pao"]["default"] is False  # seed 002 names no liability
    _, info = _json(capsys, "hk-fanlaak-0")
    assert {o["name"]: o["default"] for o in info["options"]}["min_fan"] == 0


def test_patterns_carry_names_values_limits_and_superseding(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, hu = _json(capsys, "hu")  # an alias is accepted
    assert hu["id"] == "hu-4p"
    quads = _pattern(hu, "four_quads")
    assert (quads["name"], quads["chinese"], quads["value"], quads["unit"], quads["limit"]) == (
        "Four Quads", "四杠", 20000, "points", 4)
    assert set(quads["supersedes"]) == {"three_quads", "two_quads", "one_quad"}
    flower_set = _pattern(hu, "flower_set")
    assert flower_set["supersedes"] == ["flower_tile"]
    assert flower_set["absorbs"] == {"flower_tile": 4}
    assert flower_set["qualifies"] is False
    assert "stacks" in _pattern(hu, "little_three_dragons")["ruling"]
    assert _pattern(hu, "all_triplets")["category"] == "Triplets"
    _, hk = _json(capsys, "hk-2p")
    pungs = _pattern(hk, "all_triplets")
    assert (pungs["name"], pungs["chinese"], pungs["pinyin"], pungs["value"], pungs["unit"]) == (
        "All Pungs", "對對糊", "duì duì hú", 3, "fan")
    assert _pattern(hk, "four_quads")["limit"] == 1
    assert _pattern(hk, "four_quads")["value"] == 10


def test_unknown_id_exits_2_naming_it(capsys: pytest.CaptureFixture[str]) -> None:
    status, error = _json(capsys, "hu-9p")
    assert status == 2 and "hu-9p" in error["error"]
    assert main(["rules", "hu-9p"]) == 2
    assert "hu-9p" in capsys.readouterr().err


def test_human_forms(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules"]) == 0
    out = capsys.readouterr().out
    for rid in ruleset_ids():
        assert rid in out
    assert main(["rules", "hk-4p"]) == 0
    out = capsys.readouterr().out
    assert "min_fan" in out and "half-spicy" in out
    assert "all_triplets" in out and "對對糊" in out and "3 fan" in out
    assert "Patterns: 5, 7, and 10 Fan" in out


def test_markdown_form_is_the_docs_page(capsys: pytest.CaptureFixture[str]) -> None:
    from tingpai.cli.rules_cmd import docs_pages

    assert main(["rules", "hk-2p", "--format", "md"]) == 0
    assert capsys.readouterr().out == docs_pages()["hk-2p.md"]
    assert main(["rules", "--format", "md"]) == 0
    assert capsys.readouterr().out == docs_pages()["index.md"]


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0
    assert capsys.readouterr().out.strip() == f"tingpai {importlib.metadata.version('tingpai')}"


def test_python_dash_m_tingpai() -> None:
    done = subprocess.run([sys.executable, "-m", "tingpai", "rules", "--json"],
                          capture_output=True, text=True, check=False, timeout=60)
    assert done.returncode == 0, done.stderr
    assert [r["id"] for r in json.loads(done.stdout)["rulesets"]] == list(BUILTIN_IDS)

"""Every scoring pattern carries a Chinese description (``Pattern.description_zh``, simplified
Chinese) that the browser client shows in its Chinese modes: present for every pattern of
every ruleset id, Chinese, with no English left in it, and served by ``GET /api/rules``
beside the English one — but not added to ``tingpai score --json`` (its pattern objects are
a DESIGN.md contract)."""

from __future__ import annotations

import io
import json
import re
import sys

import pytest

from tingpai.cli import main
from tingpai.rules import BUILTIN_IDS, ruleset_ids, ruleset_spec
from tingpai.rules.pattern import Pattern

CJK = re.compile(r"[\u4e00-\u9fff]")
TILE_NOTATION = re.compile(r"\d+[mpsz]\b")
"""Tile notation (``123m``, ``5z``) may stay in a Chinese description; no other Latin letter."""
LATIN = re.compile(r"[A-Za-z]")

# The ids the package ships: a test elsewhere may register a variant of its own.
PATTERNS = [(rid, pattern) for rid in BUILTIN_IDS for pattern in ruleset_spec(rid).patterns]


def test_there_are_patterns_of_every_ruleset() -> None:
    assert len(BUILTIN_IDS) == 7 and set(BUILTIN_IDS) <= set(ruleset_ids())
    assert {rid for rid, _ in PATTERNS} == set(BUILTIN_IDS)


@pytest.mark.parametrize(("rid", "pattern"), PATTERNS,
                         ids=[f"{rid}:{pattern.id}" for rid, pattern in PATTERNS])
def test_every_pattern_has_a_chinese_description(rid: str, pattern: Pattern) -> None:
    text = pattern.description_zh
    assert text, f"{rid} {pattern.id}: no description_zh"
    assert CJK.search(text), f"{rid}: {text!r} is not Chinese"
    left = LATIN.findall(TILE_NOTATION.sub("", text))
    assert not left, f"{rid}: {text!r} keeps Latin letters {left}"
    assert text == text.strip() and "  " not in text


def test_the_rules_endpoint_serves_both_descriptions() -> None:
    pytest.importorskip("fastapi")
    from tingpai.server.app import describe_rulesets

    for info in describe_rulesets():
        if info["id"] not in BUILTIN_IDS:
            continue
        spec = ruleset_spec(info["id"])
        assert [(p["id"], p["description"], p["description_zh"]) for p in info["patterns"]] == [
            (p.id, p.description, p.description_zh) for p in spec.patterns
        ]


def test_score_json_patterns_keep_their_contract(monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    payload = {"rules": "hk-4p", "concealed": "456m789m333z55m", "melds": ["chow 123m"],
               "win_tile": "5m", "seat_wind": "S"}
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(payload)))
    assert main(["score", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["patterns"]
    for item in out["patterns"]:
        assert "description_zh" not in item and "description" not in item

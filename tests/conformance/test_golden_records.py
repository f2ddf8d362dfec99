"""Golden records: replaying each stored record gives exactly its stored result.

The records live in ``tests/golden/`` with their expected ``tingpai replay --json`` output;
``tests/golden/generate.py`` writes them all (one command).  Every registered ruleset has a
whole bot game there, and the files are exactly the generator's cases (none stale, none
missing).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from tingpai.engine import replay

GOLDEN = Path(__file__).resolve().parent.parent / "golden"
FILES = sorted(GOLDEN.glob("*.json"))
if str(GOLDEN) not in sys.path:
    sys.path.insert(0, str(GOLDEN))

import generate  # noqa: E402


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_record_replays_to_its_result(path: Path) -> None:
    data = json.loads(path.read_text())
    assert replay(data["record"]).to_json() == data["expected"]


def test_the_files_are_the_generators_cases() -> None:
    assert {p.stem for p in FILES} == set(generate.all_cases()), (
        "run .venv/bin/python tests/golden/generate.py and review the diff"
    )


def test_every_ruleset_has_a_golden_game(ruleset_id: str) -> None:
    path = GOLDEN / f"game_{ruleset_id}.json"
    assert path.exists(), "run .venv/bin/python tests/golden/generate.py"
    data = json.loads(path.read_text())
    assert data["record"]["rules"] == ruleset_id and data["expected"]["over"]

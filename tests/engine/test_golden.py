"""Golden records: replaying each stored record gives exactly its stored result.

The records live in ``tests/golden/`` with their expected ``tingpai replay --json`` output
(see ``tests/golden/generate.py``).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tingpai.engine import replay

GOLDEN = Path(__file__).resolve().parent.parent / "golden"
FILES = sorted(GOLDEN.glob("*.json"))


def test_there_are_golden_records() -> None:
    assert len(FILES) >= 5


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_record_replays_to_its_result(path: Path) -> None:
    data = json.loads(path.read_text())
    assert replay(data["record"]).to_json() == data["expected"]

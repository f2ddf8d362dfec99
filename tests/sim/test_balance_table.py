"""``examples/balance_table.py``, the README table's one command, on a small scale."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from tingpai.sim import stored_outcomes

SCRIPT = Path(__file__).resolve().parents[2] / "examples" / "balance_table.py"


def test_runs_grow_to_the_hands_wanted_and_resume(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    spec = importlib.util.spec_from_file_location("balance_table", SCRIPT)
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    args = ["--bots", "greedy", "--hands", "20", "--out", str(tmp_path), "--configs",
            "hu-2p,hu-3p"]
    assert script.main(args) == 0
    out = capsys.readouterr().out
    assert "$ tingpai sim --rules hu-2p --bots greedy --games" in out
    for name in ("hu-2p", "hu-3p"):
        assert sum(len(o.hands) for o in stored_outcomes(tmp_path / name)) >= 20
    assert "| hu-2p (greedy) |" in out and "| hu-3p (greedy) |" in out
    assert (tmp_path / "report.html").read_text(encoding="utf-8").count("<svg") == 13
    # Rerun with more hands wanted: the runs resume and grow, nothing is replayed.
    before = len(list(stored_outcomes(tmp_path / "hu-2p")))
    assert script.main([*args[:3], "40", *args[4:-1], "hu-2p"]) == 0
    assert "--resume" in capsys.readouterr().out
    assert len(list(stored_outcomes(tmp_path / "hu-2p"))) > before
    assert script.main(["--configs", "hu-5p", "--out", str(tmp_path)]) == 2

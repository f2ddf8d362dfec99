"""The eighth command-line audit: each test fails on the code it was written against.

* ``tingpai play --seed -3`` played seed 3's game (``random.Random`` takes a negative
  seed as its absolute value) and wrote it as ``game--3.json``: a negative seed is now
  refused (exit status 2, naming ``--seed``).  (``sim`` and ``arena`` hash their run seed
  into every game's seed and name records by game number, so a negative run seed there is
  a run of its own and stays accepted.)
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tingpai.cli import main


@pytest.mark.parametrize("seed", ["-3", "-1"])
def test_play_refuses_a_negative_seed_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], seed: str,
) -> None:
    with pytest.raises(SystemExit) as done:
        main(["play", "--seed", seed, "--records", str(tmp_path / "rec")])
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert "--seed" in err and "at least 0" in err and "Traceback" not in err
    assert not (tmp_path / "rec").exists() or not list((tmp_path / "rec").iterdir())


def test_sim_records_are_named_by_game_number_for_any_run_seed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    code = main(["sim", "--rules", "hu-2p", "--games", "1", "--seed", "-3", "--bots",
                 "random", "--records", str(tmp_path), "--max-hands", "1"])
    capsys.readouterr()
    assert code == 0
    assert sorted(p.name for p in tmp_path.glob("game-*.json")) == ["game-00001.json"]


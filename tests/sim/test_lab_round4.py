"""Fourth audit of the lab: a row format asked for without a run directory is an error
(it was silently ignored), a run's seed is a whole number (a float, a string or None used
to become a seed of its own), and a Ruleset built in code plays in ``run_sim`` and
``run_arena`` as DESIGN.md says ("accepted everywhere an id is"; they used to answer
"unknown rules id Ruleset(...)")."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from tingpai.cli import main
from tingpai.rules import find_ruleset
from tingpai.rules.ruleset import Ruleset
from tingpai.sim import run_sim
from tingpai.sim.arena import run_arena


def house(base: str, **options: Any) -> Ruleset:
    """A host's own table: a Ruleset built in code under an id no registry knows."""
    b = find_ruleset(base, **options)
    return Ruleset(id="house-table", name="House table", options=b.options,
                   patterns=b.patterns, payment=b.payment,
                   option_values=dict(b.option_values), policy_factory=b.policy_factory)


# --- tingpai sim: flags that only mean something with --out --------------------------------


@pytest.mark.parametrize(
    ("flags", "named"),
    [
        (["--storage", "parquet"], "--storage needs --out DIR"),
        (["--storage", "jsonl"], "--storage needs --out DIR"),
        (["--flush-every", "3"], "--flush-every needs --out DIR"),
        (["--resume"], "--resume needs --out DIR"),
    ],
)
def test_row_flags_without_a_run_directory_are_an_error(
    flags: list[str], named: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``tingpai sim --storage parquet`` without ``--out`` used to play the whole run and
    store nothing, as if the flag had not been given."""
    monkeypatch.chdir(tmp_path)
    args = ["sim", "--rules", "hu-2p", "--bots", "random", "--games", "1", *flags]
    assert main([*args, "--json"]) == 2
    captured = capsys.readouterr()
    assert json.loads(captured.out) == {"error": named + (
        " (the run to continue)" if flags == ["--resume"] else " (the run directory it stores)"
    )}
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and named in err and err.count("\n") == 1
    assert list(tmp_path.iterdir()) == []


def test_row_flags_with_a_run_directory_still_work(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "run"
    assert main(["sim", "--rules", "hu-2p", "--bots", "random", "--games", "2",
                 "--storage", "jsonl", "--flush-every", "3", "--out", str(out), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 2
    assert (out / "manifest.json").exists()


# --- seeds ----------------------------------------------------------------------------


BAD_SEEDS = [1.5, "x", None, True, [1]]


@pytest.mark.parametrize("seed", BAD_SEEDS, ids=repr)
def test_run_sim_names_a_seed_that_is_no_whole_number(seed: Any) -> None:
    with pytest.raises(ValueError, match="seed must be a whole number"):
        run_sim("hu-2p", {}, 1, seed, "random")


@pytest.mark.parametrize("seed", BAD_SEEDS, ids=repr)
def test_run_arena_names_a_seed_that_is_no_whole_number(seed: Any) -> None:
    with pytest.raises(ValueError, match="seed must be a whole number"):
        run_arena("hu-2p", ["random"], 1, seed)


@pytest.mark.parametrize("games", [True, 1.0, "2"], ids=repr)
def test_run_sim_names_games_that_are_no_whole_number(games: Any) -> None:
    with pytest.raises(ValueError, match="games must be a whole number"):
        run_sim("hu-2p", {}, games, 1, "random")


def test_a_numpy_seed_is_the_same_seed(tmp_path: Path) -> None:
    """A numpy integer seed plays the games of the same Python int (and its manifest is
    JSON: a numpy integer there used to fail to be written)."""
    plain = run_sim("hu-2p", {}, 2, 5, "random", out=tmp_path / "a").to_json()
    numpy_seeded = run_sim("hu-2p", {}, 2, np.int64(5), "random",  # type: ignore[arg-type]
                           out=tmp_path / "b").to_json()
    for report in (plain, numpy_seeded):
        report.pop("timing")
    assert numpy_seeded == plain
    assert json.loads((tmp_path / "b" / "manifest.json").read_text())["seed"] == 5
    arena = run_arena("hu-2p", ["random", "greedy"], 2, np.int64(5),  # type: ignore[arg-type]
                      max_hands=3).to_json()
    assert arena == run_arena("hu-2p", ["random", "greedy"], 2, 5, max_hands=3).to_json()


# --- a Ruleset built in code ------------------------------------------------------------


@pytest.mark.parametrize("base", ["hu-2p", "hk-2p"])
def test_run_sim_plays_a_table_built_in_code(base: str, tmp_path: Path) -> None:
    """The same table under another id plays the same games: every figure equal but the
    names."""
    by_id = run_sim(base, {}, 2, 3, "greedy", max_hands=6).to_json()
    built = run_sim(house(base), None, 2, 3, "greedy", max_hands=6,
                    records_dir=tmp_path).to_json()
    assert built["rules"] == "house-table" and built["ruleset_name"] == "House table"
    for report in (by_id, built):
        for key in ("rules", "ruleset_name", "timing"):
            report.pop(key)
    assert built == by_id
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game-00001.json", "game-00002.json"]
    assert json.loads((tmp_path / "game-00001.json").read_text())["rules"] == "house-table"


def test_run_sim_in_worker_processes_plays_the_same_games() -> None:
    one = run_sim(house("hu-2p"), {}, 3, 4, "random", max_hands=4).to_json()
    two = run_sim(house("hu-2p"), {}, 3, 4, "random", max_hands=4, workers=2).to_json()
    one.pop("timing")
    two.pop("timing")
    assert one == two


@pytest.mark.parametrize("workers", [1, 2])
def test_run_arena_plays_a_table_built_in_code(workers: int) -> None:
    by_id = run_arena("hu-2p", ["value", "greedy"], 2, 7, max_hands=4).to_json()
    built = run_arena(house("hu-2p"), ["value", "greedy"], 2, 7, max_hands=4,
                      workers=workers).to_json()
    assert built.pop("rules") == "house-table"
    by_id.pop("rules")
    assert built == by_id


@pytest.mark.parametrize(
    ("call", "named"),
    [
        (lambda r: run_sim(r, {"flowers": False}, 1, 1, "random"),
         "ruleset options go with a ruleset id"),
        (lambda r: run_arena(r, ["random"], 1, 1, options={"flowers": False}),
         "ruleset options go with a ruleset id"),
        (lambda r: run_sim(r, {}, 1, 1, "random", out="never-written"),
         "a run directory needs a ruleset id"),
    ],
)
def test_what_a_table_built_in_code_cannot_take(call: Any, named: str) -> None:
    with pytest.raises(ValueError, match=named):
        call(house("hu-2p"))
    assert not Path("never-written").exists()


def test_a_table_that_cannot_be_sent_to_workers_is_named() -> None:
    """A host's table with a pattern predicate made inside a function (here a lambda)
    does not pickle: with worker processes that is one clear error before any game (it
    would have been a pickling traceback from inside the pool); one worker plays it.
    (The fan-laak tables were such tables until their Chicken Hand predicate became a
    picklable object: tests/env/test_env_round6.py.)"""
    import dataclasses

    base = house("hk-fanlaak")
    first = dataclasses.replace(base.patterns[0], predicate=lambda ctx: 0)
    rules = dataclasses.replace(base, patterns=(first, *base.patterns[1:]))
    with pytest.raises(ValueError, match=r"cannot be sent to worker processes.*one worker"):
        run_sim(rules, {}, 2, 1, "random", workers=2)
    with pytest.raises(ValueError, match=r"cannot be sent to worker processes.*one worker"):
        run_arena(rules, ["random"], 2, 1, workers=2)
    assert run_arena(rules, ["random"], 1, 1, max_hands=2).games == 1
    assert run_sim(rules, {}, 1, 1, "random", max_hands=2).games == 1

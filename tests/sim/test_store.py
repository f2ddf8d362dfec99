"""Run directories: rows round-trip, JSONL and Parquet agree, resume equals an
uninterrupted run, and a directory that does not fit is refused before anything changes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tingpai.bots import new_game, play_hand
from tingpai.rules import find_ruleset, ruleset_ids
from tingpai.sim import (
    GameOutcome,
    StoreError,
    game_seed,
    read_manifest,
    run_sim,
    stored_outcomes,
    summarize_hand,
)
from tingpai.sim.store import JSONL_NAME, outcome_from_row, outcome_to_row

ARGS: dict[str, Any] = {"rules": "hu-2p", "options": {}, "seed": 5, "bots": "random"}


def without_timing(report: dict[str, Any]) -> dict[str, Any]:
    report = dict(report)
    report.pop("timing")
    return report


@pytest.mark.parametrize("rules", ruleset_ids())
def test_rows_round_trip(rules: str) -> None:
    """Three hands of a greedy game (whole Hong Kong games run long), summarized as the
    simulation does; the row, through JSON text, reads back to the same outcome."""
    ruleset = find_ruleset(rules)
    players = ruleset.options.players
    match, bots = new_game(["greedy"] * players, game_seed(1, 0), rules)
    hands = []
    while len(hands) < 3 and not match.is_over:
        hand = match.next_hand()
        play_hand(hand, bots)
        hands.append(summarize_hand(hand))
    start = (ruleset.options.start_points,) * players
    outcome = GameOutcome(0, game_seed(1, 0), tuple(hands), start, match.scores,
                          match.result.ranking)
    row = json.loads(json.dumps(outcome_to_row(outcome, ruleset)))
    assert outcome_from_row(row, ruleset) == outcome
    hand_row = row["hands"][0]
    assert set(hand_row) == {"dealer", "end", "turns", "deltas", "ready", "no_pattern",
                             "winners"}
    assert len(hand_row["ready"]) == len(hand_row["no_pattern"]) == players
    assert all(r or not n for r, n in zip(hand_row["ready"], hand_row["no_pattern"],
                                          strict=True))


def test_rows_hold_what_the_report_needs(tmp_path: Path) -> None:
    report = run_sim(**ARGS, games=4, out=tmp_path / "run")
    lines = (tmp_path / "run" / JSONL_NAME).read_text(encoding="utf-8").splitlines()
    rows = [json.loads(line) for line in lines]
    assert [r["game"] for r in rows] == [0, 1, 2, 3]
    assert [r["seed"] for r in rows] == [game_seed(5, i) for i in range(4)]
    assert sum(len(r["hands"]) for r in rows) == report.hands
    for r in rows:
        net = [f - s for f, s in zip(r["final"], r["start"], strict=True)]
        hand_sum = [sum(h["deltas"][s] for h in r["hands"]) for s in range(2)]
        assert net == hand_sum  # the per-hand changes add up to the game's result
        for h in r["hands"]:
            assert sum(h["deltas"]) == 0
            assert h["turns"] > 0
    manifest = read_manifest(tmp_path / "run")
    assert (manifest.rules, manifest.seed, manifest.games, manifest.bots) == (
        "hu-2p", 5, 4, ("random", "random"))
    summary = json.loads((tmp_path / "run" / "summary.json").read_text(encoding="utf-8"))
    assert without_timing(summary) == without_timing(report.to_json())


def test_parquet_and_jsonl_store_the_same_games(tmp_path: Path) -> None:
    pytest.importorskip("pyarrow")
    run_sim(**ARGS, games=5, out=tmp_path / "j")
    run_sim(**ARGS, games=5, out=tmp_path / "p", storage="parquet", flush_every=2)
    parts = sorted(p.name for p in (tmp_path / "p" / "games").iterdir())
    assert parts == ["part-00000.parquet", "part-00001.parquet", "part-00002.parquet"]
    assert list(stored_outcomes(tmp_path / "j")) == list(stored_outcomes(tmp_path / "p"))


@pytest.mark.parametrize("storage", ["jsonl", "parquet"])
def test_resume_continues_to_the_uninterrupted_result(tmp_path: Path, storage: str) -> None:
    if storage == "parquet":
        pytest.importorskip("pyarrow")
    whole = run_sim(**ARGS, games=7, out=tmp_path / "whole", storage=storage, flush_every=3)
    run_sim(**ARGS, games=3, out=tmp_path / "part", storage=storage, flush_every=3)
    played: list[int] = []
    resumed = run_sim(**ARGS, games=7, out=tmp_path / "part", storage=storage, flush_every=3,
                      resume=True, progress=lambda done, total: played.append(done))
    assert played == [3, 4, 5, 6, 7]  # the stored games are reported once, not replayed
    assert resumed.to_json()["timing"]["resumed_games"] == 3
    assert without_timing(resumed.to_json()) == without_timing(whole.to_json())
    assert list(stored_outcomes(tmp_path / "part")) == list(stored_outcomes(tmp_path / "whole"))
    assert read_manifest(tmp_path / "part").games == 7
    if storage == "jsonl":
        assert (tmp_path / "part" / JSONL_NAME).read_bytes() == (
            tmp_path / "whole" / JSONL_NAME).read_bytes()


def test_a_torn_last_line_is_dropped_and_replayed(tmp_path: Path) -> None:
    whole = run_sim(**ARGS, games=4, out=tmp_path / "whole")
    run_sim(**ARGS, games=4, out=tmp_path / "part")
    rows = tmp_path / "part" / JSONL_NAME
    text = rows.read_bytes()
    lines = text.splitlines(keepends=True)
    rows.write_bytes(b"".join(lines[:2]) + lines[2][: len(lines[2]) // 2])  # killed mid-write
    assert len(list(stored_outcomes(tmp_path / "part"))) == 2
    resumed = run_sim(**ARGS, games=4, out=tmp_path / "part", resume=True)
    assert resumed.to_json()["timing"]["resumed_games"] == 2
    assert rows.read_bytes() == text
    assert without_timing(resumed.to_json()) == without_timing(whole.to_json())


def test_a_bad_row_in_the_middle_is_an_error(tmp_path: Path) -> None:
    run_sim(**ARGS, games=3, out=tmp_path / "run")
    rows = tmp_path / "run" / JSONL_NAME
    lines = rows.read_text(encoding="utf-8").splitlines(keepends=True)
    rows.write_text(lines[0] + "{not json\n" + lines[2], encoding="utf-8")
    before = rows.read_bytes()
    with pytest.raises(StoreError, match="line 2 is not a game row"):
        run_sim(**ARGS, games=3, out=tmp_path / "run", resume=True)
    assert rows.read_bytes() == before  # nothing repaired or appended


def test_rows_of_another_seed_are_refused(tmp_path: Path) -> None:
    run_sim(**ARGS, games=2, out=tmp_path / "run")
    manifest = tmp_path / "run" / "manifest.json"
    data = json.loads(manifest.read_text(encoding="utf-8"))
    data["seed"] = 6
    manifest.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(StoreError, match="not played with the run's seed"):
        list(stored_outcomes(tmp_path / "run"))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"seed": 6}, "holds another run .seed 5 there, 6 asked"),
        ({"bots": "greedy"}, "holds another run .bots"),
        ({"rules": "hu-3p"}, "holds another run .rules 'hu-2p' there"),
        ({"options": {"flowers": False}}, "holds another run .options"),
        ({"games": 2}, "cannot shrink a run"),
        ({"max_hands": 5}, "holds another run .max_hands 1000 there, 5 asked"),
    ],
)
def test_resume_refuses_another_run(
    tmp_path: Path, change: dict[str, Any], message: str
) -> None:
    run_sim(**ARGS, games=3, out=tmp_path / "run")
    before = (tmp_path / "run" / JSONL_NAME).read_bytes()
    with pytest.raises(StoreError, match=message):
        run_sim(**{**ARGS, "games": 3, **change}, out=tmp_path / "run", resume=True)
    assert (tmp_path / "run" / JSONL_NAME).read_bytes() == before
    assert read_manifest(tmp_path / "run").games == 3


def test_new_runs_never_overwrite_and_resume_needs_a_run(tmp_path: Path) -> None:
    run_sim(**ARGS, games=2, out=tmp_path / "run")
    before = (tmp_path / "run" / JSONL_NAME).read_bytes()
    with pytest.raises(StoreError, match="already holds a run: pass --resume"):
        run_sim(**ARGS, games=2, out=tmp_path / "run")
    assert (tmp_path / "run" / JSONL_NAME).read_bytes() == before
    with pytest.raises(StoreError, match="nothing to resume"):
        run_sim(**ARGS, games=2, out=tmp_path / "empty", resume=True)
    with pytest.raises(ValueError, match="resume needs the run directory"):
        run_sim(**ARGS, games=2, resume=True)
    (tmp_path / "file").write_text("x", encoding="utf-8")
    with pytest.raises(StoreError, match="is not a directory"):
        run_sim(**ARGS, games=2, out=tmp_path / "file")
    with pytest.raises(StoreError, match=r"no manifest\.json"):
        read_manifest(tmp_path / "empty")


def test_games_cut_short_are_stored_and_resumed(tmp_path: Path) -> None:
    """hk-4p greedy games last dozens of hands: a cap of 3 cuts every one short."""
    args: dict[str, Any] = {"rules": "hk-4p", "options": {}, "seed": 2, "bots": "greedy",
                            "max_hands": 3}
    whole = run_sim(**args, games=3, out=tmp_path / "whole")
    assert whole.to_json()["games_cut_short"] == 3
    run_sim(**args, games=1, out=tmp_path / "part")
    resumed = run_sim(**args, games=3, out=tmp_path / "part", resume=True)
    assert without_timing(resumed.to_json()) == without_timing(whole.to_json())
    stored = list(stored_outcomes(tmp_path / "part"))
    assert all(o.cut_short and len(o.hands) == 3 for o in stored)
    assert read_manifest(tmp_path / "part").max_hands == 3

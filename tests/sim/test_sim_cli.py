"""``tingpai sim``: full games per ruleset, deterministic JSON, records, bad arguments."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tingpai.cli import main
from tingpai.engine import replay
from tingpai.rules import find_ruleset

RATE_PARTS = ("self_draw", "discard", "special", "exhaustive_draw")


def sim_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    """Run ``tingpai sim --json ARGS`` in-process; its one line of JSON."""
    status = main(["sim", "--json", *args])
    out = capsys.readouterr().out
    assert status == 0, out
    lines = out.strip().splitlines()
    assert len(lines) == 1, out
    result: dict[str, Any] = json.loads(lines[0])
    return result


@pytest.mark.parametrize(("rules", "players"), [("hu-4p", 4), ("hu-3p", 3), ("hu-2p", 2)])
def test_ten_full_games(rules: str, players: int, capsys: pytest.CaptureFixture[str]) -> None:
    out = sim_json(capsys, "--rules", rules, "--games", "10", "--seed", "3", "--bots", "greedy")
    assert out["rules"] == rules
    assert out["games"] == 10
    assert out["bots"] == ["greedy"] * players
    # A full game is several hands; each hand ends exactly one way.
    assert out["hands"] >= 10
    assert sum(out["ends"].values()) == out["hands"]
    assert sum(out["rates"][k] for k in RATE_PARTS) == pytest.approx(1, abs=1e-5)
    assert out["rates"]["win"] + out["rates"]["exhaustive_draw"] == pytest.approx(1, abs=1e-5)
    # Points only move between seats: the average net deltas cancel out.
    seats = out["seats"]
    assert [s["seat"] for s in seats] == list(range(players))
    assert sum(s["mean_delta"] for s in seats) == pytest.approx(0, abs=1e-3)
    start = find_ruleset(rules).options.start_points
    for s in seats:
        assert s["mean_score"] == pytest.approx(start + s["mean_delta"], abs=1e-3)
    assert sum(s["first_places"] for s in seats) == 10
    assert sum(s["wins"] for s in seats) == out["wins"]
    # Every pattern of the ruleset is listed; frequencies are per winning hand.
    ids = [p["id"] for p in out["patterns"]]
    assert ids[: len(find_ruleset(rules).patterns)] == [p.id for p in find_ruleset(rules).patterns]
    for p in out["patterns"]:
        assert 0 <= p["count"] <= out["wins"]
        assert p["frequency"] == pytest.approx(p["count"] / out["wins"], abs=1e-5)
    if out["wins"]:
        assert out["mean_win_total"] > 0
    timing = out["timing"]
    assert timing["hands_per_second"] > 0 and timing["wall_seconds"] > 0


def test_json_is_identical_but_for_timing(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("--games", "6", "--seed", "11", "--bots", "greedy,random,greedy,random")
    first = sim_json(capsys, *args)
    second = sim_json(capsys, *args)
    assert "timing" in first and "timing" in second
    first.pop("timing")
    second.pop("timing")
    assert first == second
    other_seed = sim_json(capsys, "--games", "6", "--seed", "12", "--bots",
                          "greedy,random,greedy,random")
    other_seed.pop("timing")
    assert other_seed != first


def test_workers_do_not_change_the_results(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("--rules", "hu-2p", "--games", "8", "--seed", "5", "--bots", "random")
    serial = sim_json(capsys, *args)
    pooled = sim_json(capsys, *args, "--workers", "2")
    assert pooled["timing"]["workers"] == 2 and pooled["timing"]["backend"] == "processes"
    serial.pop("timing")
    pooled.pop("timing")
    assert serial == pooled


def test_records_replay_to_the_same_final_scores(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out_dir = tmp_path / "records"
    args = ("--rules", "hu-3p", "--games", "4", "--seed", "2", "--bots", "greedy,random,greedy",
            "--records", str(out_dir))
    out = sim_json(capsys, *args)
    files = sorted(out_dir.iterdir())
    assert [f.name for f in files] == [f"game-{i:05d}.json" for i in range(1, 5)]
    hands = 0
    score_sums = [0, 0, 0]
    for f in files:
        record = json.loads(f.read_text(encoding="utf-8"))
        assert record["format"] == "tingpai-record/1"
        assert record["rules"] == "hu-3p"
        result = replay(record)
        assert result.game.over
        hands += len(result.hands)
        for s, v in enumerate(result.scores):
            score_sums[s] += v
    assert hands == out["hands"]
    assert [s["mean_score"] for s in out["seats"]] == pytest.approx(
        [v / 4 for v in score_sums]
    )
    # Another run into the same folder would overwrite these: refused, nothing touched.
    before = {f.name: f.read_bytes() for f in files}
    assert main(["sim", "--rules", "hk-4p", "--games", "1", "--records", str(out_dir)]) == 2
    assert "already holds game-00001.json" in capsys.readouterr().err
    assert {f.name: f.read_bytes() for f in sorted(out_dir.iterdir())} == before


def test_options_are_parsed_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    out = sim_json(capsys, "--rules", "hu-2p", "--games", "2", "--bots", "random",
                   "--option", "flowers=false", "--option", "pond_limit=12",
                   "--option", "multiple_winners=head_bump")
    assert out["options"] == {"flowers": False, "pond_limit": 12, "multiple_winners": "head_bump"}
    flower = next(p for p in out["patterns"] if p["id"] == "flower_tile")
    assert flower["count"] == 0  # no bonus tiles in the set


def test_human_output_has_the_tables(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["sim", "--rules", "hu-2p", "--games", "2", "--bots", "greedy,random"])
    captured = capsys.readouterr()
    assert status == 0
    for text in ("exhaustive draw", "self-draw", "avg score", "Patterns", "hands/s"):
        assert text in captured.out


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["--bots", "greedy,random"], "2 bots for a 4-player table"),
        (["--bots", "greedy,smart,random,random"], "'smart'"),
        (["--rules", "riichi"], "'riichi'"),
        (["--option", "colour=red"], "'colour'"),
        (["--option", "pond_limit=0"], "pond_limit"),
        (["--option", "flowers"], "KEY=VALUE"),
    ],
)
def test_bad_arguments_exit_2(
    args: list[str], named: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["sim", "--games", "1", *args]) == 2
    err = capsys.readouterr().err
    assert named in err
    assert main(["sim", "--json", "--games", "1", *args]) == 2
    payload = json.loads(capsys.readouterr().out)
    assert named in payload["error"]


@pytest.mark.parametrize("args", [["--games", "0"], ["--workers", "0"], ["--games", "x"]])
def test_bad_counts_exit_2(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["sim", *args])
    assert exc.value.code == 2
    assert "sim" in capsys.readouterr().err

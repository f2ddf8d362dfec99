"""The terminal game: a scripted human plays a whole game; its record replays exactly."""

from __future__ import annotations

import argparse
import io
import json
from pathlib import Path

import pytest

from tingpai.cli.play_cmd import parse_choice, parse_option_values, run
from tingpai.engine import Action, ActionKind, replay
from tingpai.tiles import parse_tile


def _args(tmp_path: Path, **kw: object) -> argparse.Namespace:
    base: dict[str, object] = {
        "rules": "hu-2p", "seat": 0, "bots": "greedy", "seed": 7,
        "records": str(tmp_path), "option": [],
    }
    base.update(kw)
    return argparse.Namespace(**base)


def test_first_choice_every_time_plays_a_full_game_and_its_record_replays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status = run(_args(tmp_path), stdin=io.StringIO("1\n" * 5000))
    assert status == 0
    out = capsys.readouterr().out
    assert "winner: seat" in out
    record = json.loads((tmp_path / "game-7.json").read_text(encoding="utf-8"))
    result = replay(record)
    final = out.split("scores ")[-1].split(";")[0]
    assert json.loads(final) == list(result.scores)


def test_quitting_writes_the_partial_record(tmp_path: Path) -> None:
    assert run(_args(tmp_path, rules="hu-4p"), stdin=io.StringIO("q\n")) == 0
    record = json.loads((tmp_path / "game-7.json").read_text(encoding="utf-8"))
    assert record["format"] == "tingpai-record/1"
    assert record["rules"] == "hu-4p"


@pytest.mark.parametrize(
    ("kw", "message"),
    [({"rules": "hu-9p"}, "hu-9p"), ({"seat": 4}, "seat 4"), ({"bots": "oracle"}, "oracle"),
     ({"option": ["nonsense=1"]}, "nonsense")],
)
def test_bad_arguments_exit_2_naming_the_problem(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kw: dict[str, object], message: str
) -> None:
    assert run(_args(tmp_path, **kw), stdin=io.StringIO("")) == 2
    assert message in capsys.readouterr().err


def test_typed_actions_are_matched_against_the_legal_ones() -> None:
    legal = (
        Action(0, ActionKind.DISCARD, parse_tile("5m")),
        Action(0, ActionKind.DISCARD, parse_tile("7z")),
        Action(0, ActionKind.CHOW, tiles=(2, 3, 4)),
        Action(0, ActionKind.PASS),
    )
    assert parse_choice("5m", legal) == legal[0]
    assert parse_choice("discard 7z", legal) == legal[1]
    assert parse_choice("chow 345m", legal) == legal[2]
    assert parse_choice("chow 234m", legal) is None
    assert parse_choice("pass", legal) == legal[3]
    assert parse_choice("2", legal) == legal[1]
    assert parse_choice("9", legal) is None
    assert parse_choice("9x", legal) is None


def test_option_values_are_read_as_json_when_possible() -> None:
    assert parse_option_values(["flowers=false", "start_points=100", "x=abc"]) == {
        "flowers": False, "start_points": 100, "x": "abc",
    }
    with pytest.raises(ValueError, match="KEY=VALUE"):
        parse_option_values(["novalue"])


@pytest.mark.parametrize("bots", ["human,random,greedy", "random,greedy", "random"])
def test_bots_take_a_list_as_in_sim(tmp_path: Path, bots: str) -> None:
    args = _args(tmp_path, rules="hu-3p", bots=bots)
    assert run(args, stdin=io.StringIO("1\n" * 5000)) == 0
    record = json.loads((tmp_path / "game-7.json").read_text(encoding="utf-8"))
    assert replay(record).game.over


@pytest.mark.parametrize(("bots", "seat", "message"), [
    ("random,greedy,random,greedy", 0, "seat 0 (yours) must be 'human'"),
    ("random,human,greedy,greedy", 2, "seat 2 (yours) must be 'human'"),
    ("random,random", 0, "got 2"),
    ("random,oracle,greedy", 0, "unknown bot 'oracle'"),
])
def test_bad_bot_lists_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str], bots: str,
                              seat: int, message: str) -> None:
    args = _args(tmp_path, rules="hu-4p", bots=bots, seat=seat)
    assert run(args, stdin=io.StringIO("")) == 2
    assert message in capsys.readouterr().err


def test_one_round_game_shows_panels_log_and_standings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = _args(tmp_path, rules="hu-2p", seed=12, length="round")
    assert run(args, stdin=io.StringIO("help\nhint\nlog\n" + "1\n" * 3000)) == 0
    out = capsys.readouterr().out
    record = json.loads((tmp_path / "game-12.json").read_text(encoding="utf-8"))
    assert record["options"]["rounds"] == 1
    result = replay(record)
    assert result.game.over
    # One round of four dealerships at least: East only, so every hand has round wind E.
    assert all(h.round_wind == 27 for h in result.match.hands)
    assert "hints on|off" in out  # help
    assert "shanten" in out  # hint
    assert out.count("end of the hand") == len(result.hands)
    # The panel names every counted pattern with its Chinese name, and the payments.
    for hand in result.hands:
        assert hand.result is not None
        for winner in hand.result.winners:
            for pattern in winner.score.patterns:
                assert pattern.chinese in out
    assert " pays " in out
    assert "(you)" in out and "standings" in out
    assert "discards" in out  # the log of the others' actions


def test_length_and_rounds_option_together_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = _args(tmp_path, length="round", option=["rounds=2"])
    assert run(args, stdin=io.StringIO("")) == 2
    assert "--length" in capsys.readouterr().err


def test_end_of_input_at_the_hand_panel_saves_the_record(tmp_path: Path) -> None:
    # "1" to the end of the first hand's decisions, then the input ends at the panel.
    lines = io.StringIO("1\n" * 40)
    assert run(_args(tmp_path, rules="hk-2p", seed=3), stdin=lines) == 0
    record = json.loads((tmp_path / "game-3.json").read_text(encoding="utf-8"))
    assert record["hands"] and replay(record, partial=True).hands


def test_a_second_game_on_the_same_seed_keeps_the_first_record(tmp_path: Path) -> None:
    assert run(_args(tmp_path, rules="hu-4p"), stdin=io.StringIO("q\n")) == 0
    first = (tmp_path / "game-7.json").read_text(encoding="utf-8")
    assert run(_args(tmp_path, rules="hu-2p"), stdin=io.StringIO("q\n")) == 0
    assert (tmp_path / "game-7.json").read_text(encoding="utf-8") == first
    assert json.loads((tmp_path / "game-7-2.json").read_text(encoding="utf-8"))["rules"] == "hu-2p"


def test_a_records_folder_that_cannot_be_written_is_refused_before_play(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    taken = tmp_path / "a-file"
    taken.write_text("not a folder", encoding="utf-8")
    assert run(_args(tmp_path, records=str(taken)), stdin=io.StringIO("1\n" * 50)) == 2
    err = capsys.readouterr()
    assert "cannot write records to" in err.err and "a-file" in err.err
    assert "you are seat" not in err.out  # no game was started
    assert taken.read_text(encoding="utf-8") == "not a folder"


def test_quitting_mid_hand_says_how_to_replay_the_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(_args(tmp_path), stdin=io.StringIO("q\n")) == 0
    assert "--partial" in capsys.readouterr().out
    assert replay(json.loads((tmp_path / "game-7.json").read_text(encoding="utf-8")),
                  partial=True).hands


def test_the_winners_melds_show_in_the_hand_panel(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Rich reads "[pung 888m]" as markup and drops it unless escaped."""
    assert run(_args(tmp_path, seed=7), stdin=io.StringIO("1\n" * 5000)) == 0
    out = capsys.readouterr().out
    shown = [line for line in out.splitlines() if line.strip().startswith("hand ")]
    assert any("[pung " in line or "[chow " in line or "[kong " in line for line in shown)


def test_the_length_question_asks_again_after_a_wrong_answer() -> None:
    from rich.console import Console

    from tingpai.cli.play_cmd import _ask_length

    console = Console(file=io.StringIO(), width=100)
    assert _ask_length(console, io.StringIO("x\nfoo\n2\n")) == "round"
    assert console.file.getvalue().count("is neither") == 2  # type: ignore[attr-defined]
    assert _ask_length(console, io.StringIO("\n")) == "full"


def test_the_terminal_game_seats_the_strongest_bots_unless_told_otherwise() -> None:
    """As at the browser table, the default opponents are the strongest level."""
    from tingpai.bots import bot_names
    from tingpai.cli import build_parser

    args = build_parser().parse_args(["play"])
    assert args.bots == "expert" == bot_names()[-1]

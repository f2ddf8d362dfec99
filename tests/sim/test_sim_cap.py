"""The sim's cap on hands per game (issue 8): a Hong Kong game of exhaustive draws never
ends by itself, so ``run_sim`` / ``tingpai sim`` stop a game after ``max_hands`` hands and
say how many games they cut short."""

from __future__ import annotations

import json

import pytest

from tingpai.cli import main
from tingpai.sim import run_sim
from tingpai.sim.runner import DEFAULT_MAX_HANDS


def test_a_cap_below_any_full_game_cuts_every_game() -> None:
    """A 4-round hk-4p game has at least 16 hands (four dealerships per round), so a cap of
    5 cuts every game, each after exactly 5 hands."""
    report = run_sim("hk-4p", {}, games=3, seed=1, bots="random", max_hands=5)
    assert report.games_cut_short == 3 and report.hands == 15 and report.max_hands == 5
    assert report.to_json()["games_cut_short"] == 3


def test_the_table_option_ends_games_by_the_rules_instead() -> None:
    report = run_sim("hk-4p", {"max_hands": 5}, games=3, seed=1, bots="random")
    assert report.games_cut_short == 0 and report.hands == 15


def test_the_default_cap_leaves_ordinary_games_alone() -> None:
    report = run_sim("hu-2p", {}, games=3, seed=1, bots="greedy")
    assert report.max_hands == DEFAULT_MAX_HANDS and report.games_cut_short == 0


def test_bad_caps_are_refused() -> None:
    with pytest.raises(ValueError, match="max_hands"):
        run_sim("hk-4p", {}, games=1, seed=1, bots="random", max_hands=0)


def test_the_command_line_reports_games_cut_short(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["sim", "--rules", "hk-2p", "--games", "2", "--seed", "4", "--bots", "random",
            "--max-hands", "3"]
    assert main([*args, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    # hk-2p: 4 rounds x 2 dealerships, at least 8 hands, so a cap of 3 cuts both games
    assert (out["max_hands"], out["games_cut_short"], out["hands"]) == (3, 2, 6)
    assert main(args) == 0
    assert "2 of 2 games cut short at 3 hands" in capsys.readouterr().out


def test_the_command_line_refuses_a_zero_cap(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["sim", "--max-hands", "0"])
    assert exited.value.code == 2 and "at least 1" in capsys.readouterr().err

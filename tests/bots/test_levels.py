"""Every level behind ``find_bot`` plays legal, reproducible games in every ruleset, and the
``sim`` and ``play`` commands accept every level."""

from __future__ import annotations

import argparse
import io
import json
import random
from pathlib import Path

import pytest

import tingpai
from tingpai.bots import ExpertBot, ValueBot, bot_names, find_bot, play_game
from tingpai.cli import main
from tingpai.cli.play_cmd import run as play_run
from tingpai.rules import ruleset_ids


def test_levels_are_registered_weakest_first() -> None:
    assert bot_names()[:4] == ("random", "greedy", "value", "expert")
    assert isinstance(find_bot("value", random.Random(1)), ValueBot)
    assert isinstance(tingpai.find_bot("expert", random.Random(1)), ExpertBot)


@pytest.mark.parametrize("rules", ruleset_ids())
@pytest.mark.parametrize("level", ["value", "expert"])
def test_a_level_plays_a_hand_of_every_ruleset(rules: str, level: str) -> None:
    rs = tingpai.find_ruleset(rules)
    hand = tingpai.Hand(rs, seed=5)
    bots = [find_bot(level, random.Random(s)) for s in range(rs.options.players)]
    steps = 0
    while not hand.is_over:
        seat = hand.to_act()[0]
        obs = hand.observe(seat)
        action = bots[seat].act(obs)
        assert action in obs.legal
        hand.apply(action)
        steps += 1
        assert steps < 2000
    assert hand.result is not None
    assert sum(hand.result.deltas) == 0


def test_games_are_reproducible_from_their_seed() -> None:
    a = play_game(["expert", "value"], 17, "hu-2p", max_hands=3)
    b = play_game(["expert", "value"], 17, "hu-2p", max_hands=3)
    assert a.record == b.record


@pytest.mark.parametrize("level", ["value", "expert"])
def test_sim_accepts_every_level(level: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sim", "--rules", "hu-2p", "--games", "1", "--seed", "2", "--bots", level,
                 "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["bots"] == [level, level]


@pytest.mark.parametrize("level", ["value", "expert"])
def test_play_accepts_every_level(level: str, tmp_path: Path) -> None:
    args = argparse.Namespace(rules="hu-2p", seat=0, bots=level, seed=7,
                              records=str(tmp_path), option=[])
    assert play_run(args, stdin=io.StringIO("1\n" * 3000)) == 0
    record = json.loads((tmp_path / "game-7.json").read_text(encoding="utf-8"))
    assert tingpai.replay(record).scores

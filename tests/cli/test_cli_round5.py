"""The fifth command-line audit: each test fails on the code it was written against.

``play``'s log shows a claim only once it is made (a chow or pung that lost to a win is
not logged as made, the win names its tile, and a seat deciding on a discard is not shown
the other seats' answers first); ``kong`` names a concealed or added kong when that is the
kong on offer; ``rules`` answers ``--json`` with JSON for contradictory flags too;
``replay`` says how to read a game in progress; ``arena`` refuses an ``--until-significant``
that never looks; ``sim --address`` gives up on an address that does not answer.
"""

from __future__ import annotations

import argparse
import io
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console

from tingpai.bots import find_bot
from tingpai.cli import main
from tingpai.cli.play_cmd import Names, action_log, choice_matches, parse_choice, show_result
from tingpai.cli.play_cmd import run as play_run
from tingpai.engine import Action, ActionKind
from tingpai.engine.hand import Hand
from tingpai.engine.summary import hand_summary
from tingpai.rules import WinKind
from tingpai.tiles import parse_tile

# --- play: the log of the others' actions ----------------------------------------------

_FIRST = {ActionKind.RON: 0, ActionKind.TSUMO: 0, ActionKind.PUNG: 1, ActionKind.KONG: 1,
          ActionKind.CHOW: 1}


def _claim_happy(hand: Hand) -> Action:
    """Win when possible, else claim anything, else the first legal action: a policy that
    does not depend on the bots, so the hand below is fixed by the engine alone."""
    legal = hand.legal_actions(hand.to_act()[0])
    return min(legal, key=lambda a: _FIRST.get(a.kind, 2))


def _superseded_hand() -> tuple[Hand, int]:
    """hu-4p, seed 135: seat 0 discards 5s, seat 1 answers chow 456s, seat 2 wins on it.
    Returns the hand stopped where seat 2 must answer, and the discard's history index."""
    hand = Hand("hu-4p", seed=135)
    while True:
        seat = hand.to_act()[0]
        if seat == 2 and any(a.kind is ActionKind.RON for a in hand.legal_actions(2)):
            chows = [a for a in hand.history if a.kind is ActionKind.CHOW and a.seat == 1]
            if chows and hand.history[-1] is chows[-1]:
                return hand, len(hand.history) - 2
        hand.apply(_claim_happy(hand))
        assert not hand.is_over, "the engine no longer deals this hand"


def test_a_claim_that_lost_to_a_win_is_not_logged_as_made() -> None:
    """Before: ``seat 1 S (bot) chows 456s`` (seat 1 has no such meld) and then
    ``seat 2 W (bot) wins on`` with no tile: the chow reset the tile the ron names."""
    hand, _ = _superseded_hand()
    hand.apply(next(a for a in hand.legal_actions(2) if a.kind is ActionKind.RON))
    while not hand.is_over:
        hand.apply(_claim_happy(hand))
    log = action_log(hand, Names(0, {1: "bot", 2: "bot", 3: "bot"}))
    assert "seat 1 S (bot) chows 456s" not in log, log[-3:]
    assert log[-1].startswith("seat 2 W (bot) wins on 5s"), log[-1]


def test_a_seat_deciding_on_a_discard_does_not_see_the_others_answers() -> None:
    """Claims are answered at once at a real table; before, the human at seat 2 read
    ``seat 1 S (bot) chows 456s`` in the log above the ron it was offered."""
    hand, discard = _superseded_hand()
    shown = action_log(hand, Names(2, {0: "bot", 1: "bot", 3: "bot"}), discard)
    assert shown == ["seat 0 E (bot) discards 5s \U0001f014"], shown


# --- play: typed actions -------------------------------------------------------------

TURN = (
    Action(0, ActionKind.DISCARD, parse_tile("6m")),
    Action(0, ActionKind.DISCARD, parse_tile("4m")),
    Action(0, ActionKind.CKONG, parse_tile("4m")),
)
ADDED = (
    Action(0, ActionKind.DISCARD, parse_tile("5p")),
    Action(0, ActionKind.AKONG, parse_tile("5p")),
)


@pytest.mark.parametrize(("text", "legal"), [
    ("kong", TURN), ("kong 4m", TURN), ("Kong", TURN), ("kong", ADDED), ("kong 5p", ADDED),
])
def test_kong_names_the_concealed_or_added_kong_on_offer(
    text: str, legal: tuple[Action, ...]
) -> None:
    """Before: ``not a legal choice: 'kong'`` while the list showed ``ckong 4m``; players
    call every kong a kong (Mahjong Soul, MahJongo), only the engine tells them apart."""
    assert parse_choice(text, legal) == legal[-1]


def test_kong_still_asks_which_when_several_kongs_fit() -> None:
    legal = (*TURN, Action(0, ActionKind.CKONG, parse_tile("7z")))
    assert len(choice_matches("kong", legal)) == 2


# --- rules -----------------------------------------------------------------------------


@pytest.mark.parametrize("argv", [
    ["rules", "--json", "--format", "md"],
    ["rules", "--write-docs", "/nonexistent-dir-for-a-test/docs", "--json"],
])
def test_rules_answers_json_for_contradictory_flags(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    """README: with --json on the command line the answer is also {"error": ...} on
    stdout; before, stdout was empty (the clash went to stderr only)."""
    assert main(argv) == 2
    payload = json.loads(capsys.readouterr().out)
    assert "give one of them" in payload["error"] or "takes no" in payload["error"]


# --- replay ----------------------------------------------------------------------------


def test_replaying_an_unfinished_game_names_partial(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Before: ``error: hand 0, action 0: hand 0 is unfinished: the actions end with seat 0
    to act``: no word of --partial, the flag that reads a game in progress (``play``'s
    own record of a stopped game says to use it; ``replay`` alone does not)."""
    hand = Hand("hu-2p", seed=1)
    record = {"format": "tingpai-record/1", "rules": "hu-2p", "options": {},
              "hands": [hand.record()]}
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert "--partial" in err


# --- arena -----------------------------------------------------------------------------


def test_arena_refuses_an_until_significant_longer_than_the_run(
    capsys: pytest.CaptureFixture[str]
) -> None:
    """``--until-significant 5`` with ``--games 3`` plans 3 // 5 = 0 looks: before, the
    option was silently dropped and the run went on as without it."""
    assert main(["arena", "--bots", "greedy,random", "--games", "3",
                 "--until-significant", "5", "--json"]) == 2
    assert "--until-significant" in json.loads(capsys.readouterr().out)["error"]


# --- sim on Ray ------------------------------------------------------------------------


def test_sim_gives_up_on_a_ray_address_that_does_not_answer() -> None:
    """Before, ``--address`` of a cluster that is not there retried for ever (over five
    minutes, Ray's log lines on stderr, and SIGTERM was ignored until a retry ended)."""
    pytest.importorskip("ray")
    try:
        done = subprocess.run(
            [sys.executable, "-m", "tingpai", "sim", "--address", "127.0.0.1:1",
             "--games", "1", "--json"],
            capture_output=True, text=True, timeout=45, check=False,
        )
    except subprocess.TimeoutExpired:
        pytest.fail("tingpai sim --address 127.0.0.1:1 was still waiting after 45 s")
    assert done.returncode == 2
    assert "127.0.0.1:1" in json.loads(done.stdout)["error"]


# --- a payment table from a file ---------------------------------------------------------


@pytest.mark.parametrize("suffix", [".toml", ".json"])
def test_a_payment_table_file_short_of_rows_is_named_in_the_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], suffix: str
) -> None:
    """Before: ``payment table inline: missing fan rows 4, 5, ...``: the user gave a file,
    and "inline" sends them looking for a table they never typed."""
    path = tmp_path / f"host-table{suffix}"
    path.write_text('rows = [{fan = 3, discard = 32, self_draw = 16}]\n' if suffix == ".toml"
                    else '{"rows": [{"fan": 3, "discard": 32, "self_draw": 16}]}',
                    encoding="utf-8")
    assert main(["score", "[123m] 456m789m333z5m +5m", "--rules", "hk-4p",
                 "--option", f"payment_table={path}"]) == 2
    err = capsys.readouterr().err
    assert "missing fan rows 4" in err and f"host-table{suffix}" in err and "inline" not in err


# --- play: the prompt and the end-of-hand panel --------------------------------------------


def _play_args(tmp_path: Path) -> argparse.Namespace:
    return argparse.Namespace(rules="hu-2p", seat=0, bots="greedy", seed=7,
                              records=str(tmp_path), option=[], length=None, hints=False)


def test_play_prompts_and_answers_an_empty_line_and_hint_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The list of actions ends in a prompt; Enter alone says what to type (it was
    ``not a legal choice: ''``); ``hint on`` turns the hints on as ``hints on`` does."""
    assert play_run(_play_args(tmp_path), stdin=io.StringIO("\nhint on\nq\n")) == 0
    out = capsys.readouterr().out
    assert "your choice (1-" in out and ") > " in out
    assert "not a legal choice: ''" not in out and "type a number from 1 to" in out
    assert "hints on" in out


def test_the_panel_shows_the_discarders_multiple_and_bonus_names(
    capsys: pytest.CaptureFixture[str]
) -> None:
    """Hu: the discarder pays three times the hand (RULES.md): the panel says so instead of
    a payment that matches no total on the screen; and the dealer-repeat bonus has its
    Chinese name and pinyin like every pattern row."""
    seed = 0
    while True:  # the first seeded hu-4p hand (one repeat) the dealer wins by discard
        seed += 1
        hand = Hand("hu-4p", seed=seed, repeats=1)
        bots = [find_bot("greedy", random.Random(s)) for s in range(4)]
        while not hand.is_over:
            seat = hand.to_act()[0]
            hand.apply(bots[seat].act(hand.observe(seat)))
        winners = hand.result.winners if hand.result is not None else ()
        if [(w.seat, w.kind) for w in winners] == [(0, WinKind.DISCARD)]:
            break
    show_result(Console(file=sys.stdout, width=120), hand, hand.ruleset,
                Names(1, {0: "b", 2: "b", 3: "b"}))
    out = capsys.readouterr().out
    total = hand_summary(hand)["winners"][0]["total"]
    assert f"(discarded the winning tile: {total} × 3)" in out
    assert "Dealer Repeats" in out and "连庄" in out and "lián zhuāng" in out

"""The tenth command-line audit, of ``play`` and the other commands as users run them: each
test fails on the code it was written against.

* In a terminal narrower than the table's status line (60 columns; 80 when another seat
  is closer to the pond limit) the line was cut with an ellipsis, and the pond-limit
  countdown a Hu player decides by was lost.  The status now wraps instead.
* Closing the terminal (SIGHUP) or ``kill`` (SIGTERM) ended ``play`` before its record was
  written: the game was lost.  Both now stop it as Ctrl-C does, record written; input
  that fails with the terminal (EIO) stops the game quietly, with no traceback.
* The calls a Mahjong Soul or MahJongo player types (``pon``, ``chi``, ``kan``, ``hu``)
  were "neither a number of the list, a tile nor an action"; they now name the action.
* ``rules ID`` in a 60-column terminal folded the options table's words mid-word
  (``"half-spic`` / ``y"``, ``.json/.tom`` / ``l``), so a default could not be copied; below
  80 columns the options are a list, each value whole.
* The hand panel in a 60-column terminal cut a pattern's Chinese name short
  (``箭刻/圈风刻…``), and ``score`` its notes (``supersed…``) and names (``Three-col…``);
  their tables, and the standings, keep every word whole, as ``sim`` and ``arena`` now do.
* A pond's ``(5m)`` (a discard another seat claimed) was explained nowhere; ``help`` says
  what it is.
* A game stopped between hands (``q`` at "press Enter", Ctrl-D, Ctrl-C) ended on a bare
  ``scores [...]`` list: the standings table it has a title for ("standings (game
  stopped)") was never shown.  It is now, once a hand has been played.
* A records folder removed (or replaced) during a game made the closing save fail with a
  traceback, and the game was lost.  The folder is made again, or the record goes to a
  spare folder that the closing message names.
* ``analyze`` refused a flower in HAND ("1f is a bonus tile and cannot be counted") without
  saying where it goes: the message now names ``--flowers``.
* The hint valued each wait with a bare number (``7m: discard 4, self-draw 5``): points at
  a Hu table, fan at a Hong Kong one, as the hand panel says.  The unit is now written.
* The hint's "best discards" filled its five lines with discards that back off a step
  (``1m: shanten 4, 21 kinds / 76 live`` under four shanten-3 discards of 6 kinds), which
  a player read as the best; it lists only the discards that keep the hand nearest ready.
* At one's own turn the hint named the waits each ready discard leaves but not what they
  are worth (computed, never shown), though the choice between two ready discards is
  often that; each wait's value is now listed under its discard.
* A hand at the dealer's eighth repeat showed only ``repeats 8``: nothing said that every
  winner of it gets the Eighth Repeat bonus (+4000 base points in Hu), which makes any win
  worth going for.  The status line says so.
* ``tingpai analyse`` (the spelling of the project's "honours", and of many players) was
  an invalid choice; it is ``analyze``'s other name.
* A command printing through rich whose reader went away (``tingpai rules | head -1``)
  exited with status 1 (rich's own ``SystemExit``), a failure under ``set -o pipefail``;
  the commands that print plainly end with 0.  Every command now does.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import random
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console
from test_cli_round6 import _first_hu_2p_hand

from tingpai.bots import find_bot
from tingpai.bots.hints import hint, hint_text
from tingpai.cli import main, play_cmd
from tingpai.cli.play_cmd import Names, choice_matches, refusal, show, show_result
from tingpai.cli.rules_cmd import ruleset_info
from tingpai.engine import Action, ActionKind, Phase
from tingpai.engine.hand import Hand
from tingpai.rules import ruleset_ids
from tingpai.tiles import parse_tile

NAMES = Names(1, {0: "greedy", 2: "greedy", 3: "greedy"})


def _seat_1_turn() -> Hand:
    """hu-4p: seat 1's first turn, seat 0 (the dealer) one discard nearer the pond limit."""
    hand = Hand("hu-4p", seed=3)
    bot = find_bot("greedy", random.Random(1))
    while not (hand.phase is Phase.TURN and hand.to_act()[0] == 1):
        seat = hand.to_act()[0]
        hand.apply(bot.act(hand.observe(seat)))
    return hand


# --- play: the status line is never cut ---------------------------------------------------------


@pytest.mark.parametrize("width", [40, 60, 80])
def test_the_pond_limit_countdown_is_shown_whole_in_a_narrow_terminal(width: int) -> None:
    hand = _seat_1_turn()
    obs = hand.observe(1)
    assert obs.pond_left is not None and obs.pond_left[0] < obs.pond_left[1]
    out = io.StringIO()
    show(Console(file=out, width=width), obs, NAMES)
    text = out.getvalue()
    assert "…" not in text
    flat = " ".join(text.split())
    assert f"wall {obs.wall_left}" in flat
    assert f"pond limit: you {obs.pond_left[1]} left, seat 0 {obs.pond_left[0]}" in flat
    assert all(len(line) <= width for line in text.splitlines())


# --- play: closing the terminal keeps the game ---------------------------------------------------


@pytest.mark.parametrize("signum", [signal.SIGHUP, signal.SIGTERM])
def test_closing_the_terminal_or_kill_writes_the_record(tmp_path: Path, signum: int) -> None:
    game = subprocess.Popen(
        [sys.executable, "-m", "tingpai", "play", "--seed", "4", "--length", "round",
         "--records", str(tmp_path)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "COLUMNS": "100"},
    )
    assert game.stdin is not None and game.stdout is not None
    game.stdin.write("1\n")  # one decision made, then the game waits for the next
    game.stdin.flush()
    seen = ""
    while seen.count("your choice") < 2 or not seen.endswith("> "):  # the prompt has no \n
        char = game.stdout.read(1)
        assert char, "the game ended before its second decision"
        seen += char
    game.send_signal(signum)
    out, err = game.communicate(timeout=30)
    assert game.returncode == 0 and "Traceback" not in err
    record = json.loads((tmp_path / "game-4.json").read_text(encoding="utf-8"))
    assert record["format"] == "tingpai-record/1" and record["hands"][0]["actions"]
    if signum == signal.SIGTERM:  # the terminal is still there: say so, as Ctrl-C does
        assert "stopped (SIGTERM)" in out and "record written to" in out


class _ClosedTerminal(io.StringIO):
    """A terminal that answers one line, then is gone (reading fails with EIO)."""

    def __init__(self) -> None:
        super().__init__("1\n")

    def readline(self, size: int | None = -1) -> str:
        line = super().readline()
        if not line:
            raise OSError(5, "Input/output error")
        return line


def test_input_lost_with_the_terminal_writes_the_record_without_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    args = argparse.Namespace(rules="hu-4p", seat=0, bots="greedy", seed=4,
                              records=str(tmp_path), option=[], length="round", hints=False)
    assert play_cmd.run(args, stdin=_ClosedTerminal()) == 0
    record = json.loads((tmp_path / "game-4.json").read_text(encoding="utf-8"))
    assert record["hands"][0]["actions"]
    assert "record written" not in capsys.readouterr().out  # nobody is there to read it


# --- play: the calls' other names ------------------------------------------------------------


@pytest.mark.parametrize(("typed", "kind"), [
    ("pon", ActionKind.PUNG), ("pong", ActionKind.PUNG), ("PON 5m", ActionKind.PUNG),
    ("chi", ActionKind.CHOW), ("chi 456m", ActionKind.CHOW), ("kan", ActionKind.KONG),
    ("hu", ActionKind.RON), ("win", ActionKind.RON), ("hu 5m", ActionKind.RON),
])
def test_the_calls_other_tables_name_are_understood(typed: str, kind: ActionKind) -> None:
    five = parse_tile("5m")
    legal = (Action(1, ActionKind.PASS), Action(1, ActionKind.CHOW, tiles=(3, 4, 5)),
             Action(1, ActionKind.PUNG), Action(1, ActionKind.KONG), Action(1, ActionKind.RON))
    assert [a.kind for a in choice_matches(typed, legal, five)] == [kind]


def test_a_self_draw_win_is_hu_too_and_a_call_not_possible_is_named() -> None:
    legal = (Action(0, ActionKind.DISCARD, parse_tile("5m")), Action(0, ActionKind.TSUMO))
    assert [a.kind for a in choice_matches("hu", legal)] == [ActionKind.TSUMO]
    assert refusal("pon", legal) == "pon (pung) is not possible now (you may: discard, tsumo)"


# --- rules: options whole in a narrow terminal ------------------------------------------------


@pytest.mark.parametrize("rid", ruleset_ids())
@pytest.mark.parametrize("columns", ["60", "79"])
def test_rules_shows_every_option_whole_in_a_narrow_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], rid: str,
    columns: str,
) -> None:
    monkeypatch.setenv("COLUMNS", columns)
    assert main(["rules", rid]) == 0
    out = capsys.readouterr().out
    options = out.split("Patterns:")[0]
    assert all(len(line) <= int(columns) for line in options.splitlines())
    flat = " ".join(options.split())
    for option in ruleset_info(rid)["options"]:
        default = json.dumps(option["default"], ensure_ascii=False)
        assert f"{option['name']} = {default}" in flat
        assert " ".join(option["allowed"].split()) in flat
        assert " ".join(option["description"].split()) in flat


# --- play: the panel never cuts a word ---------------------------------------------


def test_the_hand_panel_keeps_a_chinese_name_whole_in_a_narrow_terminal() -> None:
    hand = _first_hu_2p_hand(lambda h: h.result is not None and any(
        p.id == "value_triplet" for w in h.result.winners for p in w.score.patterns))
    out = io.StringIO()
    show_result(Console(file=out, width=60), hand, hand.ruleset, Names(0, {1: "greedy"}))
    text = out.getvalue()
    assert "…" not in text and "箭刻/圈风刻/门风刻" in text, text


@pytest.mark.parametrize("flags", [
    ["123s123p789p99p [123m] +9p", "--flowers", "1f"],
    ["555m666z11z234s +1z [777z]", "--self-draw", "--explain"],
])
def test_score_keeps_every_word_whole_in_a_narrow_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], flags: list[str],
) -> None:
    monkeypatch.setenv("COLUMNS", "60")
    assert main(["score", *flags]) == 0
    out = capsys.readouterr().out
    assert "…" not in out, out
    assert "Total: " in out
    assert ("superseded" in out and "Three-color" in out) or "箭刻/圈风刻/门风刻" in out


# --- play: help explains the table ---------------------------------------------------------


def test_help_says_what_a_tile_in_parentheses_in_a_pond_is() -> None:
    hand = Hand("hu-4p", seed=3)
    out = io.StringIO()
    play_cmd._read_choice(Console(file=out, width=100), io.StringIO("help\nq\n"),
                          hand.observe(0), hand, NAMES)
    assert "(5m) is a discard another seat claimed" in " ".join(out.getvalue().split())


# --- play: a stopped game shows its standings -------------------------------------------------


def test_a_game_stopped_between_hands_shows_the_standings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    shown = io.StringIO()
    monkeypatch.setattr(play_cmd, "Console", lambda **kw: Console(file=shown, width=100, **kw))

    class Player(io.StringIO):
        """Takes the first choice every time, and stops at the first hand's end."""

        def readline(self, size: int | None = -1) -> str:
            return "q\n" if shown.getvalue().rstrip().endswith("(q to stop)") else "1\n"

    args = argparse.Namespace(rules="hu-4p", seat=0, bots="greedy", seed=4,
                              records=str(tmp_path), option=[], length="full", hints=False)
    assert play_cmd.run(args, stdin=Player()) == 0
    after = shown.getvalue().split("(q to stop)")[-1]
    assert "standings (game stopped)" in after and "seat 0 (you)" in after


# --- play: the record survives its folder ---------------------------------------------------


class _RemovesTheFolder(io.StringIO):
    """A player whose records folder is removed (and perhaps replaced by a file) while the
    game is played; then they stop."""

    def __init__(self, folder: Path, replace: bool) -> None:
        super().__init__()
        self.folder, self.replace, self.lines = folder, replace, 0

    def readline(self, size: int | None = -1) -> str:
        self.lines += 1
        if self.lines < 3:
            return "1\n"
        shutil.rmtree(self.folder)
        if self.replace:
            self.folder.write_text("not a folder", encoding="utf-8")
        return "q\n"


@pytest.mark.parametrize("replace", [False, True])
def test_a_records_folder_removed_during_the_game_does_not_lose_the_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
    replace: bool,
) -> None:
    spare = tmp_path / "spare"
    monkeypatch.setattr(play_cmd, "SPARE_RECORDS", spare)
    folder = tmp_path / "records"
    args = argparse.Namespace(rules="hu-4p", seat=0, bots="greedy", seed=4,
                              records=str(folder), option=[], length="round", hints=False)
    assert play_cmd.run(args, stdin=_RemovesTheFolder(folder, replace)) == 0
    out = " ".join(capsys.readouterr().out.split())
    written = (spare if replace else folder) / "game-4.json"
    record = json.loads(written.read_text(encoding="utf-8"))
    assert record["hands"][0]["actions"]
    assert f"record written to {written}" in out
    if replace:
        assert f"the records folder {folder} could not be written any more" in out


# --- analyze: where a flower goes ----------------------------------------------------------


def test_analyze_names_where_a_flower_goes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", "123s123p789p1f9p [123m]"]) == 2
    error = capsys.readouterr().err
    assert "1f is a bonus tile" in error and "declared flowers go in --flowers" in error
    assert main(["analyze", "123s123p789p9p [123m]", "--flowers", "1f", "--rules", "hu-4p"]) == 0


# --- hint: the unit of a wait's value ---------------------------------------------------------


@pytest.mark.parametrize(("rid", "unit"), [("hk-4p", "fan"), ("hu-4p", "points")])
def test_the_hint_writes_the_unit_of_a_waits_value(rid: str, unit: str) -> None:
    view = hint(Hand(rid, seed=3).observe(0))
    assert view["unit"] == unit
    wins = [{"tile": "7m", "live": 1, "discard": {"legal": True, "total": 4},
             "self_draw": {"legal": False, "total": 2, "short": 1}}]
    shown = {**view, "shanten": 0, "can_win": [], "waits": ["7m"], "live": 1, "wins": wins}
    shown.pop("discards", None)
    assert f"7m: discard 4 {unit}, self-draw 2 {unit} (short by 1)  [1 live]" in \
        hint_text(shown)


def test_the_best_discards_are_only_those_nearest_ready() -> None:
    view = hint(Hand("hu-4p", seed=3).observe(0))
    discards = [{"tile": "9m", "shanten": 3, "improving": ["1m"] * 6, "live": 24},
                {"tile": "4z", "shanten": 3, "improving": ["1m"] * 6, "live": 24},
                {"tile": "1m", "shanten": 4, "improving": ["1m"] * 21, "live": 76}]
    shown = {**view, "shanten": 3, "can_win": [], "discards": discards}
    for key in ("waits", "improving"):
        shown.pop(key, None)
    text = hint_text(shown)
    assert "9m: shanten 3" in text and "4z: shanten 3" in text
    assert "1m: shanten 4" not in text


# --- every command: a reader gone is not a failure --------------------------------------------


@pytest.mark.parametrize("command", [["rules", "hu-4p"], ["sim", "--games", "2"],
                                     ["score", "123s123p789p99p [123m] +9p"]])
def test_a_reader_gone_is_not_a_failure(command: list[str]) -> None:
    run = subprocess.Popen([sys.executable, "-m", "tingpai", *command],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert run.stdout is not None and run.stderr is not None
    run.stdout.close()  # the reader is gone before anything is written
    assert run.wait(timeout=60) == 0
    assert run.stderr.read() == ""


# --- hint: what a ready discard's waits are worth -----------------------------------------------


def test_the_hint_says_what_the_waits_of_each_ready_discard_are_worth() -> None:
    hand = Hand("hu-4p", seed=1)
    bot = find_bot("greedy", random.Random(1))
    while True:
        assert not hand.is_over, "the engine no longer deals this hand"
        seat = hand.to_act()[0]
        obs = hand.observe(seat)
        if hand.phase is Phase.TURN:
            view = hint(obs)
            ready = [o for o in view.get("discards", []) if o["shanten"] == 0 and o["wins"]]
            if ready:
                break
        hand.apply(bot.act(obs))
    text = hint_text(view)
    for option in ready:
        for wait in option["wins"]:
            assert f"\n      {wait['tile']}: discard" in text, text


def test_analyse_is_analyze(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyse", "123m456p789s1122z"]) == 0
    spelt = capsys.readouterr().out
    assert main(["analyze", "123m456p789s1122z"]) == 0
    assert spelt == capsys.readouterr().out and "Waits" in spelt


# --- play: the eighth repeat's bonus is announced ------------------------------------------------


@pytest.mark.parametrize(("rid", "repeats", "said"), [
    ("hu-4p", 8, True), ("hu-4p", 7, False), ("hk-4p", 8, False),
])
def test_the_status_line_announces_the_eighth_repeat_bonus(
    rid: str, repeats: int, said: bool,
) -> None:
    hand = Hand(rid, seed=3, repeats=repeats)
    out = io.StringIO()
    show(Console(file=out, width=200), hand.observe(0), Names(0, {1: "g", 2: "g", 3: "g"}))
    assert ("dealer's last repeat: +4000 to every winner" in out.getvalue()) is said

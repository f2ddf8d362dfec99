"""The second command-line audit: each test failed on the code before its fix.

``analyze`` refuses a wind its table never plays and documents its JSON; ``play`` never
reads what the player types (or the records folder) as Rich markup, asks nothing about a
game whose arguments are wrong or whose length ``--option rounds`` already fixes, stops
cleanly at the end of input to its first question, and asks which one when a typed action
fits several; ``rules`` refuses flags that contradict each other; ``serve`` refuses a busy
port and a database it cannot open with one line and status 2.
"""

from __future__ import annotations

import argparse
import io
import json
import socket
from pathlib import Path

import pytest

from tingpai.cli import main, play_cmd
from tingpai.cli.play_cmd import _ask_length, parse_choice, run
from tingpai.engine import Action, ActionKind, replay
from tingpai.tiles import parse_tile, parse_tiles

# --- analyze -------------------------------------------------------------------------


@pytest.mark.parametrize(("argv", "fragment"), [
    (["--rules", "hu-3p", "--seat-wind", "N"], "--seat-wind: N is not a seat of hu-3p"),
    (["--rules", "hu-2p", "--seat-wind", "W"], "--seat-wind: W is not a seat of hu-2p"),
    (["--rules", "hk-2p", "--seat-wind", "N"], "--seat-wind: N is not a seat of hk-2p"),
    (["--rules", "hu-2p", "--round-wind", "W"], "--round-wind: W is not a round hu-2p plays"),
    (["--rules", "hk-4p", "--option", "rounds=1", "--round-wind", "S"],
     "--round-wind: S is not a round hk-4p plays (rounds: E)"),
])
def test_analyze_refuses_a_wind_the_table_never_plays(
    capsys: pytest.CaptureFixture[str], argv: list[str], fragment: str
) -> None:
    """Before, every wait came out "not a win" under the heading "Ready but no pattern"."""
    hand = "19m19p19s1234567z" if "hk-2p" in argv else "123m456p789s1122z"
    assert main(["analyze", hand, *argv]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert fragment in captured.err and len(captured.err.strip().splitlines()) == 1
    assert main(["analyze", hand, *argv, "--json"]) == 2
    assert fragment in json.loads(capsys.readouterr().out)["error"]


def test_analyze_still_takes_every_wind_the_table_plays(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", "123m456p789s1122z", "--rules", "hu-3p", "--seat-wind", "W",
                 "--round-wind", "S"]) == 0
    out = capsys.readouterr().out
    assert "Wins at hu-3p (seat W, round S)" in out
    assert "not a win" not in out


def _keys(value: object) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in _keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in _keys(v)}
    return set()


def test_analyze_help_documents_every_json_key(capsys: pytest.CaptureFixture[str]) -> None:
    keys: set[str] = set()
    for argv in (["123m456p789s1122z", "--rules", "hk-4p"],   # ready, a wait short of 3 fan
                 ["123m456p789s1122z", "--rules", "hu-4p"],   # ready, a wait with no pattern
                 ["123m456p789s11z2z5s"], ["111222333m789p55s"], ["12x"]):
        main(["analyze", *argv, "--json"])
        keys |= _keys(json.loads(capsys.readouterr().out))
    keys -= {"discarder", "each", "others"}  # payments: DESIGN.md's score contract
    with pytest.raises(SystemExit):
        main(["analyze", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    missing = sorted(k for k in keys if f"``{k}``" not in text and f"{{{k}" not in text
                     and f'{{"{k}"' not in text
                     and f" {k}," not in text and f" {k}}}" not in text)
    assert not missing, f"undocumented --json keys: {missing}"


# --- play: typed actions -------------------------------------------------------------

LEGAL = (
    Action(0, ActionKind.DISCARD, parse_tile("5m")),
    Action(0, ActionKind.DISCARD, parse_tile("7z")),
    Action(0, ActionKind.FLOWER, parse_tile("1f")),
    Action(0, ActionKind.CKONG, parse_tile("3p")),
    Action(0, ActionKind.CKONG, parse_tile("4p")),
    Action(0, ActionKind.TSUMO),
)
CLAIMS = (
    Action(1, ActionKind.PASS),
    Action(1, ActionKind.CHOW, tiles=tuple(parse_tiles("234m"))),
    Action(1, ActionKind.CHOW, tiles=tuple(parse_tiles("345m"))),
    Action(1, ActionKind.PUNG),
)


@pytest.mark.parametrize("text", ["discard", "ckong", "chow"])
def test_an_action_that_fits_several_is_not_guessed(text: str) -> None:
    """Before, ``discard`` alone discarded the first tile of the list."""
    legal = CLAIMS if text == "chow" else LEGAL
    assert parse_choice(text, legal) is None
    assert len(play_cmd.choice_matches(text, legal)) == 2


@pytest.mark.parametrize(("text", "index"), [
    ("TSUMO", 5), ("Discard 5M", 0), ("5M", 0), ("flower", 2), ("1f", 2), ("\U0001f00b", 0),
])
def test_typed_actions_in_any_case_and_a_bare_flower(text: str, index: int) -> None:
    assert parse_choice(text, LEGAL) == LEGAL[index]


@pytest.mark.parametrize(("text", "index"), [("chow 3m4m5m", 2), ("chow 543m", 2),
                                             ("chow \U0001f008\U0001f009\U0001f00a", 1),
                                             ("Pung", 3)])
def test_chow_tiles_in_any_notation(text: str, index: int) -> None:
    assert parse_choice(text, CLAIMS) == CLAIMS[index]


@pytest.mark.parametrize("text", ["discard 5m 7z", "chow 345m now", "5m 7z"])
def test_extra_words_are_not_ignored(text: str) -> None:
    legal = CLAIMS if text.startswith("chow") else LEGAL
    assert parse_choice(text, legal) is None


# --- play: the session ---------------------------------------------------------------


def _args(tmp_path: Path, **kw: object) -> argparse.Namespace:
    base: dict[str, object] = {
        "rules": "hu-2p", "seat": 0, "bots": "greedy", "seed": 7,
        "records": str(tmp_path), "option": [], "length": None, "hints": False,
    }
    base.update(kw)
    return argparse.Namespace(**base)


def test_markup_typed_at_the_prompt_is_refused_not_a_crash(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Before, ``[/x]`` raised rich's MarkupError: a traceback."""
    assert run(_args(tmp_path), stdin=io.StringIO("[/x]\n[bold]\ndiscard\nq\n")) == 0
    out = capsys.readouterr().out
    assert "not a legal choice: '[/x]'" in out and "not a legal choice: '[bold]'" in out
    assert "'discard' fits" in out and "say which" in out
    assert replay(json.loads((tmp_path / "game-7.json").read_text(encoding="utf-8")),
                  partial=True).hands


def test_a_records_folder_with_brackets_is_printed_as_it_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Before, the closing message read the folder as markup and crashed after the game."""
    folder = tmp_path / "rec[/x]" / "[bold]b"
    assert run(_args(tmp_path, records=str(folder)), stdin=io.StringIO("q\n")) == 0
    out = capsys.readouterr().out
    path = folder / "game-7.json"
    assert path.exists()
    assert f"record written to {path}" in " ".join(out.split())


def test_the_length_question_ends_with_the_input_and_reads_no_markup() -> None:
    from rich.console import Console

    console = Console(file=io.StringIO(), width=200)
    assert _ask_length(console, io.StringIO("[/x]\n")) is None  # Ctrl-D: stop, not "full"
    assert "'[/x]' is neither" in console.file.getvalue()  # type: ignore[attr-defined]
    assert _ask_length(console, io.StringIO("q\n")) is None
    assert _ask_length(console, io.StringIO("\n")) == "full"
    assert _ask_length(console, io.StringIO("2\n")) == "round"


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_at_a_terminal_wrong_arguments_are_refused_before_the_question(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", _Terminal("2\n"))
    assert run(_args(tmp_path, rules="hu-9p")) == 2
    captured = capsys.readouterr()
    assert "hu-9p" in captured.err and "game length" not in captured.out


def test_at_a_terminal_option_rounds_fixes_the_length_without_asking(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before, it asked, and answering 2 was refused as '--length and --option rounds'."""
    monkeypatch.setattr("sys.stdin", _Terminal("2\nq\n"))
    assert run(_args(tmp_path, option=["rounds=1"])) == 0
    captured = capsys.readouterr()
    assert "game length" not in captured.out and captured.err == ""
    record = json.loads((tmp_path / "game-7.json").read_text(encoding="utf-8"))
    assert record["options"]["rounds"] == 1


def test_at_a_terminal_end_of_input_to_the_question_stops_with_a_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", _Terminal(""))
    assert run(_args(tmp_path)) == 0
    assert "stopped before the game began" in capsys.readouterr().out
    assert not list(tmp_path.glob("*.json"))


def test_at_a_terminal_the_answer_sets_the_length(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", _Terminal("2\nq\n"))
    assert run(_args(tmp_path)) == 0
    record = json.loads((tmp_path / "game-7.json").read_text(encoding="utf-8"))
    assert record["options"]["rounds"] == 1


# --- rules ---------------------------------------------------------------------------


@pytest.mark.parametrize(("argv", "fragment"), [
    (["--json", "--format", "md"], "--json and --format md"),
    (["hu-4p", "--json", "--format", "text"], "--json and --format text"),
    (["hu-4p", "--write-docs", "DIR"], "it takes no hu-4p"),
    (["--write-docs", "DIR", "--format", "md"], "it takes no --format"),
])
def test_rules_refuses_flags_that_contradict_each_other(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], fragment: str
) -> None:
    argv = [str(tmp_path / "docs") if a == "DIR" else a for a in argv]
    assert main(["rules", *argv]) == 2
    captured = capsys.readouterr()
    assert fragment in captured.err
    # With --json the refusal is also JSON on stdout; without, stdout stays empty.
    if "--json" in argv:
        assert fragment in json.loads(captured.out)["error"]
    else:
        assert captured.out == ""
    assert not (tmp_path / "docs").exists()


# --- serve ---------------------------------------------------------------------------


def _serve(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    pytest.importorskip("uvicorn")
    assert main(["serve", *argv]) == 2
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1, captured.err
    return lines[0]


def test_serve_refuses_a_port_in_use(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Before, uvicorn logged the failure over several lines and exited with status 3."""
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        line = _serve(capsys, "--port", str(port), "--db", str(tmp_path / "t.sqlite3"))
    assert f"cannot listen on 127.0.0.1 port {port}" in line
    assert not (tmp_path / "t.sqlite3").exists()  # refused before the database


def test_serve_refuses_a_host_it_cannot_listen_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    line = _serve(capsys, "--host", "999.1.1.1", "--port", "8000",
                  "--db", str(tmp_path / "t.sqlite3"))
    assert "cannot listen on 999.1.1.1" in line


@pytest.mark.parametrize("db", ["{tmp}/no/such/dir/t.sqlite3", "nosuch://x",
                                "postgresql://nobody@127.0.0.1:1/db"])
def test_serve_says_in_one_line_why_the_database_cannot_be_opened(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], db: str
) -> None:
    """Before, SQLAlchemy's message came with its "Background on this error" line."""
    if db.startswith("postgresql"):
        pytest.importorskip("psycopg")
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    line = _serve(capsys, "--port", str(port), "--db", db.format(tmp=tmp_path))
    assert line.startswith("cannot open the database: ")
    assert "Background on this error" not in line


def test_serve_checks_only_the_address_families_the_machine_has(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    """A host naming an IPv6 address too (``localhost``, ``""``) on a machine without IPv6
    sockets: the event loop skips that family, so the check must not refuse it."""
    from tingpai.cli import serve_cmd

    real = socket.socket

    def no_ipv6(family: int = socket.AF_INET, *args: object, **kwargs: object) -> socket.socket:
        if family == socket.AF_INET6:
            raise OSError(97, "Address family not supported by protocol")
        return real(family, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(serve_cmd.socket, "getaddrinfo", lambda *a, **k: [
        (socket.AF_INET6, socket.SOCK_STREAM, 6, "", ("::1", 0, 0, 0)),
        (socket.AF_INET, socket.SOCK_STREAM, 6, "", ("127.0.0.1", 0)),
    ])
    monkeypatch.setattr(serve_cmd.socket, "socket", no_ipv6)
    assert serve_cmd.listen_problem("localhost", 0) is None


# --- usage errors under --json ----------------------------------------------------------


@pytest.mark.parametrize(("argv", "fragment"), [
    (["arena", "--rules", "hu-4p", "--bots", "greedy", "--games", "0", "--json"],
     "argument --games: must be at least 1, got 0"),
    (["sim", "--games", "x", "--json"], "argument --games: 'x' is not an integer"),
    (["score", "--json", "--bogus"], "unrecognized arguments: --bogus"),
    (["replay", "--json"], "the following arguments are required"),
])
def test_a_usage_error_under_json_is_json_on_stdout(
    capsys: pytest.CaptureFixture[str], argv: list[str], fragment: str
) -> None:
    """A tool that asked for JSON gets ``{"error": ...}`` on stdout for a mistyped flag too,
    as for malformed input (before: usage text on stderr only); people still get the usage."""
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    out, err = capsys.readouterr()
    answer = json.loads(out)
    assert set(answer) == {"error"} and fragment in answer["error"]
    assert "usage: tingpai" in err


def test_a_usage_error_without_json_prints_no_json(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["arena", "--rules", "hu-4p", "--bots", "greedy", "--games", "0"])
    assert stop.value.code == 2
    out, err = capsys.readouterr()
    assert out == "" and "argument --games: must be at least 1" in err

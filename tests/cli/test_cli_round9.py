"""The ninth command-line audit, of ``replay`` and ``play`` as a player reads them: each test
fails on the code it was written against.

* ``replay`` numbered hands from 0 where ``play`` numbers them from 1, so "hand 3" of a
  game played was "hand 2" replayed.  The human text now counts from 1; the JSON keeps
  the contract's 0-based indexes, and so do the errors, which point into the record.
* A ``--partial`` record that stops on a discard nobody has answered yet (a game stopped
  at a claim) replayed as if every seat had passed; the human text now names the seats
  still to answer, and a complete replay's error names them rather than the seat that
  would draw after their passes.  The JSON is unchanged.
* ``play`` joined tiles and melds with bare spaces where a list is meant: ``(you may:
  1m 3m 9m)``, ``melds pung 777m pung 888s``.
* ``--option pond_limit=999999999999999999999`` (a number beyond the input bounds) was
  taken as a string and refused as "must be an integer"; the bound is now named.
"""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from test_cli_round7 import first_claim

from tingpai.bots import find_bot
from tingpai.cli import main
from tingpai.cli.play_cmd import Names, _read_choice, show
from tingpai.engine import ActionKind
from tingpai.engine.hand import Hand
from tingpai.engine.match import Match
from tingpai.engine.record import replay
from tingpai.tiles import tile_to_str

NAMES = Names(0, {1: "greedy", 2: "greedy", 3: "greedy"})


def _write(tmp_path: Path, record: dict[str, Any]) -> Path:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    return path


def _played(hands: int) -> dict[str, Any]:
    """A hu-4p game of greedy bots, stopped after ``hands`` hands."""
    match = Match("hu-4p", seed=3)
    bots = [find_bot("greedy", random.Random(s)) for s in range(4)]
    while not match.is_over and len(match.hands) <= hands:
        if match.hand is not None and match.hand.is_over and len(match.hands) == hands:
            break
        seat = match.to_act()[0]
        match.apply(bots[seat].act(match.observe(seat)))
    record: dict[str, Any] = match.record()
    return record


def _stopped_at_a_claim() -> tuple[dict[str, Any], int, int, str]:
    """A hu-4p hand stopped where a seat may claim a discard: its record, the seat that
    may answer, the discarder and the tile."""
    hand, seat = first_claim()
    offer = [a for a in hand.history if a.kind is ActionKind.DISCARD][-1]
    assert offer.tile is not None
    record = {"format": "tingpai-record/1", "rules": "hu-4p", "options": {},
              "hands": [hand.record()]}
    return record, seat, offer.seat, tile_to_str(offer.tile)


# --- replay: hands counted as play counts them ---------------------------------------------


def test_replay_numbers_hands_from_one_as_play_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write(tmp_path, _played(3))
    assert main(["replay", str(path)]) == 0
    heads = [line.split(":")[0] for line in capsys.readouterr().out.splitlines()
             if line.startswith("hand ")]
    assert heads == ["hand 1", "hand 2", "hand 3"]
    assert main(["replay", str(path), "--json"]) == 0
    assert len(json.loads(capsys.readouterr().out)["hands"]) == 3  # the JSON as it was


# --- replay: a partial record stopped at a claim ---------------------------------------------


def test_a_partial_record_stopped_at_a_claim_shows_it_unanswered(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record, seat, discarder, tile = _stopped_at_a_claim()
    path = _write(tmp_path, record)
    assert main(["replay", str(path), "--partial"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first.startswith(f"hand 1: unfinished, seat {seat} has not answered seat "
                            f"{discarder}'s discard {tile}  [")
    # the JSON contract is unchanged: an unfinished hand, nobody paid
    assert main(["replay", str(path), "--partial", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["hands"] == [{"result": "unfinished", "winners": [], "deltas": [0] * 4}]
    assert data == replay(record, partial=True).to_json()


def test_a_complete_replay_names_the_seats_the_record_stops_before(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """It named the seat that would draw once they had passed."""
    record, seat, discarder, tile = _stopped_at_a_claim()
    assert main(["replay", str(_write(tmp_path, record)), "--json"]) == 2
    error = json.loads(capsys.readouterr().out)["error"]
    assert f"the actions end with seat {seat} to answer seat {discarder}'s discard {tile}" \
        in error


def test_a_partial_record_stopped_on_a_turn_says_who_is_to_act(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    hand = Hand("hu-2p", seed=1)
    record = {"format": "tingpai-record/1", "rules": "hu-2p", "hands": [hand.record()]}
    assert main(["replay", str(_write(tmp_path, record)), "--partial"]) == 0
    assert capsys.readouterr().out.startswith("hand 1: unfinished, seat 0 to act  [")


# --- play: lists read as lists -----------------------------------------------------------------


def test_the_tiles_one_may_discard_are_a_comma_list() -> None:
    hand = Hand("hu-4p", seed=3)
    obs = hand.observe(0)
    absent = next(t for t in range(34) if not obs.hand[t])
    out = io.StringIO()
    _read_choice(Console(file=out, width=300), io.StringIO(f"{tile_to_str(absent)}\nq\n"),
                 obs, hand, NAMES)
    may = out.getvalue().split("(you may: ")[1].split(")")[0]
    held = sorted({t for t, n in enumerate(obs.hand) if n})
    assert may == ", ".join(tile_to_str(t) for t in held)


def test_a_seats_melds_are_a_comma_list() -> None:
    hand = Hand("hu-4p", seed=1)
    bot = find_bot("greedy", random.Random(1))
    while not any(len(hand.melds(s)) >= 2 for s in range(4)):
        seat = hand.to_act()[0]
        hand.apply(bot.act(hand.observe(seat)))
        assert not hand.is_over, "the engine no longer deals this hand"
    seat = next(s for s in range(4) if len(hand.melds(s)) >= 2)
    out = io.StringIO()
    show(Console(file=out, width=300), hand.observe(0), NAMES)
    melds = ", ".join(str(m) for m in hand.melds(seat))
    assert f"melds {melds}  flowers" in out.getvalue()


# --- options: a number beyond the bounds is named as one ----------------------------------------


@pytest.mark.parametrize(("value", "said"), [
    ("999999999999999999999", "number 999999999999999999999 is beyond"),
    ("-999999999999999999999", "number -999999999999999999999 is beyond"),
])
def test_an_option_number_beyond_the_bounds_is_not_called_a_non_integer(
    capsys: pytest.CaptureFixture[str], value: str, said: str,
) -> None:
    """It was read as the string and refused as "must be an integer, got '999...'"."""
    assert main(["sim", "--games", "1", "--option", f"pond_limit={value}", "--json"]) == 2
    error = json.loads(capsys.readouterr().out)["error"]
    assert error.startswith("--option pond_limit: ") and said in error
    assert "must be an integer" not in error


# --- serve: a host sets the server's limits ------------------------------------------------


@pytest.mark.parametrize("flags", [
    ["--max-tables", "0"], ["--max-spectators", "-3"], ["--unattended-seconds", "nan"],
    ["--bot-table-max-hands", "0"], ["--unattended-seconds", "inf"],
])
def test_serve_refuses_a_limit_that_is_not_positive(
    capsys: pytest.CaptureFixture[str], flags: list[str],
) -> None:
    assert main(["serve", "--port", "1", *flags]) == 2
    error = capsys.readouterr().err
    assert error.startswith(f"{flags[0]} ") and "is not a positive number" in error


def test_serve_passes_the_host_limits_to_the_server(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A club host could not set the table or spectator limits without writing Python."""
    import uvicorn

    from tingpai.cli import serve_cmd

    served: dict[str, Any] = {}
    monkeypatch.setattr(serve_cmd, "listen_problem", lambda host, port: None)
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: served.update(app=app, **kw))
    db = str(tmp_path / "t.sqlite3")
    assert main(["serve", "--port", "8123", "--db", db, "--max-tables", "5",
                 "--max-spectators", "7", "--unattended-seconds", "60.5",
                 "--bot-table-max-hands", "30"]) == 0
    settings = served["app"].state.settings
    assert (settings.max_tables, settings.max_spectators, settings.unattended_seconds,
            settings.bot_table_max_hands) == (5, 7, 60.5, 30)
    assert served["port"] == 8123
    assert main(["serve", "--port", "8123", "--db", db]) == 0
    defaults = served["app"].state.settings
    assert (defaults.max_tables, defaults.max_spectators) == (1000, 100)

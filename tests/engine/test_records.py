"""Game records: the writer, the replayer (implicit draws and passes, explicit passes,
several rons), errors with hand and action indexes, and the ``tingpai replay`` command."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from enginekit import finish, play

from tingpai.bots import play_game
from tingpai.cli import main
from tingpai.engine import (
    Action,
    Match,
    RecordError,
    ReplayError,
    arrange_wall,
    parse_record,
    replay,
)
from tingpai.tiles import InvalidNotation, parse_tiles, tiles_to_str

CLAIM_HANDS = {
    0: "5m28m258p258s1234z",
    1: "46m123456789p11s",
    2: "55m1379m1234567z",
    3: "46m123456789s99p",
}


def scripted(hands: dict[int, str], draws: str, *script: str, **options: Any) -> dict[str, Any]:
    """The record of one scripted hand (actions applied with record semantics)."""
    m = Match("hu-4p", options)
    play(m.next_hand(arrange_wall(m.ruleset, hands, draws)), *script)
    return m.record()


def test_record_shape_follows_the_design() -> None:
    rec = scripted(CLAIM_HANDS, "6z", "0 discard 5m", "2 pung", "2 discard 1m")
    assert rec["format"] == "tingpai-record/1" and rec["rules"] == "hu-4p"
    assert rec["options"] == {} and "start" not in rec
    (h,) = rec["hands"]
    assert len(parse_tiles(h["wall"])) == 144
    assert h["wall"].startswith(tiles_to_str(parse_tiles(CLAIM_HANDS[0]), sort=False))
    assert h["actions"] == [
        {"seat": 0, "do": "discard", "tile": "5m"},
        {"seat": 2, "do": "pung"},
        {"seat": 2, "do": "discard", "tile": "1m"},
    ]


def test_several_rons_in_a_row_are_all_winners() -> None:
    rec = scripted(CLAIM_HANDS, "6z", "0 discard 5m", "1 ron", "3 ron")
    out = replay(rec).to_json()
    (h,) = out["hands"]
    assert h["result"] == "win" and [w["seat"] for w in h["winners"]] == [1, 3]
    assert sum(h["deltas"]) == 0 and out["scores"][0] < 30000


def test_explicit_passes_are_accepted_even_from_seats_never_asked() -> None:
    rec = scripted(CLAIM_HANDS, "6z", "0 discard 5m", "2 pung", "2 discard 1m", "3 cut")
    acts = rec["hands"][0]["actions"]
    with_passes = copy.deepcopy(rec)
    with_passes["hands"][0]["actions"] = [
        acts[0],
        {"seat": 1, "do": "pass"},
        {"seat": 3, "do": "pass"},
        acts[1],
        acts[2],
        {"seat": 0, "do": "pass"},  # seat 0 was never asked about 1m: accepted, ignored
        acts[3],
    ]
    m1 = replay(with_passes, partial=True).match.hand
    m2 = replay(rec, partial=True).match.hand
    assert m1 is not None and m2 is not None
    assert [a for a in m1.history if a.kind.value != "pass"] == [
        a for a in m2.history if a.kind.value != "pass"
    ]
    assert m1.to_act() == m2.to_act() and m1.census() == m2.census()


def test_a_full_game_round_trips(tmp_path: Path) -> None:
    run = play_game(["greedy", "random", "greedy", "random"], seed=7, rules="hu-4p")
    text = json.dumps(run.record)
    result = replay(text)
    assert result.scores == run.result.scores and result.game.over
    assert [h.result for h in result.hands] == list(run.hands)
    path = tmp_path / "game.json"
    path.write_text(text)
    assert replay(json.loads(path.read_text())).to_json() == result.to_json()


def test_a_record_may_stop_before_the_games_end() -> None:
    run = play_game(["greedy"] * 3, seed=3, rules="hu-3p", max_hands=2)
    result = replay(run.record)
    assert len(result.hands) == 2 and not result.game.over


def test_unfinished_hand_is_an_error_unless_partial() -> None:
    rec = scripted(CLAIM_HANDS, "6z", "0 discard 5m")
    with pytest.raises(ReplayError, match="unfinished") as err:
        replay(rec)
    assert (err.value.hand, err.value.action) == (0, 1)
    assert replay(rec, partial=True).hands[0].result is None


def test_illegal_action_names_the_rule_hand_and_action() -> None:
    rec = scripted(
        {0: "147m258p369s1234z", 1: "5m46m123456789p1s"},
        "6z" "1s" "5m",
        "0 cut", "1 discard 5m", "2 cut",
    )
    rec["hands"][0]["actions"].append({"seat": 1, "do": "ron"})
    with pytest.raises(ReplayError, match="seat 1 is furiten: 5m is in its pond") as err:
        replay(rec)
    assert (err.value.hand, err.value.action) == (0, 3)


def test_actions_after_the_end_of_a_hand_are_illegal() -> None:
    rec = scripted(CLAIM_HANDS, "6z", "0 discard 5m", "1 ron")
    rec["hands"][0]["actions"].append({"seat": 2, "do": "discard", "tile": "5m"})
    with pytest.raises(ReplayError, match="hand is over"):
        replay(rec)


def test_wall_must_be_the_tile_set() -> None:
    rec = scripted(CLAIM_HANDS, "6z", "0 discard 5m", "1 ron")
    tiles = parse_tiles(rec["hands"][0]["wall"])
    tiles[5] = parse_tiles("9s")[0] if tiles[5] != parse_tiles("9s")[0] else tiles[6]
    rec["hands"][0]["wall"] = tiles_to_str(tiles, sort=False)
    with pytest.raises(RecordError, match=r"missing .*; extra 9s") as err:
        replay(rec)
    assert err.value.hand == 0
    short = scripted(CLAIM_HANDS, "6z", "0 discard 5m", "1 ron")
    wall = parse_tiles(short["hands"][0]["wall"])
    short["hands"][0]["wall"] = tiles_to_str(wall[:-1], sort=False)
    with pytest.raises(RecordError, match="wall has 143 tiles"):
        replay(short)


@pytest.mark.parametrize(
    ("record", "message"),
    [
        ("not json", "not valid JSON"),
        ({"format": "other", "rules": "hu-4p", "hands": []}, "format"),
        ({"format": "tingpai-record/1", "rules": "hu-9p", "hands": []}, "unknown rules"),
        ({"format": "tingpai-record/1", "rules": "hu-4p"}, "hands"),
        ({"format": "tingpai-record/1", "rules": "hu-4p", "options": {"bogus": 1},
          "hands": []}, "unknown option"),
    ],
)
def test_malformed_records(record: Any, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        replay(record)


def test_unreadable_action_is_a_replay_error() -> None:
    rec = scripted(CLAIM_HANDS, "6z", "0 discard 5m", "1 ron")
    rec["hands"][0]["actions"][0] = {"seat": 0, "do": "shout"}
    with pytest.raises(ReplayError) as err:
        replay(rec)
    assert (err.value.hand, err.value.action) == (0, 0)


def test_heavy_penalty_is_recorded_and_replayed() -> None:
    m = Match("hu-4p")
    hand = m.next_hand(arrange_wall(m.ruleset, CLAIM_HANDS, "6z"))
    play(hand, "0 discard 5m")
    m.penalize(2)
    finish(play(hand, "1 ron"))
    rec = m.record()
    assert {"seat": 2, "do": "penalty"} in rec["hands"][0]["actions"]
    out = replay(rec)
    assert out.scores == m.scores and sum(out.scores) == 120000
    assert out.hands[0].deltas[2] == -12000


def test_action_text_round_trip() -> None:
    for text in ("0 discard 9m", "1 chow 345m", "2 pung", "3 akong 7z", "0 flower 5f"):
        a = Action.from_str(text)
        assert a.to_str() == text and Action.from_dict(a.to_dict()) == a
        if a.kind.value != "penalty":
            assert Action.from_index(a.seat, a.index) == a


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (None, "action None is not a string"),
        (3, "action 3 is not a string"),
        ({"seat": 0, "do": "pass"}, "is not a string"),
        ("4 discard 9m", "seat '4' is not 0-3"),
        ("1" * 5000 + " pass", "(5,000 characters) is not 0-3"),
        ("\u0663 pass", "seat '\u0663' is not 0-3"),
        ("0", "is not 'SEAT WORD [TILES]'"),
    ],
)
def test_action_text_errors_are_invalid_notation(text: Any, message: str) -> None:
    with pytest.raises(InvalidNotation) as err:
        Action.from_str(text)
    assert message in str(err.value)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"seat": 0, "do": "pung", 1: 2, "x": 3}, "has unknown keys [1, 'x']"),
        ({"seat": 0, "do": "pung", None: 0, "tile ": "9m"}, "has unknown keys [None, 'tile ']"),
        ({"seat": 0, "do": "discard", "tile": 8}, "'tile' must be a string"),
        ({"seat": "0", "do": "pass"}, "has no integer 'seat'"),
        (["seat", 0], "is not an object"),
    ],
)
def test_action_dict_errors_are_invalid_notation(data: Any, message: str) -> None:
    with pytest.raises(InvalidNotation) as err:
        Action.from_dict(data)
    assert message in str(err.value)


def test_parse_record_accepts_text_and_objects() -> None:
    rec = scripted(CLAIM_HANDS, "6z", "0 discard 5m", "1 ron")
    assert parse_record(json.dumps(rec)) == parse_record(rec)


# --- the command ---------------------------------------------------------------------


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(["replay", *argv])
    return code, capsys.readouterr().out


def test_cli_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "r.json"
    path.write_text(json.dumps(scripted(CLAIM_HANDS, "6z", "0 discard 5m", "1 ron", "3 ron")))
    code, out = _run(capsys, str(path), "--json")
    data = json.loads(out)
    assert code == 0 and [w["seat"] for w in data["hands"][0]["winners"]] == [1, 3]
    assert set(data["hands"][0]) >= {"result", "winners", "deltas"} and len(data["scores"]) == 4
    code, out = _run(capsys, str(path))
    assert code == 0 and "seat 1 wins" in out and "scores" in out


def test_cli_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rec = scripted(
        {0: "147m258p369s1234z", 1: "5m46m123456789p1s"}, "6z" "1s" "5m",
        "0 cut", "1 discard 5m", "2 cut",
    )
    rec["hands"][0]["actions"].append({"seat": 1, "do": "ron"})
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(rec))
    code, out = _run(capsys, str(bad), "--json")
    assert code == 2
    assert json.loads(out) == {
        "error": "seat 1 is furiten: 5m is in its pond", "hand": 0, "action": 3
    }
    junk = tmp_path / "junk.json"
    junk.write_text("{")
    code, out = _run(capsys, str(junk), "--json")
    assert code == 2 and "error" in json.loads(out)
    code, out = _run(capsys, str(tmp_path / "missing.json"), "--json")
    assert code == 2 and "cannot read" in json.loads(out)["error"]

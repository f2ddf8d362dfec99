"""Issue 8, point 4, for ``tingpai score``: impossible situations are ``valid: false`` with a
reason, malformed input exits 2 with one short line -- the same in the JSON form, the human
form and ``score HAND --json`` (the rule is written in ``cli/score_cmd.py``)."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

from tingpai import Situation, find_ruleset, parse_hand, score
from tingpai.cli import main
from tingpai.inputs import MAX_MESSAGE
from tingpai.rules import WinKind


@pytest.fixture(autouse=True)
def wide_console(monkeypatch: pytest.MonkeyPatch) -> None:
    """A wide terminal, so rich does not wrap the reason."""
    monkeypatch.setenv("COLUMNS", "300")


def score_json(payload: Any, monkeypatch: pytest.MonkeyPatch,
               capsys: pytest.CaptureFixture[str]) -> tuple[int, dict[str, Any]]:
    """``tingpai score --json`` on a payload (an object, or raw text)."""
    text = payload if isinstance(payload, str) else json.dumps(payload)
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    status = main(["score", "--json"])
    out = capsys.readouterr().out
    assert out.count("\n") == 1  # one JSON object, one line
    return status, json.loads(out)


def score_human(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """The human form: status, stdout, stderr."""
    status = main(["score", *args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


# (case, JSON payload, the same hand in the human form, words of the reason)
IMPOSSIBLE: list[tuple[str, dict[str, Any], list[str], str]] = [
    ("kong chain without a kong",
     {"rules": "hu-4p", "concealed": "123s123p789p99p123m", "win_tile": "9p",
      "win": "self-draw", "replacements": ["kong"]},
     ["123s123p789p99p123m +9p", "--self-draw", "--replacements", "kong"],
     "1 kong replacement(s) needs as many declared kongs; the hand has 0"),
    ("two kong replacements, one kong",
     {"rules": "hu-4p", "concealed": "123m456p789p5s", "melds": ["kong 2222s"],
      "win_tile": "5s", "win": "self-draw", "replacements": ["kong", "kong"]},
     ["[2222s] 123m456p789p5s +5s", "--self-draw", "--replacements", "kong,kong"],
     "2 kong replacement(s) needs as many declared kongs; the hand has 1"),
    ("flower replacement on a flowerless table",
     {"rules": "hk-4p", "concealed": "123s123p789p99p123m", "win_tile": "9p",
      "win": "self-draw", "replacements": ["flower"]},
     ["123s123p789p99p123m +9p", "--rules", "hk-4p", "--self-draw", "--replacements",
      "flower"],
     "flower replacements on a table without flowers (hk-4p)"),
    ("more flower replacements than flowers",
     {"rules": "hu-4p", "concealed": "123s123p789p99p123m", "win_tile": "9p",
      "win": "self-draw", "replacements": ["flower", "flower"], "flowers": "1f"},
     ["123s123p789p99p123m +9p", "--self-draw", "--replacements", "flower,flower",
      "--flowers", "1f"],
     "2 flower replacement(s) needs as many declared flowers; the hand declares 1"),
    ("robbing a kong of a tile held three times",
     {"rules": "hu-4p", "concealed": "123m456p789p111s22z", "win_tile": "1s",
      "robbing_kong": True},
     ["123m456p789p11s22z +1s", "--robbing-kong"],
     "robbing a kong of 1s: the winner holds 3 of it"),
    ("robbing a kong on a pair wait",
     {"rules": "hk-4p", "concealed": "123m456m789m55m", "melds": ["pung 555z"],
      "win_tile": "5m", "robbing_kong": True},
     ["[555z] 123m456m789m5m +5m", "--rules", "hk-4p", "--robbing-kong"],
     "robbing a kong of 5m: the winner holds 3 of it"),
    ("Heaven with an exposed meld",
     {"rules": "hu-4p", "concealed": "123s789p99p123m", "melds": ["pung 555p"],
      "win_tile": "9p", "blessing": "heaven"},
     ["[555p] 123s789p9p123m +9p", "--blessing", "heaven"],
     "Blessing of Heaven cannot have a declared meld (pung 555p)"),
    ("Earth with a concealed kong",
     {"rules": "hk-4p", "concealed": "123s789p99p123m", "melds": ["ckong 5555p"],
      "win_tile": "9p", "blessing": "earth", "seat_wind": "S"},
     ["[[5555p]] 123s789p9p123m +9p", "--rules", "hk-4p", "--blessing", "earth", "--seat",
      "S"],
     "Blessing of Earth cannot have a declared meld (ckong 5555p)"),
    ("beyond the eighth repeat",
     {"rules": "hu-4p", "concealed": "123s123p789p99p123m", "win_tile": "9p",
      "dealer_repeats": 9},
     ["123s123p789p99p123m +9p", "--dealer-repeats", "9"],
     "dealer_repeats 9 is beyond this table's last repeat (max_repeats 8)"),
    ("a round the table never plays",
     {"rules": "hu-4p", "concealed": "123s123p789p99p123m", "win_tile": "9p",
      "round_wind": "W"},
     ["123s123p789p99p123m +9p", "--round", "W"],
     "round wind W is not a round this table plays (rounds: E, S)"),
    ("a round cut by the rounds option",
     {"rules": "hk-4p", "options": {"rounds": 1}, "concealed": "123m456m99m",
      "melds": ["chow 789m", "pung 111z"], "win_tile": "9m", "round_wind": "S"},
     ["[789m] [111z] 123m456m9m +9m", "--rules", "hk-4p", "--option", "rounds=1",
      "--round", "S"],
     "round wind S is not a round this table plays (rounds: E)"),
    ("a seat the 3-player table lacks",
     {"rules": "hu-3p", "concealed": "123s123p789p99p123m", "win_tile": "9p",
      "seat_wind": "N"},
     ["123s123p789p99p123m +9p", "--rules", "hu-3p", "--seat", "N"],
     "seat wind N is not a seat of this table (seats: E, S, W)"),
    ("a seat the 2-player table lacks",
     {"rules": "hk-2p", "concealed": "123p456p99p", "melds": ["chow 789p", "pung 111z"],
      "win_tile": "9p", "seat_wind": "W"},
     ["[789p] [111z] 123p456p9p +9p", "--rules", "hk-2p", "--seat", "W"],
     "seat wind W is not a seat of this table (seats: E, S)"),
]


@pytest.mark.parametrize(("case", "payload", "args", "reason"), IMPOSSIBLE,
                         ids=[c[0] for c in IMPOSSIBLE])
def test_impossible_situations_are_not_valid_wins(
    case: str, payload: dict[str, Any], args: list[str], reason: str,
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    status, out = score_json(payload, monkeypatch, capsys)
    assert status == 0 and out["valid"] is False and reason in out["reason"], out
    assert out["total"] == 0 and out["payments"] == {}
    status, text, _ = score_human(args, capsys)
    flat = " ".join(text.split())
    assert status == 0 and "Not a valid win: " in flat and reason in flat, text
    status, text, _ = score_human([*args, "--json"], capsys)
    assert status == 0 and json.loads(text) == out


def test_the_same_hands_are_valid_when_possible() -> None:
    """Each check rejects only the impossible part: the chain with its kong, the robbed tile
    completing a chow, Heaven concealed, the eighth repeat itself are all valid wins."""
    rules = find_ruleset("hu-4p")

    def situation(hand: str, **kwargs: Any) -> Situation:
        concealed, melds, win = parse_hand(hand)
        assert win is not None
        return Situation(tuple(concealed), win, tuple(melds), **kwargs)

    assert score(situation("[2222s] 123m456p789p5s +5s", win=WinKind.SELF_DRAW,
                           replacements=("kong",)), rules).valid
    assert score(situation("12m456p789p111s22z +3m", robbing_kong=True), rules).valid
    assert score(situation("123m456m789m123p5p +5p", win=WinKind.SELF_DRAW,
                           blessing="heaven"), rules).valid
    assert score(situation("123s123p789p9p123m +9p", dealer_repeats=8), rules).valid


# (case, JSON payload, the same hand in the human form, words of the error)
MALFORMED: list[tuple[str, dict[str, Any], list[str], str]] = [
    ("a tile five times",
     {"rules": "hu-4p", "concealed": "1m456p789s234s55p", "melds": ["kong 1111m"],
      "win_tile": "5p"},
     ["[1111m] 1m456p789s234s5p +5p"], "1m appears 5 times counting melds (at most 4)"),
    ("a flower declared twice",
     {"rules": "hu-4p", "concealed": "123s123p789p99p123m", "win_tile": "9p",
      "flowers": "5f5f"},
     ["123s123p789p99p123m +9p", "--flowers", "5f5f"], "flower 5f declared twice"),
    ("flowers on a flowerless table",
     {"rules": "hu-4p", "options": {"flowers": False}, "concealed": "123s123p789p99p123m",
      "win_tile": "9p", "flowers": "1f"},
     ["123s123p789p99p123m +9p", "--option", "flowers=false", "--flowers", "1f"],
     "flower 1f is not in this ruleset's set"),
    ("flowers on a Hong Kong table",
     {"rules": "hk-4p", "concealed": "123m456m99m", "melds": ["chow 789m", "pung 111z"],
      "win_tile": "9m", "flowers": "2f"},
     ["[789m] [111z] 123m456m9m +9m", "--rules", "hk-4p", "--flowers", "2f"],
     "flower 2f is not in this ruleset's set"),
    ("an unknown special win",
     {"rules": "hu-4p", "concealed": "123s123p789p99p123m", "win_tile": "9p",
      "special": "nine_gates_of_heaven"},
     ["123s123p789p99p123m +9p", "--special", "nine_gates_of_heaven"],
     "'nine_gates_of_heaven' is not a special win of hu-4p"),
    ("an option named id",
     {"rules": "hu-4p", "options": {"id": "hk-4p"}, "concealed": "123s123p789p99p123m",
      "win_tile": "9p"},
     ["123s123p789p99p123m +9p", "--option", "id=hk-4p"], "unknown option 'id' for hu-4p"),
    ("a chow with no tiles",
     {"rules": "hu-4p", "concealed": "123s123p789p99p", "melds": ["chow "], "win_tile": "9p"},
     ["123s123p789p99p [] +9p"], "must have three"),
    ("a hung multiplier",
     {"rules": "hu-4p", "options": {"discard_multiplier": "1e99999999"},
      "concealed": "123s123p789p99p123m", "win_tile": "9p"},
     ["123s123p789p99p123m +9p", "--option", "discard_multiplier=1e99999999"],
     "option discard_multiplier must be a positive number up to 1000"),
    ("an infinite multiplier",
     {"rules": "hu-4p", "options": {"discard_multiplier": 1e308 * 10},
      "concealed": "123s123p789p99p123m", "win_tile": "9p"},
     ["123s123p789p99p123m +9p", "--option", "discard_multiplier=Infinity"],
     "discard_multiplier"),
    ("a hand text of 50,000 characters",
     {"rules": "hu-4p", "concealed": "1m" * 25_000, "win_tile": "1m"},
     ["1m" * 25_000 + " +1m"], "characters is too long (at most 1000)"),
]


@pytest.mark.parametrize(("case", "payload", "args", "message"), MALFORMED,
                         ids=[c[0] for c in MALFORMED])
def test_malformed_input_exits_2_in_both_forms(
    case: str, payload: dict[str, Any], args: list[str], message: str,
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    # json.dumps writes the infinite float as Infinity, which JSON does not have
    status, out = score_json(payload, monkeypatch, capsys)
    assert status == 2 and set(out) == {"error"}, out
    assert len(out["error"]) <= MAX_MESSAGE
    if "Infinity" not in json.dumps(payload):
        assert message in out["error"], out
    status, text, err = score_human(args, capsys)
    assert status == 2 and text == "" and message in err, err
    assert err.count("\n") == 1 and len(err) <= MAX_MESSAGE + 30
    status, text, _ = score_human([*args, "--json"], capsys)
    assert status == 2 and set(json.loads(text)) == {"error"}


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ('{"rules": "hu-4p", "concealed": "123s123p789p99p123m", "win_tile": "9p", '
         '"dealer_repeats": Infinity}', "Infinity is not a JSON number"),
        ('{"rules": "hu-4p", "concealed": "123s123p789p99p123m", "win_tile": "9p", '
         '"dealer_repeats": NaN}', "NaN is not a JSON number"),
        ('{"rules": "hu-4p", "concealed": "123s123p789p99p123m", "win_tile": "9p", '
         '"dealer_repeats": ' + "9" * 4400 + "}", "a number beyond"),
        ('{"rules": "hu-4p", "concealed": "123s123p789p99p123m", "win_tile": "9p", '
         '"dealer_repeats": ' + "9" * 4000 + "}", "is beyond ±1e+15"),
        ('{"rules": "hu-4p", "concealed": "123s123p789p99p123m", "win_tile": "9p", '
         '"options": {"start_points": 1e999}}', "is not finite"),
        # 991 deep: json.loads accepts it, and echoing it back once overflowed the stack
        ('{"rules": "hu-4p", "concealed": "123s123p789p99p123m", "win_tile": '
         + "[" * 990 + '"9p"' + "]" * 990 + "}", "nested more than 32 deep"),
        ("[" * 991 + "]" * 991, "nested more than 32 deep"),
        ('{"rules": "hu-4p", "concealed": "' + "x" * 2_000_000 + '"}',
         "longer than 1,000,000 characters"),
    ],
    ids=["infinity", "nan", "4400 digits", "4000 digits", "1e999", "991 deep in a field",
         "991 deep", "2 MB"],
)
def test_unreadable_numbers_and_sizes_exit_2(
    raw: str, message: str, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out = score_json(raw, monkeypatch, capsys)
    assert status == 2 and set(out) == {"error"} and message in out["error"], out
    assert len(out["error"]) <= MAX_MESSAGE


def test_error_messages_quote_little_of_the_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    """A bad value is quoted in a few dozen characters, whatever its size."""
    payload = {"rules": "hu-4p", "concealed": "123s123p789p99p123m", "win_tile": "9p",
               "seat_wind": "Q" * 500_000}
    status, out = score_json(payload, monkeypatch, capsys)
    assert status == 2 and "500,000 characters" in out["error"] and len(out["error"]) < 200
    payload = {**payload, "seat_wind": "E", "rules": ["hu-4p"] * 100_000}
    status, out = score_json(payload, monkeypatch, capsys)
    assert status == 2 and len(out["error"]) < 200


# --- point 7: score HAND --json, the defaults, one name per thing -------------------------


def test_score_hand_json_prints_what_the_json_form_prints(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    """``score HAND --json`` scores the given hand; ``score --json`` reads stdin; both
    print the same object for the same hand."""
    status, text, _ = score_human(["123s123p789p9p [123m] +9p", "--flowers", "5f", "--json"],
                                  capsys)
    assert status == 0
    from_hand = json.loads(text)
    status, from_stdin = score_json(
        {"rules": "hu-4p", "concealed": "123s123p789p99p", "melds": ["chow 123m"],
         "win_tile": "9p", "flowers": "5f"}, monkeypatch, capsys)
    assert status == 0 and from_hand == from_stdin
    assert from_hand["total"] == 6600 and from_hand["payments"] == {"discarder": 19800}


def test_defaults_agree_in_python_json_and_the_command_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    """Seat wind East by default everywhere (DESIGN.md): an East pung is then both the seat
    and the prevalent wind, Value Triplet twice (1000); the dealer's repeats add 100 each."""
    hand = "111z123m456p789s5s +5s"
    concealed, melds, win = parse_hand(hand)
    assert win is not None
    python = score(Situation(tuple(concealed), win, tuple(melds), dealer_repeats=2),
                   find_ruleset("hu-4p")).to_json()
    status, from_stdin = score_json({"rules": "hu-4p", "concealed": "111z123m456p789s55s",
                                     "win_tile": "5s", "dealer_repeats": 2},
                                    monkeypatch, capsys)
    status_cli, text, _ = score_human([hand, "--dealer-repeats", "2", "--json"], capsys)
    assert status == status_cli == 0
    assert python == from_stdin == json.loads(text)
    assert python["total"] == 1200 and python["patterns"][0]["count"] == 2
    status, text, _ = score_human([hand, "--dealer-repeats", "2"], capsys)
    assert status == 0 and "Total: 1200 points" in text


def test_repeats_is_a_hidden_alias(capsys: pytest.CaptureFixture[str]) -> None:
    hand = "123s123p789p9p [123m] +9p"
    assert score_human([hand, "--repeats", "3", "--json"], capsys)[1] == score_human(
        [hand, "--dealer-repeats", "3", "--json"], capsys)[1]
    with pytest.raises(SystemExit):
        main(["score", "--help"])
    help_text = capsys.readouterr().out
    assert "--dealer-repeats" in help_text and "--repeats" not in help_text


def test_blessing_of_earth_infers_a_non_dealer_seat(capsys: pytest.CaptureFixture[str]) -> None:
    status, text, _ = score_human(["123m456m789m123p5p +5p", "--blessing", "earth", "--json"],
                                  capsys)
    assert status == 0 and json.loads(text)["valid"] is True

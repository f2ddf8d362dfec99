"""The ``tingpai score --json`` contract of DESIGN.md: fields, payment keys, exit codes."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from typing import Any

import pytest

from tingpai.cli import main

SEED = {
    "rules": "hu-4p", "options": {},
    "concealed": "123s123p789p99p", "melds": ["chow 123m"],
    "win_tile": "9p", "win": "discard", "seat_wind": "S", "round_wind": "E",
    "flowers": "5f", "dealer_repeats": 0, "eighth_repeat": False,
    "replacements": [], "robbing_kong": False, "last_tile": False, "blessing": None,
}


def run(payload: Any, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> tuple[int, dict[str, Any]]:
    text = payload if isinstance(payload, str) else json.dumps(payload)
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    status = main(["score", "--json"])
    out = capsys.readouterr().out
    lines = out.strip().splitlines()
    assert len(lines) == 1, out
    return status, json.loads(lines[0])


def test_seed_example_contract(monkeypatch: pytest.MonkeyPatch,
                               capsys: pytest.CaptureFixture[str]) -> None:
    status, out = run(SEED, monkeypatch, capsys)
    assert status == 0
    assert {"valid", "total", "patterns", "superseded", "limit", "payments"} <= set(out)
    assert "reason" not in out
    assert out["valid"] is True and out["total"] == 6600 and out["limit"] is False
    assert out["payments"] == {"discarder": 19800}
    assert [p["id"] for p in out["patterns"]] == [
        "all_sequences", "fully_outside", "three_color_sequences", "flower_tile"
    ]
    fully = next(p for p in out["patterns"] if p["id"] == "fully_outside")
    assert fully == {"id": "fully_outside", "name": "Fully Outside Hand", "chinese": "純全带么",
                     "pinyin": "chún quán dài yāo", "value": 4000, "count": 1}
    assert out["superseded"] == [
        {"id": "half_outside", "name": "Half Outside Hand", "by": "fully_outside", "count": 1}
    ]


@pytest.mark.parametrize(
    ("changes", "payments", "total"),
    [
        ({"win": "self-draw"}, {"each": 6600}, 6600),
        ({"win": "tsumo", "rules": "hu-3p"}, {"each": 6600}, 6600),
        ({"win": "zimo", "rules": "hu-2p"}, {"each": 6600}, 6600),
        ({"win": "self_draw"}, {"each": 6600}, 6600),
        ({"win": "selfdraw"}, {"each": 6600}, 6600),
        ({"win": "self"}, {"each": 6600}, 6600),
        ({"win": "ron", "rules": "hu-3p"}, {"discarder": 16500}, 6600),
        ({"rules": "hu-2p"}, {"discarder": 13200}, 6600),
        ({"options": {"flowers": True, "start_points": 25000}}, {"discarder": 19800}, 6600),
        ({"seat_wind": "E", "dealer_repeats": 2}, {"discarder": 20400}, 6800),
        ({"eighth_repeat": True}, {"discarder": 31800}, 10600),
        ({"last_tile": True}, {"discarder": 22800}, 7600),
    ],
)
def test_variants(changes: dict[str, Any], payments: dict[str, int], total: int,
                  monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    status, out = run({**SEED, **changes}, monkeypatch, capsys)
    assert status == 0 and out["valid"] is True
    assert out["payments"] == payments and out["total"] == total


def test_defaults(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    status, out = run({"rules": "hu-4p", "concealed": "123m456p789s234s55p", "win_tile": "5p"},
                      monkeypatch, capsys)
    assert status == 0
    assert out["total"] == 500 and out["payments"] == {"discarder": 1500}


@pytest.mark.parametrize(
    ("payload", "reason"),
    [
        ({"rules": "hu-4p", "concealed": "123m456p789s234s56p", "win_tile": "6p"},
         "incomplete hand"),
        ({"rules": "hu-4p", "concealed": "123m456p789p111s22z", "win_tile": "2z"},
         "no qualifying pattern"),
        ({"rules": "hu-4p", "concealed": "123m456p789s234s5p5f", "win_tile": "5p"},
         "a flower (5f) in the concealed tiles"),
        ({"rules": "hu-4p", "concealed": "123m456p789s234s5p", "win_tile": "5p"},
         "wrong tile count"),
    ],
)
def test_invalid_hand_exit_0(payload: dict[str, Any], reason: str,
                             monkeypatch: pytest.MonkeyPatch,
                             capsys: pytest.CaptureFixture[str]) -> None:
    status, out = run(payload, monkeypatch, capsys)
    assert status == 0
    assert out["valid"] is False and reason in out["reason"]
    assert out["total"] == 0 and out["payments"] == {} and out["patterns"] == []


@pytest.mark.parametrize(
    ("payload", "names"),
    [
        ("{not json", "bad JSON"),
        ("[1, 2]", "JSON object"),
        ({**SEED, "rules": "hu-5p"}, "hu-5p"),
        ({**SEED, "options": {"flower": True}}, "flower"),
        ({**SEED, "options": {"flowers": "yes"}}, "flowers"),
        ({**SEED, "options": {"multiple_winners": "some"}}, "multiple_winners"),
        ({**SEED, "options": {"start_points": 1.5}}, "start_points"),
        ({**SEED, "options": {"temporary_furiten": 1}}, "temporary_furiten"),
        ({**SEED, "options": []}, "options"),
        ({**SEED, "concealed": "123x"}, "concealed"),
        ({**SEED, "concealed": 123}, "concealed"),
        ({**SEED, "melds": ["chow 124m"]}, "melds"),
        ({**SEED, "melds": "chow 123m"}, "melds"),
        ({**SEED, "win_tile": "9"}, "win_tile"),
        ({**SEED, "win_tile": "4p"}, "win_tile"),
        ({**SEED, "win": "sometimes"}, "win"),
        ({**SEED, "seat_wind": "X"}, "seat_wind"),
        ({**SEED, "round_wind": 1}, "round_wind"),
        ({**SEED, "flowers": "9f"}, "flowers"),
        ({**SEED, "dealer_repeats": "2"}, "dealer_repeats"),
        ({**SEED, "dealer_repeats": True}, "dealer_repeats"),
        ({**SEED, "dealer_repeats": -1}, "dealer_repeats"),
        ({**SEED, "eighth_repeat": "no"}, "eighth_repeat"),
        ({**SEED, "replacements": ["kong", "dragon"]}, "replacements"),
        ({**SEED, "robbing_kong": None}, "robbing_kong"),
        ({**SEED, "blessing": "moon"}, "blessing"),
        ({**SEED, "colour": "red"}, "colour"),
        ({k: v for k, v in SEED.items() if k != "win_tile"}, "win_tile"),
        ({k: v for k, v in SEED.items() if k != "rules"}, "rules"),
        ({k: v for k, v in SEED.items() if k != "concealed"}, "concealed"),
        # tiles the table does not have (score_cmd's rule: malformed, not an invalid hand)
        ({"rules": "hu-4p", "concealed": "123m456p789s234s55p", "win_tile": "5p",
          "flowers": "1f", "options": {"flowers": False}}, "flower 1f is not in this ruleset"),
        ({"rules": "hu-4p", "concealed": "1m456p789s234s55p", "melds": ["kong 1111m"],
          "win_tile": "5p"}, "1m appears 5 times"),
        ({**SEED, "flowers": "5f5f"}, "flower 5f declared twice"),
        ({**SEED, "flowers": "5m"}, "5m is not a flower"),
        ({**SEED, "special": "nine_immortals"}, "'nine_immortals' is not a special win"),
        ({"rules": "hk-2p", "concealed": "123m456p789p11p55z", "win_tile": "5z"},
         "tile 2m is not in this ruleset's set"),
    ],
)
def test_malformed_exit_2(payload: Any, names: str, monkeypatch: pytest.MonkeyPatch,
                          capsys: pytest.CaptureFixture[str]) -> None:
    status, out = run(payload, monkeypatch, capsys)
    assert status == 2
    assert set(out) == {"error"} and names in out["error"]


def test_special_win_extension(monkeypatch: pytest.MonkeyPatch,
                               capsys: pytest.CaptureFixture[str]) -> None:
    status, out = run({"rules": "hu-4p", "concealed": "123m456p789s1122z", "win_tile": None,
                       "win": "self-draw", "flowers": "12345678f",
                       "special": "eight-immortals"}, monkeypatch, capsys)
    assert status == 0 and out["valid"] and out["limit"]
    assert out["total"] == 8000 and out["payments"] == {"each": 8000}


def test_real_process() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "tingpai.cli", "score", "--json"],
        input=json.dumps({**SEED, "win": "self-draw"}), capture_output=True, text=True,
        timeout=60, check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["payments"] == {"each": 6600}
    bad = subprocess.run(
        [sys.executable, "-m", "tingpai.cli", "score", "--json"],
        input="{", capture_output=True, text=True, timeout=60, check=False,
    )
    assert bad.returncode == 2 and "error" in json.loads(bad.stdout)


@pytest.mark.parametrize(
    ("fields", "total", "payments"),
    [
        # Heaven is the dealer's self-drawn initial 14: seat E and self-draw are implied.
        ({"rules": "hu-4p", "blessing": "heaven"}, 8000, {"each": 8000}),
        # Hu Earth completes "with their first draw": self-draw implied, seat stays S.
        ({"rules": "hu-4p", "blessing": "earth"}, 8000, {"each": 8000}),
        # Hong Kong Earth is won on the dealer's first discard: the default discard stands.
        ({"rules": "hk-4p", "blessing": "earth"}, 10, {"discarder": 512}),
    ],
)
def test_omitted_fields_implied_by_a_blessing(
    fields: dict[str, Any], total: int, payments: dict[str, int],
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    hand = {"concealed": "123m456m789m123p55p", "win_tile": "5p"}
    status, out = run({**hand, **fields}, monkeypatch, capsys)
    assert status == 0 and out["valid"], out
    assert out["total"] == total and out["payments"] == payments


def test_a_replacement_chain_implies_self_draw_when_win_is_omitted(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    # Fully Concealed 500 + Pure Straight 2000 + One Quad 500 + Value Triplet (East is the
    # prevalent and, by default, the seat wind) 2 x 500 + After a Kong 1000 = 5000, paid by
    # each as a self-draw.
    payload = {"rules": "hu-4p", "concealed": "123m456m789m55p", "melds": ["ckong 1111z"],
               "win_tile": "5p", "replacements": ["kong"]}
    status, out = run(payload, monkeypatch, capsys)
    assert status == 0 and out["total"] == 5000 and out["payments"] == {"each": 5000}
    status, out = run({**payload, "win": "discard"}, monkeypatch, capsys)
    assert status == 0 and not out["valid"] and "self-drawn" in out["reason"]

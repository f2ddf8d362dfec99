"""Contract audit, round 5: DESIGN.md "Contracts other tools rely on", read as an outside
tool author would read it.

Checked here, against what DESIGN.md and the README promise rather than what the code
does: ``tingpai score --json`` in its stdin and argv forms (field names, defaults, the
exit-2 ``{"error"}`` answer to malformed input), game records written by ``tingpai sim
--records`` and edited the way a tool might (keys reordered, metadata added, optional keys
left out) replaying to the same ``tingpai replay --json`` output, and the Python API's
constructors (``tingpai.Hand`` / ``tingpai.Match``: ``seed``, ``rng``).  Each test names,
in its docstring, what happened before its fix.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import tingpai

from .test_contracts_audit import cli

BASE = {"rules": "hu-4p", "concealed": "123s123p789p99p", "melds": ["chow 123m"],
        "win_tile": "9p"}


# --- tingpai score --json: the stdin form ----------------------------------------------


@pytest.mark.parametrize(
    "flags",
    [
        ["--self-draw"],
        ["--discard"],
        ["--seat-wind", "S"],
        ["--seat-wind", "X"],
        ["--round-wind", "S"],
        ["--flowers", "5f"],
        ["--dealer-repeats", "0"],
        ["--repeats", "2"],  # the hidden alias: the error names --dealer-repeats
        ["--eighth-repeat"],
        ["--replacements", "kong"],
        ["--robbing-kong"],
        ["--last-tile"],
        ["--blessing", "heaven"],
        ["--special", "eight_immortals"],
        ["--option", "flowers=false"],
    ],
)
def test_stdin_form_refuses_the_flags_of_the_hand_form(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, flags: list[str]
) -> None:
    """DESIGN: ``tingpai score --json`` "reads one JSON object on stdin"; that object
    carries every field.  Before, ``echo OBJ | tingpai score --json --rules hk-4p`` (or
    ``--self-draw``, ``--seat-wind X``, ...) exited 0 with the hu-4p discard score of the
    object: the flag was silently ignored, so a tool that passed it got another hand's score
    without a word.  Now exit 2 and ``{"error"}`` naming the flag."""
    code, out, err = cli(capsys, monkeypatch, ["score", "--json", *flags], json.dumps(BASE))
    assert code == 2, out
    data = json.loads(out)
    named = "--dealer-repeats" if flags[0] == "--repeats" else flags[0]
    assert set(data) == {"error"} and named in data["error"]
    assert "Traceback" not in err


@pytest.mark.parametrize(("flag", "rules", "code"), [
    ("hu-4p", "hu-4p", 0), ("hu", "hu-4p", 0),  # the same ruleset (an alias too): scored
    ("hk-4p", "hu-4p", 2),                      # another ruleset: refused, not ignored
    ("hu-2p", None, 0),                         # an object without rules takes the flag's
    ("nope", "hu-4p", 2),
])
def test_stdin_form_takes_rules_that_agree_with_the_object(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, flag: str,
    rules: str | None, code: int,
) -> None:
    """Before, ``echo OBJ | tingpai score --json --rules hk-4p`` scored the object as hu-4p
    without a word.  ``--rules`` now fills in an object without ``rules`` and must name the
    object's ruleset when it has one (a redundant ``--rules`` still scores)."""
    obj = {k: v for k, v in BASE.items() if k != "rules" or rules is not None}
    if rules is not None:
        obj["rules"] = rules
    status, out, _ = cli(capsys, monkeypatch, ["score", "--json", "--rules", flag],
                         json.dumps(obj))
    data = json.loads(out)
    assert status == code, data
    if code == 0:
        discarder = {"hu-4p": 3, "hu-2p": 2}[rules or flag]
        assert data["total"] == 6500 and data["payments"]["discarder"] == 6500 * discarder
    else:
        assert "--rules" in data["error"]


def test_stdin_form_without_flags_still_scores(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The contract's own example (with ``--explain``, which changes nothing in JSON)."""
    for extra in ([], ["--explain"]):
        code, out, _ = cli(capsys, monkeypatch, ["score", "--json", *extra], json.dumps(BASE))
        assert code == 0 and json.loads(out)["total"] == 6500


def test_argv_form_keeps_its_defaults_and_flags(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The human form's defaults (hu-4p, round E, no flowers, no repeats) are unchanged
    by the refusal above, and its flags still score the hand as the JSON fields do."""
    hand = "123s123p789p99p [123m] +9p"
    code, out, _ = cli(capsys, monkeypatch, ["score", hand, "--json"])
    assert code == 0 and json.loads(out)["total"] == 6500
    code, out, _ = cli(capsys, monkeypatch, ["score", hand, "--json", "--flowers", "5f",
                                             "--seat-wind", "S", "--dealer-repeats", "0"])
    by_flags = json.loads(out)
    code2, out2, _ = cli(capsys, monkeypatch, ["score", "--json"],
                         json.dumps({**BASE, "flowers": "5f", "seat_wind": "S"}))
    assert code == code2 == 0 and by_flags == json.loads(out2)
    assert by_flags["total"] == 6600


# --- records: written by sim, edited by a tool, replayed -------------------------------


def test_sim_records_survive_a_tools_edits(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A record written by ``tingpai sim --records`` and rewritten by a tool -- keys in
    another order, metadata added, the optional ``options`` and ``start`` left out or
    spelled out at their defaults -- replays to the same ``--json`` output (no defect
    found; the round's baseline)."""
    code, _, _ = cli(capsys, monkeypatch, ["sim", "--rules", "hu-2p", "--games", "1",
                                           "--seed", "4", "--bots", "greedy",
                                           "--records", str(tmp_path)])
    assert code == 0
    [path] = sorted(tmp_path.glob("game-*.json"))
    record = json.loads(path.read_text(encoding="utf-8"))
    want = tingpai.replay(record).to_json()
    code, out, _ = cli(capsys, monkeypatch, ["replay", str(path), "--json"])
    assert code == 0 and json.loads(out) == want

    def reversed_keys(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: reversed_keys(value[k]) for k in reversed(list(value))}
        if isinstance(value, list):
            return [reversed_keys(v) for v in value]
        return value

    edited = reversed_keys(record)
    edited["comment"] = "exported by a tool"
    edited.pop("options", None)
    points = tingpai.find_ruleset("hu-2p").options.start_points
    edited["start"] = {"round_wind": "E", "dealer": 0, "repeats": 0, "scores": [points] * 2}
    for hand in edited["hands"]:
        hand["source"] = "sim"
    code, out, _ = cli(capsys, monkeypatch, ["replay", "-", "--json"], json.dumps(edited))
    assert code == 0 and json.loads(out) == want


# --- the Python API: seeds and random sources -------------------------------------------


@pytest.mark.parametrize("seed", ["7", 7.0, True, [7]])
@pytest.mark.parametrize("make", [tingpai.Hand, tingpai.Match])
def test_a_seed_must_be_a_whole_number(make: Any, seed: object) -> None:
    """DESIGN: ``tingpai.Hand(rules, seed=7)`` / ``tingpai.Match(rules, seed=7)``.  Before,
    ``seed="7"`` or ``seed=7.0`` was accepted and dealt another game than ``seed=7`` (a
    seed read from JSON or a command line as text gave a silently different wall), and
    ``seed=[7]`` raised a bare "unhashable type" from inside :mod:`random`.  Now a
    TypeError naming the seed, as ``tingpai sim`` and ``tingpai arena`` already did."""
    with pytest.raises(TypeError, match="seed must be a whole number"):
        make("hu-4p", seed=seed)


def test_a_seed_of_any_integer_type_is_the_same_seed() -> None:
    """A numpy integer (an array element) is the number it holds; None is seed 0."""
    np = pytest.importorskip("numpy")
    assert tingpai.Hand("hu-4p", seed=np.int64(7)).wall == tingpai.Hand("hu-4p", seed=7).wall
    assert tingpai.Hand("hu-4p").wall == tingpai.Hand("hu-4p", seed=0).wall
    game, same = tingpai.Match("hu-4p", seed=np.int32(3)), tingpai.Match("hu-4p", seed=3)
    game.to_act()
    same.to_act()
    assert game.hand is not None and same.hand is not None
    assert game.hand.wall == same.hand.wall


@pytest.mark.parametrize("rng", [5, "seed", random])
def test_match_refuses_an_rng_that_is_not_one(rng: object) -> None:
    """Before: ``Match("hu-4p", rng=5)`` was accepted and the first ``to_act()`` raised
    AttributeError ('int' object has no attribute 'shuffle'); the ``random`` module itself
    was accepted and shuffled from the global random state, which DESIGN.md rules out for
    the engine.  Now a TypeError at once, as ``find_bot`` gives."""
    with pytest.raises(TypeError, match=r"rng must be a random\.Random"):
        tingpai.Match("hu-4p", rng=rng)  # type: ignore[arg-type]

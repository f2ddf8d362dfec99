"""``tingpai analyze --rules R``: the table's tile set and forms, and what each wait of a
ready hand scores there (values from RULES.md, not from the code)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from tingpai.cli import main
from tingpai.rules import find_ruleset
from tingpai.tiles import parse_tiles, tile_to_str


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict[str, Any]]:
    status = main(["analyze", *argv, "--json"])
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 1
    return status, json.loads(lines[0])


def wins(result: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {w["tile"]: w for w in result["wins"]}


# 123m456p789s + 11z 22z: a shanpon wait on East (seat and round wind at E/E) or South.
SHANPON = "123m456p789s1122z"


def test_hu_shows_ready_but_no_pattern(capsys: pytest.CaptureFixture[str]) -> None:
    status, result = run_json(capsys, SHANPON, "--rules", "hu-4p")
    assert status == 0 and result["rules"] == "hu-4p"
    by_tile = wins(result)
    # East triplet at seat E, round E: Value Triplet counts twice (500 each).
    east = by_tile["1z"]["discard"]
    assert east["legal"] and east["total"] == 1000 and east["patterns"] == ["value_triplet"]
    assert east["payments"] == {"discarder": 3000}  # 4p: discarder pays base x 3
    # South triplet: no value, a discard win has no pattern at all.
    south = by_tile["2z"]["discard"]
    assert south["legal"] is False and south["no_pattern"] is True and south["total"] == 0
    # ... but self-drawn it is a Fully Concealed Hand (500).
    drawn = by_tile["2z"]["self_draw"]
    assert drawn["legal"] and drawn["total"] == 500 and drawn["patterns"] == ["fully_concealed"]
    main(["analyze", SHANPON, "--rules", "hu-4p"])
    out = capsys.readouterr().out
    assert "ready but no pattern" in out
    assert "Ready but no pattern: 2z on a discard" in out


def test_hong_kong_compares_fan_with_the_minimum(capsys: pytest.CaptureFixture[str]) -> None:
    _, result = run_json(capsys, SHANPON, "--rules", "hk-4p")
    assert result["minimum"] == 3 and result["unit"] == "fan"
    by_tile = wins(result)
    east = by_tile["1z"]["discard"]  # Closed Hand + Seat Wind + Prevailing Wind
    assert east["legal"] and east["total"] == 3
    assert set(east["patterns"]) == {"closed_hand", "seat_wind", "prevailing_wind"}
    assert by_tile["1z"]["self_draw"]["total"] == 4  # + Self-Draw
    south = by_tile["2z"]
    assert south["discard"] == {
        "legal": False, "total": 1, "patterns": ["closed_hand"], "short": 2,
        "reason": "the hand is worth 1 fan, below the minimum 3",
    }
    assert south["self_draw"]["legal"] is False and south["self_draw"]["short"] == 1
    main(["analyze", SHANPON, "--rules", "hk-4p"])
    out = capsys.readouterr().out
    assert "1 fan: Closed Hand" in out and "short of" in out
    assert "Short of the 3 fan minimum: 2z on a discard, 2z by self-draw" in out


def test_seat_wind_changes_the_score(capsys: pytest.CaptureFixture[str]) -> None:
    _, result = run_json(capsys, SHANPON, "--rules", "hk-4p", "--seat-wind", "S")
    by_tile = wins(result)
    assert by_tile["1z"]["discard"]["patterns"] == ["closed_hand", "prevailing_wind"]
    assert by_tile["2z"]["discard"]["patterns"] == ["closed_hand", "seat_wind"]


def test_options_apply(capsys: pytest.CaptureFixture[str]) -> None:
    _, result = run_json(capsys, SHANPON, "--rules", "hk-4p", "--option", "min_fan=1")
    assert result["minimum"] == 1
    assert all(w[key]["legal"] for w in result["wins"] for key in ("discard", "self_draw"))


def test_chicken_hand_wins_only_without_a_minimum(capsys: pytest.CaptureFixture[str]) -> None:
    hand = "[123m] 456p789s222s5p"  # a pair wait on 5p with no fan
    _, result = run_json(capsys, hand, "--rules", "hk-fanlaak-0")
    chicken = wins(result)["5p"]["discard"]
    assert chicken["legal"] and chicken["patterns"] == ["chicken_hand"] and chicken["total"] == 0
    _, result = run_json(capsys, hand, "--rules", "hk-fanlaak")
    assert wins(result)["5p"]["discard"]["short"] == 3


def test_hong_kong_has_no_seven_pairs(capsys: pytest.CaptureFixture[str]) -> None:
    pairs = "1122m3344p5566s7z"
    _, hu = run_json(capsys, pairs, "--rules", "hu-4p")
    assert hu["waits"] == ["7z"] and wins(hu)["7z"]["discard"]["patterns"] == ["seven_pairs"]
    _, hk = run_json(capsys, pairs, "--rules", "hk-4p")
    assert hk["forms"] == ["standard", "orphans"] and "pairs" not in hk["shanten_by_form"]
    assert hk["waits"] == [] and "wins" not in hk


@pytest.mark.parametrize(("argv", "fragment"), [
    ([SHANPON, "--rules", "hk-2p"], "23m78s are not in the hk-2p tile set (80 tiles)"),
    (["19m19s1234567p11z", "--rules", "hk-2p", "--visible", "5s"], "--visible: 5s is not in"),
    ([SHANPON, "--rules", "hu-9p"], "hu-9p"),
    ([SHANPON, "--rules", "hk-4p", "--forms", "standard"], "the ruleset fixes the forms"),
    ([SHANPON, "--option", "min_fan=1"], "--option needs --rules"),
    ([SHANPON, "--rules", "hk-4p", "--option", "nonsense=1"], "nonsense"),
    ([SHANPON, "--rules", "hk-4p", "--seat-wind", "Q"], "--seat-wind"),
])
def test_errors_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str], fragment: str) -> None:
    status, result = run_json(capsys, *argv)
    assert status == 2 and fragment in result["error"]
    assert main(["analyze", *argv]) == 2
    assert fragment in capsys.readouterr().err


def test_declared_melds_are_not_live(capsys: pytest.CaptureFixture[str]) -> None:
    # Waits 4p and 7p; three 4p sit in the declared pung, so one 4p is left.
    _, result = run_json(capsys, "[444p] 123m789s11z56p")
    assert result["waits"] == ["4p", "7p"] and result["live"] == 1 + 4


def test_a_kind_held_four_times_is_no_wait(capsys: pytest.CaptureFixture[str]) -> None:
    # 23m waits on 1m or 4m, but all four 1m are in the concealed kong (RULES.md: not ready
    # on a kind whose four tiles are all in the hand and its melds).
    _, result = run_json(capsys, "[[1111m]] 234m789s11z23m")
    assert result["waits"] == ["4m"] and result["live"] == 3


def test_two_player_tiles_are_the_only_live_ones(capsys: pytest.CaptureFixture[str]) -> None:
    kinds = find_ruleset("hk-2p").options.tile_kinds
    assert len(kinds) * 4 == 80
    wall = [t for t in kinds for _ in range(4)]
    rng = random.Random(5)
    for _ in range(40):
        hand = rng.sample(wall, 14)
        text = "".join(tile_to_str(t) for t in sorted(hand))
        status, result = run_json(capsys, text, "--rules", "hk-2p")
        assert status == 0
        for option in result["discards"]:
            improving = parse_tiles("".join(option["improving"]))
            assert set(improving) <= set(kinds)
            # The discard lies in the pond: live = 4 - copies in the 14-tile hand.
            assert option["live"] == sum(4 - hand.count(t) for t in improving)
        thirteen = "".join(tile_to_str(t) for t in sorted(hand[:13]))
        _, ready = run_json(capsys, thirteen, "--rules", "hk-2p")
        shown = parse_tiles("".join(ready["improving"]))
        assert set(shown) <= set(kinds)
        assert ready["live"] == sum(4 - hand[:13].count(t) for t in shown)


def test_ready_only_on_a_kind_held_four_times_is_one_away(
        capsys: pytest.CaptureFixture[str]) -> None:
    # The single 1m waits on the fourth 1m, and the other three are in a declared pung.
    _, result = run_json(capsys, "[111m][222p][333p][444p] 1m", "--rules", "hu-4p")
    assert result["shanten"] == 1 and result["waits"] == []
    # any kind left to draw pairs with a new single: not 1m, 2p, 3p or 4p (one each left
    # is no pair), 4 copies of each of the other 30 kinds
    assert "1m" not in result["improving"] and "2p" not in result["improving"]
    assert len(result["improving"]) == 30 and result["live"] == 120
    _, after_draw = run_json(capsys, "[111m][222p][333p][444p] 1m5z", "--rules", "hu-4p")
    by_tile = {d["tile"]: d for d in after_draw["discards"]}
    assert by_tile["1m"]["shanten"] == 0 and by_tile["5z"]["shanten"] == 1


def test_two_player_terminals_make_no_chows(capsys: pytest.CaptureFixture[str]) -> None:
    # 1111m: the fourth 1m neither pairs nor runs (there is no 2m or 3m in the 80 tiles)
    _, result = run_json(capsys, "111199m3333777z", "--rules", "hk-2p")
    assert result["shanten"] == 2 and result["live"] > 0
    assert "2m" not in result["improving"] and "3z" not in result["improving"]
    _, fourteen = run_json(capsys, "11119999m1111z22z", "--rules", "hk-2p")
    assert fourteen["shanten"] == 2
    assert {d["tile"]: d["shanten"] for d in fourteen["discards"]} == {
        "1m": 2, "9m": 2, "1z": 2, "2z": 3}


def test_no_improving_kind_is_one_that_cannot_be_drawn(
        capsys: pytest.CaptureFixture[str]) -> None:
    # all four 2m are held (three concealed, one in the chow)
    _, result = run_json(capsys, "2224m458p14s5z [123m]")
    assert "2m" not in result["improving"]


def test_a_form_that_needs_no_melds_beside_melds_exits_2(
        capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["analyze", "1122334455m [666p]", "--forms", "pairs", "--json"])
    assert status == 2
    assert "seven pairs and thirteen orphans need a hand without fixed melds" in (
        capsys.readouterr().out)


def test_flowers_and_repeats_count_in_every_win(capsys: pytest.CaptureFixture[str]) -> None:
    """RULES.md: Flower Tile 100 each; the winning dealer's 100 a repeat and every winner's
    4000 at the last repeat, outside the cap.  East triplet at seat E, round E: 1000."""
    status, plain = run_json(capsys, SHANPON, "--rules", "hu-4p")
    status, seated = run_json(capsys, SHANPON, "--rules", "hu-4p", "--flowers", "15f",
                              "--dealer-repeats", "2", "--eighth-repeat")
    assert status == 0
    assert wins(plain)["1z"]["discard"]["total"] == 1000
    east = wins(seated)["1z"]
    assert east["discard"]["total"] == 1000 + 200 + 200 + 4000
    assert east["discard"]["payments"] == {"discarder": 3 * 5400}
    assert east["self_draw"]["total"] == 500 + 5400
    assert (seated["flowers"], seated["dealer_repeats"], seated["eighth_repeat"]) == (
        "15f", 2, True)
    # South alone is patternless on a discard: flowers do not qualify a hand.
    assert wins(seated)["2z"]["discard"]["no_pattern"] is True


@pytest.mark.parametrize(
    ("argv", "named"),
    [(["--rules", "hu-4p", "--flowers", "1m"], "--flowers: 1m is not a flower"),
     (["--rules", "hu-4p", "--flowers", "11f"], "declared twice"),
     (["--rules", "hk-4p", "--flowers", "1f"], "hk-4p plays no flowers"),
     (["--flowers", "1f"], "--flowers needs --rules"),
     (["--rules", "hu-4p", "--dealer-repeats", "9"], "0 to 8"),
     (["--rules", "hu-4p", "--dealer-repeats", "-1"], "-1 is not a repeat count"),
     (["--rules", "hu-4p", "--dealer-repeats", "1", "--seat-wind", "S"], "only the dealer")],
)
def test_bad_flowers_and_repeats_are_named(capsys: pytest.CaptureFixture[str],
                                           argv: list[str], named: str) -> None:
    status, out = run_json(capsys, SHANPON, *argv)
    assert status == 2 and named in out["error"]

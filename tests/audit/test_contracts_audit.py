"""Contract audit: DESIGN.md "Contracts other tools rely on", to the letter.

Black-box checks of ``tingpai replay RECORD [--json]`` on game records (``tingpai-record/1``)
and of ``tingpai score --json``, through :func:`tingpai.cli.main` with a patched stdin.
Records are written by hand here: walls from :func:`tingpai.engine.arrange_wall`, actions as
raw JSON objects, so the replayer's reading of the notation is what is tested.  Each test
quotes the contract line it checks.
"""

from __future__ import annotations

import copy
import io
import json
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from tingpai.cli import main
from tingpai.engine import Match, arrange_wall
from tingpai.engine.record import replay
from tingpai.rules import find_ruleset
from tingpai.tiles import parse_tiles, tiles_to_str, tiles_to_unicode

GOLDEN = Path(__file__).resolve().parent.parent / "golden"
CONFORMANCE = str(Path(__file__).resolve().parent.parent / "conformance")
if CONFORMANCE not in sys.path:
    sys.path.insert(0, CONFORMANCE)

import variants  # noqa: E402,F401  (registers the golden records' test-only rulesets)

# Seat 0 (dealer) discards 5m: seats 1, 2 and 3 can all win on it; seat 1 can also chow.
THREE_RON = {
    0: "5m28m258p258s1234z",
    1: "46m123456789p11s",
    2: "34678m111222z77z",
    3: "46m123456789s99p",
}
# Seat 0 discards 5m: seat 1 can only chow it, seat 3 can only pung it.
CHOW_OR_PUNG = {
    0: "5m28m258p258s1234z",
    1: "46m147p258s1357z6z",
    2: "19m19p19s1234567z",
    3: "557m369p369s2467z",
}
# The dealer's first draw completes its hand: Blessing of Heaven by self-draw.
HEAVEN = "123456789p11s23s"


def wall(rid: str, hands: Mapping[int, str], draws: str = "", *, dealer: int = 0,
         **options: Any) -> str:
    """An arranged wall in text notation."""
    rs = find_ruleset(rid, **options)
    return tiles_to_str(arrange_wall(rs, hands, draws, dealer=dealer), sort=False)


def record(rid: str, *hands: tuple[str, list[dict[str, Any]]], options: Any = None,
           start: Any = None) -> dict[str, Any]:
    """A record from (wall, actions) pairs."""
    rec: dict[str, Any] = {"format": "tingpai-record/1", "rules": rid,
                           "options": {} if options is None else options}
    if start is not None:
        rec["start"] = start
    rec["hands"] = [{"wall": w, "actions": a} for w, a in hands]
    return rec


def a(seat: int, do: str, tile: str | None = None, tiles: str | None = None) -> dict[str, Any]:
    """One raw action object."""
    out: dict[str, Any] = {"seat": seat, "do": do}
    if tile is not None:
        out["tile"] = tile
    if tiles is not None:
        out["tiles"] = tiles
    return out


def cli(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        argv: list[str], stdin: str = "") -> tuple[int, str, str]:
    """Run ``tingpai ARGV`` with ``stdin``; (status, stdout, stderr)."""
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


def replay_json(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                rec: Any, *extra: str) -> tuple[int, dict[str, Any]]:
    """``tingpai replay - --json`` on a record (an object, or raw text)."""
    text = rec if isinstance(rec, str) else json.dumps(rec)
    code, out, err = cli(capsys, monkeypatch, ["replay", "-", "--json", *extra], text)
    assert "Traceback" not in err
    data = json.loads(out)
    assert isinstance(data, dict)
    return code, data


def score_json(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
               obj: Any, raw: str | None = None) -> tuple[int, dict[str, Any]]:
    """``tingpai score --json`` on one input; stdout must be exactly one JSON object."""
    code, out, err = cli(capsys, monkeypatch, ["score", "--json"],
                         json.dumps(obj) if raw is None else raw)
    assert "Traceback" not in err
    assert len(out.strip().splitlines()) == 1
    data = json.loads(out)
    assert isinstance(data, dict)
    return code, data


def three_ron_wall(**options: Any) -> str:
    return wall("hu-4p", THREE_RON, "6z", **options)


def check_totals(data: dict[str, Any], start: list[int]) -> None:
    """Contract: deltas per seat, final scores = start + the sum of every hand's deltas."""
    n = len(start)
    assert len(data["scores"]) == n
    for h in data["hands"]:
        assert h["result"] in ("win", "draw")
        assert len(h["deltas"]) == n and sum(h["deltas"]) == 0
        assert (h["result"] == "win") == bool(h["winners"])
        for w in h["winners"]:
            assert {"seat", "total", "patterns"} <= set(w)
            assert isinstance(w["seat"], int) and isinstance(w["total"], int)
            for p in w["patterns"]:
                assert {"id", "name", "chinese", "pinyin", "value"} <= set(p)
    assert data["scores"] == [
        s + sum(h["deltas"][i] for h in data["hands"]) for i, s in enumerate(start)
    ]


# --- start ---------------------------------------------------------------------------


def test_start_absent_is_a_new_game() -> None:
    """DESIGN: "`start` is optional (default: a new game)"."""
    rec = record("hu-4p", (three_ron_wall(), [a(0, "discard", "5m"), a(1, "ron")]))
    m = replay(rec).match
    h = m.hands[0]
    assert (h.dealer, h.repeats, h.round_wind) == (0, 0, parse_tiles("1z")[0])
    assert h.start_scores == (30000,) * 4


def test_partial_start_fills_the_rest_with_defaults() -> None:
    """DESIGN: `start` {round_wind, dealer, repeats, scores}; "the dealer takes wall[0:13],
    the next seat in turn order wall[13:26]"; a partial start keeps the other defaults."""
    w = wall("hu-4p", {2: HEAVEN}, "4s", dealer=2)
    rec = record("hu-4p", (w, [a(2, "tsumo")]), start={"dealer": 2})
    m = replay(rec).match
    h = m.hands[0]
    assert (h.dealer, h.repeats, h.round_wind) == (2, 0, parse_tiles("1z")[0])
    assert h.start_scores == (30000,) * 4
    assert tiles_to_str(parse_tiles(w)[:13]) == tiles_to_str(parse_tiles(HEAVEN))
    # the dealer won, so it repeats; the game is not over
    assert m.upcoming() == (2, 1, parse_tiles("1z")[0])


def test_start_mid_game_south_round_ends_when_the_last_dealership_passes(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """DESIGN: `start` {"round_wind": "S", "dealer": d, "scores": [...]} starts mid-game;
    RULES: the game ends when the last South dealership passes.  Scores = start + deltas."""
    start = {"round_wind": "S", "dealer": 3, "repeats": 2, "scores": [10000, 20000, 30000, 60000]}
    hands = {3: THREE_RON[0], 0: THREE_RON[1]}
    w = wall("hu-4p", hands, "6z", dealer=3)
    rec = record("hu-4p", (w, [a(3, "discard", "5m"), a(0, "ron")]), start=start)
    code, data = replay_json(capsys, monkeypatch, rec)
    assert code == 0 and data["over"] is True
    check_totals(data, start["scores"])
    assert data["hands"][0]["winners"][0]["seat"] == 0
    # one more hand after the end of the game is an error naming that hand
    rec["hands"].append(rec["hands"][0])
    code, data = replay_json(capsys, monkeypatch, rec)
    assert code == 2 and data["hand"] == 1 and "over" in data["error"]
    # the same start with the dealer winning: it repeats, the game goes on
    w2 = wall("hu-4p", {3: HEAVEN}, "4s", dealer=3)
    code, data = replay_json(capsys, monkeypatch,
                             record("hu-4p", (w2, [a(3, "tsumo")]), start=start))
    assert code == 0 and data["over"] is False
    check_totals(data, start["scores"])


def test_dealership_repeats_and_passes_over_several_hands() -> None:
    """DESIGN: "Seats are player indexes, 0 = the first dealer, fixed for the whole game;
    winds follow the dealer"; RULES: the dealer repeats on a win (+100 per repeat), passes
    when a non-dealer wins."""
    heaven0 = wall("hu-4p", {0: HEAVEN}, "4s")
    rec = record(
        "hu-4p",
        (heaven0, [a(0, "tsumo")]),
        (heaven0, [a(0, "tsumo")]),
        (three_ron_wall(), [a(0, "discard", "5m"), a(1, "ron")]),
        (wall("hu-4p", {1: HEAVEN}, "4s", dealer=1), [a(1, "tsumo")]),
    )
    res = replay(rec)
    assert [(h.dealer, h.repeats) for h in res.match.hands] == [(0, 0), (0, 1), (0, 2), (1, 0)]
    out = res.to_json()
    assert [h["winners"][0]["total"] for h in out["hands"]] == [8000, 8100, 2500, 8000]
    assert out["hands"][1]["deltas"] == [24300, -8100, -8100, -8100]
    check_totals(out, [30000] * 4)


@pytest.mark.parametrize(
    ("rid", "start", "message"),
    [
        ("hu-4p", {"round_wind": "W"}, "round_wind W is not a round"),
        ("hu-4p", {"repeats": 9}, "max_repeats 8"),
        ("hu-3p", {"dealer": 3}, "dealer 3"),
        ("hu-4p", {"scores": [1, 2, 3]}, "3 scores for 4 seats"),
        ("hu-4p", {"dealr": 1}, "unknown key 'dealr'"),
        ("hu-4p", {"dealer": "1"}, "dealer"),
        ("hu-4p", {"round_wind": "X"}, "wind"),
        ("hu-4p", {"scores": [1.5, 2, 3, 4]}, "scores"),
        ("hu-4p", [], "start"),
    ],
)
def test_start_must_be_a_reachable_state(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
    rid: str, start: Any, message: str,
) -> None:
    """DESIGN: malformed record -> exit 2 and {"error": ...}.  Ruling (DESIGN silent): a
    `start` must be a state the game can reach (fixed in record.py: a W start in a two-round
    game and repeats beyond max_repeats used to replay; unknown keys were ignored)."""
    rec = record(rid, start=start)
    code, data = replay_json(capsys, monkeypatch, rec)
    assert code == 2 and message in data["error"] and "hand" not in data


def test_a_start_in_the_west_round_is_fine_for_a_four_round_game() -> None:
    """RULES: Hong Kong plays four rounds, so `start` may name W or N."""
    rec = record("hk-4p", start={"round_wind": "N", "dealer": 3})
    assert replay(rec).to_json()["hands"] == []


# --- options -----------------------------------------------------------------------


def test_options_flowers_false_means_a_136_tile_wall(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """DESIGN: record `options` are the ruleset's; RULES: without flowers 136 tiles; a wall
    that is not the set is a malformed record (exit 2, error names the hand)."""
    w136 = wall("hu-4p", THREE_RON, "6z", flowers=False)
    assert len(parse_tiles(w136)) == 136
    acts = [a(0, "discard", "5m"), a(1, "ron")]
    code, data = replay_json(capsys, monkeypatch,
                             record("hu-4p", (w136, acts), options={"flowers": False}))
    assert code == 0 and data["hands"][0]["result"] == "win"
    code, data = replay_json(capsys, monkeypatch,
                             record("hu-4p", (three_ron_wall(), acts), options={"flowers": False}))
    assert code == 2 and data["hand"] == 0 and "144" in data["error"]


@pytest.mark.parametrize(
    ("options", "rons", "winners"),
    [
        ({}, [1, 2, 3], [1, 2, 3]),
        ({}, [3, 1], [1, 3]),
        ({"multiple_winners": "all"}, [2, 3], [2, 3]),
        ({"multiple_winners": "head_bump"}, [1, 2, 3], [1]),
        ({"multiple_winners": "head_bump"}, [2, 3], [2]),
        ({"multiple_winners": "head_bump"}, [3], [3]),
    ],
)
def test_several_rons_on_one_discard(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
    options: dict[str, Any], rons: list[int], winners: list[int],
) -> None:
    """DESIGN: `ron` by another seat is a claim; RULES: `multiple_winners: all` -> every
    seat that declares wins and the discarder pays each; `head_bump` -> only the first in
    turn order after the discarder.  Seats that did not answer passed."""
    acts = [a(0, "discard", "5m")] + [a(s, "ron") for s in rons]
    code, data = replay_json(capsys, monkeypatch,
                             record("hu-4p", (three_ron_wall(), acts), options=options))
    assert code == 0
    (h,) = data["hands"]
    assert [w["seat"] for w in h["winners"]] == winners
    assert h["deltas"][0] == -sum(h["deltas"][s] for s in winners) < 0
    check_totals(data, [30000] * 4)


# --- passes, implicit and explicit ---------------------------------------------------


def test_implicit_pass_of_an_earlier_seat_when_a_later_seat_pungs() -> None:
    """DESIGN: "After a discard, chow/pung/kong/ron by another seat is a claim; any other
    action by the next seat in turn means everyone passed" -- seat 1 could chow, seat 3
    pungs: seat 1 passed; with both written, the pung has priority."""
    w = wall("hu-4p", CHOW_OR_PUNG, "6z")
    for acts in (
        [a(0, "discard", "5m"), a(3, "pung"), a(3, "discard", "7m")],
        [a(0, "discard", "5m"), a(1, "chow", tiles="456m"), a(3, "pung"), a(3, "discard", "7m")],
        [a(0, "discard", "5m"), a(1, "pass"), a(2, "pass"), a(3, "pung"), a(3, "discard", "7m")],
    ):
        hand = replay(record("hu-4p", (w, acts)), partial=True).match.hands[0]
        assert [m.to_str() for m in hand.melds(3)] == ["pung 555m"] and hand.melds(1) == ()
        assert hand.to_act() == (0,) or hand.phase.value != "turn"
    # seat 1 chows, seat 3 (which could pung) passed by the chower's discard
    acts = [a(0, "discard", "5m"), a(1, "chow", tiles="456m"), a(1, "discard", "1z")]
    hand = replay(record("hu-4p", (w, acts)), partial=True).match.hands[0]
    assert [m.to_str() for m in hand.melds(1)] == ["chow 456m"] and hand.melds(3) == ()


@pytest.mark.parametrize(
    "tiles", ["456m", "654m", "546m", "4m5m6m", "4m 5m 6m", "\U0001F00A\U0001F00B\U0001F00C"]
)
def test_chow_tiles_may_be_written_in_any_order_and_notation(tiles: str) -> None:
    """DESIGN: `chow` (`tiles`: the three tiles, e.g. "345m").  Ruling: any order and any
    tile notation (text or Unicode) names the same chow."""
    w = wall("hu-4p", CHOW_OR_PUNG, "6z")
    acts = [a(0, "discard", "5m"), a(1, "chow", tiles=tiles)]
    hand = replay(record("hu-4p", (w, acts)), partial=True).match.hands[0]
    assert [m.to_str() for m in hand.melds(1)] == ["chow 456m"]


def test_unicode_tile_in_an_action() -> None:
    """RULES: Unicode tiles are accepted: `"tile": "🀄"` is the Red dragon (7z)."""
    w = wall("hu-4p", {0: "5m28m258p258s1234z", 1: "46m147p258s1357z7z"}, "6z")
    for red in ("🀄", "🀄\ufe0e", "7z", " 7z "):
        acts = [a(0, "discard", "5m"), a(1, "discard", red)]
        hand = replay(record("hu-4p", (w, acts)), partial=True).match.hands[0]
        assert hand.pond(1) == (parse_tiles("7z")[0],)


def _with_passes(rec: dict[str, Any], players: int, after: bool) -> dict[str, Any]:
    """Every seat not claiming answers `pass` to every discard, added kong and flower,
    written before (or after) the claims."""
    out = copy.deepcopy(rec)
    claims = {"chow", "pung", "kong", "ron"}
    for h in out["hands"]:
        acts = [x for x in h["actions"] if x["do"] != "pass"]
        new: list[dict[str, Any]] = []
        i = 0
        while i < len(acts):
            x = acts[i]
            new.append(x)
            i += 1
            if x["do"] in ("discard", "akong", "flower"):
                group = []
                while i < len(acts) and acts[i]["do"] in claims:
                    group.append(acts[i])
                    i += 1
                claimers = {c["seat"] for c in group}
                passes = [a((x["seat"] + k) % players, "pass") for k in range(1, players)
                          if (x["seat"] + k) % players not in claimers]
                new.extend(group + passes if after else passes + group)
        h["actions"] = new
    return out


def _strip_passes(rec: dict[str, Any]) -> dict[str, Any]:
    out = copy.deepcopy(rec)
    for h in out["hands"]:
        h["actions"] = [x for x in h["actions"] if x["do"] != "pass"]
    return out


@pytest.mark.parametrize("name", sorted(p.name for p in GOLDEN.glob("*.json")))
def test_explicit_passes_anywhere_legal_replay_identically(name: str) -> None:
    """DESIGN: `pass` is an action; "Draws are implicit" and so are passes.  Passes written
    by every seat (with or without a real choice, in ROBBING too), before or after the
    claims, and records with every pass stripped, all replay to the same result."""
    rec = json.loads((GOLDEN / name).read_text())["record"]
    players = find_ruleset(rec["rules"], **rec["options"]).options.players
    want = replay(rec).to_json()
    assert replay(_strip_passes(rec)).to_json() == want
    assert replay(_with_passes(rec, players, after=False)).to_json() == want
    assert replay(_with_passes(rec, players, after=True)).to_json() == want


def test_a_second_answer_by_one_seat_is_an_error_at_its_index(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """DESIGN: "An illegal action: exit status 2 and {"error", "hand", "action"}" -- a seat
    answers a discard once (fixed: the message named an unrelated rule)."""
    for second in ("pass", "ron"):
        acts = [a(0, "discard", "5m"), a(1, "pass"), a(1, second)]
        code, data = replay_json(capsys, monkeypatch,
                                 record("hu-4p", (three_ron_wall(), acts)))
        assert code == 2 and (data["hand"], data["action"]) == (0, 2)
        assert "already answered" in data["error"]


# --- notation of walls ---------------------------------------------------------------


def test_walls_in_unicode_and_with_spaces_replay_identically() -> None:
    """RULES: "Unicode tiles ... are accepted"; spaces separate freely."""
    w = three_ron_wall()
    tiles = parse_tiles(w)
    acts = [a(0, "discard", "5m"), a(1, "ron")]
    want = replay(record("hu-4p", (w, acts))).to_json()
    spaced = " ".join(tiles_to_str([t]) for t in tiles)
    uni = tiles_to_unicode(tiles, sort=False)
    uni_spaced = " ".join(tiles_to_unicode([t]) for t in tiles)
    lines = "\n".join(tiles_to_str(tiles[i:i + 10], sort=False) for i in range(0, len(tiles), 10))
    for variant in (spaced, uni, uni_spaced, lines):
        assert replay(record("hu-4p", (variant, acts))).to_json() == want


# --- unfinished hands, errors and their indexes --------------------------------------


def test_a_record_stopping_mid_hand(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """DESIGN: per hand `result` is "win" / "draw".  Ruling: an unfinished last hand is an
    error (exit 2, `hand`, `action` = where the next action is missing) unless --partial,
    which reports it as "unfinished"."""
    rec = record("hu-4p", (three_ron_wall(), [a(0, "discard", "5m"), a(1, "pass"),
                                              a(2, "pass"), a(3, "pass")]))
    code, data = replay_json(capsys, monkeypatch, rec)
    assert code == 2 and (data["hand"], data["action"]) == (0, 4)
    assert "unfinished" in data["error"]
    code, data = replay_json(capsys, monkeypatch, rec, "--partial")
    assert code == 0 and data["hands"][0]["result"] == "unfinished"
    assert data["over"] is False


def _game_record() -> dict[str, Any]:
    heaven0 = wall("hu-4p", {0: HEAVEN}, "4s")
    return record(
        "hu-4p",
        (heaven0, [a(0, "tsumo")]),
        (three_ron_wall(), [a(0, "discard", "5m"), a(1, "pass"), a(3, "ron")]),
        (wall("hu-4p", {(s + 1) % 4: h for s, h in CHOW_OR_PUNG.items()}, "6z", dealer=1),
         [a(1, "discard", "5m"), a(2, "pass"), a(3, "pass"), a(2, "discard", "1z")]),
    )


@pytest.mark.parametrize(
    ("hand", "k", "bad", "message"),
    [
        (1, 0, a(1, "discard", "5m"), "turn"),  # wrong seat
        (1, 1, a(2, "chow", tiles="456m"), "chow"),  # seat 2 cannot chow from seat 0
        (1, 3, {"seat": 3, "do": "shout"}, "'do' must be one of"),
        (1, 0, {"seat": 0}, "'do'"),
        (1, 0, {"do": "discard", "tile": "5m"}, "seat"),
        (1, 0, a(0, "discard"), "needs a tile"),
        (1, 0, {"seat": "0", "do": "discard", "tile": "5m"}, "seat"),
        (1, 0, {"seat": True, "do": "discard", "tile": "5m"}, "seat"),
        (1, 0, {"seat": 0, "do": "discard", "tile": 5}, "'tile' must be a string"),
        (1, 0, {"seat": 0, "do": "discard", "tile": "55m"}, "exactly one tile"),
        (1, 0, {"seat": 0, "do": "discard", "tile": "5x"}, "unexpected character 'x'"),
        (1, 0, {"seat": 0, "do": "discard", "tile": "5m", "why": 1}, "unknown keys"),
        (1, 0, a(9, "discard", "5m"), "seat 9"),
        (1, 0, a(0, "discard", "9s"), "9s"),
        (1, 1, a(1, "pung", tile="5m"), "takes no tile"),
        (2, 2, a(3, "ron"), ""),  # seat 3 cannot win on 5m there
        (2, 1, a(0, "chow", tiles="456m"), "chow"),  # only the next seat may chow
        (0, 1, a(1, "discard", "1m"), "over"),  # after the end of the hand
        (0, 1, a(3, "pass"), "over"),  # nothing to answer after a self-draw
        (1, 3, a(1, "discard", "1m"), "over"),  # seat 2 passed, the hand ended on the ron
        (1, 3, a(2, "pass"), None),  # the seat that had not answered the discard passes
    ],
)
def test_illegal_actions_name_their_hand_and_action(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
    hand: int, k: int, bad: dict[str, Any], message: str | None,
) -> None:
    """DESIGN: "An illegal action: exit status 2 and {"error": "...", "hand": h, "action":
    k}" -- unknown `do` words, missing fields, wrong types, a wrong seat, actions after the
    hand ended; indexes are 0-based and point at the offending action."""
    rec = _game_record()
    acts = rec["hands"][hand]["actions"]
    if k < len(acts):
        acts[k] = bad
    else:
        acts.append(bad)
    code, data = replay_json(capsys, monkeypatch, rec, "--partial")
    if message is None:
        assert code == 0
        return
    assert code == 2, data
    assert set(data) == {"error", "hand", "action"}
    assert (data["hand"], data["action"]) == (hand, k)
    assert message in data["error"]


def test_wall_with_a_missing_or_extra_tile(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """DESIGN: `wall`: "every tile of the set, in draw order"; otherwise exit 2 with the
    hand named."""
    rec = _game_record()
    w = rec["hands"][1]["wall"]
    for broken in (w + "1m", tiles_to_str(parse_tiles(w)[:-1], sort=False), w + "q", 5, None):
        bad = copy.deepcopy(rec)
        bad["hands"][1]["wall"] = broken
        code, data = replay_json(capsys, monkeypatch, bad)
        assert code == 2 and data["hand"] == 1 and data["error"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json", "not valid JSON"),
        ("", "not valid JSON"),
        ("[1, 2]", "JSON object"),
        ("5", "JSON object"),
        ("null", "JSON object"),
        ("[" * 50000 + "]" * 50000, "JSON"),  # fixed: RecursionError traceback
        ('{"format": "tingpai-record/2", "rules": "hu-4p", "hands": []}', "format"),
        ('{"rules": "hu-4p", "hands": []}', "format"),
        ('{"format": "tingpai-record/1", "rules": "hu-5p", "hands": []}', "hu-5p"),
        ('{"format": "tingpai-record/1", "rules": 4, "hands": []}', "rules"),
        ('{"format": "tingpai-record/1", "rules": "hu-4p"}', "hands"),
        ('{"format": "tingpai-record/1", "rules": "hu-4p", "hands": {}}', "hands"),
        ('{"format": "tingpai-record/1", "rules": "hu-4p", "hands": [1]}', "hand 0"),
        ('{"format": "tingpai-record/1", "rules": "hu-4p", "options": [], "hands": []}',
         "options"),
        ('{"format": "tingpai-record/1", "rules": "hu-4p", "options": {"flowers": "no"}, '
         '"hands": []}', "flowers"),
        ('{"format": "tingpai-record/1", "rules": "hu-4p", "options": {"bogus": 1}, '
         '"hands": []}', "bogus"),
        ('{"format": "tingpai-record/1", "rules": "hu-4p", "hands": [{"wall": "", '
         '"actions": {}}]}', "actions"),
    ],
)
def test_malformed_records_exit_2_with_an_error_object(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
    text: str, message: str,
) -> None:
    """DESIGN: malformed input -> exit status 2 and {"error": "..."}; never a traceback."""
    code, data = replay_json(capsys, monkeypatch, text)
    assert code == 2 and message in data["error"]


def test_files_that_cannot_be_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """DESIGN: `tingpai replay RECORD`: a missing file, a directory or bytes that are not
    text exit 2 with {"error"}; a UTF-8 byte order mark is accepted (fixed)."""
    binary = tmp_path / "bin.json"
    binary.write_bytes(b"\xff\xfe\x00{")
    for path in (tmp_path / "missing.json", tmp_path, binary):
        code, out, err = cli(capsys, monkeypatch, ["replay", str(path), "--json"])
        assert code == 2 and "error" in json.loads(out) and "Traceback" not in err
        code, out, err = cli(capsys, monkeypatch, ["replay", str(path)])
        assert code == 2 and out == "" and err.startswith("error:")
    bom = tmp_path / "bom.json"
    rec = _game_record()
    bom.write_text("\ufeff" + json.dumps(rec), encoding="utf-8")
    code, out, _ = cli(capsys, monkeypatch, ["replay", str(bom), "--json", "--partial"])
    assert code == 0 and json.loads(out) == replay(rec, partial=True).to_json()


def test_unknown_top_level_and_hand_keys_are_ignored() -> None:
    """Ruling (DESIGN silent): a record may carry metadata (`comment`, a hand's `seed`)."""
    rec = _game_record()
    want = replay(rec, partial=True).to_json()
    rec["comment"] = "from the club night"
    rec["hands"][0]["seed"] = 12
    assert replay(rec, partial=True).to_json() == want


# --- output shape ------------------------------------------------------------------------


def test_replay_json_and_human_output(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """DESIGN: output per hand `result` ("win"/"draw"), `winners` ([{seat, total,
    patterns}]), `deltas` (per seat net change), and the final `scores`; a heavy penalty
    moves points (deltas still sum to 0, scores = start + deltas)."""
    rec = _game_record()
    rec["hands"][2]["actions"] = [*rec["hands"][2]["actions"][:1], a(2, "penalty")]
    rec["hands"][2]["actions"] += [a(2, "pass"), a(3, "pass"), a(2, "discard", "1z")]
    path = tmp_path / "r.json"
    path.write_text(json.dumps(rec))
    code, out, _ = cli(capsys, monkeypatch, ["replay", str(path), "--json", "--partial"])
    data = json.loads(out)
    assert code == 0
    assert [h["result"] for h in data["hands"][:2]] == ["win", "win"]
    assert data["hands"][2]["deltas"] == [4000, 4000, -12000, 4000]
    data["hands"] = [*data["hands"][:2], dict(data["hands"][2], result="draw")]
    check_totals(data, [30000] * 4)
    code, out, _ = cli(capsys, monkeypatch, ["replay", str(path), "--partial"])
    lines = out.splitlines()
    # the human text counts hands from 1, as `tingpai play` does (the JSON from 0)
    assert code == 0 and lines[0].startswith("hand 1:") and "seat 0 wins" in lines[1]
    assert lines[-1].startswith("scores") and "50500 26000 10000 33500" in lines[-1]


# --- round trips with the simulator ----------------------------------------------------


@pytest.mark.parametrize(
    ("rid", "extra"),
    [
        ("hu-4p", []),
        ("hu-3p", ["--bots", "random"]),
        ("hu-2p", []),
        ("hk-4p", ["--option", "rounds=1"]),
        ("hk-2p", ["--option", "rounds=1"]),
        ("hk-fanlaak", ["--option", "rounds=1", "--option", "point_limit=40"]),
        ("hk-fanlaak-0", ["--option", "rounds=1"]),
    ],
)
def test_sim_records_replay_to_the_sims_scores(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
    rid: str, extra: list[str],
) -> None:
    """DESIGN: the record is the full game: `tingpai sim --records DIR` then `tingpai
    replay` reproduces the sim's final scores, with or without explicit passes."""
    code, out, _ = cli(capsys, monkeypatch, ["sim", "--rules", rid, "--games", "1", "--seed",
                                              "3", "--records", str(tmp_path), "--json",
                                              *extra])
    assert code == 0
    report = json.loads(out)
    (path,) = tmp_path.glob("*.json")
    code, out, _ = cli(capsys, monkeypatch, ["replay", str(path), "--json"])
    data = json.loads(out)
    assert code == 0 and data["over"] is True
    assert data["scores"] == [s["mean_score"] for s in report["seats"]]
    start = find_ruleset(rid, **json.loads(path.read_text())["options"]).options.start_points
    check_totals(data, [start] * len(data["scores"]))
    rec = json.loads(path.read_text())
    players = len(data["scores"])
    assert replay(_with_passes(rec, players, after=True)).to_json() == data
    assert replay(_strip_passes(rec)).to_json() == data


def test_a_played_match_with_start_round_trips() -> None:
    """DESIGN: `start` is written by the match and read back by the replayer."""
    import random

    from tingpai.bots import find_bot, play_hand
    from tingpai.engine.match import StartState

    st = StartState.from_json({"round_wind": "S", "dealer": 2, "scores": [1, 2, 3, 119994]})
    m = Match("hu-4p", start=st, rng=random.Random(1))
    bots = [find_bot("greedy", random.Random(i)) for i in range(4)]
    while not m.is_over:
        play_hand(m.next_hand(), bots)
    rec = json.loads(json.dumps(m.record()))
    assert rec["start"]["dealer"] == 2 and rec["start"]["round_wind"] == "S"
    res = replay(rec)
    assert res.scores == m.scores and res.game.over
    assert {h.dealer for h in res.match.hands} <= {2, 3}


# --- tingpai score --json --------------------------------------------------------------

BASE = {"rules": "hu-4p", "concealed": "123s123p789p99p", "melds": ["chow 123m"],
        "win_tile": "9p"}


def with_(**fields: Any) -> dict[str, Any]:
    out = dict(BASE)
    out.update(fields)
    return out


@pytest.mark.parametrize(
    ("obj", "message"),
    [
        (with_(melds="chow 123m"), "melds"),
        (with_(melds=[1]), "melds"),
        (with_(melds=["chow 124m"]), "melds"),
        (with_(melds=["triple 111m"]), "melds"),
        (with_(dealer_repeats=-1), "dealer_repeats"),
        (with_(dealer_repeats="1"), "dealer_repeats"),
        (with_(dealer_repeats=1.0), "dealer_repeats"),
        (with_(dealer_repeats=True), "dealer_repeats"),
        (with_(replacements=["kong", "dragon"]), "replacements"),
        (with_(replacements="kong"), "replacements"),
        (with_(blessing="moon"), "blessing"),
        (with_(win="steal"), "win"),
        (with_(win=1), "win"),
        (with_(flowers=5), "flowers"),
        (with_(flowers=[5]), "flowers"),
        (with_(options=[]), "options"),
        (with_(options={"flowers": "yes"}), "flowers"),
        (with_(options={"bogus": 1}), "bogus"),
        (with_(rules="hu-5p"), "hu-5p"),
        (with_(rules=4), "rules"),
        (with_(concealed=["1s"]), "concealed"),
        (with_(concealed="123x"), "concealed"),
        (with_(win_tile=9), "win_tile"),
        (with_(win_tile="9p9p"), "win_tile"),
        (with_(win_tile="1z"), "win_tile"),
        (with_(seat_wind="X"), "seat_wind"),
        (with_(seat_wind="5z"), "seat_wind"),
        (with_(round_wind=1), "round_wind"),
        (with_(eighth_repeat="true"), "eighth_repeat"),
        (with_(robbing_kong=1), "robbing_kong"),
        (with_(last_tile=None), "last_tile"),
        (with_(extra_field=1), "extra_field"),
        ({k: v for k, v in BASE.items() if k != "win_tile"}, "win_tile"),
        ({k: v for k, v in BASE.items() if k != "concealed"}, "concealed"),
        ({k: v for k, v in BASE.items() if k != "rules"}, "rules"),
        ([BASE], "object"),
        (5, "object"),
        ("x", "object"),
        (None, "object"),
        ({}, "rules"),
    ],
)
def test_score_malformed_input_exits_2(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
    obj: Any, message: str,
) -> None:
    """DESIGN: "Malformed input: exit status 2 and {"error": "..."} on stdout" -- every
    field's type is checked.  Ruling: an unknown field is malformed (it would otherwise be
    a silently ignored typo)."""
    code, data = score_json(capsys, monkeypatch, obj)
    assert code == 2 and set(data) == {"error"} and message in data["error"]


@pytest.mark.parametrize(
    "raw", ["", "{", "not json", "[" * 50000 + "]" * 50000, json.dumps(BASE) * 2]
)
def test_score_unreadable_json_exits_2(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, raw: str
) -> None:
    """DESIGN: malformed input -> exit 2 and {"error"} (fixed: deep nesting crashed)."""
    code, data = score_json(capsys, monkeypatch, None, raw=raw)
    assert code == 2 and set(data) == {"error"}


def _check_score_shape(data: dict[str, Any]) -> None:
    assert isinstance(data["valid"], bool) and isinstance(data["total"], int)
    assert isinstance(data["limit"], bool) and isinstance(data["superseded"], list)
    assert isinstance(data["payments"], dict)
    assert set(data["payments"]) <= {"discarder", "others", "each"}
    for p in data["patterns"]:
        assert {"id", "name", "chinese", "pinyin", "value"} <= set(p)
    assert ("reason" in data) == (not data["valid"])


@pytest.mark.parametrize(
    ("obj", "total", "payments"),
    [
        (BASE, 6500, {"discarder": 19500}),
        ({"rules": "hu-4p", "options": {}, "concealed": "123s123p789p99p",
          "melds": ["chow 123m"], "win_tile": "9p", "win": "discard", "seat_wind": "S",
          "round_wind": "E", "flowers": "5f", "dealer_repeats": 0, "eighth_repeat": False,
          "replacements": [], "robbing_kong": False, "last_tile": False, "blessing": None},
         6600, {"discarder": 19800}),
        (with_(flowers=["5f"]), 6600, {"discarder": 19800}),
        (with_(concealed="🀐🀑🀒🀙🀚🀛🀟🀠🀡🀡🀡", win_tile="🀡"), 6500, {"discarder": 19500}),
        (with_(melds=["[123m]"]), 6500, {"discarder": 19500}),
        ({"rules": "hu-4p", "concealed": "55m", "win_tile": "5m",
          "melds": ["chow 123m", "pung 555p", "kong 1111s", "ckong 7777z"]}, None, None),
        ({"rules": "hk-fanlaak", "concealed": "111222333m55z66z6z", "win_tile": "6z"},
         5, {"discarder": 32, "others": 16}),
        ({"rules": "hk-4p", "concealed": "111222333m55z66z6z", "win_tile": "6z",
          "win": "self-draw"}, None, None),
    ],
)
def test_score_valid_input_and_output_shape(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
    obj: dict[str, Any], total: int | None, payments: dict[str, int] | None,
) -> None:
    """DESIGN: the example input, defaults for every field but rules/concealed/win_tile,
    melds in every notation (`chow`, `pung`, `kong`, `ckong`), Unicode tiles, `flowers`
    (a string; ruling: a list of strings too); output `valid`, `total`, `patterns`
    ({id, name, chinese, pinyin, value}), `superseded`, `limit`, `payments` (keys
    discarder / others / each)."""
    code, data = score_json(capsys, monkeypatch, obj)
    assert code == 0 and data["valid"] is True
    _check_score_shape(data)
    if total is not None:
        assert data["total"] == total and data["payments"] == payments


@pytest.mark.parametrize(
    ("obj", "reason"),
    [
        (with_(concealed="123s123p789p9p"), "tile count"),
        (with_(concealed="123s123p789p999p"), "tile count"),
        ({"rules": "hu-4p", "concealed": "123s123p9p", "melds": ["kong 1111m", "chow 789p"],
          "win_tile": "9p"}, "tile count"),
        (with_(robbing_kong=True, win="self-draw"), "robbing"),
        (with_(blessing="heaven", seat_wind="S", win="self-draw"), "dealer"),
    ],
)
def test_score_invalid_hands_exit_0_with_a_reason(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
    obj: dict[str, Any], reason: str,
) -> None:
    """DESIGN: "An invalid hand is not an error: it is a result with valid = false and a
    reason" -- concealed + melds != 14 tiles (each kong counting 3), a luck flag that
    cannot go with the win."""
    code, data = score_json(capsys, monkeypatch, obj)
    assert code == 0 and data["valid"] is False and reason in data["reason"]
    _check_score_shape(data)


@pytest.mark.parametrize(
    ("obj", "message"),
    [
        (with_(concealed="123s123p789p999p", melds=["pung 999p"]), "9p appears"),
        (with_(concealed="123s12p999p99p", melds=["pung 999p"], win_tile="9p"), "9p appears"),
        (with_(flowers="5m"), "5m is not a flower"),
        (with_(flowers="5f5f"), "5f declared twice"),
    ],
)
def test_score_tiles_the_table_lacks_exit_2(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
    obj: dict[str, Any], message: str,
) -> None:
    """Issue 8 (and score_cmd's rule): tiles the table does not have -- 5+ copies of a kind
    across concealed + melds, a declared "flower" that is not one or is declared twice --
    are malformed input in both forms: exit 2 and {"error"}."""
    code, data = score_json(capsys, monkeypatch, obj)
    assert code == 2 and set(data) == {"error"} and message in data["error"]


def test_score_kong_counts_three() -> None:
    """DESIGN: `concealed` + melds make 14 tiles with each kong counting 3."""
    from tingpai.cli.score_cmd import situation_from_json
    from tingpai.scoring import score

    obj = {"rules": "hu-4p", "concealed": "123s123p99p", "melds": ["kong 1111m", "chow 789p"],
           "win_tile": "9p"}
    assert score(*situation_from_json(obj)).valid


@pytest.mark.parametrize(
    "obj",
    [
        {"rules": "hu-4p", "concealed": "123m456m789m123p55p", "win_tile": "5p",
         "seat_wind": "E", "blessing": "heaven", "win": "discard"},
        {"rules": "hu-4p", "concealed": "123m456m789m123p55p", "win_tile": "5p",
         "blessing": "earth", "win": "discard"},
        {"rules": "hk-4p", "concealed": "123m456m789m123p55p", "win_tile": "5p",
         "blessing": "earth", "win": "self-draw"},
    ],
)
def test_score_blessing_must_match_the_win(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, obj: dict[str, Any]
) -> None:
    """RULES/seeds: Blessing of Heaven is the dealer complete on the initial 14 (a
    self-draw); Hu Blessing of Earth completes "with their first draw"; HK/fan-laak Earth is
    a win "on East's first discard".  A contradictory input must not score the blessing."""
    code, data = score_json(capsys, monkeypatch, obj)
    assert code == 0
    ids = [p["id"] for p in data["patterns"]]
    assert not (data["valid"] and any(i.startswith("blessing") for i in ids))

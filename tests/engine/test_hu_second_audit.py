"""Hu Mahjong as a game-record checker sees it: hand-made records replayed through
:func:`tingpai.replay`, each outcome computed by hand from seed 000 and RULES.md; and the
Python API refusing a hand or a game start the rules cannot reach."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from enginekit import pass_pending, play

from tingpai.engine import Hand, arrange_wall
from tingpai.engine.match import Match, StartState
from tingpai.engine.record import replay
from tingpai.engine.wall import full_set
from tingpai.rules import find_ruleset
from tingpai.tiles import EAST, NORTH, SOUTH, parse_tile, parse_tiles, tiles_to_str


def _wall(rid: str, hands: dict[int, str], draws: str = "", tail: str = "",
          dealer: int = 0) -> str:
    return tiles_to_str(arrange_wall(find_ruleset(rid), hands, draws, tail, dealer=dealer),
                        sort=False)


def _record(rid: str, hands: list[dict[str, Any]], start: dict[str, Any] | None = None,
            **options: Any) -> dict[str, Any]:
    rec: dict[str, Any] = {"format": "tingpai-record/1", "rules": rid, "options": options,
                           "hands": hands}
    if start is not None:
        rec["start"] = start
    return rec


def _act(text: str) -> dict[str, Any]:
    seat, do, *rest = text.split()
    out: dict[str, Any] = {"seat": int(seat), "do": do}
    if rest:
        out["tiles" if do == "chow" else "tile"] = rest[0]
    return out


# --- the pond limit at its default, notwithstanding a call ----------------------------

def _pond_limit_hand() -> Hand:
    """hu-4p, limit 18.  Seat 2 pungs seat 0's first discard (East); then every seat
    discards what it draws.  Seat 0's 18th draw (head draw 66: seat 0 draws 0, then every
    fourth draw from 2, the turn order 3 0 1 2 after the pung) is 6s, which seat 2 waits on.
    Seat 3 holds 66s.  Flowers and the other 6s/9s lie at the end of the wall, never
    drawn."""
    rs = find_ruleset("hu-4p")
    hands = {0: "1z123m456m789m11p4p", 1: "147m258p369s2345z",
             2: "1z1z123s345s78s99p5m", 3: "147p258s369m66s45z"}
    dealt = [t for s in range(4) for t in parse_tiles(hands[s])]
    pool = Counter(full_set(rs))
    pool.subtract(Counter(dealt + parse_tiles("5p6s")))
    late_kinds = set(parse_tiles("6s9s"))
    late = [t for t in pool.elements() if t >= 34 or t in late_kinds]
    rest = sorted(t for t in pool.elements() if not (t >= 34 or t in late_kinds))
    random.Random(5).shuffle(rest)
    wall = dealt + parse_tiles("5p") + rest[:65] + parse_tiles("6s") + rest[65:] + late
    hand = Hand(rs, wall)
    play(hand, "0 discard 1z", "2 pung", "2 discard 5m")
    while len(hand.pond(0)) < 18:
        pass_pending(hand)
        play(hand, f"{hand.actor} cut")
    return hand


def test_default_pond_limit_counts_the_called_tile_and_the_last_discard() -> None:
    hand = _pond_limit_hand()
    # Seat 0's 18 discards include the East seat 2 called: the hand stops at its 18th.
    assert [len(hand.pond(s)) for s in range(4)] == [18, 16, 17, 17]
    assert hand.claim_tile == parse_tile("6s") and hand.to_act() == (2,)
    assert {a.kind.value for a in hand.legal_actions(2)} == {"pass", "ron"}
    record = hand.record()
    actions = record["actions"]
    assert isinstance(actions, list)
    # Nobody wins it: exhaustive draw, seats 0 (3p/6p) and 2 (6s/9s) are ready.
    drawn = replay(_record("hu-4p", [record])).to_json()["hands"][0]
    assert drawn == {"result": "draw", "winners": [], "deltas": [2000, -2000, 2000, -2000]}
    # Seat 2 wins it: prevalent-wind East pung 500 + Last Discard 1000, x3 from seat 0.
    won_record = {**record, "actions": [*actions, _act("2 ron")]}
    won = replay(_record("hu-4p", [won_record])).to_json()["hands"][0]
    (w,) = won["winners"]
    assert (w["seat"], w["total"]) == (2, 1500)
    assert {p["id"] for p in w["patterns"]} == {"value_triplet", "last_tile"}
    assert won["deltas"] == [-4500, 0, 4500, 0]


def test_a_pung_on_the_default_limit_discard_is_refused_by_replay() -> None:
    record = _pond_limit_hand().record()
    actions = record["actions"]
    assert isinstance(actions, list)
    bad = {**record, "actions": [*actions, _act("3 pung")]}
    with pytest.raises(ValueError, match="reached the pond limit: it can only be won on"):
        replay(_record("hu-4p", [bad]))


# --- last draw on a flower replacement ------------------------------------------------

def test_last_draw_includes_a_flower_replacement_at_limit_minus_one() -> None:
    # pond_limit 2: seat 0's pond holds 1 at its second turn, so every draw of that turn,
    # the flower replacement included, is the last draw.  123m456m789m 11p + 45p waits 3p.
    wall = _wall("hu-4p", {0: "123m456m789m11p4p7z", 1: "147m258p369s1234z",
                           2: "147p258s369m1234z", 3: "258m147s369p5566z"},
                 draws="5p" "6z" "6z" "7z" "1f", tail="3p")
    rec = _record("hu-4p", [{"wall": wall, "actions": [
        _act("0 discard 7z"), _act("1 discard 6z"), _act("2 discard 6z"),
        _act("3 discard 7z"), _act("0 flower 1f"), _act("0 tsumo")]}], pond_limit=2)
    (w,) = replay(rec).to_json()["hands"][0]["winners"]
    # last_tile 1000 + after a flower 500 + fully concealed 500 + pure straight 2000
    # + all sequences 500 + flower 100 = 4600 base, 13800 in all.
    assert {p["id"]: p["value"] for p in w["patterns"]} == {
        "all_sequences": 500, "fully_concealed": 500, "pure_straight": 2000,
        "after_a_kong": 500, "last_tile": 1000, "flower_tile": 100}
    assert w["total"] == 4600


# --- robbing the kong: the konger pays x3 / x2.5 --------------------------------------

@pytest.mark.parametrize(("rid", "paid"), [("hu-4p", 10500), ("hu-3p", 8750)])
def test_robbing_the_kong_is_paid_by_the_konger(rid: str, paid: int) -> None:
    n = find_ruleset(rid).options.players
    hands = {0: "55p147m258m369s12z", 1: "5p19m19p19s234567z", 2: "123s456s789s11m46p"}
    draws = "7z7z6z6z" + ("6z" if n == 4 else "") + "5p"
    actions = ["0 discard 7z", "1 discard 5p", "0 pung", "0 discard 2z", "1 discard 6z",
               "2 discard 6z", *(["3 discard 6z"] if n == 4 else []), "0 akong 5p", "2 ron"]
    out = replay(_record(rid, [{"wall": _wall(rid, hands, draws),
                                "actions": [_act(a) for a in actions]}])).to_json()
    hand = out["hands"][0]
    (w,) = hand["winners"]
    # Pure Straight 2000 + All Sequences 500 + Robbing the Kong 1000 = 3500.
    assert (w["seat"], w["total"], w["win"], w["from"]) == (2, 3500, "robbing-kong", 0)
    assert hand["deltas"][0] == -paid and hand["deltas"][2] == paid


# --- multiple winners at the eighth repeat, the dealer among them ---------------------

def test_two_winners_at_the_eighth_repeat_and_the_rotation_after_it() -> None:
    hands = {0: "123m456m789m11p45p", 1: "3p1z1z2z2z3z3z4z4z5z5z6z6z",
             2: "123s456s789s55p12p"}
    wall = _wall("hu-4p", hands, draws="7z7z")
    first = {"wall": wall, "actions": [_act("0 discard 7z"), _act("1 discard 3p"),
                                       _act("0 ron"), _act("2 ron")]}
    out = replay(_record("hu-4p", [first], start={"dealer": 0, "repeats": 8}))
    totals = {w["seat"]: w["total"] for w in out.to_json()["hands"][0]["winners"]}
    # Both: Pure Straight + All Sequences 2500, + 4000 at the eighth repeat; the dealer
    # also 8 x 100.  Seat 1 pays both x3.
    assert totals == {0: 7300, 2: 6500}
    assert out.to_json()["hands"][0]["deltas"] == [21900, -41400, 19500, 0]
    # The dealer won, yet the eighth repeat's hand passes the dealership.
    assert out.match.upcoming() == (1, 0, EAST)


# --- 2 players: the final dealer wins and leads -----------------------------------------

def test_two_player_final_dealer_must_lead_after_the_win() -> None:
    wall = _wall("hu-2p", {1: "123m456m789m11p45p"}, draws="3p", dealer=1)
    heaven = {"wall": wall, "actions": [_act("1 tsumo")]}
    start = {"round_wind": "S", "dealer": 1, "scores": [50000, 30000]}
    # Heaven 8000 then 8100 (one repeat): still behind after the first, ahead after the
    # second, when the game ends at once.
    out = replay(_record("hu-2p", [heaven, heaven], start=start))
    assert out.scores == (33900, 46100) and out.game.over and out.game.winner == 1
    with pytest.raises(ValueError, match="game is over"):
        replay(_record("hu-2p", [heaven, heaven, heaven], start=start))


# --- the Python API refuses what no game reaches --------------------------------------

@pytest.mark.parametrize(
    ("kwargs", "word"),
    [({"repeats": -1}, "repeats"), ({"round_wind": 0}, "round_wind"),
     ({"round_wind": 99}, "round_wind"), ({"dealer": True}, "dealer")],
)
def test_hand_refuses_a_bad_repeat_count_wind_or_dealer(kwargs: dict[str, Any],
                                                        word: str) -> None:
    with pytest.raises(ValueError, match=word):
        Hand("hu-4p", seed=1, **kwargs)


@pytest.mark.parametrize(
    ("start", "word"),
    [(StartState(repeats=9), "max_repeats"), (StartState(repeats=-2), "repeats"),
     (StartState(round_wind=NORTH), "round_wind N")],
)
def test_match_refuses_a_start_the_game_cannot_reach(start: StartState, word: str) -> None:
    with pytest.raises(ValueError, match=word):
        Match("hu-4p", start=start)


def test_match_accepts_the_last_reachable_start() -> None:
    m = Match("hu-4p", start=StartState(round_wind=SOUTH, dealer=3, repeats=8))
    assert m.upcoming() == (3, 8, SOUTH)

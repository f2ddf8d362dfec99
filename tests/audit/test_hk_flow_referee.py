"""AUDIT: whole Hong Kong games (hk-4p, hk-2p, hk-fanlaak) held to an independent referee.

The referee (:mod:`tests.audit.hkreferee`) re-derives the flow from seeds/001, seeds/002,
RULES.md and DESIGN.md's record contract: the tile set and the deal, draws from the head and
replacements from the tail, exhaustive draw exactly when a draw is due and no tile is left,
the legality of every action (chow only from the left / the opponent, win > pung/kong >
chow, head bump, sacred discard only with the option), the minimum fan, payments (discarder
pays all, self-draw split, pao, robbing paid by the konger), dealership, rounds, the
fan-laak point limit and ``max_hands``, and zero-sum running scores.  Only the single-hand
scorer is borrowed from the engine, fed with the referee's own situation.

The driver (:mod:`tests.audit.hkflow`) plays bot games through ``tingpai.Match``, compares
``observe(seat).legal`` with the referee's legal set at every decision point, each hand's
result with the referee's, and then walks the record again with a fresh referee against
``tingpai.replay``.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

import tingpai
from tingpai.engine import Hand, arrange_wall
from tingpai.rules import find_ruleset

from .hkflow import check_record, clumpy_wall, play_checked
from .hkreferee import (
    Config,
    GameRef,
    HandRef,
    RefereeError,
    Stats,
    parse_tiles,
    tile_set,
    win_payments,
)
from .test_hk_audit_round3 import (
    CHOW4_HANDS,
    CHOW4_SCRIPT,
    DRAGON_KONG_HANDS,
    DRAGON_KONG_SCRIPT,
    play,
)

# ------------------------------------------------------------------------------ the referee


def test_tile_sets() -> None:
    """seed 001: 136 tiles; two players: 80, ranks 2-8 of bamboo and characters removed."""
    four, two = tile_set(4), tile_set(2)
    assert sum(four.values()) == 136 and sum(two.values()) == 80
    assert set(two) == set(parse_tiles("19m123456789p19s1234567z"))
    for rid, n in (("hk-4p", 136), ("hk-2p", 80), ("hk-fanlaak", 136)):
        m = tingpai.Match(rid, seed=5)
        m.to_act()
        assert m.hand is not None and len(m.hand.wall) == n


@pytest.mark.parametrize(("rid", "fan", "winner", "payer", "liable", "deltas"), [
    # hk-4p half-spicy: 5 fan by discard 96, self-draw 48 each
    ("hk-4p", 5, 1, 3, None, [0, 96, 0, -96]),
    ("hk-4p", 5, 1, None, None, [-48, 144, -48, -48]),
    # fourth-meld pao: self-draw total alone; a discard win is ordinary
    ("hk-4p", 8, 1, None, (frozenset({"fourth"}), 0), [-384, 384, 0, 0]),
    ("hk-4p", 8, 1, 2, (frozenset({"fourth"}), 0), [0, 256, -256, 0]),
    # dragon pao: the liable player pays instead of the discarder
    ("hk-4p", 8, 1, 2, (frozenset({"dragon"}), 3), [0, 256, 0, -256]),
    # cap 10
    ("hk-4p", 13, 0, None, None, [768, -256, -256, -256]),
    # hk-2p golden: discard column; self-draw 3 x the self-draw column
    ("hk-2p", 3, 0, 1, None, [32, -32]),
    ("hk-2p", 10, 1, None, None, [-768, 768]),
    # fan-laak: 3 fan = 8 points: 8+8+16 by discard, 16 x 3 self-drawn
    ("hk-fanlaak", 3, 0, 2, None, [32, -8, -16, -8]),
    ("hk-fanlaak", 3, 0, None, None, [48, -16, -16, -16]),
    ("hk-fanlaak", 12, 0, None, None, [384, -128, -128, -128]),
])
def test_referee_payments(rid: str, fan: int, winner: int, payer: int | None,
                          liable: tuple[frozenset[str], int] | None, deltas: list[int]) -> None:
    cfg = Config.of(rid, {"pao": True})
    assert win_payments(cfg, fan, winner, payer, liable) == deltas


def _hand_record(hand: Hand) -> dict[str, Any]:
    rec = hand.record()
    return {"wall": rec["wall"], "actions": rec["actions"]}


def referee_hand(rid: str, options: dict[str, Any], hand_rec: dict[str, Any]) -> HandRef:
    h = HandRef(Config.of(rid, options), parse_tiles(hand_rec["wall"]), 0, 0, "hand")
    for d in hand_rec["actions"]:
        h.feed(d)
    h.end_of_record()
    return h


@pytest.mark.parametrize(("pao", "deltas"), [(True, [-384, 384, 0, 0]),
                                             (False, [-128, 384, -128, -128])])
def test_referee_on_a_hand_worked_fourth_meld_pao(pao: bool, deltas: list[int]) -> None:
    """The round-3 hand-worked case (a chow as the fourth meld, then self-draw)."""
    rs = find_ruleset("hk-4p", pao=pao)
    hand = play(Hand(rs, arrange_wall(rs, CHOW4_HANDS, "8s8m2s3s7s8s4s8m6p7p9p", "")),
                *CHOW4_SCRIPT)
    h = referee_hand("hk-4p", {"pao": pao}, _hand_record(hand))
    assert [(w.seat, w.total) for w in h.wins] == [(1, 8)]
    assert h.deltas == deltas


@pytest.mark.parametrize(("pao", "deltas"), [(True, [0, 256, 0, -256]),
                                             (False, [-256, 256, 0, 0])])
def test_referee_on_a_hand_worked_dragon_pao(pao: bool, deltas: list[int]) -> None:
    rs = find_ruleset("hk-4p", pao=pao)
    hand = play(Hand(rs, arrange_wall(rs, DRAGON_KONG_HANDS, "8s8m2s3s7s2s", "3s")),
                *DRAGON_KONG_SCRIPT)
    h = referee_hand("hk-4p", {"pao": pao}, _hand_record(hand))
    assert h.deltas == deltas


@pytest.fixture(scope="module")
def short_game() -> dict[str, Any]:
    return play_checked("hk-4p", {"min_fan": 0, "max_hands": 6}, ["grabby", "expert"], 3,
                        Stats(), clumpy=True)


def test_referee_refuses_an_extra_or_a_missing_hand(short_game: dict[str, Any]) -> None:
    cfg = Config.of("hk-4p", {"min_fan": 0, "max_hands": 6})
    longer = copy.deepcopy(short_game)
    longer["hands"].append(longer["hands"][-1])
    with pytest.raises(RefereeError, match="already over"):
        GameRef(cfg).check_record(longer)
    with pytest.raises(ValueError):  # the replayer refuses it too (RULES.md "Records")
        tingpai.replay(longer)
    shorter = copy.deepcopy(short_game)
    shorter["hands"].pop()
    with pytest.raises(RefereeError, match="not over"):
        GameRef(cfg).check_record(shorter)


def test_referee_refuses_tampered_actions(short_game: dict[str, Any]) -> None:
    """Each tampering is caught: a chow moved to a seat not on the discarder's left, a
    discard by a seat whose turn it is not, a discard of a tile nobody could hold."""
    cfg = Config.of("hk-4p", {"min_fan": 0, "max_hands": 6})
    GameRef(cfg).check_record(short_game)
    tampered = 0
    for k, hr in enumerate(short_game["hands"]):
        for i, d in enumerate(hr["actions"]):
            changes: list[dict[str, Any]] = []
            if d["do"] == "chow":
                changes.append({"seat": (d["seat"] + 1) % 4})
            if d["do"] == "discard" and i % 7 == 0:
                changes.append({"seat": (d["seat"] + 2) % 4})
                changes.append({"do": "ckong"})  # nobody holds four of a discarded tile
            for change in changes:
                bad = copy.deepcopy(short_game)
                bad["hands"][k]["actions"][i].update(change)
                with pytest.raises(RefereeError):
                    GameRef(cfg).check_record(bad)
                tampered += 1
    assert tampered >= 10


# ------------------------------------------------------------------------------ the engine

GAMES: list[tuple[str, dict[str, Any], list[str], bool | str]] = [
    # whole games (four rounds), the rulesets' defaults
    ("hk-4p", {"rounds": 2}, ["value", "expert"], False),
    ("hk-2p", {}, ["expert", "value"], False),
    ("hk-2p", {"min_fan": 0}, ["greedy", "grabby"], True),
    ("hk-fanlaak", {"rounds": 1}, ["expert", "value", "greedy", "value"], False),
    ("hk-4p", {"rounds": 1, "min_fan": 0}, ["grabby", "greedy"], True),
    # options: pao off / on, every winner, sacred discard, full spicy, point limit
    ("hk-4p", {"pao": False, "max_hands": 10}, ["grabby", "expert"], True),
    ("hk-4p", {"multiple_winners": "all", "min_fan": 1, "max_hands": 10},
     ["grabby", "expert", "value", "grabby"], True),
    ("hk-4p", {"furiten": True, "min_fan": 0, "max_hands": 10}, ["grabby", "greedy"], False),
    ("hk-4p", {"payment_table": "full-spicy", "max_hands": 8}, ["grabby", "expert"], True),
    ("hk-2p", {"pao": True, "max_hands": 12}, ["grabby", "expert"], True),
    ("hk-fanlaak", {"point_limit": 120, "min_fan": 0, "stake": 5, "start_points": 500},
     ["grabby", "value"], True),
    ("hk-4p", {"max_hands": 8}, ["grabby", "expert"], "dragons"),
    ("hk-fanlaak", {"max_hands": 8, "pao": True}, ["grabby", "expert"], "dragons"),
    ("hk-fanlaak", {"pao": True, "multiple_winners": "all", "min_fan": 0, "max_hands": 10},
     ["grabby"], True),
    ("hk-fanlaak", {"min_fan": 0, "max_hands": 12}, ["random", "grabby"], False),
]


@pytest.mark.parametrize(("rid", "options", "bots", "clumpy"), GAMES,
                         ids=[f"{g[0]}-{i}" for i, g in enumerate(GAMES)])
def test_bot_games_follow_the_referee(rid: str, options: dict[str, Any], bots: list[str],
                                      clumpy: bool | str) -> None:
    stats = Stats()
    for seed in (1, 2):
        play_checked(rid, options, bots, seed, stats, clumpy=clumpy)
    assert stats.games == 2 and stats.hands >= 2
    assert stats.decisions > 100


def test_the_record_alone_is_checked_too() -> None:
    """A record produced elsewhere (Match with auto-deal and bots) walks cleanly."""
    m = tingpai.Match("hk-fanlaak", {"max_hands": 5}, seed=11)
    bots = [tingpai.find_bot("expert", random.Random(s)) for s in range(4)]
    while not m.is_over:
        s = m.to_act()[0]
        m.apply(bots[s].act(m.observe(s)))
    stats = Stats()
    check_record(m.record(), stats)
    assert stats.hands == 5


def test_clumpy_walls_are_legal() -> None:
    rng = random.Random(4)
    for n in (2, 4):
        wall = clumpy_wall(n, rng)
        assert sorted(wall) == sorted(tile_set(n).elements())


SLOW_GAMES: list[tuple[str, dict[str, Any], list[str], bool | str]] = [
    ("hk-4p", {}, ["value", "expert", "greedy", "random"], False),
    ("hk-4p", {"max_hands": 16}, ["grabby", "expert", "value"], True),
    ("hk-4p", {"pao": False, "min_fan": 0, "max_hands": 16}, ["grabby"], True),
    ("hk-4p", {"multiple_winners": "all", "min_fan": 0, "max_hands": 16},
     ["grabby", "greedy"], True),
    ("hk-4p", {"furiten": True, "min_fan": 1, "max_hands": 16}, ["grabby", "value"], True),
    ("hk-2p", {}, ["expert", "greedy"], False),
    ("hk-2p", {"min_fan": 0, "max_hands": 16}, ["grabby", "random"], True),
    ("hk-fanlaak", {"max_hands": 16}, ["value", "expert", "greedy", "value"], False),
    ("hk-fanlaak", {"point_limit": 150, "pao": True}, ["grabby", "expert"], True),
    ("hk-4p", {"max_hands": 12}, ["grabby", "expert"], "dragons"),
    ("hk-fanlaak", {"max_hands": 12, "pao": True, "multiple_winners": "all"},
     ["expert", "grabby"], "dragons"),
    ("hk-fanlaak", {"min_fan": 0, "max_hands": 16, "multiple_winners": "all",
                    "furiten": True}, ["grabby", "greedy"], True),
]


@pytest.mark.slow
def test_many_bot_games_follow_the_referee() -> None:
    stats = Stats()
    for rid, options, bots, clumpy in SLOW_GAMES:
        for seed in range(10, 15):
            play_checked(rid, options, bots, seed, stats, clumpy=clumpy)
    assert stats.games == 5 * len(SLOW_GAMES)
    assert stats.wins > 200 and stats.draws > 20
    for event in ("liability fourth", "liability dragon", "pao-liable-winner", "competing claims",
                  "several rons", "claim on the final discard", "game end: max_hands",
                  "game end: last round", "game end: point limit", "dealer repeats",
                  "deal passes"):
        assert stats.specials[event] > 0, (event, stats.specials)

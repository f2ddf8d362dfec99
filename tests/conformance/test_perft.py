"""A perft-like exhaustive count (in the spirit of python-chess's perft) for every ruleset.

From fixed deals (arranged walls, some with a scripted opening), every legal action sequence
is walked to a fixed depth.  At every node the engine's legal actions of every seat, and the
seats it asks to act, are compared with :mod:`brute`, a move generator written from the rules
that reads only the public state and each seat's concealed tiles; after every action
:func:`brute.advance` checks what the engine did (who plays next, which tile was drawn from
which end of the wall, who won).  The counts of sequences per depth are recorded below as
perft tables are; a ruleset without a recorded table (a newly registered one) is still walked
and checked node by node.

A node's actions are those of every seat that must act (in CLAIMS each of them may answer
first), so the count is the number of action sequences ``Hand.apply`` accepts.

Deals use tiles every built-in set has (dots, honours, the 1 and 9 of characters and
bamboo), so each deal runs on every table with enough seats; seats a table lacks are left
out.  A deal that sets an option runs on the rulesets that accept it; the flower deal runs on
tables with bonus tiles.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import brute
import pytest

import tingpai
from tingpai.engine import Action, ActionKind, Hand, Phase, arrange_wall
from tingpai.rules.registry import ruleset_spec
from tingpai.tiles import NUM_KINDS, tile_to_str

ANSWERS = frozenset({ActionKind.PASS, ActionKind.CHOW, ActionKind.PUNG, ActionKind.KONG,
                     ActionKind.RON})
"""Actions that answer a claimable tile (DESIGN.md, records)."""

Prefix = Callable[[Hand], tuple[str, ...] | None]
"""The next scripted actions of a deal's opening given the hand so far (None: done)."""


@dataclass(frozen=True)
class Deal:
    """A fixed deal: seats' hands (seats a table lacks are dropped), head draws after the
    deal, tail (replacement) tiles in draw order, an opening script and the walk depth."""

    hands: Mapping[int, str]
    draws: str = ""
    tail: str = ""
    opening: tuple[str, ...] = ()
    """Record-style actions applied before the count (pending seats pass first)."""
    play_until: Prefix | None = None
    """Further opening actions chosen from the position (e.g. cut to the end of the wall)."""
    options: Mapping[str, Any] = field(default_factory=dict)
    depth: int = 3
    needs_bonus: bool = False


def _near_the_end(hand: Hand) -> tuple[str, ...] | None:
    """Discard each drawn tile (declaring drawn flowers) until the hand is a few actions
    from its end: the wall nearly empty, or the seat in turn one discard from the pond
    limit."""
    assert hand.phase is Phase.TURN and hand.actor is not None
    s = hand.actor
    limit = hand.ruleset.options.pond_limit
    following = (s + 1) % hand.players
    if hand.wall_left <= 2 or (limit is not None and len(hand.pond(following)) >= limit - 1):
        return None
    drawn = hand.observe(s).drawn
    assert drawn is not None
    word = "flower" if drawn >= NUM_KINDS else "discard"
    return (f"{s} {word} {tile_to_str(drawn)}",)


DEALS: dict[str, Deal] = {
    # Dealer: four East (concealed kong), 5p 6p 7p, 99p, 2z, 33z, 6z, draws 5z.  Seat 1
    # (the chow seat) chows 6p/7p and pungs 3z/9p; seat 2 pungs or wins on 6z
    # (222p 333p 444p 66z 77z); seat 3 pungs 2z and pungs or kongs 5p.
    "calls": Deal(
        {0: "1111z567p99p2z33z6z", 1: "33z44z99p78p111m99s", 2: "222p333p444p66z77z",
         3: "555p1m9m1s9s22z88p6p7z"},
        draws="5z", depth=3,
    ),
    # The same deal with the pond limit at 1: the dealer's first discard is the last, and
    # can only be won on (no pung, kong or chow), then the hand is an exhaustive draw.
    "pond_limit": Deal(
        {0: "1111z567p99p2z33z6z", 1: "33z44z99p78p111m99s", 2: "222p333p444p66z77z",
         3: "555p1m9m1s9s22z88p6p7z"},
        draws="5z", options={"pond_limit": 1}, depth=3,
    ),
    # Seat 1 pungs the dealer's 5p holding three, so it may add its fourth at once.  Seats
    # 2 (46p) and 3 (34p) wait on 5p and may rob that kong (seat 2 only by robbing: 2 fan
    # otherwise at Hong Kong tables); so may the dealer (46p, after throwing its 5p), except
    # where its own 5p makes it furiten.
    "robbing": Deal(
        {0: "5p46p222z555z111m7z", 1: "555p23p78p99m33z44z", 2: "46p111s999s666z11z",
         3: "34p999p777p888p44z"},
        draws="7z", tail="6p", opening=("0 discard 5p", "2 pass", "3 pass", "1 pung"),
        depth=4,
    ),
    # The same with temporary furiten: the seats that let the 5p discard go by may not rob
    # the kong of 5p before their next discard.
    "robbing_temporary_furiten": Deal(
        {0: "5p46p222z555z111m7z", 1: "555p23p78p99m33z44z", 2: "46p111s999s666z11z",
         3: "34p999p777p888p44z"},
        draws="7z", tail="6p", opening=("0 discard 5p", "2 pass", "3 pass", "1 pung"),
        options={"temporary_furiten": True}, depth=3,
    ),
    # Dealer: 1111p 9999p 33z 777z, draws 4z; two concealed kongs draw 3z then 4z from the
    # tail: a win on the second replacement (Win after Consecutive Kongs / After a Kong).
    "kongs": Deal(
        {0: "1111p9999p33z777z"}, draws="4z", tail="3z4z5z", depth=3,
    ),
    # Seat 1 kongs the dealer's 5z and completes 123p 456p 789p 99m on the replacement 9p:
    # at the Hong Kong tables the replacement's fan is the third (White 1 + Self-Draw 1).
    # A pung instead gives a turn without a draw.
    "kong_replacement": Deal(
        {0: "5z1m9m1s9s1p4p7p2z3z4z6z7z", 1: "555z123p456p78p99m"},
        draws="1z", tail="9p", depth=3,
    ),
    # The dealer is complete on its first fourteen (123p 789p 111m 999s 44z): at the Hong
    # Kong tables only Blessing of Heaven makes it a win.  Seat 1 holds seven pairs but one
    # and waits on 2p: a win where Seven Pairs is a form (Hu), nothing at Hong Kong tables.
    "blessings": Deal(
        {0: "123p789p111m999s4z", 1: "11p44p77p11z33z99m2p"}, draws="4z", depth=3,
    ),
    # Dealer: two flowers and draws a third; the three replacements 1z 3z 3z complete
    # 123p 456p 789p 111z 33z (Blessing of Heaven after flower replacements).
    "flowers": Deal(
        {0: "12f123p456p789p11z"}, draws="5f", tail="1z3z3z", depth=4, needs_bonus=True,
    ),
    # Every seat cuts until a few actions before the end (the pond limit at Hu tables, the
    # wall's end at Hong Kong tables): the dealer waits on 7z, the final wall tile.
    "the_end": Deal(
        {0: "123p456p789p111z7z"}, tail="7z", play_until=_near_the_end, depth=3,
    ),
}


# --- recorded counts --------------------------------------------------------------------

EXPECTED: dict[tuple[str, str], tuple[int, ...]] = {
    ("blessings", "hk-2p"): (10, 55, 352),
    ("blessings", "hk-4p"): (10, 49, 547),
    ("blessings", "hk-fanlaak"): (10, 49, 547),
    ("blessings", "hk-fanlaak-0"): (10, 49, 537),
    ("blessings", "hu-2p"): (10, 49, 302),
    ("blessings", "hu-3p"): (10, 49, 521),
    ("blessings", "hu-4p"): (10, 49, 521),
    ("calls", "hk-2p"): (10, 52, 296),
    ("calls", "hk-4p"): (10, 40, 199),
    ("calls", "hk-fanlaak"): (10, 40, 199),
    ("calls", "hk-fanlaak-0"): (10, 40, 199),
    ("calls", "hu-2p"): (10, 58, 345),
    ("calls", "hu-3p"): (10, 53, 270),
    ("calls", "hu-4p"): (10, 42, 220),
    ("flowers", "hu-2p"): (13, 164, 1872, 21571),
    ("flowers", "hu-3p"): (13, 152, 1364, 14360),
    ("flowers", "hu-4p"): (13, 142, 1294, 13126),
    ("kong_replacement", "hk-2p"): (14, 113, 1421),
    ("kong_replacement", "hk-4p"): (14, 113, 1322),
    ("kong_replacement", "hk-fanlaak"): (14, 113, 1322),
    ("kong_replacement", "hk-fanlaak-0"): (14, 113, 1322),
    ("kong_replacement", "hu-2p"): (14, 113, 1432),
    ("kong_replacement", "hu-3p"): (14, 113, 1322),
    ("kong_replacement", "hu-4p"): (14, 113, 1322),
    ("kongs", "hk-2p"): (7, 56, 437),
    ("kongs", "hk-4p"): (7, 70, 779),
    ("kongs", "hk-fanlaak"): (7, 70, 779),
    ("kongs", "hk-fanlaak-0"): (7, 70, 779),
    ("kongs", "hu-2p"): (7, 80, 671),
    ("kongs", "hu-3p"): (7, 80, 770),
    ("kongs", "hu-4p"): (7, 80, 725),
    ("pond_limit", "hu-2p"): (10, 9, 0),
    ("pond_limit", "hu-3p"): (10, 11, 2),
    ("pond_limit", "hu-4p"): (10, 11, 2),
    ("robbing", "hk-2p"): (9, 53, 370, 2526),
    ("robbing", "hk-4p"): (9, 41, 223, 1272),
    ("robbing", "hk-fanlaak"): (9, 37, 207, 1262),
    ("robbing", "hk-fanlaak-0"): (9, 44, 247, 1322),
    ("robbing", "hu-2p"): (9, 59, 449, 3051),
    ("robbing", "hu-3p"): (9, 54, 362, 2548),
    ("robbing", "hu-4p"): (9, 40, 211, 1240),
    ("robbing_temporary_furiten", "hk-2p"): (9, 53, 370),
    ("robbing_temporary_furiten", "hk-4p"): (9, 40, 247),
    ("robbing_temporary_furiten", "hk-fanlaak"): (9, 46, 282),
    ("robbing_temporary_furiten", "hk-fanlaak-0"): (9, 42, 244),
    ("robbing_temporary_furiten", "hu-2p"): (9, 59, 449),
    ("robbing_temporary_furiten", "hu-3p"): (9, 59, 410),
    ("robbing_temporary_furiten", "hu-4p"): (9, 46, 282),
    ("the_end", "hk-2p"): (10, 94, 755),
    ("the_end", "hk-4p"): (13, 113, 1086),
    ("the_end", "hk-fanlaak"): (13, 113, 1086),
    ("the_end", "hk-fanlaak-0"): (13, 113, 1086),
    ("the_end", "hu-2p"): (11, 114, 189),
    ("the_end", "hu-3p"): (14, 119, 324),
    ("the_end", "hu-4p"): (14, 127, 186),
}
"""(deal, ruleset id) -> number of action sequences of length 1, 2, ... (the perft table).

Computed once with the brute force agreeing at every node, and reviewed by hand at the
shallow depths.  ``calls``, depth 1 (every table): the dealer's nine kinds to discard and
its concealed kong of East = 10.  Depth 2 at hu-4p: the answers to each discard (5p: seat 3
pung/kong/pass = 3; 6p, 7p: seat 1 chow/pass = 2 each; 9p: seat 1 pung/chow/pass = 3; 2z,
3z: a pung/pass = 2 each; 6z: seat 2 ron/pung/pass = 3), seat 1's turn after the unclaimed
5z and 1z (8 kinds each, its draw a new kind) and the dealer's turn after the kong (9 kinds):
17 + 16 + 9 = 42.  ``pond_limit`` at hu-4p: the same 10, then only 6z is answered (seat 2
ron/pass: 2, win-only) and the kong's turn (9): 11; then the kong line's 6z again: 2.
``kongs`` depth 1: five kinds and two concealed kongs = 7; ``flowers``: ten kinds and three
flowers = 13; ``blessings``: nine kinds and the dealer's tsumo = 10; ``kong_replacement``:
fourteen kinds.
"""


# --- the walk ---------------------------------------------------------------------------


@dataclass
class Tally:
    """Counts of one walk: sequences per depth and action kinds seen."""

    nodes: list[int]
    kinds: Counter[str] = field(default_factory=Counter)
    ended: int = 0
    checked: int = 0


def check_node(table: brute.Table, hand: Hand, facts: brute.Facts) -> dict[int, set[Action]]:
    """Compare every seat's legal actions and the seats to act with the brute force."""
    moves = brute.legal_moves(table, hand, facts)
    if hand.phase is Phase.TURN:
        assert hand.actor is not None
        assert (hand.observe(hand.actor).drawn is not None) == facts.drew
    for s in range(table.players):
        engine = hand.legal_actions(s)
        assert len(set(engine)) == len(engine), f"seat {s}: duplicate legal actions"
        got = set(engine)
        if got != moves[s]:
            extra = sorted(a.to_str() for a in got - moves[s])
            missing = sorted(a.to_str() for a in moves[s] - got)
            raise AssertionError(
                f"seat {s} at {hand.phase.value}: engine offers {extra} the rules do not, "
                f"and not {missing}; history {[a.to_str() for a in hand.history]}"
            )
    assert hand.to_act() == brute.to_act(table, hand, moves)
    return moves


def walk(table: brute.Table, hand: Hand, facts: brute.Facts, depth: int, tally: Tally,
         level: int = 0) -> None:
    moves = check_node(table, hand, facts)
    tally.checked += 1
    if level == depth:
        return
    for s in brute.to_act(table, hand, moves):
        for action in sorted(moves[s], key=Action.to_str):
            child = hand.copy()
            child.apply(action)
            tally.nodes[level] += 1
            robbing = " (robbing)" if hand.phase is Phase.ROBBING else ""
            tally.kinds[action.kind.value + robbing] += 1
            after = brute.advance(table, hand, facts, action, child)
            if child.is_over:
                tally.ended += 1
            walk(table, child, after, depth, tally, level + 1)


def open_deal(ruleset_id: str, deal: Deal) -> tuple[brute.Table, Hand, brute.Facts]:
    """Deal the arranged wall and play the opening, the walker following every action."""
    ruleset = tingpai.find_ruleset(ruleset_id, **deal.options)
    n = ruleset.options.players
    hands = {s: h for s, h in deal.hands.items() if s < n}
    wall = tuple(arrange_wall(ruleset, hands, deal.draws, deal.tail))
    hand = Hand(ruleset, wall)
    table = brute.Table.of(hand, wall)
    facts = brute.start_facts(table)

    def step(action: Action) -> None:
        nonlocal facts, hand
        check_node(table, hand, facts)
        before = hand.copy()
        hand.apply(action)
        facts = brute.advance(table, before, facts, action, hand)

    def run(texts: tuple[str, ...]) -> None:
        for text in texts:
            action = Action.from_str(text)
            claiming = hand.phase in (Phase.CLAIMS, Phase.ROBBING)
            if action.kind is ActionKind.PASS and action.seat not in hand.to_act():
                continue  # answered automatically (records accept such a pass)
            if not (claiming and action.kind in ANSWERS and action.seat in hand.to_act()):
                for s in hand.to_act() if claiming else ():
                    step(Action(s, ActionKind.PASS))
            step(action)

    run(deal.opening)
    if deal.play_until is not None:
        while True:
            for s in hand.to_act() if hand.phase is not Phase.TURN else ():
                step(Action(s, ActionKind.PASS))
            texts = deal.play_until(hand)
            if texts is None:
                break
            run(texts)
    return table, hand, facts


def applicable(ruleset_id: str, deal: Deal) -> bool:
    """Whether a deal runs at this table: its options accepted, its tiles in the set."""
    if any(name not in ruleset_spec(ruleset_id).options for name in deal.options):
        return False
    ruleset = tingpai.find_ruleset(ruleset_id, **deal.options)
    if deal.needs_bonus and not ruleset.options.bonus_tiles:
        return False
    n = ruleset.options.players
    try:
        arrange_wall(ruleset, {s: h for s, h in deal.hands.items() if s < n}, deal.draws,
                     deal.tail)
    except ValueError:
        return False
    return True


@functools.cache
def perft(ruleset_id: str, name: str) -> Tally:
    """Walk one deal at one table (cached: the coverage test reads the same tallies)."""
    deal = DEALS[name]
    table, hand, facts = open_deal(ruleset_id, deal)
    tally = Tally(nodes=[0] * deal.depth)
    walk(table, hand, facts, deal.depth, tally)
    return tally


@pytest.mark.parametrize("name", [
    pytest.param(name, marks=[pytest.mark.slow] if DEALS[name].depth >= 4 else [])
    for name in sorted(DEALS)
])
def test_perft(ruleset_id: str, name: str) -> None:
    deal = DEALS[name]
    if not applicable(ruleset_id, deal):
        pytest.skip(f"deal {name} does not fit {ruleset_id}")
    tally = perft(ruleset_id, name)
    print(f"PERFT {name} {ruleset_id} {tuple(tally.nodes)} ended={tally.ended} "
          f"{dict(sorted(tally.kinds.items()))}")
    expected = EXPECTED.get((name, ruleset_id))
    if expected is not None:
        assert tuple(tally.nodes) == expected



def test_the_deals_reach_every_mechanism(ruleset_id: str) -> None:
    """Within the walked depths every kind of action occurs at this table (flowers where
    the set has them), a kong is robbed where a third seat can wait on it, and hands end
    by a win and by exhaustive draw."""
    seen: Counter[str] = Counter()
    ended = 0
    for name, deal in DEALS.items():
        if applicable(ruleset_id, deal):
            tally = perft(ruleset_id, name)
            seen.update(tally.kinds)
            ended += tally.ended
    ruleset = tingpai.find_ruleset(ruleset_id)
    wanted = {"discard", "chow", "pung", "kong", "ckong", "akong", "tsumo", "pass"}
    wanted |= {"flower"} if ruleset.options.bonus_tiles else set()
    wanted |= {"ron (robbing)"} if ruleset.options.players > 2 else set()
    assert wanted <= set(seen), sorted(wanted - set(seen))
    assert "ron" in seen or "ron (robbing)" in seen
    assert ended

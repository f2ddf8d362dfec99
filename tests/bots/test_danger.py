"""The expert's reading of the opponents: readiness, per-tile danger, pao, folding."""

from __future__ import annotations

import pytest
from botkit import position

from tingpai.analysis import shanten
from tingpai.bots import ExpertBot, ValueBot, expert
from tingpai.bots.danger import TableReading
from tingpai.bots.expert import (
    FASTER_MARGIN,
    SAME_SHAPE_MARGIN,
    TIE_MARGIN,
    ExpertOutlook,
    faster_margin,
    plain_claims,
    same_shape_margin,
)
from tingpai.engine.actions import Action, ActionKind
from tingpai.tiles import parse_counts, parse_tile


def _danger(reading: TableReading, seat: int, tile: str) -> float:
    op = next(o for o in reading.opponents if o.seat == seat)
    return op.danger[parse_tile(tile)]


def test_readiness_grows_with_discards_and_melds() -> None:
    early = TableReading(position("hu-4p", "123m456p789s1122z3z", ponds=["1z", "9m", "", ""]))
    late = TableReading(position("hu-4p", "123m456p789s1122z3z",
                                 ponds=["1z", "9m1p2p3p4z5z6z7z1s2s3s4s", "", ""]))
    melded = TableReading(position(
        "hu-4p", "123m456p789s1122z3z", ponds=["1z", "9m1p2p3p4z5z6z7z1s2s3s4s", "", ""],
        others={1: ["pung 999p", "chow 234s"]}))
    four = TableReading(position(
        "hu-4p", "123m456p789s1122z3z", ponds=["1z", "9m", "", ""],
        others={1: ["pung 999p", "chow 234s", "pung 111m", "chow 678p"]}))

    def ready(r: TableReading) -> float:
        return next(o.ready for o in r.opponents if o.seat == 1)

    assert ready(early) < ready(late) < ready(melded)
    assert ready(four) == 1.0  # four melds: a single tile left, always a wait


def test_sacred_discard_makes_a_tile_of_the_opponents_own_pond_safe() -> None:
    ponds = ["", "1m2z3z4z5z6z7z9p1p2p3s4s5s"]
    hu = TableReading(position("hu-4p", "123m456p789s1122z3z", ponds=ponds))
    hk = TableReading(position("hk-4p", "123m456p789s1122z3z", ponds=ponds))
    assert _danger(hu, 1, "5s") == 0.0  # in seat 1's pond: it could never win on it
    assert _danger(hu, 1, "6p") > 0.0
    # Without sacred discard a tile it discarded is only less likely to be its wait.
    assert 0.0 < _danger(hk, 1, "5s") < _danger(hk, 1, "6p")


def test_suji_honours_in_sight_and_passed_tiles_lower_the_danger() -> None:
    # Seat 1 discarded 4p and 6s: 1p and 7p (suji of 4p) are safer than with an honour in
    # the 4p's place, and than 2p; 9s (suji of 6s) safer than 8s.  Seat 2 discarded 3m
    # after seat 1's last discard and seat 1 let it pass.
    obs = position("hu-4p", "123m456p789s1122z3z",
                   ponds=["4z", "4p6s1z2z3z9m8m7m6z5z", "3m", ""])
    without = position("hu-4p", "123m456p789s1122z3z",
                       ponds=["4z", "7z1z6s2z3z9m8m7m6z5z", "3m", ""])
    r = TableReading(obs)
    plain = TableReading(without)
    for tile in ("1p", "7p"):
        assert _danger(r, 1, tile) < _danger(plain, 1, tile)
    assert _danger(r, 1, "1p") < _danger(r, 1, "2p")
    assert _danger(r, 1, "9s") < _danger(r, 1, "8s")
    assert _danger(r, 1, "3m") < _danger(r, 1, "3p")
    # Honours: the more copies in sight (ponds, melds, own hand), the safer (West seen
    # three times, North once: neither is a value honour for seat 1).
    sight = position("hu-4p", "123m456p789s11z22z3z",
                     ponds=["4z", "2p6s5p9m8m7m1z1z", "3z3z", ""])
    r2 = TableReading(sight)
    assert _danger(r2, 1, "1z") == 0.0
    assert _danger(r2, 1, "3z") < _danger(r2, 1, "4z")


def test_a_flush_and_a_dragon_threat_shift_the_danger() -> None:
    # Seat 1 shows two bamboo melds (a flush) and pungs of Green and Red (two dragons).
    obs = position("hk-4p", "123m456p789s1122z5z", ponds=["4z", "1m2m", "", ""],
                   others={1: ["pung 666z", "pung 777z", "chow 234s", "pung 888s"]})
    r = TableReading(obs)
    assert _danger(r, 1, "5p") < _danger(r, 1, "5s")
    assert _danger(r, 1, "9m") < _danger(r, 1, "9s")
    assert _danger(r, 1, "5z") > 2 * _danger(r, 1, "1z")  # the third dragon


def test_pao_adds_the_liability_of_the_third_dragon() -> None:
    # Two dragon melds shown: giving the third dragon makes the discarder liable (hk-4p
    # plays pao; the same table without it does not).
    others = {1: ["pung 666z", "pung 777z"]}
    ponds = ["4z", "1m2m3p", "", ""]
    with_pao = TableReading(position("hk-4p", "123m456p789s1122z5z", ponds=ponds,
                                     others=others))
    without = TableReading(position("hk-4p", "123m456p789s1122z5z", ponds=ponds,
                                    others=others, pao=False))
    white = parse_tile("5z")
    assert with_pao.losses()[white] > without.losses()[white] > 0.0
    east = parse_tile("1z")
    assert with_pao.losses()[east] == without.losses()[east]


def test_the_expert_folds_against_an_exposed_dragon_set_when_far_from_ready() -> None:
    # Seat 1 shows pungs of Green and Red and a chow: the White dragon is its third dragon
    # (Big Three Dragons, and pao).  The seat is two tiles from ready with nothing of value;
    # value discards the isolated White, the expert keeps it and gives up a tile seat 1
    # discarded itself.
    hand = "12m7m45699p2345s8s5z"
    obs = position("hk-4p", hand, ponds=["4z2z3z", "9p1m2z8s", "4z3z", "2z8m"],
                   others={1: ["pung 666z", "pung 777z", "chow 123s"]}, wall_left=50)
    assert shanten(parse_counts(hand)) == 2
    white = parse_tile("5z")
    assert ValueBot().act(obs).tile == white
    action = ExpertBot().act(obs)
    assert action.tile != white
    assert action.tile in (parse_tile("1m"), parse_tile("9p"), parse_tile("8s"))


def test_a_deal_in_costs_what_the_hand_would_not_cost_anyway() -> None:
    # A ready hand denied a tile may still win later, the more likely the more wall is
    # left; what it costs then depends on the table's payments.
    hand = "123m456p789s1122z3z"

    def cost(rules: str, wall_left: int) -> float:
        reading = TableReading(position(rules, hand, wall_left=wall_left))
        return reading.opponents[0].loss

    hu_discarder, _, _ = TableReading(position("hu-4p", hand)).k.win_costs(1500)
    assert cost("hu-4p", 80) < cost("hu-4p", 8) < hu_discarder == 4500
    # hk-2p: a self-draw costs the one opponent more than a deal-in, so dealing in early
    # costs well under its price; fan-laak bystanders pay half a deal-in.
    hk2_discarder, _, hk2_drawn = TableReading(position("hk-2p", hand)).k.win_costs(4)
    assert hk2_drawn > hk2_discarder
    assert cost("hk-2p", 50) < 0.7 * hk2_discarder
    assert 0 < cost("hk-fanlaak", 80) < cost("hk-fanlaak", 8) < 32


HEADS_UP_SAFER_TILES = [
    # hk-2p: seat 1 shows two pungs of dots (a flush threat) late in the hand.  The value
    # bot gives up 9p; East keeps the hand as close to ready and is safer.
    ("hk-2p", "11m123679p99s555z1z", ["6z7z2z3z9s1m", "6z7z4z1s9s1m9m"],
     ["pung 222p", "pung 444p"], 12, "9p", "1z"),
    # hu-2p: seat 1 has discarded 5p, so by sacred discard it cannot win on it.  The value
    # bot gives up 4p; 5p keeps the hand as close to ready.
    ("hu-2p", "23m456p11789s4579p", ["4m5p25s33z", "1m25p566s56z"],
     ["pung 888m", "chow 123m"], 30, "4p", "5p"),
]


@pytest.mark.parametrize(
    ("rules", "hand", "ponds", "melds", "wall_left", "value_tile", "safer_tile"),
    HEADS_UP_SAFER_TILES)
def test_heads_up_the_expert_takes_a_safer_tile_of_the_same_shape(
    monkeypatch: pytest.MonkeyPatch, rules: str, hand: str, ponds: list[str],
    melds: list[str], wall_left: int, value_tile: str, safer_tile: str,
) -> None:
    # Heads-up, the expert's margin for a safer discard of the same shape is small, so it
    # takes the safe tile; with the wide margin of a table of three or four it would keep
    # the value bot's choice.
    obs = position(rules, hand, ponds=ponds, others={1: melds}, wall_left=wall_left)
    value_choice, safer = parse_tile(value_tile), parse_tile(safer_tile)
    assert _shanten_after(hand, value_choice) == _shanten_after(hand, safer)
    assert ValueBot().act(obs).tile == value_choice
    assert ExpertBot().act(obs).tile == safer
    knowledge = TableReading(obs).k
    assert (same_shape_margin(knowledge) == SAME_SHAPE_MARGIN[knowledge.furiten]
            < TIE_MARGIN[knowledge.furiten])
    monkeypatch.setattr(expert, "same_shape_margin", lambda k: TIE_MARGIN[k.furiten])
    assert ExpertBot().act(obs).tile == value_choice


@pytest.mark.parametrize("rules", ["hk-4p", "hk-fanlaak", "hu-4p", "hu-3p"])
def test_with_several_opponents_the_same_shape_margin_is_the_wide_one(rules: str) -> None:
    knowledge = TableReading(position(rules, "119m1237p99s555z9p1z")).k
    assert same_shape_margin(knowledge) == TIE_MARGIN[knowledge.furiten]
    assert faster_margin(knowledge) == TIE_MARGIN[knowledge.furiten]


@pytest.mark.parametrize("rules", ["hk-2p", "hu-2p"])
def test_heads_up_a_safer_discard_that_is_also_faster_needs_the_smallest_margin(
    rules: str,
) -> None:
    # tools/deviation_value.py: heads-up, the expert's safer discards that also leave its
    # hand closer to ready than the value bot's choice won on average; at hk-2p its safer
    # discards of the same shape did not, so only a clearly safer one is taken there.
    knowledge = TableReading(position(rules, "119m1237p99s555z9p1z")).k
    assert faster_margin(knowledge) == FASTER_MARGIN
    assert FASTER_MARGIN <= same_shape_margin(knowledge) < TIE_MARGIN[knowledge.furiten]


def test_where_the_minimum_needs_stacked_patterns_the_expert_claims_the_fan_it_needs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Fan-laak: seat 3 shows four melds of dots, a single-tile wait.  The pung of White
    # Dragons gives the dealer's hand a fan, but after it the dealer must give up 2s or 3z
    # into that wait, while passing keeps the safest tile.  Weighing that risk the expert
    # would pass; where 3 fan must be stacked it claims as the value bot does.
    obs = position(
        "hk-fanlaak", "456789p2s355z", melds=["chow 456s"],
        ponds=["124588m2p79s1126z", "2389m189p27s346z", "1336m235677p6s46z",
               "15679m1678s3456z"],
        others={1: ["pung 444m"], 2: ["pung 999s"],
                3: ["chow 789p", "chow 567p", "pung 222p", "chow 345p"]},
        claim="5z", claims=(Action(0, ActionKind.PUNG),), discarder=3, wall_left=40)
    assert ValueBot().act(obs).kind is ActionKind.PUNG
    assert ExpertBot().act(obs).kind is ActionKind.PUNG
    monkeypatch.setattr(expert, "plain_claims", lambda view: False)
    assert ExpertBot().act(obs).kind is ActionKind.PASS


@pytest.mark.parametrize(("rules", "plain"), [
    ("hk-4p", True), ("hk-2p", True), ("hk-fanlaak", True),
    ("hu-4p", False), ("hu-3p", False), ("hu-2p", False)])
def test_claims_carry_their_risk_only_where_the_minimum_is_not_stacked(
    rules: str, plain: bool,
) -> None:
    view = ExpertOutlook(position(rules, "119m1237p99s555z9p1z"), {})
    assert plain_claims(view) is plain


def _shanten_after(hand: str, tile: int) -> int:
    after = parse_counts(hand)
    after[tile] -= 1
    return shanten(after)

"""Mechanism policies (rules/policies.py and friends): which ruleset plays which, the hooks
alone over a hand-made table, enum options spelled as before, and a ruleset built in code
whose own policy the engine calls without knowing it."""

from __future__ import annotations

import dataclasses
import json
import random
from dataclasses import dataclass, field
from typing import ClassVar

import pytest

from tingpai.engine import Hand, Match, Phase
from tingpai.rules import (
    Blessing,
    EarthBlessing,
    MultipleWinners,
    Pattern,
    Policies,
    RepeatOnDraw,
    RuleError,
    Ruleset,
    SpecialWin,
    TableView,
    TurnWin,
    WinKind,
    find_ruleset,
    option_policies,
)
from tingpai.rules import context as features
from tingpai.rules.blessings import DEALER_FIRST_DISCARD_EARTH, FIRST_DRAW_EARTH
from tingpai.rules.bonuses import RepeatBonuses
from tingpai.rules.context import HandContext
from tingpai.rules.liability import HONG_KONG_PAO
from tingpai.rules.policies import Liable
from tingpai.rules.special_wins import EightImmortals, TerminalDiscards, Window
from tingpai.scoring import Situation, score
from tingpai.tiles import BONUS_TILES, Meld, MeldKind, Tile, parse_hand, parse_tile, parse_tiles


@dataclass
class FakeTable:
    """A hand-made :class:`~tingpai.rules.policies.TableView` (hands as counts dicts)."""

    players: int = 4
    dealer: int = 0
    calls_made: bool = False
    hands: dict[int, str] = field(default_factory=dict)
    declared: dict[int, str] = field(default_factory=dict)
    ponds: dict[int, str] = field(default_factory=dict)
    calls: dict[int, tuple[bool, ...]] = field(default_factory=dict)

    def holds(self, seat: int, tile: Tile) -> int:
        return parse_tiles(self.hands.get(seat, "")).count(tile)

    def flowers(self, seat: int) -> tuple[Tile, ...]:
        return tuple(parse_tiles(self.declared.get(seat, "")))

    def melds(self, seat: int) -> tuple[Meld, ...]:
        return ()

    def pond(self, seat: int) -> tuple[Tile, ...]:
        return tuple(parse_tiles(self.ponds.get(seat, "")))

    def called(self, seat: int) -> tuple[bool, ...]:
        return self.calls.get(seat, (False,) * len(self.pond(seat)))


# --- which ruleset plays which --------------------------------------------------------


def test_each_family_supplies_its_policies() -> None:
    hu = find_ruleset("hu-4p").policies
    assert [type(p) for p in hu.special_wins] == [EightImmortals, TerminalDiscards]
    assert hu.liability is None and hu.blessings is FIRST_DRAW_EARTH
    assert hu.bonus == RepeatBonuses(100, 4000, 8)
    hk = find_ruleset("hk-4p").policies
    assert hk == Policies(liability=HONG_KONG_PAO, blessings=DEALER_FIRST_DISCARD_EARTH)
    for rid in ("hk-2p", "hk-fanlaak", "hk-fanlaak-0"):
        assert find_ruleset(rid).policies == Policies(blessings=DEALER_FIRST_DISCARD_EARTH)


def test_options_turn_mechanisms_on_and_off() -> None:
    assert [p.pattern for p in find_ruleset("hu-3p", flowers=False).policies.special_wins] == [
        "terminal_discards"
    ]
    assert find_ruleset("hu-4p", repeat_bonus=0, eighth_repeat_bonus=0).policies.bonus is None
    assert find_ruleset("hk-4p", pao=False).policies.liability is None
    assert find_ruleset("hk-fanlaak", pao=True).policies.liability is HONG_KONG_PAO
    # A ruleset whose options are replaced in code gets the policies of its new options.
    rs = find_ruleset("hu-4p")
    swapped = dataclasses.replace(rs, options=dataclasses.replace(rs.options, pao=True))
    assert swapped.policies.liability is HONG_KONG_PAO
    assert [type(p) for p in swapped.policies.special_wins] == [
        EightImmortals, TerminalDiscards]


# --- enum options keep their JSON spelling -----------------------------------------------


@pytest.mark.parametrize(("rid", "name", "value", "member"), [
    ("hu-4p", "multiple_winners", "head_bump", MultipleWinners.HEAD_BUMP),
    ("hk-4p", "multiple_winners", "all", MultipleWinners.ALL),
])
def test_enum_options_are_given_and_recorded_as_their_strings(
    rid: str, name: str, value: str, member: MultipleWinners
) -> None:
    rs = find_ruleset(rid, **{name: value})
    assert getattr(rs.options, name) is member
    assert rs.option_values == {name: value}
    record = Match(rs).record()
    assert json.loads(json.dumps(record))["options"] == {name: value}


def test_enum_option_defaults_and_their_json_values() -> None:
    hu, hk = find_ruleset("hu-4p").options, find_ruleset("hk-4p").options
    assert (hu.multiple_winners, hu.repeat_on_draw, hu.blessing_of_earth) == (
        MultipleWinners.ALL, RepeatOnDraw.IF_READY, EarthBlessing.FIRST_DRAW)
    assert (hk.multiple_winners, hk.repeat_on_draw, hk.blessing_of_earth) == (
        MultipleWinners.HEAD_BUMP, RepeatOnDraw.ALWAYS, EarthBlessing.DEALER_FIRST_DISCARD)
    assert json.dumps([hu.multiple_winners, hk.repeat_on_draw]) == '["all", "always"]'


def test_a_string_given_in_code_becomes_the_enum_and_a_bad_one_is_an_error() -> None:
    opts = find_ruleset("hu-4p").options
    assert dataclasses.replace(opts, repeat_on_draw="always").repeat_on_draw is (
        RepeatOnDraw.ALWAYS)
    with pytest.raises(RuleError, match="repeat_on_draw must be one of if_ready, always"):
        dataclasses.replace(opts, repeat_on_draw="sometimes")
    with pytest.raises(RuleError, match="multiple_winners must be one of all, head_bump"):
        find_ruleset("hu-4p", multiple_winners="first")


# --- liability -------------------------------------------------------------------------

PUNG_WHITE = Meld(MeldKind.PUNG, (parse_tile("5z"),) * 3, claimed_from=2)
PUNG_GREEN = Meld(MeldKind.PUNG, (parse_tile("6z"),) * 3, claimed_from=2)
PUNG_RED = Meld(MeldKind.PUNG, (parse_tile("7z"),) * 3, claimed_from=3)
CHOW = Meld(MeldKind.CHOW, tuple(parse_tiles("123m")), claimed_from=3)
CKONG = Meld(MeldKind.KONG, (parse_tile("9p"),) * 4, concealed=True)


@pytest.mark.parametrize(("melds", "meld", "before", "after"), [
    ((CHOW,), CHOW, None, None),
    ((CKONG, CHOW, CHOW, CHOW), CHOW, None, Liable(3, True, False, "fourth meld")),
    ((PUNG_WHITE, PUNG_GREEN, PUNG_RED), PUNG_RED, None, Liable(3, True, True, "third dragon")),
    # one claim completing both: the dragon liability covers the fourth-meld one
    ((CHOW, PUNG_WHITE, PUNG_GREEN, PUNG_RED), PUNG_RED, None,
     Liable(3, True, True, "third dragon")),
    # a later liability replaces an earlier one
    ((PUNG_WHITE, PUNG_GREEN, PUNG_RED, CHOW), CHOW, Liable(1, True, True, "third dragon"),
     Liable(3, True, False, "fourth meld")),
    ((PUNG_WHITE, CHOW), CHOW, Liable(1, True, False, "x"), Liable(1, True, False, "x")),
])
def test_hong_kong_pao_on_each_claim(
    melds: tuple[Meld, ...], meld: Meld, before: Liable | None, after: Liable | None
) -> None:
    assert HONG_KONG_PAO.on_claim(melds, meld, 3, before) == after


# --- blessings ----------------------------------------------------------------------------


@pytest.mark.parametrize(("table", "seat", "hu", "hk"), [
    (FakeTable(), 0, Blessing.HEAVEN, Blessing.HEAVEN),
    (FakeTable(ponds={0: "9m"}), 1, Blessing.EARTH, None),
    (FakeTable(ponds={0: "9m", 1: "1z"}), 1, None, None),
    (FakeTable(calls_made=True), 0, None, None),
    (FakeTable(calls_made=True, ponds={0: "9m"}), 2, None, None),
])
def test_blessings_on_a_self_draw(table: FakeTable, seat: int, hu: Blessing | None,
                                  hk: Blessing | None) -> None:
    assert FIRST_DRAW_EARTH.on_self_draw(table, seat) is hu
    assert DEALER_FIRST_DISCARD_EARTH.on_self_draw(table, seat) is hk


@pytest.mark.parametrize(("ponds", "seat", "discarder", "robbing", "earth"), [
    ({0: "9m"}, 1, 0, False, True),
    ({0: "9m"}, 3, 0, False, True),
    ({0: "9m"}, 1, 0, True, False),
    ({0: "9m1z"}, 1, 0, False, False),
    ({0: "9m", 1: "2p"}, 2, 1, False, False),
])
def test_hong_kong_earth_is_a_win_on_the_dealers_first_discard(
    ponds: dict[int, str], seat: int, discarder: int, robbing: bool, earth: bool
) -> None:
    table = FakeTable(ponds=ponds)
    got = DEALER_FIRST_DISCARD_EARTH.on_discard_win(table, seat, discarder, robbing)
    assert got is (Blessing.EARTH if earth else None)
    assert FIRST_DRAW_EARTH.on_discard_win(table, seat, discarder, robbing) is None


# --- bonuses outside the cap -------------------------------------------------------------


@dataclass(frozen=True)
class Facts:
    dealer_repeats: int
    eighth_repeat: bool
    dealer: bool


@pytest.mark.parametrize(("facts", "awards"), [
    (Facts(0, False, True), []),
    (Facts(3, False, True), [("dealer_repeats", 300, 3)]),
    (Facts(3, False, False), []),
    (Facts(8, True, True), [("dealer_repeats", 800, 8), ("eighth_repeat", 4000, 1)]),
    (Facts(0, True, False), [("eighth_repeat", 4000, 1)]),
])
def test_repeat_bonuses(facts: Facts, awards: list[tuple[str, int, int]]) -> None:
    got = RepeatBonuses(100, 4000).awards(facts)
    assert [(a.id, a.value, a.count) for a in got] == awards


def test_the_scorer_adds_the_bonus_policy_outside_the_cap() -> None:
    concealed, melds, win = parse_hand("123m456p789s234s5p +5p")
    sit = Situation(tuple(concealed), win, tuple(melds), dealer_repeats=2, eighth_repeat=True)
    base = score(dataclasses.replace(sit, dealer_repeats=0, eighth_repeat=False),
                 find_ruleset("hu-4p"))
    result = score(sit, find_ruleset("hu-4p"))
    assert base.valid and base.total == 500  # All Sequences
    assert result.total == base.total + 200 + 4000
    assert [(b.id, b.value) for b in result.bonuses] == [
        ("dealer_repeats", 200), ("eighth_repeat", 4000)]
    assert score(sit, find_ruleset("hu-4p", repeat_bonus=0, eighth_repeat_bonus=0)).total == (
        base.total)


# --- Eight Immortals over a hand-made table -------------------------------------------------

EIGHT = EightImmortals(BONUS_TILES)


def test_form1_turn_win_and_form2_at_the_draw() -> None:
    holding = FakeTable(declared={0: "1234567f"}, hands={0: "8f123m"})
    assert EIGHT.turn_win(holding, 0, None) == TurnWin(parse_tile("8f"), None)
    assert not EIGHT.at_exhaustive_draw(holding, 0)  # the 8th is not in the wall
    in_wall = FakeTable(declared={0: "1234567f"})
    assert EIGHT.turn_win(in_wall, 0, None) is None
    assert EIGHT.at_exhaustive_draw(in_wall, 0)
    held_by_other = FakeTable(declared={0: "1234567f"}, hands={2: "8f"})
    assert not EIGHT.at_exhaustive_draw(held_by_other, 0)


def test_form3_the_last_flower_is_claimable_by_the_seat_holding_seven() -> None:
    table = FakeTable(declared={0: "8f", 1: "1234567f"})
    assert EIGHT.on_flower(table, 0, parse_tile("8f"), None) == (None, True)
    assert EIGHT.flower_claim(table, 1) and not EIGHT.flower_claim(table, 2)


def test_form4_window_opens_readies_and_closes() -> None:
    table = FakeTable(declared={2: "7f", 1: "123456f"})
    state, claimable = EIGHT.on_flower(table, 2, parse_tile("7f"), None)
    assert state == Window(2, 1) and not claimable
    state = EIGHT.on_draw(table, 1, parse_tile("8f"), state)
    assert state == Window(2, 1, ready=True)
    table.hands[1] = "8f"
    assert EIGHT.turn_win(table, 1, state) == TurnWin(parse_tile("8f"), 2)
    assert EIGHT.on_discard(table, 1, state) == Window(2, 1)
    assert EIGHT.on_turn(table, 3, state) == state
    assert EIGHT.on_turn(table, 2, state) is None
    # nobody's window when the last flower is already held undeclared
    assert EIGHT.on_flower(FakeTable(declared={2: "7f", 1: "123456f"}, hands={3: "8f"}), 2,
                           parse_tile("7f"), None) == (None, False)


def test_terminal_discards_at_the_draw() -> None:
    policy = TerminalDiscards()
    assert policy.at_exhaustive_draw(FakeTable(ponds={0: "19m1z7z"}), 0)
    assert not policy.at_exhaustive_draw(FakeTable(ponds={0: "19m2p"}), 0)
    assert not policy.at_exhaustive_draw(FakeTable(), 0)
    called = FakeTable(ponds={0: "19m"}, calls={0: (False, True)})
    assert not policy.at_exhaustive_draw(called, 0)


# --- a policy the engine does not know ---------------------------------------------------


class DealerWinsAtTheDraw(SpecialWin[None]):
    """A toy special win: the dealer wins every exhaustive draw (paid as self-draw)."""

    pattern: ClassVar[str] = "toy_draw_win"
    kind: ClassVar[WinKind] = WinKind.TERMINAL_DISCARDS
    name: ClassVar[str] = "Toy Draw Win"

    def at_exhaustive_draw(self, table: TableView, seat: int) -> bool:
        return seat == table.dealer


def toy_draw_win(ctx: HandContext) -> int:
    return 1 if ctx.special == "toy_draw_win" else 0


TOY_PATTERN = Pattern(
    "toy_draw_win", "Toy Draw Win", "", "", "Toy", 5, toy_draw_win,
    "the dealer at an exhaustive draw", needs_hand=False, requires=features.SPECIAL,
)


def test_a_ruleset_built_in_code_plays_its_own_policy() -> None:
    hk = find_ruleset("hk-2p")
    toy = Ruleset(
        id="hk-2p-toy", name="toy", options=hk.options, patterns=(*hk.patterns, TOY_PATTERN),
        payment=hk.payment,
        policy_factory=lambda opts: dataclasses.replace(
            option_policies(opts), special_wins=(DealerWinsAtTheDraw(),)),
    )
    rng = random.Random(2)
    draws = 0
    for seed in range(12):
        hand = Hand(toy, seed=seed, dealer=seed % 2)
        while not hand.is_over:
            hand.apply(rng.choice(hand.legal_actions(hand.to_act()[0])))
        r = hand.result
        assert r is not None and sum(r.deltas) == 0
        if r.exhaustive:
            draws += 1
            (w,) = r.winners
            assert w.seat == hand.dealer and w.kind is WinKind.TERMINAL_DISCARDS
            assert [p.id for p in w.score.patterns] == ["toy_draw_win"]
    assert draws > 0
    assert hand.phase is Phase.ENDED

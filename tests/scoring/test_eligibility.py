"""Who may win: a qualifying pattern is needed; One Quad and flowers do not qualify;
luck bonuses do.  Invalid situations give a reason, never an exception."""

from __future__ import annotations

from typing import Any

import pytest
from scoring_helpers import RULES, counted, score_hand

from tingpai.rules import WinKind, find_ruleset
from tingpai.scoring import Situation, score
from tingpai.tiles import SOUTH, Meld, MeldKind, parse_tiles

ONE_QUAD = "[2222s] 123m456p789p5s +5s"
CHICKEN = "123m456p789p111s2z +2z"


@pytest.mark.parametrize(
    ("hand", "kwargs"),
    [
        (ONE_QUAD, {}),
        (ONE_QUAD, {"flowers": "1f"}),
        (ONE_QUAD, {"flowers": "12348f"}),
        (CHICKEN, {}),
        (CHICKEN, {"flowers": "5678f"}),
        (CHICKEN, {"seat": "E", "dealer_repeats": 3}),
        (CHICKEN, {"eighth_repeat": True}),
    ],
)
def test_no_qualifying_pattern(hand: str, kwargs: dict[str, Any]) -> None:
    result = score_hand(hand, **kwargs)
    assert not result.valid
    assert result.reason is not None and "no qualifying pattern" in result.reason
    assert result.total == 0 and result.payments.as_dict() == {}


def test_one_quad_reason_names_it() -> None:
    result = score_hand(ONE_QUAD)
    assert result.reason is not None and "One Quad" in result.reason


@pytest.mark.parametrize(
    ("hand", "kwargs", "pattern", "total"),
    [
        (ONE_QUAD, {"win": "self", "replacements": ("kong",)}, "after_a_kong", 1500),
        ("12m456p789p111s22z +3m", {"win": "rob"}, "robbing_the_kong", 1000),
        (CHICKEN, {"last_tile": True}, "last_tile", 1000),
        (CHICKEN, {"last_tile": True, "flowers": "1f"}, "last_tile", 1100),
        (ONE_QUAD, {"last_tile": True}, "last_tile", 1500),
    ],
)
def test_luck_bonus_qualifies(hand: str, kwargs: dict[str, Any], pattern: str,
                              total: int) -> None:
    result = score_hand(hand, **kwargs)
    assert result.valid, result.reason
    assert pattern in counted(result)
    assert result.total == total


def test_two_quads_qualify() -> None:
    result = score_hand("[2222s][5555s] 123m456p9m +9m")
    assert result.valid and result.total == 2000


def _sit(concealed: str, win_tile: str, **kwargs: Any) -> Situation:
    return Situation(concealed=tuple(parse_tiles(concealed)), win_tile=parse_tiles(win_tile)[0],
                     **kwargs)


# (situation, ruleset id or options, reason prefix)
INVALID: list[tuple[Situation, dict[str, Any], str]] = [
    (_sit("123m456p789p111s23z", "3z"), {}, "incomplete hand"),
    (_sit("123m456p789p111s2z", "2z"), {}, "wrong tile count"),
    (_sit("123m456p789p111s22z5z", "2z"), {}, "wrong tile count"),
    (_sit("123m456p789p111s2z5f", "2z"), {}, "a flower (5f) in the concealed tiles"),
    (_sit("123m456p789p111s22z", "2z", flowers=(34,)), {"flowers": False},
     "flower 1f is not in this ruleset's set"),
    (_sit("123m456p789p111s22z", "2z", flowers=(34, 34)), {}, "flower 1f declared twice"),
    (_sit("123m456p789p111s22z", "2z", flowers=(4,)), {}, "5m is not a flower"),
    (_sit("1m23m456p789p11s22z", "2z", melds=(Meld(MeldKind.KONG, (0, 0, 0, 0)),)), {},
     "1m appears 5 times"),
    (_sit("123m456p789p111s22z", "3p"), {}, "winning tile 3p is not among"),
    (_sit("123m456p789p111s22z", "2z", win=WinKind.EXHAUSTIVE_DRAW), {},
     "an exhaustive draw is not a win"),
    (_sit("123m456p789p111s22z", "2z", win=WinKind.SELF_DRAW, robbing_kong=True), {},
     "robbing the kong"),
    (_sit("123m456p789p111s22z", "2z", replacements=("kong",)), {},
     "a replacement chain needs a self-drawn win"),
    (_sit("123m456p789p111s22z", "2z", win=WinKind.SELF_DRAW, replacements=("dragon",)), {},
     "replacement 'dragon'"),
    (_sit("123m456p789p111s22z", "2z", blessing="heaven", seat_wind=SOUTH), {},
     "Blessing of Heaven is for the dealer"),
    (_sit("123m456p789p111s22z", "2z", blessing="earth"), {},
     "Blessing of Earth is for a non-dealer"),
    (_sit("123m456p789p111s22z", "2z", blessing="moon"), {}, "blessing 'moon'"),
    (_sit("123m456p789p111s22z", "2z", seat_wind=31), {}, "seat wind 5z is not a wind"),
    (_sit("123m456p789p111s22z", "2z", dealer_repeats=-1), {}, "dealer_repeats -1"),
    (_sit("123m456p789p111s22z", "2z", special="flower_set"), {},
     "'flower_set' is not a special win"),
    (_sit("123m456p789p111s22z", "2z", special="all_simples"), {},
     "'all_simples' is not a special win"),
    (_sit("123m456p789p111s22z", "2z", special="terminal_discards",
          win=WinKind.EIGHT_IMMORTALS), {}, "win eight-immortals contradicts"),
    (_sit("123m456p789p111s22z", "2z", special="eight_immortals",
          flowers=tuple(parse_tiles("1234567f")),
          melds=(Meld(MeldKind.PUNG, (33, 33, 33)),)), {}, "wrong tile count"),
    # Every form of Eight Immortals leaves the winner all the bonus tiles but one.
    (_sit("123m456p789s1p", "1p", special="eight_immortals"), {},
     "Eight Immortals needs at least 7 of the 8 bonus tiles among the winner's flowers, got 0"),
    (_sit("123m456p789s1p", "1p", special="eight_immortals",
          flowers=tuple(parse_tiles("123456f")), win=WinKind.SELF_DRAW), {}, "got 6"),
    # Without bonus tiles the table has no Eight Immortals to decide.
    (_sit("123m456p789s1p", "1p", special="eight_immortals", win=WinKind.SELF_DRAW),
     {"flowers": False}, "'eight_immortals' is not a special win of hu-4p"),
    (_sit("123m456p789s1p", "1p", special="terminal_discards", robbing_kong=True), {},
     "All Terminal and Honor Discards is not won by robbing a kong"),
]


@pytest.mark.parametrize("win", [WinKind.DISCARD, WinKind.SELF_DRAW,
                                  WinKind.TERMINAL_DISCARDS])
@pytest.mark.parametrize(("rules", "players"), [("hu-4p", 4), ("hu-3p", 3), ("hu-2p", 2)])
def test_terminal_discards_is_paid_as_self_draw(win: WinKind, rules: str, players: int) -> None:
    """Won at exhaustive draw, nobody discarded it: each loser pays 4000 however the win
    is given (``discard`` is the default of ``win``)."""
    sit = _sit("123m456p789s1p", "1p", special="terminal_discards", win=win, seat_wind=SOUTH)
    result = score(sit, find_ruleset(rules))
    assert result.valid and result.total == 4000
    assert result.payments.as_dict() == {"each": 4000}


@pytest.mark.parametrize(("flowers", "win", "payments"), [
    ("1234567f", WinKind.DISCARD, {"discarder": 24000}),  # forms 3 and 4: one player pays
    ("1234567f", WinKind.SELF_DRAW, {"each": 8000}),  # form 2, at exhaustive draw
    ("12345678f", WinKind.SELF_DRAW, {"each": 8000}),  # form 1, the eighth declared
])
def test_eight_immortals_with_all_but_one_flower(
    flowers: str, win: WinKind, payments: dict[str, int]
) -> None:
    sit = _sit("123m456p789s1p", "1p", special="eight_immortals", win=win, seat_wind=SOUTH,
               flowers=tuple(parse_tiles(flowers)))
    result = score(sit, find_ruleset("hu-4p"))
    assert result.valid and result.total == 8000 and result.limit
    assert result.payments.as_dict() == payments


@pytest.mark.parametrize(("sit", "options", "reason"), INVALID)
def test_invalid_situations(sit: Situation, options: dict[str, Any], reason: str) -> None:
    result = score(sit, find_ruleset("hu-4p", **options))
    assert not result.valid
    assert result.reason is not None and reason in result.reason, result.reason
    assert result.patterns == () and result.total == 0


def test_forms_option_allows_seven_pairs_only_when_enabled() -> None:
    sit = _sit("1199m1199p1199s1z1z", "1z")
    assert score(sit, RULES["hu-4p"]).valid
    result = score(sit, find_ruleset("hu-4p", forms="standard"))
    assert not result.valid
    assert result.reason == "incomplete hand: not four melds and a pair"

"""Shared helpers for the scoring tests: build a situation from hand notation and score it.

Defaults: seat South, round East (so a win is not the dealer's and no wind is doubled),
win by discard, no flowers.  Hands use the ``parse_hand`` notation: concealed tiles, exposed
melds in ``[..]``, concealed kongs in ``[[..]]``, and the winning tile after ``+``.
"""

from __future__ import annotations

from typing import Any

from tingpai.rules import Ruleset, WinKind, find_ruleset
from tingpai.scoring import Score, Situation, score
from tingpai.tiles import parse_hand, parse_tiles, wind_from_str

RULES: dict[str, Ruleset] = {rid: find_ruleset(rid) for rid in ("hu-4p", "hu-3p", "hu-2p")}

WINS = {
    "discard": WinKind.DISCARD,
    "self": WinKind.SELF_DRAW,
    "rob": WinKind.ROBBING_KONG,
}


def situation(
    hand: str,
    *,
    win: str = "discard",
    seat: str = "S",
    round: str = "E",
    flowers: str = "",
    **kwargs: Any,
) -> Situation:
    """A situation from hand notation (the winning tile after ``+``)."""
    concealed, melds, win_tile = parse_hand(hand)
    if win_tile is None:
        win_tile = -1
    return Situation(
        concealed=tuple(concealed),
        win_tile=win_tile,
        melds=tuple(melds),
        win=WINS[win],
        seat_wind=wind_from_str(seat),
        round_wind=wind_from_str(round),
        flowers=tuple(parse_tiles(flowers)),
        robbing_kong=win == "rob",
        **kwargs,
    )


def score_hand(hand: str, rules: str | Ruleset = "hu-4p", **kwargs: Any) -> Score:
    """Score a hand given in notation under a ruleset id (default hu-4p) or ruleset."""
    ruleset = RULES[rules] if isinstance(rules, str) else rules
    return score(situation(hand, **kwargs), ruleset)


def counted(result: Score) -> dict[str, int]:
    """Counted pattern ids and the value each added."""
    return {p.id: p.value for p in result.patterns}


def superseded(result: Score) -> dict[str, str]:
    """Superseded pattern ids and the id that superseded each."""
    return {s.id: s.by for s in result.superseded}

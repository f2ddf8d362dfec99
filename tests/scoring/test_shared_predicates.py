"""Predicates the Hong Kong rulesets will use (Closed Hand, Self-Draw, Dragon Pung,
Seat/Prevailing Wind, All Terminals and Honours pungs, kong replacement wins), checked on
contexts the scorer builds for real hands."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from scoring_helpers import RULES, situation

import tingpai.scoring as scoring_module
from tingpai.rules import predicates as p
from tingpai.rules.context import HandContext
from tingpai.scoring import score

# (predicate, hand, situation keywords, expected count)
ROWS: list[tuple[Callable[[HandContext], int], str, dict[str, Any], int]] = [
    (p.closed_hand, "123m456p789s234s5p +5p", {}, 1),
    (p.closed_hand, "[[7777z]] 123m456p789s5p +5p", {}, 0),
    (p.closed_hand, "[123m] 456p789s234s5p +5p", {}, 0),
    (p.self_draw, "123m456p789s234s5p +5p", {"win": "self"}, 1),
    (p.self_draw, "123m456p789s234s5p +5p", {}, 0),
    (p.dragon_triplets, "555z666z123m456p5s +5s", {}, 2),
    (p.dragon_triplets, "[7777z] 123m456p789s5s +5s", {}, 1),
    (p.wind_triplets, "111z123m456p789s5s +5s", {"seat": "E"}, 2),
    (p.wind_triplets, "222z123m456p789s5s +5s", {"seat": "S"}, 1),
    (p.wind_triplets, "333z123m456p789s5s +5s", {"seat": "S"}, 0),
    (p.value_triplets, "555z111z123m456p5s +5s", {"seat": "E"}, 3),
    (p.all_terminal_pungs, "11m999m999s444z77z +1m", {}, 1),
    (p.all_terminal_pungs, "123m999m999s444z7z +7z", {}, 0),
    (p.after_kong_replacement, "[2222s] 123m456p789p5s +5s",
     {"win": "self", "replacements": ("flower", "kong"), "flowers": "1f"}, 1),
    (p.after_kong_replacement, "123m456p789p234s5s +5s",
     {"win": "self", "replacements": ("flower",), "flowers": "1f"}, 0),
    (p.consecutive_kongs, "[2222s][3333m] 456p789p5s +5s",
     {"win": "self", "replacements": ("kong", "kong")}, 1),
    (p.consecutive_kongs, "[2222s][3333m] 456p789p5s +5s",
     {"win": "self", "replacements": ("kong", "flower", "kong"), "flowers": "1f"}, 0),
    (p.consecutive_kongs, "[2222s][3333m] 456p789p5s +5s",
     {"win": "self", "replacements": ("flower", "kong", "kong"), "flowers": "1f"}, 1),
]


@pytest.mark.parametrize(("predicate", "hand", "kwargs", "expected"), ROWS)
def test_shared_predicate(predicate: Callable[[HandContext], int], hand: str,
                          kwargs: dict[str, Any], expected: int,
                          monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[HandContext] = []
    original = scoring_module._evaluate

    def spy(rules: Any, ctx: HandContext, reading: Any, special: bool) -> Any:
        seen.append(ctx)
        return original(rules, ctx, reading, special)

    monkeypatch.setattr(scoring_module, "_evaluate", spy)
    score(situation(hand, **kwargs), RULES["hu-4p"])
    assert len(seen) == 1
    assert predicate(seen[0]) == expected

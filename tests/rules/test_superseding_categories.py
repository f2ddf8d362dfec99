"""Superseding stays inside a pattern's category (RULES.md "Inside a category a pattern
supersedes the ones it implies"; across categories patterns stack), and building a ruleset
enforces it."""

from __future__ import annotations

from typing import Any

import pytest

from tingpai.rules import Pattern, RuleError, Ruleset, find_ruleset, ruleset_ids
from tingpai.rules.context import HandContext


def _never(ctx: HandContext) -> int:
    return 0


def _pattern(id: str, category: str, **extra: Any) -> Pattern:
    return Pattern(id, id.title(), "", "", category, 1, _never, "test pattern", **extra)


def _build(*patterns: Pattern) -> Ruleset:
    base = find_ruleset("hu-4p")
    return Ruleset(id="test", name="test", options=base.options, patterns=patterns,
                   payment=base.payment)


def test_implies_into_another_category_is_refused() -> None:
    with pytest.raises(RuleError, match=r"big_hand \(Triplets\) supersedes small_hand \(Honors\)"):
        _build(_pattern("small_hand", "Honors"),
               _pattern("big_hand", "Triplets", implies=("small_hand",)))


def test_absorbs_into_another_category_is_refused() -> None:
    with pytest.raises(RuleError, match=r"flower_set \(Luck\) supersedes flower_tile \(Bonus\)"):
        _build(_pattern("flower_tile", "Bonus"),
               _pattern("flower_set", "Luck", absorbs=(("flower_tile", 4),)))


def test_inside_one_category_is_accepted() -> None:
    ruleset = _build(_pattern("small_hand", "Honors"),
                     _pattern("big_hand", "Honors", implies=("small_hand",)))
    assert ruleset.pattern("big_hand").implies == ("small_hand",)


@pytest.mark.parametrize("rid", ruleset_ids())
def test_every_shipped_ruleset_keeps_superseding_inside_categories(rid: str) -> None:
    ruleset = find_ruleset(rid)
    for pattern in ruleset.patterns:
        for target in (*pattern.implies, *(a for a, _ in pattern.absorbs)):
            assert ruleset.pattern(target).category == pattern.category

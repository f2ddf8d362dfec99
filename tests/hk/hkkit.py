"""Shared helpers of the Hong Kong tests: rulesets by id and hands scored from notation.

Defaults as in the scoring tests: seat South, round East, win by discard.  ``rules(...)``
caches nothing itself (the registry does); ``fan(...)`` returns the counted pattern ids with
the fan each added.
"""

from __future__ import annotations

from typing import Any

from scoring_helpers import situation

from tingpai.rules import Ruleset, find_ruleset
from tingpai.scoring import Score, score


def rules(rid: str, **options: Any) -> Ruleset:
    """A ruleset by id and options."""
    return find_ruleset(rid, **options)


def score_hk(hand: str, rid: str = "hk-4p", options: dict[str, Any] | None = None,
             **kwargs: Any) -> Score:
    """Score a hand in notation (``+`` marks the winning tile) under a Hong Kong id."""
    return score(situation(hand, **kwargs), rules(rid, **(options or {})))


def fan(result: Score) -> dict[str, int]:
    """Counted pattern ids and the fan each added."""
    return {p.id: p.value for p in result.patterns}


def check_absent(pid: str, result: Score, total: int | None) -> None:
    """A near miss: ``pid`` neither counted nor superseded; the hand is invalid (``total``
    None) or scores exactly ``total``."""
    assert pid not in fan(result)
    assert pid not in {s.id for s in result.superseded}
    if total is None:
        assert not result.valid
    else:
        assert result.valid, result.reason
        assert result.total == total


def check_coverage(rid: str, positive: list[Any], near_miss: list[Any]) -> None:
    """Every pattern of ``rid`` has a positive case and a near miss."""
    ids = {p.id for p in find_ruleset(rid).patterns}
    assert {r[0] for r in positive} == ids
    assert {r[0] for r in near_miss} == ids

"""Sixth audit of the public API (``import tingpai``), as a learning researcher calls it:
``legal_actions`` takes a seat as ``observe`` does."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest

import tingpai


@pytest.mark.parametrize("seat", [4, -1, 10**30, "0", 1.0, 0.0, None, True], ids=repr)
def test_legal_actions_refuses_a_seat_not_at_the_table(seat: Any) -> None:
    """``observe`` names such a seat (round 3); ``legal_actions`` used to answer ``()`` for
    ``4``, ``-1`` or ``"0"`` (as if that seat had nothing to decide: a search or a masked
    policy silently skipped it), ``TypeError: list indices must be integers`` for ``0.0``,
    and seat 1's actions for ``True``."""
    hand = tingpai.Hand("hu-4p", seed=1)
    with pytest.raises(ValueError, match="is not a seat of this 4-player table"):
        hand.legal_actions(seat)
    game = tingpai.Match("hu-4p", seed=1)
    with pytest.raises(ValueError, match="is not a seat of this 4-player table"):
        game.legal_actions(seat)
    assert hand.legal_actions(0) == hand.observe(0).legal  # nothing cached for the bad seat


def test_legal_actions_takes_any_integer_type() -> None:
    hand = tingpai.Hand("hu-4p", seed=1)
    for seat in range(4):
        assert hand.legal_actions(np.int64(seat)) == hand.observe(seat).legal
        assert hand.legal_actions(np.uint8(seat)) == hand.legal_actions(seat)
    assert all(type(a.seat) is int for a in hand.legal_actions(np.int64(0)))


ANALYSES = ["shanten", "shanten_by_form", "is_ready", "waits", "improving_tiles",
            "discard_table", "is_complete", "decompositions", "is_seven_pairs",
            "is_thirteen_orphans"]


@pytest.mark.parametrize("dtype", [np.int64, np.int32, np.int16, np.uint8], ids=repr)
@pytest.mark.parametrize("name", ANALYSES)
def test_analysis_takes_counts_as_a_numpy_array(name: str, dtype: Any) -> None:
    """A learner's counts come as numpy arrays (``obs["observation"][:34].astype(int)``).
    Every analysis function used to refuse one of 34 int64 (or int32, int16) entries with
    "counts must have 34 entries": the array's raw buffer (8 bytes per count) was read
    as the counts."""
    from tingpai.tiles import parse_counts

    fn = getattr(tingpai.analysis, name)
    for text in ("123m456p789s1122z", "123m456p789s11122z", "19m19p19s1234567z1m"):
        counts = parse_counts(text)
        try:
            expected: Any = fn(counts)
        except ValueError as exc:  # a count of tiles the function does not take
            with pytest.raises(ValueError, match=str(exc)[:30]):
                fn(np.array(counts, dtype=dtype))
            continue
        assert fn(np.array(counts, dtype=dtype)) == expected


def test_analysis_still_refuses_counts_that_are_not_whole_numbers() -> None:
    from tingpai.tiles import parse_counts

    counts = np.array(parse_counts("123m456p789s1122z"), dtype=np.float32)
    with pytest.raises((TypeError, ValueError)):
        tingpai.analysis.shanten(counts)
    with pytest.raises(ValueError, match="34 entries"):
        tingpai.analysis.shanten(np.zeros(42, dtype=np.int64))


@pytest.mark.parametrize("number", [np.int64(1), np.int32(1), np.uint8(1)], ids=repr)
def test_an_integer_option_may_be_a_numpy_integer(number: Any) -> None:
    """A parameter sweep over ``np.arange`` used to be refused: "option min_fan must be an
    integer, got np.int64(1)".  The value is kept as a plain int, so records stay JSON."""
    rules = tingpai.find_ruleset("hk-4p", min_fan=number)
    assert rules.options.min_value == 1 and type(rules.option_values["min_fan"]) is int
    assert rules is tingpai.find_ruleset("hk-4p", min_fan=1)  # one table, one memo entry
    game = tingpai.Match("hk-4p", {"min_fan": number}, seed=1)
    assert json.loads(json.dumps(game.record()))["options"] == {"min_fan": 1}


@pytest.mark.parametrize("value", [np.float64(1.0), True, "1"], ids=repr)
def test_an_integer_option_still_refuses_what_is_no_integer(value: Any) -> None:
    with pytest.raises(tingpai.rules.RuleError, match="option min_fan must be an integer"):
        tingpai.find_ruleset("hk-4p", min_fan=value)

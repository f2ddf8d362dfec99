"""Twelfth audit of the public API: the inputs a researcher passes by hand.

* ``analysis.limits([])`` (or 33 counts) raised a bare IndexError, and a ``kinds`` entry
  outside 0-33 was silently ignored: both are named now.
* ``RuleOptions.extra`` was a plain dict shared by every table of a ruleset, so writing into
  it changed every table's options: it is read-only now, and still pickles, copies and
  compares as a dict.
"""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest

import tingpai
from tingpai.analysis import limits
from tingpai.rules import RuleError


@pytest.mark.parametrize(
    ("melded", "error", "message"),
    [
        ([], ValueError, "melded must have 34 entries .* got 0"),
        ([0] * 33, ValueError, "melded must have 34 entries .* got 33"),
        ([0] * 35, ValueError, "melded must have 34 entries .* got 35"),
        ("1m", TypeError, "melded must be 34 tile counts, not notation"),
        ([0] * 33 + [-1], ValueError, r"melded\[33\] is -1"),
        ([0] * 33 + ["x"], TypeError, r"melded\[33\] is 'x', not a whole number"),
    ],
)
def test_limits_names_bad_melded_counts(melded: object, error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        limits(melded)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("kinds", "error", "message"),
    [
        ([40], ValueError, "kinds holds 40: tile kinds are 0-33"),
        ([-1], ValueError, "kinds holds -1"),
        (["1m"], TypeError, "kinds holds '1m', not a tile kind"),
        ([True], TypeError, "kinds holds True"),
        (5, TypeError, "kinds must be tile kinds 0-33, got 5"),
    ],
)
def test_limits_names_bad_kinds(kinds: object, error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        limits([0] * 34, kinds)  # type: ignore[arg-type]


def test_limits_still_reads_melds_and_a_tile_set() -> None:
    melded = [0] * 34
    melded[0] = 3  # a pung of 1m
    melded[9] = 4  # a kong of 1p
    caps = limits(melded, range(18))
    assert caps[:2] == [1, 4]
    assert caps[9] == 0
    assert caps[18:] == [0] * 16  # kinds outside the set: never held
    assert limits(tuple(melded))[27] == 4


def test_extra_is_read_only_and_shared_tables_stay_apart() -> None:
    options = dataclasses.replace(tingpai.find_ruleset("hk-4p").options, extra={"host": "a"})
    with pytest.raises(TypeError, match="read-only"):
        options.extra["host"] = "b"  # type: ignore[index]
    with pytest.raises(TypeError, match="read-only"):
        options.extra.update(other=1)  # type: ignore[attr-defined]
    assert options.extra == {"host": "a"}
    assert tingpai.find_ruleset("hk-4p").options.extra == {}


def test_extra_pickles_copies_and_compares_as_a_dict() -> None:
    options = dataclasses.replace(tingpai.find_ruleset("hu-3p").options, extra={"k": [1, 2]})
    assert pickle.loads(pickle.dumps(options)) == options
    deep = copy.deepcopy(options)
    assert deep == options and deep.extra == {"k": [1, 2]}
    assert deep.extra["k"] is not options.extra["k"]  # a deep copy owns its values
    assert hash(options) == hash(tingpai.find_ruleset("hu-3p").options)


def test_extra_that_is_no_mapping_is_named() -> None:
    with pytest.raises(RuleError, match="option extra must be a mapping, got 3"):
        dataclasses.replace(tingpai.find_ruleset("hu-4p").options, extra=3)

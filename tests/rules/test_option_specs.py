"""What ``tingpai rules`` says about each option is right: every option of every ruleset
names its allowed values, and the default it shows (as JSON) is a value the option accepts
that rebuilds exactly the default table."""

from __future__ import annotations

from typing import Any

import pytest

from tingpai.rules import find_ruleset, ruleset_ids, ruleset_spec

OPTIONS = [(rid, name) for rid in ruleset_ids() for name in ruleset_spec(rid).options]


@pytest.mark.parametrize(("rid", "name"), OPTIONS)
def test_default_round_trips_through_its_own_check(rid: str, name: str) -> None:
    spec = ruleset_spec(rid)
    option = spec.options[name]
    assert option.doc and option.allowed_values()
    default = option.json_value(spec.defaults)
    assert find_ruleset(rid, **{name: default}).options == find_ruleset(rid).options


@pytest.mark.parametrize(("rid", "name", "value"), [
    ("hk-4p", "min_fan", 5),
    ("hk-4p", "max_fan", None),
    ("hu-4p", "flowers", False),
    ("hu-4p", "discard_multiplier", "5/2"),
    ("hu-3p", "discard_multiplier", 3),
    ("hu-4p", "forms", ["standard", "orphans"]),
    ("hk-2p", "payment_table", "half-spicy"),
    ("hk-fanlaak", "point_limit", 200),
    ("hu-2p", "multiple_winners", "head_bump"),
])
def test_a_changed_value_is_shown_as_given(rid: str, name: str, value: Any) -> None:
    ruleset = find_ruleset(rid, **{name: value})
    assert ruleset_spec(rid).options[name].json_value(ruleset.options) == value


@pytest.mark.parametrize(("rid", "name", "allowed"), [
    ("hk-4p", "min_fan", "integer 0-10"),
    ("hk-4p", "max_fan", "integer >= 1 or null"),
    ("hu-4p", "furiten", "true, false"),
    ("hu-4p", "multiple_winners", "all, head_bump"),
    ("hk-4p", "rounds", "integer 1-4"),
])
def test_allowed_values_in_words(rid: str, name: str, allowed: str) -> None:
    assert ruleset_spec(rid).options[name].allowed_values() == allowed

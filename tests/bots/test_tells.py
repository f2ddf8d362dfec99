"""The expert's learned danger model: shipped weights, what they learned, the fitter; and
its model of which kinds the opponents discard next."""

from __future__ import annotations

import dataclasses
import importlib.util
import random
import sys
from pathlib import Path

import pytest
from botkit import position

from tingpai import ruleset_ids
from tingpai.bots.expert import ExpertOutlook
from tingpai.bots.knowledge import table_knowledge
from tingpai.bots.tells import (
    FEATURES,
    deal_in_chances,
    discard_weights,
    opponent_features,
    tell_weights,
)
from tingpai.bots.value import Outlook
from tingpai.rules import find_ruleset
from tingpai.tiles import parse_tile

TOOLS = Path(__file__).resolve().parents[2] / "tools"


@pytest.mark.parametrize("rules", ruleset_ids())
def test_every_shipped_table_has_fitted_weights(rules: str) -> None:
    weights = tell_weights(find_ruleset(rules))
    assert weights is not None and len(weights) == FEATURES
    obs = position(rules, "123m456p789s1122z3z",
                   ponds=["1z", "9m1p2p3p4z5z6z7z", "", ""][: find_ruleset(rules).options.players])
    for active in opponent_features(obs, 1):
        assert all(0 <= i < FEATURES for i in active)
    chances = deal_in_chances(obs, 1, weights)
    assert all(0.0 <= c < 0.5 for c in chances)


def test_the_hu_model_learned_the_tells() -> None:
    weights = tell_weights(find_ruleset("hu-4p"))
    assert weights is not None
    hand = "123m456p789s1122z3z"
    early = deal_in_chances(position("hu-4p", hand, ponds=["1z", "9m1z", "", ""]), 1, weights)
    late = deal_in_chances(position("hu-4p", hand, ponds=["1z", "9m2z3z4z5z6z7z9p1s2s1m8m",
                                                          "", ""]), 1, weights)
    five = parse_tile("5p")
    assert late[five] > 2 * early[five]  # a later hand is more often ready
    # A tile the opponent discarded is (nearly) never its win: sacred discard.
    own = parse_tile("9p")
    assert late[own] < late[five] / 10
    # Hong Kong hands live on flushes: melds all in one suit make that suit the danger.
    hk = tell_weights(find_ruleset("hk-4p"))
    assert hk is not None
    flush = position("hk-4p", hand, ponds=["1z", "9m1z2z3z4z5z", "", ""],
                     others={1: ["pung 222s", "chow 567s"]})
    chances = deal_in_chances(flush, 1, hk)
    assert chances[parse_tile("5s")] > 2 * chances[parse_tile("5m")]


@pytest.mark.parametrize("rules", ruleset_ids())
def test_a_late_hand_throwing_what_it_draws_is_read_as_more_dangerous(rules: str) -> None:
    # The same late pond, its last three tiles thrown from the hand or straight from the
    # draw: a ready hand throws what it draws, and every fitted table learned it.
    weights = tell_weights(find_ruleset(rules))
    assert weights is not None
    obs = position(rules, "123m456p789s1122z3z", ponds=["1z", "9m2z3z4z5z6z7z9p1s2s1m8m"])
    pond = len(obs.ponds[1])
    drawn = dataclasses.replace(obs, from_draw=tuple(
        (False,) * (pond - 3) + (True,) * 3 if seat == 1 else row
        for seat, row in enumerate(obs.from_draw)))
    five = parse_tile("5p")
    assert deal_in_chances(drawn, 1, weights)[five] > deal_in_chances(obs, 1, weights)[five]


def test_an_unknown_variant_falls_back_to_its_family() -> None:
    rules = find_ruleset("hk-4p", pao=False)
    assert tell_weights(rules) == tell_weights(find_ruleset("hk-4p"))


def _fitter() -> object:
    spec = importlib.util.spec_from_file_location("fit_tells", TOOLS / "fit_tells.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["fit_tells"] = module
    spec.loader.exec_module(module)
    return module


def test_the_fitter_recovers_a_planted_model() -> None:
    pytest.importorskip("numpy")
    fit_tells = _fitter()
    rng = random.Random(3)
    planted = [0.0] * FEATURES
    planted[0], planted[1], planted[-1] = 1.5, -1.5, -2.0
    rows = []
    for _ in range(20_000):
        active = (rng.choice((0, 1, 2)), FEATURES - 1)
        z = sum(planted[i] for i in active)
        p = 1 / (1 + 2.718281828459045 ** -z)
        rows.append((active, int(rng.random() < p), 0.0))
    w = fit_tells.fit(rows, l2=0.01)  # type: ignore[attr-defined]
    assert abs((w[0] - w[2]) - 1.5) < 0.15
    assert abs((w[1] - w[2]) + 1.5) < 0.15


def test_the_samples_are_labelled_by_the_engine() -> None:
    pytest.importorskip("numpy")
    fit_tells = _fitter()
    rows = fit_tells.samples("hu-2p", "value", 12, 5)  # type: ignore[attr-defined]
    assert rows and all(label in (0, 1) for _, label, _ in rows)
    assert any(label for _, label, _ in rows)  # a discard win in twelve hands was a deal-in


def test_the_discard_samples_label_what_the_opponent_threw_next() -> None:
    pytest.importorskip("numpy")
    fit_tells = _fitter()
    rows = fit_tells.discard_samples("hk-2p", "value", 6, 5)  # type: ignore[attr-defined]
    assert rows and all(label in (0, 1) for _, label, _ in rows)
    assert all(0.0 < share <= 1.0 for _, _, share in rows)  # only kinds with unseen copies
    assert all(all(0 <= i < FEATURES for i in f) for f, _, _ in rows)
    # Per opponent discard, at most one kind is labelled (none once a claim or the end cut
    # the wait short), so positives are a small share of the kinds in play.
    kinds = sum(table_knowledge(find_ruleset("hk-2p")).kinds)
    assert 0 < sum(label for _, label, _ in rows) <= len(rows) / (kinds // 2)


DISCARD_MODELS = {"hk-2p", "hk-fanlaak"}
"""The tables whose discard model an arena has set (README: expert against value)."""


@pytest.mark.parametrize("rules", ruleset_ids())
def test_the_discard_model_ships_only_where_an_arena_set_it(rules: str) -> None:
    weights = discard_weights(find_ruleset(rules))
    assert (weights is not None) == (rules in DISCARD_MODELS)
    assert weights is None or len(weights) == FEATURES


def test_a_table_does_not_borrow_another_tables_discard_model() -> None:
    # hu-2p without sacred discard shares hk-2p's sacred-discard rule and player count
    # (the danger model falls back across those), but no arena set a discard model for it.
    variant = find_ruleset("hu-2p", furiten=False)
    assert discard_weights(find_ruleset("hk-2p")) is not None
    assert discard_weights(variant) is None


@pytest.mark.parametrize("rules", sorted(set(ruleset_ids()) - DISCARD_MODELS))
def test_without_a_discard_model_the_expert_prices_waits_as_value_does(rules: str) -> None:
    ruleset = find_ruleset(rules)
    obs = position(rules, "123m456p789s1122z3z",
                   ponds=["1z", "9m1p2p3p4z5z6z7z", "", ""][: ruleset.options.players])
    assert discard_weights(ruleset) is None
    expert = ExpertOutlook(obs, {})
    plain = Outlook(obs, {})
    waits = [(parse_tile("2z"), 2, 1000), (parse_tile("1z"), 1, 4000)]
    assert expert.discards is None
    assert expert.ron_chance(waits) == plain.ron_chance(waits)


def test_a_read_discard_model_prices_each_wait_by_its_chance() -> None:
    obs = position("hk-4p", "123m456p789s1122z3z", ponds=["1z", "9m1p2p", "", ""])
    expert = ExpertOutlook(obs, {})
    north, east = parse_tile("4z"), parse_tile("1z")
    expert.discards = [0.0] * 34
    expert.discards[north], expert.discards[east] = 0.3, 0.1
    chance, gain = expert.ron_chance([(north, 1, 100), (east, 3, 500)])
    assert chance == pytest.approx(0.4)
    assert gain == pytest.approx((0.3 * 100 + 0.1 * 500) / 0.4)  # by chance, not by copies
    assert expert.ron_chance([(parse_tile("5z"), 2, 100)]) == (0.0, 0.0)  # never thrown


def test_the_shipped_fanlaak_model_expects_terminals_out_before_middle_tiles() -> None:
    obs = position("hk-fanlaak", "123p456p789p1122z3z",
                   ponds=["1z9m", "9s1s2p3p4z5z6z7p", "1m9m2s", "3z4z"])
    expert = ExpertOutlook(obs, {})
    plain = Outlook(obs, {})
    assert expert.discards is not None
    one_bamboo, five_characters = parse_tile("1s"), parse_tile("5m")
    assert expert.discards[one_bamboo] > 1.5 * expert.discards[five_characters]
    # The value bot prices waits by their unseen copies (three against four); the expert
    # by the chance that an opponent throws them, so the terminal wait comes out ahead.
    terminal = [(one_bamboo, 3, 100)]
    middle = [(five_characters, 4, 100)]
    assert plain.ron_chance(terminal)[0] < plain.ron_chance(middle)[0]
    assert expert.ron_chance(terminal)[0] > expert.ron_chance(middle)[0]
    assert expert.ron_chance(terminal)[0] == pytest.approx(expert.discards[one_bamboo])

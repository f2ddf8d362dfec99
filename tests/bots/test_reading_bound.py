"""The oracle experts of ``tools/reading_bound.py``: a yardstick read from the hidden state."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tingpai import Hand, find_bot
from tingpai.bots.tells import FEATURES
from tingpai.engine.actions import ActionKind
from tingpai.engine.results import Phase

TOOLS = Path(__file__).resolve().parents[2] / "tools"


def _tool(name: str) -> ModuleType:
    sys.path.insert(0, str(TOOLS))
    try:
        spec = importlib.util.spec_from_file_location(name, TOOLS / f"{name}.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path.remove(str(TOOLS))


def test_the_exact_oracle_reads_the_waits_the_engine_would_pay() -> None:
    bound = _tool("reading_bound")
    fit_tells = sys.modules["fit_tells"]
    hand = Hand("hu-2p", seed=11)
    bots = [find_bot("greedy", random.Random(s)) for s in range(2)]
    checked = 0
    while not hand.is_over and checked < 8:
        seat = hand.to_act()[0]
        obs = bound._observe_and_remember(hand, seat)
        if obs.phase is Phase.TURN and any(a.kind is ActionKind.DISCARD for a in obs.legal):
            other = 1 - seat
            reading = bound.OracleReading(obs, None)
            wins = [fit_tells.can_win_on(hand, other, t) for t in range(34)]
            assert reading.opponents[0].danger == tuple(float(w) for w in wins)
            checked += any(wins)
        hand.apply(bots[seat].act(obs))
    assert checked, "the seeded hand reached a position where the opponent could win"


def test_readiness_as_a_feature_raises_the_danger() -> None:
    pytest.importorskip("numpy")
    fit_tells = _tool("fit_tells")
    rows = fit_tells.samples("hu-2p", "value", 12, 5, with_ready=True)
    assert all(row[0][-1] in (FEATURES, FEATURES + 1) for row in rows)
    assert not any(label for features, label, _ in rows if features[-1] == FEATURES)
    w = fit_tells.fit(rows, width=FEATURES + 2)
    assert w[FEATURES + 1] > w[FEATURES] + 2.0


def test_deal_in_prices_are_the_legal_discard_wins_and_their_payments() -> None:
    """``tools/deal_in_prices.py`` prices exactly the tiles an opponent could legally win
    on (as the oracle reads them), each at the table's discard payment for its value."""
    prices = _tool("deal_in_prices")
    fit_tells = _tool("fit_tells")
    hand = Hand("hk-2p", seed=3)
    bots = [find_bot("value", random.Random(s)) for s in range(2)]
    checked = 0
    while not hand.is_over:
        seat = hand.to_act()[0]
        obs = hand.observe(seat)
        other = 1 - seat
        offered = prices.legal_prices(hand, other)
        legal = [t for t in range(34) if fit_tells.can_win_on(hand, other, t)]
        assert len(offered) == len(legal)
        for value, price in offered:
            assert value >= 3 and price == hand.ruleset.payments(value, False).discarder
        checked += bool(offered)
        hand.apply(bots[seat].act(obs))
    assert checked, "the seeded hand reached a position where the opponent could win"


def test_deal_in_prices_report_the_reading_beside_the_truth() -> None:
    prices = _tool("deal_in_prices")
    found = prices.measure("hk-2p", 6, 2)
    assert found.samples > 0 and found.value >= 3 and found.estimate >= 3
    assert found.price > 0 and found.estimate_price > 0


def test_the_deal_in_anatomy_counts_the_discards_the_engine_made_its_bots_pay() -> None:
    """``tools/deal_in_anatomy.py`` labels a discard a deal-in from the hidden state; the
    engine's results must agree, and each stage's figures stay within their counts."""
    anatomy = _tool("deal_in_anatomy")
    found = anatomy.measure("hu-2p", 16, ["expert", "greedy"], 4)
    assert [a.bot for a in found] == ["expert", "greedy"]
    assert sum(a.deal_ins for a in found) > 0, "the seeded hands hold a deal-in"
    for a in found:
        assert a.hands == 16 and a.deal_ins == a.paid
        assert a.deal_ins == sum(s.deal_ins for s in a.stages.values())
        for s in a.stages.values():
            assert s.deal_ins <= s.exposed
            assert s.sacred_same_shape <= s.sacred_held <= s.deal_ins
            assert 0.0 <= s.safest <= s.read <= s.deal_ins


def test_departures_are_valued_on_common_reshuffles_of_the_undrawn_tiles() -> None:
    """``tools/deviation_value.py``: a reshuffle moves only the tiles not yet drawn, a bot
    never departs from itself, and the same action played out on the same wall scores the
    same (so a departure's value is the difference its action makes, nothing else)."""
    deviation = _tool("deviation_value")
    hand = Hand("hk-2p", seed=5)
    bots = [find_bot("value", random.Random(s)) for s in range(2)]
    for _ in range(6):
        seat = hand.to_act()[0]
        hand.apply(bots[seat].act(hand.observe(seat)))
    wall = deviation.reshuffled(hand, random.Random(1))
    head, tail = hand._head, hand._tail
    assert wall[:head] == hand.wall[:head] and wall[tail + 1:] == hand.wall[tail + 1:]
    assert sorted(wall) == sorted(hand.wall) and wall != hand.wall
    seat = hand.to_act()[0]
    action = bots[seat].act(hand.observe(seat))
    first = deviation.play_out(hand, action, wall, bots)
    assert first == deviation.play_out(hand, action, wall, bots) and sum(first) == 0
    assert not hand.is_over, "playing out works on copies"

    same = deviation.measure(("hk-2p", 0, 3, ["value", "value"], "value", "value", 2, 1))
    assert same.hands == 6 and same.decisions > 0 and not same.kinds
    found = deviation.measure(("hk-2p", 0, 6, ["expert", "value"], "expert", "value", 2, 1))
    assert found.hands == 6 and sum(k.count for k in found.kinds.values()) > 0

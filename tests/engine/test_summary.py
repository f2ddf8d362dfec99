"""End-of-hand summaries and replay steps (``tingpai.engine.summary``) and seat hints
(``tingpai.bots.hints``), over bot-played hands of every ruleset."""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

import pytest

import tingpai
from tingpai.bots.hints import hint
from tingpai.engine import ActionKind, Hand
from tingpai.engine.summary import hand_steps, hand_summary
from tingpai.tiles import parse_tiles, tile_to_str

RULES = ["hu-4p", "hu-3p", "hu-2p", "hk-4p", "hk-2p", "hk-fanlaak"]


def played(rules: str, seed: int, *, hints: bool = False) -> Hand:
    """A hand played to its end by greedy bots (each seat's hint computed on the way)."""
    hand = tingpai.Hand(rules, seed=seed)
    bot = tingpai.find_bot("greedy", random.Random(seed))
    while not hand.is_over:
        obs = hand.observe(hand.to_act()[0])
        if hints:
            view = hint(obs)
            assert view["can_win"] == [a.kind.value for a in obs.legal
                                       if a.kind in (ActionKind.TSUMO, ActionKind.RON)]
        hand.apply(bot.act(obs))
    return hand


@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("seed", range(6))
def test_summary_payments_add_up_to_the_result(rules: str, seed: int) -> None:
    hand = played(rules, seed)
    result = hand.result
    assert result is not None
    summary = hand_summary(hand)
    net = [0] * hand.players
    for payment in summary["payments"]:
        assert payment["amount"] > 0 and payment["from"] != payment["to"]
        net[payment["from"]] -= payment["amount"]
        net[payment["to"]] += payment["amount"]
    assert net == list(result.deltas)
    assert [w["seat"] for w in summary["winners"]] == list(result.winner_seats)
    for shown, winner in zip(summary["winners"], result.winners, strict=True):
        assert [p["id"] for p in shown["patterns"]] == [p.id for p in winner.score.patterns]
        assert shown["total"] == winner.score.total
        # The winning hand: its concealed tiles, melds and winning tile make the whole hand.
        tiles = len(parse_tiles(shown["hand"])) + 3 * len(shown["melds"])
        if shown["tile"] is not None:
            tiles += 1
        assert tiles in (14, 15, 16, 17, 18)  # kongs count 4
    assert [b + d for b, d in zip(summary["scores_before"], summary["deltas"], strict=True)] \
        == summary["scores"]


GOLDEN = Path(__file__).resolve().parents[1] / "golden"


@pytest.mark.parametrize(("name", "payer", "why"), [
    # Seat 2's discard completed seat 1's fourth meld; seat 1 self-draws: seat 2 pays alone.
    ("hk4p_pao_fourth_meld_self_draw", 2, "pao"),
    # Seat 2's discards completed seat 1's three dragons; seat 3 deals in, seat 2 pays.
    ("hk4p_pao_third_dragon", 2, "pao"),
    ("hu4p_robbing_the_kong", None, "robbing_kong"),
    ("hu4p_ready_payments_at_the_pond_limit", None, "ready"),
])
def test_payment_reasons_of_the_golden_hands(name: str, payer: int | None, why: str) -> None:
    case = json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))
    hand = tingpai.replay(case["record"]).match.hands[0]
    summary = hand_summary(hand)
    reasons = {p["why"] for p in summary["payments"]}
    assert why in reasons
    if payer is not None:
        assert {p["from"] for p in summary["payments"]} == {payer}
    assert summary["deltas"] == case["expected"]["hands"][0]["deltas"]


@pytest.mark.parametrize("rules", ["hu-4p", "hk-4p"])
def test_summary_without_reveal_shows_only_winners_and_ready_hands(rules: str) -> None:
    for seed in range(10):
        hand = played(rules, seed)
        result = hand.result
        assert result is not None
        summary = hand_summary(hand, reveal=False)
        for seat in summary["seats"]:
            s = seat["seat"]
            shown = s in result.winner_seats or bool(result.ready and result.ready[s])
            assert (seat["hand"] is not None) == shown


@pytest.mark.parametrize("rules", RULES)
def test_replay_steps_run_from_the_deal_to_the_end(rules: str) -> None:
    hand = played(rules, 3)
    steps = hand_steps(hand)
    acted = [a for a in hand.history if a.kind is not ActionKind.PASS]
    if hand.history[-1].kind is ActionKind.PASS:  # the pass that ended the hand
        acted.append(hand.history[-1])
    assert len(steps) == len(acted) + 1
    assert [s["action"] for s in steps[1:]] == [a.to_dict() for a in acted]
    last = steps[-1]
    assert last["table"]["phase"] == "ended"
    for seat in range(hand.players):
        assert last["table"]["ponds"][seat] == [tile_to_str(t) for t in hand.pond(seat)]
        assert parse_tiles(last["hands"][seat]) == sorted(
            t for t, n in enumerate(hand.concealed(seat)) for _ in range(n))
    # The deal: every seat holds its 13 (the dealer 14), nothing in any pond.
    first = steps[0]
    assert all(not pond for pond in first["table"]["ponds"])


@pytest.mark.parametrize("rules", RULES)
def test_hints_hold_on_every_decision_of_bot_hands(rules: str) -> None:
    for seed in range(3):
        played(rules, seed, hints=True)


def test_sacred_discard_is_flagged_when_a_wait_lies_in_the_own_pond() -> None:
    # Play hu-4p hands until seat 0 is ready with a wait in its own pond; the hint says so.
    for seed in range(60):
        hand = tingpai.Hand("hu-4p", seed=seed)
        bot = tingpai.find_bot("greedy", random.Random(seed))
        while not hand.is_over:
            seat = hand.to_act()[0]
            obs = hand.observe(seat)
            if seat == 0 and hand.phase.value == "claims":
                view = hint(obs)
                if view.get("waits"):
                    pond = {tile_to_str(t) for t in obs.ponds[0]}
                    assert view["sacred"] == [w for w in view["waits"] if w in pond]
                    if view["sacred"]:
                        assert hand.is_furiten(0)
                        return
            hand.apply(bot.act(obs))
    pytest.skip("no sacred-discard position among the seeds tried")


def played_claims_first(rules: str, seed: int) -> Hand:
    """A hand played by greedy bots where, in a claim window, the last seat asked answers
    first (as at a live table, where a bot's claim comes before a person's pass)."""
    hand = tingpai.Hand(rules, seed=seed)
    bot = tingpai.find_bot("greedy", random.Random(seed))
    while not hand.is_over:
        hand.apply(bot.act(hand.observe(hand.to_act()[-1])))
    return hand


# Hands (claims answered last seat first) where a claim came before another seat's pass.
CLAIM_THEN_PASS = [("hu-4p", 49), ("hu-3p", 47), ("hk-4p", 10), ("hk-fanlaak", 24)]


@pytest.mark.parametrize(("rules", "seed"), CLAIM_THEN_PASS + [(r, 3) for r in RULES])
def test_a_claim_step_shows_the_meld_it_made(rules: str, seed: int) -> None:
    """A pung or chow claimed before the other seats had answered used to make its step at
    once, still showing the claim window and no meld; the meld first appeared beside the
    claimer's next discard.  The step now comes when the claim takes effect."""
    hand = played_claims_first(rules, seed)
    history = hand.history
    claimed = (ActionKind.CHOW, ActionKind.PUNG, ActionKind.KONG)
    waited = sum(a.kind in claimed and b.kind is ActionKind.PASS
                 for a, b in itertools.pairwise(history))
    assert waited or (rules, seed) not in CLAIM_THEN_PASS
    steps = hand_steps(hand)
    made = 0
    for before, step in itertools.pairwise(steps):
        action = step["action"]
        if action["do"] in ("chow", "pung", "kong"):
            seat = action["seat"]
            assert step["table"]["phase"] == "turn" and step["table"]["actor"] == seat
            melds = step["table"]["melds"][seat]
            assert len(melds) == len(before["table"]["melds"][seat]) + 1
            assert melds[-1]["meld"].startswith(action["do"])
            made += 1
    # Every claimed meld on the table at the end made one step (an added kong upgrades one).
    assert made == sum(not m.concealed for s in range(hand.players) for m in hand.melds(s))

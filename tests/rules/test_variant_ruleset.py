"""A ruleset the package does not ship, registered from test code only, is played, scored,
recorded and replayed exactly: a new table needs no engine change.

The variant is ``hk-4p-seat-flowers``, registered (and described) by
``tests/conformance/variants.py``, so the conformance suite covers it too: ``hk-4p`` with
the 8 flower and season tiles, 1 fan per seat flower.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

import tingpai
from tingpai.bots import play_game
from tingpai.engine import Action, ActionKind, Hand, Match, Phase, arrange_wall, full_set
from tingpai.engine.actions import CLAIM_KINDS
from tingpai.rules import RulesetSpec, find_ruleset, register, ruleset_ids, unregister
from tingpai.rules.hk import HK_OPTIONS, HK_PATTERNS, hk_defaults
from tingpai.scoring import Situation, score
from tingpai.tiles import BONUS_TILES, EAST, NORTH, SOUTH, WEST, parse_hand, parse_tiles

CONFORMANCE = str(Path(__file__).resolve().parent.parent / "conformance")
if CONFORMANCE not in sys.path:
    sys.path.insert(0, CONFORMANCE)

from variants import SEAT_FLOWER, SEAT_FLOWERS  # noqa: E402  (registers the variant)

VARIANT = SEAT_FLOWERS


def play(hand: Hand, *texts: str) -> None:
    """Scripted actions with record semantics: seats still to answer a claimable tile pass
    unless the action is their claim."""
    for text in texts:
        action = Action.from_str(text)
        if not (hand.phase in (Phase.CLAIMS, Phase.ROBBING) and action.kind in CLAIM_KINDS
                and action.seat in hand.to_act()):
            for seat in hand.to_act() if hand.phase is not Phase.TURN else ():
                hand.apply(Action(seat, ActionKind.PASS))
        hand.apply(action)


def test_a_registered_id_can_be_removed_again() -> None:
    spec = RulesetSpec("test-only-hk", "test only", hk_defaults(4), HK_PATTERNS, HK_OPTIONS,
                       aliases=("test-only",))
    register(spec)
    assert find_ruleset("test-only").id == "test-only-hk"
    unregister("test-only-hk")
    assert "test-only-hk" not in ruleset_ids()
    with pytest.raises(ValueError, match="unknown rules id 'test-only'"):
        find_ruleset("test-only")


def test_the_variant_is_a_table_like_any_other() -> None:
    rules = find_ruleset(VARIANT)
    assert VARIANT in tingpai.ruleset_ids()
    assert len(full_set(rules)) == 144 and rules.options.bonus_tiles == BONUS_TILES
    assert rules.pattern("seat_flower") is SEAT_FLOWER
    assert rules.policies == find_ruleset("hk-4p").policies  # pao, Hong Kong blessings
    assert find_ruleset(VARIANT, pao=False).policies.liability is None


@pytest.mark.parametrize(("seat_wind", "flowers", "fan"), [
    (EAST, "1f5f", 2), (SOUTH, "2f6f", 2), (WEST, "3f", 1), (NORTH, "8f", 1),
    (EAST, "2f3f4f6f7f8f", 0), (SOUTH, "1f5f", 0), (WEST, "", 0),
])
def test_seat_flower_is_one_fan_per_flower_of_the_seat(
    seat_wind: int, flowers: str, fan: int
) -> None:
    rules = find_ruleset(VARIANT, min_fan=0)
    concealed, melds, win = parse_hand("123m456p789s222s5z +5z")
    sit = Situation(tuple(concealed), win, tuple(melds), seat_wind=seat_wind,
                    flowers=tuple(parse_tiles(flowers)))
    result = score(sit, rules)
    assert result.valid
    counted = {p.id: p.value for p in result.patterns}
    assert counted.get("seat_flower", 0) == fan
    assert result.total == counted.get("closed_hand", 0) + fan  # nothing else on this hand


# East (the dealer) is dealt its seat flower 1f and South's 6f, declares both (each
# replaced from the tail), discards 9m, and self-draws 2s on its next turn:
# Self-Draw 1 + Closed Hand 1 + Seat Flower 1 (1f; 6f is not East's) = 3 fan, the minimum.
HANDS = {
    0: "1f6f123m456p789s1z2s",
    1: "147m258p369s3456z",
    2: "258m369p147s3457z",
    3: "369m147p258s3467z",
}
DRAWS = "9m" "8p" "8s" "9p" "2s"
TAIL = "1z" "2s"
SCRIPT = (
    "0 flower 1f", "0 flower 6f", "0 discard 9m",
    "1 discard 8p", "2 discard 8s", "3 discard 9p", "0 tsumo",
)


def scripted_match() -> Match:
    match = Match(VARIANT)
    play(match.next_hand(arrange_wall(match.ruleset, HANDS, DRAWS, TAIL)), *SCRIPT)
    return match


def test_a_scripted_hand_declares_replaces_and_scores_the_seat_flower() -> None:
    match = scripted_match()
    hand = match.hand
    assert hand is not None and hand.is_over and hand.result is not None
    assert hand.flowers(0) == tuple(parse_tiles("1f6f"))
    assert hand.census() == [full_set(match.ruleset).count(t) for t in range(42)]
    (winner,) = hand.result.winners
    counted = {p.id: p.value for p in winner.score.patterns}
    assert counted == {"closed_hand": 1, "self_draw": 1, "seat_flower": 1}
    assert winner.seat == 0 and winner.score.total == 3
    each = find_ruleset("hk-4p").payments(3, True).each
    assert each is not None and hand.result.deltas == (3 * each, -each, -each, -each)


def test_the_scripted_record_replays_exactly() -> None:
    match = scripted_match()
    record = json.loads(json.dumps(match.record()))
    assert record["rules"] == VARIANT
    assert record["hands"][0]["actions"][:2] == [
        {"seat": 0, "do": "flower", "tile": "1f"}, {"seat": 0, "do": "flower", "tile": "6f"},
    ]
    out = tingpai.replay(record)
    (replayed,) = out.hands
    assert replayed.result == match.hands[0].result
    assert out.scores == match.scores


@pytest.mark.parametrize("seed", [1, 2])
def test_bots_play_record_and_replay_the_variant(seed: int) -> None:
    run = play_game(["greedy", "random", "greedy", "random"], seed, VARIANT, max_hands=3)
    assert len(run.hands) == 3
    assert all(sum(h.deltas) == 0 for h in run.hands)
    record = json.loads(json.dumps(run.record))
    declared = [a for h in record["hands"] for a in h["actions"] if a["do"] == "flower"]
    assert declared, "eight bonus tiles in 144: some are declared in three hands"
    replayed = tingpai.replay(record)
    assert tuple(h.result for h in replayed.hands) == run.hands
    assert replayed.scores == run.result.scores


def test_a_copied_variant_hand_plays_on_independently() -> None:
    rng = random.Random(4)
    hand = Hand(VARIANT, seed=9)
    for _ in range(30):
        hand.apply(rng.choice(hand.legal_actions(hand.to_act()[0])))
    trial = hand.copy()
    before = hand.census(), hand.history[:]
    while not trial.is_over:
        trial.apply(rng.choice(trial.legal_actions(trial.to_act()[0])))
    assert (hand.census(), hand.history) == before
    full = full_set(hand.ruleset)
    assert trial.census() == [full.count(t) for t in range(42)]

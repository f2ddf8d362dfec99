"""The public API of DESIGN.md ("The Python API"): names, constructors, copies."""

from __future__ import annotations

import random

import pytest

import tingpai
from tingpai.engine import Phase, shuffled_wall

EXPORTED = (
    "find_ruleset", "ruleset_ids", "Hand", "Match", "Situation", "score", "replay",
    "parse_hand", "Action", "find_bot", "bot_names",
)


@pytest.mark.parametrize("name", EXPORTED)
def test_every_exported_name_is_documented_with_an_example(name: str) -> None:
    obj = getattr(tingpai, name)
    assert name in tingpai.__all__
    assert obj.__doc__ and ">>>" in obj.__doc__


def test_analysis_is_reachable_from_the_top() -> None:
    from tingpai.tiles import parse_counts

    assert tingpai.analysis.shanten(parse_counts("123m456p789s1122z")) == 0


def test_hand_takes_an_id_or_a_ruleset_and_a_seed_or_a_wall() -> None:
    rules = tingpai.find_ruleset("hk-4p", min_fan=1)
    by_object = tingpai.Hand(rules, seed=7)
    by_id = tingpai.Hand("hk-4p", seed=7)
    assert by_object.ruleset is rules and by_object.ruleset.options.min_value == 1
    assert by_object.wall == by_id.wall
    wall = shuffled_wall(rules, random.Random(7))
    assert tingpai.Hand(rules, wall=wall).wall == by_object.wall
    assert tingpai.Hand(rules, wall).wall == by_object.wall
    with pytest.raises(ValueError, match="not both"):
        tingpai.Hand(rules, wall=wall, seed=7)


def test_copy_is_independent_and_shares_the_ruleset() -> None:
    hand = tingpai.Hand("hu-4p", seed=11)
    rng = random.Random(2)
    for _ in range(25):
        hand.apply(rng.choice(hand.observe(hand.to_act()[0]).legal))
    before = (hand.census(), hand.history[:], [hand.concealed(s) for s in range(4)])
    trial = hand.copy()
    assert trial.ruleset is hand.ruleset and trial.wall is hand.wall
    while not trial.is_over:
        trial.apply(rng.choice(trial.observe(trial.to_act()[0]).legal))
    assert (hand.census(), hand.history, [hand.concealed(s) for s in range(4)]) == before
    assert not hand.is_over and hand.phase is not Phase.ENDED
    # The original still plays on to a result of its own.
    while not hand.is_over:
        hand.apply(rng.choice(hand.observe(hand.to_act()[0]).legal))
    assert hand.result is not None and sum(hand.result.deltas) == 0


def test_copy_then_same_actions_give_the_same_result() -> None:
    hand = tingpai.Hand("hu-3p", seed=5)
    trial = hand.copy()
    for h in (hand, trial):
        rng = random.Random(9)
        while not h.is_over:
            h.apply(rng.choice(h.observe(h.to_act()[0]).legal))
    assert hand.result == trial.result and hand.history == trial.history


def test_match_accepts_a_ruleset_object_and_records_its_options() -> None:
    rules = tingpai.find_ruleset("hk-4p", min_fan=1, rounds=1)
    game = tingpai.Match(rules, seed=3)
    bots = [tingpai.find_bot("greedy", random.Random(s)) for s in range(4)]
    while not game.is_over:
        seat = game.to_act()[0]
        game.apply(bots[seat].act(game.observe(seat)))
    record = game.record()
    assert record["rules"] == "hk-4p" and record["options"] == {"min_fan": 1, "rounds": 1}
    assert tingpai.replay(record).scores == game.result.scores
    with pytest.raises(ValueError, match="options"):
        tingpai.Match(rules, {"min_fan": 2})


def test_match_same_seed_same_game() -> None:
    def play(seed: int) -> dict[str, object]:
        game = tingpai.Match("hu-2p", seed=seed)
        bots = [tingpai.find_bot("random", random.Random(s)) for s in range(2)]
        while not game.is_over:
            seat = game.to_act()[0]
            game.apply(bots[seat].act(game.observe(seat)))
        return game.record()

    assert play(4) == play(4) != play(5)


def test_find_bot_names_the_known_levels() -> None:
    assert {"random", "greedy"} <= set(tingpai.bot_names())
    with pytest.raises(ValueError, match="known: random, greedy"):
        tingpai.find_bot("grandmaster", random.Random(0))


def test_an_option_named_id_is_an_unknown_option_not_a_traceback() -> None:
    with pytest.raises(tingpai.rules.RuleError, match="unknown option 'id'"):
        tingpai.find_ruleset("hu-4p", id="x")

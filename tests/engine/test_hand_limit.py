"""The optional hand limit every table has (``max_hands``, issue 8): a game of Hong Kong
exhaustive draws never ends by itself (the dealer repeats on every draw), so a host may
end the game after a number of hands; ``Match`` and records honour it."""

from __future__ import annotations

import random

import pytest

from tingpai import Match, find_bot, find_ruleset, replay, ruleset_ids
from tingpai.rules import RuleError, ruleset_spec


@pytest.mark.parametrize("rid", ruleset_ids())
def test_every_table_has_the_option_default_none(rid: str) -> None:
    assert find_ruleset(rid).options.max_hands is None
    assert "max_hands" in ruleset_spec(rid).options
    assert find_ruleset(rid, max_hands=7).options.max_hands == 7


@pytest.mark.parametrize("bad", [0, -1, 2.5, "ten", True, 10**16])
def test_bad_values_are_refused(bad: object) -> None:
    with pytest.raises(RuleError, match="max_hands"):
        find_ruleset("hk-4p", max_hands=bad)


def _play(match: Match, seed: int = 0) -> Match:
    bots = [find_bot("random", random.Random(seed + s)) for s in range(match.players)]
    while not match.is_over:
        seat = match.to_act()[0]
        match.apply(bots[seat].act(match.observe(seat)))
    return match


@pytest.mark.parametrize("rid", ["hk-4p", "hk-2p", "hu-4p"])
def test_the_game_ends_after_that_many_hands(rid: str) -> None:
    """Random bots rarely reach a Hong Kong minimum, so the table would repeat the dealer for
    a long time; the limit ends the game by the rules (``over``), after exactly N hands (a
    4-round Hong Kong game, or a 2-round Hu game of 4 seats, has at least 8 dealerships)."""
    game = _play(Match(find_ruleset(rid, max_hands=3), seed=11))
    assert len(game.hands) == 3 and game.result.over and game.upcoming() is None
    record = game.record()
    assert record["options"] == {"max_hands": 3}
    again = replay(record)
    assert again.game.over and len(again.hands) == 3 and again.scores == game.result.scores


def test_a_record_may_not_go_past_the_limit() -> None:
    game = _play(Match(find_ruleset("hk-4p", max_hands=2), seed=5))
    record = game.record()
    record["hands"].append(dict(record["hands"][-1]))
    with pytest.raises(ValueError, match="hand 2"):
        replay(record)


def test_the_limit_counts_from_the_match_start() -> None:
    """A record that starts mid-game (``start``) plays ``max_hands`` more hands."""
    from tingpai.engine.match import StartState

    start = StartState(round_wind=28, dealer=2, repeats=1)
    game = _play(Match("hk-4p", {"max_hands": 2}, start=start, seed=3))
    assert len(game.hands) == 2 and game.result.over

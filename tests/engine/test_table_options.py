"""Table options the Hong Kong rulesets set (read by the engine, never by ruleset id): pao
liability, no pond limit (the hand ends with the wall), always repeating on a draw — here
as option fields changed on a Hu ruleset.  Through the real ``hk-*`` ids: test_pao.py,
test_wall_end.py, test_hk_claims.py and test_hk_dealership.py."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from enginekit import finish, play

from tingpai.bots import RandomBot, play_hand
from tingpai.engine import Hand, Match, arrange_wall, full_set, shuffled_wall
from tingpai.rules import Ruleset, find_ruleset


def variant(rid: str = "hu-4p", **fields: Any) -> Ruleset:
    """A ruleset with option fields changed directly (as a future family would set them)."""
    rs = find_ruleset(rid)
    return dataclasses.replace(rs, options=dataclasses.replace(rs.options, **fields))


# Seat 1 pungs three dragons; the third comes from seat 2, who becomes liable.
PAO_HANDS = {
    0: "5z147m258p369s123z",
    1: "55z66z77z123m45p99p",
    2: "67z147m258p369s12z",
    3: "3p258m147p369s4s34z",
}
PAO_SCRIPT = (
    "0 discard 5z", "1 pung", "1 discard 1m",
    "2 discard 6z", "1 pung", "1 discard 2m",
    "2 discard 7z", "1 pung", "1 discard 3m",
    "2 cut",
)


def _pao_hand(pao: bool, draws: str) -> Hand:
    rs = variant(pao=pao)
    return Hand(rs, arrange_wall(rs, PAO_HANDS, draws))


def test_dragon_pao_pays_a_discard_win_instead_of_the_discarder() -> None:
    hand = play(_pao_hand(True, "8s" "8m" "9m" "7s" "6m"), *PAO_SCRIPT, "3 discard 3p", "1 ron")
    finish(hand)
    r = hand.result
    assert r is not None
    (w,) = r.winners
    assert w.payer == 3 and "big_three_dragons" in [p.id for p in w.score.patterns]
    assert r.deltas == (0, 24000, -24000, 0)


def test_without_pao_the_discarder_pays() -> None:
    hand = play(_pao_hand(False, "8s" "8m" "9m" "7s" "6m"), *PAO_SCRIPT, "3 discard 3p", "1 ron")
    finish(hand)
    assert hand.result is not None and hand.result.deltas == (0, 24000, 0, -24000)


def test_dragon_pao_pays_a_whole_self_draw() -> None:
    hand = play(
        _pao_hand(True, "8s" "8m" "9m" "7s" "6m" "1s" "3p"),
        *PAO_SCRIPT, "3 cut", "0 cut", "1 tsumo",
    )
    r = hand.result
    assert r is not None and r.deltas == (0, 24000, -24000, 0)


def test_no_pond_limit_the_hand_ends_when_the_wall_does() -> None:
    rs = variant(pond_limit=None, ready_payment=0)
    rng = random.Random(5)
    full = [0] * 42
    for t in full_set(rs):
        full[t] += 1
    draws = 0
    for _ in range(6):
        hand = Hand(rs, shuffled_wall(rs, rng))
        assert hand.observe(0).pond_left is None
        result = play_hand(hand, [RandomBot(random.Random(i)) for i in range(4)])
        assert hand.census() == full and sum(result.deltas) == 0
        if result.exhaustive and not result.winners:
            draws += 1
            assert hand.wall_left == 0 and result.deltas == (0, 0, 0, 0)
    assert draws


def test_repeat_on_draw_always() -> None:
    m = Match("hu-4p", {"pond_limit": 1})
    m.ruleset = variant(pond_limit=1, repeat_on_draw="always")
    hand = m.next_hand(arrange_wall(m.ruleset, {0: "147m258p369s1234z"}, "5s"))
    finish(play(hand, "0 cut"))
    assert hand.result is not None and not hand.result.dealer_ready
    m.next_hand()
    assert (m.dealer, m.repeats) == (0, 1)

"""Second audit of the Hong Kong tables in play: options, pao with a robbed kong, and the
fan tables a Hong Kong table may name.

Every expected amount is worked by hand from seeds 001/002 and the Hong Kong part of
RULES.md (half-spicy: 10 fan by discard 512, self-draw 256 from each loser).
"""

from __future__ import annotations

import pytest
from enginekit import deal, play

from tingpai.engine import RecordError, ReplayError, replay
from tingpai.engine.match import Match, StartState
from tingpai.rules import RuleError, find_ruleset
from tingpai.rules.payments import FAN_TABLES
from tingpai.scoring import Situation, score
from tingpai.tiles import tiles_to_str

# --- the payment_table option of the Hong Kong tables -----------------------------------


@pytest.mark.parametrize("rid", ["hk-4p", "hk-2p", "hk-fanlaak", "hk-fanlaak-0"])
def test_a_hong_kong_table_refuses_the_hu_base_point_table(rid: str) -> None:
    # RULES.md: half-spicy (default), full-spicy, golden (hk-2p), fan-laak, or a host
    # table.  "hu" multiplies Hu base points: 3 fan by discard would pay 3 points.
    with pytest.raises(RuleError) as err:
        find_ruleset(rid, payment_table="hu")
    message = str(err.value)
    assert "option payment_table must be a table name" in message
    assert "got 'hu'" in message
    for name in FAN_TABLES:
        assert name in message


@pytest.mark.parametrize("name", FAN_TABLES)
def test_every_fan_table_is_still_a_hong_kong_choice(name: str) -> None:
    assert find_ruleset("hk-4p", payment_table=name).options.payment_table == name


def test_a_record_naming_the_hu_table_at_a_hong_kong_table_is_refused() -> None:
    wall = tiles_to_str(deal({}, rid="hk-4p").wall, sort=False)
    record = {"format": "tingpai-record/1", "rules": "hk-4p",
              "options": {"payment_table": "hu"}, "hands": [{"wall": wall, "actions": []}]}
    with pytest.raises(RecordError, match="record rules/options: option payment_table"):
        replay(record)


def test_hu_keeps_its_own_table() -> None:
    assert find_ruleset("hu-4p", payment_table="hu").options.payment_table == "hu"


# --- pao and Robbing a Kong -------------------------------------------------------------
# Seat 3 pungs the dealer's 3p; seat 1 pungs 5z (seat 0), 6z and 7z (seat 2: liable for
# the third dragon meld) and waits on 3p/6p; seat 3 draws the last 3p and adds it to its
# pung; seat 1 robs it.  Big Three Dragons 5 + three Dragon Pungs 3 + Half Flush 3 + Robbing
# a Kong 1 = 12, capped at 10: 512, paid by the liable seat 2 instead of the konger.
ROB = {
    0: "3p5z147m258p369s12z",
    1: "55z66z77z123m45p99p",
    2: "67z147m258p369s13z",
    3: "33p258m147p69s344z",
}
ROB_SCRIPT = (
    "0 discard 3p", "3 pung", "3 discard 4z",
    "0 discard 5z", "1 pung", "1 discard 1m",
    "2 discard 6z", "1 pung", "1 discard 2m",
    "2 discard 7z", "1 pung", "1 discard 3m",
    "2 cut", "3 akong 3p", "1 ron",
)
ROB_DRAWS = "9s" "8s" "1s" "2s" "7s" "3p"  # dealer, dealer, seat 2 three times, seat 3


@pytest.mark.parametrize(("pao", "deltas"), [
    (True, (0, 512, -512, 0)),  # the liable seat pays instead of the konger
    (False, (0, 512, 0, -512)),  # the konger pays as the discarder
])
def test_third_dragon_liability_covers_a_robbed_kong(pao: bool,
                                                     deltas: tuple[int, ...]) -> None:
    hand = play(deal(ROB, ROB_DRAWS, rid="hk-4p", pao=pao), *ROB_SCRIPT)
    r = hand.result
    assert r is not None
    (w,) = r.winners
    assert (w.seat, w.payer, w.score.subtotal, w.score.total) == (1, 3, 12, 10)
    assert "robbing_the_kong" in {p.id for p in w.score.patterns}
    assert r.deltas == deltas


def test_an_action_after_the_robbed_kong_is_named() -> None:
    hand = play(deal(ROB, ROB_DRAWS, rid="hk-4p"), *ROB_SCRIPT)
    record = {"format": "tingpai-record/1", "rules": "hk-4p", "options": {},
              "hands": [hand.record()]}
    actions = record["hands"][0]["actions"]
    extra = len(actions)
    actions.append({"seat": 2, "do": "discard", "tile": "1z"})
    with pytest.raises(ReplayError) as err:
        replay(record)
    assert (err.value.hand, err.value.action) == (0, extra)


def test_a_start_past_the_point_limit_is_a_game_already_over() -> None:
    """With a point limit, a start where a seat's net points already reach it is a game that
    ended before its first hand: the record and the Python API refuse it, naming the seat."""
    rec = {"format": "tingpai-record/1", "rules": "hk-fanlaak",
           "options": {"point_limit": 10},
           "start": {"scores": [20, -20, 0, 0]}, "hands": []}
    with pytest.raises(RecordError, match=r"record start: scores: seat 0 .*point_limit 10"):
        replay(rec)
    with pytest.raises(ValueError, match=r"start scores: seat 0 .*point_limit 10"):
        Match("hk-fanlaak", {"point_limit": 10}, start=StartState(scores=(20, -20, 0, 0)))
    rec["start"] = {"scores": [9, -9, 0, 0]}
    assert list(replay(rec).scores) == [9, -9, 0, 0]


@pytest.mark.parametrize("rid", ["hk-4p", "hk-fanlaak"])
def test_a_lower_max_fan_caps_limit_hands_too(rid: str) -> None:
    """Seed 001: "the score is capped at 10 Fan", every limit hand counting as 10; a host's
    lower cap caps a limit hand as it caps any other (Hu's double limits stand above its
    cap: another rule)."""
    orphans = Situation("19m19p19s12345677z", "7z", win="self-draw")
    capped = score(orphans, find_ruleset(rid, max_fan=8))
    assert capped.valid and capped.limit and capped.total == 8
    assert score(orphans, rid).total == 10

"""``explain``: every pattern of the ruleset with whether and why it counted."""

from __future__ import annotations

from scoring_helpers import RULES, situation

from tingpai.scoring import explain, score


def test_explain_covers_every_pattern() -> None:
    sit = situation("123s123p789p9p [123m] +9p", flowers="5f")
    result = explain(sit, RULES["hu-4p"])
    assert result.score == score(sit, RULES["hu-4p"])
    notes = {n.id: n for n in result.notes}
    assert list(notes) == [p.id for p in RULES["hu-4p"].patterns]
    assert (notes["fully_outside"].status, notes["fully_outside"].value) == ("counted", 4000)
    assert (notes["half_outside"].status, notes["half_outside"].detail) == (
        "superseded", "by fully_outside")
    assert notes["half_outside"].value == 3000
    assert notes["nine_gates"].status == "absent"
    assert notes["nine_gates"].detail == RULES["hu-4p"].pattern("nine_gates").description


def test_explain_counts_and_partial_absorption() -> None:
    sit = situation("111z123m456p789s5s +5s", seat="E", flowers="12345f")
    notes = {n.id: n for n in explain(sit, RULES["hu-4p"]).notes}
    assert (notes["value_triplet"].value, notes["value_triplet"].detail) == (1000, "×2")
    assert notes["flower_tile"].status == "counted"
    assert notes["flower_tile"].value == 100
    assert "part by flower_set" in notes["flower_tile"].detail


def test_explain_of_invalid_hand() -> None:
    result = explain(situation("123m456p789p111s2z +2z"), RULES["hu-4p"])
    assert not result.score.valid
    assert all(n.status == "absent" for n in result.notes)


def test_score_does_not_explain() -> None:
    # the hot path returns the same Score without building notes
    sit = situation("123m456p789s234s5p +5p")
    assert score(sit, RULES["hu-4p"]).total == 500

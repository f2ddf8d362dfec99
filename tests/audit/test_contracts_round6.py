"""Contract audit, round 6: ``tingpai score --json`` refuses a win kind its own flag
contradicts, and ``tingpai.replay(record, rules=...)`` accepts a record whose ``rules`` is
an alias of the ruleset's id, as replaying it without ``rules`` does.  Each test names, in
its docstring, what happened before its fix."""

from __future__ import annotations

import json
import random

import pytest

import tingpai
from tingpai.engine.errors import RecordError

from .test_contracts_audit import cli

HAND = {"rules": "hu-4p", "concealed": "123m456p789s1122z", "win_tile": "2z"}


def test_robbing_kong_win_with_its_flag_false_is_refused(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``"win": "robbing-kong"`` with ``"robbing_kong": false`` used to score as a robbing
    win, one field silently overruling the other."""
    data = {**HAND, "win": "robbing-kong", "robbing_kong": False}
    status, out, _ = cli(capsys, monkeypatch, ["score", "--json"], json.dumps(data))
    assert status == 2
    assert json.loads(out) == {
        "error": "field 'win' is 'robbing-kong' but field 'robbing_kong' is false"
    }


@pytest.mark.parametrize(
    "fields",
    [{"win": "robbing-kong"}, {"win": "robbing-kong", "robbing_kong": True},
     {"robbing_kong": True}, {"win": "discard", "robbing_kong": True}],
)
def test_robbing_kong_said_either_way_or_both_scores_alike(
    fields: dict[str, object],
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    status, out, _ = cli(capsys, monkeypatch, ["score", "--json"],
                         json.dumps({**HAND, **fields}))
    assert status == 0
    data = json.loads(out)
    assert data["reason"].startswith("robbing a kong")  # no concealed kong-robbing here
    # and every spelling gives the same answer
    reference = cli(capsys, monkeypatch, ["score", "--json"],
                    json.dumps({**HAND, "win": "robbing-kong"}))[1]
    assert json.loads(reference) == data


def finished_game() -> dict[str, object]:
    game = tingpai.Match("hu-4p", seed=3)
    bots = [tingpai.find_bot("greedy", random.Random(seat)) for seat in range(4)]
    while not game.is_over:
        seat = game.to_act()[0]
        game.apply(bots[seat].act(game.observe(seat)))
    return game.record()


@pytest.mark.parametrize("alias", ["hu", "hu-4p"])
def test_replay_with_rules_accepts_a_record_naming_an_alias(alias: str) -> None:
    """A record with ``"rules": "hu"`` replayed alone, but with ``rules=`` the hu-4p
    Ruleset it was refused: "record rules 'hu' is not the given ruleset 'hu-4p'"."""
    record = finished_game()
    record["rules"] = alias
    alone = tingpai.replay(record)
    given = tingpai.replay(record, rules=tingpai.find_ruleset("hu-4p"))
    assert given.to_json() == alone.to_json()


def test_replay_with_rules_still_refuses_another_table() -> None:
    record = finished_game()
    record["rules"] = "hk"
    with pytest.raises(RecordError, match="record rules 'hk' is not the given"):
        tingpai.replay(record, rules=tingpai.find_ruleset("hu-4p"))

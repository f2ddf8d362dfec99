"""Tenth audit of the public API, as a python-chess user drives it: observation -> legal
actions -> the action's record form, text form and index, in every ruleset.

Seven fields of :class:`~tingpai.engine.observation.Observation` (``players``, ``phase``,
``scores``, ``seat_winds``, ``round_wind``, ``dealer``, ``repeats``) had no attribute
docstring, so a researcher reading the class could not tell, for one, whether ``scores``
already holds the hand's settlement.  The rest pins what the audit found sound: every legal
action of every kind round-trips through every form, numpy integers included, and an
observation agrees with its hand (sizes, the drawn tile, the wall, the pond limits, the
legal actions and the mask).
"""

from __future__ import annotations

import ast
import inspect
import random
from collections.abc import Iterator
from dataclasses import fields

import pytest

import tingpai
from tingpai import Action
from tingpai.engine.actions import ActionKind
from tingpai.engine.observation import Observation
from tingpai.engine.results import Phase

IDS = tingpai.ruleset_ids()
EVERY_TABLE_CAN = {"discard", "chow", "pung", "kong", "ckong", "akong", "ron", "tsumo", "pass"}
"""Action kinds that seeded play reaches at every table (flowers: where players declare
them; ``penalty`` is the host's and never legal)."""


def attribute_docstrings(cls: type) -> dict[str, str]:
    """Field name -> the string literal right after its annotation in the class body."""
    tree = ast.parse(inspect.getsource(cls))
    body = tree.body[0]
    assert isinstance(body, ast.ClassDef)
    docs: dict[str, str] = {}
    for node, after in zip(body.body, body.body[1:], strict=False):
        if (isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)
                and isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant)
                and isinstance(after.value.value, str)):
            docs[node.target.id] = after.value.value
    return docs


def test_every_observation_field_is_documented() -> None:
    docs = attribute_docstrings(Observation)
    missing = [f.name for f in fields(Observation) if not docs.get(f.name, "").strip()]
    assert missing == []
    assert "settlement" in docs["scores"]


def seeded_play(rules: str, games: int) -> Iterator[tuple[tingpai.Hand, int]]:
    """(hand, seat) for every seat at every step of seeded greedy-and-random hands (the
    hand moves on once the caller has looked)."""
    ruleset = tingpai.find_ruleset(rules)
    for g in range(games):
        rng = random.Random(g)
        bot = tingpai.find_bot("greedy", random.Random(g))
        hand = tingpai.Hand(ruleset, seed=g)
        while True:
            for s in range(hand.players):
                yield hand, s
            if hand.is_over:
                break
            obs = hand.observe(hand.to_act()[0])
            hand.apply(bot.act(obs) if rng.random() < 0.7 else rng.choice(obs.legal))


@pytest.mark.parametrize("rules", IDS)
def test_every_legal_action_round_trips_through_every_form(rules: str) -> None:
    np = pytest.importorskip("numpy")
    kinds: set[str] = set()
    for hand, seat in seeded_play(rules, 40):
        obs = hand.observe(seat)
        assert sum(obs.mask) == len(obs.legal)
        for action in obs.legal:
            kinds.add(action.kind.value)
            assert Action.from_dict(action.to_dict()) == action
            assert Action.from_str(action.to_str()) == action
            assert Action.from_index(seat, action.index) == action
            assert Action.from_index(np.int64(seat), np.int16(action.index)) == action
            assert obs.mask[action.index]
    expected = set(EVERY_TABLE_CAN)
    if tingpai.find_ruleset(rules).id.startswith("hu-"):
        expected.add("flower")  # Hu players declare their flowers; Hong Kong's are automatic
    assert expected <= kinds <= {k.value for k in ActionKind} - {"penalty"}


@pytest.mark.parametrize("rules", IDS)
def test_an_observation_agrees_with_its_hand(rules: str) -> None:
    limit = tingpai.find_ruleset(rules).options.pond_limit
    for hand, seat in seeded_play(rules, 4):
        obs = hand.observe(seat)
        assert obs.seat == seat and obs.players == hand.players
        assert obs.concealed_sizes[seat] == sum(obs.hand)
        assert obs.concealed == list(obs.hand[:34])
        assert obs.wall_left == hand.wall_left
        assert obs.scores == hand.scores
        assert obs.legal == hand.legal_actions(seat)
        assert obs.to_act == (seat in hand.to_act())
        if obs.drawn is not None:
            assert obs.phase is Phase.TURN and obs.actor == seat and obs.hand[obs.drawn] > 0
        if limit:
            assert obs.pond_left == tuple(limit - len(p) for p in obs.ponds)
        else:
            assert obs.pond_left is None
        if obs.phase is Phase.ENDED:
            assert obs.legal == () and obs.actor is None and hand.result is not None

"""Properties of legal play that every ruleset must keep, checked by hypothesis for each
registered id (parametrized by ``conftest.py``):

* every tile is somewhere at every step (``Hand.census()`` equals the full set);
* settlements are zero-sum: each winner's deltas, each hand's deltas and the hand's deltas
  with heavy penalties (a host action, tried here too) all sum to 0;
* an observation's ``mask`` is its ``legal`` actions, and ``Action.index`` /
  ``Action.from_index`` round-trip on them;
* an observation never holds another seat's concealed tiles: every field but the seat's own
  (``seat``, ``hand``, ``drawn``, ``legal``) is the same for every observer, and the own
  fields are that seat's;
* ``Hand.copy()`` is independent: playing a copy to the end leaves the original exactly as
  it was, and playing on the original leaves the copy as it was;
* a game's ``Match.record()`` replays (``tingpai.replay``) to the same hand results, per-hand
  deltas, scores and game result, and the record survives a JSON round trip;
* the same seed gives the same game, and a whole game ends by the rules.

Options are drawn from :data:`conformancekit.OPTION_VALUES` (by option name, for the ids
that accept them).  Bounds keep the file to a few seconds per ruleset.
"""

from __future__ import annotations

import json
import random
from dataclasses import fields
from typing import Any

import pytest
from conformancekit import (
    PARAMETRIZED,
    REGISTERED_AT_COLLECTION,
    full_counts,
    random_play,
    settable_options,
    whole_game_options,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tingpai
from tingpai.bots import Bot, play_game
from tingpai.engine import Action, Hand, Observation, Phase
from tingpai.tiles import NUM_KINDS

PRIVATE_FIELDS = frozenset({"seat", "hand", "drawn", "legal"})
"""Observation fields that belong to the observing seat."""
PUBLIC_FIELDS = frozenset({
    "players", "phase", "actor", "claim_tile", "robbing", "melds", "ponds", "called", "from_draw",
    "flowers", "concealed_sizes", "scores", "seat_winds", "round_wind", "dealer", "repeats",
    "wall_left", "pond_left", "forms", "ruleset",
})
"""Observation fields every seat sees alike (a new field must be classified here)."""


def test_every_registered_ruleset_is_covered() -> None:
    """A ruleset registered by some test module after this suite was collected would be
    missed: add the module to ``conformancekit.VARIANT_MODULES``."""
    missed = REGISTERED_AT_COLLECTION - PARAMETRIZED
    assert not missed, f"rulesets not covered by the conformance suite: {sorted(missed)}"
    assert set(tingpai.ruleset_ids()) >= PARAMETRIZED


def test_observation_fields_are_classified() -> None:
    assert {f.name for f in fields(Observation)} == PUBLIC_FIELDS | PRIVATE_FIELDS


# --- per-step checks ------------------------------------------------------------------


def check_observations(hand: Hand) -> None:
    """Privacy, mask and index round trip of every seat's observation now."""
    views = [hand.observe(s) for s in range(hand.players)]
    public = [{name: getattr(v, name) for name in PUBLIC_FIELDS} for v in views]
    assert all(p == public[0] for p in public[1:]), "a public field differs between seats"
    seen = [0] * NUM_KINDS
    for pond, called in zip(hand.observe(0).ponds, hand.observe(0).called, strict=True):
        for t, was_called in zip(pond, called, strict=True):
            seen[t] += not was_called
    for seat_melds in views[0].melds:
        for m in seat_melds:
            for t in m.tiles:
                seen[t] += 1
    for s, view in enumerate(views):
        assert view.seat == s
        assert view.hand == tuple(hand.concealed(s))
        assert sum(view.hand) == view.concealed_sizes[s]
        assert view.legal == hand.legal_actions(s)
        assert view.visible == seen
        if view.drawn is not None:
            assert view.phase is Phase.TURN and view.actor == s and view.hand[view.drawn] > 0
        assert [i for i, on in enumerate(view.mask) if on] == sorted(a.index for a in view.legal)
        assert len({a.index for a in view.legal}) == len(view.legal)
        for a in view.legal:
            assert a.seat == s
            assert Action.from_index(s, a.index) == a
            assert Action.from_dict(a.to_dict()) == a and Action.from_str(a.to_str()) == a
    acting = hand.to_act()
    assert all(views[s].legal for s in acting)
    assert all(not views[s].legal for s in range(hand.players) if s not in acting)
    assert hand.is_over == (not acting)


def check_zero_sum(hand: Hand) -> None:
    assert sum(hand.deltas) == 0
    assert sum(hand.scores) == sum(hand.start_scores)
    if hand.result is not None:
        assert sum(hand.result.deltas) == 0
        for w in hand.result.winners:
            assert sum(w.deltas) == 0


def snapshot(hand: Hand) -> tuple[Any, ...]:
    """Everything observable about a hand (for copy independence)."""
    n = hand.players
    return (
        hand.record(), hand.census(), hand.to_act(), hand.phase, hand.actor,
        hand.claim_tile, hand.scores, hand.deltas, hand.wall_left, hand.result,
        tuple(hand.history), tuple(hand.observe(s) for s in range(n)),
        tuple(hand.legal_actions(s) for s in range(n)),
        tuple(hand.is_ready(s) for s in range(n)), tuple(hand.is_furiten(s) for s in range(n)),
    )


def check_copy_independence(hand: Hand, rng: random.Random) -> Hand:
    """A copy played to the end changes nothing in ``hand``; returns a second copy (with
    :func:`snapshot` of now in ``twin_state``) to check after ``hand`` plays on."""
    before = snapshot(hand)
    trial = hand.copy()
    assert snapshot(trial) == before
    for _ in random_play(trial, rng):
        if rng.random() < 0.02:
            trial.penalize(rng.randrange(trial.players))
    assert trial.is_over
    assert snapshot(hand) == before
    twin = hand.copy()
    twin.twin_state = before  # type: ignore[attr-defined]
    return twin


# --- the property tests ---------------------------------------------------------------

BOT_NAMES = ("random", "greedy")


@st.composite
def table_options(draw: st.DrawFn, ruleset_id: str) -> dict[str, Any]:
    """A few of the options the ruleset accepts, each with a value from OPTION_VALUES."""
    choices = settable_options(ruleset_id)
    names = draw(st.lists(st.sampled_from(sorted(choices)), max_size=2, unique=True)) \
        if choices else []
    return {name: draw(st.sampled_from(choices[name])) for name in names}


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_legal_play_keeps_every_invariant(ruleset_id: str, data: st.DataObject) -> None:
    options = data.draw(table_options(ruleset_id), label="options")
    seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
    rng = random.Random(seed)
    match = tingpai.Match(ruleset_id, options, rng=random.Random(rng.getrandbits(32)),
                          auto_deal=False)
    n = match.players
    names = data.draw(st.lists(st.sampled_from(BOT_NAMES), min_size=n, max_size=n),
                      label="bots")
    bots: list[Bot] = [tingpai.find_bot(b, random.Random(rng.getrandbits(32))) for b in names]
    full = full_counts(match.ruleset)
    while not match.is_over and len(match.hands) < 2:
        hand = match.next_hand()
        copy_at = rng.randrange(60)
        twins: list[Hand] = []
        step = 0
        check_observations(hand)
        while not hand.is_over:
            if step == copy_at:
                twins.append(check_copy_independence(hand, random.Random(rng.getrandbits(32))))
            seat = hand.to_act()[0]
            hand.apply(bots[seat].act(hand.observe(seat)))
            if rng.random() < 0.01:
                hand.penalize(rng.randrange(n))
            step += 1
            assert hand.census() == full
            check_zero_sum(hand)
            check_observations(hand)
        assert hand.phase is Phase.ENDED and hand.result is not None
        for twin in twins:  # the original played on: its copy did not move
            assert snapshot(twin) == twin.twin_state  # type: ignore[attr-defined]
    check_replay_exact(match)


def check_replay_exact(match: tingpai.Match) -> None:
    record = match.record()
    replayed = tingpai.replay(record)
    assert replayed.scores == match.scores
    assert replayed.game == match.result
    assert len(replayed.hands) == len(match.hands)
    for got, hand in zip(replayed.hands, match.hands, strict=True):
        assert got.result == hand.result
        assert got.deltas == hand.deltas
    for again, hand in zip(replayed.match.hands, match.hands, strict=True):
        assert again.record() == hand.record() and again.census() == hand.census()
    assert replayed.match.record() == record
    assert tingpai.replay(json.loads(json.dumps(record))).to_json() == replayed.to_json()


def _bots(n: int) -> list[str]:
    return [BOT_NAMES[i % 2] for i in range(n)]


@pytest.mark.parametrize("seed", [11, 12])
def test_same_seed_same_game(ruleset_id: str, seed: int) -> None:
    n = tingpai.find_ruleset(ruleset_id).options.players
    first = play_game(_bots(n), seed, ruleset_id, max_hands=2)
    again = play_game(_bots(n), seed, ruleset_id, max_hands=2)
    assert first.record == again.record and first.hands == again.hands
    assert first.result == again.result
    other = play_game(_bots(n), seed + 100, ruleset_id, max_hands=2)
    assert other.record != first.record
    a, b = Hand(ruleset_id, seed=seed), Hand(ruleset_id, seed=seed)
    assert a.wall == b.wall and a.legal_actions(0) == b.legal_actions(0)
    assert Hand(ruleset_id, seed=seed + 1).wall != a.wall


def test_a_whole_game_ends_by_the_rules_and_replays(ruleset_id: str) -> None:
    options = whole_game_options(ruleset_id)
    n = tingpai.find_ruleset(ruleset_id, **options).options.players
    run = play_game(["greedy"] * n, 5, ruleset_id, options, max_hands=400)
    assert run.result.over, f"{ruleset_id}: no end after {len(run.hands)} hands"
    assert sum(run.result.net) == 0
    replayed = tingpai.replay(run.record)
    assert replayed.scores == run.result.scores and replayed.game == run.result
    assert tuple(h.result for h in replayed.hands) == run.hands

"""Ninth audit of the public API: a hand and a game print as what they are.

``repr(hand)`` and ``print(hand)`` gave ``<tingpai.engine.hand.Hand object at 0x...>``: a
researcher stepping through a search in a debugger or a notebook saw nothing of the state.
As ``chess.Board`` prints its board, a hand prints its table (every seat's tiles, melds,
flowers and pond, then who acts or how it ended) and a game its line and current hand.
"""

from __future__ import annotations

import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st
from test_robustness_round3 import played

import tingpai
from tingpai.tiles import (
    parse_meld,
    parse_tile,
    parse_tiles,
    tile_to_str,
    wind_from_str,
)

SEAT_LINE = re.compile(r"^seat (\d): ([ESWN])  (\S*)((?:  (?:chow|pung|kong|ckong) \S+)*)"
                       r"(?:  flowers: (\S+))?  pond: (.*)$")


@settings(max_examples=60, deadline=None)
@given(rules=st.sampled_from(tingpai.ruleset_ids()), seed=st.integers(0, 10**6),
       steps=st.integers(0, 120))
def test_a_hand_prints_every_seat_exactly_as_it_stands(rules: str, seed: int,
                                                        steps: int) -> None:
    hand = played(tingpai.Hand(rules, seed=seed), steps, seed)
    lines = str(hand).split("\n")
    assert len(lines) == hand.players + 2
    head = (f"{rules} · round E · dealer seat 0 · repeats 0 · wall {hand.wall_left} · "
            f"scores {list(hand.scores)}")
    assert lines[0] == head
    for seat, line in enumerate(lines[1:-1]):
        found = SEAT_LINE.match(line)
        assert found, line
        number, wind, concealed, melds, flowers, pond = found.groups()
        assert int(number) == seat
        assert wind_from_str(wind) == hand.seat_winds[seat]
        counts = hand.concealed(seat)
        held = [t for t in range(len(counts)) for _ in range(counts[t])]
        assert sorted(parse_tiles(concealed)) == held
        shown = [parse_meld(m.strip()) for m in re.findall(r"(?:chow|pung|kong|ckong) \S+",
                                                            melds)]
        assert [m.tiles for m in shown] == [m.tiles for m in hand.melds(seat)]
        assert parse_tiles(flowers or "") == sorted(hand.flowers(seat))
        ponds = [] if pond == "-" else [parse_tile(t) for t in pond.split(" ")]
        assert ponds == list(hand.pond(seat))
    last = lines[-1]
    if hand.is_over:
        assert last.startswith("ended: ")
        assert repr(hand).startswith(f"<Hand {rules}: ended, ")
        state = "ended"
    elif hand.claim_tile is None:
        state = f"turn of seat {hand.to_act()[0]}"
        assert last == state
    else:
        state = f"{hand.phase.value} on seat {hand.actor}'s {tile_to_str(hand.claim_tile)}"
        waiting = hand.to_act()
        seats = ("seat " if len(waiting) == 1 else "seats ") + ", ".join(map(str, waiting))
        assert last == f"{state}: {seats} to answer"
    assert repr(hand) == (f"<Hand {rules}: {state}, {hand.wall_left} tiles in the wall, "
                          f"{len(hand.history)} actions>")


def test_a_won_hand_names_its_winners_and_deltas() -> None:
    for seed in range(200):
        hand = tingpai.Hand("hu-4p", seed=seed)
        bots = [tingpai.find_bot("greedy", random.Random(s)) for s in range(4)]
        while not hand.is_over:
            seat = hand.to_act()[0]
            hand.apply(bots[seat].act(hand.observe(seat)))
        assert hand.result is not None
        if hand.result.winners:
            last = str(hand).split("\n")[-1]
            assert last == hand.status_line()
            for w in hand.result.winners:
                assert f"seat {w.seat} won by {w.kind.value}" in last
                assert f"({w.score.total} {w.score.unit.value}: " in last
            assert last.endswith(f"; deltas {list(hand.deltas)}")
            return
    raise AssertionError("200 greedy hands without a win")


def test_a_game_prints_its_line_then_its_hand() -> None:
    game = tingpai.Match("hu-3p", seed=4)
    assert str(game) == repr(game) == (
        "<Match hu-3p: 0 hands, round E, dealer seat 0, repeats 0, "
        f"scores {[game.ruleset.options.start_points] * 3}>")
    bots = [tingpai.find_bot("greedy", random.Random(s)) for s in range(3)]
    while not game.is_over:
        seat = game.to_act()[0]
        game.apply(bots[seat].act(game.observe(seat)))
    assert game.hand is not None
    assert repr(game).endswith(f"scores {list(game.scores)}, over>")
    assert str(game) == f"{game!r}\n{game.hand}"


# -- Actions: numpy seats and tiles, and no index for an action that is never legal ---------


def test_an_action_takes_numpy_integers_for_its_seat_and_tile() -> None:
    """``from_index`` and ``observe`` took numpy integers, ``Action(np.int64(0), ...)`` said
    "seat np.int64(0) is not 0-3" and ``from_dict`` "no integer 'seat'"."""
    import numpy as np

    from tingpai.engine.actions import ActionKind

    built = tingpai.Action(np.int64(1), ActionKind.DISCARD, np.int32(3))
    assert built == tingpai.Action(1, ActionKind.DISCARD, 3)
    assert type(built.seat) is int and type(built.tile) is int
    assert tingpai.Action.from_dict({"seat": np.int64(2), "do": "pung"}).seat == 2
    for bad in (True, 4, -1, "0", 1.0):
        try:
            tingpai.Action(bad, ActionKind.PUNG)  # type: ignore[arg-type]
        except ValueError as exc:
            assert "is not 0-3" in str(exc)
        else:
            raise AssertionError(f"seat {bad!r} accepted")


def test_an_action_that_is_never_legal_has_no_index() -> None:
    """``discard 1f`` had index 34, the slot of ``flower 1f``; ``flower 9m`` 8 (``discard
    9m``), ``ckong 1f`` 76 (``akong 1m``), ``akong 1f`` 110 (``chow 123m``): a mask lookup
    said such an action was legal and ``from_index(a.index) != a``."""
    import pytest

    for text in ("0 discard 1f", "0 flower 9m", "0 ckong 1f", "0 akong 8f"):
        with pytest.raises(ValueError, match="is never legal and has no index"):
            tingpai.Action.from_str(text).index  # noqa: B018
    for index in range(136):
        action = tingpai.Action.from_index(0, index)
        assert action.index == index
    for bad in ("3", 3.0, True):
        with pytest.raises(ValueError, match="is not an integer"):
            tingpai.Action.from_index(0, bad)  # type: ignore[arg-type]


def test_a_new_game_can_be_observed_before_anything_else() -> None:
    """``Match.observe`` before the first hand said "call next_hand()" (for seat 9 too),
    though ``to_act``, ``legal_actions`` and ``apply`` deal that hand themselves."""
    import pytest

    game = tingpai.Match("hk-2p", seed=5)
    observation = game.observe(0)
    assert game.hand is not None and len(game.hands) == 1
    assert observation.legal == game.legal_actions(0)
    with pytest.raises(ValueError, match="is not a seat"):
        tingpai.Match("hk-2p", seed=5).observe(9)
    manual = tingpai.Match("hk-2p", seed=5, auto_deal=False)
    with pytest.raises(tingpai.engine.errors.IllegalAction, match="call next_hand"):
        manual.observe(0)

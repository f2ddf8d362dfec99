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

import tingpai
from tingpai.tiles import (
    parse_meld,
    parse_tile,
    parse_tiles,
    tile_to_str,
    wind_from_str,
)

SEAT_LINE = re.compile(r"^seat (\d) ([ESWN]): (\S*)((?:  (?:chow|pung|kong|ckong) \S+)*)"
                       r"(?:  flowers: (\S+))?  pond: (.*)$")


def _played(rules: str, seed: int, steps: int) -> tingpai.Hand:
    hand = tingpai.Hand(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if hand.is_over:
            break
        hand.apply(rng.choice(hand.legal_actions(hand.to_act()[0])))
    return hand


@settings(max_examples=60, deadline=None)
@given(rules=st.sampled_from(tingpai.ruleset_ids()), seed=st.integers(0, 10**6),
       steps=st.integers(0, 120))
def test_a_hand_prints_every_seat_exactly_as_it_stands(rules: str, seed: int,
                                                        steps: int) -> None:
    hand = _played(rules, seed, steps)
    lines = str(hand).split("\n")
    assert len(lines) == hand.players + 2
    head = f"{rules} · round E · dealer seat 0 · repeats 0 · wall {hand.wall_left}"
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
    elif hand.claim_tile is None:
        assert last == f"turn of seat {hand.to_act()[0]}"
    else:
        assert last == (f"{hand.phase.value} on seat {hand.actor}'s "
                        f"{tile_to_str(hand.claim_tile)}")
    assert repr(hand) == (f"<Hand {rules}: {last if not hand.is_over else 'ended'}, "
                          f"{hand.wall_left} tiles in the wall, {len(hand.history)} actions>")


def test_a_won_hand_names_its_winners_and_deltas() -> None:
    for seed in range(200):
        hand = tingpai.Hand("hu-4p", seed=seed)
        bots = [tingpai.find_bot("greedy", random.Random(s)) for s in range(4)]
        while not hand.is_over:
            seat = hand.to_act()[0]
            hand.apply(bots[seat].act(hand.observe(seat)))
        assert hand.result is not None
        if hand.result.winners:
            won = ", ".join(f"seat {w.seat} ({w.score.total})" for w in hand.result.winners)
            assert str(hand).endswith(f"ended: won by {won}; "
                                      f"deltas {list(hand.result.deltas)}")
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

"""The tenth command-line audit, of ``play`` and the other commands as users run them: each
test fails on the code it was written against.

* In a terminal narrower than the table's status line (60 columns; 80 when another seat
  is closer to the pond limit) the line was cut with an ellipsis, and the pond-limit
  countdown a Hu player decides by was lost.  The status now wraps instead.
"""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

from tingpai.bots import find_bot
from tingpai.cli.play_cmd import Names, show
from tingpai.engine import Phase
from tingpai.engine.hand import Hand

NAMES = Names(1, {0: "greedy", 2: "greedy", 3: "greedy"})


def _seat_1_turn() -> Hand:
    """hu-4p: seat 1's first turn, seat 0 (the dealer) one discard nearer the pond limit."""
    hand = Hand("hu-4p", seed=3)
    bot = find_bot("greedy", random.Random(1))
    while not (hand.phase is Phase.TURN and hand.to_act()[0] == 1):
        seat = hand.to_act()[0]
        hand.apply(bot.act(hand.observe(seat)))
    return hand


# --- play: the status line is never cut ---------------------------------------------------------


@pytest.mark.parametrize("width", [40, 60, 80])
def test_the_pond_limit_countdown_is_shown_whole_in_a_narrow_terminal(width: int) -> None:
    hand = _seat_1_turn()
    obs = hand.observe(1)
    assert obs.pond_left is not None and obs.pond_left[0] < obs.pond_left[1]
    out = io.StringIO()
    show(Console(file=out, width=width), obs, NAMES)
    text = out.getvalue()
    assert "…" not in text
    flat = " ".join(text.split())
    assert f"wall {obs.wall_left}" in flat
    assert f"pond limit: you {obs.pond_left[1]} left, seat 0 {obs.pond_left[0]}" in flat
    assert all(len(line) <= width for line in text.splitlines())

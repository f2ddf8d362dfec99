"""The seventh command-line audit of ``tingpai play``, played as a player would: each test
fails on the code it was written against.

A choice the game cannot take says why (a number off the list, an action not possible
now and what is, a tile that may not be discarded), where it used to say only ``not a
legal choice``; the input ending (Ctrl-D) ends the prompt's line before the closing
message; a Hu hand ended by a full pond says so rather than only "exhaustive draw"; a kong
that may be robbed is not called an offer.
"""

from __future__ import annotations

import io
import random
import sys

import pytest
from rich.console import Console

from tingpai.bots import find_bot
from tingpai.cli.play_cmd import Names, _read_choice, show, show_result
from tingpai.engine import ActionKind
from tingpai.engine.hand import Hand
from tingpai.tiles import tile_to_str, tiles_to_unicode

NAMES = Names(0, {1: "greedy", 2: "greedy", 3: "greedy"})


def answers(hand: Hand, seat: int, typed: str) -> tuple[object, str]:
    """What ``_read_choice`` returns for the lines ``typed``, and what it printed."""
    out = io.StringIO()
    choice = _read_choice(Console(file=out, width=200), io.StringIO(typed),
                          hand.observe(seat), hand, NAMES)
    return choice, out.getvalue()


def first_claim() -> tuple[Hand, int]:
    """hu-4p, seed 1, greedy bots: the first moment a seat may chow or pung a discard
    (seat 1 may chow 678s)."""
    hand = Hand("hu-4p", seed=1)
    bot = find_bot("greedy", random.Random(1))
    while True:
        seat = hand.to_act()[0]
        kinds = {a.kind for a in hand.legal_actions(seat)}
        if kinds & {ActionKind.PUNG, ActionKind.CHOW}:
            return hand, seat
        hand.apply(bot.act(hand.observe(seat)))
        assert not hand.is_over, "the engine no longer deals this hand"


def test_a_number_off_the_list_says_how_long_the_list_is() -> None:
    hand = Hand("hu-4p", seed=3)
    n = len(hand.legal_actions(0))
    choice, out = answers(hand, 0, f"0\n{n + 1}\nq\n")
    assert choice is None
    assert f"there is no choice 0: the list goes from 1 to {n}" in out
    assert f"there is no choice {n + 1}: the list goes from 1 to {n}" in out


def test_an_action_not_possible_now_names_what_is() -> None:
    """``ron`` on one's own turn used to get only ``not a legal choice: 'ron'``."""
    hand = Hand("hu-4p", seed=3)
    _, out = answers(hand, 0, "ron\npung\nq\n")
    assert "not a legal choice: 'ron': ron is not possible now (you may: discard" in out
    assert "pung is not possible now (you may: discard" in out


def test_a_tile_that_may_not_be_discarded_lists_those_that_may() -> None:
    hand = Hand("hu-4p", seed=3)
    obs = hand.observe(0)
    held = {t for t, n in enumerate(obs.hand) if n}
    absent = next(t for t in range(34) if t not in held)
    name = tile_to_str(absent)
    _, out = answers(hand, 0, f"{name}\ndiscard {name}\nq\n")
    assert f"{name} is not a tile you may discard now (you may: " in out
    assert f"discard {name} is not possible now; possible: discard " in out


def test_at_a_claim_a_discard_or_another_tile_is_explained() -> None:
    hand, seat = first_claim()
    obs = hand.observe(seat)
    assert obs.claim_tile is not None
    _, out = answers(hand, seat, "5m\nchow 999p\nxyz\nq\n")
    assert "'5m': no discard now (you may: pass, chow 678s)" in out
    assert "'chow 999p': chow 999p is not possible now; possible: chow 678s" in out
    assert "that is neither a number of the list, a tile nor an action" in out


def test_the_end_of_input_ends_the_prompts_line() -> None:
    """At Ctrl-D the closing ``scores [...]; record written to ...`` used to be printed
    on the prompt's line: ``your choice (1-13, an action, or help) > scores [...]``."""
    hand = Hand("hu-4p", seed=3)
    choice, out = answers(hand, 0, "")
    assert choice is None and out.endswith("or help) > \n")


def drawn_hand(rules: str, by_full_pond: bool) -> Hand:
    """The first hand (by seed) of random bots at ``rules`` that ends undecided: with tiles
    left in the wall (a full pond ended it) or not."""
    for seed in range(50):
        hand = Hand(rules, seed=seed)
        bot = find_bot("random", random.Random(seed))
        while not hand.is_over:
            hand.apply(bot.act(hand.observe(hand.to_act()[0])))
        assert hand.result is not None
        if not hand.result.winners and (hand.wall_left > 0) == by_full_pond:
            return hand
    raise AssertionError(f"no such {rules} hand in 50 seeds")


def test_a_hand_ended_by_a_full_pond_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    """The panel said only ``exhaustive draw: nobody won`` with tens of tiles still in
    the wall, leaving the player to guess why the hand was over."""
    hand = drawn_hand("hu-4p", by_full_pond=True)
    full = [s for s in range(4) if len(hand.pond(s)) >= 18]
    assert len(full) == 1
    show_result(Console(file=sys.stdout, width=160), hand, hand.ruleset, NAMES)
    out = capsys.readouterr().out
    assert (f"exhaustive draw: nobody won (the pond of seat {full[0]} " in out
            and "reached its limit of 18 discards)" in out), out


def test_a_hand_ended_by_the_empty_wall_adds_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    hand = drawn_hand("hk-4p", by_full_pond=False)
    show_result(Console(file=sys.stdout, width=160), hand, hand.ruleset, NAMES)
    out = capsys.readouterr().out
    assert "exhaustive draw: nobody won\n" in out and "limit" not in out


def a_kong_to_rob() -> tuple[Hand, int]:
    """hk-2p, seed 368: greedy play that takes every pung and added kong on offer comes to
    a kong the other seat may rob."""
    hand = Hand("hk-2p", seed=368)
    bot = find_bot("greedy", random.Random(368))
    eager = (ActionKind.AKONG, ActionKind.PUNG, ActionKind.FLOWER)
    while not hand.is_over:
        seat = hand.to_act()[0]
        obs = hand.observe(seat)
        if obs.robbing == "kong":
            return hand, seat
        taken = [a for a in obs.legal if a.kind in eager]
        hand.apply(taken[0] if taken else bot.act(obs))
    raise AssertionError("the engine no longer deals this hand")


def test_a_kong_that_may_be_robbed_is_not_called_an_offer() -> None:
    """Before: ``seat 0 E (greedy) offers 8p`` of a seat adding 8p to its kong, the words
    of a discard; the list below offered ``ron 8p``."""
    hand, seat = a_kong_to_rob()
    obs = hand.observe(seat)
    assert obs.actor is not None and obs.claim_tile is not None
    out = io.StringIO()
    show(Console(file=out, width=200), obs, Names(seat, {obs.actor: "greedy"}))
    tile = tile_to_str(obs.claim_tile)
    last = out.getvalue().splitlines()[-1]
    assert last.startswith(f"seat {obs.actor} ") and "offers" not in last
    assert f"(greedy) adds {tile} " in last and "to a kong: you may rob it (ron)" in last


def test_a_word_meant_as_a_tile_is_named_as_none() -> None:
    """``9f`` (there are eight bonus tiles) was "not a legal choice" like any word; a
    Unicode tile is echoed in the notation of the list."""
    hand = Hand("hu-4p", seed=3)
    obs = hand.observe(0)
    absent = next(t for t in range(34) if not obs.hand[t])
    _, out = answers(hand, 0, f"9f\n0z\ndiscard {tiles_to_unicode([absent])}\nq\n")
    assert "'9f' is not a tile (1-9m, 1-9p, 1-9s, 1-7z, 1-8f)" in out
    assert "'0z' is not a tile" in out
    assert f"discard {tile_to_str(absent)} is not possible now; possible: discard " in out

"""The sixth command-line audit: each test fails on the code it was written against.

``play`` takes a claim named with the offered tile (``pung 9s``, ``kong 9s``, ``ron 9s``:
what the help's ``kong 7z: any kong`` promises), and its end-of-hand panel writes counts
(``×2``) and ``self-draw`` as the other commands and its own log do; ``replay`` lists the
bonuses counted in a winner's total and the cap, so the values shown add up to it, and
names the unit (points or fan); ``analyze`` names every part of a wait's value (counts and
bonuses); ``score`` does not call a pattern of a hand below the minimum a non-winning
pattern (and, held back, says "the other player" at a two-player table); ``rules`` shows
every option whole at 80 columns; ``arena`` names the unit of its average win.
"""

from __future__ import annotations

import io
import json
import random
import re
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from rich.console import Console

from tingpai.bots import find_bot
from tingpai.bots.hints import hint, hint_text
from tingpai.cli import main
from tingpai.cli.play_cmd import Names, _read_choice, choice_matches, describe, show_result
from tingpai.engine import Action, ActionKind, Match
from tingpai.engine.hand import Hand
from tingpai.engine.results import Winner
from tingpai.rules import WinKind, find_ruleset
from tingpai.tiles import parse_tile, tile_to_str, tiles_to_unicode

# --- play: a claim named with the offered tile -----------------------------------------


def _pung_offer() -> tuple[Hand, int]:
    """hu-4p, seed 1, greedy bots: the first moment a seat may pung the tile on offer."""
    hand = Hand("hu-4p", seed=1)
    bot = find_bot("greedy", random.Random(1))
    while True:
        seat = hand.to_act()[0]
        if any(a.kind is ActionKind.PUNG for a in hand.legal_actions(seat)):
            return hand, seat
        hand.apply(bot.act(hand.observe(seat)))
        assert not hand.is_over, "the engine no longer deals this hand"


def test_a_pung_typed_with_the_offered_tile_is_taken() -> None:
    """Before: ``not a legal choice: 'pung 4z'`` while the table said ``offers 4z`` and the
    list ``2. pung``: a claim's action carries no tile, so naming it failed."""
    hand, seat = _pung_offer()
    obs = hand.observe(seat)
    assert obs.claim_tile is not None
    text = f"pung {tile_to_str(obs.claim_tile)}\n"
    console = Console(file=io.StringIO())
    choice = _read_choice(console, io.StringIO(text), obs, hand,
                          Names(seat, {s: "greedy" for s in range(4) if s != seat}))
    assert isinstance(choice, Action) and choice.kind is ActionKind.PUNG, choice


CLAIMS = (
    Action(1, ActionKind.PASS),
    Action(1, ActionKind.PUNG),
    Action(1, ActionKind.KONG),
    Action(1, ActionKind.RON),
)


@pytest.mark.parametrize(("text", "index"), [
    ("pung 9s", 1), ("kong 9s", 2), ("Ron 9S", 3), ("kong", 2), ("pung", 1),
])
def test_claims_may_name_the_offered_tile(text: str, index: int) -> None:
    assert choice_matches(text, CLAIMS, parse_tile("9s")) == [CLAIMS[index]]


@pytest.mark.parametrize("text", ["pung 8s", "kong 1z", "ron 5m"])
def test_a_claim_naming_another_tile_is_refused(text: str) -> None:
    assert choice_matches(text, CLAIMS, parse_tile("9s")) == []


# --- replay: the values shown add up to the total ------------------------------------------


def replayed(match: Match, tmp_path: Path, capsys: pytest.CaptureFixture[str],
             level: str = "greedy", first_seed: int = 6) -> str:
    """``tingpai replay``'s human output of ``match`` played out by two bots of ``level``
    (seeded ``first_seed`` and the next)."""
    bots = [find_bot(level, random.Random(first_seed + s)) for s in range(2)]
    while not match.is_over:
        seat = match.to_act()[0]
        match.apply(bots[seat].act(match.observe(seat)))
    path = tmp_path / "game.json"
    path.write_text(json.dumps(match.record()), encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    return out


def test_replay_lists_the_bonuses_in_a_winners_total(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """hu-2p, one round, seed 2, greedy bots: a dealer wins on a repeat.  Before, the line
    read ``800 (All Sequences 500, Flower Tile 200)``: the Dealer Repeats bonus was left
    out, so the values listed did not add up to the total beside them."""
    out = replayed(Match(find_ruleset("hu-2p", rounds=1), rng=random.Random(2)), tmp_path,
                   capsys)
    wins = re.findall(r"wins by .*?: (\d+) points \((.*)\)$", out, re.M)
    assert wins and any("Dealer Repeats" in listed for _, listed in wins), out
    for total, listed in wins:
        values = [int(v) for v in re.findall(r" (\d+)(?:,|$)", listed)]
        assert sum(values) == int(total), (total, listed)


def test_replay_shows_a_capped_win_adding_up(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """hu-2p capped at 1000 (option max_value), seed 2: a repeat's dealer wins 2600 of
    patterns.  The line says the patterns' sum, the cap and the bonus on top of it."""
    out = replayed(Match(find_ruleset("hu-2p", max_hands=3, max_value=1000),
                         rng=random.Random(2)), tmp_path, capsys)
    assert ": 1100 points (" in out and "= 2600, capped at 1000; Dealer Repeats 100)" in out, out


def test_replay_names_the_unit_of_a_win(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Before, a Hong Kong win read ``seat 0 wins by discard on 5z from seat 2: 3 (All
    Pungs 3)`` beside deltas of 32 table points: 3 what?  (fan; Hu: base points.)"""
    out = replayed(Match(find_ruleset("hk-2p", max_hands=4), rng=random.Random(1)), tmp_path,
                   capsys, "value", 0)
    wins = [line for line in out.splitlines() if " wins by " in line]
    assert wins and all(re.search(r": \d+ fan \(", line) for line in wins), out


# --- score: two players -------------------------------------------------------------------


def test_a_two_player_self_draw_names_the_other_player(
    capsys: pytest.CaptureFixture[str]
) -> None:
    """``Self-draw: each of 1 players pays 700 (700 in all)`` at every two-player table."""
    assert main(["score", "12s11z [789m] [234m] [789p] +3s", "--rules", "hu-2p",
                 "--self-draw", "--flowers", "28f"]) == 0
    out = capsys.readouterr().out
    assert "each of 1 players" not in out
    assert "Self-draw: the other player pays 700" in out


# --- rules: the options table at 80 columns ---------------------------------------------


@pytest.mark.parametrize("rid", ["hu-4p", "hu-3p", "hk-4p", "hk-fanlaak"])
def test_rules_shows_every_option_whole_at_80_columns(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], rid: str
) -> None:
    """Before, at 80 columns (a terminal's default, and any pipe) the Hu ``forms`` default
    kept its column one line wide and squeezed the descriptions to a word a line, cut short
    with an ellipsis: ``descrip…``, ``head_bu…``, ``exhaust…``, ``non-lim…``."""
    monkeypatch.setenv("COLUMNS", "80")
    assert main(["rules", rid]) == 0
    out = capsys.readouterr().out
    table = out.split("Patterns:")[0]
    assert "…" not in table, [line for line in table.splitlines() if "…" in line]
    assert "description" in table and "head_bump" in table


# --- arena: the unit of a win ------------------------------------------------------------


@pytest.mark.parametrize(("rid", "unit"), [("hu-2p", "base points"), ("hk-2p", "fan")])
def test_arena_names_the_unit_of_its_average_win(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], rid: str, unit: str
) -> None:
    """Before, ``avg win`` read 1,682 at one table and 4.1 at another with no word of what
    either counts (the JSON contract says: base points in Hu, fan in Hong Kong)."""
    monkeypatch.setenv("COLUMNS", "200")
    assert main(["arena", "--rules", rid, "--bots", "greedy,random", "--games", "1",
                 "--max-hands", "4"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert f"avg win: mean value of a win in {unit}" in out, out[-400:]


# --- analyze: what each wait is worth, in full ---------------------------------------------


def test_analyze_names_every_part_of_a_waits_value(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """README's example: two flowers and two repeats.  Before, the 6p wait read ``2900
    points: All Sequences, Three-color Sequences, Flower Tile``: 500 + 2000 + 100 as shown,
    with the second flower and the 200 of the Dealer Repeats bonus nowhere (``tingpai
    score`` lists both for the same win)."""
    monkeypatch.setenv("COLUMNS", "200")
    assert main(["analyze", "123s123p789p9p [123m]", "--rules", "hu-4p", "--flowers", "15f",
                 "--dealer-repeats", "2"]) == 0
    out = capsys.readouterr().out
    [row] = [line for line in out.splitlines() if "6p" in line and "points" in line]
    assert "Flower Tile ×2" in row and "Dealer Repeats" in row, row


def test_analyze_counts_a_pattern_scored_twice_at_hong_kong_tables(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Two dragon pungs are 2 fan of Dragon Pung: the wait's line said ``Dragon Pung`` once."""
    monkeypatch.setenv("COLUMNS", "200")
    assert main(["analyze", "555z666z123m456p9s", "--rules", "hk-4p"]) == 0
    out = capsys.readouterr().out
    assert "Dragon Pung ×2" in out, out


# --- score: why a pattern of a hand that does not win is listed --------------------------------


def test_a_pattern_of_a_hand_below_the_minimum_is_not_called_a_non_winning_pattern(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """hk-4p, 1 fan below the 3-fan minimum: before, Closed Hand's note read ``present, but
    not a winning pattern``, as if Closed Hand could never win; it is the hand that is
    short.  Hu's One Quad, which qualifies no hand, keeps that note."""
    monkeypatch.setenv("COLUMNS", "200")
    assert main(["score", "123m456p789s1122z +2z", "--rules", "hk-4p"]) == 0
    out = capsys.readouterr().out
    [row] = [line for line in out.splitlines() if line.startswith("│ Closed Hand")]
    assert "not a winning pattern" not in row and "the hand does not win" in row, row
    assert main(["score", "[1111m] 234p567s789s55z +5z", "--rules", "hu-4p"]) == 0
    out = capsys.readouterr().out
    [row] = [line for line in out.splitlines() if line.startswith("│ One Quad")]
    assert "present, but not a winning pattern" in row, row


# --- play: the panel writes a count as every other command does ------------------------------


def _first_hu_2p_hand(wanted: Callable[[Hand], bool]) -> Hand:
    """The first seeded hu-2p hand, played by greedy bots, that ``wanted`` accepts."""
    for seed in range(1, 200):
        hand = Hand("hu-2p", seed=seed)
        bots = [find_bot("greedy", random.Random(s)) for s in range(2)]
        while not hand.is_over:
            seat = hand.to_act()[0]
            hand.apply(bots[seat].act(hand.observe(seat)))
        if wanted(hand):
            return hand
    raise AssertionError("no such hand: the engine no longer deals these")


def _winners(hand: Hand) -> tuple[Winner, ...]:
    return hand.result.winners if hand.result is not None else ()


def test_the_panel_writes_a_pattern_count_with_the_times_sign(
    capsys: pytest.CaptureFixture[str]
) -> None:
    """``score``, ``replay`` and ``analyze`` write ``Flower Tile ×2`` and the panel's own
    discard line ``1600 × 3``; the pattern rows said ``Flower Tile x2``."""
    hand = _first_hu_2p_hand(
        lambda h: any(p.count > 1 for w in _winners(h) for p in w.score.patterns))
    show_result(Console(file=sys.stdout, width=120), hand, hand.ruleset,
                Names(0, {1: "greedy"}))
    out = capsys.readouterr().out
    assert re.search(r"\S ×\d", out) and not re.search(r"\S x\d", out), out


def test_the_panel_spells_self_draw_as_the_log_and_the_payments_do(
    capsys: pytest.CaptureFixture[str]
) -> None:
    """Before: ``seat 1 E (greedy) wins by self draw`` under the log's ``wins by
    self-draw`` and above ``pays ... 700 (self-draw)``."""
    hand = _first_hu_2p_hand(
        lambda h: any(w.kind is WinKind.SELF_DRAW for w in _winners(h)))
    show_result(Console(file=sys.stdout, width=120), hand, hand.ruleset,
                Names(0, {1: "greedy"}))
    out = capsys.readouterr().out
    assert "wins by self-draw" in out and "self draw" not in out, out


# --- hint: what the moment allows -------------------------------------------------------


def first_discard_claim_with_a_flower_held() -> tuple[Hand, int]:
    """The first hu-4p deal (by seed) where, after the dealer's first discard, a seat that
    may claim it holds an undeclared flower."""
    for seed in range(300):
        hand = Hand("hu-4p", seed=seed)
        while True:
            seat = hand.to_act()[0]
            legal = hand.legal_actions(seat)
            discards = [a for a in legal if a.kind is ActionKind.DISCARD]
            hand.apply(discards[0] if discards else legal[0])
            if discards:
                break
        for seat in hand.to_act():
            obs = hand.observe(seat)
            claims = any(a.kind in (ActionKind.PUNG, ActionKind.CHOW) for a in obs.legal)
            if claims and any(obs.hand[34:]):
                return hand, seat
    raise AssertionError("no such deal in 300 seeds")


def test_a_hint_at_a_claim_does_not_ask_to_declare_flowers_now() -> None:
    """At a claim decision the hint said "declare your flowers (6f) to draw replacements",
    which no legal action there allows."""
    hand, seat = first_discard_claim_with_a_flower_held()
    view = hint(hand.observe(seat))
    assert view["can_declare"] is False
    text = hint_text(view)
    assert "declare your flowers" not in text
    assert f"flowers held ({view['flowers_held']}): declare them in your turn" in text


def test_a_complete_shape_with_no_win_on_offer_says_so() -> None:
    """After a chow that completes the shape (a hand below the table's minimum), the hint
    said "shanten -1 (complete)" though no win is offered."""
    view = hint(Hand("hu-4p", seed=3).observe(0))
    shown = {**view, "shanten": -1, "can_win": [], "discards": []}
    assert "shanten -1 (complete, but no win is on offer now)" in hint_text(shown)
    assert "shanten -1 (complete)" in hint_text({**shown, "can_win": ["tsumo"]})


def test_the_decision_list_names_the_tile_a_claim_takes() -> None:
    """The list read ``2. pung`` while the discard on offer was only in the line above."""
    game = Match("hu-4p", seed=5)
    bots = [find_bot("greedy", random.Random(seat)) for seat in range(4)]
    while True:
        asked = [s for s in game.to_act()
                 if any(a.kind is ActionKind.PUNG for a in game.legal_actions(s))]
        if asked:
            break
        seat = game.to_act()[0]
        game.apply(bots[seat].act(game.observe(seat)))
    obs = game.observe(asked[0])
    assert obs.claim_tile is not None
    offered = f"{tile_to_str(obs.claim_tile)} {tiles_to_unicode([obs.claim_tile])}"
    labels = [describe(a, obs.claim_tile) for a in obs.legal]
    assert f"pung {offered}" in labels and "pass" in labels
    assert describe(next(a for a in obs.legal if a.kind is ActionKind.PUNG)) == "pung"

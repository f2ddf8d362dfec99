"""``value`` plays toward legal, valuable wins: hand-picked positions."""

from __future__ import annotations

import dataclasses

from botkit import position

from tingpai import score
from tingpai.analysis import Form, shanten, waits
from tingpai.bots import ExpertBot, GreedyBot, ValueBot
from tingpai.bots.shape import FAR
from tingpai.bots.value import HOPE_UNIT
from tingpai.engine.actions import Action, ActionKind
from tingpai.rules import WinKind, find_ruleset
from tingpai.scoring import Situation
from tingpai.tiles import EAST, NUM_KINDS, parse_counts, parse_meld, parse_tile


def _legal_waits(rules: str, concealed: str, melds: tuple[str, ...]) -> list[int]:
    """Waits of a 13-tile hand that are a legal win by discard or by self-draw."""
    rs = find_ruleset(rules)
    counts = parse_counts(concealed)
    declared = tuple(parse_meld(m) for m in melds)
    tiles = [t for t in range(NUM_KINDS) for _ in range(counts[t])]
    out = []
    for w in waits(counts, Form.STANDARD if declared else rs.options.forms):
        for kind in (WinKind.DISCARD, WinKind.SELF_DRAW):
            sit = Situation(tuple(sorted([*tiles, w])), w, declared, kind, EAST, EAST)
            if score(sit, rs).valid:
                out.append(w)
                break
    return out


def test_a_patternless_ready_hand_in_hu_changes_shape_toward_a_pattern() -> None:
    # Open pung of 2p; discarding 1p keeps a ready hand (3p/6p) that no wait can win: no
    # pattern at all (a pung, an open hand, the terminal pair 99s).  Discarding 9s gives
    # the ready hand up for a flush of dots.
    melds = ("pung 222p",)
    assert waits(parse_counts("567678p45p99s"), Form.STANDARD)
    assert _legal_waits("hu-4p", "567678p45p99s", melds) == []
    obs = position("hu-4p", "56767845p99s1p", melds=melds, ponds=["1z7z", "5z", "6z", "7z"],
                   wall_left=80)
    for bot in (ValueBot(), ExpertBot()):
        action = bot.act(obs)
        assert action.kind is ActionKind.DISCARD
        assert action.tile == parse_tile("9s"), bot.name


def test_sacred_discard_leaves_only_self_draws() -> None:
    # 34m waits on 2m/5m.  With 2m in the seat's own pond (or being discarded now) no
    # discard can be won on: the hand is worth only its self-draws.
    free = position("hu-4p", "34m6m456p789s123s55z", ponds=["1z9p", "4z", "6z", "7z"])
    sacred = position("hu-4p", "34m6m456p789s123s55z", ponds=["2m1z9p", "4z", "6z", "7z"])
    hand = parse_counts("34m456p789s123s55z")
    bot = ValueBot()
    view_free, view_sacred = bot.outlook(free), bot.outlook(sacred)
    melds = view_free.melds
    assert view_free.win_gain(hand, melds, parse_tile("2m"), False) > 0
    free_value = view_free.hand_value(hand, melds)
    assert view_sacred.hand_value(hand, melds) < free_value
    assert view_free.hand_value(hand, melds, discard=parse_tile("5m")) < free_value


def test_a_hong_kong_two_fan_hand_does_not_call_into_a_dead_end() -> None:
    # Closed hand with a White pung: 2 fan, 3 with a self-draw.  Chowing 345m would open
    # the hand (no Closed Hand) and leave a hand that cannot reach the 3-fan minimum.
    chow = Action(0, ActionKind.CHOW, tiles=(parse_tile("3m"), parse_tile("4m"),
                                             parse_tile("5m")))
    obs = position("hk-4p", "555z123m456p789s4m", claim="5m", claims=(chow,),
                   ponds=["1z", "2z", "3z", "5m"])
    # After the chow and a discard (1m or 2m) the hand is ready on a single tile, and no
    # wait of it can win: Dragon Pung (+ Self-Draw) is 2 fan at most.
    after = ("chow 345m",)
    assert _legal_waits("hk-4p", "555z2m456p789s", after) == []
    assert _legal_waits("hk-4p", "555z1m456p789s", after) == []
    for bot in (ValueBot(), ExpertBot()):
        assert bot.act(obs).kind is ActionKind.PASS, bot.name


def test_a_hong_kong_call_that_makes_a_limit_hand_is_taken() -> None:
    # Pungs of White and Green held, a pair of Red, the rest scattered: punging the Red
    # discard makes Big Three Dragons (8 fan).
    pung = Action(0, ActionKind.PUNG)
    obs = position("hk-4p", "555z666z77z147m9p2s", claim="7z", claims=(pung,),
                   ponds=["1z", "2z", "3z", "9s7z"])
    assert ValueBot().act(obs).kind is ActionKind.PUNG


def test_a_hong_kong_hand_keeps_the_flush_it_nearly_has() -> None:
    # Ten characters and honours: the off-suit tiles go first, even the one that would
    # make the plain hand faster (7p completes 789p with nothing).
    obs = position("hk-4p", "1235689m1177z89p4m", ponds=["2z", "3z", "4z", "5z"],
                   wall_left=90)
    action = ValueBot().act(obs)
    assert action.tile in (parse_tile("8p"), parse_tile("9p"))
    before = parse_counts("1235689m1177z89p4m")
    after = list(before)
    assert action.tile is not None
    after[action.tile] -= 1
    assert shanten(after) >= 0


def test_a_hopeless_fan_laak_hand_steers_toward_the_nearest_plan_that_can_qualify() -> None:
    # Seven characters and seven scattered tiles: no plan in reach reaches 3 fan, so every
    # discard is worth nothing.  Speed alone (greedy) gives up a character; the value bot
    # keeps them, toward the characters flush, the nearest plan that could qualify.
    obs = position("hk-fanlaak", "123578m9m138p57s24s", ponds=["1z", "2z", "3z", "4z"],
                   wall_left=40)
    bot = ValueBot()
    view = bot.outlook(obs)
    choices = bot.discard_choices(obs, view)
    assert all(0.0 < c.value < HOPE_UNIT * FAR for c in choices)

    def nearest(tile: int | None) -> int:
        assert tile is not None
        after = list(obs.concealed)
        after[tile] -= 1
        return view.nearest_plan(after, view.melds)

    picked = bot.act(obs).tile
    fast = GreedyBot().act(obs).tile
    assert nearest(picked) == min(nearest(c.action.tile) for c in choices)
    assert nearest(fast) > nearest(picked)
    assert picked is not None and picked >= parse_tile("1p")  # not a character


def test_a_win_at_the_eighth_repeat_is_valued_with_its_bonus() -> None:
    # Another seat's dealer at its eighth repeat: Hu's Eighth Repeat pays the winner on
    # top of the hand.  The bot used to value every win as if the repeat count were 0.
    base = position("hu-4p", "34m6m456p789s123s55z", ponds=["1z9p", "4z", "6z", "7z"])
    eighth = dataclasses.replace(base, dealer=1, repeats=8)
    early = dataclasses.replace(base, dealer=1, repeats=7)
    assert eighth.eighth_repeat and not early.eighth_repeat and not base.eighth_repeat
    hand = parse_counts("34m456p789s123s55z")
    win = parse_tile("2m")
    gains = {}
    for name, obs in (("eighth", eighth), ("early", early)):
        view = ValueBot().outlook(obs)
        gains[name] = view.win_gain(hand, view.melds, win, False)
        concealed = tuple(sorted([t for t in range(NUM_KINDS) for _ in range(hand[t])] + [win]))
        scored = score(Situation(concealed, win, (), WinKind.DISCARD, obs.seat_winds[0],
                                 obs.round_wind, eighth_repeat=obs.eighth_repeat),
                       obs.ruleset)
        assert scored.valid
        assert gains[name] == view.k.gain(scored.total, False)
    assert gains["eighth"] > gains["early"] > 0

"""``tingpai play``: a terminal game, one human seat against bots.

The human sees only what the engine's observation for that seat shows, plus a log of what
the others did since the last decision.  Each decision lists the legal actions numbered;
type the number, or the action itself (``5m`` or ``discard 5m``, ``pung``, ``chow 345m``,
``ron``, ``tsumo``, ``pass``, ``flower 1f``, ``ckong 7z``; ``pon``, ``chi``, ``kan`` and
``hu`` as other tables say them); ``hint`` shows shanten, waits, the best discards and
what each wait is worth (``hints on`` shows it at every turn), ``log`` the whole hand so
far, ``help`` the commands, and ``q`` stops.  At the end of each
hand a panel shows the winning hand, its patterns with their Chinese names, and who paid
whom; it waits for Enter.  The game record is written whenever the game ends or stops
(``q``, end of input, Ctrl-C, the terminal closed, ``kill``).

``--length round`` plays one round (East only) instead of the full game; when the game is
started at a terminal without ``--length`` it asks.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import signal
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from rich.cells import cell_len
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from tingpai.bots import bot_names, find_bot
from tingpai.bots.base import Bot
from tingpai.bots.hints import hint, hint_text
from tingpai.cli.common import parse_bots, parse_options, print_table, seed_int
from tingpai.engine import Action, ActionKind, IllegalAction, Match, Observation, Phase
from tingpai.engine.hand import Hand, winning_claims
from tingpai.engine.summary import hand_summary
from tingpai.rules import RuleError, Ruleset, find_ruleset
from tingpai.rules.base import MultipleWinners
from tingpai.tiles import (
    InvalidNotation,
    Tile,
    parse_tile,
    parse_tiles,
    tile_to_str,
    tiles_to_str,
    tiles_to_unicode,
    wind_to_str,
)

LENGTHS = {"full": None, "round": 1}
"""``--length``: the ``rounds`` option each choice sets (None: the ruleset's own)."""

HELP = """\
commands:
  NUMBER            the action with that number in the list
  5m / discard 5m   discard a tile;  pung, kong, ron, tsumo, pass, chow 345m,
                    flower 1f, ckong 7z, akong 5p  as listed (kong 7z: any kong;
                    a claim may name the tile on offer: pung 5m;
                    pon, chi, kan, hu: pung, chow, kong, ron or tsumo)
  hint (h)          shanten, waits and what they are worth, the best discards
  hints on|off      show the hint at every decision (hint on|off too)
  log               everything that happened in this hand so far
  help (?)          this text
  q                 stop; the record is saved
the table: each pond lists its seat's discards in order; (5m) is a discard another seat
claimed (it still counts in the pond and for the pond limit); flowers are those declared
"""

VERBS = {
    ActionKind.DISCARD: "discards", ActionKind.FLOWER: "declares flower",
    ActionKind.CHOW: "chows", ActionKind.PUNG: "pungs", ActionKind.KONG: "kongs",
    ActionKind.CKONG: "declares a concealed kong of", ActionKind.AKONG: "adds to a kong",
    ActionKind.RON: "wins on", ActionKind.TSUMO: "wins by self-draw",
    ActionKind.PENALTY: "is penalized",
}

KONGS = (ActionKind.KONG, ActionKind.CKONG, ActionKind.AKONG)

CLAIMS = (ActionKind.PUNG, ActionKind.KONG, ActionKind.RON)
"""Claims of the tile on offer: their actions name no tile."""

OFFERS = (ActionKind.DISCARD, ActionKind.FLOWER, ActionKind.AKONG)
"""Actions that offer a tile the others may claim (or rob)."""

WHY = {
    "discarder": "discarded the winning tile", "robbing_kong": "the robbed kong",
    "self_draw": "self-draw", "other_loser": "loser", "pao": "liable (pao)",
    "eight_immortals": "Eight Immortals", "terminal_discards": "terminal discards",
    "ready": "not ready at the draw",
}


def register(sub: Any) -> None:
    """Add the ``play`` subcommand."""
    p = sub.add_parser("play", help="play a game in the terminal against bots",
                       description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--rules", default="hu-4p", help="ruleset id (default hu-4p)")
    p.add_argument("--seat", type=int, default=0, help="your seat (0 = first dealer)")
    p.add_argument(
        "--bots", default="expert",
        help="bots as in sim: one for every other seat, or a comma list with one per seat "
        f"(your seat's entry 'human'), or one per other seat in seat order "
        f"({', '.join(bot_names())}; default expert, the strongest, as at the browser table)",
    )
    p.add_argument("--seed", type=seed_int, default=None,
                   help="seed for a reproducible game (a whole number of at least 0)")
    p.add_argument("--records", default="records", metavar="DIR",
                   help="folder for the game record (default records)")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                   help="set a ruleset option (VALUE as JSON when it parses); repeatable")
    p.add_argument("--length", choices=sorted(LENGTHS), default=None,
                   help="full: the whole game (default); round: one round, East only "
                   "(asked at a terminal when not given)")
    p.add_argument("--hints", action="store_true", help="show the hint at every decision")
    p.set_defaults(func=run)


parse_option_values = parse_options
"""``KEY=VALUE`` strings to an options mapping (:func:`tingpai.cli.common.parse_options`)."""


def seat_bots(text: str, players: int, human: int) -> dict[int, str]:
    """``--bots`` for a game with one human seat: the bot name of every other seat.

    Accepts one name (every other seat), one per seat with ``human`` at the human's seat
    (the list ``sim`` takes, plus the human), or one per other seat in seat order.

    >>> seat_bots("random", 3, 0)
    {1: 'random', 2: 'random'}
    >>> seat_bots("greedy,human,random", 3, 1), seat_bots("greedy,random", 3, 1)
    ({0: 'greedy', 2: 'random'}, {0: 'greedy', 2: 'random'})
    """
    names = [name.strip() for name in text.split(",")]
    if len(names) == players:
        if names[human] != "human":
            raise ValueError(
                f"--bots: with one name per seat, seat {human} (yours) must be 'human', "
                f"got {names[human]!r}"
            )
        del names[human]
    elif len(names) not in (1, players - 1):
        raise ValueError(
            f"--bots: give one bot, one per seat ({players}, yours 'human') or one per other "
            f"seat ({players - 1}), got {len(names)}"
        )
    others = [seat for seat in range(players) if seat != human]
    bots = parse_bots(",".join(names), len(others), bot_names())
    return dict(zip(others, bots, strict=True))


_CLAIMS_OF_THE_OFFER = frozenset({ActionKind.PUNG, ActionKind.KONG, ActionKind.RON})
"""Claims whose action names no tile: the label names the tile on offer."""


def describe(action: Action, offered: Tile | None = None) -> str:
    """A short human label of an action; a pung, kong or win of the ``offered`` tile (a
    discard, or a kong being robbed) names it: ``pung 9s``."""
    text = action.kind.value
    tile = action.tile
    if tile is None and offered is not None and action.kind in _CLAIMS_OF_THE_OFFER:
        tile = offered
    if tile is not None:
        text += f" {tile_to_str(tile)} {tiles_to_unicode([tile])}"
    if action.tiles:
        text += f" {tiles_to_str(action.tiles)}"
    return text


def parse_choice(text: str, legal: tuple[Action, ...],
                 offered: Tile | None = None) -> Action | None:
    """The legal action the player typed (a list number or action text), or None when the
    text names no legal action or more than one (``discard`` alone while several tiles
    may be discarded: :func:`choice_matches` lists them)."""
    found = choice_matches(text, legal, offered)
    return found[0] if len(found) == 1 else None


def choice_matches(text: str, legal: tuple[Action, ...],
                   offered: Tile | None = None) -> list[Action]:
    """Every legal action the typed text fits: a list number; a tile alone (``5m``, ``🀋``:
    the discard of it, or the declaration of a flower); an action with its tile or chow
    tiles (``discard 5m``, ``chow 345m``, ``ckong 7z``; ``kong`` names any kong, claimed,
    concealed or added; a claim of the ``offered`` tile may name it: ``pung 5m``,
    ``kong 5m``, ``ron 5m``); an action alone (``pung``, or
    ``discard`` while only one tile may be discarded, else all of them).  Upper or lower
    case alike.

    >>> from tingpai.tiles import parse_tile
    >>> legal = (Action(0, ActionKind.DISCARD, parse_tile("5m")),
    ...          Action(0, ActionKind.DISCARD, parse_tile("7z")), Action(0, ActionKind.TSUMO))
    >>> [describe(a) for a in choice_matches("Discard 5M", legal)]
    ['discard 5m 🀋']
    >>> len(choice_matches("discard", legal)), len(choice_matches("discard 5m 7z", legal))
    (2, 0)
    """
    text = text.strip().lower()
    if text.isdigit():
        i = int(text)
        return [legal[i - 1]] if 1 <= i <= len(legal) else []
    words = text.split()
    if not words or len(words) > 2:
        return []
    words[0] = _action_word(words[0], legal)
    kinds = {k.value for k in ActionKind}
    if words[0] not in kinds:
        if len(words) > 1:
            return []
        try:
            tile = parse_tile(words[0])
        except InvalidNotation:
            return []
        return [a for a in legal
                if a.kind in (ActionKind.DISCARD, ActionKind.FLOWER) and a.tile == tile]
    # Players call every kong a kong; the engine tells claimed, concealed and added apart.
    same = [a for a in legal if a.kind.value == words[0]
            or (words[0] == "kong" and a.kind in KONGS)]
    if len(words) == 1:
        return same
    if words[0] == ActionKind.CHOW.value:
        try:
            wanted = sorted(parse_tiles(words[1]))
        except InvalidNotation:
            return []
        return [a for a in same if sorted(a.tiles) == wanted]
    try:
        tile = parse_tile(words[1])
    except InvalidNotation:
        return []
    # A claim's action carries no tile: it takes the one on offer.
    return [a for a in same
            if (a.tile if a.tile is not None or a.kind not in CLAIMS else offered) == tile]


CALL_NAMES = {"pon": "pung", "pong": "pung", "chi": "chow", "chii": "chow", "kan": "kong"}
"""The calls as other tables (Mahjong Soul, MahJongo) name them, and ours."""

WIN_NAMES = ("hu", "win")
"""A win named without saying how: the ``ron`` or ``tsumo`` on offer."""


def _action_word(word: str, legal: tuple[Action, ...]) -> str:
    """The action a typed word names: ``pon`` is ``pung``, ``hu`` the win on offer (``ron``
    when a discard may be won, else ``tsumo``); any other word as it is."""
    if word in WIN_NAMES:
        return "tsumo" if any(a.kind is ActionKind.TSUMO for a in legal) else "ron"
    return CALL_NAMES.get(word, word)


TILE_LIKE = re.compile(r"\d+[mpszf]")
"""A word meant as a tile (a number and a suit letter), though perhaps no tile: ``9f``."""


def refusal(text: str, legal: tuple[Action, ...], offered: Tile | None = None) -> str:
    """Why ``text`` names none of the ``legal`` actions (:func:`choice_matches` found
    none), in words a player can act on: a number off the list, an action not possible
    now (with what is), a tile not among those that may be discarded, a tile named the
    wrong way.

    >>> from tingpai.tiles import parse_tile
    >>> legal = (Action(0, ActionKind.PASS), Action(0, ActionKind.PUNG))
    >>> refusal("ron", legal, parse_tile("5m"))
    'ron is not possible now (you may: pass, pung 5m)'
    >>> refusal("12", legal), refusal("5m", legal, parse_tile("5m"))
    ('there is no choice 12: the list goes from 1 to 2', 'no discard now (you may: pass, pung 5m)')
    """
    text = " ".join(text.lower().split())
    words = text.split()
    plain = ", ".join(
        dict.fromkeys(
            a.kind.value if a.kind is ActionKind.DISCARD else _label(a, offered)
            for a in legal
        )
    )
    if text.isdigit():
        return f"there is no choice {text}: the list goes from 1 to {len(legal)}"
    kinds = {k.value for k in ActionKind}
    typed = words[0] if words else ""
    if words:
        words[0] = _action_word(typed, legal)
    if words and words[0] in kinds:
        verb = words[0]
        same = [a for a in legal if a.kind.value == verb or (verb == "kong" and a.kind in KONGS)]
        if not same:
            named = verb if typed == verb else f"{typed} ({verb})"
            return f"{named} is not possible now (you may: {plain})"
        if len(words) == 1:
            return "say which: " + ", ".join(_label(a, offered) for a in same)
        if len(words) > 2:
            return f"name one action at a time: {_label(same[0], offered)}"
        try:
            if verb == ActionKind.CHOW.value:
                named = tiles_to_str(parse_tiles(words[1]))
            else:
                named = tile_to_str(parse_tile(words[1]))
        except InvalidNotation:
            return f"{words[1]!r} is not a tile (5m, 7z, 1f; a chow: 345m)"
        return f"{verb} {named} is not possible now; possible: " + ", ".join(
            _label(a, offered) for a in same
        )
    if len(words) == 1:
        try:
            tile = parse_tile(words[0])
        except InvalidNotation:
            if TILE_LIKE.fullmatch(words[0]):
                return f"{words[0]!r} is not a tile (1-9m, 1-9p, 1-9s, 1-7z, 1-8f)"
        else:
            tiles = [a.tile for a in legal
                     if a.kind in (ActionKind.DISCARD, ActionKind.FLOWER) and a.tile is not None]
            if not tiles:
                return f"no discard now (you may: {plain})"
            return (f"{tile_to_str(tile)} is not a tile you may discard now (you may: "
                    + ", ".join(tile_to_str(t) for t in dict.fromkeys(tiles)) + ")")
    return "that is neither a number of the list, a tile nor an action"


def _label(action: Action, offered: Tile | None) -> str:
    """:func:`describe` without the Unicode tile: what a player would type."""
    tile = action.tile
    if tile is None and offered is not None and action.kind in _CLAIMS_OF_THE_OFFER:
        tile = offered
    text = action.kind.value
    if tile is not None:
        text += f" {tile_to_str(tile)}"
    if action.tiles:
        text += f" {tiles_to_str(action.tiles)}"
    return text


class Names:
    """How the game names seats: ``East (you)``, ``South (greedy)``; winds follow the
    dealer, so a name is computed per hand."""

    def __init__(self, human: int, bots: dict[int, str]) -> None:
        self.human = human
        self.bots = bots

    def who(self, seat: int, winds: Sequence[Tile] | None = None) -> str:
        """``seat 2 W (greedy)`` or ``seat 0 E (you)``."""
        wind = f" {wind_to_str(winds[seat])}" if winds is not None else ""
        role = "you" if seat == self.human else self.bots.get(seat, "?")
        return f"seat {seat}{wind} ({role})"


ANSWERS = (ActionKind.PASS, ActionKind.CHOW, ActionKind.PUNG, ActionKind.KONG, ActionKind.RON)
"""Answers to an offered tile: the log shows them once every asked seat has answered, and
only the ones that took effect (as at a table, where claims are made at once)."""


def action_log(hand: Hand, names: Names, start: int = 0) -> list[str]:
    """What happened in a hand from action ``start`` on, as the human seat may know it:
    turn actions as made, and of the answers to a discard (or a robbable kong or flower)
    only the claims that took effect, once every asked seat has answered; passes and
    draws are not shown (the human's own draw is in the hand shown below the log)."""
    winds = hand.observe(names.human).seat_winds
    all_win = hand.options.multiple_winners is MultipleWinners.ALL
    lines: list[str] = []
    offer: Action | None = None
    answers: dict[int, tuple[int, Action]] = {}

    def settle() -> None:
        """Log the answers to ``offer`` that took effect (when the last of them came after
        ``start``)."""
        if offer is None or not answers:
            return
        taken = winning_claims({s: a for s, (_, a) in answers.items()}, offer.seat,
                               hand.players, all_win)
        if max(number for number, _ in answers.values()) >= start:  # settled after start
            lines.extend(_event(a, names.who(a.seat, winds), offer.tile) for a in taken)
        answers.clear()

    for number, action in enumerate(hand.history):
        if action.kind in ANSWERS:
            answers[action.seat] = (number, action)
            continue
        settle()
        if action.kind in OFFERS:
            offer = action
        if number >= start:
            lines.append(_event(action, names.who(action.seat, winds), None))
    if hand.phase not in (Phase.CLAIMS, Phase.ROBBING):
        settle()
    return lines


def _event(action: Action, who: str, last: Tile | None) -> str:
    """One log line."""
    verb = VERBS.get(action.kind, action.kind.value)
    if action.tile is not None:
        return f"{who} {verb} {tile_to_str(action.tile)} {tiles_to_unicode([action.tile])}"
    if action.tiles:
        return f"{who} {verb} {tiles_to_str(action.tiles)}"
    if action.kind in (ActionKind.PUNG, ActionKind.KONG, ActionKind.RON) and last is not None:
        return f"{who} {verb} {tile_to_str(last)} {tiles_to_unicode([last])}"
    return f"{who} {verb}"


def show(console: Console, obs: Observation, names: Names) -> None:
    """Print the table as the human seat sees it."""
    pond_note = ""
    if obs.pond_left is not None:
        closest = min(range(obs.players), key=lambda s: (obs.pond_left or ())[s])
        pond_note = f"  pond limit: you {obs.pond_left[obs.seat]} left"
        if closest != obs.seat:
            pond_note += f", seat {closest} {obs.pond_left[closest]}"
    bonus = obs.ruleset.options.eighth_repeat_bonus
    if obs.eighth_repeat and bonus:  # a Hu player must know a cheap win is worth more now
        pond_note += f"  dealer's last repeat: +{bonus} to every winner"
    status = (f"round {wind_to_str(obs.round_wind)}  dealer seat {obs.dealer}  "
              f"repeats {obs.repeats}  wall {obs.wall_left}{pond_note}")
    if cell_len(status) + 4 <= console.width:  # a rule's title must leave "─ " each side
        console.rule(status)
    else:  # a rule would cut it short (the pond limit first): the line wraps instead
        console.rule()
        console.print(status, markup=False)
    for s in range(obs.players):
        melds = ", ".join(str(m) for m in obs.melds[s])  # "pung 555m, chow 123m"
        flowers = tiles_to_str(obs.flowers[s]) if obs.flowers[s] else ""
        pond = " ".join(
            f"({tile_to_str(t)})" if called else tile_to_str(t)
            for t, called in zip(obs.ponds[s], obs.called[s], strict=True)
        )
        dealer = " dealer" if s == obs.dealer else ""
        console.print(
            f"{names.who(s, obs.seat_winds)}{dealer}: {obs.scores[s]:>7}  "
            f"melds {melds or '-'}  flowers {flowers or '-'}\n    pond {pond or '-'}"
        )
    hand = [t for t, n in enumerate(obs.hand) for _ in range(n)]
    if obs.drawn is not None and obs.drawn in hand:
        hand.remove(obs.drawn)
        drawn = f"   drew {tile_to_str(obs.drawn)} {tiles_to_unicode([obs.drawn])}"
    else:
        drawn = ""
    console.print(f"your hand: {tiles_to_str(hand)}  {tiles_to_unicode(hand)}{drawn}",
                  style="bold")
    if obs.claim_tile is not None and obs.actor is not None and obs.actor != obs.seat:
        tile = f"{tile_to_str(obs.claim_tile)} {tiles_to_unicode([obs.claim_tile])}"
        if obs.phase is Phase.ROBBING and obs.robbing == "kong":
            what = f"adds {tile} to a kong: you may rob it (ron)"
        elif obs.phase is Phase.ROBBING:
            what = f"declares flower {tile}: you may win on it (ron)"
        else:
            what = f"offers {tile}"
        console.print(f"{names.who(obs.actor, obs.seat_winds)} {what}")


def _tiles_text(text: str) -> str:
    return f"{text} {tiles_to_unicode(parse_tiles(text))}" if text else "-"


def show_result(console: Console, hand: Hand, ruleset: Ruleset, names: Names) -> None:
    """The end-of-hand panel: winning hands, patterns with Chinese names, payments."""
    summary = hand_summary(hand)
    winds = [parse_tile(f"{'ESWN'.index(s['wind']) + 1}z") for s in summary["seats"]]
    unit = summary["unit"]
    console.rule("[bold]end of the hand[/bold]")
    if not summary["winners"]:
        # A Hu hand also ends when a pond reaches its limit, the wall far from empty.
        left = hand.observe(names.human).pond_left or ()
        full = [s for s, n in enumerate(left) if n == 0]
        why = (f" (the pond of {names.who(full[0], winds)} reached its limit of "
               f"{ruleset.options.pond_limit} discards)" if full else "")
        console.print(f"[bold]exhaustive draw[/bold]: nobody won{why}")
        if summary["ready"] is not None:
            ready = [names.who(s, winds) for s, r in enumerate(summary["ready"]) if r]
            console.print(f"ready: {', '.join(ready) or 'nobody'}")
    for w in summary["winners"]:
        # "self-draw" as the log and the payments spell it; "robbing kong", not "robbing-kong"
        how = w["win"] if w["win"] == "self-draw" else w["win"].replace("-", " ")
        source = f" from {names.who(w['from'], winds)}" if w["from"] is not None else ""
        console.print(f"[bold]{names.who(w['seat'], winds)} wins by {how}{source}[/bold]")
        melds = "  ".join(escape(f"[{m}]") for m in w["melds"])  # not Rich markup
        tile = f"  + {_tiles_text(w['tile'])}" if w["tile"] else ""
        console.print(f"  hand {_tiles_text(w['hand'])}  {melds}{tile}")
        if w["flowers"]:
            console.print(f"  flowers {_tiles_text(w['flowers'])}")
        table = Table(show_header=True, header_style="bold", box=None, padding=(0, 2))
        table.add_column("pattern")
        table.add_column("中文")
        table.add_column("pinyin")
        table.add_column(unit, justify="right")
        for p in (*w["patterns"], *w["bonuses"]):
            count = f" ×{p['count']}" if p.get("count", 1) > 1 else ""
            table.add_row(p["name"] + count, p["chinese"], p["pinyin"], str(p["value"]))
        print_table(console, table)
        for s in w["superseded"]:
            console.print(f"  ({s['name']} is superseded by {s.get('by_name', s['by'])})")
        notes = []
        if w["limit"]:
            notes.append("limit hand")
        if w["capped"]:
            notes.append(f"capped at {w['cap']} (from {w['subtotal']})")
        console.print(f"  total {w['total']} {unit}" + (f" ({'; '.join(notes)})" if notes else ""))
    totals = {w["seat"]: w["total"] for w in summary["winners"]}
    times = ruleset.options.discard_multiplier
    for p in summary["payments"]:
        why = WHY.get(p["why"], p["why"])
        total = totals.get(p["to"])
        if times != 1 and total is not None and p["amount"] == total * times:
            why += f": {total} × {float(times):g}"  # Hu: the discarder pays the value x3
        console.print(f"  {names.who(p['from'], winds)} pays {names.who(p['to'], winds)} "
                      f"{p['amount']} ({why})")
    for s in summary["penalties"]:
        console.print(f"  {names.who(s, winds)}: heavy penalty")
    for s, (before, after) in enumerate(zip(summary["scores_before"], summary["scores"],
                                            strict=True)):
        delta = after - before
        sign = f"+{delta}" if delta > 0 else str(delta)
        console.print(f"  {names.who(s, winds):<26} {before:>7} {sign:>7} = {after:>7}")


def show_standings(console: Console, match: Match, names: Names) -> None:
    """The final standings table (money too when the table has a stake)."""
    res = match.result
    money = match.ruleset.options.stake != 1 or match.ruleset.id.startswith("hk-fanlaak")
    table = Table(title="standings" if res.over else "standings (game stopped)")
    table.add_column("place", justify="right")
    table.add_column("player")
    table.add_column("points", justify="right")
    table.add_column("net", justify="right")
    if money:
        table.add_column("money", justify="right")
    for place, seat in enumerate(res.ranking, 1):
        row = [str(place), names.who(seat), str(res.scores[seat]), f"{res.net[seat]:+}"]
        if money:
            row.append(f"{res.money[seat]:+}")
        table.add_row(*row, style="bold" if seat == names.human else None)
    print_table(console, table)


def _ask_length(console: Console, inp: TextIO) -> str | None:
    """Ask for the game length at a terminal (Enter: the full game), again after an
    answer that is neither; None when the input ends (Ctrl-D) or is ``q``."""
    while True:
        console.print("game length: [1] full game  [2] one round (East only) > ", end="",
                      markup=False)
        line = inp.readline()
        answer = line.strip().lower()
        if not line or answer in {"q", "quit", "exit"}:
            return None
        if answer in {"", "1", "full", "f"}:
            return "full"
        if answer in {"2", "round", "r"}:
            return "round"
        console.print(f"{answer!r} is neither: type 1 (or Enter) or 2", markup=False)


def run(args: argparse.Namespace, stdin: TextIO | None = None) -> int:
    """Play one game; returns 0 when it ends or the player stops, 2 on bad arguments."""
    inp = stdin or sys.stdin
    console = Console(highlight=False)
    length = getattr(args, "length", None)
    try:
        options = parse_options(args.option)
        if length is not None and LENGTHS[length] is not None and "rounds" in options:
            raise ValueError("--length and --option rounds=...: give one of them")
        ruleset = find_ruleset(args.rules, **options)
        if not 0 <= args.seat < ruleset.options.players:
            raise ValueError(f"seat {args.seat} is not a seat of {ruleset.id}")
        bot_of_seat = seat_bots(args.bots, ruleset.options.players, args.seat)
        folder = _records_folder(Path(args.records))
    except (RuleError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    # Asked only once the arguments are known to be good, and not when --option rounds
    # already says how long the game is.
    if length is None and "rounds" not in options and stdin is None and inp.isatty():
        try:
            length = _ask_length(console, inp)
        except KeyboardInterrupt:
            length = None
        if length is None:
            console.print("\nstopped before the game began (no record written)")
            return 0
    rounds = LENGTHS[length or "full"]
    if rounds is not None:
        ruleset = find_ruleset(args.rules, **{**options, "rounds": rounds})
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    rng = random.Random(seed)
    match = Match(ruleset, rng=random.Random(rng.getrandbits(64)), auto_deal=False)
    bots: dict[int, Bot] = {
        s: find_bot(bot_of_seat[s], random.Random(rng.getrandbits(64)))
        for s in range(match.players)
        if s != args.seat
    }
    names = Names(args.seat, bot_of_seat)
    console.print(f"tingpai {ruleset.name}: you are seat {args.seat}; seed {seed}; "
                  "type help for the commands")
    stops = _StopSignals()
    quiet = False  # the terminal is gone: nothing more is printed
    try:
        with stops:
            _play(console, inp, match, bots, names, bool(getattr(args, "hints", False)))
    except Stopped as exc:
        quiet = exc.hangup
        if not quiet:
            console.print(f"\nstopped ({exc})")
    except KeyboardInterrupt:
        console.print("\nstopped")
    except InputLost:
        quiet = True
    finally:
        # A signal arriving as the game already stops (the hangup just after the input
        # failed) is raised at most once, here, before the record's writing starts.
        try:
            stops.disarm()
        except Stopped:
            stops.disarm()
        trouble: OSError | None = None
        try:
            path: Path | None = _save(match, folder, seed)
        except OSError as exc:  # not even the spare folder could be written
            path, trouble = None, exc
        finally:
            stops.restore()
    if path is None:
        print(f"error: the game record could not be written to {folder} nor to "
              f"{SPARE_RECORDS}: {trouble}", file=sys.stderr)
        return 1
    if path.parent != folder and not quiet:
        console.print(f"(the records folder {folder} could not be written any more: the "
                      f"record went to {path.parent})", markup=False, soft_wrap=True)
    if quiet:
        return 0
    res = match.result
    if not res.over and any(h.is_over for h in match.hands):
        show_standings(console, match, names)  # "standings (game stopped)"
    # The path holds the user's --records folder: never read as Rich markup.
    # and never broken inside the path, so it can be copied.
    console.print(f"scores {list(res.scores)}; record written to {path}", markup=False,
                  soft_wrap=True)
    if res.over:
        console.print(f"winner: seat {res.winner}")
    elif match.hand is not None and not match.hand.is_over:
        console.print(f"(the game stopped mid-hand: replay it with `tingpai replay {path} "
                      "--partial`)", markup=False, soft_wrap=True)
    return 0


class Stopped(KeyboardInterrupt):
    """The game was stopped by a signal: the terminal closed (SIGHUP) or a ``kill``
    (SIGTERM).  Like Ctrl-C it ends the game with its record written."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.hangup = signum == getattr(signal, "SIGHUP", None)


class InputLost(Exception):
    """Reading the player's input failed (the terminal closed: EIO)."""


class _StopSignals:
    """While active, closing the terminal (SIGHUP) and ``kill`` (SIGTERM) raise
    :class:`Stopped` once, as Ctrl-C raises KeyboardInterrupt (they used to end the
    process before the record was written).  A signal already ignored (``nohup``) stays
    ignored; off the main thread nothing changes.  :meth:`disarm` makes any later signal
    do nothing until the handlers are restored, so the record's writing is never cut."""

    SIGNALS = tuple(getattr(signal, n) for n in ("SIGHUP", "SIGTERM") if hasattr(signal, n))

    def __init__(self) -> None:
        self.armed = False
        self.previous: dict[int, Any] = {}

    def __enter__(self) -> _StopSignals:
        self.armed = True
        for signum in self.SIGNALS:
            try:
                if signal.getsignal(signum) is signal.SIG_IGN:
                    continue
                self.previous[signum] = signal.signal(signum, self._raise)
            except ValueError:  # not the main thread
                break
        return self

    def __exit__(self, *exc: object) -> None:
        self.disarm()

    def _raise(self, signum: int, frame: object) -> None:
        if self.armed:
            self.armed = False
            raise Stopped(signum)

    def disarm(self) -> None:
        self.armed = False

    def restore(self) -> None:
        for signum, handler in self.previous.items():
            signal.signal(signum, handler)
        self.previous.clear()


def _records_folder(folder: Path) -> Path:
    """The folder records go to, made now (ValueError naming it when it cannot be), so a
    game is never played to a record that cannot be written."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ValueError(f"cannot write records to {folder}: {exc.strerror or exc}") from None
    if not os.access(folder, os.W_OK):
        raise ValueError(f"cannot write records to {folder}: not writable")
    return folder


SPARE_RECORDS = Path(tempfile.gettempdir()) / "tingpai-records"
"""Where a game's record goes when its records folder cannot be written any more (removed
or full while the game was played)."""


def _save(match: Match, folder: Path, seed: int) -> Path:
    """Write the record of every hand played so far, beside (never over) the records of
    earlier games on the same seed: game-7.json, game-7-2.json, ...  A folder removed
    during the game is made again; one that still cannot be written (full, read-only)
    leaves no partial file and the record goes to :data:`SPARE_RECORDS`; OSError when
    that fails too."""
    text = json.dumps(match.record(), ensure_ascii=False) + "\n"
    try:
        return _write_new(folder, seed, text)
    except OSError:
        pass
    try:
        folder.mkdir(parents=True, exist_ok=True)
        return _write_new(folder, seed, text)
    except OSError:
        SPARE_RECORDS.mkdir(parents=True, exist_ok=True)
        return _write_new(SPARE_RECORDS, seed, text)


def _write_new(folder: Path, seed: int, text: str) -> Path:
    """Write ``text`` to the first free game-SEED[-N].json of ``folder``; a write that fails
    removes its partial file."""
    number = 1
    while True:
        path = folder / (f"game-{seed}.json" if number == 1 else f"game-{seed}-{number}.json")
        try:
            out = path.open("x", encoding="utf-8")
        except FileExistsError:
            number += 1
            continue
        try:
            with out:
                out.write(text)
        except BaseException:
            path.unlink(missing_ok=True)
            raise
        return path


def _play(console: Console, inp: TextIO, match: Match, bots: dict[int, Bot], names: Names,
          hints: bool) -> None:
    """The game loop: bots act, the human decides, each hand ends with its panel."""
    while not match.is_over:
        hand = match.next_hand()
        number = len(match.hands)
        console.rule(f"[bold]hand {number}[/bold]: round {wind_to_str(hand.round_wind)}, "
                     f"dealer seat {hand.dealer}, repeats {hand.repeats}")
        shown = 0
        while not hand.is_over:
            seat = hand.to_act()[0]
            obs = hand.observe(seat)
            if seat != names.human:
                hand.apply(bots[seat].act(obs))
                continue
            for line in action_log(hand, names, shown):
                console.print(f"  · {line}")
            shown = len(hand.history)
            show(console, obs, names)
            if hints:
                console.print(hint_text(hint(obs)), style="cyan")
            for i, a in enumerate(obs.legal, 1):
                console.print(f"  {i:>2}. {describe(a, obs.claim_tile)}")
            choice = _read_choice(console, inp, obs, hand, names)
            if choice is None:
                return
            if isinstance(choice, str):
                hints = choice == "on"
                continue
            try:
                hand.apply(choice)
            except IllegalAction as exc:
                console.print(f"[red]{escape(str(exc))}[/red]")
        for line in action_log(hand, names, shown):
            console.print(f"  · {line}")
        show_result(console, hand, match.ruleset, names)
        if match.is_over:
            break
        console.print("press Enter for the next hand (q to stop)")
        line = _readline(inp)
        if not line or line.strip().lower() in {"q", "quit", "exit"}:
            return
    show_standings(console, match, names)


def _readline(inp: TextIO) -> str:
    """A line of the player's input; :class:`InputLost` when the terminal is gone."""
    try:
        return inp.readline()
    except OSError as exc:
        raise InputLost(str(exc)) from None


def _read_choice(console: Console, inp: TextIO, obs: Observation, hand: Hand,
                 names: Names) -> Action | str | None:
    """Read lines until a legal action (returned), a hints toggle (``"on"``/``"off"``) or a
    stop (None); answers help, hint and log on the way."""
    while True:
        console.print(f"your choice (1-{len(obs.legal)}, an action, or help) > ", end="",
                      markup=False)
        line = _readline(inp)
        text = " ".join(line.lower().split())
        if not line:
            console.print()  # the input ended (Ctrl-D): end the prompt's line
            return None
        if text in {"q", "quit", "exit"}:
            return None
        if not text:
            console.print(f"type a number from 1 to {len(obs.legal)} or an action "
                          "(help lists the commands)")
        elif text in {"help", "?"}:
            console.print(HELP)
        elif text in {"h", "hint"}:
            console.print(hint_text(hint(obs)), style="cyan")
        elif text in {"hints on", "hints off", "hint on", "hint off"}:
            console.print(f"hints {text.split()[1]}")
            return text.split()[1]
        elif text == "log":
            for entry in action_log(hand, names):
                console.print(f"  · {entry}")
        else:
            found = choice_matches(line, obs.legal, obs.claim_tile)
            if len(found) == 1:
                return found[0]
            if found:
                numbers = ", ".join(
                    f"{obs.legal.index(a) + 1}. {describe(a, obs.claim_tile)}" for a in found
                )
                console.print(f"{line.strip()!r} fits {len(found)} actions: say which "
                              f"({numbers})", markup=False)
            else:
                why = refusal(line, obs.legal, obs.claim_tile)
                console.print(f"[red]not a legal choice: {escape(repr(line.strip()))}[/red]: "
                              f"{escape(why)} (help lists the commands)")

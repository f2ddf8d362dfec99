"""``tingpai play``: a terminal game, one human seat against bots.

The human sees only what the engine's observation for that seat shows.  Each decision lists
the legal actions numbered; type the number, or the action itself (``5m`` or ``discard 5m``,
``pung``, ``chow 345m``, ``ron``, ``tsumo``, ``pass``, ``flower 1f``, ``ckong 7z``), or
``q`` to stop.  The game record is written when the game ends or is stopped.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any, TextIO

from rich.console import Console

from tingpai.bots import bot_names, find_bot
from tingpai.bots.base import Bot
from tingpai.cli.common import parse_bots, parse_options
from tingpai.engine import Action, ActionKind, HandResult, IllegalAction, Match, Observation
from tingpai.rules import RuleError, find_ruleset
from tingpai.tiles import (
    InvalidNotation,
    Tile,
    parse_tile,
    tile_to_str,
    tiles_to_str,
    tiles_to_unicode,
    wind_to_str,
)


def register(sub: Any) -> None:
    """Add the ``play`` subcommand."""
    p = sub.add_parser("play", help="play a game in the terminal against bots")
    p.add_argument("--rules", default="hu-4p", help="ruleset id (default hu-4p)")
    p.add_argument("--seat", type=int, default=0, help="your seat (0 = first dealer)")
    p.add_argument(
        "--bots", default="greedy",
        help="bots as in sim: one for every other seat, or a comma list with one per seat "
        f"(your seat's entry 'human'), or one per other seat in seat order "
        f"({', '.join(bot_names())}; default greedy)",
    )
    p.add_argument("--seed", type=int, default=None, help="seed for a reproducible game")
    p.add_argument("--records", default="records", metavar="DIR",
                   help="folder for the game record (default records)")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                   help="set a ruleset option (VALUE as JSON when it parses); repeatable")
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


def describe(action: Action) -> str:
    """A short human label of an action."""
    text = action.kind.value
    if action.tile is not None:
        text += f" {tile_to_str(action.tile)} {tiles_to_unicode([action.tile])}"
    if action.tiles:
        text += f" {tiles_to_str(action.tiles)}"
    return text


def parse_choice(text: str, legal: tuple[Action, ...]) -> Action | None:
    """The legal action the player typed (a list number or action text), or None."""
    text = text.strip()
    if text.isdigit():
        i = int(text)
        return legal[i - 1] if 1 <= i <= len(legal) else None
    words = text.split()
    if not words:
        return None
    if len(words) == 1 and words[0] not in {k.value for k in ActionKind}:
        words = ["discard", words[0]]
    if words[0] == ActionKind.CHOW.value:
        wanted = words[1] if len(words) > 1 else None
        for a in legal:
            if a.kind is ActionKind.CHOW and wanted in (None, tiles_to_str(a.tiles)):
                return a
        return None
    try:
        tile: Tile | None = parse_tile(words[1]) if len(words) > 1 else None
    except InvalidNotation:
        return None
    for a in legal:
        if a.kind.value == words[0] and (tile is None or a.tile == tile):
            return a
    return None


def show(console: Console, obs: Observation) -> None:
    """Print the table as the human seat sees it."""
    console.rule(
        f"round {wind_to_str(obs.round_wind)}  dealer seat {obs.dealer}  "
        f"repeats {obs.repeats}  wall {obs.wall_left}"
    )
    for s in range(obs.players):
        me = " (you)" if s == obs.seat else ""
        melds = " ".join(str(m) for m in obs.melds[s])
        flowers = tiles_to_str(obs.flowers[s]) if obs.flowers[s] else ""
        pond = tiles_to_unicode(obs.ponds[s], sort=False)
        console.print(
            f"seat {s} {wind_to_str(obs.seat_winds[s])}{me}: {obs.scores[s]:>7}  "
            f"pond {pond}  melds {melds or '-'}  flowers {flowers or '-'}"
        )
    hand = [t for t, n in enumerate(obs.hand) for _ in range(n)]
    console.print(f"your hand: {tiles_to_unicode(hand)}  {tiles_to_str(hand)}", style="bold")
    if obs.drawn is not None:
        console.print(f"drew {tile_to_str(obs.drawn)} {tiles_to_unicode([obs.drawn])}")
    if obs.claim_tile is not None:
        console.print(f"seat {obs.actor} offers {tile_to_str(obs.claim_tile)}")


def show_result(console: Console, result: HandResult) -> None:
    """Print how a hand ended."""
    if not result.winners:
        console.print(f"[bold]exhaustive draw[/bold]  deltas {list(result.deltas)}")
    for w in result.winners:
        pats = ", ".join(f"{p.name} {p.value}" for p in w.score.patterns)
        console.print(
            f"[bold]seat {w.seat} wins[/bold] by {w.kind.value}: {w.score.total} ({pats})"
        )
    console.print(f"deltas {list(result.deltas)}")


def run(args: argparse.Namespace, stdin: TextIO | None = None) -> int:
    """Play one game; returns 0 when it ends or the player stops, 2 on bad arguments."""
    inp = stdin or sys.stdin
    console = Console(highlight=False)
    try:
        options = parse_options(args.option)
        ruleset = find_ruleset(args.rules, **options)
        if not 0 <= args.seat < ruleset.options.players:
            raise ValueError(f"seat {args.seat} is not a seat of {ruleset.id}")
        names = seat_bots(args.bots, ruleset.options.players, args.seat)
    except (RuleError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    rng = random.Random(seed)
    match = Match(args.rules, options, rng=random.Random(rng.getrandbits(64)))
    bots: dict[int, Bot] = {
        s: find_bot(names[s], random.Random(rng.getrandbits(64)))
        for s in range(match.players)
        if s != args.seat
    }
    console.print(f"tingpai {ruleset.name}: you are seat {args.seat}; seed {seed}")
    stopped = False
    while not match.is_over and not stopped:
        hand = match.next_hand()
        while not hand.is_over:
            seat = hand.to_act()[0]
            obs = hand.observe(seat)
            if seat != args.seat:
                hand.apply(bots[seat].act(obs))
                continue
            show(console, obs)
            for i, a in enumerate(obs.legal, 1):
                console.print(f"  {i:>2}. {describe(a)}")
            line = inp.readline()
            if not line or line.strip().lower() in {"q", "quit", "exit"}:
                stopped = True
                break
            choice = parse_choice(line, obs.legal)
            if choice is None:
                console.print(f"[red]not a legal choice: {line.strip()!r}[/red]")
                continue
            try:
                hand.apply(choice)
            except IllegalAction as exc:
                console.print(f"[red]{exc}[/red]")
        if hand.result is not None:
            show_result(console, hand.result)
    out = Path(args.records)
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"game-{seed}.json"
    path.write_text(json.dumps(match.record(), ensure_ascii=False) + "\n", encoding="utf-8")
    res = match.result
    console.print(f"scores {list(res.scores)}; record written to {path}")
    if res.over:
        console.print(f"winner: seat {res.winner}")
    return 0

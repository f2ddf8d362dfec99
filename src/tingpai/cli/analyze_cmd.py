"""``tingpai analyze HAND [--rules R]``: shanten, waits or the discard table of one hand.

HAND is tile notation with optional melds in brackets, e.g. ``123m456p [789s] 11z``.  A
hand of 13 tiles (each meld counting 3) gets its waits or, when not ready, its improving
tiles; a hand of 14 gets its decompositions when complete and its discard table.  Live
counts leave out the hand's own tiles, its declared melds and ``--visible``.

``--rules R`` (with ``--option KEY=VALUE``, ``--seat-wind``, ``--round-wind``) analyzes the
hand at that table: only the ruleset's tiles exist (``hk-2p`` has 80: a tile outside the
set is an error naming it, and a kind outside it is never live), only its forms count (no
seven pairs in Hong Kong), and a ready hand gets, per wait, whether a win on it is legal
and what it scores, on a discard and by self-draw: Hu shows "ready but no pattern" for a
wait that completes the hand without a qualifying pattern, Hong Kong the fan against the
table minimum.  A seat or round wind the table never plays is refused (``hu-3p`` has no
North seat).

``--json`` prints one object: ``hand`` (the concealed tiles), ``melds`` (``"chow 789s"``,
``"pung 555p"``, ``"kong 1111s"``, ``"ckong 7777z"``), ``tiles`` (13 or 14), ``forms``,
``shanten`` (-1 complete, 0 ready) and ``shanten_by_form`` (by form: ``standard``,
``pairs``, ``orphans``); with ``--rules`` also ``rules`` (the ruleset id).  13 tiles add
``waits`` (empty when not ready), ``improving`` (the waits when ready, else the kinds that
bring the hand nearer) and ``live`` (their copies not seen); a ready hand with ``--rules``
adds ``minimum``, ``unit``, ``seat_wind``, ``round_wind``, ``flowers``, ``dealer_repeats``,
``eighth_repeat`` (what the wins are scored with) and ``wins``: per wait ``{tile,
live, discard, self_draw}``, each win ``{legal, total, patterns}`` (pattern ids) plus
``payments`` when legal, else ``reason`` and ``no_pattern`` (Hu: no qualifying pattern) or
``short`` (below the minimum by that much).  14 tiles add ``complete``,
``decompositions``, ``seven_pairs``, ``thirteen_orphans`` and ``discards``, best first,
each ``{tile, shanten, improving, live}``.  An error prints ``{"error": ...}`` and exits
with status 2 (without ``--json``: one line on standard error).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from rich.console import Console
from rich.table import Table

from tingpai.analysis import Form, parse_forms
from tingpai.bots.hints import TableRules, analyze
from tingpai.cli.common import parse_options
from tingpai.rules import RuleError, Ruleset, WinKind, find_ruleset
from tingpai.scoring import Situation, score
from tingpai.tiles import (
    EAST,
    NUM_KINDS,
    InvalidNotation,
    Meld,
    Tile,
    parse_counts,
    parse_hand,
    parse_tile,
    parse_tiles,
    tile_to_str,
    tiles_to_str,
    tiles_to_unicode,
    to_counts,
    wind_from_str,
    wind_to_str,
)


class UsageError(ValueError):
    """A mistake in the command line the user can fix (exit status 2)."""


def register(subparsers: Any) -> None:
    """Add the ``analyze`` subcommand."""
    parser = subparsers.add_parser(
        "analyze",
        aliases=["analyse"],  # as the British spelling of the rest of the project
        help="shanten, waits and discard table of a hand",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("hand", metavar="HAND", help="e.g. '123m456p [789s] 1122z'")
    parser.add_argument(
        "--forms",
        default=None,
        help="winning forms to consider, comma separated (default: all three, or the "
        "ruleset's with --rules)",
    )
    parser.add_argument(
        "--visible",
        default="",
        metavar="TILES",
        help="tiles seen outside the hand (ponds, others' melds), for live counts",
    )
    parser.add_argument("--rules", default=None, metavar="ID",
                        help="analyze at this table: its tiles, its forms, and what each "
                        "wait scores")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="ruleset option (VALUE as JSON when it parses), repeatable")
    parser.add_argument("--seat-wind", default="E", metavar="WIND",
                        help="seat wind E/S/W/N for scoring the waits (default E)")
    parser.add_argument("--round-wind", default="E", metavar="WIND",
                        help="prevailing wind E/S/W/N for scoring the waits (default E)")
    parser.add_argument("--flowers", default="", metavar="TILES",
                        help="with --rules: the seat's declared flowers, e.g. '15f' (Hu: "
                        "Flower Tile and Flower Set count in every win)")
    parser.add_argument("--dealer-repeats", type=int, default=0, metavar="N",
                        help="with --rules: the dealer's repeats (seat wind E; Hu adds 100 "
                        "a repeat to its win)")
    parser.add_argument("--eighth-repeat", action="store_true",
                        help="with --rules: the hand is played at the dealer's last repeat "
                        "(Hu: 4000 more for every win)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(func=run)


def _table(args: argparse.Namespace) -> TableRules | None:
    """The ``--rules`` table, or None; :class:`UsageError` naming a bad argument."""
    if args.rules is None:
        for flag, given in (("--option", args.option), ("--flowers", args.flowers),
                            ("--seat-wind", args.seat_wind != "E"),
                            ("--round-wind", args.round_wind != "E"),
                            ("--dealer-repeats", args.dealer_repeats),
                            ("--eighth-repeat", args.eighth_repeat)):
            if given:
                raise UsageError(f"{flag} needs --rules")
        return None
    if args.forms is not None:
        raise UsageError("--forms and --rules: the ruleset fixes the forms")
    try:
        ruleset = find_ruleset(args.rules, **parse_options(args.option))
    except (RuleError, ValueError) as exc:
        raise UsageError(str(exc)) from None
    winds = []
    for flag, text in (("--seat-wind", args.seat_wind), ("--round-wind", args.round_wind)):
        try:
            winds.append(wind_from_str(text))
        except InvalidNotation as exc:
            raise UsageError(f"{flag}: {exc}") from None
    seat_wind, round_wind = winds
    opts = ruleset.options
    # A wind the table never plays is a command-line mistake, not a hand that cannot win.
    if seat_wind not in opts.seat_winds:
        seats = ", ".join(wind_to_str(w) for w in opts.seat_winds)
        raise UsageError(f"--seat-wind: {wind_to_str(seat_wind)} is not a seat of "
                         f"{ruleset.id} (seats: {seats})")
    if round_wind - EAST >= opts.rounds:
        rounds = ", ".join(wind_to_str(EAST + r) for r in range(opts.rounds))
        raise UsageError(f"--round-wind: {wind_to_str(round_wind)} is not a round "
                         f"{ruleset.id} plays (rounds: {rounds})")
    return TableRules(ruleset, seat_wind, round_wind, flowers=_flowers(args.flowers, ruleset),
                      dealer_repeats=_repeats(args.dealer_repeats, seat_wind, ruleset),
                      eighth_repeat=args.eighth_repeat)


def _flowers(text: str, ruleset: Ruleset) -> list[Tile]:
    """``--flowers``: distinct bonus tiles of the table's set; :class:`UsageError` naming
    one that is not."""
    try:
        flowers = parse_tiles(text) if text.strip() else []
    except InvalidNotation as exc:
        raise UsageError(f"--flowers: {exc}") from None
    bonus = ruleset.options.bonus_tiles
    for i, tile in enumerate(flowers):
        if tile not in bonus:
            where = (f"{ruleset.id} plays no flowers" if not bonus
                     else f"the {ruleset.id} flowers are {tiles_to_str(bonus)}")
            raise UsageError(f"--flowers: {tile_to_str(tile)} is not a flower here ({where})")
        if tile in flowers[:i]:
            raise UsageError(f"--flowers: {tile_to_str(tile)} is declared twice")
    return flowers


def _repeats(repeats: int, seat_wind: Tile, ruleset: Ruleset) -> int:
    """``--dealer-repeats``: from 0 to the table's last repeat, and only for the dealer."""
    last = ruleset.options.max_repeats
    if repeats < 0 or (last is not None and repeats > last):
        most = f"0 to {last}" if last is not None else "0 or more"
        raise UsageError(f"--dealer-repeats: {repeats} is not a repeat count ({most})")
    if repeats and seat_wind != EAST:
        raise UsageError("--dealer-repeats: only the dealer (seat wind E) has repeats")
    return repeats


def _outside(tiles: Sequence[int], table: TableRules) -> list[Tile]:
    """The kinds among 34 counts that the table's tile set does not hold."""
    return [t for t in range(NUM_KINDS) if tiles[t] and t not in table.kinds]


def _read(
    args: argparse.Namespace, table: TableRules | None = None
) -> tuple[list[Tile], list[Meld], Form, list[int]]:
    """Parse and check the command line: (concealed tiles, melds, forms, visible)."""
    if table is not None:
        forms = table.ruleset.options.forms
    else:
        try:
            forms = parse_forms(
                "standard,pairs,orphans" if args.forms is None else args.forms)
        except ValueError as exc:
            raise UsageError(f"--forms: {exc}") from None
    try:
        concealed, melds, _ = parse_hand(args.hand)
        counts = to_counts(concealed)
    except InvalidNotation as exc:
        where = " (declared flowers go in --flowers)" if "bonus tile" in str(exc) else ""
        raise UsageError(f"HAND: {exc}{where}") from None
    total = counts[:]
    for meld in melds:
        for t in meld.tiles:
            total[t] += 1
    for t, n in enumerate(total):
        if n > 4:
            raise UsageError(f"HAND: {tile_to_str(t)} appears {n} times (at most 4)")
    size = len(concealed) + 3 * len(melds)
    if size not in (13, 14) or not concealed:
        raise UsageError(
            f"HAND: a hand holds 13 or 14 tiles, each meld counting 3 (got {len(concealed)} "
            f"concealed tiles and {len(melds)} melds)"
        )
    try:
        visible = parse_counts(args.visible) if args.visible.strip() else [0] * NUM_KINDS
    except InvalidNotation as exc:
        raise UsageError(f"--visible: {exc}") from None
    for t in range(NUM_KINDS):
        if total[t] + visible[t] > 4:
            raise UsageError(
                f"--visible: {tile_to_str(t)} would appear {total[t] + visible[t]} times "
                "counting the hand (at most 4)"
            )
    if table is not None:
        for flag, tiles in (("HAND", total), ("--visible", visible)):
            outside = _outside(tiles, table)
            if outside:
                verb = "is" if len(outside) == 1 else "are"
                raise UsageError(
                    f"{flag}: {tiles_to_str(outside)} {verb} not in the {table.ruleset.id} "
                    f"tile set ({4 * len(table.kinds)} tiles)"
                )
    return concealed, melds, forms, visible


def _tiles(text_tiles: Sequence[str]) -> str:
    """Tiles as text and Unicode side by side, e.g. ``1z 2z  🀀🀁``."""
    if not text_tiles:
        return "-"
    tiles = parse_tiles(" ".join(text_tiles))
    return f"{tiles_to_str(tiles)}  {tiles_to_unicode(tiles)}"


_HOW = (("discard", "on a discard"), ("self_draw", "by self-draw"))


def _names(table: TableRules, concealed: Sequence[Tile], melds: Sequence[Meld], tile: Tile,
           key: str) -> str:
    """What a win on ``tile`` scores, named in full: each pattern with its count (``Flower
    Tile ×2``) and the bonuses outside the cap (Hu's Dealer Repeats), so the names account
    for the total shown beside them; the table's own score, or (a win it does not allow)
    the relaxed one the total then comes from."""
    situation = Situation(
        concealed=(*concealed, tile), win_tile=tile, melds=tuple(melds),
        win=WinKind.DISCARD if key == "discard" else WinKind.SELF_DRAW,
        seat_wind=table.seat_wind, round_wind=table.round_wind, flowers=table.flowers,
        dealer_repeats=table.dealer_repeats, eighth_repeat=table.eighth_repeat,
    )
    shown = score(situation, table.ruleset)
    if not shown.valid:
        shown = score(situation, table.relaxed)
    return ", ".join(p.label for p in (*shown.patterns, *shown.bonuses))


def _outcome_text(outcome: dict[str, Any], ruleset: Ruleset, names: str) -> str:
    """One win in words: ``1500 points: All Sequences, ...`` or why it may not win."""
    unit = ruleset.unit.value
    value = f"{outcome['total']} {unit}" + (f": {names}" if names else "")
    if outcome["legal"]:
        return value
    if outcome.get("no_pattern"):
        return "ready but no pattern" + (f" ({names} only)" if names else "")
    if "short" in outcome:
        minimum = ruleset.options.min_value
        return f"{value} (short of the {minimum} {unit} minimum by {outcome['short']})"
    return f"not a win: {outcome['reason']}"


def _print_wins(console: Console, result: dict[str, Any], table_rules: TableRules,
                concealed: Sequence[Tile], melds: Sequence[Meld]) -> None:
    """The waits at the table: per wait, the win on a discard and by self-draw."""
    ruleset = table_rules.ruleset
    extras = "".join((
        f", flowers {result['flowers']}" if result.get("flowers") else "",
        f", {result['dealer_repeats']} repeats" if result.get("dealer_repeats") else "",
        ", the last repeat" if result.get("eighth_repeat") else "",
    ))
    table = Table(title=f"Wins at {ruleset.id} (seat {result['seat_wind']}, round "
                        f"{result['round_wind']}{extras})")
    table.add_column("Wait")
    table.add_column("Live", justify="right")
    for _, words in _HOW:
        table.add_column(words.capitalize())
    no_pattern = "Ready but no pattern"
    short = f"Short of the {result['minimum']} {result['unit']} minimum"
    problems: dict[str, list[str]] = {no_pattern: [], short: [], "Not a win": []}
    for wait in result["wins"]:
        tile = parse_tile(wait["tile"])
        table.add_row(_tiles([wait["tile"]]), str(wait["live"]), *(
            _outcome_text(wait[key], ruleset, _names(table_rules, concealed, melds, tile, key))
            for key, _ in _HOW))
        for key, words in _HOW:
            outcome = wait[key]
            if not outcome["legal"]:
                # the same test as _outcome_text, so the summary says what the table does
                problem = (no_pattern if outcome.get("no_pattern")
                           else short if "short" in outcome else "Not a win")
                problems[problem].append(f"{wait['tile']} {words}")
    console.print(table)
    for problem, waits in problems.items():
        if waits:
            console.print(f"{problem}: {', '.join(waits)}")
    if not any(problems.values()) and result["minimum"]:
        console.print(f"Every wait reaches the {result['minimum']} {result['unit']} minimum")


def _print(
    result: dict[str, Any], concealed: Sequence[Tile], table_rules: TableRules | None = None,
    melds: Sequence[Meld] = (),
) -> None:
    """Human-readable report with rich."""
    console = Console(highlight=False, markup=False)
    shown = "  ".join(f"[{m}]" for m in result["melds"])
    console.print(
        f"Hand  {result['hand']}  {tiles_to_unicode(concealed)}" + (f"  {shown}" if shown else "")
    )
    by_form = ", ".join(f"{form} {value}" for form, value in result["shanten_by_form"].items())
    state = {-1: "complete", 0: "ready"}.get(result["shanten"], "")
    console.print(
        f"Shanten  {result['shanten']}" + (f" ({state})" if state else "") + f"   [{by_form}]"
    )
    if "waits" in result:
        if result["waits"]:
            console.print(f"Waits  {_tiles(result['waits'])}   live {result['live']}")
        elif result["shanten"] == 0 and table_rules is not None:
            console.print(f"Waits  none in the {table_rules.ruleset.id} tile set")
        else:
            console.print(f"Improving  {_tiles(result['improving'])}   live {result['live']}")
        if "wins" in result and table_rules is not None:
            _print_wins(console, result, table_rules, concealed, melds)
        return
    for decomposition in result["decompositions"]:
        console.print(f"Decomposition  {decomposition}")
    if result["seven_pairs"]:
        console.print("Seven pairs")
    if result["thirteen_orphans"]:
        console.print("Thirteen orphans")
    table = Table(title="Discards, best first")
    table.add_column("Discard")
    table.add_column("Shanten", justify="right")
    table.add_column("Improving tiles")
    table.add_column("Live", justify="right")
    for option in result["discards"]:
        table.add_row(
            _tiles([option["tile"]]),
            str(option["shanten"]),
            _tiles(option["improving"]),
            str(option["live"]),
        )
    console.print(table)


def run(args: argparse.Namespace) -> int:
    """Entry point of ``tingpai analyze``: 0 on success, 2 on a usage error."""
    try:
        table = _table(args)
        concealed, melds, forms, visible = _read(args, table)
        result = analyze(concealed, melds, forms, visible, table)
        if table is not None and "wins" in result:
            situation = table.situation()
            for key in ("flowers", "dealer_repeats", "eighth_repeat"):
                result[key] = situation[key]
    except (UsageError, ValueError) as exc:
        if args.json:
            print(json.dumps({"error": str(exc)}, ensure_ascii=False))
        else:
            print(f"tingpai analyze: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result, ensure_ascii=False))
    else:
        _print(result, concealed, table, melds)
    return 0

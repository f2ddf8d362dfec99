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
table minimum.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from collections.abc import Sequence
from typing import Any

from rich.console import Console
from rich.table import Table

from tingpai.analysis import (
    Form,
    decompositions,
    discard_table,
    improving_tiles,
    is_seven_pairs,
    is_thirteen_orphans,
    parse_forms,
    shanten,
    shanten_by_form,
    waits,
)
from tingpai.cli.common import parse_options
from tingpai.rules import Payments, RuleError, Ruleset, WinKind, find_ruleset
from tingpai.scoring import Score, Situation, score
from tingpai.tiles import (
    NUM_KINDS,
    InvalidNotation,
    Meld,
    Tile,
    parse_counts,
    parse_hand,
    parse_tiles,
    tile_to_str,
    tiles_to_str,
    tiles_to_unicode,
    to_counts,
    wind_from_str,
    wind_to_str,
)

FORM_WORDS = {Form.STANDARD: "standard", Form.PAIRS: "pairs", Form.ORPHANS: "orphans"}


class UsageError(ValueError):
    """A mistake in the command line the user can fix (exit status 2)."""


def register(subparsers: Any) -> None:
    """Add the ``analyze`` subcommand."""
    parser = subparsers.add_parser(
        "analyze",
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
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(func=run)


class TableRules:
    """What ``--rules`` fixes: the ruleset, its tile kinds and the winds to score with."""

    def __init__(self, ruleset: Ruleset, seat_wind: Tile, round_wind: Tile) -> None:
        self.ruleset = ruleset
        self.kinds = frozenset(ruleset.options.tile_kinds)
        self.seat_wind = seat_wind
        self.round_wind = round_wind
        # The same table without a minimum or a qualifying-pattern rule, to say what a
        # wait that may not win would have scored.
        self.relaxed = Ruleset(
            id=ruleset.id, name=ruleset.name,
            options=dataclasses.replace(ruleset.options, min_value=0, require_pattern=False),
            patterns=ruleset.patterns, payment=lambda value, self_drawn: Payments(),
        )


def _table(args: argparse.Namespace) -> TableRules | None:
    """The ``--rules`` table, or None; :class:`UsageError` naming a bad argument."""
    if args.rules is None:
        if args.option:
            raise UsageError("--option needs --rules")
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
    return TableRules(ruleset, winds[0], winds[1])


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
            forms = parse_forms(args.forms or "standard,pairs,orphans")
        except ValueError as exc:
            raise UsageError(f"--forms: {exc}") from None
    try:
        concealed, melds, _ = parse_hand(args.hand)
        counts = to_counts(concealed)
    except InvalidNotation as exc:
        raise UsageError(f"HAND: {exc}") from None
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


def analyze(
    concealed: Sequence[Tile], melds: Sequence[Meld], forms: Form, visible: Sequence[int],
    table: TableRules | None = None,
) -> dict[str, Any]:
    """The analysis of one hand as a JSON-ready dict (with ``table``: at that table)."""
    counts = to_counts(concealed)
    held = counts[:]  # the hand's own tiles, its declared melds included
    for meld in melds:
        for t in meld.tiles:
            held[t] += 1
    seen = held[:]  # tiles that cannot be drawn: those and the visible ones
    for t in range(NUM_KINDS):
        seen[t] += visible[t]
        if table is not None and t not in table.kinds:
            seen[t] = 4  # not in this tile set: never live
    result: dict[str, Any] = {}
    if table is not None:
        result["rules"] = table.ruleset.id
    result.update({
        "hand": tiles_to_str(concealed),
        "melds": [m.to_str() for m in melds],
        "tiles": len(concealed) + 3 * len(melds),
        "forms": [word for form, word in FORM_WORDS.items() if form in forms],
        "shanten": shanten(counts, forms),
        "shanten_by_form": {
            FORM_WORDS[form]: value for form, value in shanten_by_form(counts, forms).items()
        },
    })

    def drawable(tiles: Sequence[Tile]) -> list[Tile]:
        return [t for t in tiles if table is None or t in table.kinds]

    if len(concealed) % 3 == 1:
        # RULES.md: a kind whose four tiles are all in the hand and its melds is no wait.
        ready = [t for t in drawable(waits(counts, forms)) if held[t] < 4]
        tiles = ready or drawable(improving_tiles(counts, forms))
        result["waits"] = [tile_to_str(t) for t in ready]
        result["improving"] = [tile_to_str(t) for t in tiles]
        result["live"] = sum(max(0, 4 - seen[t]) for t in tiles)
        if table is not None and ready:
            result["minimum"] = table.ruleset.options.min_value
            result["unit"] = table.ruleset.unit.value
            result["seat_wind"] = wind_to_str(table.seat_wind)
            result["round_wind"] = wind_to_str(table.round_wind)
            result["wins"] = [
                _wait_wins(concealed, melds, t, max(0, 4 - seen[t]), table) for t in ready
            ]
    else:
        result["complete"] = result["shanten"] == -1
        found = decompositions(counts) if Form.STANDARD in forms else []
        result["decompositions"] = [str(d) for d in found]
        result["seven_pairs"] = Form.PAIRS in forms and not melds and is_seven_pairs(counts)
        result["thirteen_orphans"] = (
            Form.ORPHANS in forms and not melds and is_thirteen_orphans(counts)
        )
        # Copies that cannot be drawn beyond the concealed ones: melds, visible, not in the set.
        unavailable = [min(4, n) - c for n, c in zip(seen, counts, strict=True)]
        result["discards"] = []
        for option in discard_table(counts, unavailable, forms):
            improving = drawable(option.improving)
            result["discards"].append({
                "tile": tile_to_str(option.tile),
                "shanten": option.shanten,
                "improving": [tile_to_str(t) for t in improving],
                "live": option.live,
            })
    return result


def _wait_wins(
    concealed: Sequence[Tile], melds: Sequence[Meld], tile: Tile, live: int, table: TableRules
) -> dict[str, Any]:
    """One wait at the table: its live count and the win on it by discard and self-draw."""
    out: dict[str, Any] = {"tile": tile_to_str(tile), "live": live}
    for key, win in (("discard", WinKind.DISCARD), ("self_draw", WinKind.SELF_DRAW)):
        situation = Situation(
            concealed=(*concealed, tile), win_tile=tile, melds=tuple(melds), win=win,
            seat_wind=table.seat_wind, round_wind=table.round_wind,
        )
        out[key] = _win_outcome(score(situation, table.ruleset),
                                score(situation, table.relaxed), table.ruleset)
    return out


def _win_outcome(real: Score, relaxed: Score, ruleset: Ruleset) -> dict[str, Any]:
    """``{legal, total, patterns, ...}`` of one win; ``no_pattern`` (Hu) when the hand is
    complete without a qualifying pattern, ``short`` (fan below the table minimum)."""
    shown = real if real.valid else relaxed
    out: dict[str, Any] = {
        "legal": real.valid,
        "total": shown.total if shown.valid else 0,
        "patterns": [p.id for p in shown.patterns],
    }
    if real.valid:
        out["payments"] = real.payments.as_dict()
        return out
    out["reason"] = real.reason
    if relaxed.valid:
        qualifying = any(ruleset.pattern(p.id).qualifies for p in relaxed.patterns)
        if ruleset.options.require_pattern and not qualifying:
            out["no_pattern"] = True
        if relaxed.total < ruleset.options.min_value:
            out["short"] = ruleset.options.min_value - relaxed.total
    return out


def _tiles(text_tiles: Sequence[str]) -> str:
    """Tiles as text and Unicode side by side, e.g. ``1z 2z  🀀🀁``."""
    if not text_tiles:
        return "-"
    tiles = parse_tiles(" ".join(text_tiles))
    return f"{tiles_to_str(tiles)}  {tiles_to_unicode(tiles)}"


_HOW = (("discard", "on a discard"), ("self_draw", "by self-draw"))


def _outcome_text(outcome: dict[str, Any], ruleset: Ruleset) -> str:
    """One win in words: ``1500 points: All Sequences, ...`` or why it may not win."""
    unit = ruleset.unit.value
    names = ", ".join(ruleset.pattern(pid).name for pid in outcome["patterns"])
    value = f"{outcome['total']} {unit}" + (f": {names}" if names else "")
    if outcome["legal"]:
        return value
    if outcome.get("no_pattern"):
        return "ready but no pattern" + (f" ({names} only)" if names else "")
    if "short" in outcome:
        minimum = ruleset.options.min_value
        return f"{value} (short of the {minimum} {unit} minimum by {outcome['short']})"
    return f"not a win: {outcome['reason']}"


def _print_wins(console: Console, result: dict[str, Any], ruleset: Ruleset) -> None:
    """The waits at the table: per wait, the win on a discard and by self-draw."""
    table = Table(title=f"Wins at {ruleset.id} (seat {result['seat_wind']}, round "
                        f"{result['round_wind']})")
    table.add_column("Wait")
    table.add_column("Live", justify="right")
    for _, words in _HOW:
        table.add_column(words.capitalize())
    short: list[str] = []
    for wait in result["wins"]:
        table.add_row(_tiles([wait["tile"]]), str(wait["live"]),
                      *(_outcome_text(wait[key], ruleset) for key, _ in _HOW))
        for key, words in _HOW:
            if not wait[key]["legal"]:
                short.append(f"{wait['tile']} {words}")
    console.print(table)
    if ruleset.options.require_pattern:
        problem = "Ready but no pattern"
    else:
        problem = f"Short of the {result['minimum']} {result['unit']} minimum"
    if short:
        console.print(f"{problem}: {', '.join(short)}")
    elif result["minimum"]:
        console.print(f"Every wait reaches the {result['minimum']} {result['unit']} minimum")


def _print(
    result: dict[str, Any], concealed: Sequence[Tile], table_rules: TableRules | None = None
) -> None:
    """Human-readable report with rich."""
    console = Console(highlight=False, markup=False)
    melds = "  ".join(f"[{m}]" for m in result["melds"])
    console.print(
        f"Hand  {result['hand']}  {tiles_to_unicode(concealed)}" + (f"  {melds}" if melds else "")
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
            _print_wins(console, result, table_rules.ruleset)
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
    except (UsageError, ValueError) as exc:
        if args.json:
            print(json.dumps({"error": str(exc)}, ensure_ascii=False))
        else:
            print(f"tingpai analyze: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result, ensure_ascii=False))
    else:
        _print(result, concealed, table)
    return 0

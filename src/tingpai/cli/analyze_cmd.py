"""``tingpai analyze HAND``: shanten, waits or the discard table of one hand.

HAND is tile notation with optional melds in brackets, e.g. ``123m456p [789s] 11z``.  A
hand of 13 tiles (each meld counting 3) gets its waits or, when not ready, its improving
tiles; a hand of 14 gets its decompositions when complete and its discard table.
"""

from __future__ import annotations

import argparse
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
        default="standard,pairs,orphans",
        help="winning forms to consider, comma separated (default: all three)",
    )
    parser.add_argument(
        "--visible",
        default="",
        metavar="TILES",
        help="tiles seen outside the hand (ponds, others' melds), for live counts",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(func=run)


def _read(args: argparse.Namespace) -> tuple[list[Tile], list[Meld], Form, list[int]]:
    """Parse and check the command line: (concealed tiles, melds, forms, visible)."""
    try:
        forms = parse_forms(args.forms)
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
    return concealed, melds, forms, visible


def analyze(
    concealed: Sequence[Tile], melds: Sequence[Meld], forms: Form, visible: Sequence[int]
) -> dict[str, Any]:
    """The analysis of one hand as a JSON-ready dict."""
    counts = to_counts(concealed)
    result: dict[str, Any] = {
        "hand": tiles_to_str(concealed),
        "melds": [m.to_str() for m in melds],
        "tiles": len(concealed) + 3 * len(melds),
        "forms": [word for form, word in FORM_WORDS.items() if form in forms],
        "shanten": shanten(counts, forms),
        "shanten_by_form": {
            FORM_WORDS[form]: value for form, value in shanten_by_form(counts, forms).items()
        },
    }
    if len(concealed) % 3 == 1:
        ready = waits(counts, forms)
        tiles = ready or improving_tiles(counts, forms)
        result["waits"] = [tile_to_str(t) for t in ready]
        result["improving"] = [tile_to_str(t) for t in tiles]
        result["live"] = sum(max(0, 4 - counts[t] - visible[t]) for t in tiles)
    else:
        result["complete"] = result["shanten"] == -1
        found = decompositions(counts) if Form.STANDARD in forms else []
        result["decompositions"] = [str(d) for d in found]
        result["seven_pairs"] = Form.PAIRS in forms and not melds and is_seven_pairs(counts)
        result["thirteen_orphans"] = (
            Form.ORPHANS in forms and not melds and is_thirteen_orphans(counts)
        )
        result["discards"] = [
            {
                "tile": tile_to_str(option.tile),
                "shanten": option.shanten,
                "improving": [tile_to_str(t) for t in option.improving],
                "live": option.live,
            }
            for option in discard_table(counts, visible, forms)
        ]
    return result


def _tiles(text_tiles: Sequence[str]) -> str:
    """Tiles as text and Unicode side by side, e.g. ``1z 2z  🀀🀁``."""
    if not text_tiles:
        return "-"
    tiles = parse_tiles(" ".join(text_tiles))
    return f"{tiles_to_str(tiles)}  {tiles_to_unicode(tiles)}"


def _print(result: dict[str, Any], concealed: Sequence[Tile]) -> None:
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
        else:
            console.print(f"Improving  {_tiles(result['improving'])}   live {result['live']}")
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
        concealed, melds, forms, visible = _read(args)
        result = analyze(concealed, melds, forms, visible)
    except (UsageError, ValueError) as exc:
        if args.json:
            print(json.dumps({"error": str(exc)}, ensure_ascii=False))
        else:
            print(f"tingpai analyze: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result, ensure_ascii=False))
    else:
        _print(result, concealed)
    return 0

"""``tingpai score``: score one winning hand, for people or for programs.

Human form::

    tingpai score "123s123p789p99p [123m] +9p" --rules hu-4p --discard --seat-wind S \\
        --round-wind E --flowers 5f

The winning tile after ``+`` joins the concealed tiles; when the written tiles already make
a full hand with it (as above, ``99p`` then ``+9p``), ``+`` only marks which tile won.

prints a table of the patterns (Chinese name, pinyin, value), the superseded ones struck
through with what superseded them, the total and who pays what.  ``--explain`` also lists
every pattern that was not present and what it needs.  ``tingpai score HAND --json`` scores
the same hand and prints the JSON result instead.

``tingpai score --json`` without a hand reads one JSON object on stdin and prints one on
stdout, exactly as DESIGN.md "Contracts" says; the flags that describe a hand
(``--self-draw``, ``--seat-wind``, ...) are then refused (exit status 2), since the object
carries those fields and a flag would otherwise be silently ignored; ``--rules`` fills in an
object without ``rules`` and must name the same ruleset as one with it.  Extra input field:
``special`` (a special win's pattern id, e.g. ``"eight_immortals"``; ``win_tile`` may then
be null).  Extra output fields: ``unit``, ``subtotal``, ``capped``, ``bonuses``,
``decomposition`` and ``count`` in pattern entries.

Both forms have the defaults of DESIGN.md and of :class:`~tingpai.scoring.Situation` (a
discard win, seat and round wind East, no repeats, ...), so a hand scores the same from
Python, JSON and the command line.  An omitted win kind or seat is inferred only where the
other fields leave no choice: a replacement chain or a blessing won on a draw means
self-draw; Blessing of Earth means a non-dealer, seat South unless given.  The human form's
flags have the JSON fields' names (``--dealer-repeats``, ``--eighth-repeat``,
``--replacements``, ``--robbing-kong``, ``--last-tile``; ``--repeats`` is kept as a hidden
alias).  ``--option payment_table=FILE.toml`` (and a file name in the JSON ``options``)
is read here, at the command-line edge (:mod:`tingpai.cli.common`).

Malformed input or an impossible hand -- the rule both forms apply:

* **Malformed input, exit status 2** (JSON: ``{"error": "..."}`` on stdout; human: one line
  on stderr): the input does not name things that exist -- unreadable or oversized input
  (bounds in :mod:`tingpai.inputs`), a wrong field type, an unknown field, bad notation, an
  unknown rules id, option, option value or ``special`` win, ``win_tile`` not among the
  concealed tiles, and tiles this table does not have: a kind not in the ruleset's set (a
  flower on a flowerless table, 4m on hk-2p), a kind more than four times counting melds,
  a declared flower that is not a bonus tile or is declared twice
  (:func:`~tingpai.scoring.tile_problem`).
* **An impossible or losing hand, exit status 0 with** ``valid: false`` **and a reason**:
  the things exist but cannot make this win -- a wrong tile count, an incomplete hand, no
  qualifying pattern or below the table minimum, an undeclared flower among the concealed
  tiles, and a course of play that cannot happen at this table: a seat or round wind it
  never plays, a replacement chain longer than the kongs and flowers that could have
  produced it, robbing a kong of a tile the winner holds, a blessing with a declared meld
  or on the wrong seat or win, ``dealer_repeats`` beyond the table's ``max_repeats``,
  robbing a kong by self-draw.

Every error message is one line of at most 300 characters and quotes at most a few dozen
characters of the input.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping
from typing import Any

from tingpai.cli.common import parse_options, print_table, read_option_files
from tingpai.inputs import MAX_NOTATION, MAX_SCORE_TEXT, JSONInputError, echo, load_json, one_line
from tingpai.rules import RuleError, Ruleset, WinKind, find_ruleset, ruleset_ids, ruleset_spec
from tingpai.scoring import (
    WIN_WORDS,
    Explanation,
    Score,
    Situation,
    explain,
    score,
    tile_problem,
)
from tingpai.tiles import (
    EAST,
    SOUTH,
    InvalidNotation,
    Meld,
    Tile,
    parse_hand,
    parse_meld,
    parse_tile,
    parse_tiles,
    wind_from_str,
)

DEFAULT_RULES = "hu-4p"
"""The human form's ruleset when ``--rules`` is not given."""


class InputError(ValueError):
    """Malformed input: the message names the field and what was wrong with it."""


FIELDS = (
    "rules", "options", "concealed", "melds", "win_tile", "win", "seat_wind", "round_wind",
    "flowers", "dealer_repeats", "eighth_repeat", "replacements", "robbing_kong", "last_tile",
    "blessing", "special",
)
"""Every input field of ``tingpai score --json``."""


# --- input -------------------------------------------------------------------------


def _field(data: Mapping[str, Any], name: str, types: type | tuple[type, ...], default: Any,
           what: str) -> Any:
    value = data.get(name, default)
    if value is default and name not in data:
        return default
    ok = isinstance(value, types) and not (
        isinstance(value, bool) and bool not in (types if isinstance(types, tuple) else (types,))
    )
    if not ok:
        raise InputError(f"field {name!r} must be {what}, got {echo(value)}")
    return value


def _tiles(text: str, name: str) -> list[Tile]:
    try:
        return parse_tiles(text)
    except InvalidNotation as exc:
        raise InputError(f"field {name!r}: {exc}") from None


def _wind(text: str, name: str) -> Tile:
    try:
        return wind_from_str(text)
    except InvalidNotation as exc:
        raise InputError(f"field {name!r}: {exc}") from None


def _win_kind(text: str) -> WinKind:
    kind = WIN_WORDS.get(text.strip().lower())
    if kind is None:
        raise InputError(
            f"field 'win' must be 'discard' or 'self-draw' (or ron, tsumo, zimo, ...), "
            f"got {echo(text)}"
        )
    return kind


def _special(value: str | None) -> str | None:
    return None if value is None else value.strip().replace("-", "_")


def _ruleset(rules: str, options: Mapping[str, Any]) -> Ruleset:
    """The ruleset, option files read first (this is the command-line edge)."""
    try:
        return find_ruleset(rules, **read_option_files(options))
    except RuleError as exc:
        raise InputError(str(exc)) from None


def situation_from_json(data: object) -> tuple[Situation, Ruleset]:
    """Read the ``tingpai score --json`` input object; :class:`InputError` if malformed."""
    if not isinstance(data, dict):
        raise InputError("input must be one JSON object")
    unknown = [k for k in data if k not in FIELDS]
    if unknown:
        raise InputError(f"unknown field {echo(unknown[0])} (fields: {', '.join(FIELDS)})")
    for required in ("rules", "concealed"):
        if required not in data:
            raise InputError(f"missing field {required!r}")
    rules = _field(data, "rules", str, None, "a rules id string")
    options = _field(data, "options", dict, {}, "an object")
    concealed = _tiles(_field(data, "concealed", str, None, "a tile string"), "concealed")
    melds_raw = _field(data, "melds", list, [], "a list of meld strings")
    melds: list[Meld] = []
    for i, text in enumerate(melds_raw):
        if not isinstance(text, str):
            raise InputError(f"field 'melds'[{i}] must be a string like 'pung 555p'")
        if i >= 8:
            raise InputError("field 'melds' has more than 8 melds (a hand has at most 4)")
        try:
            melds.append(parse_meld(text))
        except InvalidNotation as exc:
            raise InputError(f"field 'melds'[{i}]: {exc}") from None
    win = _win_kind(_field(data, "win", str, "discard", "'discard' or 'self-draw'"))
    special = _special(_field(data, "special", (str, type(None)), None, "a string or null"))
    is_special = special is not None or win in (WinKind.EIGHT_IMMORTALS,
                                                WinKind.TERMINAL_DISCARDS)
    if "win_tile" not in data and not is_special:
        raise InputError("missing field 'win_tile'")
    win_raw = _field(data, "win_tile", (str, type(None)), None, "a tile like '9p'")
    if win_raw is None and not is_special:
        raise InputError("field 'win_tile' must be a tile like '9p', got null")
    try:
        win_tile = parse_tile(win_raw) if win_raw is not None else -1
    except InvalidNotation as exc:
        raise InputError(f"field 'win_tile': {exc}") from None
    if not is_special and win_tile not in concealed:
        raise InputError(
            "field 'win_tile' must be one of the 'concealed' tiles (concealed includes the "
            "winning tile)"
        )
    seat = _wind(_field(data, "seat_wind", str, "E", "a wind letter E/S/W/N"), "seat_wind")
    round_ = _wind(_field(data, "round_wind", str, "E", "a wind letter E/S/W/N"), "round_wind")
    flowers_raw = _field(data, "flowers", (str, list), "", "a tile string like '15f'")
    if isinstance(flowers_raw, list):
        if not all(isinstance(f, str) for f in flowers_raw):
            raise InputError("field 'flowers' must be a tile string like '15f'")
        if sum(len(f) + 1 for f in flowers_raw) > MAX_NOTATION:
            raise InputError(f"field 'flowers' is longer than {MAX_NOTATION} characters")
        flowers_raw = " ".join(flowers_raw)
    flowers = _tiles(flowers_raw, "flowers")
    repeats = _field(data, "dealer_repeats", int, 0, "a non-negative integer")
    if repeats < 0:
        raise InputError(f"field 'dealer_repeats' must be a non-negative integer, got {repeats}")
    eighth = _field(data, "eighth_repeat", bool, False, "true or false")
    repl = _field(data, "replacements", list, [], "a list of 'kong' / 'flower'")
    for r in repl:
        if r not in ("kong", "flower"):
            raise InputError(
                f"field 'replacements' entries must be 'kong' or 'flower', got {echo(r)}"
            )
    robbing = _field(data, "robbing_kong", bool, False, "true or false")
    if "robbing_kong" in data and not robbing and "win" in data and win is WinKind.ROBBING_KONG:
        raise InputError("field 'win' is 'robbing-kong' but field 'robbing_kong' is false")
    last = _field(data, "last_tile", bool, False, "true or false")
    blessing = _field(data, "blessing", (str, type(None)), None, "null, 'heaven' or 'earth'")
    if blessing not in (None, "heaven", "earth"):
        raise InputError(
            f"field 'blessing' must be null, 'heaven' or 'earth', got {echo(blessing)}"
        )
    ruleset = _ruleset(rules, options)
    win, seat = implied_defaults(
        ruleset, win if "win" in data else None, seat if "seat_wind" in data else None,
        bool(repl), blessing, robbing,
    )
    situation = Situation(
        concealed=tuple(concealed), win_tile=win_tile, melds=tuple(melds),
        win=WinKind.ROBBING_KONG if robbing and win is WinKind.DISCARD else win,
        seat_wind=seat, round_wind=round_, flowers=tuple(flowers), dealer_repeats=repeats,
        eighth_repeat=eighth, replacements=tuple(repl), robbing_kong=robbing, last_tile=last,
        blessing=blessing, special=special,
    )
    return _checked(situation, ruleset)


def _checked(situation: Situation, ruleset: Ruleset) -> tuple[Situation, Ruleset]:
    """The situation, unless it names tiles this table does not have (malformed input by
    the rule of the module docstring: :class:`InputError`)."""
    problem = tile_problem(situation, ruleset)
    if problem is not None:
        raise InputError(problem)
    return situation, ruleset


# --- output ------------------------------------------------------------------------


def score_to_json(result: Score) -> dict[str, Any]:
    """The ``tingpai score --json`` output object of a score."""
    return result.to_json()


def read_json_input(stdin: Any) -> object:
    """Read and decode the stdin JSON, bounded (:data:`~tingpai.inputs.MAX_SCORE_TEXT`
    characters, read no further); :class:`InputError` if it cannot be read."""
    if stdin is None:  # started with standard input closed
        raise InputError("no input: standard input is closed (give one JSON object on it)")
    try:
        text = stdin.read(MAX_SCORE_TEXT + 1)
    except UnicodeDecodeError as exc:
        raise InputError(f"input is not UTF-8 text: {exc}") from None
    except OSError as exc:
        raise InputError(f"cannot read standard input: {exc}") from None
    try:
        return load_json(text, max_chars=MAX_SCORE_TEXT)
    except JSONInputError as exc:
        raise InputError("bad JSON: " + str(exc).removeprefix("not valid JSON: ")) from None


def run_json(stdin: Any, stdout: Any, rules: str | None = None) -> int:
    """Read one JSON object, print one; 0 for any scored hand, 2 for malformed input.
    ``rules`` (``--rules``) is the object's ``rules`` when it has none, and must name the
    same ruleset as the object's when it has one."""
    try:
        data = read_json_input(stdin)
        if rules is not None and isinstance(data, dict):
            data = _with_rules(data, rules)
        situation, ruleset = situation_from_json(data)
    except InputError as exc:
        return _json_error(stdout, str(exc))
    return _print_json(situation, ruleset, stdout)


def _with_rules(data: dict[str, Any], rules: str) -> dict[str, Any]:
    """The stdin object with ``--rules``: filled in when absent, checked when present."""
    if "rules" not in data:
        return {**data, "rules": rules}
    try:
        same = ruleset_spec(rules).id == ruleset_spec(data["rules"]).id
    except (RuleError, TypeError):
        return data  # an unknown id on either side is named by the object's checks
    if not same:
        raise InputError(f"--rules {rules} and the object's rules {data['rules']!r} differ: "
                         "give one of them")
    return data


def _json_error(stdout: Any, message: str) -> int:
    print(json.dumps({"error": one_line(message)}), file=stdout)
    return 2


def _print_json(situation: Situation, ruleset: Ruleset, stdout: Any) -> int:
    """Score and print the JSON result (exit 0), or the error of a malformed one (2)."""
    try:
        out = score_to_json(score(situation, ruleset))
    except ValueError as exc:  # last resort: malformed input the checks above missed
        return _json_error(stdout, f"cannot score this input: {exc}")
    print(json.dumps(out), file=stdout)
    return 0


def implied_defaults(
    ruleset: Ruleset, win: WinKind | None, seat: Tile | None, chain: bool,
    blessing: str | None, robbing: bool,
) -> tuple[WinKind, Tile]:
    """The win kind and seat wind, filling an omitted one (None) from the fields that leave
    no choice: a replacement chain or a blessing won on a draw means self-draw, Blessing of
    Earth a non-dealer (South, the first one); otherwise the contract defaults (discard,
    seat East, as :class:`~tingpai.scoring.Situation` has them)."""
    if win is None:
        earth_by_discard = ruleset.policies.blessings.earth_by_discard
        drawn = chain or blessing == "heaven" or (blessing == "earth" and not earth_by_discard)
        win = WinKind.SELF_DRAW if drawn and not robbing else WinKind.DISCARD
    if seat is None:
        seat = SOUTH if blessing == "earth" else EAST
    return win, seat


def situation_from_args(args: argparse.Namespace) -> tuple[Situation, Ruleset]:
    """Build the situation of the human form; :class:`InputError` if malformed."""
    try:
        options = parse_options(args.option or [])
    except ValueError as exc:
        raise InputError(str(exc)) from None
    ruleset = _ruleset(args.rules or DEFAULT_RULES, options)
    special = _special(args.special)
    try:
        concealed, melds, win_tile = parse_hand(args.hand)
    except InvalidNotation as exc:
        raise InputError(f"hand: {exc}") from None
    if win_tile is None and special is None:
        raise InputError("hand: give the winning tile after '+', e.g. '123m... +9p'")
    if (
        win_tile is not None
        and len(concealed) + 3 * len(melds) == 15
        and concealed.count(win_tile) >= 2
    ):
        # "+9p" marked a tile already written among the fourteen: do not count it twice.
        concealed.remove(win_tile)
    repl: list[str] = []
    if args.replacements:
        repl = [r.strip() for r in args.replacements.split(",") if r.strip()]
        for r in repl:
            if r not in ("kong", "flower"):
                raise InputError(f"--replacements: {r!r} must be 'kong' or 'flower'")
    repeats = 0 if args.dealer_repeats is None else args.dealer_repeats
    if repeats < 0:
        raise InputError("--dealer-repeats must be a non-negative integer")
    chosen = WinKind.SELF_DRAW if args.self_draw else WinKind.DISCARD if args.discard else None
    seat_given = None if args.seat is None else _wind(args.seat, "--seat-wind")
    win, seat = implied_defaults(
        ruleset, chosen, seat_given, bool(repl), args.blessing, args.robbing_kong
    )
    if args.robbing_kong and win is WinKind.DISCARD:
        win = WinKind.ROBBING_KONG
    situation = Situation(
        concealed=tuple(concealed), win_tile=-1 if win_tile is None else win_tile,
        melds=tuple(melds), win=win,
        seat_wind=seat, round_wind=_wind(args.round or "E", "--round-wind"),
        flowers=tuple(_tiles(args.flowers or "", "--flowers")), dealer_repeats=repeats,
        eighth_repeat=args.eighth_repeat, replacements=tuple(repl),
        robbing_kong=args.robbing_kong, last_tile=args.last_tile, blessing=args.blessing,
        special=special,
    )
    return _checked(situation, ruleset)


def render(explanation: Explanation, ruleset: Ruleset, show_absent: bool) -> Any:
    """A rich renderable: the pattern table, total and payments (and, with ``show_absent``,
    every pattern that was not present and what it needs)."""
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    result = explanation.score
    unit = "fan" if result.unit.value == "fan" else "points"
    parts: list[Any] = []
    if not result.valid:
        parts.append(Text(f"Not a valid win: {result.reason}", style="bold red"))
    table = Table(title=ruleset.name)
    table.add_column("Pattern")
    table.add_column("Chinese")
    table.add_column("Pinyin")
    table.add_column("Value", justify="right")
    table.add_column("Note")
    dim = "strike dim"
    for note in explanation.notes:
        if note.status == "counted":
            detail = note.detail
            if not result.valid:  # the reason is the line above the table
                qualifies = not ruleset.has_pattern(note.id) or ruleset.pattern(note.id).qualifies
                detail = ("present; the hand does not win" if qualifies
                          else "present, but not a winning pattern")
            table.add_row(note.name, note.chinese, note.pinyin, str(note.value), detail)
        elif note.status == "superseded":
            by_id = note.detail.removeprefix("by ")
            by = ruleset.pattern(by_id).name if ruleset.has_pattern(by_id) else by_id
            table.add_row(Text(note.name, style=dim), Text(note.chinese, style=dim),
                          Text(note.pinyin, style=dim), Text(str(note.value), style=dim),
                          Text(f"superseded by {by}", style="dim"))
    for bonus in result.bonuses:
        table.add_row(bonus.name, bonus.chinese, bonus.pinyin, str(bonus.value), "outside the cap")
    if table.row_count:
        parts.append(table)
    if result.valid:
        lines = []
        if result.capped:
            lines.append(f"Patterns {result.subtotal}, capped at {ruleset.options.max_value}")
        lines.append(f"Total: {result.total} {unit}" + (" (limit hand)" if result.limit else ""))
        pay = result.payments
        losers = ruleset.options.players - 1
        if pay.each is not None and losers == 1:
            lines.append(f"Self-draw: the other player pays {pay.each}")
        elif pay.each is not None:
            lines.append(f"Self-draw: each of {losers} players pays {pay.each} "
                         f"({pay.each * losers} in all)")
        if pay.discarder is not None:
            lines.append(f"Discard: the discarder pays {pay.discarder}")
        if pay.others is not None:
            lines.append(f"Each other player pays {pay.others}")
        if result.decomposition:
            lines.append("Groups: " + " | ".join(result.decomposition))
        parts.append(Text("\n".join(lines), style="bold"))
    if show_absent:
        absent = Table(title="Not present")
        absent.add_column("Pattern")
        absent.add_column("Chinese")
        absent.add_column("Value", justify="right")
        absent.add_column("Needs")
        for note in explanation.notes:
            if note.status == "absent":
                value = ruleset.pattern(note.id).value
                absent.add_row(note.name, note.chinese, str(value), note.detail)
        parts.append(absent)
    return Group(*parts)


HAND_FLAGS = (
    ("option", "--option"), ("discard", "--discard"),
    ("self_draw", "--self-draw"), ("seat", "--seat-wind"), ("round", "--round-wind"),
    ("flowers", "--flowers"), ("dealer_repeats", "--dealer-repeats"),
    ("eighth_repeat", "--eighth-repeat"), ("replacements", "--replacements"),
    ("robbing_kong", "--robbing-kong"), ("last_tile", "--last-tile"),
    ("blessing", "--blessing"), ("special", "--special"),
)
"""(dest, flag) of the flags that describe the hand of the human form: the stdin JSON
object carries these as its fields, so with no HAND a given flag is refused, not ignored
(``--rules`` alone is taken: it fills in an object without ``rules`` and must agree with
one that has it)."""


def run(args: argparse.Namespace) -> int:
    """The ``score`` subcommand."""
    if args.json and not args.hand:
        given = [flag for dest, flag in HAND_FLAGS
                 if getattr(args, dest, None) is not None and getattr(args, dest) is not False]
        if given:
            return _json_error(
                sys.stdout,
                f"{given[0]} describes a HAND given on the command line; without one the "
                "JSON object on stdin carries every field (options, win, seat_wind, ...)",
            )
        if args.rules is not None:
            try:
                ruleset_spec(args.rules)
            except RuleError as exc:
                return _json_error(sys.stdout, f"--rules: {exc}")
        return run_json(sys.stdin, sys.stdout, args.rules)
    if not args.hand:
        print("tingpai score: error: give a hand (e.g. \"123m456p789s1122z +2z\") or --json",
              file=sys.stderr)
        return 2
    try:
        situation, ruleset = situation_from_args(args)
    except InputError as exc:
        if args.json:
            return _json_error(sys.stdout, str(exc))
        print(f"tingpai score: error: {one_line(str(exc))}", file=sys.stderr)
        return 2
    if args.json:
        return _print_json(situation, ruleset, sys.stdout)
    from rich.console import Console
    from rich.table import Table

    console = Console()
    for part in render(explain(situation, ruleset), ruleset, args.explain).renderables:
        if isinstance(part, Table):  # names and values whole in a narrow terminal
            print_table(console, part)
        else:
            console.print(part)
    return 0


def register(subparsers: Any) -> None:
    """Add the ``score`` subcommand."""
    parser = subparsers.add_parser(
        "score", help="score a winning hand",
        description="Score a winning hand: patterns, total and payments.",
    )
    parser.add_argument("hand", nargs="?",
                        help='hand notation, e.g. "123s123p789p99p [123m] +9p" '
                             "([..] exposed meld, [[..]] concealed kong, +tile the winning tile)")
    parser.add_argument("--json", action="store_true",
                        help="print the result as JSON; without a hand, read the JSON input "
                             "object on stdin")
    parser.add_argument("--rules", default=None,
                        help=f"ruleset id ({', '.join(ruleset_ids())}); default hu-4p")
    how = parser.add_mutually_exclusive_group()
    how.add_argument("--discard", action="store_true", help="won on a discard (default)")
    how.add_argument("--self-draw", action="store_true", help="won by self-draw")
    parser.add_argument(
        "--seat-wind", "--seat", dest="seat", default=None, metavar="WIND",
        help="seat wind E/S/W/N (default E, as in the JSON contract; S with --blessing earth)"
    )
    parser.add_argument("--round-wind", "--round", dest="round", default=None, metavar="WIND",
                        help="prevailing wind E/S/W/N (default E)")
    parser.add_argument("--flowers", default=None, help="declared bonus tiles, e.g. 15f")
    parser.add_argument("--option", action="append", metavar="KEY=VALUE",
                        help="ruleset option (value read as JSON if it parses), repeatable")
    parser.add_argument("--dealer-repeats", type=int, default=None, metavar="N",
                        help="the dealer's repeat count (JSON field dealer_repeats)")
    parser.add_argument("--repeats", type=int, dest="dealer_repeats", help=argparse.SUPPRESS)
    parser.add_argument("--eighth-repeat", action="store_true",
                        help="the hand is played at the dealer's eighth repeat")
    parser.add_argument("--replacements", default=None,
                        help="replacement chain that produced the winning tile, e.g. kong,flower")
    parser.add_argument("--robbing-kong", action="store_true", help="won by robbing a kong")
    parser.add_argument("--last-tile", action="store_true",
                        help="won on the last draw or discard")
    parser.add_argument("--blessing", choices=("heaven", "earth"), default=None)
    parser.add_argument("--special", default=None,
                        help="special win by pattern id (eight_immortals, terminal_discards)")
    parser.add_argument("--explain", action="store_true",
                        help="also list every absent pattern and what it needs")
    parser.set_defaults(func=run)

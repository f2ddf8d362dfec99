"""Command-line pieces shared by the subcommands: ``--option KEY=VALUE`` and ``--bots``.

Ruleset options enter here: every command that takes ``--option`` (``score``, ``sim``,
``play``, ``analyze``) and the options object of ``tingpai score --json`` go through
:func:`parse_options` / :func:`read_option_files`.  The library reads no files, so a host
payment table named by a file (``payment_table=table.toml`` or ``.json``) is read here and
replaced by its rows object.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterable, Mapping
from typing import Any

from rich import box
from rich.console import Console
from rich.measure import Measurement
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from tingpai.inputs import MAX_SCORE_TEXT, JSONInputError, echo, load_json
from tingpai.rules import read_payment_table

_INTEGER = re.compile(r"-?\d+")
"""A JSON integer (the bounds of :mod:`tingpai.inputs` may still refuse it; a number with
an exponent beyond a float's range is left to the option's own check, as in JSON input)."""

FILE_OPTIONS = ("payment_table",)
"""Options whose value may name a ``.json`` / ``.toml`` file that the command line reads."""


def parse_options(items: Iterable[str]) -> dict[str, Any]:
    """``KEY=VALUE`` strings to an options mapping; VALUE is read as JSON when it parses
    (``true``, ``3``, ``null``, ``"5/2"``, ``{"rows": [...]}``, within the bounds of
    :mod:`tingpai.inputs`), else taken as a string.  Option files are read here, at the
    command-line edge (:func:`read_option_files`).  ValueError (a
    :class:`~tingpai.rules.RuleError` for a bad file) names the bad item.

    >>> parse_options(["flowers=false", "pond_limit=20", "payment_table=golden"])
    {'flowers': False, 'pond_limit': 20, 'payment_table': 'golden'}
    """
    out: dict[str, Any] = {}
    for item in items:
        key, sep, raw = item.partition("=")
        key = key.strip()
        if not sep or not key:
            raise ValueError(f"--option {echo(item)} is not KEY=VALUE")
        try:
            out[key] = load_json(raw, max_chars=MAX_SCORE_TEXT, what=f"--option {key}")
        except JSONInputError as exc:
            # An object, a list or an integer beyond the bounds was meant as JSON: taken as a
            # string it would be refused as "must be an integer, got '999...'"
            if (raw.lstrip()[:1] in ("{", "[") or len(raw) > MAX_SCORE_TEXT
                    or _INTEGER.fullmatch(raw.strip())):
                raise ValueError(f"--option {key}: {exc}") from None
            out[key] = raw  # not JSON: a plain string such as a table name
    return read_option_files(out)


def read_option_files(options: Mapping[str, Any]) -> dict[str, Any]:
    """The options with every file-valued option (:data:`FILE_OPTIONS`) read: a value
    ending in ``.json`` / ``.toml`` becomes the file's rows object, which is what the
    ruleset and game records keep (a record replays without the file, and an edited file
    is read afresh by the next command).  Raises :class:`~tingpai.rules.RuleError` naming
    the file and what is wrong with it."""
    out = dict(options)
    for name in FILE_OPTIONS:
        value = out.get(name)
        if isinstance(value, str) and value.lower().endswith((".json", ".toml")):
            out[name] = read_payment_table(value)
    return out


def parse_bots(text: str, seats: int, known: Iterable[str]) -> list[str]:
    """``--bots``: one bot name for every seat, or a comma list with one per seat.

    >>> parse_bots("greedy", 3, ["random", "greedy"])
    ['greedy', 'greedy', 'greedy']
    >>> parse_bots("greedy, random", 2, ["random", "greedy"])
    ['greedy', 'random']
    """
    names = [name.strip() for name in text.split(",")]
    if len(names) == 1:
        names *= seats
    if len(names) != seats:
        raise ValueError(
            f"--bots: give one bot for every seat or one per seat ({seats}), got {len(names)}"
        )
    known = list(known)
    for name in names:
        if name not in known:
            raise ValueError(f"unknown bot {name!r} (known: {', '.join(known)})")
    return names


def positive_int(text: str) -> int:
    """An argparse type: a whole number of at least 1 (games, workers, hand caps)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not an integer") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def seed_int(text: str) -> int:
    """An argparse type: a game seed, a whole number of at least 0: ``random.Random``
    shuffles a negative seed as its absolute value, so ``-3`` would replay seed 3's game
    under another name (and its record file would be ``game--3.json``).  (The Python API
    keeps ``random.Random``'s reading of a negative seed.)"""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not an integer") from None
    if value < 0:
        raise argparse.ArgumentTypeError(
            f"must be a whole number of at least 0, got {value} (a negative seed would "
            f"replay seed {-value}'s game)"
        )
    return value


class GamesPerSecondColumn(ProgressColumn):
    """The bar's speed, in games per second (rich's estimate over the last updates)."""

    def render(self, task: Task) -> Text:
        """``12.3 games/s``, or blank until there is an estimate."""
        speed = task.finished_speed or task.speed
        return Text("" if speed is None else f"{speed:,.1f} games/s", style="progress.data.speed")


def games_progress() -> Progress:
    """The progress bar of long runs (``sim``, ``arena``), transient, on standard error:
    games done, games per second, time elapsed and time left."""
    return Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        GamesPerSecondColumn(),
        TimeElapsedColumn(),
        TextColumn("left"),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
    )


def percent(rate: float) -> str:
    """A rate in [0, 1] as a percentage with one decimal, for the human tables."""
    return f"{100 * rate:.1f}%"


def print_table(console: Console, table: Table) -> None:
    """Print ``table`` with every word of every cell whole.  In a terminal narrower than the
    table rich shrinks its widest columns below their longest word and cuts it short with
    an ellipsis: a bot named ``gree…``, a mean of ``-1,5…``, a rate of ``46.…``.  Here each
    column keeps at least its longest word (cells wrap at spaces, as headers do) and shares
    the rest of the width in proportion to what it would like; a table whose words alone are
    wider than the terminal loses its frame first, and is then printed at that width (the
    terminal wraps its lines) rather than cut."""
    wide = console.options.update_width(1_000_000)

    def measure() -> tuple[list[Measurement], int]:
        ranges = [table._measure_column(console, wide, column) for column in table.columns]
        # a column that may not wrap needs its whole width
        ranges = [Measurement(r.maximum, r.maximum) if column.no_wrap else r
                  for r, column in zip(ranges, table.columns, strict=True)]
        return ranges, table._extra_width

    ranges, extra = measure()
    if sum(r.maximum for r in ranges) + extra <= console.width:
        console.print(table)
        return
    if sum(r.minimum for r in ranges) + extra > console.width:
        # lighter: no frame, a rule under the header, one space between the columns
        table.box, table.show_edge, table.pad_edge = box.SIMPLE_HEAD, False, False
        table.padding = (0, 0)
        ranges, extra = measure()
    least = sum(r.minimum for r in ranges) + extra
    spare = max(0, console.width - least)
    wants = [r.maximum - r.minimum for r in ranges]
    total = sum(wants) or 1
    shares = [spare * want // total for want in wants]
    for column, r, share in zip(table.columns, ranges, shares, strict=True):
        padding = table._get_padding_width(column._index)
        column.width = max(1, r.minimum + share - padding)
    if least <= console.width:
        console.print(table)
        return
    width = console.width
    console.width = least
    try:
        console.print(table)
    finally:
        console.width = width

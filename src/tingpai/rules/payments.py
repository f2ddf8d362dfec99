"""Payment tables: what the losers pay for a hand of a given value.

A payment table turns a hand's final value (Hu base points or Hong Kong fan) and the way it
was won into :class:`~tingpai.rules.base.Payments`.  The ruleset's ``payment_table`` option
names one of :data:`PAYMENT_TABLES`; each entry builds the function from the options (so the
Hu discard multiplier is read from ``RuleOptions.discard_multiplier``, not hard-coded).

A Hong Kong host may also supply its own fan table, given to ``find_ruleset`` inline as the
rows object (the option value is then stored with the ruleset and in game records, so a
record replays without any file).  :func:`read_payment_table` reads one from a JSON or TOML
file; the command line calls it for ``--option payment_table=FILE``.  One row per fan::

    {"rows": [{"fan": 3, "discard": 32, "self_draw": 16}, {"fan": 4, ...}, ...]}

    [[rows]]            # the same in TOML
    fan = 3
    discard = 32
    self_draw = 16

``others`` (what each non-discarding loser pays on a discard win, fan-laak style) is optional
but then needed on every row.  The rows must cover every fan from the table's minimum to its
cap (or to the limit, 10, when there is no cap); :func:`payment_function` checks that once
every option is known.  Bounds: fan 0 to :data:`MAX_TABLE_FAN` (100), amounts at most
:data:`~tingpai.inputs.MAX_INT`, a file at most :data:`MAX_TABLE_TEXT` characters; an
optional ``name`` (a short string) names the table in messages.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any, Protocol

from tingpai.inputs import MAX_INT, JSONInputError, check_value, echo, load_json
from tingpai.rules.base import FanRows, Payments, RuleError, RuleOptions


class PaymentFunction(Protocol):
    """``(value, self_drawn) -> Payments`` for one winner.

    ``self_drawn`` means paid as a self-draw (every other player pays); otherwise one
    player — the discarder, the konger robbed, or the flower declarer of Eight Immortals —
    pays as discarder.
    """

    def __call__(self, value: int, self_drawn: bool) -> Payments: ...


@dataclass(frozen=True, slots=True)
class MultiplierPayments:
    """Hu: self-draw, each loser pays the value; discard, the discarder pays value × k.

    A fractional product (×2.5 on an odd value) is rounded up to a whole point; Hu values are
    multiples of 100, so this never happens in play.
    """

    discard_multiplier: Fraction

    def __call__(self, value: int, self_drawn: bool) -> Payments:
        m = self.discard_multiplier
        key = (value, self_drawn, m.numerator, m.denominator)
        found = _MEMO.get(key)
        if found is None:
            if self_drawn:
                found = Payments(each=value)
            else:
                found = Payments(discarder=-(-value * m.numerator // m.denominator))
            if len(_MEMO) < _MEMO_SIZE:
                _MEMO[key] = found
        return found


_MEMO: dict[tuple[int, bool, int, int], Payments] = {}
"""Payments are immutable: memo of (value, self-drawn, multiplier) -> Payments."""
_MEMO_SIZE = 100_000


@dataclass(frozen=True, slots=True)
class FanTablePayments:
    """Hong Kong style: amounts looked up by fan in per-fan columns.

    ``discard[f]`` is what the discarder pays for ``f`` fan, ``others[f]`` what each other
    loser pays on a discard win (None: they pay nothing), ``each[f]`` what every loser pays on
    self-draw.  A fan count past the end of a column uses its last entry (the limit).
    """

    discard: tuple[int, ...]
    each: tuple[int, ...]
    others: tuple[int, ...] | None = None

    def __call__(self, value: int, self_drawn: bool) -> Payments:
        f = max(0, value)
        if self_drawn:
            return Payments(each=self.each[min(f, len(self.each) - 1)])
        other = None if self.others is None else self.others[min(f, len(self.others) - 1)]
        return Payments(discarder=self.discard[min(f, len(self.discard) - 1)], others=other)


_HALF_SPICY_BASE: tuple[int, ...] = (1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128)
"""Half-spicy base curve by fan 0..10 (RULES.md: 3 fan -> 32 discard / 16 self-draw)."""
_FULL_SPICY_BASE: tuple[int, ...] = tuple(2**f for f in range(11))
"""Full-spicy: every fan doubles (3 fan -> 32 / 16, 4 -> 64 / 32, 5 -> 128 / 64 ...)."""
_FAN_LAAK_POINTS: tuple[int, ...] = (1, 2, 4, 8, 16, 16, 16, 32, 32, 32, 64)
"""Fan-laak points by fan 0..10 (10 and more: 64)."""


def _hu(options: RuleOptions) -> PaymentFunction:
    return MultiplierPayments(options.discard_multiplier)


def _half_spicy(options: RuleOptions) -> PaymentFunction:
    return FanTablePayments(
        discard=tuple(4 * b for b in _HALF_SPICY_BASE),
        each=tuple(2 * b for b in _HALF_SPICY_BASE),
    )


def _full_spicy(options: RuleOptions) -> PaymentFunction:
    return FanTablePayments(
        discard=tuple(4 * b for b in _FULL_SPICY_BASE),
        each=tuple(2 * b for b in _FULL_SPICY_BASE),
    )


def _golden(options: RuleOptions) -> PaymentFunction:
    # hk-2p: the single opponent pays the whole four-player half-spicy amount.
    return FanTablePayments(
        discard=tuple(4 * b for b in _HALF_SPICY_BASE),
        each=tuple(6 * b for b in _HALF_SPICY_BASE),
    )


def _fan_laak(options: RuleOptions) -> PaymentFunction:
    return FanTablePayments(
        discard=tuple(2 * p for p in _FAN_LAAK_POINTS),
        others=_FAN_LAAK_POINTS,
        each=tuple(2 * p for p in _FAN_LAAK_POINTS),
    )


PAYMENT_TABLES: Mapping[str, Callable[[RuleOptions], PaymentFunction]] = {
    "hu": _hu,
    "half-spicy": _half_spicy,
    "full-spicy": _full_spicy,
    "golden": _golden,
    "fan-laak": _fan_laak,
}
"""Named payment tables; ``RuleOptions.payment_table`` picks one."""

BASE_POINT_TABLES: tuple[str, ...] = ("hu",)
"""The named tables that pay a hand's base points (× the discard multiplier): the choices of
Hu Mahjong's option ``payment_table`` (a fan table would read 6500 base points as 10 fan)."""

FAN_TABLES: tuple[str, ...] = tuple(name for name in PAYMENT_TABLES
                                    if name not in BASE_POINT_TABLES)
"""The named tables whose rows are fan: the choices of the Hong Kong tables' option
``payment_table`` (``hu`` multiplies Hu base points, so 3 fan would pay 3 points)."""


# --- host-supplied fan tables ------------------------------------------------------

_ROW_KEYS = ("fan", "discard", "self_draw", "others")
MAX_TABLE_FAN = 100
"""Highest fan a row may name: far above any hand (limit hands count 10), and it bounds
the dense table built from the rows (a row at fan 10**8 once took 4 GB)."""
MAX_TABLE_TEXT = 100_000
"""Most characters of a payment table file (101 rows take about 6,000)."""
_MAX_NAME = 200


def _amount(source: str, where: str, key: str, value: object, high: int = MAX_INT) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError(
            f"payment table {source}: {where}: {key!r} must be an integer, got {echo(value)}"
        )
    if not 0 <= value <= high:
        raise RuleError(
            f"payment table {source}: {where}: {key!r} must be from 0 to {high:,}, "
            f"got {echo(value)}"
        )
    return value


def parse_fan_rows(data: object, source: str) -> FanRows:
    """Check a decoded table (``{"rows": [{fan, discard, self_draw[, others]}, ...]}``).

    Raises :class:`RuleError` naming the first bad entry: a missing or unknown key, a value
    that is not an integer in range, a duplicate fan, ``others`` on some rows only.  A
    ``name`` key, when given, replaces ``source`` in messages.
    """
    if not isinstance(data, Mapping):
        raise RuleError(f"payment table {source}: must be an object with a 'rows' list")
    unknown = [k for k in data if k not in ("rows", "name")]
    if unknown:
        raise RuleError(
            f"payment table {source}: unknown key {echo(unknown[0])} (keys: rows, name)"
        )
    name = data.get("name")
    if name is not None:
        if not isinstance(name, str) or not 0 < len(name) <= _MAX_NAME:
            raise RuleError(
                f"payment table {source}: 'name' must be a string of 1 to {_MAX_NAME} "
                f"characters, got {echo(name)}"
            )
        source = name
    rows_raw = data.get("rows")
    if not isinstance(rows_raw, list) or not rows_raw:
        raise RuleError(f"payment table {source}: 'rows' must be a non-empty list of rows")
    if len(rows_raw) > MAX_TABLE_FAN + 1:
        raise RuleError(
            f"payment table {source}: {len(rows_raw)} rows (at most one per fan 0 to "
            f"{MAX_TABLE_FAN})"
        )
    rows: dict[int, tuple[int, int, int, int | None]] = {}
    with_others: set[bool] = set()
    for i, row in enumerate(rows_raw, 1):
        if not isinstance(row, Mapping):
            raise RuleError(f"payment table {source}: row {i} must be an object")
        extra = [k for k in row if k not in _ROW_KEYS]
        if extra:
            raise RuleError(
                f"payment table {source}: row {i}: unknown key {echo(extra[0])} "
                f"(keys: {', '.join(_ROW_KEYS)})"
            )
        for key in ("fan", "discard", "self_draw"):
            if key not in row:
                raise RuleError(f"payment table {source}: row {i}: missing {key!r}")
        fan = _amount(source, f"row {i}", "fan", row["fan"], MAX_TABLE_FAN)
        where = f"row {i} (fan {fan})"
        discard = _amount(source, where, "discard", row["discard"])
        each = _amount(source, where, "self_draw", row["self_draw"])
        others = _amount(source, where, "others", row["others"]) if "others" in row else None
        with_others.add(others is not None)
        if fan in rows:
            raise RuleError(f"payment table {source}: {where}: a second row for fan {fan}")
        rows[fan] = (fan, discard, each, others)
    if len(with_others) > 1:
        raise RuleError(
            f"payment table {source}: 'others' must be given on every row or on none"
        )
    return FanRows(source, tuple(rows[f] for f in sorted(rows)))


def read_payment_table(path: str | Path) -> dict[str, Any]:
    """Read a host payment table from a ``.json`` or ``.toml`` file and check it.

    Returns the rows object to pass as the ``payment_table`` option (its plain data, so it
    can be stored in a game record), with the file's name as its ``name`` when it gives
    none.  Raises :class:`RuleError` naming the file and what
    is wrong with it.
    """
    where = str(path)
    shown = where if len(where) <= _MAX_NAME else echo(where)
    suffix = Path(where).suffix.lower()
    if suffix not in (".json", ".toml"):
        raise RuleError(f"payment table {shown}: must be a .json or .toml file")
    try:
        with open(where, encoding="utf-8-sig") as handle:
            text = handle.read(MAX_TABLE_TEXT + 1)
    except (OSError, UnicodeDecodeError) as exc:
        raise RuleError(f"payment table {shown}: cannot read it: {exc}") from None
    if len(text) > MAX_TABLE_TEXT:
        raise RuleError(f"payment table {shown}: longer than {MAX_TABLE_TEXT:,} characters")
    data: Any
    try:
        if suffix == ".toml":
            data = tomllib.loads(text)
            check_value(data)
        else:
            data = load_json(text, max_chars=MAX_TABLE_TEXT, what="the file")
    except JSONInputError as exc:
        raise RuleError(f"payment table {shown}: {exc}") from None
    except ValueError as exc:  # TOMLDecodeError, or an integer beyond Python's limit
        raise RuleError(f"payment table {shown}: not valid TOML: {exc}") from None
    parse_fan_rows(data, shown)
    table = dict(data)
    # Named after its file when it names itself nothing, so that a later message (a fan row
    # a ruleset needs and the file lacks) sends the host to the file, not to "inline".
    table.setdefault("name", Path(where).name[:_MAX_NAME] or shown)
    return table


def _host_table(rows: FanRows, low: int, high: int) -> PaymentFunction:
    """The payment function of a host table, after checking it covers ``low..high`` fan."""
    have = {r[0]: r for r in rows.rows}
    missing = [f for f in range(low, high + 1) if f not in have]
    if missing:
        shown = ", ".join(str(f) for f in missing)
        raise RuleError(
            f"payment table {rows.source}: missing fan rows {shown} (needs every fan from "
            f"{low} to {high})"
        )
    top = rows.rows[-1][0]
    dense: list[tuple[int, int, int, int | None]] = []
    current = rows.rows[0]
    for f in range(top + 1):
        current = have.get(f, current)  # below the first row: its values (unreachable)
        dense.append(current)
    others = None if dense[0][3] is None else tuple(r[3] or 0 for r in dense)
    return FanTablePayments(
        discard=tuple(r[1] for r in dense), each=tuple(r[2] for r in dense), others=others
    )


def payment_function(options: RuleOptions, top: int) -> PaymentFunction:
    """The payment function the options choose: a host table (checked to cover every fan
    from ``min_value`` to ``top``, the cap or limit) or a named table."""
    if options.payment_rows is not None:
        return _host_table(options.payment_rows, options.min_value, top)
    table = PAYMENT_TABLES.get(options.payment_table)
    if table is None:
        raise RuleError(f"unknown payment_table {options.payment_table!r}")
    return table(options)

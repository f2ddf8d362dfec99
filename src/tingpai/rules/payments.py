"""Payment tables: what the losers pay for a hand of a given value.

A payment table turns a hand's final value (Hu base points or Hong Kong fan) and the way it
was won into :class:`~tingpai.rules.base.Payments`.  The ruleset's ``payment_table`` option
names one of :data:`PAYMENT_TABLES`; each entry builds the function from the options (so the
Hu discard multiplier is read from ``RuleOptions.discard_multiplier``, not hard-coded).

A Hong Kong host may also supply its own fan table (:func:`read_fan_rows`, from a JSON or
TOML file or an inline object), one row per fan::

    {"rows": [{"fan": 3, "discard": 32, "self_draw": 16}, {"fan": 4, ...}, ...]}

    [[rows]]            # the same in TOML
    fan = 3
    discard = 32
    self_draw = 16

``others`` (what each non-discarding loser pays on a discard win, fan-laak style) is optional
but then needed on every row.  The rows must cover every fan from the table's minimum to its
cap (or to the limit, 10, when there is no cap); :func:`payment_function` checks that once
every option is known.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any, Protocol

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


# --- host-supplied fan tables ------------------------------------------------------

_ROW_KEYS = ("fan", "discard", "self_draw", "others")


def _amount(source: str, where: str, key: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError(
            f"payment table {source}: {where}: {key!r} must be an integer, got {value!r}"
        )
    if value < 0:
        raise RuleError(
            f"payment table {source}: {where}: {key!r} must not be negative, got {value}"
        )
    return value


def parse_fan_rows(data: object, source: str) -> FanRows:
    """Check a decoded table (``{"rows": [{fan, discard, self_draw[, others]}, ...]}``).

    Raises :class:`RuleError` naming the first bad entry: a missing or unknown key, a value
    that is not a non-negative integer, a duplicate fan, ``others`` on some rows only.
    """
    if not isinstance(data, Mapping):
        raise RuleError(f"payment table {source}: must be an object with a 'rows' list")
    unknown = [k for k in data if k not in ("rows", "name")]
    if unknown:
        raise RuleError(f"payment table {source}: unknown key {unknown[0]!r} (keys: rows, name)")
    rows_raw = data.get("rows")
    if not isinstance(rows_raw, list) or not rows_raw:
        raise RuleError(f"payment table {source}: 'rows' must be a non-empty list of rows")
    rows: dict[int, tuple[int, int, int, int | None]] = {}
    with_others: set[bool] = set()
    for i, row in enumerate(rows_raw, 1):
        if not isinstance(row, Mapping):
            raise RuleError(f"payment table {source}: row {i} must be an object")
        extra = [k for k in row if k not in _ROW_KEYS]
        if extra:
            raise RuleError(
                f"payment table {source}: row {i}: unknown key {extra[0]!r} "
                f"(keys: {', '.join(_ROW_KEYS)})"
            )
        for key in ("fan", "discard", "self_draw"):
            if key not in row:
                raise RuleError(f"payment table {source}: row {i}: missing {key!r}")
        fan = _amount(source, f"row {i}", "fan", row["fan"])
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


def read_fan_rows(value: object) -> FanRows:
    """A host table from a JSON/TOML file path or an inline object; :class:`RuleError`
    naming the file or the bad entry."""
    if isinstance(value, Mapping):
        return parse_fan_rows(value, "inline")
    if not isinstance(value, str):
        raise RuleError(
            f"payment_table must be a table name, a .json/.toml file or an object, got {value!r}"
        )
    path = Path(value)
    suffix = path.suffix.lower()
    if suffix not in (".json", ".toml"):
        known = ", ".join(PAYMENT_TABLES)
        raise RuleError(
            f"payment_table {value!r} is neither a known table ({known}) nor a .json or "
            ".toml file"
        )
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise RuleError(f"payment table {value}: cannot read it: {exc}") from None
    data: Any
    try:
        data = tomllib.loads(text) if suffix == ".toml" else json.loads(text)
    except (tomllib.TOMLDecodeError, json.JSONDecodeError) as exc:
        raise RuleError(f"payment table {value}: not valid {suffix[1:].upper()}: {exc}") from None
    return parse_fan_rows(data, value)


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

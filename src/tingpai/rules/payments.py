"""Payment tables: what the losers pay for a hand of a given value.

A payment table turns a hand's final value (Hu base points or Hong Kong fan) and the way it
was won into :class:`~tingpai.rules.base.Payments`.  The ruleset's ``payment_table`` option
names one of :data:`PAYMENT_TABLES`; each entry builds the function from the options (so the
Hu discard multiplier is read from ``RuleOptions.discard_multiplier``, not hard-coded).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Protocol

from tingpai.rules.base import Payments, RuleOptions


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

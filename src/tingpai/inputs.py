"""Bounds on everything read from outside, the one strict JSON reader, and short echoes.

Hostile input (a fuzzer, a broken client, a truncated file) must get a short error quickly
and in bounded memory, so every size and number is bounded *before* any work depends on
it, and an error message never repeats more than a few dozen characters of what it got.
The bounds are far above anything a real table, hand or game produces:

==========================  ==============  ==================================================
bound                       value           what it limits
==========================  ==============  ==================================================
``MAX_SCORE_TEXT``          1,000,000       characters of one ``tingpai score --json`` input
``MAX_RECORD_TEXT``         16,000,000      characters of one game record (about 2,500 hands)
``MAX_DEPTH``               32              nesting of JSON arrays and objects
``MAX_INT``                 10**15          magnitude of any integer read from JSON (scores,
                                            seats, fan, amounts, repeats, option values)
``MAX_NOTATION``            1,000           characters of one tile string (a wall of 144
                                            tiles written out with spaces takes 432)
``MAX_RECORD_HANDS``        5,000           hands in one record
``MAX_RECORD_ACTIONS``      3,000           actions in one hand of a record
``MAX_ECHO``                40              characters of a bad value quoted in a message
``MAX_MESSAGE``             300             characters of one error message (one line)
==========================  ==============  ==================================================

Option values have their own ranges (``rules/registry.py``: integer options within
``MAX_INT``, ``discard_multiplier`` at most 1000 written in at most 32 characters), and so
do payment tables (``rules/payments.py``: fan 0..100, at most 101 rows, amounts within
``MAX_INT``).  JSON's non-standard ``Infinity`` / ``NaN`` and float literals that overflow
(``1e999``) are rejected wherever JSON is read.

>>> load_json('{"a": [1, 2.5]}', max_chars=100)
{'a': [1, 2.5]}
>>> load_json('{"a": Infinity}', max_chars=100)
Traceback (most recent call last):
...
tingpai.inputs.JSONInputError: not valid JSON: Infinity is not a JSON number
>>> echo("x" * 100)
"'xxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxx' (100 characters)"
"""

from __future__ import annotations

import json
import math
import operator
import reprlib
from typing import Any, SupportsIndex

MAX_SCORE_TEXT = 1_000_000
MAX_RECORD_TEXT = 16_000_000
MAX_DEPTH = 32
MAX_INT = 10**15
MAX_NOTATION = 1_000
MAX_RECORD_HANDS = 5_000
MAX_RECORD_ACTIONS = 3_000
MAX_ECHO = 40
MAX_MESSAGE = 300


class JSONInputError(ValueError):
    """JSON text that is unreadable or beyond the bounds above (the message says which)."""


def _no_constant(name: str) -> Any:
    raise JSONInputError(f"not valid JSON: {name} is not a JSON number")


def load_json(text: str, *, max_chars: int, what: str = "input") -> Any:
    """Decode JSON text within the bounds: at most ``max_chars`` characters, nesting at most
    :data:`MAX_DEPTH`, integers within :data:`MAX_INT`, finite numbers only.

    A leading byte order mark is ignored.  Raises :class:`JSONInputError`.
    """
    if len(text) > max_chars:
        raise JSONInputError(f"{what} is longer than {max_chars:,} characters")
    try:
        data = json.loads(text.removeprefix("\ufeff"), parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise JSONInputError(f"not valid JSON: {exc}") from None
    except RecursionError:
        raise JSONInputError(f"not valid JSON: nested more than {MAX_DEPTH} deep") from None
    except JSONInputError:
        raise
    except ValueError:  # Python's own limit on integer literals (4,300 digits)
        raise JSONInputError(f"not valid JSON: a number beyond ±{MAX_INT:.0e}") from None
    check_value(data)
    return data


def check_value(data: object) -> None:
    """Check decoded JSON (or the same shape built in Python): nesting at most
    :data:`MAX_DEPTH`, integers within :data:`MAX_INT`, floats finite.

    Iterative, so it never recurses however deep the value is.
    Raises :class:`JSONInputError`.
    """
    stack: list[tuple[object, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict | list | tuple):
            if depth > MAX_DEPTH:
                raise JSONInputError(f"nested more than {MAX_DEPTH} deep")
            items = value.values() if isinstance(value, dict) else value
            stack.extend((item, depth + 1) for item in items)
        elif isinstance(value, bool):
            continue
        elif isinstance(value, int):
            if not -MAX_INT <= value <= MAX_INT:
                raise JSONInputError(f"number {echo(value)} is beyond ±{MAX_INT:.0e}")
        elif isinstance(value, float) and not math.isfinite(value):
            raise JSONInputError(f"number {echo(value)} is not finite")


class _ShortRepr(reprlib.Repr):
    """``reprlib`` limits, and huge integers described instead of converted to text (their
    decimal text may be beyond Python's conversion limit)."""

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 128:
            return f"<a {round(x.bit_length() * math.log10(2))}-digit integer>"
        return super().repr_int(x, level)


_SHORT = _ShortRepr()
_SHORT.maxstring = MAX_ECHO
_SHORT.maxother = MAX_ECHO
_SHORT.maxlong = MAX_ECHO
_SHORT.maxlevel = 3
_SHORT.maxlist = _SHORT.maxtuple = _SHORT.maxdict = _SHORT.maxset = 6


def whole_number(value: object) -> int | None:
    """``value`` as a plain int when it is an integer of any type but bool (numpy's too),
    else None: the one reading of "a whole number" for seats, seeds, scores and tile ids.

    >>> whole_number(3), whole_number(True), whole_number(2.0), whole_number("3")
    (3, None, None, None)
    """
    if isinstance(value, bool) or not isinstance(value, SupportsIndex):
        return None
    return operator.index(value)


def echo(value: object) -> str:
    """A short ``repr`` of a bad value for an error message (long strings cut in the
    middle with their length, containers cut after a few items, huge numbers described)."""
    text = _SHORT.repr(value)
    if isinstance(value, str) and len(value) > MAX_ECHO:
        text += f" ({len(value):,} characters)"
    return text


def one_line(message: str, limit: int = MAX_MESSAGE) -> str:
    """An error message as one line of at most ``limit`` characters."""
    flat = " ".join(message.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"

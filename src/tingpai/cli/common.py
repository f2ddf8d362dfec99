"""Command-line pieces shared by the subcommands: ``--option KEY=VALUE`` and ``--bots``."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any


def parse_options(items: Iterable[str]) -> dict[str, Any]:
    """``KEY=VALUE`` strings to an options mapping; VALUE is read as JSON when it parses
    (``true``, ``3``, ``null``, ``"5/2"``), else taken as a string.

    >>> parse_options(["flowers=false", "pond_limit=20", "payment_table=golden"])
    {'flowers': False, 'pond_limit': 20, 'payment_table': 'golden'}
    """
    out: dict[str, Any] = {}
    for item in items:
        key, sep, raw = item.partition("=")
        key = key.strip()
        if not sep or not key:
            raise ValueError(f"--option {item!r} is not KEY=VALUE")
        try:
            out[key] = json.loads(raw)
        except json.JSONDecodeError:
            out[key] = raw
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

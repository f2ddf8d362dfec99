"""Ruleset options at the command-line edge: ``--option KEY=VALUE`` and option files.

Every command that takes ``--option`` (``score``, ``sim``, ``play``) and the options object
of ``tingpai score --json`` go through here.  ``VALUE`` is read as JSON when it parses
(``true``, ``3``, ``null``, ``{"rows": [...]}``), else as a plain string.  The library reads
no files, so a host payment table named by a file, ``payment_table=table.toml`` (or
``.json``), is read here and replaced by its rows object: the rows are what the ruleset
stores and what game records carry, so a record replays without the file, and editing the
file changes the next command's rows (nothing is cached by path).

>>> option_items(["flowers=false", "pond_limit=20", "blessing_of_earth=any"])
{'flowers': False, 'pond_limit': 20, 'blessing_of_earth': 'any'}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tingpai.inputs import MAX_SCORE_TEXT, JSONInputError, echo, load_json
from tingpai.rules import read_payment_table

FILE_OPTIONS = ("payment_table",)
"""Options whose value may name a ``.json`` / ``.toml`` file that this edge reads."""


def option_items(items: Sequence[str]) -> dict[str, Any]:
    """``KEY=VALUE`` strings to an options dict (no files read); ValueError naming a bad
    item."""
    out: dict[str, Any] = {}
    for item in items:
        key, sep, raw = item.partition("=")
        key = key.strip()
        if not sep or not key:
            raise ValueError(f"--option {echo(item)} is not KEY=VALUE")
        try:
            value: Any = load_json(raw, max_chars=MAX_SCORE_TEXT, what=f"--option {key}")
        except JSONInputError as exc:
            if raw.lstrip()[:1] in ("{", "[") or "too long" in str(exc):
                raise ValueError(f"--option {key}: {exc}") from None
            value = raw  # not JSON: a plain string such as a table name
        out[key] = value
    return out


def read_option_files(options: Mapping[str, Any]) -> dict[str, Any]:
    """The options with every file-valued option (:data:`FILE_OPTIONS`) read: a value
    ending in ``.json`` / ``.toml`` is replaced by the file's rows object.  Raises
    :class:`~tingpai.rules.RuleError` naming the file and what is wrong with it."""
    out = dict(options)
    for name in FILE_OPTIONS:
        value = out.get(name)
        if isinstance(value, str) and value.lower().endswith((".json", ".toml")):
            out[name] = read_payment_table(value)
    return out


def command_line_options(items: Sequence[str]) -> dict[str, Any]:
    """``--option`` items to the options a ruleset is built with (files read)."""
    return read_option_files(option_items(items))

"""The winning forms a hand may take; rulesets choose which they allow."""

from __future__ import annotations

import enum


class Form(enum.Flag):
    """Hand forms: four melds and a pair, seven distinct pairs, thirteen orphans."""

    STANDARD = enum.auto()
    PAIRS = enum.auto()
    ORPHANS = enum.auto()


ALL_FORMS = Form.STANDARD | Form.PAIRS | Form.ORPHANS
"""Every form (Hu Mahjong)."""
STANDARD_AND_ORPHANS = Form.STANDARD | Form.ORPHANS
"""Hong Kong: no Seven Pairs."""

FORM_NAMES = {"standard": Form.STANDARD, "pairs": Form.PAIRS, "orphans": Form.ORPHANS}


def parse_forms(text: str) -> Form:
    """Parse ``standard,pairs,orphans`` (any subset, comma separated).

    >>> parse_forms("standard,pairs") == Form.STANDARD | Form.PAIRS
    True
    """
    result = Form(0)
    for word in text.split(","):
        word = word.strip().lower()
        if word not in FORM_NAMES:
            raise ValueError(f"unknown form {word!r}: expected standard, pairs or orphans")
        result |= FORM_NAMES[word]
    if not result:
        raise ValueError("no form given")
    return result

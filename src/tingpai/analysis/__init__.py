"""Hand analysis: shanten, waits, tile efficiency and decompositions (hand shape only).

Every entry point takes ``counts``, the 34 counts of the concealed tiles with fixed melds
removed (list, tuple, bytes or bytearray), and optionally ``forms`` (a :class:`Form`: the
standard four melds and a pair, seven distinct pairs, thirteen orphans; default all).  A
hand with ``k`` fixed melds holds 13-3k tiles between turns and 14-3k after a draw.
Analysis is pure and table driven (see :mod:`tingpai.analysis.tables`): a call costs a few
dict lookups, so bots may call it in their inner loops.

>>> from tingpai.tiles import parse_counts, tiles_to_str
>>> hand = parse_counts("123m456p789s1z57z 2z")
>>> shanten(hand)
1
>>> tiles_to_str(waits(parse_counts("1112345678999m 1z")[:27] + [0] * 7))  # doctest: +SKIP
"""

from tingpai.analysis.decompose import (
    Decomposition,
    decompositions,
    is_seven_pairs,
    is_thirteen_orphans,
)
from tingpai.analysis.forms import ALL_FORMS, STANDARD_AND_ORPHANS, Form, parse_forms
from tingpai.analysis.shanten import (
    DiscardOption,
    discard_table,
    improving_tiles,
    is_complete,
    is_ready,
    shanten,
    shanten_by_form,
    waits,
)
from tingpai.analysis.tables import warm

__all__ = [
    "ALL_FORMS",
    "STANDARD_AND_ORPHANS",
    "Decomposition",
    "DiscardOption",
    "Form",
    "decompositions",
    "discard_table",
    "improving_tiles",
    "is_complete",
    "is_ready",
    "is_seven_pairs",
    "is_thirteen_orphans",
    "parse_forms",
    "shanten",
    "shanten_by_form",
    "waits",
    "warm",
]

"""Hand analysis: shanten, waits, tile efficiency and decompositions (hand shape only).

Every entry point takes ``counts``, the 34 counts of the concealed tiles with fixed melds
removed (list, tuple, bytes or bytearray, or a numpy array of integers), and optionally
``forms`` (a :class:`Form`: the standard four melds and a pair, seven distinct pairs,
thirteen orphans; default all).  A
hand with ``k`` fixed melds holds 13-3k tiles between turns and 14-3k after a draw.
Analysis is pure and table driven (see :mod:`tingpai.analysis.tables`): a call costs a few
dict lookups, so bots may call it in their inner loops.

Public API (stable; other tools call it):

- ``shanten(counts, forms=ALL_FORMS) -> int`` (-1 = complete) and
  ``shanten_by_form(counts, forms=ALL_FORMS) -> dict[Form, int]``
- ``waits(counts, forms=ALL_FORMS) -> list[Tile]``, ``is_ready(counts, forms) -> bool``
  and ``improving_tiles(counts, forms) -> list[Tile]`` for 13-3k tiles
- ``is_complete(counts, forms=ALL_FORMS) -> bool``, ``decompositions(counts) ->
  list[Decomposition]``, ``is_seven_pairs(counts)``, ``is_thirteen_orphans(counts)`` and
  ``discard_table(counts, visible=None, forms=ALL_FORMS) -> list[DiscardOption]`` for
  14-3k tiles
- ``warm()``: optionally fill the key tables up front.
- ``capped_shanten(counts, caps, forms=ALL_FORMS) -> int`` and ``limits(melded, kinds)``:
  shanten when kind ``t`` can be held at most ``caps[t]`` times (copies in one's own melds,
  a tile set without some kinds), as ``tingpai analyze --rules`` reports it.

>>> from tingpai.tiles import parse_counts, tiles_to_str
>>> hand = parse_counts("123m456p789s 1z 57z 2z")
>>> shanten(hand), shanten_by_form(hand)[Form.PAIRS]
(2, 6)
>>> tiles_to_str(waits(parse_counts("123m456p789s 1122z")))
'12z'
"""

from tingpai.analysis.capped import UNREACHABLE, capped_shanten, limits
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
    "UNREACHABLE",
    "Decomposition",
    "DiscardOption",
    "Form",
    "capped_shanten",
    "decompositions",
    "discard_table",
    "improving_tiles",
    "is_complete",
    "is_ready",
    "is_seven_pairs",
    "is_thirteen_orphans",
    "limits",
    "parse_forms",
    "shanten",
    "shanten_by_form",
    "waits",
    "warm",
]

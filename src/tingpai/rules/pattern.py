"""One scoring pattern as data: :class:`Pattern`.

A pattern couples declarative metadata (names, category, value, limit level, whether it
makes a hand eligible, which patterns it supersedes) with a cheap predicate over a
:class:`~tingpai.rules.context.HandContext` returning how many times it applies.  The scorer
treats every pattern alike; family differences (Hu points versus Hong Kong fan, which
patterns stack, which are limits) are in these fields, never in branches on a ruleset id.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tingpai.rules.context import HandContext

Predicate = Callable[[HandContext], int]
"""How many times a pattern applies to a context (0 = absent)."""
Amount = Callable[[HandContext, int], int]
"""The value a pattern adds given the context and its count, when not ``value × count``."""


@dataclass(frozen=True, slots=True)
class Pattern:
    """A scoring pattern of a ruleset.

    Superseding is data: when a pattern is present, every pattern named in ``implies`` is
    reported as superseded (present, not counted); ``absorbs`` does the same per unit
    (each time this pattern counts, it removes ``n`` counts of the named pattern — Flower
    Set takes the four Flower Tile points of its tiles).  A limit pattern (``limit`` > 0)
    replaces every other pattern: the hand scores only its most valuable limit pattern.
    """

    id: str
    """Stable snake_case id used in JSON, records and ``implies``."""
    name: str
    """English name as the seed prints it."""
    chinese: str
    """Chinese name as the seed prints it (alternatives separated by ``/``)."""
    pinyin: str
    """Pinyin as the seed prints it (alternatives separated by ``/``)."""
    category: str
    """The seed heading the pattern is listed under; superseding stays inside it."""
    value: int
    """Points (Hu) or fan (Hong Kong) per time the pattern applies."""
    predicate: Predicate
    """How many times the pattern applies (0 = absent)."""
    description: str
    """What the hand needs, in one sentence; shown when explaining why it did not count."""
    description_zh: str = ""
    """The description in simplified Chinese, shown in the client's Chinese modes (the
    client converts it for traditional Chinese); empty falls back to ``description``."""
    limit: int = 0
    """0 for an ordinary pattern, else the limit level (1 single, 2 double, 3 triple,
    4 quadruple; Hong Kong limit hands are level 1)."""
    qualifies: bool = True
    """Whether the pattern's presence makes a complete hand eligible to win."""
    implies: tuple[str, ...] = ()
    """Ids of the patterns this one supersedes when both are present."""
    absorbs: tuple[tuple[str, int], ...] = ()
    """``(id, n)``: each count of this pattern supersedes ``n`` counts of pattern ``id``."""
    needs_hand: bool = True
    """False for patterns that do not need a complete hand (flower bonuses and special wins
    such as Eight Immortals); only those are evaluated for a special win."""
    amount: Amount | None = None
    """The value added for a count, when it is not ``value × count`` (After a Kong adds
    1000 per kong and 500 per flower replacement)."""
    ruling: str = ""
    """Where the seed is silent: the ruling this definition implements and why."""
    requires: int = 0
    """Feature bits of :mod:`tingpai.rules.context` that must all hold for the pattern to
    be possible (a necessary condition); the scorer skips the predicate otherwise."""

    def worth(self, ctx: HandContext, count: int) -> int:
        """The value this pattern adds when it applies ``count`` times."""
        if self.amount is not None:
            return self.amount(ctx, count)
        return self.value * count

"""Hong Kong pao (包) as a liability policy (:class:`~tingpai.rules.policies.Liability`).

Rulings (RULES.md, option ``pao``, default on for ``hk-4p``):

* A discard that completes another player's fourth declared meld (concealed kongs count
  among the four) or its third dragon meld (pung or kong) makes its discarder liable; a
  concealed fourth kong creates no liability (it is not a claim).  A later liability
  replaces an earlier one; when one claim completes both, the dragon liability is kept (it
  covers the fourth-meld one).
* Fourth-meld liability: if the winner self-draws, the liable player pays the whole
  self-draw total alone.  Dragon liability: on any win of that hand the liable player pays
  the whole amount alone (on a win by someone else's discard or robbed kong, instead of the
  discarder).

The engine's settlement applies the :class:`~tingpai.rules.policies.Liable` it gets.
"""

from __future__ import annotations

from dataclasses import dataclass

from tingpai.rules.policies import Liability, Liable
from tingpai.tiles import DRAGONS, Meld, MeldKind


@dataclass(frozen=True)
class HongKongPao(Liability):
    """Liability for the fourth declared meld (self-draw) and the third dragon meld (any
    win)."""

    def on_claim(
        self, melds: tuple[Meld, ...], meld: Meld, discarder: int, current: Liable | None
    ) -> Liable | None:
        """The discarder of the fourth meld or of the third dragon meld becomes liable."""
        if len(melds) == 4:
            current = Liable(discarder, self_draw=True, discard=False, reason="fourth meld")
        if meld.kind is not MeldKind.CHOW and meld.first in DRAGONS:
            dragons = sum(
                1 for m in melds if m.kind is not MeldKind.CHOW and m.first in DRAGONS
            )
            if dragons == 3:
                current = Liable(discarder, self_draw=True, discard=True, reason="third dragon")
        return current


HONG_KONG_PAO = HongKongPao()

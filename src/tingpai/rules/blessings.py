"""Blessing of Heaven and Blessing of Earth as policies
(:class:`~tingpai.rules.policies.Blessings`).

Rulings (RULES.md):

* Heaven, every table: the dealer wins by self-draw before its first discard and nobody
  (the dealer included) has called or declared a kong; flower replacements are allowed.
  Hong Kong: "a concealed kong before the win denies it (the fourteen are no longer the
  initial ones)".
* Earth, Hu (:data:`FIRST_DRAW_EARTH`): a non-dealer self-draws the win on its first draw
  (before its first discard; flower replacements allowed) and nobody made any call or kong
  before it.
* Earth, Hong Kong (:data:`DEALER_FIRST_DISCARD_EARTH`, seeds 001/002): a non-dealer wins on
  the dealer's first discard.  No call can precede that discard, and kongs the dealer
  declared before it do not change that it is the first; robbing the dealer's added kong is
  not a discard.  A non-dealer's self-draw is never Earth there.

The ruleset's option ``blessing_of_earth`` picks one
(:func:`tingpai.rules.ruleset.option_policies`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from tingpai.rules.base import Blessing
from tingpai.rules.policies import Blessings, TableView


def _heaven(table: TableView, seat: int) -> bool:
    """The dealer's self-draw before its first discard, nobody having called or konged."""
    return seat == table.dealer and not table.calls_made and not table.pond(seat)


@dataclass(frozen=True)
class FirstDrawEarth(Blessings):
    """Hu: Heaven for the dealer, Earth for a non-dealer, both on the first self-draw."""

    earth_by_discard: ClassVar[bool] = False

    def on_self_draw(self, table: TableView, seat: int) -> Blessing | None:
        """Heaven or Earth when nobody has called or konged and the seat has not discarded."""
        if table.calls_made or table.pond(seat):
            return None
        return Blessing.HEAVEN if seat == table.dealer else Blessing.EARTH


@dataclass(frozen=True)
class DealerFirstDiscardEarth(Blessings):
    """Hong Kong: Heaven on the dealer's first self-draw, Earth on the dealer's first
    discard."""

    earth_by_discard: ClassVar[bool] = True

    def on_self_draw(self, table: TableView, seat: int) -> Blessing | None:
        """Heaven only."""
        return Blessing.HEAVEN if _heaven(table, seat) else None

    def on_discard_win(
        self, table: TableView, seat: int, discarder: int, robbing: bool
    ) -> Blessing | None:
        """Earth: a non-dealer wins on the dealer's first discard."""
        dealer = table.dealer
        if robbing or discarder != dealer or seat == dealer or len(table.pond(dealer)) != 1:
            return None
        return Blessing.EARTH


FIRST_DRAW_EARTH = FirstDrawEarth()
DEALER_FIRST_DISCARD_EARTH = DealerFirstDiscardEarth()

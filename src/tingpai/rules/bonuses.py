"""Additions outside the cap as a policy (:class:`~tingpai.rules.policies.Bonus`).

Hu (RULES.md, "Cap"): after the cap (or the single limit pattern), add 100 base points per
dealer repeat when the dealer wins (option ``repeat_bonus``), and 4000 for every winner of
a hand played at the dealer's eighth repeat (option ``eighth_repeat_bonus``; the repeat
that ends a dealership is option ``max_repeats``).  Both are reported in ``Score.bonuses``
and count in the total the payments are computed from.
"""

from __future__ import annotations

from dataclasses import dataclass

from tingpai.rules.policies import Award, Bonus, WinFacts


@dataclass(frozen=True)
class RepeatBonuses(Bonus):
    """``per_repeat`` × repeats to a winning dealer; ``eighth`` to every winner of the hand
    played at the last repeat (``last_repeat``: a dealer winning with that many repeats
    is in that hand, flagged or not)."""

    per_repeat: int
    eighth: int
    last_repeat: int | None = None

    def awards(self, win: WinFacts) -> tuple[Award, ...]:
        """``dealer_repeats`` and ``eighth_repeat`` awards, when they apply."""
        found: tuple[Award, ...] = ()
        repeats = win.dealer_repeats
        if repeats and self.per_repeat and win.dealer:
            found = (Award("dealer_repeats", "Dealer Repeats", self.per_repeat * repeats,
                           count=repeats, chinese="连庄", pinyin="lián zhuāng"),)
        at_last = win.dealer and repeats > 0 and repeats == self.last_repeat
        if self.eighth and (win.eighth_repeat or at_last):
            found += (Award("eighth_repeat", "Eighth Repeat", self.eighth, chinese="八连庄",
                            pinyin="bā lián zhuāng"),)
        return found

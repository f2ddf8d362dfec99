"""Ready hands that cannot win: :func:`no_pattern_ready`.

In pattern-scored mahjong a hand can be structurally ready (some tile completes it) and
still be unable to win, because no completion scores a legal win: Hu Mahjong rejects a
patternless hand, the Hong Kong tables need a minimum fan.  The balance lab reports the
share of ready hands in that state (``no_pattern_ready_rate``), and the bots' arena the same
quantity per bot; both call this one function.

A seat is *ready* as :meth:`tingpai.engine.hand.Hand.is_ready` says (RULES.md).  It is
*ready without a pattern* when no wait, won by discard or by self-draw, scores a valid win.
Sacred discard is not a want of pattern and is ignored here; so are the one-off extras of
a real win (last tile, replacement draws, robbing a kong, blessings), which no player can
plan on.
"""

from __future__ import annotations

from tingpai.analysis import waits
from tingpai.analysis.forms import Form
from tingpai.engine.hand import Hand
from tingpai.rules.base import WinKind
from tingpai.scoring import Situation, score
from tingpai.tiles import NUM_KINDS

_WIN_KINDS = (WinKind.DISCARD, WinKind.SELF_DRAW)


def no_pattern_ready(hand: Hand, seat: int) -> bool | None:
    """None when ``seat`` is not ready; True when it is ready but no wait could be a
    legal win for want of a pattern or fan; False when some wait scores a valid win.

    Meaningful between turns (the seat holds 13 tiles, counting melds as 3), for instance
    at the end of a hand.

    >>> from tingpai import Hand
    >>> hand = Hand("hu-4p", seed=7)
    >>> no_pattern_ready(hand, 1) is None  # a fresh deal is rarely ready
    True
    """
    if not hand.is_ready(seat):
        return None
    counts = hand.concealed(seat)[:NUM_KINDS]
    melds = hand.melds(seat)
    options = hand.options
    forms = options.forms & Form.STANDARD if melds else options.forms
    own = list(counts)
    for meld in melds:
        for tile in meld.tiles:
            own[tile] += 1
    held = tuple(t for t in range(NUM_KINDS) for _ in range(counts[t]))
    dealer = seat == hand.dealer
    eighth = options.max_repeats is not None and hand.repeats >= options.max_repeats
    for wait in waits(counts, forms):
        if own[wait] >= 4:
            continue  # every tile of that kind is already the seat's own: no completion
        concealed = tuple(sorted((*held, wait)))
        for kind in _WIN_KINDS:
            situation = Situation(
                concealed=concealed,
                win_tile=wait,
                melds=melds,
                win=kind,
                seat_wind=hand.seat_winds[seat],
                round_wind=hand.round_wind,
                flowers=hand.flowers(seat),
                dealer_repeats=hand.repeats if dealer else 0,
                eighth_repeat=eighth,
            )
            if score(situation, hand.ruleset).valid:
                return False
    return True

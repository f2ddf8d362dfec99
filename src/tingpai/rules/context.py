"""The typed features a pattern predicate reads: :class:`HandContext`.

The scorer builds one context per candidate decomposition of a winning hand (four melds and
a pair, seven pairs, thirteen orphans) plus the situation of the win, then asks every pattern
of the ruleset how many times it applies.  Everything a predicate needs is precomputed here
once, so predicates are a few comparisons each and never re-derive the hand's shape.

The context is plain data and does not import :mod:`tingpai.scoring`: rules sit below
scoring in the import order.  :func:`suit_mask` and the ``SUIT_*`` bits are shared by the
scorer and the predicates.
"""

from __future__ import annotations

from dataclasses import dataclass

from tingpai.analysis.forms import Form
from tingpai.rules.base import WinKind
from tingpai.tiles import EAST, NUM_KINDS, WHITE, Tile

SUIT_M = 1
"""Suit-mask bit: the hand holds characters."""
SUIT_P = 2
"""Suit-mask bit: the hand holds dots."""
SUIT_S = 4
"""Suit-mask bit: the hand holds bamboo."""
SUIT_WIND = 8
"""Suit-mask bit: the hand holds a wind."""
SUIT_DRAGON = 16
"""Suit-mask bit: the hand holds a dragon."""
SUITED_BITS = SUIT_M | SUIT_P | SUIT_S
HONOR_BITS = SUIT_WIND | SUIT_DRAGON

_KIND_BIT: tuple[int, ...] = tuple(
    (SUIT_M, SUIT_P, SUIT_S)[t // 9] if t < EAST else (SUIT_WIND if t < WHITE else SUIT_DRAGON)
    for t in range(NUM_KINDS)
)
"""Suit-mask bit of each tile kind."""


def suit_mask(counts: list[int]) -> int:
    """The OR of the ``SUIT_*`` bits of every kind present in a 34-count array."""
    mask = 0
    bits = _KIND_BIT
    for t in range(NUM_KINDS):
        if counts[t]:
            mask |= bits[t]
    return mask


# --- context features: cheap facts a pattern may require (``Pattern.requires``) --------
# The scorer computes ``HandContext.features`` once per reading and evaluates a pattern's
# predicate only when every feature it requires is present, so a hand is asked only about
# patterns it could show.  Each ``requires`` must be a true necessary condition.
CHOWS2 = 1 << 0
"""At least two chows."""
CHOWS3 = 1 << 1
"""At least three chows."""
CHOWS4 = 1 << 2
"""Four chows."""
TRIPLETS2 = 1 << 3
"""At least two triplets (pungs or kongs)."""
TRIPLETS3 = 1 << 4
"""At least three triplets."""
TRIPLETS4 = 1 << 5
"""Four triplets."""
KONG = 1 << 6
"""At least one kong."""
HONOR_TRIPLET = 1 << 7
"""At least one triplet of an honour."""
STANDARD = 1 << 8
"""The reading is four melds and a pair."""
PAIRS = 1 << 9
"""The reading is seven pairs."""
ORPHANS_FORM = 1 << 10
"""The reading is thirteen orphans."""
SPECIAL = 1 << 11
"""A special win (no complete hand needed)."""
SELF_DRAWN = 1 << 12
"""Won by self-draw."""
LUCK = 1 << 13
"""A replacement chain, a robbed kong, the last tile or a blessing."""
FLOWERS = 1 << 14
"""At least one declared bonus tile."""
HAS_HONOR = 1 << 15
"""At least one honour tile."""
HAS_ORPHAN = 1 << 16
"""At least one terminal or honour."""
NO_ORPHAN = 1 << 17
"""No terminal and no honour (only simples)."""
ORPHANS_ONLY = 1 << 18
"""Only terminals and honours."""
HONORS_ONLY = 1 << 19
"""Only honours."""
ONE_SUIT = 1 << 20
"""Exactly one of characters, dots, bamboo (honours may be present)."""
DECLARED = 1 << 21
"""At least one declared meld (concealed kongs included)."""
CONCEALED = 1 << 22
"""No declared meld at all."""


NO_TILE: Tile = -1
"""Placeholder for an absent pair (thirteen orphans, special wins)."""


@dataclass(slots=True)
class HandContext:
    """Precomputed features of one decomposition of a winning hand and of its situation.

    Built by the scorer; read (never written) by pattern predicates.  Melds found in the
    concealed tiles and declared melds are merged: ``chows``/``triplets`` hold every group of
    the hand.  For seven pairs ``pairs`` holds the seven kinds and ``chows``/``triplets`` are
    empty; for thirteen orphans and special wins every group field is empty.
    """

    form: Form
    """Form of this decomposition: STANDARD, PAIRS or ORPHANS; ``Form(0)`` for a special win
    (Eight Immortals, All Terminal and Honor Discards) that needs no complete hand."""
    counts: list[int]
    """34-count array of every tile of the hand, declared melds included (a kong counts 4)."""
    suits: int
    """OR of the ``SUIT_*`` bits of every tile of the hand."""
    orphans: int
    """Number of terminal and honour tiles in the hand."""
    honors: int
    """Number of honour tiles in the hand."""
    greens: int
    """Number of green tiles (2 3 4 6 8 bamboo, Green dragon) in the hand."""
    size: int
    """Number of tiles in the hand (14 plus one per kong)."""
    chows: tuple[Tile, ...]
    """The lowest tile of every chow, declared and concealed, sorted."""
    triplets: tuple[Tile, ...]
    """The kind of every pung and kong (kongs count as triplets), sorted."""
    pair: Tile
    """The pair of a standard hand (``NO_TILE`` otherwise)."""
    pairs: tuple[Tile, ...]
    """The seven kinds of a seven-pairs hand, sorted (empty otherwise)."""
    kongs: int
    """Declared kongs, exposed and concealed."""
    concealed_triplets: int
    """Triplets formed without a call: concealed pungs (not the one completed by a winning
    discard) and concealed kongs."""
    declared: int
    """Declared melds, concealed kongs included."""
    exposed: int
    """Declared melds that are exposed (every declared meld but concealed kongs)."""
    win: WinKind
    """How the hand was won (SELF_DRAW, DISCARD or ROBBING_KONG)."""
    self_drawn: bool
    """The winning tile was the winner's own draw."""
    win_tile: Tile
    """The winning tile."""
    seat_wind: Tile
    round_wind: Tile
    dealer: bool
    """The winner is the dealer (seat wind East)."""
    flowers: tuple[Tile, ...]
    """Declared bonus tiles."""
    replacements: tuple[str, ...]
    """Chain of replacement draws (``"kong"``/``"flower"``) that produced the winning tile."""
    robbing_kong: bool
    last_tile: bool
    blessing: str | None
    """None, ``"heaven"`` or ``"earth"``."""
    special: str | None
    """The id of a special win's pattern (e.g. ``"eight_immortals"``), else None."""
    features: int = 0
    """OR of the feature bits above that hold for this reading."""

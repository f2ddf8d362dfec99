"""Pattern predicates over :class:`~tingpai.rules.context.HandContext`.

Each predicate returns how many times its pattern applies (0 = absent) and reads only
precomputed context fields, so evaluating every pattern of a ruleset is a few dozen
comparisons.  They are family-neutral: Hu and Hong Kong patterns with the same meaning
share a predicate and differ only in their :class:`~tingpai.rules.pattern.Pattern` data.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tingpai.analysis.forms import Form
from tingpai.rules.context import (
    HONOR_BITS,
    SUITED_BITS,
    HandContext,
)
from tingpai.tiles import DRAGONS, EAST, FLOWERS, SEASONS, WHITE, WINDS, Tile

_ONE_SUIT = (1, 2, 4)
"""Suit masks holding exactly one of characters, dots, bamboo."""
_NINE_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)
"""Counts of 1112345678999 in a suit."""


_STANDARD = Form.STANDARD
_PAIRS = Form.PAIRS
_ORPHANS = Form.ORPHANS
_KINDS = range(EAST + 7)

# Per tile kind lookups (index = tile id), cheaper than the arithmetic in hot loops.
_IS_ORPHAN: tuple[bool, ...] = tuple(t >= EAST or t % 9 in (0, 8) for t in _KINDS)
"""A terminal or an honour."""
_IS_TERMINAL: tuple[bool, ...] = tuple(t < EAST and t % 9 in (0, 8) for t in _KINDS)
"""A terminal (1 or 9 of a suit)."""
_CHOW_HAS_TERMINAL: tuple[bool, ...] = tuple(t < EAST and t % 9 in (0, 6) for t in _KINDS)
"""A chow starting at this kind holds a terminal (123 or 789)."""


def _orphan(t: Tile) -> bool:
    return t >= EAST or t % 9 in (0, 8)


def _terminal(t: Tile) -> bool:
    return t < EAST and t % 9 in (0, 8)


def _chow_has_terminal(first: Tile) -> bool:
    return first % 9 in (0, 6)


# --- basic -------------------------------------------------------------------------


def all_sequences(ctx: HandContext) -> int:
    """Four chows and a pair (declared chows allowed)."""
    return 1 if len(ctx.chows) == 4 else 0


def all_simples(ctx: HandContext) -> int:
    """No terminal or honour anywhere in the hand."""
    return 1 if ctx.orphans == 0 else 0


def fully_concealed_self_draw(ctx: HandContext) -> int:
    """Self-draw with no exposed meld (concealed kongs allowed)."""
    return 1 if ctx.self_drawn and ctx.exposed == 0 else 0


def closed_hand(ctx: HandContext) -> int:
    """No declared meld at all; a concealed kong counts as declared (Hong Kong)."""
    return 1 if ctx.declared == 0 else 0


def self_draw(ctx: HandContext) -> int:
    """The winning tile was drawn by the winner."""
    return 1 if ctx.self_drawn else 0


# --- sequences ---------------------------------------------------------------------


def two_pure_sequences(ctx: HandContext) -> int:
    """Two identical chows (same suit and numbers; the chows are sorted)."""
    c = ctx.chows
    n = len(c)
    if n < 2:
        return 0
    # A hand has at most four chows, sorted: neighbours are compared, unrolled for speed.
    return 1 if c[0] == c[1] or (n > 2 and c[1] == c[2]) or (n > 3 and c[2] == c[3]) else 0


def three_pure_sequences(ctx: HandContext) -> int:
    """Three identical chows (the chows are sorted, so c[i] = c[i + 2] for some i)."""
    c = ctx.chows
    n = len(c)
    if n < 3:
        return 0
    return 1 if c[0] == c[2] or (n > 3 and c[1] == c[3]) else 0


def four_pure_sequences(ctx: HandContext) -> int:
    """Four identical chows."""
    c = ctx.chows
    return 1 if len(c) == 4 and c[0] == c[3] else 0


def two_pure_sequences_twice(ctx: HandContext) -> int:
    """Two pairs of identical chows (the chows are sorted, so c0 = c1 and c2 = c3)."""
    c = ctx.chows
    return 1 if len(c) == 4 and c[0] == c[1] and c[2] == c[3] else 0


def pure_straight(ctx: HandContext) -> int:
    """Chows 123, 456 and 789 of one suit."""
    c = ctx.chows
    if len(c) < 3:
        return 0
    if 0 in c and 3 in c and 6 in c:
        return 1
    if 9 in c and 12 in c and 15 in c:
        return 1
    return 1 if 18 in c and 21 in c and 24 in c else 0


# --- triplets and quads ------------------------------------------------------------


def all_triplets(ctx: HandContext) -> int:
    """Four triplets (pungs or kongs) and a pair."""
    return 1 if len(ctx.triplets) == 4 else 0


def three_concealed_triplets(ctx: HandContext) -> int:
    """At least three concealed triplets (four are superseded by Four Concealed Triplets)."""
    return 1 if ctx.concealed_triplets >= 3 else 0


def four_concealed_triplets(ctx: HandContext) -> int:
    """Four concealed triplets."""
    return 1 if ctx.concealed_triplets == 4 else 0


def four_concealed_pungs_without_kongs(ctx: HandContext) -> int:
    """Four concealed triplets and no kong at all (Hong Kong, MahJongo table)."""
    return 1 if ctx.concealed_triplets == 4 and ctx.kongs == 0 else 0


def four_concealed_triplets_self_drawn(ctx: HandContext) -> int:
    """Four concealed triplets, won by self-draw (Hong Kong fan-laak)."""
    return 1 if ctx.concealed_triplets == 4 and ctx.self_drawn else 0


def one_quad(ctx: HandContext) -> int:
    """At least one kong."""
    return 1 if ctx.kongs >= 1 else 0


def two_quads(ctx: HandContext) -> int:
    """At least two kongs."""
    return 1 if ctx.kongs >= 2 else 0


def three_quads(ctx: HandContext) -> int:
    """At least three kongs."""
    return 1 if ctx.kongs >= 3 else 0


def four_quads(ctx: HandContext) -> int:
    """Four kongs."""
    return 1 if ctx.kongs == 4 else 0


# --- honours -----------------------------------------------------------------------


def value_triplets(ctx: HandContext) -> int:
    """One per dragon triplet, per prevalent-wind triplet and per seat-wind triplet
    (a wind that is both counts twice)."""
    n = 0
    for t in ctx.triplets:
        if t >= EAST:
            if t >= WHITE:
                n += 1
            else:
                n += (t == ctx.round_wind) + (t == ctx.seat_wind)
    return n


def dragon_triplets(ctx: HandContext) -> int:
    """One per dragon triplet (Hong Kong Dragon Pung)."""
    n = 0
    for t in ctx.triplets:
        if t >= WHITE:
            n += 1
    return n


def wind_triplets(ctx: HandContext) -> int:
    """One per seat-wind triplet and one per prevalent-wind triplet (Hong Kong)."""
    return sum((t == ctx.round_wind) + (t == ctx.seat_wind) for t in ctx.triplets if t < WHITE)


def seat_wind_triplet(ctx: HandContext) -> int:
    """A triplet of the seat wind (Hong Kong Seat Wind)."""
    return 1 if ctx.seat_wind in ctx.triplets else 0


def round_wind_triplet(ctx: HandContext) -> int:
    """A triplet of the prevailing wind (Hong Kong Prevailing Wind)."""
    return 1 if ctx.round_wind in ctx.triplets else 0


def little_three_dragons(ctx: HandContext) -> int:
    """Two dragon triplets and a pair of the third dragon."""
    return 1 if ctx.pair in DRAGONS and dragon_triplets(ctx) == 2 else 0


def big_three_dragons(ctx: HandContext) -> int:
    """Triplets of all three dragons."""
    return 1 if dragon_triplets(ctx) == 3 else 0


def _wind_triplets(ctx: HandContext) -> int:
    n = 0
    for t in ctx.triplets:
        if EAST <= t < WHITE:
            n += 1
    return n


def little_four_winds(ctx: HandContext) -> int:
    """Three wind triplets and a pair of the fourth wind."""
    return 1 if ctx.pair in WINDS and _wind_triplets(ctx) == 3 else 0


def big_four_winds(ctx: HandContext) -> int:
    """Triplets of all four winds."""
    return 1 if _wind_triplets(ctx) == 4 else 0


def all_honors(ctx: HandContext) -> int:
    """Only honour tiles."""
    return 1 if ctx.suits & SUITED_BITS == 0 else 0


# --- terminals ---------------------------------------------------------------------


def _every_group(ctx: HandContext, tile_ok: tuple[bool, ...]) -> int:
    """1 when the pair and every triplet pass ``tile_ok`` and every chow holds a terminal."""
    if not tile_ok[ctx.pair]:
        return 0
    chow_ok = _CHOW_HAS_TERMINAL
    for first in ctx.chows:
        if not chow_ok[first]:
            return 0
    for t in ctx.triplets:
        if not tile_ok[t]:
            return 0
    return 1


def half_outside(ctx: HandContext) -> int:
    """Standard form; every group (each meld and the pair) holds a terminal or an honour."""
    if ctx.form is not _STANDARD:
        return 0
    return _every_group(ctx, _IS_ORPHAN)


def fully_outside(ctx: HandContext) -> int:
    """Standard form, no honour; every group holds a terminal."""
    if ctx.form is not _STANDARD or ctx.honors:
        return 0
    return _every_group(ctx, _IS_TERMINAL)


def all_terminals_and_honors(ctx: HandContext) -> int:
    """Every tile is a terminal or an honour (any form)."""
    return 1 if ctx.orphans == ctx.size else 0


def all_terminals(ctx: HandContext) -> int:
    """Every tile is a terminal."""
    return 1 if ctx.orphans == ctx.size and ctx.honors == 0 else 0


def all_terminal_pungs(ctx: HandContext) -> int:
    """Hong Kong All Terminals and Honours: four triplets, every tile terminal or honour."""
    return 1 if len(ctx.triplets) == 4 and ctx.orphans == ctx.size else 0


# --- suits -------------------------------------------------------------------------


def all_types(ctx: HandContext) -> int:
    """Characters, dots, bamboo, a wind and a dragon, the pair included."""
    return 1 if ctx.suits == SUITED_BITS | HONOR_BITS else 0


def half_flush(ctx: HandContext) -> int:
    """Tiles of exactly one suit plus at least one honour."""
    return 1 if ctx.suits & SUITED_BITS in _ONE_SUIT and ctx.suits & HONOR_BITS else 0


def full_flush(ctx: HandContext) -> int:
    """Tiles of exactly one suit and no honour."""
    return 1 if ctx.suits in _ONE_SUIT else 0


def all_green(ctx: HandContext) -> int:
    """Only green tiles: 2 3 4 6 8 bamboo and the Green dragon."""
    return 1 if ctx.greens == ctx.size else 0


def nine_gates(ctx: HandContext) -> int:
    """No declared meld; the hand minus the winning tile is 1112345678999 of one suit, and
    the winning tile is of that suit."""
    if ctx.declared or ctx.suits not in _ONE_SUIT:
        return 0
    counts = ctx.counts
    w = ctx.win_tile
    base = w - w % 9
    for i in range(9):
        t = base + i
        if counts[t] - (t == w) != _NINE_GATES[i]:
            return 0
    return 1


# --- consecutiveness, parallels, three colours ------------------------------------


def three_consecutive_triplets(ctx: HandContext) -> int:
    """Triplets of three consecutive numbers in one suit."""
    tr = ctx.triplets
    for t in tr:
        if t < EAST and t % 9 <= 6 and t + 1 in tr and t + 2 in tr:
            return 1
    return 0


def four_consecutive_triplets(ctx: HandContext) -> int:
    """Triplets of four consecutive numbers in one suit."""
    tr = ctx.triplets
    if len(tr) != 4:
        return 0
    t = tr[0]
    if t >= EAST or t % 9 > 5:
        return 0
    return 1 if tr[1] == t + 1 and tr[2] == t + 2 and tr[3] == t + 3 else 0




def _parallel_twice(groups: tuple[Tile, ...]) -> int:
    """Four suited groups split into two pairs of same-number groups, both pairs in the
    same two suits (groups are identified by their first tile, sorted).

    Such a split puts two groups in a suit ``a`` and two in a suit ``b`` with the same
    numbers, so the sorted groups read ``a:x a:y b:x b:y``: the first two share a suit,
    the last two share another, and each of the last two is the one two above it shifted
    by the same whole number of suits.
    """
    if len(groups) != 4:
        return 0
    g0, g1, g2, g3 = groups
    if g3 >= EAST:
        return 0
    shift = g2 - g0
    return 1 if (
        shift == g3 - g1 and shift % 9 == 0 and shift and g0 // 9 == g1 // 9
        and g2 // 9 == g3 // 9
    ) else 0


def parallel_sequences_twice(ctx: HandContext) -> int:
    """Two pairs of same-number chows, both pairs in the same two suits."""
    return _parallel_twice(ctx.chows)


def parallel_triplets_twice(ctx: HandContext) -> int:
    """Two pairs of same-number triplets, both pairs in the same two suits."""
    return _parallel_twice(ctx.triplets)


def three_color_sequences(ctx: HandContext) -> int:
    """The same chow in characters, dots and bamboo."""
    c = ctx.chows
    if len(c) < 3:
        return 0
    for first in c:
        if first >= 9:  # sorted: the characters chows come first
            return 0
        if first + 9 in c and first + 18 in c:
            return 1
    return 0


def three_color_triplets(ctx: HandContext) -> int:
    """Triplets of the same number in characters, dots and bamboo."""
    tr = ctx.triplets
    if len(tr) < 3:
        return 0
    for t in tr:
        if t < 9 and t + 9 in tr and t + 18 in tr:
            return 1
    return 0


# --- irregular hands and special wins ----------------------------------------------


def seven_pairs(ctx: HandContext) -> int:
    """Seven pairs of distinct kinds (the scorer builds this form only when it holds)."""
    return 1 if ctx.form is _PAIRS else 0


def seven_consecutive_pairs(ctx: HandContext) -> int:
    """Seven pairs of seven consecutive numbers in one suit."""
    p = ctx.pairs
    if ctx.form is not _PAIRS or p[6] >= EAST:
        return 0
    return 1 if p[6] - p[0] == 6 and p[0] // 9 == p[6] // 9 else 0


def thirteen_orphans(ctx: HandContext) -> int:
    """One of each terminal and honour plus a second of one of them."""
    return 1 if ctx.form is _ORPHANS else 0


def eight_immortals(ctx: HandContext) -> int:
    """A special win the engine declared as Eight Immortals."""
    return 1 if ctx.special == "eight_immortals" else 0


def terminal_discards(ctx: HandContext) -> int:
    """A special win the engine declared as All Terminal and Honor Discards."""
    return 1 if ctx.special == "terminal_discards" else 0


# --- luck --------------------------------------------------------------------------


def after_replacement(ctx: HandContext) -> int:
    """Self-drawn on a replacement tile: the number of replacements in the chain."""
    return len(ctx.replacements) if ctx.self_drawn else 0


def after_kong_replacement(ctx: HandContext) -> int:
    """Self-drawn on a replacement chain holding at least one kong (Hong Kong)."""
    return 1 if ctx.self_drawn and "kong" in ctx.replacements else 0


def consecutive_kongs(ctx: HandContext) -> int:
    """Self-drawn on a replacement after two or more kongs in a row (Hong Kong limit)."""
    if not ctx.self_drawn:
        return 0
    run = 0
    for r in reversed(ctx.replacements):
        if r != "kong":
            break
        run += 1
    return 1 if run >= 2 else 0


def robbing_the_kong(ctx: HandContext) -> int:
    """Won on a tile added to an exposed pung."""
    return 1 if ctx.robbing_kong else 0


def last_tile(ctx: HandContext) -> int:
    """Won on the last draw or the last discard."""
    return 1 if ctx.last_tile else 0


def last_tile_drawn(ctx: HandContext) -> int:
    """Self-drawn on the last tile of the wall (not the discard after it)."""
    return 1 if ctx.last_tile and ctx.self_drawn else 0


def blessing_of_heaven(ctx: HandContext) -> int:
    """The engine declared Blessing of Heaven."""
    return 1 if ctx.blessing == "heaven" else 0


def blessing_of_earth(ctx: HandContext) -> int:
    """The engine declared Blessing of Earth."""
    return 1 if ctx.blessing == "earth" else 0


# --- bonus tiles -------------------------------------------------------------------


def flower_tiles(ctx: HandContext) -> int:
    """One per declared bonus tile."""
    return len(ctx.flowers)


def flower_sets(ctx: HandContext) -> int:
    """One per complete set: the four flowers, the four seasons."""
    f = ctx.flowers
    if len(f) < 4:
        return 0
    return all(t in f for t in FLOWERS) + all(t in f for t in SEASONS)


# --- combinators -------------------------------------------------------------------


@dataclass(frozen=True)
class NoneOf:
    """The predicate :func:`none_of` makes: a module-level class, not a closure, so that a
    ruleset holding it pickles (process pools, vector environments, checkpoints)."""

    predicates: tuple[Callable[[HandContext], int], ...]

    def __call__(self, ctx: HandContext) -> int:
        for pred in self.predicates:
            if pred(ctx):
                return 0
        return 1


def none_of(predicates: Sequence[Callable[[HandContext], int]]) -> Callable[[HandContext], int]:
    """A predicate that holds (1) exactly when none of ``predicates`` applies: a hand with
    no other pattern (Hong Kong Chicken Hand)."""
    return NoneOf(tuple(predicates))

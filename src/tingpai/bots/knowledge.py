"""What the bots know about a table: pattern values by role, value targets and payments.

The bots never branch on a ruleset id.  They find the patterns they plan around through
the ruleset's own data: each pattern's predicate (the functions of
:mod:`tingpai.rules.predicates` are shared by every ruleset, whatever id a pattern has) is
looked up in :data:`ROLES`, and the pattern's ``value`` and ``limit`` give what the role is
worth at this table.  A role the table does not score (no Seven Pairs in Hong Kong, no
Pure Straight outside Hu) simply yields no target.

A :class:`Target` is a plan a hand can be steered toward: a shape (the standard form, all
triplets, seven pairs, thirteen orphans, fixed groups) over a set of allowed kinds (one
suit, one suit and honours, simples, outside tiles, every kind), with the roles it is
sure to score once complete.  :func:`table_knowledge` builds the targets of a ruleset once
and caches them with its payments.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from tingpai.analysis.forms import Form
from tingpai.rules import predicates as p
from tingpai.rules.base import RuleError
from tingpai.rules.ruleset import Ruleset
from tingpai.tiles import EAST, NUM_KINDS, WHITE, Tile, is_orphan

ROLES: dict[Callable[..., int], str] = {
    p.half_flush: "half_flush",
    p.full_flush: "full_flush",
    p.all_triplets: "all_triplets",
    p.seven_pairs: "seven_pairs",
    p.all_simples: "all_simples",
    p.all_sequences: "all_sequences",
    p.two_pure_sequences: "two_pure_sequences",
    p.all_types: "all_types",
    p.closed_hand: "closed",
    p.fully_concealed_self_draw: "concealed_self_draw",
    p.self_draw: "self_draw",
    p.value_triplets: "value_triplet",
    p.dragon_triplets: "dragon_triplet",
    p.seat_wind_triplet: "seat_wind",
    p.round_wind_triplet: "round_wind",
    p.half_outside: "half_outside",
    p.fully_outside: "fully_outside",
    p.pure_straight: "pure_straight",
    p.three_color_sequences: "three_color_sequences",
    p.three_color_triplets: "three_color_triplets",
    p.thirteen_orphans: "thirteen_orphans",
}
"""The pattern predicates the bots plan around, by role name."""

SMALL_ROLES = ("all_sequences", "all_simples", "two_pure_sequences", "all_types")
"""Qualifying patterns a plain hand often shows without being steered toward them."""
SMALL_ROLE_CHANCE = 0.2
"""Chance that a plain completed hand shows one given small pattern."""

STANDARD = "standard"
TRIPLETS = "triplets"
PAIRS = "pairs"
ORPHANS = "orphans"
GROUPS = "groups"
"""Target shapes."""

SUIT_NAMES = "mps"


@dataclass(frozen=True, slots=True)
class Target:
    """A plan: a shape over the allowed kinds, and the roles it scores once complete."""

    name: str
    shape: str
    """STANDARD, TRIPLETS, PAIRS, ORPHANS or GROUPS."""
    allowed: tuple[bool, ...]
    """Per kind: may the finished hand hold it."""
    keep: tuple[bool, bool, bool, bool]
    """Suits kept (characters, dots, bamboo, honours) for the standard-form distance."""
    tiles: str | None = None
    """``"simples"`` or ``"outside"``: a finer tile filter for the standard form."""
    groups: tuple[tuple[Tile, ...], ...] = ()
    """GROUPS: the chows or triplets the hand must hold (tiles of each)."""
    roles: tuple[str, ...] = ()
    """Roles the finished hand scores for sure."""
    value: int = 0
    """The sum of those roles' values at this table."""
    limit: bool = False
    """A limit pattern: the value is the hand's whole value."""
    concealed_only: bool = False
    """Seven pairs and thirteen orphans: no declared meld."""
    incidental: bool = False
    """The plain plan (every kind, standard form): patterns may come on their own."""
    honours: bool = True
    """Honour tiles are allowed (so value triplets can add to it)."""
    needs: tuple[tuple[Tile, int], ...] = ()
    """GROUPS: (tile, copies) the groups need, for a quick bound."""

    def admits(self, meld_tiles: tuple[Tile, ...], triplet: bool) -> bool:
        """Whether a declared meld fits the plan."""
        if self.concealed_only:
            return False
        if self.shape == TRIPLETS and not triplet:
            return False
        return all(self.allowed[t] for t in meld_tiles)


@dataclass(frozen=True)
class TableKnowledge:
    """A ruleset seen by a bot: its role values, targets and what a win pays."""

    ruleset: Ruleset
    players: int
    forms: Form
    min_value: int
    max_value: int | None
    require_pattern: bool
    furiten: bool
    pao: bool
    kinds: tuple[bool, ...]
    """Per kind: in this table's tile set."""
    role_value: dict[str, int]
    limit_roles: frozenset[str]
    targets: tuple[Target, ...]
    smallest_win: int
    """The least a legal win is worth: the minimum, or the smallest qualifying pattern."""
    gains: dict[tuple[int, bool], int] = field(default_factory=dict, compare=False)
    """Memo of :meth:`gain`."""
    costs: dict[int, tuple[int, int, int]] = field(default_factory=dict, compare=False)
    """Memo of :meth:`win_costs`."""

    @property
    def reduced_set(self) -> bool:
        """The table plays without some kinds (the 80-tile table)."""
        return not all(self.kinds)

    def unseen(self, visible: Sequence[int], own: Sequence[int]) -> list[int]:
        """Per kind, the copies a seat has not seen (none of a kind the table leaves
        out), given what the table shows and what the seat holds."""
        kinds = self.kinds
        return [max(0, 4 - visible[t] - own[t]) if kinds[t] else 0 for t in range(NUM_KINDS)]

    def incidental(self) -> tuple[int, float]:
        """A plain hand's small patterns that may come on their own: (the smallest value
        among them, the chance that at least one comes), each small role counted as an
        independent one-in-five chance."""
        present = [self.role_value[r] for r in SMALL_ROLES if self.role_value.get(r)]
        if not present:
            return 0, 0.0
        return min(present), 1.0 - (1.0 - SMALL_ROLE_CHANCE) ** len(present)

    def value_of(self, role: str) -> int:
        """What a role is worth at this table (0 when the table does not score it)."""
        return self.role_value.get(role, 0)

    def honour_values(self, seat_wind: Tile, round_wind: Tile) -> tuple[int, ...]:
        """Per honour kind (East .. Red), what a triplet of it is worth to this seat."""
        rv = self.role_value
        out = []
        for t in range(EAST, NUM_KINDS):
            v = 0
            if t >= WHITE:
                v += rv.get("value_triplet", 0) + rv.get("dragon_triplet", 0)
            else:
                if t == seat_wind:
                    v += rv.get("value_triplet", 0) + rv.get("seat_wind", 0)
                if t == round_wind:
                    v += rv.get("value_triplet", 0) + rv.get("round_wind", 0)
            out.append(v)
        return tuple(out)

    def capped(self, value: int) -> int:
        """A non-limit total after the table's cap."""
        cap = self.max_value
        return value if cap is None or value <= cap else cap

    def gain(self, value: int, self_drawn: bool) -> int:
        """What the winner collects in all for a legal hand worth ``value``."""
        key = (value, self_drawn)
        found = self.gains.get(key)
        if found is None:
            try:
                pay = self.ruleset.payments(value, self_drawn)
            except (RuleError, ValueError, KeyError, IndexError):
                found = 0
            else:
                n = self.players
                if self_drawn:
                    found = (pay.each or 0) * (n - 1)
                else:
                    found = (pay.discarder or 0) + (pay.others or 0) * (n - 2)
            self.gains[key] = found
        return found

    def win_costs(self, value: int) -> tuple[int, int, int]:
        """What one seat pays for an opponent's legal hand worth ``value``: as its
        discarder, as a bystander to another seat's discard, and on the opponent's own
        draw (zeros where the table cannot price the hand)."""
        found = self.costs.get(value)
        if found is None:
            try:
                discard = self.ruleset.payments(value, False)
                drawn = self.ruleset.payments(value, True)
            except (RuleError, ValueError, KeyError, IndexError):
                found = (0, 0, 0)
            else:
                found = (discard.discarder or 0, discard.others or 0, drawn.each or 0)
            self.costs[value] = found
        return found


_KNOWN: dict[int, tuple[Ruleset, TableKnowledge]] = {}


def table_knowledge(ruleset: Ruleset) -> TableKnowledge:
    """The (cached) knowledge of a ruleset."""
    found = _KNOWN.get(id(ruleset))
    if found is not None and found[0] is ruleset:
        return found[1]
    knowledge = _build(ruleset)
    if len(_KNOWN) > 256:
        _KNOWN.clear()
    _KNOWN[id(ruleset)] = (ruleset, knowledge)
    return knowledge


def _build(ruleset: Ruleset) -> TableKnowledge:
    opts = ruleset.options
    role_value: dict[str, int] = {}
    limits: set[str] = set()
    for pattern in ruleset.patterns:
        role = ROLES.get(pattern.predicate)
        if role is None:
            continue
        role_value[role] = role_value.get(role, 0) + pattern.value
        if pattern.limit:
            limits.add(role)
    kinds = tuple(t in opts.tile_kinds for t in range(NUM_KINDS))
    knowledge = TableKnowledge(
        ruleset=ruleset,
        players=opts.players,
        forms=opts.forms,
        min_value=opts.min_value,
        max_value=opts.max_value,
        require_pattern=opts.require_pattern,
        furiten=opts.furiten,
        pao=opts.pao,
        kinds=kinds,
        role_value=role_value,
        limit_roles=frozenset(limits),
        targets=(),
        smallest_win=max(
            opts.min_value,
            min((pt.value for pt in ruleset.patterns
                 if pt.qualifies and pt.value > 0 and pt.amount is None), default=1),
        ),
    )
    object.__setattr__(knowledge, "targets", tuple(_targets(knowledge)))
    return knowledge


def _allowed(kinds: tuple[bool, ...], test: Callable[[Tile], bool]) -> tuple[bool, ...]:
    return tuple(kinds[t] and test(t) for t in range(NUM_KINDS))


def _targets(k: TableKnowledge) -> list[Target]:
    """Every plan the table rewards, built from its roles."""
    rv = k.role_value
    kinds = k.kinds
    out: list[Target] = []
    everything = (True, True, True, True)

    def make(name: str, shape: str, allowed: tuple[bool, ...], **kw: Any) -> Target:
        roles: tuple[str, ...] = kw.pop("roles", ())
        limit = any(r in k.limit_roles for r in roles)
        if limit:
            value = max(rv.get(r, 0) for r in roles if r in k.limit_roles)
        else:
            value = sum(rv.get(r, 0) for r in roles)
        honours = any(allowed[t] for t in range(EAST, NUM_KINDS))
        groups: tuple[tuple[Tile, ...], ...] = kw.get("groups", ())
        counted: dict[Tile, int] = {}
        for g in groups:
            for t in g:
                counted[t] = counted.get(t, 0) + 1
        return Target(name, shape, allowed, roles=roles, value=value, limit=limit,
                      honours=honours, needs=tuple(sorted(counted.items())), **kw)

    out.append(make("any", STANDARD, kinds, keep=everything, incidental=True))
    suits = [s for s in range(3) if any(kinds[9 * s + i] for i in range(9))]
    flushes: list[tuple[str, tuple[bool, ...], tuple[bool, bool, bool, bool]]] = []
    for s in suits:
        keep = (s == 0, s == 1, s == 2, True)
        half = tuple(kinds[t] and (t >= EAST or t // 9 == s) for t in range(NUM_KINDS))
        full = tuple(kinds[t] and t < EAST and t // 9 == s for t in range(NUM_KINDS))
        letter = SUIT_NAMES[s]
        if "half_flush" in rv:
            out.append(make(f"half_flush_{letter}", STANDARD, half, keep=keep,
                            roles=("half_flush",)))
            flushes.append((f"half_flush_{letter}", half, keep))
        if "full_flush" in rv:
            full_keep = (s == 0, s == 1, s == 2, False)
            out.append(make(f"full_flush_{letter}", STANDARD, full, keep=full_keep,
                            roles=("full_flush",)))
    if "all_simples" in rv:
        simple = _allowed(kinds, lambda t: not is_orphan(t))
        out.append(make("all_simples", STANDARD, simple, keep=everything, tiles="simples",
                        roles=("all_simples",)))
    if "half_outside" in rv:
        outside = _allowed(kinds, lambda t: t >= EAST or t % 9 in (0, 1, 2, 6, 7, 8))
        out.append(make("half_outside", STANDARD, outside, keep=everything, tiles="outside",
                        roles=("half_outside",)))
    if "all_triplets" in rv:
        out.append(make("all_triplets", TRIPLETS, kinds, keep=everything,
                        roles=("all_triplets",)))
        for name, allowed, keep in flushes:
            out.append(make(f"all_triplets_{name}", TRIPLETS, allowed, keep=keep,
                            roles=("all_triplets", "half_flush")))
    if "seven_pairs" in rv and Form.PAIRS in k.forms:
        out.append(make("seven_pairs", PAIRS, kinds, keep=everything, concealed_only=True,
                        roles=("seven_pairs",)))
        for name, allowed, keep in flushes:
            out.append(make(f"seven_pairs_{name}", PAIRS, allowed, keep=keep,
                            concealed_only=True, roles=("seven_pairs", "half_flush")))
    if "thirteen_orphans" in rv and Form.ORPHANS in k.forms:
        orphans = _allowed(kinds, is_orphan)
        out.append(make("thirteen_orphans", ORPHANS, orphans, keep=everything,
                        concealed_only=True, roles=("thirteen_orphans",)))
    if "pure_straight" in rv:
        for s in suits:
            groups = tuple(tuple(range(9 * s + i, 9 * s + i + 3)) for i in (0, 3, 6))
            if all(kinds[t] for g in groups for t in g):
                out.append(make(f"pure_straight_{SUIT_NAMES[s]}", GROUPS, kinds,
                                keep=everything, groups=groups, roles=("pure_straight",)))
    if "three_color_sequences" in rv and len(suits) == 3:
        for n in range(7):
            groups = tuple(tuple(range(9 * s + n, 9 * s + n + 3)) for s in range(3))
            if all(kinds[t] for g in groups for t in g):
                out.append(make(f"three_color_sequences_{n + 1}", GROUPS, kinds,
                                keep=everything, groups=groups,
                                roles=("three_color_sequences",)))
    if "three_color_triplets" in rv and len(suits) == 3:
        for n in range(9):
            groups = tuple((9 * s + n,) * 3 for s in range(3))
            if all(kinds[g[0]] for g in groups):
                out.append(make(f"three_color_triplets_{n + 1}", GROUPS, kinds,
                                keep=everything, groups=groups,
                                roles=("three_color_triplets",)))
    return out


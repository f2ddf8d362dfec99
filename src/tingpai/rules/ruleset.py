"""A ruleset: options, the ordered pattern list, the payment function and the policies of
its special mechanisms (:mod:`tingpai.rules.policies`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from tingpai.rules.base import (
    EarthBlessing,
    Payments,
    ReadOnlyDict,
    RuleError,
    RuleOptions,
    Unit,
)
from tingpai.rules.blessings import DEALER_FIRST_DISCARD_EARTH, FIRST_DRAW_EARTH
from tingpai.rules.bonuses import RepeatBonuses
from tingpai.rules.concepts import canonical_id
from tingpai.rules.liability import HONG_KONG_PAO
from tingpai.rules.pattern import Amount, Pattern, Predicate
from tingpai.rules.payments import PaymentFunction
from tingpai.rules.policies import Bonus, Policies, PolicyFactory


def option_policies(options: RuleOptions) -> Policies:
    """The policies a table's options alone decide: pao liability (``pao``), the blessings
    (``blessing_of_earth``) and the repeat bonuses (``repeat_bonus``,
    ``eighth_repeat_bonus``), no special wins.  The Hong Kong families play exactly these;
    Hu adds its special wins (:func:`tingpai.rules.hu.hu_policies`).

    >>> from tingpai.rules import find_ruleset
    >>> option_policies(find_ruleset("hk-4p").options).liability is HONG_KONG_PAO
    True
    """
    bonus: Bonus | None = None
    if options.repeat_bonus or options.eighth_repeat_bonus:
        bonus = RepeatBonuses(options.repeat_bonus, options.eighth_repeat_bonus,
                              options.max_repeats)
    by_discard = options.blessing_of_earth is EarthBlessing.DEALER_FIRST_DISCARD
    return Policies(
        liability=HONG_KONG_PAO if options.pao else None,
        blessings=DEALER_FIRST_DISCARD_EARTH if by_discard else FIRST_DRAW_EARTH,
        bonus=bonus,
    )


@dataclass(frozen=True, slots=True)
class CompiledPatterns:
    """The pattern list as index tables for the scorer's hot path (built once per ruleset).

    Pattern ``i`` is ``patterns[i]``; sets of patterns are bit masks (bit ``i``).
    """

    evaluate: tuple[tuple[int, tuple[tuple[int, Predicate], ...]], ...]
    """Every pattern as (required features, ((index, predicate), ...)) buckets: evaluated
    for an ordinary win."""
    evaluate_special: tuple[tuple[int, tuple[tuple[int, Predicate], ...]], ...]
    """The same for the patterns that need no complete hand (special wins)."""
    implies: tuple[int, ...]
    """Per pattern: mask of the patterns it supersedes."""
    absorbs: tuple[tuple[tuple[int, int], ...], ...]
    """Per pattern: (index, counts per unit) it absorbs (Flower Set: Flower Tile, 4)."""
    absorbing: int
    """Mask of the patterns that absorb others."""
    qualifying: int
    """Mask of the patterns that make a hand eligible."""
    limits: int
    """Mask of the limit patterns."""
    index: Mapping[str, int]
    """Pattern id to index."""
    values: tuple[int, ...]
    """Per pattern: value per count."""
    amounts: tuple[Amount | None, ...]
    """Per pattern: the value function when it is not ``value × count``."""
    implying: int = 0
    """Mask of the patterns that imply (supersede) some other pattern."""
    amounted: int = 0
    """Mask of the patterns whose value is an ``amount`` function."""
    unusual: int = 0
    """Mask of the patterns that imply or absorb others, are limits or have an ``amount``:
    a reading showing none of them scores as the plain sum of value × count."""
    memo: dict[tuple[int, ...], Any] = field(default_factory=dict, compare=False)
    """Scorer memo of immutable result entries (pattern index, count, value) -> entry."""
    listings: dict[tuple[tuple[int, int], ...], Any] = field(
        default_factory=dict, compare=False
    )
    """Scorer memo: the present (index, count) pairs of a reading whose patterns all count
    value × count -> its tuple of counted entries."""
    payments: dict[int, Payments] = field(default_factory=dict, compare=False)
    """Scorer memo of the (pure) payment function: ``2 * value + self_drawn`` ->
    Payments."""
    plans: dict[int, tuple[tuple[int, Predicate], ...]] = field(
        default_factory=dict, compare=False
    )
    """Memo: context features -> the (index, predicate) pairs whose requirements hold
    (ordinary wins).  Feature words are at most 23 bits, so it stays small."""
    special_plans: dict[int, tuple[tuple[int, Predicate], ...]] = field(
        default_factory=dict, compare=False
    )
    """The same memo for special wins (only patterns that need no hand)."""

    def plan(self, features: int, special: bool) -> tuple[tuple[int, Predicate], ...]:
        """The patterns worth asking about a reading with these features, in order.

        The scorer reads ``plans`` / ``special_plans`` directly and calls this on a miss.
        """
        plans = self.special_plans if special else self.plans
        found = plans.get(features)
        if found is None:
            buckets = self.evaluate_special if special else self.evaluate
            found = tuple(sorted(
                (item for requires, items in buckets if features & requires == requires
                 for item in items),
                key=lambda item: item[0],
            ))
            plans[features] = found
        return found

    @classmethod
    def build(cls, patterns: tuple[Pattern, ...]) -> CompiledPatterns:
        """Index tables of a pattern list (ids must be unique and implications known)."""
        index = {p.id: i for i, p in enumerate(patterns)}
        implies = tuple(sum(1 << index[q] for q in p.implies) for p in patterns)
        absorbs = tuple(tuple((index[q], n) for q, n in p.absorbs) for p in patterns)
        return cls(
            evaluate=_buckets(patterns, lambda p: True),
            evaluate_special=_buckets(patterns, lambda p: not p.needs_hand),
            implies=implies,
            absorbs=absorbs,
            absorbing=sum(1 << i for i, a in enumerate(absorbs) if a),
            qualifying=sum(1 << i for i, p in enumerate(patterns) if p.qualifies),
            limits=sum(1 << i for i, p in enumerate(patterns) if p.limit),
            index=index,
            values=tuple(p.value for p in patterns),
            amounts=tuple(p.amount for p in patterns),
            implying=sum(1 << i for i, mask in enumerate(implies) if mask),
            amounted=sum(1 << i for i, p in enumerate(patterns) if p.amount is not None),
            unusual=sum(
                1 << i for i, p in enumerate(patterns)
                if p.implies or p.absorbs or p.limit or p.amount is not None
            ),
        )


def _buckets(
    patterns: tuple[Pattern, ...], keep: Callable[[Pattern], bool]
) -> tuple[tuple[int, tuple[tuple[int, Predicate], ...]], ...]:
    """Group the kept patterns by their required features, keeping pattern order inside."""
    groups: dict[int, list[tuple[int, Predicate]]] = {}
    for i, p in enumerate(patterns):
        if keep(p):
            groups.setdefault(p.requires, []).append((i, p.predicate))
    return tuple((req, tuple(items)) for req, items in groups.items())


class OptionValues(ReadOnlyDict):
    """A ruleset's :attr:`Ruleset.option_values`: a dict (JSON, pickle, ``==`` as one)
    that refuses to be changed, since :func:`~tingpai.rules.find_ruleset` shares one
    ruleset per id and options and every record of its games copies these.

    >>> values = OptionValues({"min_fan": 1})
    >>> values["min_fan"] = 3
    Traceback (most recent call last):
    ...
    TypeError: a ruleset's option_values are read-only (find_ruleset(id, **options) makes a variant)
    """

    __slots__ = ()
    refusal = (
        "a ruleset's option_values are read-only (find_ruleset(id, **options) makes a "
        "variant)"
    )


@dataclass(frozen=True)
class Ruleset:
    """Everything a table plays by, as data.  Get one with ``find_ruleset(id, **options)``.

    ``patterns`` is ordered as the seed lists them; the scorer reports patterns in this
    order and breaks ties (two equal limit patterns) by it.
    """

    id: str
    """Registry id, e.g. ``hu-4p``."""
    name: str
    """Human name, e.g. ``Hu Mahjong (4 players)``."""
    options: RuleOptions
    patterns: tuple[Pattern, ...]
    payment: PaymentFunction
    """``(value, self_drawn) -> Payments`` (see :mod:`tingpai.rules.payments`)."""
    option_values: Mapping[str, Any] = field(default_factory=dict, hash=False)
    """The options this ruleset was built with, as JSON values by option name (what a game
    record's ``options`` holds, so a record rebuilds the same ruleset)."""
    policy_factory: PolicyFactory = option_policies
    """Builds :attr:`policies` from :attr:`options` (the family's, from its
    ``RulesetSpec``), so a ruleset whose options are replaced gets the matching policies."""
    _index: Mapping[str, Pattern] = field(init=False, repr=False, compare=False)
    compiled: CompiledPatterns = field(init=False, repr=False, compare=False)
    """Index tables of ``patterns`` for the scorer (derived, not compared)."""
    policies: Policies = field(init=False, repr=False, compare=False)
    """The special mechanisms the engine and the scorer call (derived from the options by
    :attr:`policy_factory`, not compared)."""

    def __post_init__(self) -> None:
        index = {p.id: p for p in self.patterns}
        if len(index) != len(self.patterns):
            raise RuleError(f"ruleset {self.id}: duplicate pattern ids")
        for p in self.patterns:
            for implied in (*p.implies, *(a for a, _ in p.absorbs)):
                target = index.get(implied)
                if target is None:
                    raise RuleError(f"ruleset {self.id}: {p.id} implies unknown {implied!r}")
                if target.category != p.category:
                    # RULES.md: "Inside a category a pattern supersedes the ones it implies";
                    # across categories patterns stack.
                    raise RuleError(
                        f"ruleset {self.id}: {p.id} ({p.category}) supersedes {implied} "
                        f"({target.category}): superseding stays inside a category"
                    )
        if type(self.option_values) is not OptionValues:
            object.__setattr__(self, "option_values", OptionValues(self.option_values))
        object.__setattr__(self, "_index", index)
        object.__setattr__(self, "compiled", CompiledPatterns.build(self.patterns))
        object.__setattr__(self, "policies", self.policy_factory(self.options))

    def __hash__(self) -> int:
        # Equal rulesets have equal ids and options: hashing those (not every pattern)
        # keeps ``hash(observation)`` and a cache keyed by a ruleset cheap.
        return hash((self.id, self.options))

    def pattern(self, id: str) -> Pattern:
        """The pattern with this id (a former id of its concept is accepted too, see
        :mod:`tingpai.rules.concepts`); :class:`RuleError` naming it if there is none.

        >>> from tingpai.rules import find_ruleset
        >>> find_ruleset("hk-4p").pattern("all_pungs").id
        'all_triplets'
        """
        found = self._index.get(id) or self._index.get(canonical_id(id))
        if found is None:
            raise RuleError(f"ruleset {self.id} has no pattern {id!r}")
        return found

    def has_pattern(self, id: str) -> bool:
        """Whether the ruleset defines a pattern with this id (or this former id)."""
        return id in self._index or canonical_id(id) in self._index

    def payments(self, value: int, self_drawn: bool) -> Payments:
        """What the losers pay for a hand worth ``value``; see :class:`PaymentFunction`."""
        return self.payment(value, self_drawn)

    @property
    def unit(self) -> Unit:
        """Points (Hu) or fan (Hong Kong)."""
        return self.options.unit

"""Rulesets as data: options, pattern definitions, payment tables and the registry.

``find_ruleset(id, **options)`` is the one way to get a :class:`Ruleset`.  Registered ids:
``hu-4p``, ``hu-3p``, ``hu-2p`` (alias ``hu``); ``hk-4p`` (alias ``hk``), ``hk-2p``;
``hk-fanlaak`` (aliases ``fanlaak``, ``fan-laak``) and ``hk-fanlaak-0``.  A family module
registers its ids when this package is imported (see :mod:`tingpai.rules.hu`,
:mod:`tingpai.rules.hk`, :mod:`tingpai.rules.fanlaak`).

A pattern has one id per concept across every ruleset, the seed's own spelling staying its
display name (:mod:`tingpai.rules.concepts`: ``all_triplets`` is Hu's 对对和 and Hong Kong's
對對糊); superseding (``implies``, ``absorbs``) stays inside a pattern's category, which
building a :class:`Ruleset` checks.  ``tingpai rules ID`` and ``docs/rules/<id>.md`` show a
ruleset's options and patterns from this data.

A family's special mechanisms are small typed policies (:mod:`tingpai.rules.policies`):
special wins (:mod:`tingpai.rules.special_wins`), liability (:mod:`tingpai.rules.liability`),
blessings (:mod:`tingpai.rules.blessings`) and bonuses outside the cap
(:mod:`tingpai.rules.bonuses`).  A new table registers a :class:`RulesetSpec` (options,
patterns, policy factory) and needs no engine change.
"""

from __future__ import annotations

from tingpai.rules import hu  # registers the Hu ids first (the default family)

# isort: split
from tingpai.rules import fanlaak, hk  # register the Hong Kong ids
from tingpai.rules.base import (
    Blessing,
    EarthBlessing,
    FanRows,
    MultipleWinners,
    Payments,
    RepeatOnDraw,
    RuleError,
    RuleOptions,
    Unit,
    WinKind,
)
from tingpai.rules.context import HandContext
from tingpai.rules.pattern import Pattern
from tingpai.rules.payments import PAYMENT_TABLES, PaymentFunction, read_payment_table
from tingpai.rules.policies import (
    Blessings,
    Bonus,
    Liability,
    Liable,
    Policies,
    PolicyFactory,
    SpecialWin,
    TableView,
    TurnWin,
)
from tingpai.rules.registry import (
    OptionSpec,
    RulesetSpec,
    find_ruleset,
    register,
    ruleset_ids,
    ruleset_spec,
    unregister,
)
from tingpai.rules.ruleset import Ruleset, option_policies

BUILTIN_IDS: tuple[str, ...] = ruleset_ids()
"""The ids this package ships (registered on import), whatever a host registers later;
``docs/rules/`` has a page for each."""

__all__ = [
    "BUILTIN_IDS",
    "PAYMENT_TABLES",
    "Blessing",
    "Blessings",
    "Bonus",
    "EarthBlessing",
    "FanRows",
    "HandContext",
    "Liability",
    "Liable",
    "MultipleWinners",
    "OptionSpec",
    "Pattern",
    "PaymentFunction",
    "Payments",
    "Policies",
    "PolicyFactory",
    "RepeatOnDraw",
    "RuleError",
    "RuleOptions",
    "Ruleset",
    "RulesetSpec",
    "SpecialWin",
    "TableView",
    "TurnWin",
    "Unit",
    "WinKind",
    "fanlaak",
    "find_ruleset",
    "hk",
    "hu",
    "option_policies",
    "read_payment_table",
    "register",
    "ruleset_ids",
    "ruleset_spec",
    "unregister",
]

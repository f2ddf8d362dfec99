"""Rulesets as data: options, pattern definitions, payment tables and the registry.

``find_ruleset(id, **options)`` is the one way to get a :class:`Ruleset`.  Registered ids:
``hu-4p``, ``hu-3p``, ``hu-2p`` (alias ``hu``).  A family module registers its ids when this
package is imported (see :mod:`tingpai.rules.hu`).
"""

from __future__ import annotations

from tingpai.rules import hu  # registers the Hu ids
from tingpai.rules.base import Payments, RuleError, RuleOptions, Unit, WinKind
from tingpai.rules.context import HandContext
from tingpai.rules.pattern import Pattern
from tingpai.rules.payments import PAYMENT_TABLES, PaymentFunction
from tingpai.rules.registry import (
    OptionSpec,
    RulesetSpec,
    find_ruleset,
    register,
    ruleset_ids,
    ruleset_spec,
)
from tingpai.rules.ruleset import Ruleset

__all__ = [
    "PAYMENT_TABLES",
    "HandContext",
    "OptionSpec",
    "Pattern",
    "PaymentFunction",
    "Payments",
    "RuleError",
    "RuleOptions",
    "Ruleset",
    "RulesetSpec",
    "Unit",
    "WinKind",
    "find_ruleset",
    "hu",
    "register",
    "ruleset_ids",
    "ruleset_spec",
]

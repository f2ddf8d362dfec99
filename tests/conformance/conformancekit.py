"""The rulesets the conformance suite covers, and helpers its tests share.

Every test of ``tests/conformance/`` that takes a ``ruleset_id`` argument runs once per id
of :func:`conformance_ids`: every id in ``tingpai.ruleset_ids()`` at collection time, so a
newly registered ruleset is covered without listing it anywhere.

A ruleset the package does not ship (a variant registered by a test) is covered when its
registration has run before the suite is collected: put the registration in an importable
module and append the module's name to :data:`VARIANT_MODULES` (``tests/conformance/
variants.py`` is the place for variants registered only for tests).  The suite fails
(``test_every_registered_ruleset_is_covered``) when some test module registers a ruleset the
conformance tests were not parametrized with.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Iterator, Mapping
from typing import Any

import tingpai
from tingpai.engine import Hand, full_set
from tingpai.rules import RuleOptions, Ruleset
from tingpai.rules.registry import ruleset_spec
from tingpai.tiles import NUM_TILE_IDS

VARIANT_MODULES: list[str] = ["variants"]
"""Modules (importable with ``tests/conformance`` on ``sys.path``) whose import registers
extra rulesets for the suite.  Extend this list to cover a variant registered elsewhere."""


def load_variants() -> None:
    """Import every module of :data:`VARIANT_MODULES` (registering its rulesets)."""
    for name in VARIANT_MODULES:
        importlib.import_module(name)


def conformance_ids() -> tuple[str, ...]:
    """The ruleset ids the suite runs for: every registered id, variants included."""
    load_variants()
    return tingpai.ruleset_ids()


PARAMETRIZED: set[str] = set()
"""Every ruleset id some conformance test was parametrized with (filled by conftest)."""
REGISTERED_AT_COLLECTION: set[str] = set()
"""Every ruleset id registered once the whole test run was collected (filled by conftest)."""


# --- option variations ----------------------------------------------------------------

OPTION_VALUES: Mapping[str, tuple[Any, ...]] = {
    "multiple_winners": ("all", "head_bump"),
    "temporary_furiten": (True, False),
    "furiten": (True, False),
    "flowers": (False,),
    "pond_limit": (6, 12),
    "min_fan": (0, 1),
    "max_fan": (None,),
    "payment_table": ("full-spicy", "half-spicy"),
    "pao": (True, False),
}
"""Table options the property tests vary, by option name: a ruleset gets the ones its
registry entry accepts, with the values it accepts, so no ruleset id is named here."""


def settable_options(ruleset_id: str) -> dict[str, tuple[Any, ...]]:
    """The entries of :data:`OPTION_VALUES` that ``ruleset_id`` accepts by name, each with
    the values it accepts (Hu's ``payment_table`` takes no fan table)."""
    accepted = ruleset_spec(ruleset_id).options
    out: dict[str, tuple[Any, ...]] = {}
    for name, values in OPTION_VALUES.items():
        if name in accepted:
            ok = tuple(v for v in values if _accepts(ruleset_id, name, v))
            if ok:
                out[name] = ok
    return out


def _accepts(ruleset_id: str, name: str, value: Any) -> bool:
    """Whether ``ruleset_id`` takes ``value`` for its option ``name``."""
    try:
        tingpai.find_ruleset(ruleset_id, **{name: value})
    except ValueError:
        return False
    return True


def whole_game_options(ruleset_id: str) -> dict[str, Any]:
    """Options for a whole game of modest length: one round at tables that play more than
    two (the Hong Kong tables play four, and repeat the dealer on every draw)."""
    spec = ruleset_spec(ruleset_id)
    return {"rounds": 1} if "rounds" in spec.options and spec.defaults.rounds > 2 else {}


# --- tiles ----------------------------------------------------------------------------


def full_counts(ruleset: Ruleset) -> list[int]:
    """The ruleset's whole set as a 42-count array."""
    counts = [0] * NUM_TILE_IDS
    for t in full_set(ruleset):
        counts[t] += 1
    return counts


def options_of(hand: Hand) -> RuleOptions:
    """The table options of a hand."""
    return hand.ruleset.options


def word(value: object) -> str:
    """An option value as its word, whether stored as a string or as an enum."""
    inner = getattr(value, "value", value)
    return str(inner)


def random_play(hand: Hand, rng: random.Random) -> Iterator[Hand]:
    """Play ``hand`` to its end with uniformly random legal actions, yielding after each."""
    while not hand.is_over:
        seat = hand.to_act()[0]
        hand.apply(rng.choice(hand.legal_actions(seat)))
        yield hand

"""The ruleset registry: ``find_ruleset(id, **options)`` is the one way to get a ruleset.

A family module (``rules/hu.py``, ``rules/hk.py``, ``rules/fanlaak.py``) registers a
:class:`RulesetSpec` per id: the default :class:`RuleOptions`, the pattern list, the
options a host may set by name (:class:`OptionSpec`) and the factory of its mechanism
policies (:mod:`tingpai.rules.policies`).  ``find_ruleset`` validates every
option — unknown name, wrong type or bad value raises :class:`RuleError` naming it — and
builds a frozen :class:`Ruleset`.
Options arrive as keyword arguments or as a JSON ``options`` object (same names, JSON types).
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from tingpai.analysis.forms import FORM_NAMES, Form, parse_forms
from tingpai.rules.base import RuleError, RuleOptions
from tingpai.rules.pattern import Pattern
from tingpai.rules.payments import PAYMENT_TABLES, payment_function, read_fan_rows
from tingpai.rules.policies import PolicyFactory
from tingpai.rules.ruleset import Ruleset, option_policies

Check = Callable[[str, object], Any]
"""``(option name, raw value) -> checked value``; raises :class:`RuleError`."""
Apply = Callable[[RuleOptions, Any], Mapping[str, Any]]
"""``(options so far, checked value) -> RuleOptions field updates``."""


@dataclass(frozen=True)
class OptionSpec:
    """An option a host may set by name, its check and the fields it changes.

    ``tingpai rules`` and ``docs/rules/`` show each option's allowed values
    (:meth:`allowed_values`) and its value in a ruleset's options as JSON
    (:meth:`json_value`, which the option's check accepts back).
    """

    name: str
    doc: str
    check: Check
    apply: Apply | None = None
    """None: set the ``RuleOptions`` field of the same name to the checked value."""
    allowed: str = ""
    """The values allowed, in words; empty: what the check says (:func:`allowed_text`)."""
    current: Callable[[RuleOptions], Any] | None = None
    """The option's value in some options; None: the field ``apply`` sets when it is a
    :class:`SetField`, else the field of the option's name."""

    def updates(self, options: RuleOptions, value: Any) -> Mapping[str, Any]:
        """The field updates for a checked value."""
        if self.apply is None:
            return {self.name: value}
        return self.apply(options, value)

    def allowed_values(self) -> str:
        """The values allowed, in words (``"integer 0-10"``, ``"true, false"``, ...)."""
        return self.allowed or allowed_text(self.check)

    def json_value(self, options: RuleOptions) -> Any:
        """The option's value in ``options`` as JSON, e.g. its default in a ruleset's
        defaults.

        >>> spec = ruleset_spec("hk-4p")
        >>> spec.options["min_fan"].json_value(spec.defaults)
        3
        >>> spec = ruleset_spec("hu-3p")
        >>> spec.options["discard_multiplier"].json_value(spec.defaults)
        '5/2'
        """
        if self.current is not None:
            return to_json_value(self.current(options))
        field = self.apply.field if isinstance(self.apply, SetField) else self.name
        return to_json_value(getattr(options, field))


@dataclass(frozen=True)
class SetField:
    """An ``OptionSpec.apply`` that stores the checked value in another ``RuleOptions``
    field (``min_fan`` sets ``min_value``)."""

    field: str

    def __call__(self, options: RuleOptions, value: Any) -> Mapping[str, Any]:
        return {self.field: value}


@dataclass(frozen=True)
class DescribedCheck:
    """A :data:`Check` that also says, in words, which values it allows."""

    check: Check
    allowed: str

    def __call__(self, name: str, value: object) -> Any:
        return self.check(name, value)


def to_json_value(value: Any) -> Any:
    """An option value as the JSON its check accepts: enums by value, forms as a list of
    words, fractions as an integer or ``"n/d"``, tuples as lists.

    >>> to_json_value(Fraction(3)), to_json_value(Fraction(5, 2)), to_json_value((1, 2))
    (3, '5/2', [1, 2])
    """
    if isinstance(value, Form):
        return [word for word, form in FORM_NAMES.items() if form in value]
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, Fraction):
        return value.numerator if value.denominator == 1 else str(value)
    if isinstance(value, tuple | list):
        return [to_json_value(item) for item in value]
    if isinstance(value, Mapping):
        return {str(key): to_json_value(item) for key, item in value.items()}
    return value


@dataclass(frozen=True)
class RulesetSpec:
    """A registered ruleset id: its defaults, patterns and settable options."""

    id: str
    name: str
    defaults: RuleOptions
    patterns: tuple[Pattern, ...]
    options: Mapping[str, OptionSpec]
    aliases: tuple[str, ...] = ()
    description: str = ""
    """One line on what table this is (``tingpai rules`` and ``docs/rules/``)."""
    policies: PolicyFactory = option_policies
    """Builds the ruleset's special-mechanism policies from its options
    (:mod:`tingpai.rules.policies`)."""


_REGISTRY: dict[str, RulesetSpec] = {}
_ALIASES: dict[str, str] = {}


_BUILT: dict[tuple[Any, ...], Ruleset] = {}
"""Rulesets already built, by (id, sorted option items): they are immutable, and reusing
one keeps its scorer memos warm."""
_BUILT_SIZE = 1024


def register(spec: RulesetSpec) -> None:
    """Add a ruleset id (and its aliases) to the registry; re-registering replaces it."""
    _BUILT.clear()
    _REGISTRY[spec.id] = spec
    for alias in spec.aliases:
        _ALIASES[alias] = spec.id


def unregister(id: str) -> None:
    """Remove a registered id and its aliases (a test's or a host's own variant); unknown
    ids are ignored."""
    spec = _REGISTRY.pop(id, None)
    if spec is None:
        return
    _BUILT.clear()
    for alias in spec.aliases:
        if _ALIASES.get(alias) == id:
            del _ALIASES[alias]


def ruleset_ids() -> tuple[str, ...]:
    """Every registered id, in registration order.

    >>> ruleset_ids()[:3]
    ('hu-4p', 'hu-3p', 'hu-2p')
    """
    return tuple(_REGISTRY)


def ruleset_spec(id: str) -> RulesetSpec:
    """The registered spec of an id or alias; :class:`RuleError` if unknown."""
    key = _ALIASES.get(id, id) if isinstance(id, str) else id
    spec = _REGISTRY.get(key) if isinstance(key, str) else None
    if spec is None:
        known = ", ".join(_REGISTRY)
        raise RuleError(f"unknown rules id {id!r} (known: {known})")
    return spec


def find_ruleset(id: str, /, **options: Any) -> Ruleset:
    """The ruleset ``id`` with the given options changed from its defaults.

    >>> find_ruleset("hu-3p").options.start_points
    35000
    >>> find_ruleset("hu-4p", flowers=False).options.bonus_tiles
    ()
    """
    spec = ruleset_spec(id)
    try:
        # The value's type is part of the key: 1 == True and 1.0 == 1 hash alike, but only
        # some of them are valid option values.
        key: tuple[Any, ...] | None = (
            spec.id, *sorted((k, type(v).__name__, v) for k, v in options.items())
        )
        hash(key)
    except TypeError:  # an unhashable option value (e.g. a list of forms): no memo
        key = None
    if key is not None:
        cached = _BUILT.get(key)
        if cached is not None:
            return cached
    opts = spec.defaults
    for name, raw in options.items():
        option = spec.options.get(name)
        if option is None:
            known = ", ".join(sorted(spec.options))
            raise RuleError(f"unknown option {name!r} for {spec.id} (known: {known})")
        value = option.check(name, raw)
        opts = dataclasses.replace(opts, **option.updates(opts, value))
    if opts.max_value is not None and opts.min_value > opts.max_value:
        raise RuleError(
            f"{spec.id}: the minimum {opts.min_value} is above the cap {opts.max_value}"
        )
    top = opts.max_value
    if top is None:  # no cap: a limit hand is the most a table must pay for
        top = max((p.value for p in spec.patterns if p.limit), default=opts.min_value)
    ruleset = Ruleset(
        id=spec.id, name=spec.name, options=opts, patterns=spec.patterns,
        payment=payment_function(opts, top), option_values=dict(options),
        policy_factory=spec.policies,
    )
    if key is not None and len(_BUILT) < _BUILT_SIZE:
        _BUILT[key] = ruleset
    return ruleset


# --- option checks shared by the families -------------------------------------------


def bool_check(name: str, value: object) -> bool:
    """A JSON boolean."""
    if not isinstance(value, bool):
        raise RuleError(f"option {name} must be true or false, got {value!r}")
    return value


def int_check(low: int | None = None, high: int | None = None, *, optional: bool = False) -> Check:
    """An integer in ``[low, high]`` (None allowed when ``optional``)."""

    def check(name: str, value: object) -> int | None:
        if value is None and optional:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            extra = " or null" if optional else ""
            raise RuleError(f"option {name} must be an integer{extra}, got {value!r}")
        if low is not None and value < low:
            raise RuleError(f"option {name} must be at least {low}, got {value}")
        if high is not None and value > high:
            raise RuleError(f"option {name} must be at most {high}, got {value}")
        return value

    return DescribedCheck(check, _range_text(low, high, optional))


def _range_text(low: int | None, high: int | None, optional: bool) -> str:
    """``integer 0-10``, ``integer >= 1``, ... (``or null`` when optional)."""
    if low is not None and high is not None:
        text = f"integer {low}-{high}"
    elif low is not None:
        text = f"integer >= {low}"
    elif high is not None:
        text = f"integer <= {high}"
    else:
        text = "integer"
    return text + (" or null" if optional else "")


def choice_check(*choices: str) -> Check:
    """One of the given strings."""

    def check(name: str, value: object) -> str:
        if not isinstance(value, str) or value not in choices:
            raise RuleError(f"option {name} must be one of {', '.join(choices)}, got {value!r}")
        return value

    return DescribedCheck(check, ", ".join(choices))


def fraction_check(name: str, value: object) -> Fraction:
    """A positive number: an integer, a float or a string such as ``"5/2"`` or ``"2.5"``."""
    try:
        if isinstance(value, bool) or not isinstance(value, int | float | str):
            raise ValueError
        result = Fraction(value)
    except (ValueError, ZeroDivisionError):
        raise RuleError(f"option {name} must be a positive number, got {value!r}") from None
    if result <= 0:
        raise RuleError(f"option {name} must be a positive number, got {value!r}")
    return result


def forms_check(name: str, value: object) -> Form:
    """Winning forms: ``"standard,pairs,orphans"`` or a list of those words."""
    if isinstance(value, list | tuple) and all(isinstance(v, str) for v in value):
        value = ",".join(value)
    if not isinstance(value, str):
        raise RuleError(f"option {name} must be a list of forms, got {value!r}")
    try:
        return parse_forms(value)
    except ValueError as exc:
        raise RuleError(f"option {name}: {exc}") from None


def payment_table_check(name: str, value: object) -> str:
    """The name of a known payment table."""
    if not isinstance(value, str) or value not in PAYMENT_TABLES:
        known = ", ".join(PAYMENT_TABLES)
        raise RuleError(f"option {name} must be one of {known}, got {value!r}")
    return value


def payment_table_option(name: str, value: object) -> Any:
    """A named table (str), or a host table: a ``.json``/``.toml`` path or an inline object,
    read and checked now (:class:`~tingpai.rules.base.FanRows`)."""
    if isinstance(value, str) and value in PAYMENT_TABLES:
        return value
    return read_fan_rows(value)


def payment_table_updates(options: RuleOptions, value: Any) -> Mapping[str, Any]:
    """Set ``payment_table`` (a name, or a host table's source) and ``payment_rows``."""
    if isinstance(value, str):
        return {"payment_table": value, "payment_rows": None}
    return {"payment_table": value.source, "payment_rows": value}


_ALLOWED_BY_CHECK: dict[Check, str] = {
    bool_check: "true, false",
    fraction_check: 'positive number (3, 2.5 or "5/2")',
    forms_check: "list of standard, pairs, orphans",
    payment_table_check: ", ".join(PAYMENT_TABLES),
    payment_table_option: ", ".join(t for t in PAYMENT_TABLES if t != "hu")
    + ", or a host table: a .json/.toml file path or an inline object",
}
"""What the shared checks that are plain functions allow, in words."""


def allowed_text(check: Check) -> str:
    """What a check allows, in words: a :class:`DescribedCheck` says it; the shared checks
    of this module are known; anything else gives ``""``."""
    if isinstance(check, DescribedCheck):
        return check.allowed
    return _ALLOWED_BY_CHECK.get(check, "")

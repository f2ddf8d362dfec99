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

import copy
import dataclasses
import enum
import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from tingpai.analysis.forms import FORM_NAMES, Form, parse_forms
from tingpai.inputs import MAX_INT, JSONInputError, check_value, echo, whole_number
from tingpai.rules.base import RuleError, RuleOptions
from tingpai.rules.pattern import Pattern
from tingpai.rules.payments import (
    BASE_POINT_TABLES,
    FAN_TABLES,
    parse_fan_rows,
    payment_function,
)
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
    """Add a ruleset id (and its aliases) to the registry; re-registering replaces it.

    Every table also gets the options every table has (:data:`COMMON_OPTIONS`, e.g.
    ``max_hands``) unless its spec defines them itself.
    """
    _BUILT.clear()
    common = {name: o for name, o in COMMON_OPTIONS.items() if name not in spec.options}
    spec = dataclasses.replace(spec, options={**spec.options, **common})
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
        raise RuleError(f"unknown rules id {echo(id)} (known: {known})")
    return spec


def find_ruleset(id: str | Ruleset, /, **options: Any) -> Ruleset:
    """The ruleset ``id`` with the given options changed from its defaults.

    >>> find_ruleset("hu-3p").options.start_points
    35000
    >>> find_ruleset("hu-4p", flowers=False).options.bonus_tiles
    ()

    A :class:`Ruleset` built in code is accepted where an id is, and returned as it is
    (its options are its own: a ruleset id takes the options):

    >>> house = find_ruleset("hu-2p")
    >>> find_ruleset(house) is house
    True

    An integer option may be any integer type (numpy's too, as a parameter sweep gives
    them); it is kept as a plain int, so records of the table stay JSON.
    """
    if isinstance(id, Ruleset):
        if options:
            raise RuleError(
                f"options go with a ruleset id, not with a Ruleset object (got "
                f"{', '.join(map(echo, options))} for {echo(id.id)})"
            )
        return id
    spec = ruleset_spec(id)
    options = {
        name: value if type(value) is int else _plain_int(value)
        for name, value in options.items()
    }
    for name, value in options.items():
        try:
            check_value(value)  # bounded nesting and numbers before anything reads them
        except JSONInputError as exc:
            raise RuleError(f"option {echo(name)}: {exc}") from None
    key = _memo_key(spec.id, options)
    if key is not None:
        cached = _BUILT.get(key)
        if cached is not None:
            return cached
    opts = spec.defaults
    for name, raw in options.items():
        option = spec.options.get(name)
        if option is None:
            known = ", ".join(sorted(spec.options))
            raise RuleError(f"unknown option {echo(name)} for {spec.id} (known: {known})")
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
        payment=payment_function(opts, top),
        # a private copy: a caller changing its inline table later changes nothing here
        option_values=copy.deepcopy(options),
        policy_factory=spec.policies,
    )
    if key is not None and len(_BUILT) < _BUILT_SIZE:
        _BUILT[key] = ruleset
    return ruleset


def _plain_int(value: Any) -> Any:
    """A non-bool integer of another type (numpy's) as a plain int; anything else as it
    is, for the option's own check to accept or name."""
    number = whole_number(value)
    return value if number is None else number


def _memo_key(id: str, options: Mapping[str, Any]) -> tuple[Any, ...] | None:
    """The :data:`_BUILT` key of an id and its options, or None (no memo).

    The value's type is part of the key: 1 == True and 1.0 == 1 hash alike, but only some
    of them are valid option values.  An unhashable value (an inline payment table, a list
    of forms) is keyed by its canonical JSON text, so the key is the table's content: a
    changed table never gets the rows of an earlier one.
    """
    items: list[tuple[str, str, Any]] = []
    for name, value in options.items():
        try:
            hash(value)
            items.append((name, type(value).__name__, value))
        except TypeError:
            try:
                text = json.dumps(value, sort_keys=True, allow_nan=False)
            except (TypeError, ValueError):
                return None
            items.append((name, "json", text))
    return (id, *sorted(items))


# --- option checks shared by the families -------------------------------------------


def bool_check(name: str, value: object) -> bool:
    """A JSON boolean."""
    if not isinstance(value, bool):
        raise RuleError(f"option {name} must be true or false, got {echo(value)}")
    return value


def int_check(low: int | None = None, high: int | None = None, *, optional: bool = False) -> Check:
    """An integer in ``[low, high]`` (None allowed when ``optional``).

    An open end is still bounded by :data:`~tingpai.inputs.MAX_INT` (10**15), so no option
    holds a number too large to compute with or print.
    """
    floor = -MAX_INT if low is None else low
    ceiling = MAX_INT if high is None else high

    def check(name: str, value: object) -> int | None:
        if value is None and optional:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            extra = " or null" if optional else ""
            raise RuleError(f"option {name} must be an integer{extra}, got {echo(value)}")
        if value < floor:
            raise RuleError(f"option {name} must be at least {floor}, got {echo(value)}")
        if value > ceiling:
            raise RuleError(f"option {name} must be at most {ceiling}, got {echo(value)}")
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
            raise RuleError(
                f"option {name} must be one of {', '.join(choices)}, got {echo(value)}"
            )
        return value

    return DescribedCheck(check, ", ".join(choices))


MAX_FRACTION = 1000
"""Largest value of a number option such as ``discard_multiplier`` (Hu uses 2 to 3)."""
_FRACTION_TEXT = re.compile(r"\s*\d{1,15}(\.\d{1,15})?(\s*/\s*\d{1,15})?\s*")
"""A number option written as text: ``"3"``, ``"2.5"`` or ``"5/2"`` (no exponent, so the
text alone bounds the work: ``"1e99999999"`` would make a number of 10**8 digits)."""


def fraction_check(name: str, value: object) -> Fraction:
    """A positive number at most :data:`MAX_FRACTION`: an integer, a finite float or a
    string such as ``"5/2"`` or ``"2.5"`` (a float is read as its shortest decimal text,
    so 2.3 is 23/10)."""
    bad = RuleError(
        f"option {name} must be a positive number up to {MAX_FRACTION} (e.g. 3, 2.5 or "
        f"\"5/2\"), got {echo(value)}"
    )
    if isinstance(value, bool):
        raise bad
    try:
        if isinstance(value, int):
            result = Fraction(value)
        elif isinstance(value, float):
            result = Fraction(repr(value))  # ValueError for inf and nan
        elif isinstance(value, str) and _FRACTION_TEXT.fullmatch(value):
            result = Fraction(value.replace(" ", ""))
        else:
            raise bad
    except (ValueError, ZeroDivisionError):
        raise bad from None
    if not 0 < result <= MAX_FRACTION:
        raise bad
    return result


def forms_check(name: str, value: object) -> Form:
    """Winning forms: ``"standard,pairs,orphans"`` or a list of those words."""
    if isinstance(value, list | tuple) and all(isinstance(v, str) for v in value):
        value = ",".join(value)
    if not isinstance(value, str) or len(value) > 100:
        raise RuleError(f"option {name} must be a list of forms, got {echo(value)}")
    try:
        return parse_forms(value)
    except ValueError as exc:
        raise RuleError(f"option {name}: {exc}") from None


def payment_table_check(name: str, value: object) -> str:
    """The name of a table that pays base points
    (:data:`~tingpai.rules.payments.BASE_POINT_TABLES`), the Hu family's choice."""
    if not isinstance(value, str) or value not in BASE_POINT_TABLES:
        known = ", ".join(BASE_POINT_TABLES)
        raise RuleError(f"option {name} must be one of {known}, got {echo(value)}")
    return value


def payment_table_option(name: str, value: object) -> Any:
    """A named fan table (:data:`~tingpai.rules.payments.FAN_TABLES`: not ``hu``, which
    pays base points), or a host table given inline as its rows object, checked now
    (:class:`~tingpai.rules.base.FanRows`).

    A file path is refused: the library reads no files, so a table is read where the input
    enters (the command line turns ``--option payment_table=FILE`` into the rows;
    from Python, :func:`~tingpai.rules.payments.read_payment_table`).  The rows then live
    in the ruleset's ``option_values`` and in every game record, so a record replays
    without the file.
    """
    if isinstance(value, str) and value in FAN_TABLES:
        return value
    if isinstance(value, Mapping):
        return parse_fan_rows(value, "inline")
    known = ", ".join(FAN_TABLES)
    if isinstance(value, str) and value.lower().endswith((".json", ".toml")):
        raise RuleError(
            f"option {name} {echo(value)} is a file: read it where the input enters "
            "(the command line reads --option payment_table=FILE; from Python pass "
            "tingpai.rules.read_payment_table(path)) and give the rows object"
        )
    raise RuleError(
        f"option {name} must be a table name ({known}) or a rows object "
        f"{{\"rows\": [...]}}, got {echo(value)}"
    )


def payment_table_updates(options: RuleOptions, value: Any) -> Mapping[str, Any]:
    """Set ``payment_table`` (a name, or a host table's source) and ``payment_rows``."""
    if isinstance(value, str):
        return {"payment_table": value, "payment_rows": None}
    return {"payment_table": value.source, "payment_rows": value}


_ALLOWED_BY_CHECK: dict[Check, str] = {
    bool_check: "true, false",
    fraction_check: f'positive number up to {MAX_FRACTION} (3, 2.5 or "5/2")',
    forms_check: "list of standard, pairs, orphans",
    payment_table_check: ", ".join(BASE_POINT_TABLES),
    payment_table_option: ", ".join(FAN_TABLES)
    + ", or a host table's rows object (the commands read it from a .json/.toml file)",
}
"""What the shared checks that are plain functions allow, in words."""


def allowed_text(check: Check) -> str:
    """What a check allows, in words: a :class:`DescribedCheck` says it; the shared checks
    of this module are known; anything else gives ``""``."""
    if isinstance(check, DescribedCheck):
        return check.allowed
    return _ALLOWED_BY_CHECK.get(check, "")


COMMON_OPTIONS: Mapping[str, OptionSpec] = {
    "max_hands": OptionSpec(
        "max_hands",
        "the game ends after this many hands, whatever the rounds (null: no limit; a "
        "Hong Kong game of exhaustive draws otherwise never ends)",
        int_check(1, optional=True),
    ),
}
"""Options every table has, added to each registered spec."""

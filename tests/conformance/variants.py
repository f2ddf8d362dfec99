"""Rulesets registered for the tests only (none the package ships).

Register a variant here (``tingpai.rules.register(RulesetSpec(...))`` at import) and every
conformance test covers it; see :mod:`conformancekit`.
"""

"""The examples in the analysis modules' docstrings run and hold."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "tingpai.analysis",
    "tingpai.analysis.decompose",
    "tingpai.analysis.shanten",
    "tingpai.analysis.tables",
]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0
    if name != "tingpai.analysis.tables":
        assert result.attempted > 0

"""Lets ``pytest tests/env tests/server ...`` collect any set of test folders together.

``--doctest-modules`` (``pyproject.toml``) also collects every ``conftest.py`` as a doctest
module, and the test folders' conftests share that basename outside any package, so naming
two folders on the command line stopped at "import file mismatch".  They hold no doctests:
they are left to pytest's conftest loading, which handles them per folder.
"""

from __future__ import annotations

from pathlib import Path

import pytest


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """Skip the test folders' conftests as doctest modules (they still load as conftests)."""
    if collection_path.name == "conftest.py" and "tests" in collection_path.parts:
        return True
    return None

"""Parametrize the conformance suite over every registered ruleset at collection time.

A test taking a ``ruleset_id`` argument runs once per id of
:func:`conformancekit.conformance_ids`.  The ids registered once the whole run is collected
are kept, so ``test_every_registered_ruleset_is_covered`` catches a ruleset registered by a
test module after this directory was collected.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)

import conformancekit  # noqa: E402

import tingpai  # noqa: E402


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "ruleset_id" in metafunc.fixturenames:
        ids = conformancekit.conformance_ids()
        conformancekit.PARAMETRIZED.update(ids)
        metafunc.parametrize("ruleset_id", ids)


def pytest_collection_finish(session: pytest.Session) -> None:
    conformancekit.REGISTERED_AT_COLLECTION.update(tingpai.ruleset_ids())

"""Shared fixtures of the simulation tests: one local Ray instance per test session."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from typing import Any

import pytest


@pytest.fixture(scope="session")
def ray_instance() -> Iterator[Any]:
    """A local Ray instance with 2 CPUs, started once for every test that asks for it
    (the backend then uses it and leaves it running)."""
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False,
             logging_level=logging.WARNING)
    yield ray
    ray.shutdown()

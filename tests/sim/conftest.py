"""Shared fixtures of the simulation tests: one local Ray instance per test session."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest


@pytest.fixture(scope="session")
def ray_instance() -> Iterator[Any]:
    """A local Ray instance with 2 CPUs, started once for every test that asks for it
    (the backend then uses it and leaves it running)."""
    pytest.importorskip("ray")
    from tingpai.sim.ray_backend import start_local_ray

    ray = start_local_ray(2)
    yield ray
    ray.shutdown()

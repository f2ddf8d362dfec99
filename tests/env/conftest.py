"""Shared by the environment tests."""

from __future__ import annotations

import warnings
from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True)
def quiet() -> Iterator[None]:
    """Gymnasium's and PettingZoo's checkers warn about what is by design here (render fps;
    a Dict observation that is not a NumPy array: the action mask rides in the dict, as in
    PettingZoo's own classic environments): not what these tests check."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield

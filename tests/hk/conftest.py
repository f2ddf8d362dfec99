"""Make the shared helpers of the engine and scoring tests importable from tests/hk
(``enginekit``: arranged walls and scripted play; ``scoring_helpers``: situations from
notation)."""

from __future__ import annotations

import sys
from pathlib import Path

_TESTS = Path(__file__).resolve().parent.parent
for _sub in ("engine", "scoring"):
    _path = str(_TESTS / _sub)
    if _path not in sys.path:
        sys.path.insert(0, _path)

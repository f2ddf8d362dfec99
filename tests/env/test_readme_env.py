"""The README's environment example runs as written."""

from __future__ import annotations

import re
from pathlib import Path

README = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")


def test_environment_example_runs() -> None:
    [code] = [body for lang, body in re.findall(r"```(\w*)\n(.*?)```", README, flags=re.S)
              if lang == "py"]
    scope: dict[str, object] = {}
    exec(compile(code, "README.md", "exec"), scope)
    env = scope["env"]
    assert env.unwrapped.table.hand is not None  # type: ignore[attr-defined]
    assert scope["obs"]["action_mask"].sum() > 0  # type: ignore[index]

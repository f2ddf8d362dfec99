"""The README's examples run: its Python API block executes, and every line of its
``tingpai rules`` samples is a line the command prints (in that order)."""

from __future__ import annotations

import contextlib
import io
import re
import shlex
from pathlib import Path

import pytest

from tingpai.cli import main

README = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"```(\w*)\n(.*?)```", README, flags=re.S)


def test_python_api_example_runs() -> None:
    [code] = [body for lang, body in BLOCKS if lang == "python"]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "README.md", "exec"), {})
    # The Hu scoring line: Fully Outside 4000 + Three-color Sequences 2000 + All Sequences
    # 500 (RULES.md's seed example without its flower), the discarder paying 3x.
    assert "6500" in out.getvalue() and "discarder=19500" in out.getvalue()


def _sessions() -> list[tuple[list[str], list[str]]]:
    """(argv, sample lines) for every ``$ tingpai rules ...`` in the README's blocks."""
    sessions: list[tuple[list[str], list[str]]] = []
    for lang, body in BLOCKS:
        if lang or "$ tingpai rules" not in body:
            continue
        for line in body.splitlines():
            if line.startswith("$ "):
                command = line[2:].split("#")[0]
                sessions.append((shlex.split(command)[1:], []))
            elif line.strip() != "..." and sessions:
                sessions[-1][1].append(line)
    return sessions


@pytest.mark.parametrize(("argv", "sample"), _sessions())
def test_rules_sample_matches_the_command(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, argv: list[str],
    sample: list[str],
) -> None:
    monkeypatch.setenv("COLUMNS", "80")  # the README shows an 80-column terminal
    assert main(argv) == 0
    printed = [line.rstrip() for line in capsys.readouterr().out.splitlines()]
    position = 0
    for line in sample:
        assert line in printed[position:], f"README sample line not printed: {line!r}"
        position = printed.index(line, position) + 1


@pytest.mark.parametrize("path", sorted(set(re.findall(r"payment_table=(\S+\.(?:toml|json))",
                                                       README))))
def test_payment_table_files_named_in_the_readme_exist_and_read(path: str) -> None:
    """A newcomer copying the README's command gets a table, not a missing file."""
    from tingpai.rules import find_ruleset, read_payment_table

    table = read_payment_table(Path(__file__).resolve().parents[2] / path)
    ruleset = find_ruleset("hk-4p", payment_table=table)  # covers every fan from 3 to 10
    assert ruleset.payments(3, False).as_dict()["discarder"] > 0

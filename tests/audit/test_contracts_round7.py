"""Contract audit, round 7: ``tingpai score --json`` and ``tingpai replay - --json`` when
standard input is closed (a tool that starts the command without one: ``<&-``, or a
daemon).  Before, ``sys.stdin`` was None and both commands died with an AttributeError
traceback and exit status 1; DESIGN.md asks for exit status 2 and ``{"error": "..."}`` on
stdout for input that cannot be read."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tingpai.cli import main


def _closed_stdin(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                  argv: list[str]) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", None)
    code = main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


def test_score_json_with_standard_input_closed(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, err = _closed_stdin(capsys, monkeypatch, ["score", "--json"])
    assert code == 2 and "Traceback" not in err
    data = json.loads(out)
    assert set(data) == {"error"} and "standard input is closed" in data["error"]


@pytest.mark.parametrize("json_flag", [True, False])
def test_replay_from_standard_input_closed(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, json_flag: bool
) -> None:
    argv = ["replay", "-", *(["--json"] if json_flag else [])]
    code, out, err = _closed_stdin(capsys, monkeypatch, argv)
    assert code == 2 and "Traceback" not in err
    if json_flag:
        assert "standard input is closed" in json.loads(out)["error"]
    else:
        assert out == "" and err.startswith("error:") and "standard input is closed" in err


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX file descriptors")
def test_a_real_process_with_standard_input_closed() -> None:
    """The same through a real process started with file descriptor 0 closed."""
    for argv in (["score", "--json"], ["replay", "-", "--json"]):
        done = subprocess.run(
            [sys.executable, "-c", "import os, sys; os.close(0); "
             "from tingpai.cli import main; sys.exit(main(sys.argv[1:]))", *argv],
            capture_output=True, text=True, timeout=60, check=False,
        )
        assert done.returncode == 2, done.stderr
        assert "error" in json.loads(done.stdout) and "Traceback" not in done.stderr

"""The Ray backend plays the same games as the serial and process backends."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tingpai.cli import main
from tingpai.sim import ProcessBackend, RayBackend, run_sim, stored_outcomes


def report(**kwargs: Any) -> dict[str, Any]:
    out = run_sim("hu-3p", {}, 6, 4, ["random", "greedy", "random"], **kwargs).to_json()
    return out


def test_ray_serial_and_processes_agree(ray_instance: Any, tmp_path: Path) -> None:
    serial = report()
    pooled = report(backend=ProcessBackend(2, chunk=2))
    on_ray = report(backend=RayBackend(chunk=2), out=tmp_path / "ray")
    timing = on_ray.pop("timing")
    assert (timing["backend"], timing["workers"]) == ("ray", 2)
    serial.pop("timing")
    pooled.pop("timing")
    assert serial == pooled == on_ray
    assert ray_instance.is_initialized()  # an instance it did not start is left running
    report(out=tmp_path / "serial")
    assert list(stored_outcomes(tmp_path / "ray")) == list(stored_outcomes(tmp_path / "serial"))


def test_cli_backend_ray(ray_instance: Any, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["sim", "--json", "--rules", "hu-2p", "--games", "5", "--seed", "2", "--bots",
            "random"]
    assert main(args) == 0
    local = json.loads(capsys.readouterr().out)
    assert main([*args, "--backend", "ray"]) == 0
    remote = json.loads(capsys.readouterr().out)
    assert remote.pop("timing")["backend"] == "ray"
    local.pop("timing")
    assert local == remote


def test_bad_ray_arguments() -> None:
    with pytest.raises(ValueError, match="workers must be at least 1"):
        RayBackend(workers=0)
    with pytest.raises(ValueError, match="chunk must be at least 1"):
        RayBackend(chunk=0)

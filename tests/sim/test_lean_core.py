"""The library core, the simulation and the command line import none of the lab's or the
environments' packages (they are extras): they load only when a run asks for them."""

from __future__ import annotations

import subprocess
import sys

EXTRAS = ("ray", "pyarrow", "matplotlib", "numpy", "gymnasium", "pettingzoo")


def test_core_sim_and_cli_need_no_extra() -> None:
    code = (
        "import sys, tingpai, tingpai.sim, tingpai.sim.balance, tingpai.cli\n"
        "tingpai.cli.build_parser()\n"
        "tingpai.sim.run_sim('hu-2p', {}, 1, 0, 'random')\n"
        f"print(sorted({{m.split('.')[0] for m in sys.modules}} & set({EXTRAS!r})))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"

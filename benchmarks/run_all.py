"""Run every ``benchmarks/bench_*.py`` script in turn (``make bench``).

Each benchmark is a standalone script that prints its own table, including the ratio to the
peers named in its issue.  A failing benchmark is reported and makes the run fail.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def main() -> int:
    """Run the benchmarks named on the command line, or all of them."""
    here = Path(__file__).resolve().parent
    wanted = set(sys.argv[1:])
    scripts = sorted(p for p in here.glob("bench_*.py") if not wanted or p.stem in wanted)
    failed: list[str] = []
    for script in scripts:
        print(f"\n=== {script.stem} ===", flush=True)
        if subprocess.call([sys.executable, str(script)]) != 0:
            failed.append(script.stem)
    if failed:
        print(f"\nfailed: {', '.join(failed)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

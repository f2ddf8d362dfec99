"""The tenth lab audit, of ``arena`` and ``sim`` as a club host reads them: each test fails
on the code it was written against.

* The arena's legend said its rates are "per hand played" and read ``no-win`` as "hands
  that ended ready with no wait a legal win": a host took 60% for 60% of all hands.  The
  rate is among the hands the bot ended ready and not winning (DESIGN.md's
  ``no_pattern_ready_rate``), and the legend now says so.
"""

from __future__ import annotations

import pytest

from tingpai.cli import main


def test_the_arena_legend_names_what_no_win_is_a_share_of(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["arena", "--rules", "hu-2p", "--bots", "random,greedy", "--games", "1"]) == 0
    legend = " ".join(capsys.readouterr().out.split())
    assert ("no-win: of the hands the bot ended ready and not winning, the share with no "
            "wait a legal win") in legend

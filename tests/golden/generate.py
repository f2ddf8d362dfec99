"""Regenerate the golden records: ``.venv/bin/python tests/golden/generate.py``.

Each ``*.json`` file holds a ``record`` and the ``expected`` output of
``tingpai replay --json`` for it; ``tests/engine/test_golden.py`` checks that replaying the
record still gives exactly that.  Regenerate only after a deliberate rules change, and
review the diff.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "engine"))

from enginekit import finish, play  # noqa: E402

from tingpai.bots import play_game  # noqa: E402
from tingpai.engine import Match, arrange_wall, replay  # noqa: E402


def scripted(hands: dict[int, str], draws: str, tail: str, script: tuple[str, ...],
             rules: str = "hu-4p", **options: Any) -> dict[str, Any]:
    m = Match(rules, options)
    hand = m.next_hand(arrange_wall(m.ruleset, hands, draws, tail))
    finish(play(hand, *script))
    return m.record()


CASES: dict[str, tuple[str, Any]] = {
    "hu4p_greedy_3_hands": (
        "three hands of greedy bots, hu-4p, seed 1",
        lambda: play_game(["greedy"] * 4, 1, "hu-4p", max_hands=3).record,
    ),
    "hu3p_mixed_3_hands": (
        "three hands of greedy and random bots, hu-3p, seed 2",
        lambda: play_game(["greedy", "random", "greedy"], 2, "hu-3p", max_hands=3).record,
    ),
    "hu2p_greedy_full_game": (
        "a full hu-2p game of greedy bots, seed 3",
        lambda: play_game(["greedy"] * 2, 3, "hu-2p").record,
    ),
    "hu4p_two_winners_on_one_discard": (
        "seat 0 discards 5m: seats 1 and 3 both win (multiple_winners all), seat 2's pung loses",
        lambda: scripted(
            {0: "5m28m258p258s1234z", 1: "46m123456789p11s", 2: "55m1379m1234567z",
             3: "46m123456789s99p"},
            "6z", "", ("0 discard 5m", "2 pung", "1 ron", "3 ron"),
        ),
    ),
    "hu4p_robbing_the_kong": (
        "seat 0 adds 4p to its pung; seat 1 (waiting 4p/7p) robs it; seat 0 pays",
        lambda: scripted(
            {0: "44p19m19s1234567z", 1: "56p123m456m789m1s9p", 2: "238m348p238s2367z"},
            "5z" "1s" "6s" "7s" "6m" "9s" "4p", "3m",
            ("0 cut", "1 discard 9p", "2 discard 4p", "0 pung", "0 discard 1m", "1 cut",
             "2 cut", "3 cut", "0 akong 4p", "1 ron"),
        ),
    ),
    "hu4p_eight_immortals_by_discard": (
        "seat 1 has seven flowers declared; seat 0 declares the eighth and seat 1 wins on it",
        lambda: scripted(
            {0: "8f147m258p369s123z", 1: "1234567f123m456p"},
            "5s" "3s" "4s" "6s" "7s", "2345678p" "9m",
            ("0 cut", *(f"1 flower {d}f" for d in "1234567"), "1 cut", "2 cut", "3 cut",
             "0 flower 8f", "1 ron"),
        ),
    ),
    "hu4p_ready_payments_at_the_pond_limit": (
        "pond limit 2: nobody wins the limit discard; seats 1 and 3 are ready",
        lambda: scripted(
            {0: "5m28m258p258s1234z", 1: "46m123456789p11s", 2: "55m1379m1234567z",
             3: "46m123456789s99p"},
            "6z" "3s" "8s" "7s" "5z", "",
            ("0 discard 1z", "1 cut", "2 cut", "3 cut", "0 discard 5m"),
            pond_limit=2,
        ),
    ),
}


def main() -> None:
    for name, (description, make) in CASES.items():
        record = make()
        expected = replay(record).to_json()
        data = {"description": description, "record": record, "expected": expected}
        (HERE / f"{name}.json").write_text(json.dumps(data, indent=1) + "\n")
        print(name, expected["scores"])


if __name__ == "__main__":
    main()

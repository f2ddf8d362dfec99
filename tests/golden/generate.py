"""Regenerate the golden records, one command: ``.venv/bin/python tests/golden/generate.py``.

Each ``*.json`` file holds a ``description``, a ``record`` (``tingpai-record/1``) and the
``expected`` output of ``tingpai replay --json`` for it; the conformance suite
(``tests/conformance/test_golden_records.py``) checks that replaying every record still gives
exactly that.  Two kinds of record:

* scripted deals (arranged walls and actions) that exercise each table's special mechanisms:
  multiple winners and head bump, robbing a kong, Eight Immortals, ready payments at the pond
  limit, pao (third dragon meld, fourth meld), the final wall tile, a win on a kong
  replacement, limit hands, the ``hk-2p`` golden table, fan-laak payments with ``others`` and
  its point limit;
* one whole game of greedy bots for every registered ruleset (``game_<id>.json``; one round
  at tables that play four), test-registered variants included.

Regenerate after a deliberate rules change (a pattern renamed, a payment changed) and review
the diff: every changed number must have a reason.  The whole directory is rewritten, so a
record whose case was removed disappears.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
for _sub in ("engine", "conformance"):
    sys.path.insert(0, str(HERE.parent / _sub))

from conformancekit import conformance_ids, whole_game_options  # noqa: E402
from enginekit import cut_to_the_end, finish, play  # noqa: E402

import tingpai  # noqa: E402
from tingpai.bots import play_game  # noqa: E402
from tingpai.engine import Hand, Match, arrange_wall, replay  # noqa: E402

Step = str | Callable[[Hand], None]
"""A scripted action (``enginekit.play`` notation) or a function that plays several."""


def scripted(rules: str, hands: dict[int, str], draws: str, tail: str,
             script: tuple[Step, ...], **options: Any) -> dict[str, Any]:
    """The record of one hand dealt from an arranged wall and played by ``script``."""
    match = Match(rules, options)
    hand = match.next_hand(arrange_wall(match.ruleset, hands, draws, tail))
    for step in script:
        if isinstance(step, str):
            play(hand, step)
        else:
            step(hand)
    finish(hand)
    assert hand.is_over, f"{rules}: the script leaves the hand unfinished"
    return match.record()


def bot_game(rules: str) -> dict[str, Any]:
    """A whole game of greedy bots (seed 3)."""
    options = whole_game_options(rules)
    players = tingpai.find_ruleset(rules, **options).options.players
    run = play_game(["greedy"] * players, 3, rules, options)
    assert run.result.over
    return run.record


# --- deals shared by several cases --------------------------------------------------------

FOUR_WAITS = {0: "5m28m258p258s1234z", 1: "46m123456789p11s", 2: "55m1379m1234567z",
              3: "46m123456789s99p"}
"""Hu: seats 1 and 3 wait on 5m, seat 2 can pung it."""
HK_JUNK = ("147m258p369s2347z", "258m369p147s2357z", "369m147p258s2346z")
"""Hands that never get ready: each seat only ever discards the tile it draws."""
HK_WAIT_5M = "46m123m789m111z22z"
"""Half Flush 3 + Prevailing Wind (East) 1 + Closed Hand 1 = 5 fan on 5m."""
HK_WAIT_5M_B = "46m123m789m333z44z"
"""Half Flush 3 + Closed Hand 1 = 4 fan on 5m."""
DRAGONS = {0: "5z147m258p369s123z", 1: "55z66z77z123m45p99p", 2: "67z147m258p369s12z",
           3: "3p258m147p369s4s34z"}
"""Seat 1 pungs the three dragons, the last two from seat 2 (liable: pao)."""
DRAGON_SCRIPT = ("0 discard 5z", "1 pung", "1 discard 1m", "2 discard 6z", "1 pung",
                 "1 discard 2m", "2 discard 7z", "1 pung", "1 discard 3m", "2 cut")
FOURTH = {0: "1247m258p39s1236z", 1: "22m33p44s66s8m1p9s57z", 2: "1359m3679p1468s4z",
          3: "2468m1458p257s35z"}
"""Seat 1 pungs four times, the last three from seat 2 (fourth meld: pao on self-draw)."""
FOURTH_SCRIPT = ("0 discard 2m", "1 pung", "1 discard 1p", "2 discard 3p", "1 pung",
                 "1 discard 9s", "2 discard 4s", "1 pung", "1 discard 5z", "2 discard 6s",
                 "1 pung", "1 discard 7z", "2 cut", "3 cut", "0 cut", "1 tsumo")
ROBBING = {0: "5p46p222z555z111m7z", 1: "555p23p78p99m33z44z", 2: "46p111s999s666z11z",
           3: "34p999p777p888p44z"}
"""Seat 1 pungs 5p and adds its fourth; seats 2, 3 and 0 wait on 5p (the perft deal)."""
HK2P_DEALER = "1m9m1s9s1p5p7p2z3z4z5z6z7z"
HK2P_WAIT_5P = "46p123p789p111z22z"
"""``hk-2p`` seat 1: Half Flush 3 + Prevailing Wind 1 + Closed Hand 1 = 5 fan on 5p."""

CASES: dict[str, tuple[str, Callable[[], dict[str, Any]]]] = {
    # --- Hu --------------------------------------------------------------------------
    "hu4p_two_winners_on_one_discard": (
        "seat 0 discards 5m: seats 1 and 3 both win (multiple_winners all), seat 2's pung loses",
        lambda: scripted("hu-4p", FOUR_WAITS, "6z", "",
                         ("0 discard 5m", "2 pung", "1 ron", "3 ron")),
    ),
    "hu4p_robbing_the_kong": (
        "seat 0 adds 4p to its pung; seat 1 (waiting 4p/7p) robs it; seat 0 pays",
        lambda: scripted(
            "hu-4p",
            {0: "44p19m19s1234567z", 1: "56p123m456m789m1s9p", 2: "238m348p238s2367z"},
            "5z" "1s" "6s" "7s" "6m" "9s" "4p", "3m",
            ("0 cut", "1 discard 9p", "2 discard 4p", "0 pung", "0 discard 1m", "1 cut",
             "2 cut", "3 cut", "0 akong 4p", "1 ron"),
        ),
    ),
    "hu4p_eight_immortals_by_discard": (
        "seat 1 has seven flowers declared; seat 0 declares the eighth and seat 1 wins on it",
        lambda: scripted(
            "hu-4p", {0: "8f147m258p369s123z", 1: "1234567f123m456p"},
            "5s" "3s" "4s" "6s" "7s", "2345678p" "9m",
            ("0 cut", *(f"1 flower {d}f" for d in "1234567"), "1 cut", "2 cut", "3 cut",
             "0 flower 8f", "1 ron"),
        ),
    ),
    "hu4p_ready_payments_at_the_pond_limit": (
        "pond limit 2: nobody wins the limit discard; seats 1 and 3 are ready",
        lambda: scripted("hu-4p", FOUR_WAITS, "6z" "3s" "8s" "7s" "5z", "",
                         ("0 discard 1z", "1 cut", "2 cut", "3 cut", "0 discard 5m"),
                         pond_limit=2),
    ),
    # --- Hong Kong, MahJongo table ---------------------------------------------------
    "hk4p_pao_third_dragon": (
        "seat 2's discards complete seat 1's three dragon pungs; seat 3 discards the winning "
        "3p and seat 2 (liable) pays the 10-fan limit instead of the discarder",
        lambda: scripted("hk-4p", DRAGONS, "8s" "8m" "9m" "7s" "6m", "",
                         (*DRAGON_SCRIPT, "3 discard 3p", "1 ron")),
    ),
    "hk4p_pao_fourth_meld_self_draw": (
        "seat 2's discard completes seat 1's fourth declared meld; seat 1 self-draws and "
        "seat 2 pays the whole self-draw (All Pungs + Self-Draw, 4 fan: 32 x 3)",
        lambda: scripted("hk-4p", FOURTH, "9p" "2s" "3s" "7s" "5s" "6p" "9m" "8m", "",
                         FOURTH_SCRIPT),
    ),
    "hk4p_head_bump": (
        "seat 2 discards 5m; seats 1 and 3 both claim the win; seat 3, first after the "
        "discarder, wins alone",
        lambda: scripted(
            "hk-4p",
            {0: "258m147p369s5677z", 1: HK_WAIT_5M_B, 2: "5m147m258p369s367z", 3: HK_WAIT_5M},
            "1s" "2s" "3s", "", ("0 cut", "1 cut", "2 discard 5m", "1 ron", "3 ron"),
        ),
    ),
    "hk4p_final_wall_tile": (
        "every seat cuts until the wall is empty; seat 3 self-draws the final tile (Win on "
        "the Final Wall Tile)",
        lambda: scripted("hk-4p", {0: HK_JUNK[0], 1: HK_JUNK[1], 2: HK_JUNK[2],
                                   3: "123m456m789m111z7z"},
                         "", "7z", (cut_to_the_end, "3 tsumo")),
    ),
    "hk4p_blessing_of_heaven": (
        "the dealer is complete on its initial fourteen: Blessing of Heaven, a limit hand",
        lambda: scripted("hk-4p", {0: "123m456m789m11p56p"}, "7p", "", ("0 tsumo",)),
    ),
    "hk4p_kong_replacement_win": (
        "seat 1 kongs the dealer's 5z and self-draws 9p on the replacement (White, Self-Draw, "
        "Win on a Kong Replacement: 3 fan)",
        lambda: scripted("hk-4p", {0: "5z1m9m1s9s1p4p7p2z3z4z6z7z", 1: "555z123p456p78p99m"},
                         "1z", "9p", ("0 discard 5z", "1 kong", "1 tsumo")),
    ),
    "hk4p_robbing_the_kong_head_bump": (
        "seat 1 pungs 5p and adds its fourth; seats 2, 3 and 0 all rob it and seat 2, first "
        "after the konger, wins (Robbing a Kong); seat 1 pays as the discarder",
        lambda: scripted("hk-4p", ROBBING, "7z", "6p",
                         ("0 discard 5p", "1 pung", "1 akong 5p", "2 ron", "3 ron", "0 ron")),
    ),
    "hk2p_golden_discard_win": (
        "hk-2p: seat 1 wins on the dealer's 5p (5 fan); on the golden table the single "
        "opponent pays the four-player discard amount",
        lambda: scripted("hk-2p", {0: HK2P_DEALER, 1: HK2P_WAIT_5P}, "8p" "9p", "",
                         ("0 cut", "1 cut", "0 discard 5p", "1 ron")),
    ),
    "hk2p_golden_self_draw": (
        "hk-2p: seat 1 self-draws 5p (6 fan); the single opponent pays three self-draw shares",
        lambda: scripted("hk-2p", {0: HK2P_DEALER, 1: HK2P_WAIT_5P}, "8p" "5p", "",
                         ("0 cut", "1 tsumo")),
    ),
    # --- Hong Kong, fan-laak table ---------------------------------------------------
    "fanlaak_discard_win_with_others": (
        "fan-laak: seat 3 wins 3 fan on seat 2's 5m: the discarder pays 16, each other "
        "loser 8 (the seed's 8 + 8 + 16)",
        lambda: scripted(
            "hk-fanlaak", {0: "258m147p369s5677z", 2: "5m147m258p369s367z", 3: HK_WAIT_5M},
            "1s" "2s" "3s", "", ("0 cut", "1 cut", "2 discard 5m", "3 ron"),
        ),
    ),
    "fanlaak_earth_ends_at_the_point_limit": (
        "fan-laak with point_limit 200 and stake 5: seat 1 wins on the dealer's first "
        "discard (Blessing of Earth, a limit hand: 128 + 64 + 64) and the game ends",
        lambda: scripted("hk-fanlaak", {0: "5m147m258p369s246z", 1: HK_WAIT_5M}, "1s", "",
                         ("0 discard 5m", "1 ron"), point_limit=200, stake=5),
    ),
    "fanlaak0_chicken_hand": (
        "hk-fanlaak-0: a Chicken Hand (no fan) wins: 1 point, the discarder paying 2",
        lambda: scripted(
            "hk-fanlaak-0",
            {0: "147m258p369s2346z", 1: "46m111p456p789s11s", 3: "5m147m258p369s367z"},
            "1s" "2s" "3s" "5z" "5s", "", ("0 cut", "1 cut", "2 cut", "3 discard 5m", "1 ron"),
        ),
    ),
}
"""Scripted cases by file name: (description, record builder)."""


def all_cases() -> dict[str, tuple[str, Callable[[], dict[str, Any]]]]:
    """The scripted cases and one bot game per registered ruleset."""
    cases = dict(CASES)
    for rid in conformance_ids():
        cases[f"game_{rid}"] = (
            f"a whole game of greedy bots at {rid} (seed 3"
            + (", one round)" if whole_game_options(rid) else ")"),
            lambda rid=rid: bot_game(rid),  # type: ignore[misc]
        )
    return cases


def dump(value: Any, indent: str = "") -> str:
    """JSON with one line per flat object or list (an action, a score list), so diffs stay
    readable and bot games stay small."""
    flat = not any(isinstance(v, dict | list) for v in (
        value.values() if isinstance(value, dict) else value
    )) if isinstance(value, dict | list) else True
    if flat:
        return json.dumps(value, ensure_ascii=False)
    inner = indent + " "
    if isinstance(value, dict):
        items = [f"{inner}{json.dumps(k)}: {dump(v, inner)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + indent + "}"
    return "[\n" + ",\n".join(inner + dump(v, inner) for v in value) + "\n" + indent + "]"


def main() -> None:
    for old in HERE.glob("*.json"):
        old.unlink()
    for name, (description, make) in all_cases().items():
        record = make()
        expected = replay(record).to_json()
        data = {"description": description, "record": record, "expected": expected}
        (HERE / f"{name}.json").write_text(dump(data) + "\n")
        print(f"{name}: {len(record['hands'])} hands, scores {expected['scores']}")


if __name__ == "__main__":
    main()

"""The end of the wall at the Hong Kong tables (no pond limit, no dead wall).

RULES.md: replacement tiles come from the tail; the hand is an exhaustive draw when a draw is
due and no tile is left; no payment at exhaustive draw.  A win on the final wall tile scores
(``hk-4p``: Win on the Final Wall Tile, self-drawn; fan-laak: Last Tile Draw/Discard, also
on the discard after it).  The discard made with the wall empty can only be won on.
"""

from __future__ import annotations

from enginekit import cut_to_the_end, deal, finish, pattern_ids, play

from tingpai.engine import Hand, Phase

WAITS_7Z = "123m456m789m111z7z"  # half flush, East pung, waiting on the Red dragon alone
JUNK = ("147m258p369s2347z", "258m369p147s2357z", "369m147p258s2346z", "147m258p369s2346z")
"""Hands that never get ready: each seat only ever discards the tile it draws."""


def test_self_draw_on_the_final_wall_tile() -> None:
    # 84 draws after the deal: the last one is seat 3's; the final tile is its 7z.
    hand = deal({0: JUNK[0], 1: JUNK[1], 2: JUNK[2], 3: WAITS_7Z}, tail="7z", rid="hk-4p")
    cut_to_the_end(hand)
    assert hand.wall_left == 0 and hand.actor == 3
    play(hand, "3 tsumo")
    r = hand.result
    assert r is not None
    # Half Flush 3 + Prevailing Wind 1 + Closed Hand 1 + Self-Draw 1 + Final Tile 1 = 7
    assert pattern_ids(hand) == ["closed_hand", "self_draw", "prevailing_wind", "last_tile",
                                 "half_flush"]
    assert r.deltas == (-96, -96, -96, 288)


def _last_discard(rid: str) -> Hand:
    # The dealer waits on 7z; seat 3 draws the final tile, 7z, and discards it.
    hand = deal({0: WAITS_7Z, 1: JUNK[1], 2: JUNK[2], 3: JUNK[0]}, tail="7z", rid=rid)
    cut_to_the_end(hand)
    play(hand, "3 cut")
    return hand


def test_the_discard_after_the_final_tile_is_not_the_final_tile_at_hk_4p() -> None:
    hand = finish(play(_last_discard("hk-4p"), "0 ron"))
    r = hand.result
    assert r is not None
    # Half Flush 3 + Seat Wind 1 + Prevailing Wind 1 + Closed Hand 1 = 6: no final-tile fan
    assert pattern_ids(hand) == ["closed_hand", "seat_wind", "prevailing_wind", "half_flush"]
    assert r.deltas == (128, 0, 0, -128)


def test_the_discard_after_the_final_tile_scores_last_tile_at_fan_laak() -> None:
    hand = finish(play(_last_discard("hk-fanlaak"), "0 ron"))
    r = hand.result
    assert r is not None
    # Seat Wind 1 + Prevalent Wind 1 + Last Tile 1 + Half Flush 2 = 5 fan: 16 points
    assert pattern_ids(hand) == ["seat_wind", "prevailing_wind", "last_tile", "half_flush"]
    assert r.deltas == (64, -16, -16, -32)  # 16 + 16 + 32


def test_the_last_discard_can_only_be_won_on() -> None:
    hand = _last_discard("hk-4p")
    assert hand.phase is Phase.CLAIMS and hand.to_act() == (0,)
    assert {a.kind.value for a in hand.legal_actions(0)} == {"pass", "ron"}
    play(hand, "0 pass")
    r = hand.result
    assert r is not None and r.exhaustive and not r.winners
    assert r.deltas == (0, 0, 0, 0)


def test_exhaustive_draw_pays_nothing() -> None:
    hand = deal({s: JUNK[s] for s in range(4)}, rid="hk-4p")
    assert hand.observe(0).pond_left is None
    cut_to_the_end(hand)
    play(hand, f"{hand.actor} cut")  # the discard made with the wall empty
    finish(hand)
    r = hand.result
    assert r is not None and r.exhaustive and not r.winners
    assert hand.wall_left == 0 and r.deltas == (0, 0, 0, 0)
    assert sum(len(hand.pond(s)) for s in range(4)) == 136 - 52


def test_kong_with_the_wall_empty_ends_the_hand() -> None:
    # Seat 3 holds three 9p and draws the fourth as the final tile: its kong needs a
    # replacement that does not exist, so the hand is an exhaustive draw.
    hand = deal({0: JUNK[0], 1: JUNK[2], 2: JUNK[3], 3: "999p258m147s1234z"}, tail="9p",
                rid="hk-4p")
    cut_to_the_end(hand)
    assert hand.actor == 3 and "ckong" in {a.kind.value for a in hand.legal_actions(3)}
    play(hand, "3 ckong 9p")
    r = hand.result
    assert r is not None and r.exhaustive and r.deltas == (0, 0, 0, 0)

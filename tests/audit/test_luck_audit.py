"""Audit: the luck / timing flags the engine derives during play (replacement chain,
last tile, blessings, robbing the kong, dealer repeats) as seen through replayed records.

Every expected total below was worked out by hand from /work/shared/RULES.md and the seeds
before running.  Walls are built with :class:`Deal` from the Hu engine audit (hands in deal
order, head draws in order, tail = replacement tiles in the order drawn).
"""

from __future__ import annotations

from typing import Any

from audit.test_hu_audit_engine import A, Deal, illegal, ok, record

# far-from-ready filler hands (no pairs, no runs usable for chows of the winner's waits)
F1 = "19p 19s 9m 1234z 56z 5m 5p"
F2 = "19p 19s 9m 1234z 56z 6m 6p"
F3 = "19p 19s 1234z 56z 7m 7p 8m"
WIN = "234p 678s 34s 77z 555m"  # ready on 2s / 5s (Hu: Fully Concealed on self-draw)


def winners(out: dict[str, Any], h: int = 0) -> list[dict[str, Any]]:
    return list(out["hands"][h]["winners"])


def one(out: dict[str, Any], h: int = 0) -> tuple[int, int, set[str], list[int]]:
    ws = winners(out, h)
    assert len(ws) == 1, ws
    w = ws[0]
    return w["seat"], w["total"], {p["id"] for p in w["patterns"]}, out["hands"][h]["deltas"]


def hu(d: Deal, **kw: Any) -> dict[str, Any]:
    return ok(record([d.hand()], **kw))


# ======================================================================================
# Hu: After a Kong
# "After a Kong stacks per consecutive replacement in the chain that produced the winning
#  tile: 1000 per kong replacement, 500 per flower replacement (kong then flower then win =
#  1500)."
# ======================================================================================
def _ckong_deal(tail: str = "2s", dealer: int = 0) -> Deal:
    hands = {0: "1111m 234p 678s 34s 7z", 1: F1, 2: F2, 3: F3}
    if dealer:
        hands = {(s + dealer) % 4: h for s, h in hands.items()}
    return Deal(hands, tail=tail, dealer=dealer, avoid="2s5s7z")


def test_hu_concealed_kong_replacement_win() -> None:
    """Dealer: ckong 1m, replacement 2s wins.  Fully Concealed 500 + One Quad 500 + After a
    Kong 1000 = 2000 (no Blessing of Heaven: a kong was declared).  Each pays 2000."""
    d = _ckong_deal()
    d.draw("7z")
    d.do(A(0, "ckong", "1m"), A(0, "tsumo"))
    seat, total, ids, deltas = one(hu(d))
    assert (seat, total) == (0, 2000)
    assert ids == {"fully_concealed", "one_quad", "after_a_kong"}
    assert deltas == [6000, -2000, -2000, -2000]


def test_hu_added_kong_replacement_win() -> None:
    """Seat 1 pungs 1m, later adds the drawn 1m (akong), replacement 2s wins.
    One Quad 500 + After a Kong 1000 = 1500 (open hand: no Fully Concealed)."""
    d = Deal({0: F1.replace("9m", "8p"), 1: "11m 234p 678s 34s 77z 9p", 2: F2, 3: F3},
             tail="2s", avoid="2s5s7z1m")
    d.cut(0, "1m")
    d.do(A(1, "pung"), A(1, "discard", "9p"))
    d.cut(2)
    d.cut(3)
    d.cut(0)
    d.draw("1m")
    d.do(A(1, "akong", "1m"), A(1, "tsumo"))
    seat, total, ids, deltas = one(hu(d))
    assert (seat, total) == (1, 1500)
    assert ids == {"one_quad", "after_a_kong"}
    assert deltas == [-1500, 4500, -1500, -1500]


def test_hu_exposed_kong_replacement_win() -> None:
    """Seat 1 kongs the dealer's 1m (exposed), replacement 2s wins by self-draw.
    One Quad 500 + After a Kong 1000 = 1500, each pays 1500."""
    d = Deal({0: F1.replace("9m", "8p"), 1: "111m 234p 678s 34s 77z", 2: F2, 3: F3},
             tail="2s", avoid="2s5s7z1m")
    d.cut(0, "1m")
    d.do(A(1, "kong"), A(1, "tsumo"))
    seat, total, ids, deltas = one(hu(d))
    assert (seat, total) == (1, 1500)
    assert ids == {"one_quad", "after_a_kong"}
    assert deltas == [-1500, 4500, -1500, -1500]


def test_hu_kong_then_flower_then_win_1500() -> None:
    """ckong 1m -> replacement 1f -> flower 1f -> replacement 2s wins.  After a Kong 1500 +
    Fully Concealed 500 + One Quad 500 + Flower 100 = 2600."""
    d = _ckong_deal(tail="1f 2s")
    d.draw("7z")
    d.do(A(0, "ckong", "1m"), A(0, "flower", "1f"), A(0, "tsumo"))
    seat, total, ids, _ = one(hu(d))
    assert (seat, total) == (0, 2600)
    assert {"after_a_kong", "fully_concealed", "one_quad", "flower_tile"} == ids


def test_hu_flower_flower_win_1000() -> None:
    """Dealer's second turn: draws 1f, flower -> 2f, flower -> 2s wins.  After a Kong
    500+500 = 1000 + Fully Concealed 500 + Flowers 200 = 1700; each pays 1700."""
    d = Deal({0: WIN, 1: F1, 2: F2, 3: F3}, tail="2f 2s", avoid="2s5s5m7z")
    for s in range(4):
        d.cut(s)
    d.draw("1f")
    d.do(A(0, "flower", "1f"), A(0, "flower", "2f"), A(0, "tsumo"))
    seat, total, ids, deltas = one(hu(d))
    assert (seat, total) == (0, 1700)
    assert ids == {"after_a_kong", "fully_concealed", "flower_tile"}
    assert deltas == [5100, -1700, -1700, -1700]


def test_hu_kong_kong_win_2000() -> None:
    """ckong 1m -> replacement 2p (4th) -> ckong 2p -> replacement 2s wins.  After a Kong
    2000 + Two Quads 2000 + Fully Concealed 500 = 4500."""
    d = Deal({0: "1111m 222p 678s 34s 7z", 1: F1, 2: F2, 3: F3}, tail="2p 2s",
             avoid="2s5s7z")
    d.draw("7z")
    d.do(A(0, "ckong", "1m"), A(0, "ckong", "2p"), A(0, "tsumo"))
    seat, total, ids, _ = one(hu(d))
    assert (seat, total) == (0, 4500)
    assert ids == {"after_a_kong", "two_quads", "fully_concealed"}


def test_hu_chain_broken_by_discard_and_kept_flower() -> None:
    """ckong 1m -> replacement 3f kept undeclared; discard 9p.  Next turn: draw 7z, flower
    3f -> replacement 9m, discard 9m (chain broken).  Next turn: normal draw 2s wins.
    No After a Kong: Fully Concealed 500 + One Quad 500 + Flower 100 = 1100."""
    d = Deal({0: "1111m 234p 678s 34s 7z", 1: F1.replace("9m", "8p"), 2: F2, 3: F3},
             tail="3f 9m", avoid="2s5s7z9p")
    d.draw("9p")
    d.do(A(0, "ckong", "1m"), A(0, "discard", "9p"))
    for s in (1, 2, 3):
        d.cut(s)
    d.draw("7z")
    d.do(A(0, "flower", "3f"), A(0, "discard", "9m"))
    for s in (1, 2, 3):
        d.cut(s)
    d.draw("2s")
    d.do(A(0, "tsumo"))
    seat, total, ids, _ = one(hu(d))
    assert (seat, total) == (0, 1100)
    assert ids == {"fully_concealed", "one_quad", "flower_tile"}


# ======================================================================================
# Hu: Winning on the Last Draw / Last Discard
# "'Last draw': any draw (replacement draws included) by a player whose pond holds
#  limit - 1 tiles. A self-draw win on it scores Winning on the Last Draw."
# "the discard that reaches the limit can still be won on (Winning on the Last Discard)"
# ======================================================================================
def _rounds(d: Deal, n: int) -> None:
    for _ in range(n):
        for s in range(4):
            d.cut(s)


def test_hu_last_draw_pond_17() -> None:
    """Dealer's pond holds 17; its next draw 2s wins: Fully Concealed 500 + Last Draw 1000
    = 1500."""
    d = Deal({0: WIN, 1: F1, 2: F2, 3: F3}, avoid="2s5s5m7z")
    _rounds(d, 17)
    d.draw("2s")
    d.do(A(0, "tsumo"))
    seat, total, ids, _ = one(hu(d))
    assert (seat, total) == (0, 1500)
    assert ids == {"fully_concealed", "last_tile"}


def test_hu_no_last_draw_at_pond_16() -> None:
    """Pond of 16: the draw is not the last one.  Fully Concealed 500 only."""
    d = Deal({0: WIN, 1: F1, 2: F2, 3: F3}, avoid="2s5s5m7z")
    _rounds(d, 16)
    d.draw("2s")
    d.do(A(0, "tsumo"))
    assert one(hu(d))[1:3] == (500, {"fully_concealed"})


def test_hu_last_draw_on_a_replacement_stacks() -> None:
    """Pond 17, normal draw 1f, flower -> replacement 2s wins (a replacement draw by a
    player whose pond holds 17 is a last draw): Fully Concealed 500 + After a Kong 500 +
    Last Draw 1000 + Flower 100 = 2100."""
    d = Deal({0: WIN, 1: F1, 2: F2, 3: F3}, tail="2s", avoid="2s5s5m7z")
    _rounds(d, 17)
    d.draw("1f")
    d.do(A(0, "flower", "1f"), A(0, "tsumo"))
    seat, total, ids, _ = one(hu(d))
    assert (seat, total) == (0, 2100)
    assert ids == {"fully_concealed", "after_a_kong", "last_tile", "flower_tile"}


SEQ = "234p 678s 34s 77z 567m"  # All Sequences 500, waits 2s / 5s


def test_hu_last_discard_ron() -> None:
    """The dealer's 18th discard (2s) reaches the limit; seat 1 rons: All Sequences 500 +
    Last Discard 1000 = 1500, dealer pays 4500."""
    d = Deal({0: F1, 1: SEQ, 2: F2, 3: F3}, avoid="2s5s7z")
    _rounds(d, 17)
    d.cut(0, "2s")
    d.do(A(1, "ron"))
    seat, total, ids, deltas = one(hu(d))
    assert (seat, total) == (1, 1500)
    assert ids == {"all_sequences", "last_tile"}
    assert deltas == [-4500, 4500, 0, 0]


def test_hu_ron_before_last_discard_no_bonus() -> None:
    """The dealer's 17th discard is not the last: All Sequences 500, dealer pays 1500."""
    d = Deal({0: F1, 1: SEQ, 2: F2, 3: F3}, avoid="2s5s7z")
    _rounds(d, 16)
    d.cut(0, "2s")
    d.do(A(1, "ron"))
    seat, total, ids, deltas = one(hu(d))
    assert (seat, total, ids) == (1, 500, {"all_sequences"})
    assert deltas == [-1500, 1500, 0, 0]


# ======================================================================================
# Hu: Blessings
# "Blessing of Heaven: dealer complete before the first discard with no kong declared
#  (flower replacements allowed). Blessing of Earth: a non-dealer, ready after the deal
#  (flower replacements allowed), self-draws the win on the first draw, and nobody made any
#  call or kong before that draw."
# ======================================================================================
def test_hu_heaven_plain() -> None:
    """Dealer complete on 14: Heaven 8000 (limit), each pays 8000."""
    d = Deal({0: WIN, 1: F1, 2: F2, 3: F3})
    d.draw("2s")
    d.do(A(0, "tsumo"))
    seat, total, ids, deltas = one(hu(d))
    assert (seat, total) == (0, 8000)
    assert "blessing_of_heaven" in ids
    assert deltas == [24000, -8000, -8000, -8000]


def test_hu_heaven_after_flower_replacement() -> None:
    """Dealer dealt 234p 678s 234s 7z 55m 1f, draws 5m, flower 1f -> 7z completes before
    the first discard: Heaven 8000."""
    d = Deal({0: "234p 678s 234s 7z 55m 1f", 1: F1.replace("5m", "8p"), 2: F2, 3: F3},
             tail="7z")
    d.draw("5m")
    d.do(A(0, "flower", "1f"), A(0, "tsumo"))
    seat, total, ids, _ = one(hu(d))
    assert (seat, total) == (0, 8000)
    assert "blessing_of_heaven" in ids


def test_hu_earth_plain() -> None:
    """Seat 1 self-draws the win on its first draw: Earth 8000, each pays 8000."""
    d = Deal({0: F1, 1: WIN, 2: F2, 3: F3}, avoid="2s5s5m7z")
    d.cut(0)
    d.draw("2s")
    d.do(A(1, "tsumo"))
    seat, total, ids, deltas = one(hu(d))
    assert (seat, total) == (1, 8000)
    assert "blessing_of_earth" in ids
    assert deltas == [-8000, 24000, -8000, -8000]


def test_hu_earth_with_flower_replacement() -> None:
    """Seat 1 dealt 234p 678s 34s 77z 55m 1f; first draw 2s, flower 1f -> 5m wins in its
    first turn: Earth 8000 (flower replacements allowed)."""
    d = Deal({0: F1.replace("5m", "8p"), 1: "234p 678s 34s 77z 55m 1f", 2: F2, 3: F3},
             tail="5m", avoid="2s5s5m7z")
    d.cut(0)
    d.draw("2s")
    d.do(A(1, "flower", "1f"), A(1, "tsumo"))
    seat, total, ids, _ = one(hu(d))
    assert (seat, total) == (1, 8000)
    assert "blessing_of_earth" in ids


def test_hu_earth_denied_after_preceding_chow() -> None:
    """Seat 1 chows the dealer's 2m; seat 2 then self-draws on its first draw: no Earth.
    Fully Concealed 500, each pays 500."""
    d = Deal({0: F1, 1: "19p 19s 1234z 56z 34m 8p", 2: WIN, 3: F3}, avoid="2s5s5m7z")
    d.cut(0, "2m")
    d.do(A(1, "chow", tiles_="234m"), A(1, "discard", "8p"))
    d.draw("2s")
    d.do(A(2, "tsumo"))
    seat, total, ids, deltas = one(hu(d))
    assert (seat, total, ids) == (2, 500, {"fully_concealed"})
    assert deltas == [-500, -500, 1500, -500]


def test_hu_earth_denied_after_pung() -> None:
    """Seat 3 pungs the dealer's first discard 6m; seat 1's first draw then wins: no Earth
    (a call was made before that draw).  Fully Concealed 500."""
    d = Deal({0: F1, 1: WIN, 2: F3, 3: "19p 19s 1234z 56z 66m 8p"}, avoid="2s5s5m7z6m")
    d.cut(0, "6m")
    d.do(A(3, "pung"), A(3, "discard", "8p"))
    d.cut(0)
    d.draw("2s")
    d.do(A(1, "tsumo"))
    seat, total, ids, _ = one(hu(d))
    assert (seat, total, ids) == (1, 500, {"fully_concealed"})


def test_hu_earth_denied_after_dealer_concealed_kong() -> None:
    """The dealer declares a concealed kong before its first discard; seat 1's first draw
    wins: no Earth ("nobody made any call or kong before that draw").  500."""
    d = Deal({0: "8888p 19s 9m 1234z 56z", 1: WIN, 2: F2, 3: F3}, tail="9p",
             avoid="2s5s5m7z")
    d.draw()
    d.do(A(0, "ckong", "8p"), A(0, "discard", "9p"))
    d.draw("2s")
    d.do(A(1, "tsumo"))
    seat, total, ids, _ = one(hu(d))
    assert (seat, total, ids) == (1, 500, {"fully_concealed"})


# ======================================================================================
# Hu: Robbing the Kong
# "Robbing the Kong applies to added kongs only; it is a win by discard, paid by the konger."
# ======================================================================================
def _seat2_robs_added_5p(seat2: str, **deal: Any) -> Deal:
    """Seat 1 pungs seat 0's 5p, later adds the drawn 4th 5p; seat 2 (holding ``seat2``,
    which draws 4p to wait on 5p) answers the added kong with ``ron``."""
    d = Deal({0: F3, 1: "55p 19s 9m 1234z 56z 1p 8m", 2: seat2, 3: F2}, **deal)
    d.cut(0, "5p")
    d.do(A(1, "pung"), A(1, "discard", "8m"))
    d.draw("4p")
    d.do(A(2, "discard", "1z"))
    d.cut(3)
    d.cut(0)
    d.draw("5p")
    d.do(A(1, "akong", "5p"), A(2, "ron"))
    return d


def test_hu_robbing_added_kong() -> None:
    """Seat 1 pungs 5p, later adds the 4th 5p; seat 2 (123m 456s 789s 34p 77z) robs it:
    All Sequences 500 + Robbing 1000 = 1500, the konger pays x3 = 4500."""
    d = _seat2_robs_added_5p("123m 456s 789s 3p 77z 1z", avoid="2p5p7z")
    seat, total, ids, deltas = one(hu(d))
    assert (seat, total) == (2, 1500)
    assert ids == {"all_sequences", "robbing_the_kong"}
    assert deltas == [0, -4500, 4500, 0]


def test_hu_no_robbing_a_concealed_kong() -> None:
    """A concealed kong of 5p cannot be robbed by a seat waiting on 5p."""
    d = Deal({0: F3, 1: "5555p 19s 9m 1234z 56z", 2: "123m 456s 789s 34p 77z", 3: F2},
             tail="8m", avoid="2p5p7z")
    d.cut(0)
    d.draw()
    d.do(A(1, "ckong", "5p"), A(2, "ron"))
    illegal(record([d.hand()]))


# ======================================================================================
# Hu: dealer repeats
# "add, outside the cap: 100 per dealer repeat when the dealer wins; 4000 for every winner
#  of a hand played at the dealer's eighth repeat."  "The dealership passes ... after the
#  hand played at the eighth repeat, whatever its result."
# ======================================================================================
def _ckong_hand(dealer: int = 0) -> dict[str, Any]:
    d = _ckong_deal(dealer=dealer)
    d.draw("7z")
    d.do(A(dealer, "ckong", "1m"), A(dealer, "tsumo"))
    return d.hand()


def test_hu_dealer_repeat_bonus_in_replay() -> None:
    """Dealer wins hand 1 (2000), repeats, wins hand 2: 2000 + 100 = 2100."""
    out = ok(record([_ckong_hand(), _ckong_hand()]))
    assert one(out, 0)[:2] == (0, 2000)
    assert one(out, 1)[:2] == (0, 2100)
    assert out["scores"] == [30000 + 6000 + 6300, 30000 - 4100, 30000 - 4100, 30000 - 4100]


def test_hu_eighth_repeat_bonus_then_rotation() -> None:
    """start.repeats = 8: dealer wins 2000 + 8x100 + 4000 = 6800; the next hand is dealt by
    seat 1 (forced rotation), its dealer wins 2000 with no bonus."""
    start = {"round_wind": "E", "dealer": 0, "repeats": 8,
             "scores": [30000, 30000, 30000, 30000]}
    out = ok(record([_ckong_hand(), _ckong_hand(dealer=1)], start=start))
    assert one(out, 0)[:2] == (0, 6800)
    assert one(out, 1)[:2] == (1, 2000)


def test_hu_eighth_repeat_non_dealer_winner() -> None:
    """start.repeats = 8, seat 1 wins on an exposed-kong replacement: 1500 + 4000 = 5500
    (no repeat bonus for a non-dealer)."""
    d = Deal({0: F1.replace("9m", "8p"), 1: "111m 234p 678s 34s 77z", 2: F2, 3: F3},
             tail="2s", avoid="2s5s7z1m")
    d.cut(0, "1m")
    d.do(A(1, "kong"), A(1, "tsumo"))
    start = {"round_wind": "E", "dealer": 0, "repeats": 8,
             "scores": [30000, 30000, 30000, 30000]}
    assert one(ok(record([d.hand()], start=start)))[:2] == (1, 5500)


# ======================================================================================
# Hong Kong (hk-4p): "Robbing a Kong, Win on a Kong Replacement, Win on the Final Wall
# Tile" 1 fan each; "Win after Consecutive Kongs (two or more kongs in a row, then the win on
# the replacement)" 10; "Blessing of Heaven: dealer complete on the initial 14. Blessing of
# Earth: a non-dealer wins on the dealer's first discard"; minimum 3 fan.
# Half-spicy: 3 fan self-draw 16 each; 4 fan discard 64; 10 fan 512 / 256 each.
# ======================================================================================
def hk(d: Deal, rules: str = "hk-4p") -> dict[str, Any]:
    return ok(record([d.hand()], rules=rules))


KONG3 = "1111m 777z 234p 34s 5p"  # + 5p: ckong 1m, replacement 2s: Self-Draw + Dragon + Kong


def test_hk_kong_replacement_makes_the_minimum() -> None:
    """ckong 1m, replacement 2s: Self-Draw 1 + Dragon Pung 1 + Kong Replacement 1 = 3
    (Closed Hand broken by the concealed kong); each pays 16."""
    d = Deal({0: KONG3, 1: F1, 2: F2, 3: F3}, tail="2s", flowers=False, avoid="2s5s")
    d.draw("5p")
    d.do(A(0, "ckong", "1m"), A(0, "tsumo"))
    seat, total, ids, deltas = one(hk(d))
    assert (seat, total) == (0, 3)
    assert ids == {"self_draw", "dragon_pung", "after_a_kong"}
    assert deltas == [48, -16, -16, -16]


def test_hk_same_hand_on_a_normal_draw_is_below_minimum() -> None:
    """Same hand, but the kong's replacement (9m) is discarded and 2s comes by a normal
    draw: Self-Draw 1 + Dragon Pung 1 = 2 < 3: tsumo is illegal."""
    d = Deal({0: KONG3, 1: F1.replace("9m", "8p"), 2: F2, 3: F3}, tail="9m",
             flowers=False, avoid="2s5s9m")
    d.draw("5p")
    d.do(A(0, "ckong", "1m"), A(0, "discard", "9m"))
    for s in (1, 2, 3):
        d.cut(s)
    d.draw("2s")
    d.do(A(0, "tsumo"))
    illegal(record([d.hand()], rules="hk-4p"))


def test_hk_consecutive_kongs_limit() -> None:
    """ckong 1m -> replacement 2p (the 4th) -> ckong 2p -> replacement 2s wins: Win after
    Consecutive Kongs, 10 fan; each pays 256."""
    d = Deal({0: "1111m 222p 777z 34s 8p", 1: F1, 2: F2, 3: F3}, tail="2p 2s",
             flowers=False, avoid="2s5s8p")
    d.draw("8p")
    d.do(A(0, "ckong", "1m"), A(0, "ckong", "2p"), A(0, "tsumo"))
    seat, total, ids, deltas = one(hk(d))
    assert (seat, total) == (0, 10)
    assert "consecutive_kongs" in ids
    assert deltas == [768, -256, -256, -256]


# Far hands holding every other 2s / 5s, so the whole wall can be drawn with fillers.
HKW0 = "19p 19s 9m 1234z 5z 2s 55s"
HKW1 = "19p 19s 9m 1234z 56z 2s 5s"
HKW2 = "19p 19s 1234z 56z 2s 5s 8m"


def _to_last_tile(d: Deal) -> None:
    """84 head draws in hk-4p: 83 cut by seats 0,1,2,3,...; the 84th goes to seat 3."""
    for _ in range(20):
        for s in range(4):
            d.cut(s)
    for s in range(3):
        d.cut(s)


def test_hk_final_wall_tile_self_draw() -> None:
    """Seat 3 self-draws the last wall tile: Closed Hand 1 + Self-Draw 1 + Final Wall Tile 1
    = 3; each pays 16."""
    d = Deal({0: HKW0, 1: HKW1, 2: HKW2, 3: WIN}, flowers=False, avoid="2s")
    _to_last_tile(d)
    d.draw("2s")
    d.do(A(3, "tsumo"))
    seat, total, ids, deltas = one(hk(d))
    assert (seat, total) == (3, 3)
    assert ids == {"closed_hand", "self_draw", "last_tile"}
    assert deltas == [-16, -16, -16, 48]


def test_hk_self_draw_closed_no_earth_on_self_draw() -> None:
    """Seat 1 self-draws on its first draw (HK Earth is only a win on the dealer's first
    discard): Closed Hand 1 + Self-Draw 1 + Dragon Pung 1 = 3, each pays 16."""
    d = Deal({0: F1, 1: "234p 678s 34s 777z 99m", 2: F2.replace("9m", "8p"), 3: F3},
             flowers=False, avoid="2s5s")
    d.cut(0)
    d.draw("2s")
    d.do(A(1, "tsumo"))
    seat, total, ids, deltas = one(hk(d))
    assert (seat, total, ids) == (1, 3, {"closed_hand", "self_draw", "dragon_pung"})
    assert deltas == [-16, 48, -16, -16]


def test_hk_robbing_a_kong() -> None:
    """Seat 2 (777z 123m 456s 34p 88p) robs seat 1's added kong of 5p: Robbing 1 + Dragon
    Pung 1 + Closed Hand 1 = 3; the konger pays 32."""
    d = _seat2_robs_added_5p("777z 123m 456s 3p 88p 1z", flowers=False, avoid="2p5p8p")
    seat, total, ids, deltas = one(hk(d))
    assert (seat, total) == (2, 3)
    assert ids == {"robbing_the_kong", "dragon_pung", "closed_hand"}
    assert deltas == [0, -32, 32, 0]


def test_hk_blessing_of_heaven() -> None:
    """Dealer complete on the initial 14: 10 fan, each pays 256."""
    d = Deal({0: WIN, 1: F1, 2: F2, 3: F3}, flowers=False)
    d.draw("2s")
    d.do(A(0, "tsumo"))
    seat, total, ids, deltas = one(hk(d))
    assert (seat, total) == (0, 10)
    assert "blessing_of_heaven" in ids
    assert deltas == [768, -256, -256, -256]


FLUSH = "123m 456m 789m 77z 34m"  # Half Flush 3 + All Sequences 1 + Closed Hand 1 on a discard


def test_hk_blessing_of_earth_on_dealers_first_discard() -> None:
    """Seat 1 rons the dealer's first discard: Blessing of Earth 10; the dealer pays 512."""
    d = Deal({0: F3, 1: FLUSH, 2: F2.replace("9m", "8p").replace("6m", "6s"), 3: F1.replace(
        "9m", "8s").replace("5m", "5s")}, flowers=False)
    d.cut(0, "2m")
    d.do(A(1, "ron"))
    seat, total, ids, deltas = one(hk(d))
    assert (seat, total) == (1, 10)
    assert "blessing_of_earth" in ids
    assert deltas == [-512, 512, 0, 0]


def test_hk_no_earth_on_dealers_second_discard() -> None:
    """Seat 1 rons the dealer's second discard: Half Flush 3 + All Sequences 1 + Closed
    Hand 1 = 5, the dealer pays 96."""
    d = Deal({0: F3, 1: FLUSH, 2: F2.replace("9m", "8p").replace("6m", "6s"), 3: F1.replace(
        "9m", "8s").replace("5m", "5s")}, flowers=False, avoid="2m5m")
    for s in range(4):
        d.cut(s)
    d.cut(0, "2m")
    d.do(A(1, "ron"))
    seat, total, ids, deltas = one(hk(d))
    assert (seat, total, ids) == (1, 5, {"half_flush", "all_sequences", "closed_hand"})
    assert deltas == [-96, 96, 0, 0]


# ======================================================================================
# hk-fanlaak: "Last Tile Draw/Discard | 1 | Winning on the very last tile or the following
# discard."  "Out on Replacement Tile | 1 | Winning after drawing a replacement tile."
# 3 fan = 8 points: discard 8+8+16, self-draw 16 each.
# ======================================================================================
def test_fanlaak_out_on_replacement() -> None:
    """ckong 1m, replacement 2s: Self-drawn 1 + Replacement 1 + Dragon Pung 1 = 3."""
    d = Deal({0: KONG3, 1: F1, 2: F2, 3: F3}, tail="2s", flowers=False, avoid="2s5s")
    d.draw("5p")
    d.do(A(0, "ckong", "1m"), A(0, "tsumo"))
    seat, total, ids, deltas = one(hk(d, "hk-fanlaak"))
    assert (seat, total, ids) == (0, 3, {"self_draw", "after_a_kong", "dragon_pung"})
    assert deltas == [48, -16, -16, -16]


def test_fanlaak_last_tile_self_drawn() -> None:
    """Seat 3 (234p 678s 34s 99m 555z) self-draws the last wall tile: Self-drawn 1 + Last
    Tile 1 + Dragon Pung 1 = 3; each pays 16."""
    d = Deal({0: "19p 19s 1234z 6z 2s 5s 8m 1m", 1: "19p 19s 1234z 6z 2s 5s 7m 1m",
              2: "19p 19s 1234z 6z 2s 55s 1m", 3: "234p 678s 34s 99m 555z"},
             flowers=False, avoid="2s")
    _to_last_tile(d)
    d.draw("2s")
    d.do(A(3, "tsumo"))
    seat, total, ids, deltas = one(hk(d, "hk-fanlaak"))
    assert (seat, total, ids) == (3, 3, {"self_draw", "last_tile", "dragon_pung"})
    assert deltas == [-16, -16, -16, 48]


def test_fanlaak_last_tile_discard() -> None:
    """Seat 3 draws the last wall tile and discards 2s; the dealer (111z 234p 678s 34s 99m)
    rons: Seat Wind 1 + Prevalent Wind 1 + Last Tile 1 = 3: discarder 16, others 8."""
    d = Deal({0: "111z 234p 678s 34s 99m", 1: "19p 19s 234z 56z 2s 5s 8m 1m",
              2: "19p 19s 234z 56z 2s 5s 7m 1m", 3: "19p 19s 234z 56z 2s 55s 1m"},
             flowers=False, avoid="2s")
    _to_last_tile(d)
    d.cut(3, "2s")
    d.do(A(0, "ron"))
    seat, total, ids, deltas = one(hk(d, "hk-fanlaak"))
    assert (seat, total, ids) == (0, 3, {"seat_wind", "prevailing_wind", "last_tile"})
    assert deltas == [32, -8, -8, -16]


def test_hu_earth_allowed_after_dealers_flower() -> None:
    """The dealer declares a flower before its first discard (not a call, not a kong); seat
    1's first draw wins: Earth 8000."""
    d = Deal({0: F1.replace("5p", "1f"), 1: WIN, 2: F2, 3: F3}, tail="8p",
             avoid="2s5s5m7z")
    d.draw()
    d.do(A(0, "flower", "1f"), A(0, "discard", "8p"))
    d.draw("2s")
    d.do(A(1, "tsumo"))
    seat, total, ids, _ = one(hu(d))
    assert (seat, total) == (1, 8000)
    assert "blessing_of_earth" in ids

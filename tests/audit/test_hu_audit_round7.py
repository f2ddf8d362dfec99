"""Audit round 7: Hu Mahjong (hu-4p / hu-3p / hu-2p) game flow across whole records.

Every expected value below was worked out by hand from seed 000
(``/work/shared/seeds/000_cfd8ab0b6123cd10.txt``) and RULES.md; each case quotes the seed
sentence (or RULES.md ruling) it checks.  The earlier rounds pinned single hands and single
transitions; this round plays whole games in one record, so that the seat winds, the
prevailing wind, the repeat count and the game end are all read off the scores of the hands
that follow each transition.
"""

from __future__ import annotations

from typing import Any

from .hukit import FAR, FAR2, FAR3, READY_14S, A, Deal, illegal, ok, record


# A 13-tile hand waiting on 5s alone (tanki): a pung of the wind ``w`` plus three chows;
# its only pattern can be Value Triplet (no dragon: no All Types; a pung: no All Sequences).
def wind_hand(w: int) -> str:
    return f"{w}{w}{w}z 123m 456p 789s 5s"


# far hands without the wind ``w`` (4 copies: 3 in the winner, 1 may stay in the filler)
FAR_NO = {1: "159m 26p 37s 234z 567z", 2: "159m 26p 37s 134z 567z",
          3: "159m 26p 37s 124z 567z"}
FAR_NO2 = {1: "159p 26s 37m 234z 567z", 2: "159p 26s 37m 134z 567z",
           3: "159p 26s 37m 124z 567z"}


def discard_win(players: int, dealer: int, winner: int, loser: int, w: int,
                others: dict[int, str] | None = None) -> dict[str, Any]:
    """A hand: ``winner`` holds ``wind_hand(w)``; the seats cut fillers in turn from the
    dealer until ``loser`` draws 5s and throws it; ``winner`` wins on it."""
    hands = {s: (others or {}).get(s, FAR_NO[w] if s != loser else FAR_NO2[w])
             for s in range(players)}
    hands[winner] = wind_hand(w)
    d = Deal(hands, players=players, dealer=dealer, avoid="5s")
    seat = dealer
    while seat != loser:
        d.cut(seat)
        seat = (seat + 1) % players
    d.cut(loser, "5s")
    d.do(A(winner, "ron"))
    return d.hand()


def test_2p_whole_game_winds_rounds_repeats_and_early_finish() -> None:
    """Seed 000: "North and West seat omitted in 2 player"; "The seat winds rotate whenever:
    A non-dealer wins a hand"; "Otherwise, everyone retains their current seat wind and a
    repeat is played"; "After each player has had a chance to be the dealer, a new round
    begins with the next prevailing wind"; "Value Triplet ... A triplet of dragons/prevalent
    wind/seat wind. Stacks with itself when prevalent wind and seat wind coincide"; "The
    dealer's winning hand is awarded bonus 100 base points for each repeat"; "Win by discard
    (4/3/2 player): base points ×3/×2.5/×2"; "In 2 player, the last dealer can win the game
    outright if they are in the lead and win one hand."

    hand 1  East round, dealer 0 (seat 1 = South): seat 1's South pung (seat wind) 500,
            seat 0 pays x2 = 1000                                    -> 39000 41000
    hand 2  East round, dealer 1 (seat 0 = South now): seat 0's South pung 500 -> 1000
                                                                     -> 40000 40000
    hand 3  South round, dealer 0 (East): seat 0's South pung is the prevailing wind 500
            -> 1000; the dealer won: repeat                          -> 41000 39000
    hand 4  South round, dealer 0, repeat 1: 500 + 100 = 600 -> 1200 -> 42200 37800
    hand 5  seat 1 (South seat, South round) South pung: seat + prevailing 1000 -> 2000;
            a non-dealer win: dealer 1, the final dealership       -> 40200 39800
    hand 6  dealer 1 (East) East pung 500 -> 1000: 39200 40800, the last dealer won a hand
            and leads: the game is over, a 7th hand is refused.
    """
    hands = [
        discard_win(2, 0, 1, 0, 2),
        discard_win(2, 1, 0, 1, 2),
        discard_win(2, 0, 0, 1, 2),
        discard_win(2, 0, 0, 1, 2),
        discard_win(2, 0, 1, 0, 2),
        discard_win(2, 1, 1, 0, 1),
    ]
    out = ok(record(hands, rules="hu-2p"))
    assert [h["winners"][0]["total"] for h in out["hands"]] == [500, 500, 500, 600, 1000, 500]
    assert [h["deltas"] for h in out["hands"]] == [
        [-1000, 1000], [1000, -1000], [1000, -1000], [1200, -1200], [-2000, 2000],
        [-1000, 1000]]
    assert out["scores"] == [39200, 40800]
    assert out["over"] is True and out["winner"] == 1
    late = illegal(record([*hands, discard_win(2, 1, 1, 0, 1)], rules="hu-2p"))
    assert late["hand"] == 6


def test_3p_whole_game_seat_winds_without_north() -> None:
    """Seed 000: "North seat omitted in 3 player"; "The seat winds rotate whenever: A
    non-dealer wins a hand"; "After each player has had a chance to be the dealer, a new
    round begins with the next prevailing wind"; "The player with most points by the end of
    the South round wins"; "Win by discard (4/3/2 player): base points ×3/×2.5/×2".
    RULES.md: "3p E S W (no North)"; "The game ends when the last South dealership passes".

    With dealer d the seats d, d+1, d+2 are East, South, West, so a West pung is a seat wind
    for seat 2, then seat 0, then seat 1:
    E round  h1 dealer 0: seat 2 West pung 500 (x2.5 = 1250 from seat 0)
             h2 dealer 1: seat 0 West pung 500 (1250 from seat 1)
             h3 dealer 2: seat 1 West pung 500 (1250 from seat 2)   -> all back to 35000
    S round  h4 dealer 0: seat 0 South pung (prevailing) 500 (1250 from seat 1), repeat
             h5 dealer 0 rep 1: seat 1 (South seat) South pung 1000 (2500 from seat 0)
             h6 dealer 1: seat 2 (South seat) South pung 1000 (2500 from seat 1)
             h7 dealer 2: seat 2 (East) East pung 500 (1250 from seat 0): the dealer repeats
             h8 dealer 2 rep 1: seat 0 (South seat) South pung 1000 (2500 from seat 2): the
                last South dealership passes, the game is over: 35000 33750 36250.
    """
    hands = [
        discard_win(3, 0, 2, 0, 3),
        discard_win(3, 1, 0, 1, 3),
        discard_win(3, 2, 1, 2, 3),
        discard_win(3, 0, 0, 1, 2),
        discard_win(3, 0, 1, 0, 2),
        discard_win(3, 1, 2, 1, 2),
        discard_win(3, 2, 2, 0, 1),
        discard_win(3, 2, 0, 2, 2),
    ]
    out = ok(record(hands, rules="hu-3p"))
    assert [h["winners"][0]["total"] for h in out["hands"]] == [
        500, 500, 500, 500, 1000, 1000, 500, 1000]
    assert out["scores"] == [35000, 33750, 36250]
    assert out["over"] is True and out["winner"] == 2
    late = illegal(record([*hands, discard_win(3, 0, 1, 0, 2)], rules="hu-3p"))
    assert late["hand"] == 8


def test_self_draw_every_other_seat_pays_the_same_dealer_included() -> None:
    """Seed 000: "Other players pay equally in the event of a self-draw win, regardless of
    their seat wind"; "Win by self-draw: ×1 base points from other player(s)"; "The
    dealer's winning hand is awarded bonus 100 base points for each repeat".

    Hand 1 (dealer 0 at repeat 3): seat 2 self-draws 5s on its second draw, on wind_hand(3)
    (West pung, its seat wind: 500; Fully Concealed 500) = 1000: the dealer pays 1000 like
    seats 1 and 3.
    Hand 2: the non-dealer's win passed the deal: dealer 1 at repeat 0 ("this bonus does not
    carry over"); seat 1 (East) self-draws on wind_hand(1): East pung, seat and prevailing
    wind, 2 x 500 + Fully Concealed 500 = 1500, no repeat bonus; each pays 1500."""
    start = {"round_wind": "E", "dealer": 0, "repeats": 3,
             "scores": [30000, 30000, 30000, 30000]}
    d1 = Deal({0: FAR_NO[3], 1: FAR_NO2[3], 2: wind_hand(3), 3: "147m 258p 369s 124z 7z"},
              avoid="5s")
    for seat in (0, 1, 2, 3, 0, 1):  # seat 2 discards once first: no Blessing of Earth
        d1.cut(seat)
    d1.draw("5s")
    d1.do(A(2, "tsumo"))
    d2 = Deal({1: wind_hand(1), 2: FAR_NO[1], 3: FAR_NO2[1], 0: "147m 258p 369s 234z 7z"},
              dealer=1, avoid="5s")
    d2.cut(1)
    d2.cut(2)
    d2.cut(3)
    d2.cut(0)
    d2.draw("5s")
    d2.do(A(1, "tsumo"))
    out = ok(record([d1.hand(), d2.hand()], start=start))
    h1, h2 = out["hands"]
    assert h1["winners"][0]["total"] == 1000 and h1["deltas"] == [-1000, -1000, 3000, -1000]
    assert h2["winners"][0]["total"] == 1500 and h2["deltas"] == [-1500, 4500, -1500, -1500]


def test_exposed_kong_at_pond_limit_minus_one_replacement_is_the_last_draw() -> None:
    """RULES.md: ""Last draw": any draw (replacement draws included) by a player whose pond
    holds limit − 1 tiles"; seed 000: "After a Kong (杠上开花): 1000 ... Completing the hand
    with the replacement tile after declaring kong"; "Winning on the Last Draw/Discard:
    1000"; "One Quad: 500".

    Seats 0..2 have 17 discards, seat 3 16; seat 3's 17th discard (5p) is not the limit
    discard, so seat 1 (pond 17) may kong it; its replacement 6s completes 123m 456m 678s
    99s + 5555p: One Quad 500 + After a Kong 1000 + Last Draw 1000 = 2500, each pays."""
    d = Deal({0: FAR, 1: "555p 123m 456m 78s 99s", 2: "147m 36p 28s 1234z 57z", 3: FAR3},
             tail="6s", avoid="5p 6s 9s")
    seat = 0
    while not (seat == 3 and d.ponds[3] == 16):
        d.cut(seat)
        seat = (seat + 1) % 4
    assert [d.ponds[s] for s in range(4)] == [17, 17, 17, 16]
    d.cut(3, "5p")
    d.do(A(1, "kong"), A(1, "tsumo"))
    h = ok(record([d.hand()]))["hands"][0]
    w = h["winners"][0]
    assert (w["seat"], w["total"]) == (1, 2500)
    assert {p["id"] for p in w["patterns"]} == {"one_quad", "after_a_kong", "last_tile"}
    assert h["deltas"] == [-2500, 7500, -2500, -2500]


def test_sacred_discard_follows_the_current_waits() -> None:
    """Seed 000: "If they've discarded any tile that can complete their hand ..., a player is
    barred from winning by discard and can only win by self-draw."  RULES.md: "A player
    cannot win by discard ... while any tile that would complete their hand ... lies in
    their own pond."  The bar is read against the hand as it is now.

    Seat 2 (555z 123m 456p 23s 55s, waits 1s/4s) draws and throws 1s: seat 0's 4s cannot be
    won on.  Seat 2 then draws 5s and throws 2s: 555z 123m 456p 3s 555s waits on 3s alone,
    and neither 1s nor 2s in its pond completes it: seat 0's 3s is a legal win, Value
    Triplet (White) 500 (two concealed triplets only), the discarder pays 3 x 500."""
    def deal() -> Deal:
        d = Deal({0: FAR, 1: "159p 26s 37m 1234z 67z", 2: "555z 123m 456p 23s 55s", 3: FAR3},
                 avoid="1s 2s 3s 4s 5s")
        d.cut(0)
        d.cut(1)
        d.cut(2, "1s")
        d.cut(3)
        d.cut(0, "4s")
        return d

    barred = deal()
    barred.do(A(2, "ron"))
    out = illegal(record([barred.hand()]))
    assert (out["hand"], out["action"]) == (0, 5)

    d = deal()
    d.cut(1)
    d.draw("5s")
    d.discard(2, "2s")
    d.cut(3)
    d.cut(0, "3s")
    d.do(A(2, "ron"))
    h = ok(record([d.hand()]))["hands"][0]
    assert [(w["seat"], w["total"]) for w in h["winners"]] == [(2, 500)]
    assert h["deltas"] == [-1500, 0, 1500, 0]


def _draw_in_the_last_dealership(dealer_hand: str) -> dict[str, Any]:
    """hu-3p, South round, dealer 2 (the last dealership): seat 0 holds a ready hand (waits
    1s/4s, never drawn), seat 1 a far one, the dealer ``dealer_hand``; the seats cut from
    the dealer until a pond reaches 20."""
    d = Deal({2: dealer_hand, 0: READY_14S, 1: FAR2}, players=3, dealer=2,
             avoid="1s 4s 7s 5p")
    seat = 2
    while max(d.ponds.values(), default=0) < 20:
        d.cut(seat)
        seat = (seat + 1) % 3
    return d.hand()


def test_3p_draw_in_the_last_dealership_dealer_not_ready_ends_the_game() -> None:
    """Seed 000: "game draws the moment any player's discard pond reaches a certain length
    ... (18 in 4 player, 20 in 3 player, 22 in 2 player)"; "Ready hand at exhaustive draw:
    1000 from player(s) with no ready hand(s)"; "The seat winds rotate whenever: ... The
    dealer does not have a ready hand at exhaustive draw"; "The player with most points by
    the end of the South round wins."  RULES.md: "The game ends when the last South
    dealership passes."

    Dealer 2 not ready: seat 0 gets 1000 from each of seats 1 and 2; the last South
    dealership passes: the game is over, seat 0 first.  The dealer ready instead (123p 456p
    789s 234m 5p, waits 5p): seats 0 and 2 each get 1000 from seat 1, the dealer repeats and
    the game goes on."""
    start = {"round_wind": "S", "dealer": 2, "repeats": 0, "scores": [35000, 35000, 35000]}
    out = ok(record([_draw_in_the_last_dealership(FAR)], rules="hu-3p", start=start))
    h = out["hands"][0]
    assert h["result"] == "draw" and h["deltas"] == [2000, -1000, -1000]
    assert out["over"] is True and out["winner"] == 0
    out = ok(record([_draw_in_the_last_dealership("123p 456p 789s 234m 5p")], rules="hu-3p",
                    start=start))
    h = out["hands"][0]
    assert h["result"] == "draw" and h["deltas"] == [1000, -2000, 1000]
    assert out["over"] is False


def test_2p_last_dealer_wins_by_terminal_discards_and_leads_the_game_ends() -> None:
    """Seed 000: "In 2 player, the last dealer can win the game outright if they are in the
    lead and win one hand"; "All Terminal and Honor Discards (么九池): 4000. Reach exhaustive
    draw having only discarded terminal and honor tiles, none of which were called by other
    players."  RULES.md: "Paid as self-draw; any such win ... counts as a win for dealer
    rotation"; "in the game's final dealership, if the dealer wins a hand and then leads, the
    game ends at once."

    South round, dealer 1 (the final dealership), 40000 each: the dealer throws only
    terminals and honours and its pond reaches 22 first; it wins 4000 from seat 0, leads
    44000 to 36000, and the game is over at once."""
    d = Deal({1: FAR, 0: FAR2}, players=2, dealer=1)
    seat = 1
    while max(d.ponds.values(), default=0) < 22:
        d.cut(seat, kind="term" if seat == 1 else "simple")
        seat = 1 - seat
    start = {"round_wind": "S", "dealer": 1, "repeats": 0, "scores": [40000, 40000]}
    out = ok(record([d.hand()], rules="hu-2p", start=start))
    h = out["hands"][0]
    assert [(w["seat"], w["total"]) for w in h["winners"]] == [(1, 4000)]
    assert h["deltas"] == [-4000, 4000]
    assert out["over"] is True and out["scores"] == [36000, 44000] and out["winner"] == 1


def _six_flowers_then_seventh_by_opponent() -> Deal:
    """hu-2p: the dealer (seat 0) declares 1f..6f on its first turn; seat 1 declares 7f on
    its first turn; 8f is still in the wall."""
    d = Deal({0: "123456f 159m 26p 3s", 1: "7f 159p 26s 37m 1234z"},
             tail="4z 5z 6z 7z 9m 9p 9s", players=2, avoid="8f")
    x = d.draw()
    for f in "123456":
        d.do(A(0, "flower", f + "f"))
    d.discard(0, x)
    y = d.draw()
    d.do(A(1, "flower", "7f"))
    d.discard(1, y)
    return d


def test_2p_eight_immortals_six_declared_opponent_declares_the_seventh() -> None:
    """Seed 000 (Eight Immortals, 8000 limit): "Declare 6 flowers, have someone declare the
    7th, and explicitly draw the last one from the wall within the next go-around.
    Considered as winning by discard."; "Win by discard (4/3/2 player): base points
    ×3/×2.5/×2".  RULES.md: "(4) with 6 declared, another declares the 7th and this player
    draws the 8th before the 7th's declarer's next turn: win by discard, the 7th's declarer
    pays."

    In 2 players the go-around is the dealer's next draw: it draws 8f and wins, seat 1 pays
    2 x 8000.  Drawing 8f one go-around later is too late: only a declaration (with its
    replacement), no win."""
    d = _six_flowers_then_seventh_by_opponent()
    d.draw("8f")
    d.do(A(0, "ron"))
    h = ok(record([d.hand()], rules="hu-2p"))["hands"][0]
    assert [(w["seat"], w["total"], w.get("from")) for w in h["winners"]] == [(0, 8000, 1)]
    assert h["deltas"] == [16000, -16000]

    late = _six_flowers_then_seventh_by_opponent()
    late.cut(0)
    late.cut(1)
    late.draw("8f")
    late.do(A(0, "ron"))
    out = illegal(record([late.hand()], rules="hu-2p"))
    assert out["hand"] == 0 and out["action"] == len(late.actions) - 1

"""Claims and blessings at the Hong Kong tables: one winner per discard (head bump), no
sacred discard, the minimum fan deciding whether ``ron``/``tsumo`` is offered, and the Hong
Kong Blessings (Heaven: the dealer complete on its initial fourteen; Earth: a non-dealer
wins on the dealer's first discard)."""

from __future__ import annotations

from enginekit import deal, finish, kinds, pattern_ids, play

JUNK = "147m258p369s2346z"
# Seat 3: 46m 123m 789m 111z 22z, waiting on 5m: Half Flush 3 + Prevailing Wind (East) 1
# + Closed Hand 1 = 5.  Seat 1: the same with 333z 44z: Half Flush 3 + Closed Hand 1 = 4.
WAIT_5M_A = "46m123m789m111z22z"
WAIT_5M_B = "46m123m789m333z44z"


def test_head_bump_the_first_claimant_after_the_discarder_wins() -> None:
    hand = deal({0: "258m147p369s5677z", 1: WAIT_5M_B, 2: "5m147m258p369s367z", 3: WAIT_5M_A},
                "1s" "2s" "3s", rid="hk-4p")
    play(hand, "0 cut", "1 cut", "2 discard 5m")
    assert set(hand.to_act()) == {1, 3}
    finish(play(hand, "1 ron", "3 ron"))
    r = hand.result
    assert r is not None and [w.seat for w in r.winners] == [3]  # 3 comes before 1 after 2
    assert r.deltas == (0, 0, -96, 96)  # 5 fan by discard


def test_multiple_winners_all_is_an_option() -> None:
    hand = deal({0: "258m147p369s5677z", 1: WAIT_5M_B, 2: "5m147m258p369s367z", 3: WAIT_5M_A},
                "1s" "2s" "3s", rid="hk-4p", multiple_winners="all")
    finish(play(hand, "0 cut", "1 cut", "2 discard 5m", "1 ron", "3 ron"))
    r = hand.result
    assert r is not None and sorted(w.seat for w in r.winners) == [1, 3]
    assert r.deltas == (0, 64, -160, 96)


def test_no_sacred_discard() -> None:
    # Seat 3 draws its winning 5m and throws it away; it may still win on seat 1's 5m.
    hand = deal({0: "258m147p369s5677z", 1: "5m147m258p369s367z", 3: WAIT_5M_A},
                "1s" "2s" "3s" "5m", rid="hk-4p")
    play(hand, "0 cut", "1 cut", "2 cut")
    assert "tsumo" in kinds(hand, 3)
    play(hand, "3 cut", "0 cut", "1 discard 5m")
    assert not hand.is_furiten(3) and "ron" in kinds(hand, 3)
    finish(play(hand, "3 ron"))
    assert hand.result is not None and hand.result.deltas == (0, -96, 0, 96)


def test_furiten_is_an_option() -> None:
    hand = deal({0: "258m147p369s5677z", 1: "5m147m258p369s367z", 3: WAIT_5M_A},
                "1s" "2s" "3s" "5m", rid="hk-4p", furiten=True)
    play(hand, "0 cut", "1 cut", "2 cut", "3 cut", "0 cut", "1 discard 5m")
    assert hand.is_furiten(3) and "ron" not in kinds(hand, 3)


def test_a_win_below_the_minimum_is_not_offered() -> None:
    # 46m 123456789p 11s waiting on 5m: All Sequences 1 + Closed Hand 1 = 2 by discard
    hand = deal({0: "147m258p369s2346z", 1: "46m123456789p11s", 3: "5m147m258p369s367z"},
                "1s" "2s" "3s" "4s" "5s" "5m", rid="hk-4p")
    play(hand, "0 cut", "1 cut", "2 cut", "3 discard 5m")
    assert hand.actor == 0  # nobody was asked: 2 fan cannot win
    # ... but a self-draw adds Self-Draw: 3 fan, enough
    play(hand, "0 cut", "1 tsumo")
    assert pattern_ids(hand) == ["all_sequences", "closed_hand", "self_draw"]


def test_heaven_the_dealer_complete_on_its_initial_fourteen() -> None:
    hand = play(deal({0: "123m456m789m11p56p"}, "7p", rid="hk-4p"), "0 tsumo")
    assert pattern_ids(hand) == ["blessing_of_heaven"]
    assert hand.result is not None and hand.result.deltas == (768, -256, -256, -256)


def test_earth_a_non_dealer_wins_on_the_dealers_first_discard() -> None:
    hand = finish(play(deal({0: "5m147m258p369s246z", 1: WAIT_5M_A}, "1s", rid="hk-4p"),
                       "0 discard 5m", "1 ron"))
    assert pattern_ids(hand) == ["blessing_of_earth"]
    assert hand.result is not None and hand.result.deltas == (-512, 512, 0, 0)


def test_earth_only_on_the_dealers_first_discard() -> None:
    hand = deal({0: "147m258p369s2346z", 1: WAIT_5M_A}, "1s" "2s" "3s" "4s" "5m", rid="hk-4p")
    finish(play(hand, "0 cut", "1 cut", "2 cut", "3 cut", "0 cut", "1 ron"))
    assert "blessing_of_earth" not in pattern_ids(hand)
    assert hand.result is not None and hand.result.deltas == (-96, 96, 0, 0)


def test_a_non_dealers_first_self_draw_is_not_earth_in_hong_kong() -> None:
    hand = deal({0: "147m258p369s2346z", 1: WAIT_5M_A}, "1s" "5m", rid="hk-4p")
    play(hand, "0 cut", "1 tsumo")
    ids = pattern_ids(hand)
    assert "blessing_of_earth" not in ids and "self_draw" in ids


def test_earth_stands_after_the_dealers_own_kong() -> None:
    # Seed 002: "Non-east player wins on East's first discard": the dealer's concealed kong
    # before it does not make it any less the first discard.
    hand = deal({0: "5m9999s147m258p36z", 1: WAIT_5M_A}, "7p", "9p", rid="hk-4p")
    finish(play(hand, "0 ckong 9s", "0 discard 5m", "1 ron"))
    assert "blessing_of_earth" in pattern_ids(hand)


def test_fan_laak_earth_as_well() -> None:
    hand = finish(play(deal({0: "5m147m258p369s246z", 1: WAIT_5M_A}, "1s", rid="hk-fanlaak"),
                       "0 discard 5m", "1 ron"))
    assert pattern_ids(hand) == ["blessing_of_earth"]
    assert hand.result is not None and hand.result.deltas == (-128, 256, -64, -64)


def test_fan_laak_seed_rows_through_the_engine() -> None:
    # 3 fan by discard (Half Flush 2 + Prevalent Wind 1): 8 + 8 + 16 = 32
    hand = deal({0: "258m147p369s5677z", 2: "5m147m258p369s367z", 3: WAIT_5M_A},
                "1s" "2s" "3s", rid="hk-fanlaak")
    finish(play(hand, "0 cut", "1 cut", "2 discard 5m", "3 ron"))
    assert hand.result is not None and hand.result.deltas == (-8, -8, -16, 32)
    # 3 fan self-drawn (Half Flush 2 + Self-drawn 1; West is nobody's wind): 16 x 3 = 48
    hand = deal({0: "258m147p369s5677z", 3: "46m123m789m333z22z"}, "1s" "2s" "3s" "5m",
                rid="hk-fanlaak")
    play(hand, "0 cut", "1 cut", "2 cut", "3 tsumo")
    assert pattern_ids(hand) == ["self_draw", "half_flush"]
    assert hand.result is not None and hand.result.deltas == (-16, -16, -16, 48)

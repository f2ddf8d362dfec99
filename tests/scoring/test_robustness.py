"""``score`` never raises on a well-typed situation, whatever the tiles."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from scoring_helpers import RULES

from tingpai.rules import WinKind
from tingpai.scoring import Situation, score
from tingpai.tiles import Meld, MeldKind

tiles = st.integers(min_value=-3, max_value=45)
melds = st.one_of(
    st.integers(0, 33).map(lambda t: Meld(MeldKind.PUNG, (t, t, t))),
    st.integers(0, 33).map(lambda t: Meld(MeldKind.KONG, (t,) * 4)),
    st.integers(0, 33).map(lambda t: Meld(MeldKind.KONG, (t,) * 4, concealed=True)),
    st.sampled_from([0, 1, 5, 9, 12, 18, 24]).map(
        lambda t: Meld(MeldKind.CHOW, (t, t + 1, t + 2))
    ),
)
situations = st.builds(
    Situation,
    concealed=st.lists(st.integers(0, 33), min_size=0, max_size=15).map(tuple)
    | st.lists(tiles, max_size=15).map(tuple),
    win_tile=tiles,
    melds=st.lists(melds, max_size=4).map(tuple),
    win=st.sampled_from(list(WinKind)),
    seat_wind=st.integers(25, 35),
    round_wind=st.integers(25, 35),
    flowers=st.lists(tiles, max_size=9).map(tuple),
    dealer_repeats=st.integers(-1, 9),
    eighth_repeat=st.booleans(),
    replacements=st.lists(st.sampled_from(["kong", "flower", "x"]), max_size=3).map(tuple),
    robbing_kong=st.booleans(),
    last_tile=st.booleans(),
    blessing=st.sampled_from([None, "heaven", "earth", "x"]),
    special=st.sampled_from([None, "eight_immortals", "terminal_discards", "all_simples"]),
)


@settings(max_examples=300, deadline=None)
@given(situations)
def test_never_raises(sit: Situation) -> None:
    result = score(sit, RULES["hu-4p"])
    assert result.valid or result.reason
    if result.valid:
        assert result.total > 0


complete = st.builds(
    lambda groups, pair: (*(t for g in groups for t in g), pair, pair),
    st.lists(
        st.one_of(
            st.integers(0, 33).map(lambda t: (t, t, t)),
            st.sampled_from([b + i for b in (0, 9, 18) for i in range(7)]).map(
                lambda t: (t, t + 1, t + 2)
            ),
        ),
        min_size=4, max_size=4,
    ),
    st.integers(0, 33),
)


@settings(max_examples=200, deadline=None)
@given(complete, st.booleans())
def test_complete_hands_are_scored_or_refused_with_a_reason(
    concealed: tuple[int, ...], self_drawn: bool
) -> None:
    sit = Situation(concealed=concealed, win_tile=concealed[-1],
                    win=WinKind.SELF_DRAW if self_drawn else WinKind.DISCARD)
    result = score(sit, RULES["hu-4p"])
    if max(concealed.count(t) for t in concealed) > 4:
        assert not result.valid and "at most 4" in (result.reason or "")
    elif result.valid:
        assert 0 < result.total <= 20000
        assert result.payments.as_dict()
    else:
        assert result.reason is not None and "no qualifying pattern" in result.reason

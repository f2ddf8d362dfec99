"""Tile notation: text and Unicode round trips, hands with melds, and precise errors."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tingpai.tiles import (
    EAST,
    GREEN,
    M1,
    NUM_KINDS,
    NUM_TILE_IDS,
    P9,
    PLUM,
    RED,
    S5,
    WHITE,
    InvalidNotation,
    Meld,
    MeldKind,
    counts_to_str,
    counts_to_tiles,
    parse_counts,
    parse_hand,
    parse_meld,
    parse_tile,
    parse_tiles,
    tile_to_str,
    tiles_to_str,
    tiles_to_unicode,
)

relaxed = settings(deadline=None)  # the machine is shared: no per-example time limit

VS_TEXT = "\ufe0e"
VS_EMOJI = "\ufe0f"

tile_lists = st.lists(st.integers(0, NUM_TILE_IDS - 1), max_size=30)
# Characters that can never appear in notation (digits, suit letters, spaces, commas,
# Unicode tiles and variation selectors can).
bad_chars = st.characters(
    blacklist_categories=("Cs", "Zs", "Zl", "Zp", "Cc"),
).filter(
    lambda ch: (
        not (ch.isdigit() or ch.isspace() or ch in "mpszf," or ch in (VS_TEXT, VS_EMOJI))
        and not 0x1F000 <= ord(ch) <= 0x1F02B
    )
)


def test_known_text() -> None:
    assert parse_tiles("123m 9p 5s 1z 7z 1f") == [0, 1, 2, P9, S5, EAST, RED, PLUM]
    assert tiles_to_str([RED, M1, P9, 2]) == "13m9p7z"
    assert tile_to_str(WHITE) == "5z"


def test_unicode_order_of_dragons() -> None:
    # U+1F004 is the Red dragon, U+1F005 Green, U+1F006 White (RULES.md).
    assert parse_tiles("\U0001f004\U0001f005\U0001f006") == [RED, GREEN, WHITE]
    assert parse_tiles("\U0001f000\U0001f007") == [EAST, M1]


@relaxed
@given(tile_lists)
def test_text_round_trip(tiles: list[int]) -> None:
    text = tiles_to_str(tiles)
    assert parse_tiles(text) == sorted(tiles)
    assert tiles_to_str(parse_tiles(text)) == text


@relaxed
@given(tile_lists)
def test_unsorted_text_keeps_order(tiles: list[int]) -> None:
    assert parse_tiles(tiles_to_str(tiles, sort=False)) == tiles


@relaxed
@given(tile_lists)
def test_unicode_round_trip_with_text_selector(tiles: list[int]) -> None:
    text = tiles_to_unicode(tiles)
    # The Red dragon, and only it, is followed by U+FE0E so it renders as a tile.
    assert text.count(VS_TEXT) == tiles.count(RED)
    assert parse_tiles(text) == sorted(tiles)


@relaxed
@given(tile_lists, st.data())
def test_unicode_round_trip_any_selectors(tiles: list[int], data: st.DataObject) -> None:
    plain = tiles_to_unicode(tiles).replace(VS_TEXT, "")
    assert parse_tiles(plain) == sorted(tiles)
    decorated = "".join(ch + data.draw(st.sampled_from(["", VS_TEXT, VS_EMOJI])) for ch in plain)
    assert parse_tiles(decorated) == sorted(tiles)


@relaxed
@given(tile_lists, tile_lists)
def test_mixed_text_and_unicode(first: list[int], second: list[int]) -> None:
    text = tiles_to_str(first) + " " + tiles_to_unicode(second)
    assert parse_tiles(text) == sorted(first) + sorted(second)


@relaxed
@given(st.lists(st.integers(0, NUM_KINDS - 1), max_size=14))
def test_counts_round_trip(tiles: list[int]) -> None:
    counts = [0] * NUM_KINDS
    for t in tiles:
        counts[t] += 1
    if max(counts, default=0) > 4:
        with pytest.raises(InvalidNotation, match=r"appears \d times"):
            parse_counts(tiles_to_str(tiles))
        return
    assert parse_counts(counts_to_str(counts)) == counts
    assert counts_to_tiles(counts) == sorted(tiles)


@relaxed
@given(st.lists(st.integers(-1, 6), max_size=NUM_TILE_IDS))
def test_counts_notation_is_the_sorted_tiles_notation(counts: list[int]) -> None:
    """Any count array up to the bonus tiles (42 kinds), any length, even counts past 4 or
    below 0 (read as none), is written as its sorted tiles are."""
    assert counts_to_str(counts) == tiles_to_str(counts_to_tiles(counts))
    assert counts_to_str(tuple(counts)) == counts_to_str(counts)


def test_counts_notation_past_the_bonus_tiles_names_the_tile_id() -> None:
    with pytest.raises(InvalidNotation, match="tile id 42 is out of range"):
        counts_to_str([0] * NUM_TILE_IDS + [1])
    with pytest.raises(InvalidNotation, match="tile id -1 is out of range"):
        tiles_to_str([3, -1], sort=False)


@settings(max_examples=200, deadline=None)
@given(tile_lists, st.data())
def test_bad_character_is_named_with_its_position(tiles: list[int], data: st.DataObject) -> None:
    text = tiles_to_str(tiles, sort=False)
    position = data.draw(st.integers(0, len(text)))
    ch = data.draw(bad_chars)
    bad = text[:position] + ch + text[position:]
    with pytest.raises(InvalidNotation) as info:
        parse_tiles(bad)
    message = str(info.value)
    assert repr(ch) in message
    assert f"position {position}" in message


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("123", "digits at position 0 have no suit letter"),
        ("12 3m", "digits at position 0 have no suit letter (found ' ' at position 2)"),
        ("m", "suit letter 'm' at position 0 has no digits"),
        ("8z", "digit 8 at position 0 is not a tile of suit 'z'"),
        ("19f", "digit 9 at position 1 is not a tile of suit 'f'"),
        ("0p", "digit 0 at position 0"),
        (VS_TEXT + "1m", "variation selector at position 0"),
        ("1m" + VS_TEXT, "variation selector at position 2"),
        ("12\U0001f004", "digits at position 0 have no suit letter before the Unicode tile"),
    ],
)
def test_error_messages(text: str, fragment: str) -> None:
    with pytest.raises(InvalidNotation, match=re.escape(fragment)):
        parse_tiles(text)


def test_parse_tile_needs_exactly_one() -> None:
    assert parse_tile("7z") == RED
    with pytest.raises(InvalidNotation, match="exactly one tile"):
        parse_tile("12m")


def test_hand_with_melds_and_winning_tile() -> None:
    concealed, melds, win = parse_hand("123s123p789p99p [123m] [[7777z]] +9p")
    # Concealed tiles in the order written, the winning tile added last.
    assert concealed == [18, 19, 20, 9, 10, 11, 15, 16, 17, 17, 17, P9]
    assert win == P9
    assert melds[0] == Meld(MeldKind.CHOW, (0, 1, 2))
    assert melds[1].kind is MeldKind.KONG and melds[1].concealed
    assert [m.to_str() for m in melds] == ["chow 123m", "ckong 7777z"]


@relaxed
@given(st.sampled_from(["chow 345m", "pung 555p", "kong 1111s", "ckong 7777z"]))
def test_meld_round_trip(text: str) -> None:
    assert parse_meld(text).to_str() == text
    assert Meld.from_str(text) == parse_meld(text)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("[135m]", "not three consecutive"),
        ("[12m]", "three or four tiles"),
        ("[1234m]", "not 4 identical"),
        ("[123m", "unclosed '[' at position 0"),
        ("11m +1m +2m", "second winning tile at position 8"),
        ("12x3m", "unexpected character 'x' at position 2"),
    ],
)
def test_hand_errors(text: str, fragment: str) -> None:
    with pytest.raises(InvalidNotation, match=re.escape(fragment)):
        parse_hand(text)


def test_a_meld_holding_a_bonus_tile_names_it_in_notation() -> None:
    with pytest.raises(InvalidNotation, match="meld tile 1f is not a suited or honour tile"):
        parse_meld("pung 111f")


@pytest.mark.parametrize("junk", [None, 5, 1.5, b"1m", ["1m"], {"a": 1}, {1}])
@pytest.mark.parametrize("parser", [parse_tiles, parse_tile, parse_meld, parse_hand])
def test_text_that_is_not_a_string_is_invalid_notation(
    parser: Callable[[str], object], junk: object
) -> None:
    """A non-string (a dict, bytes, a number) is named, not a TypeError or KeyError."""
    with pytest.raises(InvalidNotation, match="tile text must be a string, got"):
        parser(junk)  # type: ignore[arg-type]

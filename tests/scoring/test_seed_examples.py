"""Every example hand printed in the seed scores the pattern it illustrates.

Each row copies a seed line verbatim (Unicode tiles, the Red dragon with U+FE0E).  Partial
examples are completed with a filler of plain groups that adds nothing of the same category;
the winning tile and the way of winning are chosen so that the illustrated pattern is the
natural reading (e.g. All Triplets won on a discarded 2m, so it is not Four Concealed
Triplets).  Kong examples are declared as exposed kongs; flower examples are declared.
"""

from __future__ import annotations

from typing import Any

import pytest
from scoring_helpers import RULES, counted

from tingpai.rules import WinKind
from tingpai.scoring import Situation, score
from tingpai.tiles import Meld, MeldKind, parse_tile, parse_tiles, wind_from_str

# (pattern id, seed line, filler tiles, winning tile, how the seed tiles are used, extra)
EXAMPLES: list[tuple[str, str, str, str, str, dict[str, Any]]] = [
    ("all_sequences", "🀋🀌🀍 🀙🀚🀛 🀒🀓🀔 🀖🀗🀘 🀂🀂", "", "3z", "hand", {}),
    ("all_simples", "🀈🀉🀊 🀠🀠🀠 🀛🀜🀝 🀕🀖🀗 🀚🀚", "", "2p", "hand", {}),
    ("two_pure_sequences", "🀇🀈🀉 🀇🀈🀉", "456p789s22z", "2z", "hand", {}),
    ("three_pure_sequences", "🀇🀈🀉 🀇🀈🀉 🀇🀈🀉", "456p11z", "2m", "hand", {}),
    ("four_pure_sequences", "🀇🀈🀉 🀇🀈🀉 🀇🀈🀉 🀇🀈🀉", "55p", "5p", "hand", {}),
    ("pure_straight", "🀇🀈🀉 🀊🀋🀌 🀍🀎🀏", "234p55s", "5s", "hand", {}),
    ("two_pure_sequences_twice", "🀇🀈🀉 🀇🀈🀉 🀝🀞🀟 🀝🀞🀟", "11z", "1z", "hand", {}),
    ("all_triplets", "🀈🀈🀈 🀕🀕🀕 🀁🀁🀁 🀆🀆🀆 🀒🀒", "", "2m", "hand", {}),
    ("one_quad", "🀑🀑🀑🀑", "123m456p777z55p", "5p", "kongs", {}),
    ("two_quads", "🀑🀑🀑🀑 🀔🀔🀔🀔", "123m456p99m", "9m", "kongs", {}),
    ("three_quads", "🀑🀑🀑🀑 🀔🀔🀔🀔 🀍🀍🀍🀍", "123p99m", "9m", "kongs", {}),
    ("four_quads", "🀑🀑🀑🀑 🀔🀔🀔🀔 🀍🀍🀍🀍 🀅🀅🀅🀅", "99m", "9m", "kongs", {}),
    ("value_triplet", "🀀🀀🀀", "123m456p789s55s", "5s", "hand", {}),
    ("little_three_dragons", "🀄︎🀄︎🀄︎ 🀆🀆🀆 🀅🀅", "123m456p", "6z", "hand", {}),
    ("big_three_dragons", "🀄︎🀄︎🀄︎ 🀅🀅🀅 🀆🀆🀆", "123m55p", "5p", "hand", {}),
    ("little_four_winds", "🀀🀀🀀 🀁🀁🀁 🀂🀂🀂 🀃🀃", "123m", "4z", "hand", {}),
    ("big_four_winds", "🀀🀀🀀 🀁🀁🀁 🀂🀂🀂 🀃🀃🀃", "55p", "5p", "hand", {}),
    ("all_honors", "🀀🀀🀀 🀂🀂🀂 🀃🀃🀃 🀅🀅🀅 🀄︎🀄︎", "", "7z", "hand", {}),
    ("half_outside", "🀐🀑🀒 🀍🀎🀏 🀀🀀🀀 🀅🀅🀅 🀇🀇", "", "1m", "hand", {}),
    ("fully_outside", "🀐🀑🀒 🀍🀎🀏 🀙🀚🀛 🀡🀡🀡 🀇🀇", "", "1m", "hand", {}),
    ("all_terminals_and_honors", "🀇🀇🀇 🀏🀏🀏 🀘🀘🀘 🀃🀃🀃 🀄︎🀄︎", "", "1m", "hand", {}),
    ("all_terminals", "🀇🀇🀇 🀏🀏🀏 🀐🀐🀐 🀘🀘🀘 🀙🀙", "", "1p", "hand", {}),
    ("all_types", "🀛🀜🀝 🀍🀍🀍 🀔🀕🀖 🀀🀀🀀 🀅🀅", "", "6z", "hand", {}),
    ("half_flush", "🀐🀐🀐 🀒🀓🀔 🀓🀔🀕 🀃🀃🀃 🀄︎🀄︎", "", "7z", "hand", {}),
    ("full_flush", "🀐🀐🀐 🀒🀓🀔 🀓🀔🀕 🀖🀖🀖 🀗🀗", "", "8s", "hand", {}),
    ("all_green", "🀑🀒🀓 🀓🀓🀓 🀕🀕🀕 🀗🀗🀗 🀅🀅", "", "6z", "hand", {}),
    ("nine_gates", "🀇🀇🀇🀈🀉🀊🀋🀌🀍🀎🀏🀏🀏", "5m", "5m", "hand", {}),
    ("three_consecutive_triplets", "🀝🀝🀝 🀞🀞🀞 🀟🀟🀟", "123m99s", "9s", "hand", {}),
    ("four_consecutive_triplets", "🀝🀝🀝 🀞🀞🀞 🀟🀟🀟 🀠🀠🀠", "99s", "8p", "hand", {}),
    ("parallel_sequences_twice", "🀇🀈🀉 🀐🀑🀒 🀋🀌🀍 🀔🀕🀖", "99p", "9p", "hand", {}),
    ("parallel_triplets_twice", "🀚🀚🀚 🀈🀈🀈 🀝🀝🀝 🀋🀋🀋", "99s", "5m", "hand", {}),
    ("three_color_sequences", "🀋🀌🀍 🀔🀕🀖 🀝🀞🀟", "123m99s", "9s", "hand", {}),
    ("three_color_triplets", "🀍🀍🀍 🀖🀖🀖 🀟🀟🀟", "123m99s", "9s", "hand", {}),
    ("seven_pairs", "🀕🀕 🀘🀘 🀈🀈 🀝🀝 🀟🀟 🀅🀅 🀆🀆", "", "5z", "hand", {}),
    ("seven_consecutive_pairs", "🀙🀙 🀚🀚 🀛🀛 🀜🀜 🀝🀝 🀞🀞 🀟🀟", "", "7p", "hand", {}),
    ("thirteen_orphans", "🀇🀇🀏🀐🀘🀙🀡🀀🀁🀂🀃🀄︎🀅🀆", "", "1m", "hand", {}),
    ("eight_immortals", "🀢🀣🀤🀥 🀦🀧🀨🀩", "123m456p789s1122z", "1z", "flowers",
     {"special": "eight_immortals", "win": WinKind.SELF_DRAW}),
    ("flower_tile", "🀢", "123m456p789s234s55p", "5p", "flowers", {}),
    ("flower_set", "🀢🀣🀤🀥", "123m456p789s234s55p", "5p", "flowers", {}),
]


def _situation(line: str, filler: str, win: str, use: str, extra: dict[str, Any]) -> Situation:
    seed = parse_tiles(line)
    concealed = parse_tiles(filler)
    melds: tuple[Meld, ...] = ()
    flowers: tuple[int, ...] = ()
    if use == "hand":
        concealed = seed + concealed
    elif use == "kongs":
        melds = tuple(
            Meld(MeldKind.KONG, tuple(seed[i : i + 4])) for i in range(0, len(seed), 4)
        )
    else:
        flowers = tuple(seed)
    kwargs: dict[str, Any] = {"win": WinKind.DISCARD, **extra}
    return Situation(
        concealed=tuple(concealed), win_tile=parse_tile(win), melds=melds, flowers=flowers,
        seat_wind=wind_from_str("S"), round_wind=wind_from_str("E"), **kwargs,
    )


@pytest.mark.parametrize(("pattern", "line", "filler", "win", "use", "extra"), EXAMPLES,
                         ids=[row[0] for row in EXAMPLES])
def test_seed_example_scores_its_pattern(
    pattern: str, line: str, filler: str, win: str, use: str, extra: dict[str, Any]
) -> None:
    result = score(_situation(line, filler, win, use, extra), RULES["hu-4p"])
    assert result.valid, result.reason
    assert pattern in counted(result), (counted(result), result.superseded)


def test_unicode_red_dragon_with_text_selector() -> None:
    assert parse_tiles("🀄︎🀄︎🀄︎ 🀆🀆🀆 🀅🀅") == parse_tiles("777z555z66z")

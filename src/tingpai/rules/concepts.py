"""One pattern id per concept across every ruleset.

A concept is the same thing rewarded, whatever a seed calls it: 对对和 (Hu "All Triplets")
and 對對糊 (Hong Kong "All Pungs") are one concept, so both tables use the id
``all_triplets`` and keep their own spelling as the display ``name``/``chinese``/``pinyin``.
The details may differ between seeds (Hong Kong's Win on the Final Wall Tile is self-drawn
only, Hu's Winning on the Last Draw/Discard is not) and still be one concept, so results can
be compared across tables by id.  Where Hu has the concept its id is used (Hu ids were the
first in scores, records and tests), else the MahJongo Hong Kong table's.

Concepts that only look alike keep different ids: Hu ``value_triplet`` (any dragon, seat-
or prevalent-wind triplet) is not Hong Kong ``dragon_pung`` / ``seat_wind`` /
``prevailing_wind`` (three patterns); Hu ``fully_concealed`` (self-drawn with no exposed
meld) is not Hong Kong ``closed_hand`` (no declared meld, on any win).

:data:`CONCEPTS` lists every id shared by more than one family with the ids the tables
used before this rule; :meth:`tingpai.rules.Ruleset.pattern` still accepts a former id as
an alias, but every output uses the id.  ``docs/rules/index.md`` shows the whole
id × ruleset matrix, generated from the rulesets.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Concept:
    """A pattern concept shared by several rulesets: its id and the ids it replaced."""

    id: str
    """The one id every ruleset uses for it."""
    summary: str
    """What is rewarded, in a few words (each table's own wording is its pattern's name)."""
    former: tuple[str, ...] = ()
    """Ids a table used for it before (accepted as aliases, never printed)."""


CONCEPTS: tuple[Concept, ...] = (
    Concept("all_sequences", "four chows and a pair (平和 / 平糊)", ("all_chows",)),
    Concept("self_draw", "the winning tile drawn by the winner (自摸)", ("self_drawn",)),
    Concept("dragon_pung", "a dragon pung or kong, each (三元牌)"),
    Concept("seat_wind", "a pung or kong of the seat wind (門風)"),
    Concept("prevailing_wind", "a pung or kong of the round wind (圈風)", ("prevalent_wind",)),
    Concept("all_triplets", "four pungs or kongs and a pair (对对和 / 對對糊)", ("all_pungs",)),
    Concept("four_concealed_triplets", "four concealed pungs (四暗刻)",
            ("four_concealed_pungs",)),
    Concept("four_quads", "four kongs (四杠 / 十八羅漢)", ("four_kongs",)),
    Concept("all_terminals_and_honors", "only terminals and honours (混老头 / 混么九)",
            ("all_terminals_and_honours",)),
    Concept("all_terminals", "only terminals (清老头 / 清么九)"),
    Concept("all_honors", "only honours (字一色)", ("all_honours",)),
    Concept("half_flush", "one suit and honours (混一色)"),
    Concept("full_flush", "one suit, no honours (清一色)"),
    Concept("little_three_dragons", "two dragon pungs and a dragon pair (小三元)"),
    Concept("big_three_dragons", "three dragon pungs (大三元)"),
    Concept("little_four_winds", "three wind pungs and a wind pair (小四喜)"),
    Concept("big_four_winds", "four wind pungs (大四喜)"),
    Concept("nine_gates", "1112345678999 of one suit plus any of it (九莲宝灯)"),
    Concept("thirteen_orphans", "one of each terminal and honour plus a pair (十三么)"),
    Concept("after_a_kong", "won on a replacement tile (杠上开花 / 槓上開花)",
            ("kong_replacement", "replacement_tile")),
    Concept("robbing_the_kong", "won on a tile added to a kong (抢杠 / 搶槓)",
            ("robbing_a_kong",)),
    Concept("last_tile", "won on the last tile of the wall or hand (海底捞月 / 海底撈月)",
            ("final_tile",)),
    Concept("blessing_of_heaven", "the dealer wins on the initial hand (天胡 / 天糊)"),
    Concept("blessing_of_earth", "a non-dealer wins at once after the deal (地胡 / 地糊)"),
)
"""Every pattern id used by more than one family (Hu, MahJongo Hong Kong, fan-laak)."""

FORMER_IDS: Mapping[str, str] = {
    former: concept.id for concept in CONCEPTS for former in concept.former
}
"""A former id -> the concept's id."""


def canonical_id(id: str) -> str:
    """The concept id of a pattern id, former ids included (others are returned as given).

    >>> canonical_id("all_pungs"), canonical_id("all_triplets"), canonical_id("closed_hand")
    ('all_triplets', 'all_triplets', 'closed_hand')
    """
    return FORMER_IDS.get(id, id)

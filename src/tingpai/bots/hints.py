"""What a player may be told about their own hand: shanten, waits, the discard table, and
what each wait is worth at the table.

:func:`analyze` is the analysis behind ``tingpai analyze`` (a hand, its melds and the tiles
seen elsewhere); :func:`hint` applies it to one seat's :class:`Observation`, the hint that
the terminal game and the browser table show: the best discards with live counts, the waits
with their value by discard and by self-draw (Hu: "ready but no pattern"; Hong Kong: the fan
against the table minimum), whether the seat may win now, and the sacred-discard warning
(Hu's furiten: a wait in one's own pond bars every win by discard).  Only the seat's own
tiles and public information are used, so a hint never leaks another seat's hand.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from tingpai.analysis import (
    DiscardOption,
    Form,
    decompositions,
    discard_table,
    improving_tiles,
    is_seven_pairs,
    is_thirteen_orphans,
    shanten_by_form,
    waits,
)
from tingpai.analysis.capped import UNREACHABLE, capped_shanten, limits
from tingpai.engine import ActionKind, Observation, Phase
from tingpai.rules import Payments, Ruleset, WinKind
from tingpai.scoring import Score, Situation, score
from tingpai.tiles import NUM_KINDS, Meld, Tile, tile_to_str, tiles_to_str, to_counts, wind_to_str

FORM_WORDS = {Form.STANDARD: "standard", Form.PAIRS: "pairs", Form.ORPHANS: "orphans"}
"""The words ``analyze`` uses for the winning forms."""


class TableRules:
    """What ``--rules`` fixes: the ruleset, its tile kinds and the winds to score with; at
    a table also the seat's declared flowers and the dealer's repeats, which count in what
    a win is worth (Hu's Flower Tile, the repeat bonuses)."""

    def __init__(
        self, ruleset: Ruleset, seat_wind: Tile, round_wind: Tile, *,
        flowers: Sequence[Tile] = (), dealer_repeats: int = 0, eighth_repeat: bool = False,
    ) -> None:
        self.ruleset = ruleset
        self.kinds = frozenset(ruleset.options.tile_kinds)
        self.seat_wind = seat_wind
        self.round_wind = round_wind
        self.flowers = tuple(flowers)
        self.dealer_repeats = dealer_repeats
        self.eighth_repeat = eighth_repeat
        # The same table without a minimum or a qualifying-pattern rule, to say what a
        # wait that may not win would have scored.
        self.relaxed = Ruleset(
            id=ruleset.id, name=ruleset.name,
            options=dataclasses.replace(ruleset.options, min_value=0, require_pattern=False),
            patterns=ruleset.patterns, payment=lambda value, self_drawn: Payments(),
        )

    @classmethod
    def of_seat(cls, obs: Observation) -> TableRules:
        """The table as the seat of ``obs`` would score a win now."""
        seat = obs.seat
        return cls(
            obs.ruleset, obs.seat_winds[seat], obs.round_wind, flowers=obs.flowers[seat],
            dealer_repeats=obs.repeats if seat == obs.dealer else 0,
            eighth_repeat=obs.eighth_repeat,
        )

    def situation(self) -> dict[str, Any]:
        """What the wins are scored with, for the reader of a hint."""
        return {
            "flowers": tiles_to_str(self.flowers, sort=False),
            "dealer_repeats": self.dealer_repeats,
            "eighth_repeat": self.eighth_repeat,
            "seat_wind": wind_to_str(self.seat_wind),
            "round_wind": wind_to_str(self.round_wind),
        }


def analyze(
    concealed: Sequence[Tile], melds: Sequence[Meld], forms: Form, visible: Sequence[int],
    table: TableRules | None = None,
) -> dict[str, Any]:
    """The analysis of one hand as a JSON-ready dict (with ``table``: at that table)."""
    counts = to_counts(concealed)
    held = counts[:]  # the hand's own tiles, its declared melds included
    for meld in melds:
        for t in meld.tiles:
            held[t] += 1
    seen = held[:]  # tiles that cannot be drawn: those and the visible ones
    for t in range(NUM_KINDS):
        seen[t] += visible[t]
        if table is not None and t not in table.kinds:
            seen[t] = 4  # not in this tile set: never live
    # RULES.md: a kind whose four tiles are all in the hand and its melds is no wait, and
    # a kind outside the set is never drawn: with melds or a partial set the shape alone
    # can overstate how near the hand is (the capped analysis counts them; without either
    # the tables are exact and faster).
    melded = [h - c for h, c in zip(held, counts, strict=True)]
    caps = limits(melded, None if table is None else table.kinds)
    capped = any(cap < 4 for cap in caps)
    result: dict[str, Any] = {}
    if table is not None:
        result["rules"] = table.ruleset.id
    by_form = shanten_by_form(counts, forms)  # raises when no chosen form applies
    if capped:
        limited = {form: value for form in by_form
                   if (value := capped_shanten(counts, caps, form)) != UNREACHABLE}
        # (no form completable with the tiles left: the shape's own figures stand)
        by_form = limited or by_form
    result.update({
        "hand": tiles_to_str(concealed),
        "melds": [m.to_str() for m in melds],
        "tiles": len(concealed) + 3 * len(melds),
        "forms": [word for form, word in FORM_WORDS.items() if form in forms],
        "shanten": min(by_form.values()),
        "shanten_by_form": {FORM_WORDS[form]: value for form, value in by_form.items()},
    })

    def drawable(tiles: Sequence[Tile]) -> list[Tile]:
        return [t for t in tiles if table is None or t in table.kinds]

    if len(concealed) % 3 == 1:
        ready = [t for t in drawable(waits(counts, forms)) if held[t] < 4]
        if ready:
            tiles = ready
        elif capped:
            tiles = _capped_improving(counts, caps, forms, result["shanten"])
        else:
            tiles = drawable(improving_tiles(counts, forms))
        result["waits"] = [tile_to_str(t) for t in ready]
        result["improving"] = [tile_to_str(t) for t in tiles]
        result["live"] = sum(max(0, 4 - seen[t]) for t in tiles)
        if table is not None and ready:
            result["minimum"] = table.ruleset.options.min_value
            result["unit"] = table.ruleset.unit.value
            result["seat_wind"] = wind_to_str(table.seat_wind)
            result["round_wind"] = wind_to_str(table.round_wind)
            result["wins"] = [
                _wait_wins(concealed, melds, t, max(0, 4 - seen[t]), table) for t in ready
            ]
    else:
        result["complete"] = result["shanten"] == -1
        found = decompositions(counts) if Form.STANDARD in forms else []
        result["decompositions"] = [str(d) for d in found]
        result["seven_pairs"] = Form.PAIRS in forms and not melds and is_seven_pairs(counts)
        result["thirteen_orphans"] = (
            Form.ORPHANS in forms and not melds and is_thirteen_orphans(counts)
        )
        if capped:
            options = _capped_discards(counts, caps, forms, seen)
        else:
            # Copies that cannot be drawn beyond the concealed ones: visible, not in the set.
            unavailable = [min(4, n) - c for n, c in zip(seen, counts, strict=True)]
            options = discard_table(counts, unavailable, forms)
        result["discards"] = []
        for option in options:
            improving = drawable(option.improving)
            result["discards"].append({
                "tile": tile_to_str(option.tile),
                "shanten": option.shanten,
                "improving": [tile_to_str(t) for t in improving],
                "live": option.live,
            })
    return result


def _capped_improving(
    counts: Sequence[int], caps: Sequence[int], forms: Form, now: int
) -> list[Tile]:
    """Kinds that can still be drawn and bring the hand nearer within the limits."""
    drawn = list(counts)
    found = []
    for t in range(NUM_KINDS):
        if drawn[t] >= caps[t]:
            continue
        drawn[t] += 1
        if capped_shanten(drawn, caps, forms) < now:
            found.append(t)
        drawn[t] -= 1
    return found


def _capped_discards(
    counts: Sequence[int], caps: Sequence[int], forms: Form, seen: Sequence[int]
) -> list[DiscardOption]:
    """:func:`~tingpai.analysis.discard_table` within the limits (live: 4 less the copies
    seen, the discarded one and the melds' included)."""
    options = []
    rest = list(counts)
    for t in range(NUM_KINDS):
        if not rest[t]:
            continue
        rest[t] -= 1
        after = capped_shanten(rest, caps, forms)
        improving = tuple(_capped_improving(rest, caps, forms, after))
        live = sum(max(0, 4 - seen[k]) for k in improving)
        options.append(DiscardOption(t, after, improving, live))
        rest[t] += 1
    options.sort(key=lambda o: (o.shanten, -o.live, o.tile))
    return options


def _wait_wins(
    concealed: Sequence[Tile], melds: Sequence[Meld], tile: Tile, live: int, table: TableRules
) -> dict[str, Any]:
    """One wait at the table: its live count and the win on it by discard and self-draw."""
    out: dict[str, Any] = {"tile": tile_to_str(tile), "live": live}
    for key, win in (("discard", WinKind.DISCARD), ("self_draw", WinKind.SELF_DRAW)):
        situation = Situation(
            concealed=(*concealed, tile), win_tile=tile, melds=tuple(melds), win=win,
            seat_wind=table.seat_wind, round_wind=table.round_wind, flowers=table.flowers,
            dealer_repeats=table.dealer_repeats, eighth_repeat=table.eighth_repeat,
        )
        out[key] = _win_outcome(score(situation, table.ruleset),
                                score(situation, table.relaxed), table.ruleset)
    return out


def _win_outcome(real: Score, relaxed: Score, ruleset: Ruleset) -> dict[str, Any]:
    """``{legal, total, patterns, ...}`` of one win; ``no_pattern`` (Hu) when the hand is
    complete without a qualifying pattern, ``short`` (fan below the table minimum)."""
    shown = real if real.valid else relaxed
    out: dict[str, Any] = {
        "legal": real.valid,
        "total": shown.total if shown.valid else 0,
        "patterns": [p.id for p in shown.patterns],
    }
    if real.valid:
        out["payments"] = real.payments.as_dict()
        return out
    out["reason"] = real.reason
    if relaxed.valid:
        qualifying = any(ruleset.pattern(p.id).qualifies for p in relaxed.patterns)
        if ruleset.options.require_pattern and not qualifying:
            out["no_pattern"] = True
        if relaxed.total < ruleset.options.min_value:
            out["short"] = ruleset.options.min_value - relaxed.total
    return out




def _sacred(ruleset: Ruleset, pond: Sequence[Tile], wait_tiles: Sequence[Tile]) -> list[str]:
    """The waits that lie in the seat's own pond when the table has sacred discard."""
    if not ruleset.options.furiten:
        return []
    own = set(pond)
    return [tile_to_str(t) for t in wait_tiles if t in own]


def hint(obs: Observation) -> dict[str, Any]:
    """The hint for the seat of ``obs``: :func:`analyze` of its hand at the table, plus
    what the moment adds.

    Keys beyond :func:`analyze`'s: ``seat``; ``flowers_held`` (undeclared bonus tiles; while
    they make the hand short, ``shanten`` is None and nothing else is analyzed);
    ``can_declare`` (whether declaring them is legal now: in the seat's own turn); ``can_win``
    (the legal ``tsumo``/``ron`` actions' kinds); ``sacred`` (13 tiles: the waits lying in the
    seat's own pond, which bar every win by discard when the table has sacred discard);
    ``pond_left`` (the seat's discards before its pond reaches the limit, or None);
    ``unit``; ``situation`` (what every win is scored with: the seat's declared flowers,
    the dealer's repeats, the eighth repeat and the winds, so a wait's ``total`` is the
    hand's value as the table would score it); and per ready discard in the discard table
    its ``waits``, their ``wins`` at the table and ``sacred`` (waits that would then lie in
    the pond, the discarded tile included).

    >>> from tingpai.engine import Hand
    >>> view = hint(Hand("hk-4p", seed=3).observe(0))  # the dealer holds 14 tiles
    >>> view["tiles"], view["discards"][0]["shanten"] <= view["shanten"] + 1
    (14, True)
    """
    seat = obs.seat
    ruleset = obs.ruleset
    table = TableRules.of_seat(obs)
    concealed = [t for t in range(NUM_KINDS) for _ in range(obs.hand[t])]
    melds = list(obs.melds[seat])
    pond = obs.ponds[seat]
    # Seen outside the hand and its melds (``analyze`` counts those): ``obs.visible``
    # holds every pond and meld, the seat's own melds and a discard on offer included.
    visible = list(obs.visible)
    for meld in melds:
        for t in meld.tiles:
            visible[t] -= 1
    if obs.phase is Phase.ROBBING and obs.claim_tile is not None and obs.claim_tile < NUM_KINDS:
        # The tile added to a kong is in no pond or meld yet: count it as seen.
        visible[obs.claim_tile] += 1
    held = to_counts(concealed)
    for meld in melds:
        for t in meld.tiles:
            held[t] += 1
    visible = [max(0, min(v, 4 - h)) for v, h in zip(visible, held, strict=True)]
    moment: dict[str, Any] = {
        "seat": seat,
        "can_win": [
            a.kind.value for a in obs.legal if a.kind in (ActionKind.TSUMO, ActionKind.RON)
        ],
        "pond_left": None if obs.pond_left is None else obs.pond_left[seat],
        "flowers_held": tiles_to_str(
            [t for t in range(NUM_KINDS, len(obs.hand)) for _ in range(obs.hand[t])]),
        "can_declare": any(a.kind is ActionKind.FLOWER for a in obs.legal),
        "unit": ruleset.unit.value,
        "situation": table.situation(),
    }
    if len(concealed) + 3 * len(melds) not in (13, 14):
        # Undeclared flowers: the hand is short until they are declared and replaced.
        return {**moment, "shanten": None, "sacred": []}
    result = analyze(concealed, melds, obs.forms, visible, table)
    result.update(moment)
    if "waits" in result:
        ready = [t for t in range(NUM_KINDS) if tile_to_str(t) in set(result["waits"])]
        result["sacred"] = _sacred(ruleset, pond, ready)
        return result
    result["sacred"] = []
    counts = to_counts(concealed)
    for option in result["discards"]:
        if option["shanten"] != 0:
            continue
        tile = concealed[[tile_to_str(t) for t in concealed].index(option["tile"])]
        counts[tile] -= 1
        after = [t for t in range(NUM_KINDS) if counts[t] for _ in range(counts[t])]
        visible[tile] += 1  # the discard lies in the pond
        left = analyze(after, melds, obs.forms, visible, table)
        visible[tile] -= 1
        counts[tile] += 1
        option["waits"] = left.get("waits", [])
        option["wins"] = left.get("wins", [])
        ready = [t for t in range(NUM_KINDS) if tile_to_str(t) in set(option["waits"])]
        option["sacred"] = _sacred(ruleset, (*pond, tile), ready)
    return result


def hint_text(view: dict[str, Any]) -> str:
    """A :func:`hint` in a few plain lines (the terminal game's ``hint`` command)."""
    lines = []
    if view["flowers_held"] and view.get("can_declare", True):
        lines.append(f"declare your flowers ({view['flowers_held']}) to draw replacements")
    elif view["flowers_held"]:
        lines.append(f"flowers held ({view['flowers_held']}): declare them in your turn")
    if view["shanten"] is None:
        return "\n".join(lines)
    complete = "complete" if view["can_win"] else "complete, but no win is on offer now"
    state = {-1: complete, 0: "ready"}.get(view["shanten"], f"{view['shanten']} from ready")
    lines.append(f"shanten {view['shanten']} ({state})")
    if view["can_win"]:
        lines.append(f"you can win now: {' or '.join(view['can_win'])}")
    if "waits" in view:
        if view["waits"]:
            lines.append(f"waits {' '.join(view['waits'])} ({view['live']} live)")
            for wait in view.get("wins", []):
                lines.append(f"  {wait['tile']}: {_worth(wait, view.get('unit', ''))}")
        else:
            lines.append(f"improving {' '.join(view['improving'])} ({view['live']} live)")
    else:
        lines.append("best discards:")
        # only those that keep the hand nearest ready: a discard that backs off a step,
        # listed below them with its many (then useless) kinds, read as the better one
        fewest = min((o["shanten"] for o in view["discards"]), default=0)
        for option in [o for o in view["discards"] if o["shanten"] == fewest][:5]:
            text = f"  {option['tile']}: shanten {option['shanten']}, " \
                   f"{len(option['improving'])} kinds / {option['live']} live"
            if option.get("waits"):
                text += f"; waits {' '.join(option['waits'])}"
            if option.get("sacred"):
                text += f" (sacred discard: {' '.join(option['sacred'])} in your pond)"
            lines.append(text)
            # what the waits that discard leaves are worth: the choice between two ready
            # discards is often that (a wait with no pattern cannot win on a discard)
            for wait in option.get("wins", []):
                lines.append(f"      {wait['tile']}: {_worth(wait, view.get('unit', ''))}")
    if view["sacred"]:
        lines.append(f"sacred discard: {' '.join(view['sacred'])} in your pond; "
                     "you can win only by self-draw")
    if view["pond_left"] is not None:
        lines.append(f"pond limit in {view['pond_left']} discards")
    return "\n".join(lines)


def _worth(wait: dict[str, Any], unit: str = "") -> str:
    """One wait's value on a discard and by self-draw, in words, in the table's ``unit``
    (Hu points, Hong Kong fan)."""
    parts = []
    unit = f" {unit}" if unit else ""
    for key, words in (("discard", "discard"), ("self_draw", "self-draw")):
        outcome = wait[key]
        if outcome["legal"]:
            parts.append(f"{words} {outcome['total']}{unit}")
        elif outcome.get("no_pattern"):
            parts.append(f"{words}: no pattern")
        elif "short" in outcome:
            parts.append(f"{words} {outcome['total']}{unit} (short by {outcome['short']})")
        else:
            parts.append(f"{words}: no win")
    return ", ".join(parts) + f"  [{wait['live']} live]"

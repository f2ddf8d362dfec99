"""Round 5 audit of the hand analyser: shanten, waits, improving tiles, live counts and the
discard table (``tingpai.analysis``, ``tingpai.bots.hints``, ``tingpai analyze``) against a
small brute-force reference written here from the definitions alone:

- a hand is complete when it splits into the melds still to make and a pair (by trying a
  pair, a pung and a chow on its lowest kind), or is seven distinct pairs, or thirteen
  orphans (the last two only without declared melds);
- shanten is the least number of tiles to draw (each followed by a discard) before the
  hand is complete, less one: ``3m + 1`` less the most tiles of the hand one complete hand
  holds, where a complete hand never holds more of a kind than the player can still have
  (4 less the copies in their own melds; none of a kind the table's set lacks);
- a wait is a kind whose draw completes the hand; an improving kind one whose draw lowers
  the shanten; a kind's live count is 4 less the copies the player can see (own hand, own
  melds, every pond and meld in sight, the discard just made).

It also checks the hint of a seat at a real table (``hint``) counts each seen tile once.
"""

from __future__ import annotations

import dataclasses
import io
import json
import random
from contextlib import redirect_stdout
from functools import cache
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tingpai.analysis import Form
from tingpai.bots.hints import TableRules, analyze, hint
from tingpai.cli import main
from tingpai.engine import Hand, Phase
from tingpai.engine.observation import Observation
from tingpai.rules import find_ruleset, ruleset_ids
from tingpai.tiles import (
    EAST,
    NUM_KINDS,
    ORPHANS,
    Meld,
    MeldKind,
    Tile,
    parse_counts,
    parse_tile,
    tile_to_str,
    tiles_to_str,
)


def _seat_zero(rules: str, concealed: str, melds: tuple[Meld, ...] = (),
               **changes: object) -> Observation:
    """Seat 0's observation at a fresh ``rules`` table with its hand, melds and the
    ponds replaced (everything else as dealt)."""
    obs = Hand(rules, seed=3).observe(0)
    hand = list(obs.hand)
    hand[:34] = parse_counts(concealed)
    hand[34:] = [0] * (len(hand) - 34)
    players = obs.players
    fields: dict[str, object] = {
        "hand": tuple(hand),
        "melds": (melds,) + ((),) * (players - 1),
        "ponds": ((),) * players,
        "called": ((),) * players,
        "from_draw": ((),) * players,
    }
    fields.update(changes)
    return dataclasses.replace(obs, **fields)  # type: ignore[arg-type]


def _live(view: dict[str, object]) -> dict[str, int]:
    wins = view["wins"]
    assert isinstance(wins, list)
    return {w["tile"]: w["live"] for w in wins}


def test_hint_counts_the_seats_own_melds_once() -> None:
    """Before: ``hint`` took ``Observation.visible`` (which already holds every meld at
    the table, the seat's own included) as the tiles seen *outside* the hand and then
    added the seat's own melds again, so a declared pung of 1m left no 1m live (the
    fourth copy is still out there) and a declared chow 456m left two 4m live, not
    three."""
    pung = _seat_zero("hu-4p", "23m456p789s11z", (Meld.from_str("pung 111m"),))
    view = hint(pung)
    assert view["waits"] == ["1m", "4m"]
    assert _live(view) == {"1m": 1, "4m": 4}  # was {"1m": 0, ...}
    assert view["live"] == 5
    chow = _seat_zero("hu-4p", "23m456p789s11z", (Meld.from_str("chow 456m"),))
    view = hint(chow)
    assert _live(view) == {"1m": 4, "4m": 3}  # was 4m: 2
    assert view["live"] == 7
    # and in the discard table of the hand with one more tile
    drawn = _seat_zero("hu-4p", "23m456p789s11z5m", (Meld.from_str("chow 456m"),))
    five = next(o for o in hint(drawn)["discards"] if o["tile"] == "5m")
    assert five["live"] == 7 and _live(five) == {"1m": 4, "4m": 3}  # the 5m is no wait


def test_hint_counts_the_offered_discard_once() -> None:
    """Before: on another seat's discard (phase CLAIMS) ``hint`` added the offered tile
    to what it had seen, but the discard already lies in its discarder's pond and so in
    ``Observation.visible``: the tile was counted twice and a wait on it showed one
    copy too few (1z: 4 - 2 held - 1 discarded = 1 live, shown as 0)."""
    east = parse_tile("1z")
    obs = _seat_zero("hu-4p", "123m456p789s1122z", phase=Phase.CLAIMS, actor=1,
                     claim_tile=east, drawn=None,
                     ponds=((), (east,), (), ()), called=((), (False,), (), ()),
                     from_draw=((), (False,), (), ()))
    view = hint(obs)
    assert view["waits"] == ["1z", "2z"]
    assert _live(view) == {"1z": 1, "2z": 2}  # was 1z: 0
    assert view["live"] == 3


def test_hint_counts_the_discard_of_a_ready_option_in_its_waits() -> None:
    """Before: each ready discard of the hint's table carried ``wins`` whose live counts
    left out the tile just discarded (it lies in the pond), though the row's own ``live``
    counted it: nine gates plus a 5m, discarding the 5m, showed three 5m live (two are:
    one is held, one discarded) and the waits' live summed to one more than the row's."""
    view = hint(_seat_zero("hu-4p", "11123455678999m"))
    five = next(o for o in view["discards"] if o["tile"] == "5m")
    live = _live(five)
    assert live["5m"] == 2  # was 3
    assert sum(live.values()) == five["live"] == 22
    two = next(o for o in view["discards"] if o["tile"] == "2m")
    assert _live(two)["2m"] == 3  # was 4: the discarded 2m counted live
    assert sum(_live(two).values()) == two["live"]



# -- the reference -------------------------------------------------------------------------

_SUITS = ((0, 9, True), (9, 9, True), (18, 9, True), (27, 7, False))
"""(first kind, kinds, chows allowed) per suit."""
_UNREACHABLE = 99


def _splits(c: list[int], melds: int, pair: int) -> bool:
    """Whether counts ``c`` are exactly ``melds`` pungs/chows and ``pair`` pairs: the
    lowest kind held starts a pair, a pung or a chow (``c`` restored on return)."""
    i = next((t for t in range(NUM_KINDS) if c[t]), None)
    if i is None:
        return melds == 0 and pair == 0
    shapes: list[tuple[tuple[int, ...], int, int]] = []
    if pair and c[i] >= 2:
        shapes.append(((i, i), 0, 1))
    if melds and c[i] >= 3:
        shapes.append(((i, i, i), 1, 0))
    if melds and i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2]:
        shapes.append(((i, i + 1, i + 2), 1, 0))
    for tiles, meld, pairs in shapes:
        for t in tiles:
            c[t] -= 1
        ok = _splits(c, melds - meld, pair - pairs)
        for t in tiles:
            c[t] += 1
        if ok:
            return True
    return False


def _complete(c: list[int], fixed: int, forms: Form) -> bool:
    """Whether concealed counts ``c`` beside ``fixed`` declared melds are a winning hand."""
    if sum(c) != 14 - 3 * fixed:
        return False
    if Form.STANDARD in forms and _splits(list(c), 4 - fixed, 1):
        return True
    if fixed:
        return False
    if Form.PAIRS in forms and sorted(c)[-7:] == [2] * 7 and sum(c) == 14:
        return True
    return Form.ORPHANS in forms and all(c[t] for t in ORPHANS) and sum(
        c[t] for t in ORPHANS) == 14


@cache
def _suit_cover(c: tuple[int, ...], caps: tuple[int, ...], chows: bool, melds: int,
                pair: int) -> int:
    """The most tiles of one suit's counts ``c`` that ``melds`` melds and ``pair`` pairs
    of that suit within ``caps`` hold, or -1 when they do not fit: every multiset of
    groups is tried (those that hold none of the hand's tiles only need to fit)."""
    size = len(c)
    groups: list[tuple[int, ...]] = [(t, t, t) for t in range(size)]
    groups += [(t, t + 1, t + 2) for t in range(size - 2)] if chows else []
    hand, room = list(c), list(caps)

    def fits(m: int, p: int) -> bool:
        shapes = [(t, t) for t in range(size)] if p else groups if m else []
        if not shapes:
            return True
        for shape in shapes:
            if all(room[t] >= shape.count(t) for t in shape):
                for t in shape:
                    room[t] -= 1
                ok = fits(m - (len(shape) == 3), p - (len(shape) == 2))
                for t in shape:
                    room[t] += 1
                if ok:
                    return True
        return False

    best = -1

    def search(start: int, m: int, p: int, covered: int) -> None:
        nonlocal best
        if covered + min(sum(hand), 3 * m + 2 * p) <= best:
            return  # even shapes each holding only the hand's tiles cannot do better
        if covered > best and fits(m, p):
            best = covered
        shapes = ([(t, t) for t in range(size)] if p else []) + (groups[start:] if m else [])
        for shape in shapes:
            if not all(room[t] >= shape.count(t) for t in shape):
                continue
            taken = []
            for t in shape:
                room[t] -= 1
                if hand[t]:
                    hand[t] -= 1
                    taken.append(t)
            if taken:  # a shape holding none of the hand only has to fit (above)
                is_pair = len(shape) == 2
                search(start if is_pair else groups.index(shape), m - (not is_pair),
                       p - is_pair, covered + len(taken))
            for t in taken:
                hand[t] += 1
            for t in shape:
                room[t] += 1

    search(0, melds, pair, 0)
    return best


def _cover(c: list[int], caps: list[int], fixed: int, form: Form) -> int:
    """The most tiles of the hand one complete hand of ``form`` within ``caps`` holds."""
    if form is Form.STANDARD:
        melds = 4 - fixed
        # (melds, pairs) made so far -> most tiles held, merging one suit at a time
        total = {(0, 0): 0}
        for a, n, chows in _SUITS:
            part, room = tuple(c[a:a + n]), tuple(caps[a:a + n])
            merged: dict[tuple[int, int], int] = {}
            for (m, p), held in total.items():
                for more in range(melds - m + 1):
                    for pair in range(2 - p):
                        here = _suit_cover(part, room, chows, more, pair)
                        if here >= 0:
                            key = (m + more, p + pair)
                            merged[key] = max(merged.get(key, -1), held + here)
            total = merged
        return total.get((melds, 1), -1)
    if fixed:
        return -1
    if form is Form.PAIRS:
        two = sorted((min(c[t], 2) for t in range(NUM_KINDS) if caps[t] >= 2), reverse=True)
        return sum(two[:7]) if len(two) >= 7 else -1
    if any(caps[t] < 1 for t in ORPHANS):
        return -1
    return max((sum(min(c[t], 1 + (t == double)) for t in ORPHANS)
                for double in ORPHANS if caps[double] >= 2), default=-1)


def _shanten_by_form(c: list[int], caps: list[int], fixed: int,
                     forms: Form) -> dict[Form, int]:
    """Shanten per form (``3m + 1`` less the best cover), unreachable forms left out."""
    out = {}
    for form in (Form.STANDARD, Form.PAIRS, Form.ORPHANS):
        if form in forms and (cover := _cover(c, caps, fixed, form)) >= 0:
            out[form] = 3 * (4 - fixed) + 1 - cover
    return out


def _shanten(c: list[int], caps: list[int], fixed: int, forms: Form) -> int:
    return min(_shanten_by_form(c, caps, fixed, forms).values(), default=_UNREACHABLE)


def _draws(c: list[int], caps: list[int]) -> list[tuple[Tile, list[int]]]:
    """Every kind the player can still draw, with the hand after drawing it."""
    return [(t, [*c[:t], c[t] + 1, *c[t + 1:]]) for t in range(NUM_KINDS) if c[t] < caps[t]]


def _waits(c: list[int], caps: list[int], fixed: int, forms: Form) -> list[Tile]:
    return [t for t, drawn in _draws(c, caps) if _complete(drawn, fixed, forms)]


def _improving(c: list[int], caps: list[int], fixed: int, forms: Form) -> list[Tile]:
    now = _shanten(c, caps, fixed, forms)
    return [t for t, drawn in _draws(c, caps) if _shanten(drawn, caps, fixed, forms) < now]


def _expected(c: list[int], melds: list[Meld], visible: list[int], forms: Form,
              kinds: frozenset[int]) -> dict[str, Any]:
    """What ``analyze`` should say of the hand (the fields the reference covers)."""
    fixed = len(melds)
    caps = [4 if t in kinds else 0 for t in range(NUM_KINDS)]
    seen = [c[t] + visible[t] if t in kinds else 4 for t in range(NUM_KINDS)]
    for meld in melds:
        for t in meld.tiles:
            caps[t] -= 1
            seen[t] += 1
    words = {Form.STANDARD: "standard", Form.PAIRS: "pairs", Form.ORPHANS: "orphans"}
    by_form = _shanten_by_form(c, caps, fixed, forms)
    out: dict[str, Any] = {"shanten_by_form": {words[f]: v for f, v in by_form.items()}}
    if sum(c) % 3 == 1:
        ready = _waits(c, caps, fixed, forms)
        better = ready or _improving(c, caps, fixed, forms)
        out["waits"] = [tile_to_str(t) for t in ready]
        out["improving"] = [tile_to_str(t) for t in better]
        out["live"] = sum(4 - seen[t] for t in better)
        return out
    rows: list[dict[str, Any]] = []
    for t in range(NUM_KINDS):
        if c[t]:
            rest = [*c[:t], c[t] - 1, *c[t + 1:]]
            better = _improving(rest, caps, fixed, forms)
            rows.append({"tile": tile_to_str(t), "shanten": _shanten(rest, caps, fixed, forms),
                         "improving": [tile_to_str(k) for k in better],
                         "live": sum(4 - seen[k] for k in better), "_t": t})
    rows.sort(key=lambda r: (r["shanten"], -r["live"], r["_t"]))
    out["discards"] = [{k: v for k, v in r.items() if k != "_t"} for r in rows]
    return out


def test_the_reference_itself() -> None:
    """Hand-checked values, so the reference is not only checked against tingpai."""
    full = [4] * NUM_KINDS
    nine_gates = parse_counts("1112345678999m")
    assert _waits(nine_gates, full, 0, Form.STANDARD) == list(range(9))
    assert _shanten(parse_counts("123m456p789s1122z"), full, 0, Form.STANDARD) == 0
    # 1m beside four melds, one a pung of 1m: pairing it would take a fifth 1m
    one = parse_counts("1m")
    assert _shanten(one, full, 4, Form.STANDARD) == 0
    assert _shanten(one, [1] + [4] * 33, 4, Form.STANDARD) == 1
    assert _waits(parse_counts("1111m"), [4] * NUM_KINDS, 3, Form.STANDARD) == []
    assert _shanten(parse_counts("1111m"), full, 3, Form.STANDARD) == 1
    assert _shanten(parse_counts("1111m2222p3333s4z"), full, 0, Form.PAIRS) == 6
    assert _shanten(parse_counts("19m19p19s1234567z"), full, 0, Form.ORPHANS) == 0
    assert _waits(parse_counts("19m19p19s1234567z"), full, 0, Form.ORPHANS) == list(ORPHANS)


# -- property tests --------------------------------------------------------------------------

_TABLES = (None, *ruleset_ids())


def _random_hand(
    rng: random.Random, rules: str | None
) -> tuple[list[Tile], list[Meld], list[int], Form, frozenset[int], TableRules | None]:
    """A hand at ``rules`` (None: no table, a random choice of forms): 0-4 declared melds
    (chows, pungs, kongs, concealed kongs), 13 or 14 tiles, often crowded into a few kinds
    (four of a kind held, waits on the last copies), and some tiles seen elsewhere."""
    if rules is None:
        table = None
        kinds = frozenset(range(NUM_KINDS))
        forms = rng.choice([Form.STANDARD, Form.STANDARD | Form.PAIRS | Form.ORPHANS,
                            Form.STANDARD | Form.ORPHANS, Form.PAIRS | Form.ORPHANS])
    else:
        ruleset = find_ruleset(rules)
        table = TableRules(ruleset, EAST, EAST)
        kinds, forms = table.kinds, ruleset.options.forms
    left = {t: 4 for t in kinds}
    crowded = rng.random() < 0.7
    focus = rng.sample(sorted(kinds), rng.randint(3, 8)) if crowded else sorted(kinds)
    fixed = rng.choice([0, 0, 1, 2, 3, 4]) if Form.STANDARD in forms else 0
    melds = []
    for _ in range(fixed):
        shapes = []
        for t in sorted(kinds):
            if left[t] >= 3:
                shapes.append(Meld(MeldKind.PUNG, (t,) * 3))
            if left[t] == 4:
                shapes.append(Meld(MeldKind.KONG, (t,) * 4, concealed=rng.random() < 0.5))
            if t < 27 and t % 9 <= 6 and all(left.get(t + i, 0) for i in range(3)):
                shapes.append(Meld(MeldKind.CHOW, (t, t + 1, t + 2)))
        meld = rng.choice([m for m in shapes if m.first in focus] or shapes)
        melds.append(meld)
        for t in meld.tiles:
            left[t] -= 1
    size = 13 - 3 * fixed + rng.randint(0, 1)
    pool = [t for t in focus for _ in range(left[t])]
    if len(pool) < size:
        pool = [t for t in sorted(kinds) for _ in range(left[t])]
    concealed = sorted(rng.sample(pool, size))
    for t in concealed:
        left[t] -= 1
    visible = [0] * NUM_KINDS
    for t in rng.sample(sorted(kinds), 4):
        visible[t] = rng.randint(0, left[t])
    return concealed, melds, visible, forms, kinds, table


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(_TABLES))
def test_analyze_agrees_with_the_reference(seed: int, rules: str | None) -> None:
    """Shanten by form, waits, improving kinds, live counts and the discard table (rows,
    order) of ``analyze`` (what ``tingpai analyze`` and the hint show) against the
    reference, at every table and without one."""
    concealed, melds, visible, forms, kinds, table = _random_hand(random.Random(seed), rules)
    got = analyze(concealed, melds, forms, visible, table)
    counts = [concealed.count(t) for t in range(NUM_KINDS)]
    expected = _expected(counts, melds, visible, forms, kinds)
    assert {key: got[key] for key in expected} == expected
    for wait in got.get("wins", []):
        assert wait["live"] == 4 - visible[parse_tile(wait["tile"])] - sum(
            x == parse_tile(wait["tile"]) for x in [*concealed, *(
                t for m in melds for t in m.tiles)])


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(ruleset_ids()))
def test_hint_live_counts_match_the_table(seed: int, rules: str) -> None:
    """At a real table, part way through a hand played at random: every live count the
    hint gives (the hand's, each discard's, each wait's) is 4 less the copies the seat
    can see, counted here from the ponds, every meld and the seat's own hand."""
    rng = random.Random(seed)
    game = Hand(rules, seed=seed % 10_000)
    for _ in range(rng.randint(0, 120)):
        if game.is_over:
            break
        game.apply(rng.choice(game.observe(game.to_act()[0]).legal))
    if game.is_over:
        return
    seat = game.to_act()[0]
    obs = game.observe(seat)
    if any(obs.hand[NUM_KINDS:]):
        return  # undeclared flowers: no analysis
    seen = list(obs.hand[:NUM_KINDS])
    for pond, called in zip(obs.ponds, obs.called, strict=True):
        for t, taken in zip(pond, called, strict=True):
            seen[t] += not taken
    for melds in obs.melds:
        for meld in melds:
            for t in meld.tiles:
                seen[t] += 1
    if obs.phase is Phase.ROBBING and obs.claim_tile is not None and obs.claim_tile < 34:
        seen[obs.claim_tile] += 1
    kinds = obs.ruleset.options.tile_kinds

    def live(tiles: list[str], discarded: Tile | None = None) -> int:
        return sum(4 - seen[t] - (t == discarded) if t in kinds else 0
                   for t in map(parse_tile, tiles))

    view = hint(obs)
    if "waits" in view:
        assert view["live"] == live(view["improving"])
        for wait in view.get("wins", []):
            assert wait["live"] == live([wait["tile"]])
        return
    for option in view["discards"]:
        assert option["live"] == live(option["improving"])
        tile = parse_tile(option["tile"])
        for wait in option.get("wins", []):
            seen[tile] += 1  # the discard lies in the pond
            assert wait["live"] == live([wait["tile"]])
            seen[tile] -= 1


def _cli(*argv: str) -> tuple[int, dict[str, Any]]:
    out = io.StringIO()
    with redirect_stdout(out):
        status = main(["analyze", *argv, "--json"])
    lines = out.getvalue().strip().splitlines()
    assert len(lines) == 1
    return status, json.loads(lines[0])


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(_TABLES))
def test_cli_json_agrees_with_the_reference(seed: int, rules: str | None) -> None:
    """``tingpai analyze HAND [--rules R] --visible V --json`` with melds in brackets
    (``[[7777z]]`` a concealed kong): the same figures as the reference."""
    concealed, melds, visible, forms, kinds, _ = _random_hand(random.Random(seed), rules)
    text = " ".join([f"[[{tiles_to_str(m.tiles)}]]" if m.concealed else
                     f"[{tiles_to_str(m.tiles)}]" for m in melds] + [tiles_to_str(concealed)])
    argv = [text, "--rules", rules] if rules else [
        text, "--forms", ",".join(w for f, w in (
            (Form.STANDARD, "standard"), (Form.PAIRS, "pairs"), (Form.ORPHANS, "orphans"))
            if f in forms)]
    seen = [t for t in range(NUM_KINDS) for _ in range(visible[t])]
    if seen:
        argv += ["--visible", tiles_to_str(seen)]
    status, got = _cli(*argv)
    if Form.STANDARD not in forms and melds:
        assert status == 2 and "no chosen form" in got["error"]
        return
    assert status == 0, got
    counts = [concealed.count(t) for t in range(NUM_KINDS)]
    expected = _expected(counts, melds, visible, forms, kinds)
    assert {key: got[key] for key in expected} == expected
    assert got["melds"] == [m.to_str() for m in melds]


def test_an_empty_forms_list_is_refused() -> None:
    """Before: ``--forms ""`` silently analysed every form (the empty text fell back on
    the default), while ``--forms " "`` or ``--forms ,`` were refused with exit status 2."""
    status, got = _cli("1122m3344p5566s7z", "--forms", "")
    assert status == 2
    assert "--forms" in got["error"]
    status, got = _cli("1122m3344p5566s7z", "--forms", "pairs")
    assert status == 0 and got["forms"] == ["pairs"] and got["waits"] == ["7z"]


def test_a_wind_without_rules_is_refused() -> None:
    """Before: ``--seat-wind`` and ``--round-wind`` without ``--rules`` were ignored
    whatever they said (``--seat-wind Q`` exited 0), though the other flags that only
    mean something at a table (``--flowers``, ``--dealer-repeats``, ...) are refused."""
    for flag in ("--seat-wind", "--round-wind"):
        for wind in ("Q", "S"):
            status, got = _cli("123m456p789s1122z", flag, wind)
            assert status == 2 and got["error"] == f"{flag} needs --rules"
    status, got = _cli("123m456p789s1122z", "--seat-wind", "S", "--rules", "hk-4p")
    assert status == 0 and got["seat_wind"] == "S"

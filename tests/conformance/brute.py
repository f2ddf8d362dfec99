"""An independent move generator for the perft test, written from the rules.

DESIGN.md "The engine's flow" and RULES.md, not the engine's code: from the hand's public
state (phase, melds, ponds, declared flowers, the tile being claimed, tiles left) plus each
seat's concealed tiles, :func:`legal_moves` derives every seat's legal actions, and
:func:`advance` predicts what an action does (who plays next, what is drawn from which end of
the wall, who wins).  Nothing here calls the engine's legality or win checks: completeness is
decided by :func:`complete` below, and a win's validity by ``tingpai.score`` on a
``Situation`` built here.

What the engine keeps to itself and a player would remember is tracked in :class:`Facts`
from the actions applied: where the wall's head and tail are, whether the seat in turn drew,
the chain of replacement draws, whether anyone called or declared a kong (blessings), the
answers given to the open claim, and temporary furiten.

Eight Immortals (a seat six or more flowers into the set) is outside this generator's scope:
:class:`Unsupported` is raised so a perft deal never silently walks into it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from conformancekit import word

from tingpai.analysis.forms import Form
from tingpai.engine import Action, ActionKind, Hand, Phase
from tingpai.rules import WinKind
from tingpai.scoring import Situation, score
from tingpai.tiles import EAST, NUM_KINDS, ORPHANS, MeldKind, Tile


class Unsupported(Exception):
    """The position needs a rule this generator does not implement (Eight Immortals)."""


# --- hand shape -----------------------------------------------------------------------


def _melds_only(counts: list[int], i: int) -> bool:
    """Whether the counts from kind ``i`` on split into pungs and chows."""
    while i < NUM_KINDS and not counts[i]:
        i += 1
    if i == NUM_KINDS:
        return True
    if counts[i] >= 3:
        counts[i] -= 3
        ok = _melds_only(counts, i)
        counts[i] += 3
        if ok:
            return True
    if i < EAST and i % 9 <= 6 and counts[i + 1] and counts[i + 2]:
        for t in (i, i + 1, i + 2):
            counts[t] -= 1
        ok = _melds_only(counts, i)
        for t in (i, i + 1, i + 2):
            counts[t] += 1
        if ok:
            return True
    return False


def complete(counts: list[int], forms: Form, melded: bool) -> bool:
    """Four melds and a pair (the declared melds counted), or, with nothing declared, seven
    distinct pairs or thirteen orphans, as the table's forms allow (RULES.md)."""
    total = sum(counts)
    if total % 3 != 2:
        return False
    if Form.STANDARD in forms:
        work = list(counts)
        for t in range(NUM_KINDS):
            if work[t] >= 2:
                work[t] -= 2
                ok = _melds_only(work, 0)
                work[t] += 2
                if ok:
                    return True
    if melded or total != 14:
        return False
    if Form.PAIRS in forms and sum(1 for c in counts if c == 2) == 7:
        return True
    return (
        Form.ORPHANS in forms
        and all(counts[t] for t in ORPHANS)
        and sum(counts[t] for t in ORPHANS) == 14
    )


# --- what the walker remembers ----------------------------------------------------------


@dataclass(frozen=True)
class Claim:
    """A tile others may answer: a discard (CLAIMS) or an added kong (ROBBING)."""

    seat: int
    tile: Tile
    kind: str
    """``"discard"`` or ``"kong"``."""
    final: bool
    """The discard reached the pond limit: win-only."""
    last: bool
    """The last discard (pond limit, or made with the wall empty)."""
    answers: tuple[tuple[int, Action], ...] = ()


@dataclass(frozen=True)
class Facts:
    """History a seat would remember that the engine does not publish."""

    head: int
    """Wall index of the next head draw."""
    tail: int
    """Wall index of the next replacement draw (the tail, last tile first)."""
    drew: bool
    """The seat in turn drew a tile this turn (not so after chow or pung)."""
    chain: tuple[str, ...] = ()
    """Consecutive replacement draws that produced the seat's last drawn tile."""
    calls: bool = False
    """Somebody called or declared a kong this hand (no blessing after that)."""
    claim: Claim | None = None
    temp_furiten: frozenset[int] = frozenset()


@dataclass(frozen=True)
class Table:
    """The table's rules as this generator reads them from the ruleset's options."""

    players: int
    forms: Form
    pond_limit: int | None
    bonus: tuple[Tile, ...]
    all_win: bool
    furiten: bool
    temporary_furiten: bool
    earth_by_discard: bool
    dealer: int
    wall: tuple[Tile, ...]

    @classmethod
    def of(cls, hand: Hand, wall: tuple[Tile, ...]) -> Table:
        o = hand.ruleset.options
        return cls(
            players=o.players, forms=o.forms, pond_limit=o.pond_limit,
            bonus=tuple(o.bonus_tiles), all_win=word(o.multiple_winners) == "all",
            furiten=o.furiten, temporary_furiten=o.temporary_furiten,
            earth_by_discard=word(o.blessing_of_earth) == "dealer_first_discard",
            dealer=hand.dealer, wall=wall,
        )


def start_facts(table: Table) -> Facts:
    """The walker's knowledge just after the deal: the dealer drew the first head tile."""
    return Facts(head=13 * table.players + 1, tail=len(table.wall) - 1, drew=True)


# --- legality ---------------------------------------------------------------------------


def _guard(table: Table, hand: Hand) -> None:
    if table.bonus and any(
        len(hand.flowers(s)) >= len(table.bonus) - 2 for s in range(table.players)
    ):
        raise Unsupported("a seat is close to Eight Immortals")


def _wins(hand: Hand, s: int, tiles: list[Tile], win_tile: Tile, win: WinKind,
          **luck: object) -> bool:
    """Whether ``s`` holding ``tiles`` (the winning tile included) wins validly."""
    repeats = hand.repeats
    limit = hand.ruleset.options.max_repeats
    situation = Situation(
        concealed=tuple(sorted(tiles)), win_tile=win_tile, melds=hand.melds(s), win=win,
        seat_wind=hand.seat_winds[s], round_wind=hand.round_wind, flowers=hand.flowers(s),
        dealer_repeats=repeats if s == hand.dealer else 0,
        eighth_repeat=limit is not None and repeats >= limit,
        **luck,  # type: ignore[arg-type]
    )
    return score(situation, hand.ruleset).valid


def _kinds(hand: Hand, s: int) -> tuple[list[int], bool]:
    """The seat's concealed 34-count array, and whether it holds an undeclared bonus tile."""
    c = hand.concealed(s)
    return c[:NUM_KINDS], any(c[NUM_KINDS:])


def completes(table: Table, hand: Hand, s: int, tile: Tile) -> bool:
    """Whether ``tile`` completes seat ``s``'s hand (structurally)."""
    counts, bonus = _kinds(hand, s)
    if bonus:
        return False
    counts[tile] += 1
    return complete(counts, table.forms, bool(hand.melds(s)))


def _can_ron(table: Table, hand: Hand, facts: Facts, o: int, claim: Claim,
             claimer_pond: int) -> bool:
    if not completes(table, hand, o, claim.tile):
        return False
    if table.furiten and any(completes(table, hand, o, p) for p in hand.pond(o)):
        return False  # sacred discard: a winning tile lies in o's own pond
    if table.temporary_furiten and o in facts.temp_furiten:
        return False
    robbing = claim.kind == "kong"
    earth = (
        table.earth_by_discard and not robbing and claim.seat == table.dealer
        and o != table.dealer and claimer_pond == 1
    )
    counts, _ = _kinds(hand, o)
    tiles = [t for t in range(NUM_KINDS) for _ in range(counts[t])] + [claim.tile]
    return _wins(
        hand, o, tiles, claim.tile, WinKind.ROBBING_KONG if robbing else WinKind.DISCARD,
        robbing_kong=robbing, last_tile=claim.last and not robbing,
        blessing="earth" if earth else None,
    )


def answers(table: Table, hand: Hand, facts: Facts, claim: Claim, o: int,
            claimer_pond: int) -> set[Action]:
    """Seat ``o``'s answers to ``claim``: empty when its only answer would be pass (the
    engine answers it automatically)."""
    options: set[Action] = set()
    if _can_ron(table, hand, facts, o, claim, claimer_pond):
        options.add(Action(o, ActionKind.RON))
    if claim.kind == "discard" and not claim.final:
        counts, _ = _kinds(hand, o)
        t = claim.tile
        if counts[t] >= 2:
            options.add(Action(o, ActionKind.PUNG))
        if counts[t] >= 3:
            options.add(Action(o, ActionKind.KONG))
        if t < EAST and o == (claim.seat + 1) % table.players:  # chow: previous seat only
            base = t - t % 9
            for low in (t - 2, t - 1, t):
                run = (low, low + 1, low + 2)
                if low >= base and low + 2 <= base + 8 and all(
                    counts[x] for x in run if x != t
                ):
                    options.add(Action(o, ActionKind.CHOW, tiles=run))
    if options:
        options.add(Action(o, ActionKind.PASS))
    return options


def turn_moves(table: Table, hand: Hand, facts: Facts, s: int, drawn: Tile | None
               ) -> set[Action]:
    """Seat ``s``'s actions in its own turn."""
    c = hand.concealed(s)
    moves = {Action(s, ActionKind.DISCARD, t) for t in range(NUM_KINDS) if c[t]}
    moves |= {Action(s, ActionKind.FLOWER, f) for f in table.bonus if c[f]}
    moves |= {Action(s, ActionKind.CKONG, t) for t in range(NUM_KINDS) if c[t] == 4}
    moves |= {
        Action(s, ActionKind.AKONG, m.tiles[0])
        for m in hand.melds(s) if m.kind is MeldKind.PUNG and c[m.tiles[0]]
    }
    counts, bonus = _kinds(hand, s)
    if facts.drew and not bonus and complete(counts, table.forms, bool(hand.melds(s))):
        assert drawn is not None
        pond = hand.pond(s)
        last = (table.pond_limit is not None and len(pond) == table.pond_limit - 1) or (
            hand.wall_left == 0
        )
        blessing = None
        if not facts.calls and not pond:
            if s == table.dealer:
                blessing = "heaven"
            elif not table.earth_by_discard:
                blessing = "earth"
        tiles = [t for t in range(NUM_KINDS) for _ in range(counts[t])]
        if _wins(hand, s, tiles, drawn, WinKind.SELF_DRAW, replacements=facts.chain,
                 last_tile=last, blessing=blessing):
            moves.add(Action(s, ActionKind.TSUMO))
    return moves


def legal_moves(table: Table, hand: Hand, facts: Facts) -> dict[int, set[Action]]:
    """Every seat's legal actions now, derived from the rules."""
    _guard(table, hand)
    moves: dict[int, set[Action]] = {s: set() for s in range(table.players)}
    if hand.phase is Phase.TURN:
        s = hand.actor
        assert s is not None
        moves[s] = turn_moves(table, hand, facts, s, hand.observe(s).drawn)
    elif hand.phase in (Phase.CLAIMS, Phase.ROBBING):
        claim = facts.claim
        assert claim is not None
        answered = {o for o, _ in claim.answers}
        pond = len(hand.pond(claim.seat))
        for o in _after(table, claim.seat):
            if o not in answered:
                moves[o] = answers(table, hand, facts, claim, o, pond)
    return moves


def to_act(table: Table, hand: Hand, moves: dict[int, set[Action]]) -> tuple[int, ...]:
    """Seats with a decision, in turn order from the actor."""
    actor = hand.actor if hand.actor is not None else 0
    return tuple(s for s in (actor, *_after(table, actor)) if moves[s])


def _after(table: Table, seat: int) -> tuple[int, ...]:
    """The other seats in turn order after ``seat``."""
    return tuple((seat + i) % table.players for i in range(1, table.players))


# --- transitions ------------------------------------------------------------------------


def _expect_draw(table: Table, facts: Facts, after: Hand, seat: int,
                 replacement: str | None) -> Facts:
    """A draw is due for ``seat``: from the head, or (``replacement``) from the tail; with
    the wall empty the hand ends as an exhaustive draw."""
    if facts.head > facts.tail:
        assert after.phase is Phase.ENDED and after.result is not None
        assert after.result.exhaustive, "an empty wall ends the hand as an exhaustive draw"
        return replace(facts, claim=None)
    assert after.phase is Phase.TURN and after.actor == seat, (
        f"seat {seat} should be drawing, the engine is at {after.phase} / {after.actor}"
    )
    if replacement is None:
        tile, facts = table.wall[facts.head], replace(facts, head=facts.head + 1, chain=())
    else:
        tile = table.wall[facts.tail]
        facts = replace(facts, tail=facts.tail - 1, chain=(*facts.chain, replacement))
    assert after.observe(seat).drawn == tile, "drew the wrong tile (head/tail order)"
    assert after.wall_left == facts.tail - facts.head + 1
    return replace(facts, drew=True, claim=None)


def _open(table: Table, before: Hand, facts: Facts, claim: Claim, claimer_pond: int,
          after: Hand) -> Facts:
    """A claimable tile appeared: ask the seats with a choice, or go on at once."""
    pending = [
        o for o in _after(table, claim.seat)
        if answers(table, before, facts, claim, o, claimer_pond)
    ]
    facts = replace(facts, claim=claim)
    if pending:
        phase = Phase.CLAIMS if claim.kind == "discard" else Phase.ROBBING
        assert after.phase is phase and after.actor == claim.seat
        assert after.claim_tile == claim.tile and after.to_act() == tuple(pending)
        return facts
    return _resolve(table, before, facts, claim, after)


def _resolve(table: Table, before: Hand, facts: Facts, claim: Claim, after: Hand) -> Facts:
    """Every seat with a choice has answered: win > pung/kong > chow (RULES.md)."""
    given = dict(claim.answers)
    order = _after(table, claim.seat)
    rons = [o for o in order if o in given and given[o].kind is ActionKind.RON]
    if table.temporary_furiten:
        hit = {o for o in order if completes(table, before, o, claim.tile)}
        facts = replace(facts, temp_furiten=facts.temp_furiten | (hit - set(rons)))
    if rons:
        winners = rons if table.all_win else rons[:1]
        assert after.phase is Phase.ENDED and after.result is not None
        assert [w.seat for w in after.result.winners] == winners
        kind = WinKind.ROBBING_KONG if claim.kind == "kong" else WinKind.DISCARD
        assert all(w.kind is kind and w.payer == claim.seat for w in after.result.winners)
        return replace(facts, claim=None)
    if claim.kind == "kong":
        return _expect_draw(table, facts, after, claim.seat, "kong")
    melds = [o for o in order if o in given
             and given[o].kind in (ActionKind.PUNG, ActionKind.KONG)]
    melds += [o for o in order if o in given and given[o].kind is ActionKind.CHOW]
    if melds:
        o = melds[0]
        action = given[o]
        facts = replace(facts, calls=True, drew=False, chain=(), claim=None)
        assert len(after.melds(o)) == len(before.melds(o)) + 1
        meld = after.melds(o)[-1]
        assert claim.tile in meld.tiles and meld.claimed_from == claim.seat
        if action.kind is ActionKind.KONG:
            assert meld.kind is MeldKind.KONG
            return _expect_draw(table, facts, after, o, "kong")
        assert after.phase is Phase.TURN and after.actor == o
        assert after.observe(o).drawn is None
        return facts
    if claim.last:
        assert after.phase is Phase.ENDED and after.result is not None
        assert after.result.exhaustive
        return replace(facts, claim=None)
    return _expect_draw(table, facts, after, (claim.seat + 1) % table.players, None)


def advance(table: Table, before: Hand, facts: Facts, action: Action, after: Hand) -> Facts:
    """The walker's facts after ``action`` took ``before`` to ``after``, checking that the
    engine did what the rules say it does."""
    s = action.seat
    k = action.kind
    if before.phase is Phase.TURN:
        if k is ActionKind.DISCARD:
            assert action.tile is not None
            pond = len(before.pond(s)) + 1
            final = table.pond_limit is not None and pond >= table.pond_limit
            claim = Claim(s, action.tile, "discard", final, final or before.wall_left == 0)
            facts = replace(facts, drew=False, chain=(),
                            temp_furiten=facts.temp_furiten - {s})
            return _open(table, before, facts, claim, pond, after)
        if k is ActionKind.AKONG:
            assert action.tile is not None
            facts = replace(facts, calls=True)
            claim = Claim(s, action.tile, "kong", False, False)
            return _open(table, before, facts, claim, len(before.pond(s)), after)
        if k is ActionKind.CKONG:
            return _expect_draw(table, replace(facts, calls=True), after, s, "kong")
        if k is ActionKind.FLOWER:
            assert action.tile in after.flowers(s)
            return _expect_draw(table, facts, after, s, "flower")
        assert k is ActionKind.TSUMO, k
        assert after.phase is Phase.ENDED and after.result is not None
        assert [w.seat for w in after.result.winners] == [s]
        assert after.result.winners[0].kind is WinKind.SELF_DRAW
        return facts
    claim = facts.claim
    assert claim is not None
    claim = replace(claim, answers=(*claim.answers, (s, action)))
    facts = replace(facts, claim=claim)
    answered = {o for o, _ in claim.answers}
    pond = len(before.pond(claim.seat))
    waiting = [
        o for o in _after(table, claim.seat)
        if o not in answered and answers(table, before, facts, claim, o, pond)
    ]
    if waiting:
        assert after.phase is before.phase and after.to_act() == tuple(waiting)
        return facts
    return _resolve(table, before, facts, claim, after)

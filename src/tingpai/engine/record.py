"""Game records (``tingpai-record/1``): reading, checking and replaying them.

A record (DESIGN.md, "Game records") names the rules and options, an optional ``start`` and
the hands, each a ``wall`` (every tile of the set in draw order) and its ``actions``.  Draws
are implicit.  After a discard (or an added kong, or a declared flower), ``chow``/``pung``/
``kong``/``ron``/``pass`` by another seat answer it; any other action means every seat that
has not answered passed.  Several ``ron`` in a row on one discard are all winners under
``multiple_winners: all``.  A ``pass`` by a seat the engine answered automatically (it had
no other choice) is accepted and ignored; a second answer by one seat to one tile is an
error.  ``{"seat": s, "do": "penalty"}`` is the host's heavy penalty.

Rulings where DESIGN.md is silent: unknown top-level and hand keys are ignored (room for
metadata), but ``start`` accepts only its four keys and must be a state the game can reach
(a round of the game, a dealer seat, at most ``max_repeats`` repeats, one score per seat);
actions accept only ``seat``, ``do``, ``tile`` and ``tiles``; chow ``tiles`` may be written
in any order.  A leading UTF-8 byte order mark is ignored.

Bounds (:mod:`tingpai.inputs`): a record's JSON text at most 16 million characters, nesting
at most 32 deep, integers within 10**15, no ``Infinity``/``NaN``; at most 5,000 hands, each
with a wall of at most 1,000 characters and at most 3,000 actions.  A record beyond them
is a :class:`RecordError`, found before any hand is replayed.

:func:`replay` runs a record through :class:`~tingpai.engine.match.Match` and returns
:class:`ReplayResult`; the first illegal action raises
:class:`~tingpai.engine.errors.ReplayError` with its hand and action index.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tingpai.engine.actions import CLAIM_KINDS, Action, ActionKind, simple
from tingpai.engine.errors import IllegalAction, RecordError, ReplayError
from tingpai.engine.hand import Hand
from tingpai.engine.match import RECORD_FORMAT, GameResult, Match, StartState
from tingpai.engine.results import HandResult, Phase
from tingpai.inputs import (
    MAX_RECORD_ACTIONS,
    MAX_RECORD_HANDS,
    MAX_RECORD_TEXT,
    JSONInputError,
    check_value,
    echo,
    load_json,
)
from tingpai.rules import find_ruleset, ruleset_spec
from tingpai.rules.base import RuleError
from tingpai.rules.ruleset import Ruleset
from tingpai.tiles import InvalidNotation, Tile, parse_tiles, tile_to_str

START_KEYS = ("round_wind", "dealer", "repeats", "scores")
"""The keys of a record's ``start`` object (any other key is an error)."""


@dataclass(frozen=True)
class HandRecord:
    """One parsed hand of a record: its wall and raw action entries."""

    wall: tuple[Tile, ...]
    actions: tuple[Mapping[str, Any], ...]


@dataclass(frozen=True)
class Record:
    """A parsed, shape-checked record (walls and actions are checked while replaying)."""

    rules: str
    options: Mapping[str, Any]
    start: StartState | None
    hands: tuple[HandRecord, ...]


def parse_record(data: Mapping[str, Any] | str) -> Record:
    """Check a record's shape (a JSON string or the decoded object).

    Raises :class:`RecordError` naming the first thing wrong.
    """
    try:
        if isinstance(data, str):
            data = load_json(data, max_chars=MAX_RECORD_TEXT, what="the record")
        else:
            check_value(data)
    except JSONInputError as exc:
        raise RecordError(f"record: {exc}") from None
    if not isinstance(data, Mapping):
        raise RecordError("record must be a JSON object")
    fmt = data.get("format")
    if fmt != RECORD_FORMAT:
        raise RecordError(f"record format must be {RECORD_FORMAT!r}, got {echo(fmt)}")
    rules = data.get("rules")
    if not isinstance(rules, str):
        raise RecordError("record has no 'rules' string")
    options = data.get("options", {})
    if not isinstance(options, Mapping):
        raise RecordError("record 'options' must be an object")
    for name in options:
        if not isinstance(name, str):
            raise RecordError(f"record options: option name {echo(name)} is not a string")
    start = None
    if data.get("start") is not None:
        if not isinstance(data["start"], Mapping):
            raise RecordError("record 'start' must be an object")
        unknown = sorted(set(data["start"]) - set(START_KEYS), key=str)
        if unknown:
            raise RecordError(
                f"record start: unknown key {echo(unknown[0])} (keys: {', '.join(START_KEYS)})"
            )
        try:
            start = StartState.from_json(data["start"])
        except ValueError as exc:
            raise RecordError(f"record start: {exc}") from None
    hands_raw = data.get("hands")
    if not isinstance(hands_raw, list):
        raise RecordError("record has no 'hands' list")
    if len(hands_raw) > MAX_RECORD_HANDS:
        raise RecordError(
            f"record has {len(hands_raw):,} hands (at most {MAX_RECORD_HANDS:,})"
        )
    hands = []
    for i, h in enumerate(hands_raw):
        if not isinstance(h, Mapping):
            raise RecordError(f"hand {i} must be an object", hand=i)
        wall = h.get("wall")
        if not isinstance(wall, str):
            raise RecordError(f"hand {i} has no 'wall' string", hand=i)
        try:
            tiles = tuple(parse_tiles(wall))
        except InvalidNotation as exc:
            raise RecordError(f"hand {i} wall: {exc}", hand=i) from None
        actions = h.get("actions", [])
        if not isinstance(actions, list) or not all(isinstance(a, Mapping) for a in actions):
            raise RecordError(f"hand {i} 'actions' must be a list of objects", hand=i)
        if len(actions) > MAX_RECORD_ACTIONS:
            raise RecordError(
                f"hand {i} has {len(actions):,} actions (at most {MAX_RECORD_ACTIONS:,})",
                hand=i,
            )
        hands.append(HandRecord(tiles, tuple(actions)))
    return Record(rules, dict(options), start, tuple(hands))


@dataclass(frozen=True)
class HandReplay:
    """One replayed hand: its result and its per-seat deltas (heavy penalties included)."""

    result: HandResult | None
    """None for an unfinished last hand (``partial`` replays only)."""
    deltas: tuple[int, ...]
    to_act: tuple[int, ...] = ()
    """Seats to act where an unfinished hand stops (empty for a finished one)."""
    waiting: tuple[int, ...] = ()
    """Seats that had not answered the last discard (added kong, flower), :attr:`offer`,
    where a ``partial`` record's last hand stops.  Passes are implicit, so the replay reads
    their silence as passes, as a finished record's, and goes on from there (the result
    and the JSON are those of a record that stops there); the human text shows them as
    still to answer."""
    offer: Action | None = None
    """The discard (added kong, flower) :attr:`waiting` seats had not answered."""

    def to_json(self) -> dict[str, Any]:
        """``{"result": "win"|"draw"|"unfinished", "winners": [...], "deltas": [...]}``."""
        r = self.result
        if r is None:
            return {"result": "unfinished", "winners": [], "deltas": list(self.deltas)}
        return {
            "result": "win" if r.winners else "draw",
            "winners": [w.to_json() for w in r.winners],
            "deltas": list(self.deltas),
        }


@dataclass(frozen=True)
class ReplayResult:
    """What a record replays to: each hand and the final standing."""

    hands: tuple[HandReplay, ...]
    scores: tuple[int, ...]
    game: GameResult
    match: Match
    """The replayed match (its hands hold the final states)."""

    def to_json(self) -> dict[str, Any]:
        """The ``tingpai replay --json`` output."""
        return {
            "hands": [h.to_json() for h in self.hands],
            "scores": list(self.scores),
            "net": list(self.game.net),
            "money": list(self.game.money),
            "over": self.game.over,
            "winner": self.game.winner if self.game.over else None,
        }


OFFERS = (ActionKind.DISCARD, ActionKind.AKONG, ActionKind.FLOWER)
"""Actions other seats may answer (claim, rob, win on, or pass)."""


def _replay_hand(hand: Hand, actions: tuple[Mapping[str, Any], ...], h: int,
                 match: Match) -> tuple[tuple[int, ...], Action | None]:
    """Apply a hand's actions; the seats that had not answered the last offered tile when
    the actions stop (then passed, as a record's end implies), and that tile's action."""
    window: set[int] = set()
    """Seats that may still send a redundant pass for the last claimable tile."""
    answered: set[int] = set()
    """Seats that answered the last claimable tile with an explicit action."""
    for k, raw in enumerate(actions):
        try:
            action = Action.from_dict(raw)
        except InvalidNotation as exc:
            raise ReplayError(f"unreadable action: {exc}", hand=h, action=k) from None
        try:
            if action.kind is ActionKind.PENALTY:
                match.penalize(action.seat)
                continue
            claiming = hand.phase in (Phase.CLAIMS, Phase.ROBBING)
            pending = hand.to_act() if claiming else ()
            if action.kind in CLAIM_KINDS and action.seat in pending:
                hand.apply(action)
                window.discard(action.seat)
                answered.add(action.seat)
            elif action.kind is ActionKind.PASS and action.seat in window:
                window.discard(action.seat)
                answered.add(action.seat)
            elif claiming and action.kind in CLAIM_KINDS and action.seat in answered:
                raise IllegalAction(
                    f"seat {action.seat} has already answered this tile "
                    "(one answer per seat)"
                )
            else:
                for s in pending:
                    hand.apply(simple(s, ActionKind.PASS))
                hand.apply(action)
                window = set()
                answered = set()
            if action.kind in OFFERS:
                window = set(range(hand.players)) - {action.seat}
                answered = set()
        except IllegalAction as exc:
            raise ReplayError(str(exc), hand=h, action=k) from None
    waiting: tuple[int, ...] = ()
    offer: Action | None = None
    if hand.phase in (Phase.CLAIMS, Phase.ROBBING):
        waiting = tuple(hand.to_act())
        offer = next((a for a in reversed(hand.history) if a.kind in OFFERS), None)
        for s in waiting:
            hand.apply(simple(s, ActionKind.PASS))
    return waiting, offer


def _check_start(start: StartState, ruleset: Ruleset) -> None:
    """A ``start`` must be a state the game can reach under the ruleset's options."""
    try:
        start.check_reachable(ruleset)
    except ValueError as exc:
        raise RecordError(f"record start: {exc}") from None


def _canonical(rules: str) -> str | None:
    """The registered id a record's ``rules`` names (an alias such as ``"hu"`` names
    ``"hu-4p"``); None when it names none."""
    try:
        return ruleset_spec(rules).id
    except RuleError:
        return None


def replay(
    record: Mapping[str, Any] | str | Record,
    *,
    partial: bool = False,
    rules: Ruleset | None = None,
) -> ReplayResult:
    """Replay a record; raise :class:`ReplayError` at the first illegal action.

    >>> import random
    >>> from tingpai import Match, find_bot
    >>> game = Match("hu-2p", seed=5)
    >>> bots = [find_bot("greedy", random.Random(s)) for s in range(2)]
    >>> while not game.is_over:
    ...     seat = game.to_act()[0]
    ...     game.apply(bots[seat].act(game.observe(seat)))
    >>> replay(game.record()).scores == game.result.scores
    True

    A record may stop before the game's end.  With ``partial`` its last hand may also stop
    before that hand's end (a game in progress); otherwise an unfinished hand is an error.
    ``rules`` replays a game of a :class:`~tingpai.rules.Ruleset` built in code (its id
    must be the record's ``rules``, or the id that alias names; the record's options are
    then the ruleset's own).
    Raises :class:`RecordError` for a malformed record (including a wall that is not the
    ruleset's tile set, naming the missing and extra tiles), and TypeError for a
    ``rules`` that is not a Ruleset.
    """
    rec = record if isinstance(record, Record) else parse_record(record)
    if rules is not None and not isinstance(rules, Ruleset):
        raise TypeError(
            f"rules must be a Ruleset built in code (or None: the record's own rules and "
            f"options), got {echo(rules)}"
        )
    if rules is not None:
        if rules.id != rec.rules and _canonical(rec.rules) != rules.id:
            raise RecordError(
                f"record rules {echo(rec.rules)} is not the given ruleset {echo(rules.id)}"
            )
        ruleset = rules
    else:
        try:
            ruleset = find_ruleset(rec.rules, **rec.options)
        except (RuleError, ValueError) as exc:
            raise RecordError(f"record rules/options: {exc}") from None
    if rec.start is not None:
        _check_start(rec.start, ruleset)
    try:
        match = Match(ruleset, start=rec.start)
    except (RuleError, ValueError) as exc:
        raise RecordError(f"record rules/options: {exc}") from None
    out: list[HandReplay] = []
    for h, hr in enumerate(rec.hands):
        try:
            hand = match.next_hand(hr.wall)
        except IllegalAction as exc:
            if hr.actions:  # its first action is one after the game ended (RULES.md)
                raise ReplayError(f"hand {h}: {exc}", hand=h, action=0) from None
            raise RecordError(f"hand {h}: {exc}", hand=h) from None
        except RecordError as exc:
            raise RecordError(f"hand {h}: {exc}", hand=h) from None
        waiting, offer = _replay_hand(hand, hr.actions, h, match)
        last = partial and h == len(rec.hands) - 1
        if not hand.is_over and not last:
            who = ", ".join(str(s) for s in waiting or hand.to_act())
            what = "to act"
            if waiting and offer is not None and offer.tile is not None:
                # the seats the record stops before, not the one after their passes
                what = f"to answer seat {offer.seat}'s {offer.kind.value} {tile_to_str(offer.tile)}"
            raise ReplayError(
                f"hand {h} is unfinished: the actions end with seat {who} {what}",
                hand=h,
                action=len(hr.actions),
                in_progress=h == len(rec.hands) - 1,
            )
        if not last:  # a finished record's silence after a discard is everyone passing
            waiting, offer = (), None
        out.append(HandReplay(hand.result, hand.deltas,
                              () if hand.is_over else tuple(hand.to_act()), waiting, offer))
    return ReplayResult(tuple(out), match.scores, match.result, match)

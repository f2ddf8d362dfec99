"""Live tables: the engine's match, the seats and their connections, timers and storage.

The engine is the only authority.  Every change is an engine action (or a deal) applied to
the table's :class:`~tingpai.engine.Match`, written to the database, and only then shown:
each change adds storage operations and outgoing messages to the table's batch, and
:meth:`LiveTable.flush` commits the operations (one transaction, grouped with other tables'
by :class:`Writer`) before it sends the messages.  A client therefore never sees a state
that a crash could take back, and a server killed at any moment restarts every table from
its stored walls and actions exactly where the clients last saw it
(:meth:`TableManager.load`).

Sequence numbers (``seq`` of a view) count the changes a connection can see: every public
change (a deal, an action that moves the game on) and, for a seat, its own answers in a
claim window that others have still to answer.  Those answers are not shown to the other
seats until the window closes: that a seat was asked at all would tell them it could claim
the tile.  A client's ``act`` carries the ``seq`` of its seat's latest view; any other
value is stale.

Rulings where DESIGN.md is silent (also in docs/protocol.md):

* The first hand is dealt as soon as every seat is taken; each later one when every
  connected human seat has sent ``ready`` (at least one connected), when the ready timer
  runs out, or at once on a table without human seats.
* The timer (``timer`` seconds per decision) runs for human seats, connected or not; when
  it runs out the seat makes a safe move (:func:`safe_action`).  After a restart every
  running timer starts afresh.
* Bots act at once; each decision draws from a generator seeded by the table's seed, the
  seat and the action number, so a restart does not change how a bot plays.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import logging
import random
import re
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from sqlalchemy import insert, select, update
from sqlalchemy.orm import Session

from tingpai.bots import Bot, GreedyBot, find_bot
from tingpai.engine import (
    Action,
    ActionKind,
    HandReplay,
    IllegalAction,
    Match,
    Observation,
    Phase,
    shuffled_wall,
)
from tingpai.inputs import MAX_INT, echo
from tingpai.rules import Ruleset, find_ruleset
from tingpai.server import ratings
from tingpai.server.accounts import is_table_id, new_token, token_hash
from tingpai.server.storage import (
    AccountRow,
    ActionRow,
    HandRow,
    RatingRow,
    ResultRow,
    SeatRow,
    Storage,
    TableRow,
    utcnow,
)
from tingpai.tiles import InvalidNotation, Tile, parse_tiles, tiles_to_str

log = logging.getLogger("tingpai.server")

Op = Callable[[Session], None]
"""One storage operation, run in the writer's transaction."""
Payload = dict[str, Any] | Callable[[], dict[str, Any]]
"""An outgoing message, or a function building it once the batch is committed."""

WINDOW = (Phase.CLAIMS, Phase.ROBBING)
"""Phases in which several seats answer one tile."""
OUTBOX_LIMIT = 2000
"""Messages queued for one connection before it is considered stuck and closed."""
TEXT_NOTATION = re.compile(r"(?:[0-9]+[mpszf])+")
"""An action's ``tile`` or ``tiles`` as the protocol writes them: digits, each run
followed by its suit letter (the engine's parser checks the digits).  The parser also
reads what a person types at a command line (spaces, Unicode tiles, an empty group),
which the protocol does not."""


def timer_json(timer: float | None) -> float | int | None:
    """A table's ``timer`` as the protocol shows it: a whole number of seconds as an
    integer (``20``, as given, not ``20.0``: the column holding it is a float).

    >>> timer_json(20.0), timer_json(2.5), timer_json(None)
    (20, 2.5, None)
    """
    if timer is not None and timer.is_integer():
        return int(timer)
    return timer


def table_wall(ruleset: Ruleset, seed: int, number: int) -> list[Tile]:
    """The wall of hand ``number`` of a table with this seed (a pure function of both)."""
    return shuffled_wall(ruleset, random.Random(f"{seed}:{number}"))


def notation_problem(raw: dict[str, Any]) -> str | None:
    """Why an action's ``tile`` or ``tiles`` is not in the protocol's text notation, or
    None.

    >>> notation_problem({"do": "discard", "tile": "9m"}) is None
    True
    >>> print(notation_problem({"do": "discard", "tile": " 9m"}))
    tile " 9m" is not in the text notation (e.g. 9m, 345m)
    """
    for key in ("tile", "tiles"):
        value = raw.get(key)
        if isinstance(value, str) and not TEXT_NOTATION.fullmatch(value):
            return f"{key} {short_json(value)} is not in the text notation (e.g. 9m, 345m)"
    return None


def short_json(value: Any, limit: int = 80) -> str:
    """``value`` as JSON for an error message, cut in the middle past ``limit`` characters.

    >>> short_json({"do": "pass"})
    '{"do": "pass"}'
    >>> short_json("9" * 200, 20)
    '"9999999…9999999" (202 characters)'
    """
    text = json.dumps(value)
    if len(text) <= limit:
        return text
    half = (limit - 4) // 2
    return f"{text[:half]}…{text[-half:]} ({len(text)} characters)"


def safe_action(obs: Observation, rng: random.Random) -> Action:
    """The move a seat makes when its timer runs out: pass on a claim; otherwise discard
    the drawn tile (declare it when it is a flower); otherwise the greedy bot's discard.
    Never a win, a kong or a claim the player did not choose."""
    legal = obs.legal
    for action in legal:
        if action.kind is ActionKind.PASS:
            return action
    drawn = obs.drawn
    for action in legal:
        if action.tile == drawn and action.kind in (ActionKind.DISCARD, ActionKind.FLOWER):
            return action
    discards = tuple(a for a in legal if a.kind is ActionKind.DISCARD)
    if discards:
        try:
            choice = GreedyBot(rng).act(dataclasses.replace(obs, legal=discards))
        except Exception:  # the safe move never fails: the last discard will do
            return discards[-1]
        if choice in discards:
            return choice
        return discards[-1]
    return legal[0]


class Socket(Protocol):
    """What a connection needs of a websocket."""

    async def send_text(self, data: str) -> None: ...

    async def close(self, code: int = 1000, reason: str | None = None) -> None: ...


class Connection:
    """One websocket of a seat or a spectator: an ordered outbox drained by :meth:`pump`
    (a slow client never holds up its table)."""

    def __init__(self, socket: Socket, seat: int | None, token_hash: str | None = None) -> None:
        self.socket = socket
        self.seat = seat
        self.token_hash = token_hash
        """The hash of the token it was opened with (checked again when it joins)."""
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue()
        self.closed = False
        self.close_code: tuple[int, str] | None = None
        """The code and reason the pump closes the socket with, when the server ends it."""

    def send(self, message: dict[str, Any]) -> None:
        """Queue a message; a connection whose outbox overflows is closed."""
        if self.closed:
            return
        if self.outbox.qsize() >= OUTBOX_LIMIT:
            self.close(1008, "too many unsent messages")
            return
        self.outbox.put_nowait(json.dumps(message, separators=(",", ":")))

    def close(self, code: int | None = None, reason: str = "") -> None:
        """Stop sending and taking messages (the pump ends; with a ``code`` it closes the
        socket after what is queued: the client fell behind, or its token was replaced)."""
        if not self.closed:
            self.closed = True
            if code is not None:
                self.close_code = (code, reason)
            self.outbox.put_nowait(None)

    async def pump(self) -> None:
        """Send queued messages in order until closed."""
        while True:
            text = await self.outbox.get()
            if text is None:
                if self.close_code is not None:
                    with contextlib.suppress(Exception):
                        await self.socket.close(*self.close_code)
                return
            try:
                await self.socket.send_text(text)
            except Exception:
                self.closed = True
                return


@dataclass
class LiveSeat:
    """A seat of a live table."""

    kind: str
    """``human`` or ``bot``."""
    bot: str | None = None
    name: str | None = None
    token_hash: str | None = None
    account_id: int | None = None
    account: str | None = None
    """The account's name, when an account holds the seat."""
    connections: list[Connection] = field(default_factory=list)
    ready: bool = False
    private_views: int = 0
    """Changes only this seat has seen (its own answers in an open claim window)."""
    bot_impl: Bot | None = None
    bot_rng: random.Random | None = None

    @property
    def is_open(self) -> bool:
        """A human seat nobody has taken."""
        return self.kind == "human" and self.token_hash is None

    def public(self, seat: int) -> dict[str, Any]:
        """What anyone may know about the seat."""
        return {
            "seat": seat,
            "kind": self.kind,
            "bot": self.bot,
            "name": self.name,
            "account": self.account,
            "open": self.is_open,
            "connected": bool(self.connections) if self.kind == "human" else True,
            "ready": self.ready,
        }


@dataclass
class Batch:
    """Changes of one step: storage operations, then the messages they make visible."""

    ops: list[Op] = field(default_factory=list)
    messages: list[tuple[Connection, Payload]] = field(default_factory=list)


class Writer:
    """Group commit: the operations of every table waiting at the same moment are
    committed in one transaction in a worker thread, then each waiter resumes."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.pending: list[tuple[list[Op], asyncio.Future[None]]] = []
        self.wake = asyncio.Event()
        self.task: asyncio.Task[None] | None = None
        self.commits = 0

    def start(self) -> None:
        """Start the writer task on the running loop."""
        self.task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> None:
        """Commit what is pending, then stop."""
        if self.task is not None:
            while self.pending:
                await asyncio.sleep(0.01)
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task

    async def submit(self, ops: list[Op]) -> None:
        """Commit ``ops`` (in order, in one transaction with others); raises what the
        database raised for them."""
        if not ops:
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.pending.append((ops, future))
        self.wake.set()
        await future

    async def _run(self) -> None:
        while True:
            await self.wake.wait()
            self.wake.clear()
            batch, self.pending = self.pending, []
            if not batch:
                continue
            errors = await asyncio.to_thread(self._commit, [ops for ops, _ in batch])
            self.commits += 1
            for (_, future), error in zip(batch, errors, strict=True):
                if future.done():
                    continue
                if error is None:
                    future.set_result(None)
                else:
                    future.set_exception(error)

    def _commit(self, groups: list[list[Op]]) -> list[BaseException | None]:
        try:
            self.storage.run(lambda s: [op(s) for ops in groups for op in ops])
            return [None] * len(groups)
        except Exception:
            if len(groups) == 1:
                log.exception("storage: a commit failed")
        # One group failed: commit the others alone so it takes nobody down with it.
        results: list[BaseException | None] = []
        for ops in groups:
            try:
                self.storage.run(lambda s, ops=ops: [op(s) for op in ops])  # type: ignore[misc]
                results.append(None)
            except Exception as exc:
                results.append(exc)
        return results


class LiveTable:
    """One table in memory: its match, seats, connections and timers.

    Every method that changes it runs under :attr:`lock` and ends with :meth:`advance`
    (bots, hand ends, deals, commit, messages, timers)."""

    def __init__(self, manager: TableManager, row: TableRow, seats: Sequence[LiveSeat]) -> None:
        self.manager = manager
        self.id = row.id
        self.rules = row.rules
        self.options: dict[str, Any] = dict(row.options)
        self.ruleset = find_ruleset(row.rules, **self.options)
        self.seed = row.seed
        self.timer = row.timer
        self.private = row.private
        self.status = row.status
        self.created_at = row.created_at  # aware UTC, from storage too (UTCDateTime)
        self.final_scores: list[int] | None = row.final_scores
        self.seats = list(seats)
        self.match = Match(self.ruleset, auto_deal=False)
        self.seq = 0
        """Public changes so far."""
        self.actions = 0
        """Actions applied (and stored) so far."""
        self.hands_announced = 0
        """Hands whose end has been announced (``hand_end``)."""
        self.deadlines: dict[int, float] = {}
        self.ready_deadline: float | None = None
        self.spectators: list[Connection] = []
        self.lock = asyncio.Lock()
        self.batch = Batch()
        self.timer_handle: asyncio.TimerHandle | None = None
        self.rating_changes: list[dict[str, Any]] | None = None
        self.unattended_since = time.monotonic()
        """When the last connection left (or the table was made or loaded): see
        :meth:`TableManager.forget_unattended`."""
        for number, seat in enumerate(self.seats):
            if seat.kind == "bot":
                self._make_bot(number, seat)

    # ------------------------------------------------------------------ state

    @property
    def has_humans(self) -> bool:
        """Whether any seat is a person's (a table of bots plays itself out)."""
        return any(s.kind == "human" for s in self.seats)

    @property
    def players(self) -> int:
        """Seats at the table."""
        return len(self.seats)

    @property
    def game_over(self) -> bool:
        """The game has ended: by its rules, or because a seat's score is past what a hand
        can start with (``MAX_INT``, what a record holds), so no next hand can be dealt."""
        return self.match.is_over or (
            self.match.hand is not None and self.match.hand.is_over
            and any(abs(score) > MAX_INT for score in self.match.scores))

    @property
    def record_url(self) -> str:
        """Where the finished game's record is served."""
        return f"/api/tables/{self.id}/record"

    def seat_seq(self, seat: int | None) -> int:
        """The ``seq`` of a seat's (or, for None, a spectator's) latest view."""
        if seat is None:
            return self.seq
        return self.seq + self.seats[seat].private_views

    def connections(self) -> list[Connection]:
        """Every open connection: seats in order, then spectators."""
        out = [c for s in self.seats for c in s.connections]
        out.extend(self.spectators)
        return out

    def summary(self) -> dict[str, Any]:
        """The public state of the table (also in every view as ``table``); before the
        first deal ``scores`` are the starting scores (a list, as protocol.md shows it)."""
        return {
            "status": self.status,
            "hand": len(self.match.hands),
            "timer": timer_json(self.timer),
            "seats": [s.public(i) for i, s in enumerate(self.seats)],
            "spectators": len(self.spectators),
            "scores": list(self.match.scores),
        }

    def describe(self) -> dict[str, Any]:
        """``GET /api/tables/{ID}``: public information only."""
        out = {
            "id": self.id,
            "rules": self.rules,
            "ruleset_name": self.ruleset.name,
            "options": self.options,
            "players": self.players,
            "private": self.private,
            "created_at": self.created_at.isoformat(),
            "seq": self.seq,
            "open_seats": [i for i, s in enumerate(self.seats) if s.is_open],
            "record": self.record_url if self.status == "finished" else None,
            "final_scores": self.final_scores,
        }
        out.update(self.summary())
        return out

    # ------------------------------------------------------------------ engine changes

    def _make_bot(self, number: int, seat: LiveSeat) -> None:
        assert seat.bot is not None
        seat.bot_rng = random.Random()
        seat.bot_impl = find_bot(seat.bot, seat.bot_rng)

    def deal(self, wall: Sequence[Tile] | None = None, *, store: bool = True) -> None:
        """Deal the next hand (its wall from the table's seed unless given)."""
        number = len(self.match.hands)
        if wall is None:
            wall = table_wall(self.ruleset, self.seed, number)
        self.match.next_hand(wall)
        self.seq += 1
        for seat in self.seats:
            seat.ready = False
        self.ready_deadline = None
        if store:
            text = tiles_to_str(wall, sort=False)
            table_id = self.id
            became_playing = self.status != "playing"
            self.status = "playing"

            def op(session: Session) -> None:
                session.add(HandRow(table_id=table_id, number=number, wall=text))
                if became_playing:
                    session.execute(
                        update(TableRow).where(TableRow.id == table_id).values(status="playing")
                    )

            self.batch.ops.append(op)
            self._changed(None)

    def apply(self, action: Action, *, auto: bool, store: bool = True) -> None:
        """Apply one engine action (raises :class:`IllegalAction` and changes nothing when
        it is not legal); it is public unless it answers a claim window that stays open.
        An action that opens a claim window only bots are asked in is shown to nobody:
        the bots answer at once, and the change is shown with the window's outcome (a
        view of the window would tell everyone that some bot could claim the tile)."""
        hand = self.match.hand
        assert hand is not None
        before = hand.phase
        hand.apply(action)
        number = self.actions
        self.actions += 1
        private = before in WINDOW and hand.phase in WINDOW
        hidden = not private and hand.phase in WINDOW and all(
            self.seats[s].kind == "bot" for s in hand.to_act())
        if private:
            self.seats[action.seat].private_views += 1
        elif not hidden:
            self.seq += 1
        if store:
            data = action.to_dict()
            table_id = self.id
            hand_number = len(self.match.hands) - 1

            def op(session: Session) -> None:
                session.execute(insert(ActionRow).values(
                    table_id=table_id, number=number, hand=hand_number, seat=action.seat,
                    action=data, auto=auto, at=utcnow()))

            self.batch.ops.append(op)
            if not hidden:
                self._changed(action.seat if private else None)

    def _changed(self, private_seat: int | None) -> None:
        """After a change: new deadlines, and a view to every connection that can see it."""
        self._update_deadlines(private_seat)
        if private_seat is not None:
            self._queue_views(self.seats[private_seat].connections)
        else:
            self._queue_views(self.connections())

    def _update_deadlines(self, private_seat: int | None) -> None:
        if self.timer is None:
            self.deadlines = {}
            return
        hand = self.match.hand
        if private_seat is not None:
            self.deadlines.pop(private_seat, None)
            return
        now = time.time()
        self.deadlines = {}
        if hand is not None and not hand.is_over:
            for s in hand.to_act():
                if self.seats[s].kind == "human":
                    self.deadlines[s] = now + self.timer
        elif hand is not None and self.ready_deadline is None and not self.game_over:
            # the hand just ended: its last view already carries the time of the next deal
            self.ready_deadline = now + self.timer

    # ------------------------------------------------------------------ messages

    def view_message(self, seat: int | None, public: dict[str, Any] | None = None,
                     summary: dict[str, Any] | None = None) -> dict[str, Any]:
        """The ``view`` message for a seat (None: a spectator); ``public`` and ``summary``
        are the public part of the view and the table summary now, when the caller has
        them already (they are the same for every connection)."""
        hand = self.match.hand
        view: dict[str, Any] | None = None
        legal: list[dict[str, Any]] = []
        deadline: float | None = None
        if hand is not None:
            obs = hand.observe(0 if seat is None else seat)
            view = dict(public) if public is not None else obs.public_json()
            if seat is not None:
                view.update(obs.private_json())
                legal = view["legal"]
                deadline = self.deadlines.get(seat)
                if (
                    deadline is None and hand.is_over and self.ready_deadline is not None
                    and not self.seats[seat].ready and self.seats[seat].kind == "human"
                ):
                    deadline = self.ready_deadline
        return {
            "type": "view",
            "seq": self.seat_seq(seat),
            "view": view,
            "legal": legal,
            "deadline": None if deadline is None else round(deadline, 3),
            "table": summary if summary is not None else self.summary(),
        }

    def _queue_views(self, connections: Sequence[Connection]) -> None:
        cache: dict[int | None, dict[str, Any]] = {}
        hand = self.match.hand
        if not connections:
            return
        public = None if hand is None else hand.observe(0).public_json()
        summary = self.summary()
        for conn in connections:
            if conn.seat not in cache:
                cache[conn.seat] = self.view_message(conn.seat, public, summary)
            self.batch.messages.append((conn, cache[conn.seat]))

    def hand_end_message(self, number: int) -> dict[str, Any]:
        """``hand_end`` of hand ``number``: the replay fields plus the scores after it."""
        hand = self.match.hands[number]
        result = HandReplay(hand.result, hand.deltas).to_json()
        result["scores"] = list(hand.scores)
        return {"type": "hand_end", "hand": number, "result": result}

    def game_end_message(self) -> dict[str, Any]:
        """``game_end``: final scores, the record's address and the rating changes."""
        return {
            "type": "game_end",
            "scores": list(self.match.scores),
            "record": self.record_url,
            "ratings": self.rating_changes or [],
        }

    def welcome(self, conn: Connection) -> None:
        """What a new connection is sent at once: the current view, and the end of the
        hand or the game it may have missed."""
        conn.send(self.view_message(conn.seat))
        hand = self.match.hand
        if hand is not None and hand.is_over:
            conn.send(self.hand_end_message(len(self.match.hands) - 1))
            if self.status == "finished":
                conn.send(self.game_end_message())

    # ------------------------------------------------------------------ flow

    def _bot_step(self) -> bool:
        """Let every bot that must act now act once; whether any did."""
        hand = self.match.hand
        if hand is None or hand.is_over:
            return False
        acted = False
        for s in hand.to_act():
            seat = self.seats[s]
            if seat.bot_impl is None or hand.is_over or s not in hand.to_act():
                continue
            assert seat.bot_rng is not None
            seat.bot_rng.seed(f"{self.seed}:{s}:{self.actions}")
            obs = hand.observe(s)
            try:
                action = seat.bot_impl.act(obs)
            except Exception:  # a failing bot must not stall the table either
                log.exception("table %s: bot %s failed; it makes the safe move", self.id,
                              seat.bot)
                action = safe_action(obs, seat.bot_rng)
            if action not in obs.legal:  # a misbehaving bot must not stall the table
                log.warning("table %s: bot %s chose an illegal action %s", self.id, seat.bot,
                            action)
                action = safe_action(obs, seat.bot_rng)
            self.apply(action, auto=True)
            acted = True
        return acted

    def ready_to_deal(self) -> bool:
        """Whether the next hand may be dealt (the current one is over, the game is not)."""
        if not self.has_humans:
            return True
        humans = [s for s in self.seats if s.kind == "human"]
        if self.ready_deadline is not None and time.time() >= self.ready_deadline:
            return True
        connected = [s for s in humans if s.connections]
        return bool(connected) and all(s.ready for s in connected)

    def _settle(self) -> bool:
        """Run bots, announce a hand's end, finish the game or deal the next hand.
        Returns True when it dealt a hand (the caller commits and comes back)."""
        if self.status == "waiting" or self.status == "finished":
            return False
        while self._bot_step():
            pass
        hand = self.match.hand
        if hand is None or not hand.is_over:
            return False
        if self.hands_announced < len(self.match.hands):
            number = len(self.match.hands) - 1
            self.hands_announced = number + 1
            message = self.hand_end_message(number)
            for conn in self.connections():
                self.batch.messages.append((conn, message))
            if self.game_over:
                self._finish()
                return False
            if self.ready_deadline is None and self.timer is not None:  # rebuilt tables
                self.ready_deadline = time.time() + self.timer
            for seat in self.seats:
                seat.ready = False
        if self.game_over:
            if not self.match.is_over:  # left between hands past the score limit before
                self._finish()
            return False
        if self.ready_to_deal():
            self.deal()
            return True
        return False

    def _finish(self) -> None:
        """The game has ended: store the record, the results and the new ratings."""
        self.status = "finished"
        scores = list(self.match.scores)
        self.final_scores = scores
        record = self.match.record()
        table_id = self.id
        rules = self.rules
        seats = [(s.kind, s.bot, s.name, s.account_id) for s in self.seats]
        self.deadlines = {}
        self.ready_deadline = None

        def op(session: Session) -> None:
            session.execute(
                update(TableRow).where(TableRow.id == table_id).values(
                    status="finished", finished_at=utcnow(), final_scores=scores, record=record
                )
            )
            self.rating_changes = store_results(session, table_id, rules, seats, scores)

        self.batch.ops.append(op)
        for conn in self.connections():
            self.batch.messages.append((conn, self.game_end_message))

    async def advance(self) -> None:
        """Settle the table (bots, ends, deals), committing and sending after each hand,
        then set the timers.  Call under :attr:`lock`.  A table without human seats is
        left to :meth:`play_out` (only a commit is made here)."""
        if not self.has_humans:
            await self.flush()
            return
        while True:
            more = self._settle()
            await self.flush()
            if not more:
                break
            await asyncio.sleep(0)
        self.schedule_timer()

    async def play_out(self) -> None:
        """Play a table without human seats to its end in the background, a hand at a
        time under the lock, so the server answers and spectators connect meanwhile."""
        while True:
            async with self.lock:
                more = self._settle()
                await self.flush()
            if not more:
                return
            await asyncio.sleep(0)

    async def flush(self) -> None:
        """Commit the batch, then send its messages (nothing is shown before it is
        stored).  If the commit fails the table is rebuilt from storage."""
        batch, self.batch = self.batch, Batch()
        try:
            await self.manager.writer.submit(batch.ops)
        except Exception:
            log.exception("table %s: storing a change failed; rebuilding from storage", self.id)
            await self.manager.reload(self)
            return
        for conn, payload in batch.messages:
            conn.send(payload() if callable(payload) else payload)

    # ------------------------------------------------------------------ timers

    def schedule_timer(self) -> None:
        """Arm the table's timer for its earliest deadline."""
        if self.timer_handle is not None:
            self.timer_handle.cancel()
            self.timer_handle = None
        if self.status == "finished":
            return
        times = list(self.deadlines.values())
        if self.ready_deadline is not None:
            times.append(self.ready_deadline)
        if not times:
            return
        delay = max(0.0, min(times) - time.time())
        loop = asyncio.get_running_loop()
        self.timer_handle = loop.call_later(
            delay, lambda: self.manager.spawn(self.on_timer())
        )

    async def on_timer(self) -> None:
        """Make the safe move for every seat whose time is up; deal when the ready time
        is up."""
        async with self.lock:
            if self.status == "finished":
                return
            now = time.time()
            hand = self.match.hand
            while hand is not None and not hand.is_over:
                due = [s for s in hand.to_act() if self.deadlines.get(s, now + 1) <= now]
                if not due:
                    break
                seat = due[0]
                obs = hand.observe(seat)
                rng = random.Random(f"{self.seed}:{seat}:{self.actions}")
                self.apply(safe_action(obs, rng), auto=True)
            await self.advance()

    # ------------------------------------------------------------------ client intents

    def check_act(self, seat: int, seq: int, raw: dict[str, Any]) -> Action | str:
        """The action a seat's ``act`` asks for, or why it is refused."""
        hand = self.match.hand
        if self.status == "finished":
            return "the game is over"
        if hand is None:
            return "the game has not started: seats are still open"
        if hand.is_over:
            return "the hand is over: send {\"type\": \"ready\"} for the next one"
        current = self.seat_seq(seat)
        if seq != current:
            return f"stale seq {seq}: this seat's latest view is seq {current}"
        if "seat" in raw:  # given (even as null), it must be the token's seat
            given = raw.pop("seat")
            if given != seat:
                return f"this token plays seat {seat}, not seat {json.dumps(given)}"
        problem = notation_problem(raw)
        if problem is not None:
            return f"malformed action: {problem}"
        given = short_json(raw)
        if raw.get("do") == "chow" and "tiles" not in raw:
            return f"malformed action {given}: chow needs its three tiles ('tiles', e.g. '345m')"
        data = {"seat": seat, **raw}
        try:
            action = Action.from_dict(data)
        except InvalidNotation as exc:
            # the engine names the action as Python sees it, with the seat added: name it
            # as the client sent it
            text = str(exc)
            prefix = f"action {echo(data)}"
            reason = text[len(prefix):] if text.startswith(prefix) else f": {text}"
            return f"malformed action {given}{reason}"
        if action.kind is ActionKind.PENALTY:
            return "penalty is a host action, not a player's"
        legal = hand.legal_actions(seat)
        if not legal:
            return f"seat {seat} has nothing to decide now"
        if action not in legal:
            try:
                hand.copy().apply(action)
            except IllegalAction as exc:
                return f"illegal action: {exc}"
            return "illegal action"
        return action

    async def act(self, conn: Connection, seq: int, raw: dict[str, Any]) -> None:
        """A seat's ``act`` message (none is taken from a connection the server closed)."""
        async with self.lock:
            if conn.closed:
                return
            if conn.seat is None:
                conn.send(error("spectators cannot act: connect with a seat's token"))
                return
            checked = self.check_act(conn.seat, seq, raw)
            if isinstance(checked, str):
                conn.send(error(checked))
                return
            self.apply(checked, auto=False)
            await self.advance()

    async def ready(self, conn: Connection) -> None:
        """A seat's ``ready`` message (none is taken from a connection the server closed)."""
        async with self.lock:
            if conn.closed:
                return
            if conn.seat is None:
                conn.send(error("spectators do not deal: only seats send ready"))
                return
            hand = self.match.hand
            if self.status == "finished":
                conn.send(error("the game is over"))
                return
            if hand is None:
                conn.send(error("ready is for the end of a hand: the game has not started "
                                "(seats are still open)"))
                return
            if not hand.is_over:
                conn.send(error("ready is for the end of a hand: this hand is being played"))
                return
            self.seats[conn.seat].ready = True
            await self.advance()

    async def connect(self, conn: Connection) -> None:
        """A new connection of a seat or a spectator."""
        async with self.lock:
            if conn.seat is None and len(self.spectators) >= self.manager.max_spectators:
                limit = self.manager.max_spectators
                conn.send(error(f"this table has as many spectators as it takes ({limit}); "
                                "try again later"))
                conn.close(4503, "too many spectators")
                return
            if conn.seat is None:
                self.spectators.append(conn)
            elif conn.token_hash not in (None, self.seats[conn.seat].token_hash):
                # the seat was taken again with a new token while this one waited to join
                conn.send(error("this token holds no seat at this table"))
                conn.close(4403, "the seat's token was replaced")
                return
            elif len(self.seats[conn.seat].connections) >= self.manager.max_seat_connections:
                limit = self.manager.max_seat_connections
                conn.send(error(f"this seat has as many connections as it takes ({limit}): "
                                "close another window of it and try again"))
                conn.close(4503, "too many connections of this seat")
                return
            else:
                self.seats[conn.seat].connections.append(conn)
            self.welcome(conn)
            if conn.seat is not None and self.status == "playing":
                # A seat that sent ready and comes back alone deals the next hand (every
                # connected seat has sent it), as its leaving would have had it stayed.
                await self.advance()

    async def disconnect(self, conn: Connection) -> None:
        """A connection closed (the seat may no longer hold up a deal)."""
        async with self.lock:
            conn.close()
            if conn.seat is None:
                if conn in self.spectators:
                    self.spectators.remove(conn)
            elif conn in self.seats[conn.seat].connections:
                self.seats[conn.seat].connections.remove(conn)
            if not self.connections():
                self.unattended_since = time.monotonic()
            await self.advance()

    async def take_seat(self, number: int, name: str, account_id: int | None,
                        account: str | None) -> str:
        """Seat a player on an open seat (or give its own account a new token); returns
        the token.  Raises LookupError (no such seat) or PermissionError (taken)."""
        async with self.lock:
            if not 0 <= number < self.players:
                raise LookupError(f"seat {number} is not a seat of this {self.players}-seat table")
            seat = self.seats[number]
            if seat.kind != "human":
                raise PermissionError(f"seat {number} is a bot seat")
            if not seat.is_open and not (account_id is not None and seat.account_id == account_id):
                raise PermissionError(f"seat {number} is taken")
            held = [i for i, s in enumerate(self.seats)
                    if i != number and account_id is not None and s.account_id == account_id]
            if held:  # one account, one seat: a game rates each account once
                raise PermissionError(f"this account already plays seat {held[0]} at this "
                                      "table (an account holds one seat of a table)")
            if self.status == "finished":
                raise PermissionError("the game is over")
            token = new_token()
            for conn in seat.connections:  # the old token stops working, open sockets too
                conn.send(error("this seat was taken again with a new token: this "
                                "connection's token no longer works"))
                conn.close(4403, "the seat's token was replaced")
            seat.connections = []
            seat.token_hash = token_hash(token)
            seat.name = name
            seat.account_id = account_id
            seat.account = account
            table_id, hashed = self.id, seat.token_hash

            def op(session: Session) -> None:
                session.execute(
                    update(SeatRow)
                    .where(SeatRow.table_id == table_id, SeatRow.seat == number)
                    .values(token_hash=hashed, name=name, account_id=account_id,
                            joined_at=utcnow())
                )

            self.batch.ops.append(op)
            if self.status == "waiting":
                if any(s.is_open for s in self.seats):
                    self._queue_views(self.connections())
                else:
                    self.deal()
            await self.advance()
            return token

    def seat_of_token(self, hashed: str) -> int | None:
        """The seat a token (given by its hash) plays, or None."""
        for number, seat in enumerate(self.seats):
            if seat.token_hash is not None and secrets.compare_digest(seat.token_hash, hashed):
                return number
        return None


def error(text: str) -> dict[str, Any]:
    """An ``error`` message."""
    return {"type": "error", "error": text}


def store_results(session: Session, table_id: str, rules: str,
                  seats: Sequence[tuple[str, str | None, str | None, int | None]],
                  scores: Sequence[int]) -> list[dict[str, Any]]:
    """Write each seat's result and, when an account played, the new ratings; returns the
    rating changes (one entry per rated seat) for the ``game_end`` message."""
    places = ratings.ranks(scores)
    keys: list[str | None] = []
    for kind, bot, _name, account_id in seats:
        if kind == "bot":
            keys.append(f"bot:{bot}")
        elif account_id is not None:
            keys.append(f"account:{account_id}")
        else:
            keys.append(None)
    rated = any(k is not None and k.startswith("account:") for k in keys)
    rows: dict[str, RatingRow] = {}
    before: list[ratings.Rating] = []
    for key in keys:
        if key is None:
            before.append(ratings.DEFAULT)
            continue
        row = rows.get(key) or session.get(RatingRow, (key, rules))
        if row is None:
            row = RatingRow(player=key, rules=rules, mu=ratings.DEFAULT.mu,
                            sigma=ratings.DEFAULT.sigma, games=0, updated_at=utcnow())
            if rated:
                session.add(row)
        rows[key] = row
        before.append(ratings.Rating(row.mu, row.sigma))
    after = ratings.rate(before, scores) if rated else before
    results: list[ResultRow] = []
    for seat, ((_kind, _bot, name, account_id), key) in enumerate(zip(seats, keys, strict=True)):
        kept = rated and key is not None
        results.append(ResultRow(
            table_id=table_id, seat=seat, player=key, account_id=account_id, name=name,
            rank=places[seat], score=scores[seat],
            mu_before=before[seat].mu if kept else None,
            sigma_before=before[seat].sigma if kept else None,
            mu_after=after[seat].mu if kept else None,
            sigma_after=after[seat].sigma if kept else None,
        ))
        session.add(results[-1])
    if rated:
        # A player in several seats (a bot level) takes every seat's result, in no order.
        for key, row in rows.items():
            held = [seat for seat, k in enumerate(keys) if k == key]
            new = ratings.combine(before[held[0]], [after[seat] for seat in held])
            row.mu, row.sigma = new.mu, new.sigma
            row.games += len(held)
            row.updated_at = utcnow()
    return rating_changes(results)


def rating_changes(results: Sequence[ResultRow]) -> list[dict[str, Any]]:
    """The ``ratings`` of ``game_end`` from the seats' stored results: the change of every
    rated seat, in seat order (so a finished table rebuilt from storage, after a restart,
    announces the same changes as when it ended)."""
    changes: list[dict[str, Any]] = []
    for result in sorted(results, key=lambda r: r.seat):
        if (result.player is None or result.mu_before is None or result.sigma_before is None
                or result.mu_after is None or result.sigma_after is None):
            continue
        before = ratings.Rating(result.mu_before, result.sigma_before)
        after = ratings.Rating(result.mu_after, result.sigma_after)
        changes.append({
            "seat": result.seat, "player": result.player, "name": result.name,
            "rank": result.rank, "before": round(before.ordinal, 3),
            "after": round(after.ordinal, 3), "mu": round(after.mu, 3),
            "sigma": round(after.sigma, 3),
        })
    return changes


class TableUnavailable(ValueError):
    """A stored table this version cannot rebuild (its options or a state the rules now
    refuse): the message says why.  The table's rows stay as they are."""


RECENT_FINISHED = 16
"""Finished tables a server keeps in memory after they leave :attr:`TableManager.tables`."""


class TableManager:
    """Every live table of a server, their storage and their background tasks."""

    def __init__(self, storage: Storage, max_tables: int = 1000,
                 unattended_seconds: float = 3600.0, max_spectators: int = 100,
                 max_seat_connections: int = 16) -> None:
        self.storage = storage
        self.writer = Writer(storage)
        self.tables: dict[str, LiveTable] = {}
        self.max_tables = max_tables
        self.max_spectators = max_spectators
        """Spectator connections one table takes at once (a further one is refused)."""
        self.max_seat_connections = max_seat_connections
        """Connections one seat takes at once (a further one is refused)."""
        self.unattended_seconds = unattended_seconds
        self.tasks: set[asyncio.Task[Any]] = set()
        self.recent: OrderedDict[str, LiveTable] = OrderedDict()
        """The last :data:`RECENT_FINISHED` finished tables :meth:`forget_finished`
        dropped, oldest first: a game just ended is looked at again (its replay, its
        link passed round), and each rebuild from storage replays the whole game."""
        self.loading: dict[str, asyncio.Task[LiveTable | None]] = {}
        """Rebuilds from storage under way, so that requests arriving together for a
        table not in memory share one rebuild."""

    def spawn(self, coro: Any) -> asyncio.Task[Any]:
        """Run a coroutine in the background, keeping a reference until it ends (or
        :meth:`stop` cancels it); the task."""
        task = asyncio.get_running_loop().create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self._task_done)
        return task

    def _task_done(self, task: asyncio.Task[Any]) -> None:
        self.tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("background task failed", exc_info=task.exception())

    async def start(self) -> None:
        """Start the writer and rebuild every unfinished table from storage.  A table that
        cannot be rebuilt (options or a state a newer version refuses) is logged and left
        out rather than keeping the server, and every other table, from starting."""
        self.writer.start()
        ids = await asyncio.to_thread(
            self.storage.run,
            lambda s: list(s.scalars(select(TableRow.id).where(TableRow.status != "finished"))),
        )
        for table_id in ids:
            try:
                table = await self.load(table_id)
            except ValueError as exc:  # RuleError, RecordError and IllegalAction among them
                log.error("table %s cannot be rebuilt from storage: %s", table_id, exc)
                continue
            if table is None:
                continue
            if table.has_humans:
                async with table.lock:
                    await table.advance()
            else:
                self.spawn(table.play_out())
        log.info("rebuilt %d unfinished tables", len(ids))

    async def stop(self) -> None:
        """Cancel timers and background tasks, commit what is pending."""
        for table in self.tables.values():
            if table.timer_handle is not None:
                table.timer_handle.cancel()
        for task in list(self.tasks):
            task.cancel()
        await self.writer.stop()

    async def get(self, table_id: str) -> LiveTable | None:
        """The live table, loaded from storage when it is not in memory (None for an id
        no table can have, without asking the database)."""
        if not is_table_id(table_id):
            return None
        table = self.tables.get(table_id)
        if table is None:
            table = self.recent.pop(table_id, None)
            if table is not None:
                self.tables[table_id] = table
                return table
            pending = self.loading.get(table_id)
            if pending is None:
                pending = asyncio.get_running_loop().create_task(self.load(table_id))
                self.loading[table_id] = pending
                pending.add_done_callback(lambda done: self._loaded(table_id, done))
            # shielded: one caller leaving (a closed connection) does not cancel the
            # rebuild the others wait for
            table = await asyncio.shield(pending)
        return table

    def _loaded(self, table_id: str, done: asyncio.Task[LiveTable | None]) -> None:
        if self.loading.get(table_id) is done:
            del self.loading[table_id]
        if not done.cancelled():
            done.exception()  # retrieved here too: every waiter may have left

    async def load(self, table_id: str, until_seq: int | None = None) -> LiveTable | None:
        """Rebuild a table from storage by replaying its walls and actions (in a worker
        thread: a long game takes a second of CPU, which must not stall the event loop and
        every other table); :class:`TableUnavailable` when this version cannot (nothing
        stored is changed)."""
        data = await asyncio.to_thread(self.storage.run, lambda s: read_table(s, table_id))
        if data is None:
            return None
        try:
            table = await asyncio.to_thread(build_table, self, *data, until_seq=until_seq)
        except ValueError as exc:  # RuleError, RecordError and IllegalAction among them
            raise TableUnavailable(
                f"table {table_id} cannot be rebuilt by this version of the server: {exc}"
            ) from None
        if until_seq is None:
            existing = self.tables.get(table_id)
            if existing is not None:
                return existing
            self.tables[table_id] = table
        return table

    async def reload(self, table: LiveTable) -> None:
        """Replace a table whose memory ran ahead of storage (a failed commit) by its
        stored state, moving its connections over and sending them the stored view."""
        data = await asyncio.to_thread(self.storage.run, lambda s: read_table(s, table.id))
        if data is None:
            return
        fresh = build_table(self, *data)
        for old, new in zip(table.seats, fresh.seats, strict=True):
            new.connections = old.connections
        fresh.spectators = table.spectators
        table.__dict__.update({k: v for k, v in fresh.__dict__.items() if k != "lock"})
        for conn in table.connections():
            conn.send(error("the server could not store the last change; it was undone"))
            conn.send(table.view_message(conn.seat))

    async def create(self, row: TableRow, seats: list[LiveSeat]) -> LiveTable:
        """Store a new table and put it in play (deal at once when no seat is open)."""
        self.forget_unattended()
        if sum(1 for t in self.tables.values() if t.status != "finished") >= self.max_tables:
            raise OverflowError("the server has as many tables as it can hold; try later")
        table = LiveTable(self, row, seats)
        values = {c.name: getattr(row, c.name) for c in TableRow.__table__.columns}
        seat_values = [
            {"table_id": row.id, "seat": i, "kind": s.kind, "bot": s.bot, "name": s.name,
             "token_hash": s.token_hash, "account_id": s.account_id,
             "joined_at": utcnow() if s.token_hash else None}
            for i, s in enumerate(seats)
        ]

        def op(session: Session) -> None:
            session.add(TableRow(**values))
            session.flush()
            for v in seat_values:
                session.add(SeatRow(**v))

        async with table.lock:
            table.batch.ops.append(op)
            self.tables[row.id] = table
            if not any(s.is_open for s in seats):
                table.deal()
            if table.has_humans:
                await table.advance()
            else:
                await table.flush()
        if not table.has_humans:
            self.spawn(table.play_out())
        return table

    def forget_finished(self) -> None:
        """Drop finished tables nobody is connected to (they are served from storage,
        the last :data:`RECENT_FINISHED` of them kept aside in :attr:`recent`).
        Not one whose lock is held: its end may still be being committed, and a table
        dropped then would be rebuilt from storage as it was before its end (``playing``
        for ever, never announcing ``game_end``)."""
        for table_id, table in list(self.tables.items()):
            if table.status == "finished" and not table.connections() \
                    and not table.lock.locked():
                del self.tables[table_id]
                self.recent[table_id] = table
                if len(self.recent) > RECENT_FINISHED:
                    self.recent.popitem(last=False)

    def forget_unattended(self) -> None:
        """Drop the unfinished tables that only people can move on and that nobody has
        been connected to for :attr:`unattended_seconds`: a game its players left, a table
        whose friends never came.  Everything about them is stored, so they leave the
        lobby and stop counting against :attr:`max_tables`, and a player coming back with
        the link or the seat's token finds the table as it was (loaded again on demand, as
        after a restart).  A game with a timer moves on by itself and stays, as does one
        of bots only, which plays itself out; a table still waiting for its players does
        not move on, timer or not (no timer runs before the first deal)."""
        now = time.monotonic()
        for table_id, table in list(self.tables.items()):
            if (
                table.status != "finished" and table.has_humans
                and (table.timer is None or table.status == "waiting")
                and not table.connections()
                and not table.lock.locked()
                and now - table.unattended_since >= self.unattended_seconds
            ):
                del self.tables[table_id]


TableData = tuple[TableRow, list[SeatRow], list[HandRow], list[ActionRow], dict[int, str],
                  list[ResultRow]]


def read_table(session: Session, table_id: str) -> TableData | None:
    """Everything stored about a table (its rows, seats, hands and actions in order, the
    names of its accounts and, once it is finished, its seats' results)."""
    row = session.get(TableRow, table_id)
    if row is None:
        return None
    seats = list(session.scalars(
        select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)))
    hands = list(session.scalars(
        select(HandRow).where(HandRow.table_id == table_id).order_by(HandRow.number)))
    actions = list(session.scalars(
        select(ActionRow).where(ActionRow.table_id == table_id).order_by(ActionRow.number)))
    account_ids = [s.account_id for s in seats if s.account_id is not None]
    names: dict[int, str] = {}
    if account_ids:
        for account in session.scalars(select(AccountRow).where(AccountRow.id.in_(account_ids))):
            names[account.id] = account.name
    results = list(session.scalars(
        select(ResultRow).where(ResultRow.table_id == table_id).order_by(ResultRow.seat)))
    return row, seats, hands, actions, names, results


def build_table(manager: TableManager, row: TableRow, seat_rows: list[SeatRow],
                hands: list[HandRow], actions: list[ActionRow], names: dict[int, str],
                results: Sequence[ResultRow] = (), until_seq: int | None = None) -> LiveTable:
    """A live table in the state its stored hands and actions lead to (with ``until_seq``,
    the state of the spectators' view with that seq: for checking a restart)."""
    seats = [
        LiveSeat(kind=s.kind, bot=s.bot, name=s.name, token_hash=s.token_hash,
                 account_id=s.account_id,
                 account=names.get(s.account_id) if s.account_id is not None else None)
        for s in seat_rows
    ]
    table = LiveTable(manager, row, seats)
    by_hand: dict[int, list[ActionRow]] = {}
    for a in actions:
        by_hand.setdefault(a.hand, []).append(a)
    for hand_row in hands:
        if until_seq is not None and table.seq >= until_seq:
            break
        table.deal(parse_tiles(hand_row.wall), store=False)
        for a in by_hand.get(hand_row.number, []):
            if until_seq is not None and table.seq >= until_seq:
                break
            table.apply(Action.from_dict(a.action), auto=a.auto, store=False)
        hand = table.match.hand
        if hand is not None and hand.is_over:
            table.hands_announced = hand_row.number + 1
    hand = table.match.hand
    if row.status == "finished":
        table.rating_changes = rating_changes(results)
    elif hand is not None and hand.is_over and table.timer is not None:
        table.ready_deadline = time.time() + table.timer
    table._update_deadlines(None)
    return table

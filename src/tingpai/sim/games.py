"""One simulated game as a unit of work: :class:`GameTask` in, :class:`GameOutcome` out.

A task names everything a worker needs to play one game (rules, options, bot names, the
game's seed) as plain picklable data (the rules an id, or a Ruleset built in code), so any
backend (this process, a process pool, later a cluster) can run it.  The outcome keeps
only what the statistics need, plus the game's record as JSON text when records are
wanted: small to send back from a worker.
"""

from __future__ import annotations

import hashlib
import json
import pickle
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar, overload

from tingpai import inputs
from tingpai.bots.play import new_game, play_hand
from tingpai.engine.actions import ActionKind
from tingpai.engine.hand import Hand
from tingpai.rules import find_ruleset
from tingpai.rules.base import WinKind
from tingpai.rules.ruleset import Ruleset
from tingpai.sim.readiness import no_pattern_ready

MAX_GAMES = 10**9
"""Most games one run (``tingpai sim``, ``tingpai arena``) may ask for: far past what a
cluster plays in a day; a larger number is a typing slip, refused before any game."""

DISCARD_KINDS = (WinKind.DISCARD, WinKind.ROBBING_KONG)
"""Wins a single loser pays as the discarder (a robbed kong's konger)."""


def whole_number(name: str, value: object) -> int:
    """``value`` as a Python int when it is a whole number (numpy's too, not a bool);
    ValueError naming ``name`` otherwise.  A run's seed goes into every game's seed, its
    manifest and its report: a float, a string or None used to be taken as a seed of its
    own."""
    number = inputs.whole_number(value)
    if number is None:
        raise ValueError(f"{name} must be a whole number, got {value!r}")
    return number


def table_of(rules: str | Ruleset, options: Mapping[str, Any]) -> Ruleset:
    """The ruleset a run plays: a ruleset id with its options, or a :class:`Ruleset` built
    in code (DESIGN.md: accepted everywhere an id is), which takes no options."""
    if isinstance(rules, Ruleset):
        if options:
            raise ValueError("ruleset options go with a ruleset id, not with a Ruleset object")
        return rules
    return find_ruleset(rules, **options)


def check_sendable(rules: str | Ruleset) -> None:
    """ValueError when a :class:`Ruleset` built in code cannot be sent to worker processes
    (a function of it defined inside another function does not pickle)."""
    if isinstance(rules, Ruleset):
        try:
            pickle.dumps(rules)
        except (pickle.PicklingError, AttributeError, TypeError) as exc:
            raise ValueError(
                f"the ruleset {rules.id!r} cannot be sent to worker processes ({exc}): "
                "play it with one worker"
            ) from None


class _Paid(Protocol):
    @property
    def payer(self) -> int | None: ...

    @property
    def kind(self) -> WinKind: ...


def dealt_in(winners: Iterable[_Paid]) -> set[int]:
    """The seats that dealt in, from one hand's winners: a discard several seats win on
    (Hu pays each) is one deal-in of its discarder.

    >>> from types import SimpleNamespace as Win
    >>> sorted(dealt_in([Win(payer=1, kind=WinKind.DISCARD), Win(payer=1, kind=WinKind.DISCARD)]))
    [1]
    """
    return {w.payer for w in winners if w.payer is not None and w.kind in DISCARD_KINDS}


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` (0-based) of a run seeded ``seed``.

    A hash of both numbers, so that runs with nearby seeds share no games (``seed + index``
    would make the runs seeded 0 and 1 overlap in all but one game).  Game ``i`` of
    ``tingpai sim --seed S`` is ``play_game(bots, game_seed(S, i), rules, options)``.

    >>> game_seed(0, 0) == game_seed(0, 0) != game_seed(0, 1)
    True
    """
    digest = hashlib.sha256(f"tingpai-sim/{seed}/{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


@dataclass(frozen=True)
class GameTask:
    """Everything needed to play one game, as plain data (picklable, JSON-able)."""

    index: int
    """Position of the game in its run (0-based); results are aggregated in this order."""
    seed: int
    """The game's own seed (:func:`game_seed` of the run seed and ``index``)."""
    rules: str | Ruleset
    """A ruleset id, or a :class:`Ruleset` built in code (then ``options`` is empty)."""
    options: Mapping[str, Any]
    bots: tuple[str, ...]
    """One bot level name per seat."""
    keep_record: bool = False
    """Return the game record as JSON text."""
    max_hands: int | None = None
    """Stop the game after this many hands even if it has not ended (the sim's cap: a
    Hong Kong game of draws never ends); None: play to the end."""


@dataclass(frozen=True)
class WinSummary:
    """One winner of one hand: what the statistics need of it."""

    seat: int
    kind: WinKind
    payer: int | None
    """The seat that paid alone as discarder (None: paid as self-draw)."""
    total: int
    patterns: tuple[tuple[str, str, str], ...]
    """``(id, name, chinese)`` of each counted pattern and bonus, in scoring order."""
    values: tuple[int, ...] = ()
    """The value each of ``patterns`` added (parallel to it)."""


@dataclass(frozen=True)
class HandSummary:
    """How one hand ended."""

    end: WinKind
    """The first winner's kind, or EXHAUSTIVE_DRAW when nobody won."""
    dealer: int
    winners: tuple[WinSummary, ...]
    turns: int = 0
    """Discards made in the hand (its length in turns)."""
    deltas: tuple[int, ...] = ()
    """Per seat net change of the hand (settlement and penalties)."""
    ready: tuple[bool, ...] = ()
    """Per seat: ready at the end of the hand (winners count as ready)."""
    no_pattern: tuple[bool, ...] = ()
    """Per seat: ready at the end but no wait could be a legal win
    (:func:`~tingpai.sim.readiness.no_pattern_ready`)."""


@dataclass(frozen=True)
class GameOutcome:
    """What one played game contributes to a run's statistics."""

    index: int
    seed: int
    hands: tuple[HandSummary, ...]
    start_scores: tuple[int, ...]
    final_scores: tuple[int, ...]
    ranking: tuple[int, ...]
    """Seats from first to last place."""
    record: str | None = None
    """The game record (``tingpai-record/1``) as JSON text, when the task asked for it."""
    cut_short: bool = False
    """The task's ``max_hands`` stopped the game before its end."""


def summarize_hand(hand: Hand) -> HandSummary:
    """What the statistics keep of one ended hand."""
    result = hand.result
    assert result is not None
    winners = {w.seat for w in result.winners}
    lacking = [None if s in winners else no_pattern_ready(hand, s) for s in range(hand.players)]
    return HandSummary(
        end=result.end,
        dealer=result.dealer,
        winners=tuple(
            WinSummary(
                seat=w.seat,
                kind=w.kind,
                payer=w.payer,
                total=w.score.total,
                patterns=tuple(
                    (p.id, p.name, p.chinese) for p in (*w.score.patterns, *w.score.bonuses)
                ),
                values=tuple(p.value for p in (*w.score.patterns, *w.score.bonuses)),
            )
            for w in result.winners
        ),
        turns=sum(1 for a in hand.history if a.kind is ActionKind.DISCARD),
        deltas=hand.deltas,
        ready=tuple(s in winners or lacking[s] is not None for s in range(hand.players)),
        no_pattern=tuple(flag is True for flag in lacking),
    )


T = TypeVar("T")


class LazyTasks(Sequence[T]):
    """The tasks ``make(start)``, ..., ``make(stop - 1)`` of a run, each made when it is
    read: a run of many games holds only the batches in flight, not a task per game (a
    backend reads its batches by slicing, which gives a list).

    >>> tasks = LazyTasks(lambda i: i * i, 2, 6)
    >>> len(tasks), tasks[0], tasks[-1], tasks[1:3], list(tasks)
    (4, 4, 25, [9, 16], [4, 9, 16, 25])
    """

    def __init__(self, make: Callable[[int], T], start: int, stop: int) -> None:
        self._make = make
        self._range = range(start, max(start, stop))

    def __len__(self) -> int:
        return len(self._range)

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> list[T]: ...

    def __getitem__(self, index: int | slice) -> T | list[T]:
        if isinstance(index, slice):
            return [self._make(i) for i in self._range[index]]
        return self._make(self._range[index])


def play_task(task: GameTask) -> GameOutcome:
    """Play one game and summarize it (runs in whichever process the backend chooses)."""
    # The game play_game(bots, seed, ...) plays, without building a record nobody keeps.
    match, players = new_game(list(task.bots), task.seed, task.rules, task.options)
    hands: list[HandSummary] = []
    cap = task.max_hands
    while not match.is_over and (cap is None or len(hands) < cap):
        hand = match.next_hand()
        play_hand(hand, players)
        hands.append(summarize_hand(hand))
    final = match.result
    start = (match.ruleset.options.start_points,) * match.players
    return GameOutcome(
        index=task.index,
        seed=task.seed,
        hands=tuple(hands),
        start_scores=start,
        final_scores=final.scores,
        ranking=final.ranking,
        record=json.dumps(match.record(), ensure_ascii=False) if task.keep_record else None,
        cut_short=not final.over,
    )


def play_tasks(tasks: Sequence[GameTask]) -> list[GameOutcome]:
    """Play a batch of games in order (one unit of work for a process pool)."""
    return [play_task(t) for t in tasks]

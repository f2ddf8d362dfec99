"""A whole game: dealership, repeats, rounds, scores and the game record.

The match sits above the hand and only reads hand results (DESIGN.md).  Rotation, from the
ruleset's options:

* the dealer repeats when it is among the winners; after an exhaustive draw without wins it
  repeats when ``repeat_on_draw`` is ``always``, or ``if_ready`` and it was ready; wins at
  exhaustive draw (Eight Immortals, All Terminal and Honor Discards) count as wins;
* the hand played at repeat ``max_repeats`` is the dealer's last, whatever its result;
* the dealership passes to the next seat in turn order; when it comes back to seat 0 (the
  game's first dealer) the next prevailing wind begins; the game ends when the dealership
  passes after the last round (``rounds``);
* ``early_finish``: in the game's final dealership, a dealer who wins a hand and then leads
  (strictly more points than every other seat) ends the game at once;
* ``point_limit``: the game ends after a hand in which a seat's net points reach it;
* ``max_hands`` (every table, default none): the game ends after that many hands of this
  match (a Hong Kong dealer repeats on every exhaustive draw, so without it a game of
  draws never ends).

The result gives each seat's net points (scores minus start points) and money (net points ×
``stake``), the fan-laak settlement.

The winner is the seat with the most points; ties go to the earlier starting seat.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tingpai.engine.actions import Action
from tingpai.engine.errors import IllegalAction
from tingpai.engine.hand import Hand
from tingpai.engine.observation import Observation
from tingpai.engine.settlement import checked_scores
from tingpai.engine.wall import seeded_rng, shuffled_wall
from tingpai.inputs import echo, whole_number
from tingpai.rules.base import RepeatOnDraw
from tingpai.rules.registry import find_ruleset
from tingpai.rules.ruleset import Ruleset
from tingpai.tiles import EAST, WINDS, Tile, wind_from_str, wind_to_str

RECORD_FORMAT = "tingpai-record/1"
"""The ``format`` value of game records."""


@dataclass(frozen=True)
class StartState:
    """Where a game starts (the record's optional ``start``); default: a new game."""

    round_wind: Tile = EAST
    dealer: int = 0
    repeats: int = 0
    scores: tuple[int, ...] | None = None
    """None: every seat has the ruleset's start points."""

    def __post_init__(self) -> None:
        # numpy integers (a state sampled with numpy) are held as plain ints; anything
        # else is left for :meth:`check_reachable` to name.
        for name in ("round_wind", "dealer", "repeats"):
            value = getattr(self, name)
            if type(value) is not int:
                try:
                    number = whole_number(value)
                except TypeError:
                    number = None
                if number is not None:
                    object.__setattr__(self, name, number)

    def to_json(self, players: int, start_points: int) -> dict[str, Any]:
        """The record form, scores filled in."""
        return {
            "round_wind": wind_to_str(self.round_wind),
            "dealer": self.dealer,
            "repeats": self.repeats,
            "scores": list(self.scores) if self.scores else [start_points] * players,
        }

    def check_reachable(self, ruleset: Ruleset) -> None:
        """Raise ValueError unless the game can reach this state under ``ruleset``: a dealer
        seat, one score per seat, a prevailing wind among its rounds, a repeat count from 0
        to ``max_repeats`` (the hand at ``max_repeats`` is the dealer's last) and, with a
        ``point_limit``, no seat's net points at it already (the game would have ended).
        The one check of the Python API and of a record's ``start``
        (:mod:`tingpai.engine.record`); the message names the key, without a prefix."""
        opts = ruleset.options
        n = opts.players
        d = self.dealer
        if isinstance(d, bool) or not isinstance(d, int) or not 0 <= d < n:
            raise ValueError(f"dealer {d!r} is not a seat of this {n}-player table")
        if self.scores is not None:
            checked_scores(self.scores, n)
        rw = self.round_wind
        if isinstance(rw, bool) or not isinstance(rw, int) or not 0 <= rw - EAST < opts.rounds:
            winds = ", ".join(wind_to_str(EAST + i) for i in range(opts.rounds))
            shown = wind_to_str(rw) if rw in WINDS else repr(rw)
            raise ValueError(f"round_wind {shown} is not a round of this game (rounds: {winds})")
        r = self.repeats
        if isinstance(r, bool) or not isinstance(r, int) or r < 0:
            raise ValueError(f"repeats {r!r} is not a non-negative integer")
        if opts.max_repeats is not None and r > opts.max_repeats:
            raise ValueError(
                f"repeats {r} is more than the ruleset's max_repeats {opts.max_repeats}"
            )
        limit = opts.point_limit
        if limit is not None and self.scores is not None:
            for seat, score in enumerate(self.scores):
                if score - opts.start_points >= limit:
                    raise ValueError(
                        f"scores: seat {seat} is at {score - opts.start_points:+d} net points, "
                        f"past the point_limit {limit}: that game is over"
                    )

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> StartState:
        """Parse the record form (every key optional); raises ValueError naming the key."""
        rw = data.get("round_wind", "E")
        if not isinstance(rw, str):
            raise ValueError("start.round_wind must be E, S, W or N")
        dealer = data.get("dealer", 0)
        repeats = data.get("repeats", 0)
        for key, v in (("dealer", dealer), ("repeats", repeats)):
            if not isinstance(v, int) or isinstance(v, bool) or v < 0:
                raise ValueError(f"start.{key} must be a non-negative integer")
        scores = data.get("scores")
        if scores is not None and (
            not isinstance(scores, list)
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in scores)
        ):
            raise ValueError("start.scores must be a list of integers")
        return cls(
            round_wind=wind_from_str(rw),
            dealer=dealer,
            repeats=repeats,
            scores=tuple(scores) if scores is not None else None,
        )


@dataclass(frozen=True)
class GameResult:
    """The end of a game (or the standing so far)."""

    scores: tuple[int, ...]
    ranking: tuple[int, ...]
    """Seats from first to last: most points first, ties to the earlier starting seat."""
    hands: int
    """Hands played."""
    over: bool
    """The game reached its end by the rules."""
    net: tuple[int, ...] = ()
    """Per seat: points won or lost over the game (scores minus the start points)."""
    money: tuple[int, ...] = ()
    """Per seat: ``net`` × the ruleset's ``stake`` (money per point; fan-laak settlement)."""

    @property
    def winner(self) -> int:
        """The seat ranked first."""
        return self.ranking[0]


def ranking(scores: Sequence[int]) -> tuple[int, ...]:
    """Seats by points, most first; ties go to the earlier starting seat."""
    return tuple(sorted(range(len(scores)), key=lambda s: (-scores[s], s)))


class Match:
    """A game of one ruleset: hands in sequence with dealership, repeats and rounds.

    ``rules`` is a :class:`~tingpai.rules.Ruleset` or a ruleset id (then ``options``
    changes its defaults).  ``seed`` (or an ``rng``) shuffles the walls, the only
    randomness; pass a wall to :meth:`next_hand` to choose it instead.  The verbs are the
    hand's: with ``auto_deal`` (the default) :meth:`to_act` and :meth:`apply` deal the next
    hand when the current one has ended, so one loop plays a whole game.  Every hand played
    is kept, so :meth:`record` is the full game record.

    >>> import random, tingpai
    >>> game = tingpai.Match("hu-2p", seed=7)
    >>> bots = [tingpai.find_bot("greedy", random.Random(s)) for s in range(2)]
    >>> while not game.is_over:
    ...     seat = game.to_act()[0]
    ...     game.apply(bots[seat].act(game.observe(seat)))
    >>> game.result.over, sum(game.result.net)
    (True, 0)
    """

    def __init__(
        self,
        rules: Ruleset | str,
        options: Mapping[str, Any] | None = None,
        *,
        seed: int | None = None,
        start: StartState | None = None,
        rng: random.Random | None = None,
        auto_deal: bool = True,
    ) -> None:
        if options is not None and not isinstance(options, Mapping):
            raise TypeError(f"options must be a mapping of option names, got {echo(options)}")
        if start is not None and not isinstance(start, StartState):
            raise TypeError(f"start must be a StartState or None, got {echo(start)}")
        if isinstance(rules, Ruleset):
            if options:
                raise ValueError("options go with a ruleset id, not with a Ruleset object")
            self.ruleset: Ruleset = rules
        else:
            self.ruleset = find_ruleset(rules, **dict(options or {}))
        if seed is not None and rng is not None:
            raise ValueError("give a seed or an rng, not both")
        if rng is not None and not isinstance(rng, random.Random):
            raise TypeError(f"rng must be a random.Random (or None), got {echo(rng)}")
        opts = self.ruleset.options
        self.players = opts.players
        self.start = start
        st = start or StartState()
        try:
            st.check_reachable(self.ruleset)
        except ValueError as exc:
            raise ValueError(f"start {exc}") from None
        self.rng = rng if rng is not None else seeded_rng(seed)
        self.auto_deal = auto_deal
        self.dealer = st.dealer
        self.repeats = st.repeats
        self.round = st.round_wind - EAST
        self._scores: tuple[int, ...] = st.scores or (opts.start_points,) * self.players
        self.hands: list[Hand] = []

    def copy(self) -> Match:
        """An independent copy for search and rollouts over whole games: the current hand
        copied (:meth:`Hand.copy`) and the wall shuffler's state with it, so the copy deals
        the same next walls; finished hands, which nothing changes, are shared.

        >>> game = Match("hu-2p", seed=3)
        >>> trial = game.copy()
        >>> trial.apply(trial.legal_actions(0)[0])
        >>> len(trial.hand.history), game.hand is None
        (1, True)
        """
        twin: Match = object.__new__(type(self))
        twin.__dict__ = self.__dict__.copy()
        twin.rng = random.Random()
        twin.rng.setstate(self.rng.getstate())
        twin.hands = self.hands[:]
        if twin.hands:
            twin.hands[-1] = twin.hands[-1].copy()
        return twin

    # ------------------------------------------------------------------ as text

    def __repr__(self) -> str:
        """One line: ruleset, hands dealt, the next or current deal and the scores.

        >>> Match("hk-4p", seed=1)
        <Match hk-4p: 0 hands, round E, dealer seat 0, repeats 0, scores [0, 0, 0, 0]>
        """
        over = ", over" if self.is_over else ""
        return (f"<Match {self.ruleset.id}: {len(self.hands)} hands, round "
                f"{wind_to_str(self.round_wind)}, dealer seat {self.dealer}, repeats "
                f"{self.repeats}, scores {list(self.scores)}{over}>")

    def __str__(self) -> str:
        """:meth:`__repr__`'s line, then the current hand as :class:`Hand` prints it."""
        hand = self.hand
        return repr(self) if hand is None else f"{self!r}\n{hand}"

    # ------------------------------------------------------------------ state

    @property
    def hand(self) -> Hand | None:
        """The current (last started) hand."""
        return self.hands[-1] if self.hands else None

    @property
    def round_wind(self) -> Tile:
        """The prevailing wind of the current hand."""
        return EAST + self.round

    @property
    def scores(self) -> tuple[int, ...]:
        """Scores now, the current hand's settlement and penalties included."""
        h = self.hand
        return h.scores if h is not None else self._scores

    @property
    def is_over(self) -> bool:
        """The game has ended by the rules (the current hand ended and was its last)."""
        h = self.hand
        return h is not None and h.is_over and self._next_state() is None

    @property
    def result(self) -> GameResult:
        """Scores and ranking now (final when :attr:`is_over`)."""
        sc = self.scores
        opts = self.ruleset.options
        net = tuple(x - opts.start_points for x in sc)
        return GameResult(
            sc, ranking(sc), len(self.hands), self.is_over, net,
            tuple(x * opts.stake for x in net),
        )

    def _next_state(self) -> tuple[int, int, int] | None:
        """(dealer, repeats, round) of the next hand, or None when the game is over."""
        h = self.hand
        assert h is not None and h.result is not None
        r = h.result
        opts = self.ruleset.options
        n = self.players
        scores = h.scores
        dealer_won = r.dealer_won
        if r.winners:
            repeat = dealer_won
        else:
            repeat = opts.repeat_on_draw is RepeatOnDraw.ALWAYS or (
                opts.repeat_on_draw is RepeatOnDraw.IF_READY and r.dealer_ready
            )
        if opts.max_repeats is not None and self.repeats >= opts.max_repeats:
            repeat = False
        final = self.round >= opts.rounds - 1 and self.dealer == n - 1
        if (
            opts.early_finish
            and final
            and dealer_won
            and all(scores[self.dealer] > scores[s] for s in range(n) if s != self.dealer)
        ):
            return None
        if opts.point_limit is not None and any(
            s - opts.start_points >= opts.point_limit for s in scores
        ):
            return None
        if opts.max_hands is not None and len(self.hands) >= opts.max_hands:
            return None
        if repeat:
            return (self.dealer, self.repeats + 1, self.round)
        nd = (self.dealer + 1) % n
        rnd = self.round + (1 if nd == 0 else 0)
        if rnd >= opts.rounds:
            return None
        return (nd, 0, rnd)

    def upcoming(self) -> tuple[int, int, Tile] | None:
        """(dealer, repeats, prevailing wind) of the next hand to start, or None when the
        game is over.  Raises :class:`IllegalAction` while a hand is in progress."""
        h = self.hand
        if h is None:
            return (self.dealer, self.repeats, self.round_wind)
        if not h.is_over:
            raise IllegalAction("the current hand is still in progress")
        nxt = self._next_state()
        return None if nxt is None else (nxt[0], nxt[1], EAST + nxt[2])

    # ------------------------------------------------------------------ flow

    def next_hand(self, wall: Sequence[Tile] | None = None) -> Hand:
        """Start the next hand (the first one on a new match) and return it.

        Raises :class:`IllegalAction` while a hand is in progress or when the game is over,
        and :class:`~tingpai.engine.errors.RecordError` (a ValueError) for a wall that is
        not the ruleset's tile set; either way the match is left as it was.
        """
        h = self.hand
        scores, (dealer, repeats, rnd) = self._scores, (self.dealer, self.repeats, self.round)
        if h is not None:
            if not h.is_over:
                raise IllegalAction("the current hand is still in progress")
            nxt = self._next_state()
            if nxt is None:
                raise IllegalAction("the game is over")
            scores, (dealer, repeats, rnd) = h.scores, nxt
        if wall is None:
            wall = shuffled_wall(self.ruleset, self.rng)
        hand = Hand(  # a bad wall raises here, before the match changes
            self.ruleset,
            wall,
            dealer=dealer,
            round_wind=EAST + rnd,
            repeats=repeats,
            scores=scores,
        )
        self._scores, self.dealer, self.repeats, self.round = scores, dealer, repeats, rnd
        self.hands.append(hand)
        return hand

    def _current(self, deal: bool = False) -> Hand:
        """The current hand; with ``deal`` and :attr:`auto_deal`, the next one is dealt
        first when the current one has ended and the game goes on."""
        h = self.hand
        if deal and self.auto_deal and (h is None or h.is_over) and not self.is_over:
            return self.next_hand()
        if h is None:
            raise IllegalAction("no hand has started: call next_hand()")
        return h

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        """The current hand's legal actions for ``seat`` (dealing it if due; a seat that is
        not at the table is refused first, dealing nothing)."""
        h = self.hand
        if h is None or h.is_over:
            self._check_seat(seat)
        return self._current(deal=True).legal_actions(seat)

    def _check_seat(self, seat: object) -> None:
        """ValueError naming ``seat`` when it is not a seat at this table (before a query
        deals a hand)."""
        try:
            number = whole_number(seat)
        except TypeError:  # a numpy array of several entries
            number = None
        if number is None or not 0 <= number < self.players:
            raise ValueError(
                f"seat {echo(seat)} is not a seat of this {self.players}-player table"
            )

    def apply(self, action: Action) -> None:
        """Apply an action to the current hand, dealing it if due (see :meth:`Hand.apply`).
        An illegal action changes nothing: a hand dealt for it is taken back."""
        h = self.hand
        if not (self.auto_deal and (h is None or h.is_over) and not self.is_over):
            self._current().apply(action)
            return
        saved = (self._scores, self.dealer, self.repeats, self.round, self.rng.getstate())
        hand = self.next_hand()
        try:
            hand.apply(action)
        except BaseException:
            self.hands.pop()
            self._scores, self.dealer, self.repeats, self.round, rng_state = saved
            self.rng.setstate(rng_state)
            raise

    def to_act(self) -> tuple[int, ...]:
        """Seats that must act in the current hand, dealing it if due (none once the game
        is over)."""
        if self.is_over:
            return ()
        return self._current(deal=True).to_act()

    def observe(self, seat: int) -> Observation:
        """What ``seat`` sees in the current hand (a game not yet dealt deals its first
        hand, as :meth:`to_act` does; an ended hand stays observable until an action).  A
        seat that is not at the table is refused first, dealing nothing."""
        if self.hand is None:
            self._check_seat(seat)
        return self._current(deal=self.hand is None).observe(seat)

    def penalize(self, seat: int) -> None:
        """Heavy penalty on ``seat`` (host action), recorded in the current hand (also
        once it has ended, while the game goes on).  Refused once the game is over: the
        final scores, and a 2-player early finish, stand."""
        if self.is_over:
            raise IllegalAction("the game is over: no penalty after its last hand")
        self._current().penalize(seat)

    # ------------------------------------------------------------------ records

    def record(self) -> dict[str, Any]:
        """The game record (``tingpai-record/1``) of every hand played so far."""
        out: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "rules": self.ruleset.id,
            "options": dict(self.ruleset.option_values),
        }
        if self.start is not None:
            out["start"] = self.start.to_json(self.players, self.ruleset.options.start_points)
        out["hands"] = [h.record() for h in self.hands]
        return out

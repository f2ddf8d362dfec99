"""One hand as an explicit phase machine: :class:`Hand`.

Phases (DESIGN.md, "The engine's flow"): ``TURN(seat)``, ``CLAIMS(discard)``,
``ROBBING(added kong or declared flower)`` and ``ENDED(result)``.  :meth:`Hand.legal_actions`
is computed from the phase and the seat's tiles; :meth:`Hand.apply` is the only way to
change the state: it validates the action against the legal actions and raises
:class:`~tingpai.engine.errors.IllegalAction` naming the rule it breaks.  Draws (head and
tail) happen inside the transitions that need them.

Everything a table decides is read from the ruleset's options (tile set, forms, pond limit,
multiple winners, furiten, ready payments, pao, ...); the machine is the same for every
ruleset.

Rulings the seeds leave open, implemented here:

* A seat whose only answer to a discard (or a robbable kong/flower) would be ``pass`` is
  answered automatically; only seats with a real choice are asked.
* After a chow or pung the claimant's turn is a normal turn without a draw: it may declare
  flowers and kongs (each with a replacement) but cannot win by self-draw on the claimed tile.
* Kongs and flowers are legal whenever the seat holds the tiles; if a replacement is due and
  the wall is empty the hand ends as an exhaustive draw.  A discard made when the wall is
  empty may still be claimed (the hand ends when the next draw is due); only the discard
  that reaches a pond limit is win-only.
* ``last_tile`` (Winning on the Last Draw/Discard) is also set for a win on the final wall
  tile or on the discard made after it (tables without a pond limit score it from there).
* Eight Immortals: declaring the 8th flower wins at once (form 1), written ``tsumo`` or
  ``flower``; form 3 is a ``ron`` on another seat's declared 8th flower (phase ROBBING);
  form 4 (the winner drew the 8th flower from the wall before the 7th flower's declarer's
  next turn) is won in that turn, written ``ron``, ``tsumo`` or ``flower`` of the 8th, and
  paid by the 7th flower's declarer.  Wins at exhaustive draw (Eight Immortals form 2, All
  Terminal and Honor Discards) replace the ready-hand payments; a seat qualifying for both
  scores Eight Immortals only.
* Temporary furiten (option): a seat that lets a discard or robbable kong tile that completes
  its hand go by (passing it, or claiming it otherwise) cannot win by discard until its next
  discard.
* A heavy penalty (:meth:`Hand.penalize`) moves points and nothing else: the hand goes on.

Hot path (self-play runs millions of these calls): legal actions are cached per seat until
the next action; each seat's waits are computed once per change of its tiles and decide,
before any scoring, whether a discard can be won on (``ron`` is scored only for a tile that
completes the hand) and whether a draw can complete it (the waits before the draw); seats
that cannot win on nor meld a discard are answered without building their options; the
tiles every seat can see are counted as they appear, and observations are built without the
frozen dataclass ``__init__``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import compress

from tingpai.analysis import is_complete, waits
from tingpai.analysis.forms import Form
from tingpai.engine.actions import (
    CLAIM_KINDS,
    Action,
    ActionKind,
    by_tile,
    simple,
    with_tile,
)
from tingpai.engine.errors import IllegalAction
from tingpai.engine.observation import Observation, fast_observation
from tingpai.engine.results import HandResult, Phase, Winner
from tingpai.engine.wall import HAND_SIZE, check_wall, shuffled_wall
from tingpai.rules.base import WinKind
from tingpai.rules.registry import find_ruleset
from tingpai.rules.ruleset import Ruleset
from tingpai.scoring import Score, Situation, score
from tingpai.tiles import (
    DRAGONS,
    EAST,
    NUM_KINDS,
    NUM_TILE_IDS,
    Meld,
    MeldKind,
    Tile,
    counts_to_str,
    is_orphan,
    parse_tiles,
    tile_to_str,
    tiles_to_str,
)

EIGHT_IMMORTALS = "eight_immortals"
"""Pattern id of Eight Immortals (a special win decided here, valued by the ruleset)."""
TERMINAL_DISCARDS = "terminal_discards"
"""Pattern id of All Terminal and Honor Discards."""

_DISCARD = ActionKind.DISCARD
_FLOWER = ActionKind.FLOWER
_CHOW = ActionKind.CHOW
_PUNG = ActionKind.PUNG
_KONG = ActionKind.KONG
_CKONG = ActionKind.CKONG
_AKONG = ActionKind.AKONG
_RON = ActionKind.RON
_TSUMO = ActionKind.TSUMO
_PASS = ActionKind.PASS
_DISCARDS: tuple[tuple[Action, ...], ...] = tuple(
    by_tile(_DISCARD, s)[:NUM_KINDS] for s in range(4)
)
"""Per seat, the shared discard action of each tile kind."""
_CHOW_PAIRS: tuple[tuple[tuple[Tile, Tile], ...], ...] = tuple(
    tuple(
        (x, y)
        for low in (t - 2, t - 1, t)
        if t < EAST and low >= t - t % 9 and low + 2 <= t - t % 9 + 8
        for x, y in [tuple(u for u in (low, low + 1, low + 2) if u != t)]
    )
    for t in range(NUM_KINDS)
)
"""Per tile kind: the pairs of other tiles that make a chow with it (none for honours)."""


_new_hand = object.__new__


@dataclass(frozen=True)
class _Claimable:
    """The tile others may answer in CLAIMS / ROBBING."""

    seat: int
    """Discarder, konger or flower declarer."""
    tile: Tile
    kind: str
    """``"discard"``, ``"kong"`` (added kong being robbed) or ``"flower"``."""
    last: bool = False
    """The last discard of the hand (pond limit reached or wall empty): Winning on the Last
    Discard."""
    final: bool = False
    """The discard reached a pond limit: it can only be won on, no other call.  A discard
    made with the wall empty (tables without a pond limit) may still be claimed; the hand then
    ends when a draw is due."""


class Hand:
    """One hand of one ruleset, from the deal to its result.

    ``rules`` is a :class:`~tingpai.rules.Ruleset` or a ruleset id.  The wall is either
    given (``wall``: the whole set in draw order, a tile list or a notation string, checked
    to be a permutation of the ruleset's set) or shuffled from ``seed`` (default 0).
    ``dealer`` is the dealing seat; seat winds follow it.  ``scores`` are the scores before
    the hand (default: start points), used for observations.

    >>> import random, tingpai
    >>> hand = tingpai.Hand("hu-4p", seed=7)
    >>> hand.to_act(), len(hand.observe(0).legal) > 0
    ((0,), True)
    >>> rng = random.Random(1)
    >>> while not hand.is_over:
    ...     hand.apply(rng.choice(hand.observe(hand.to_act()[0]).legal))
    >>> sum(hand.result.deltas)
    0
    """

    def __init__(
        self,
        rules: Ruleset | str,
        wall: Sequence[Tile] | str | None = None,
        *,
        seed: int | None = None,
        dealer: int = 0,
        round_wind: Tile = EAST,
        repeats: int = 0,
        scores: Sequence[int] | None = None,
    ) -> None:
        ruleset = rules if isinstance(rules, Ruleset) else find_ruleset(rules)
        if wall is None:
            wall = shuffled_wall(ruleset, random.Random(0 if seed is None else seed))
        elif seed is not None:
            raise ValueError("give a wall or a seed, not both")
        elif isinstance(wall, str):
            wall = parse_tiles(wall)
        opts = ruleset.options
        n = opts.players
        if not 0 <= dealer < n:
            raise ValueError(f"dealer {dealer} is not a seat of a {n}-player table")
        self.ruleset = ruleset
        self.options = opts
        self.players = n
        self.wall: tuple[Tile, ...] = tuple(wall)
        check_wall(ruleset, self.wall)
        if len(self.wall) < HAND_SIZE * n + 1:
            raise ValueError(f"a wall of {len(self.wall)} tiles is too short to deal")
        self.dealer = dealer
        self.round_wind = round_wind
        self.repeats = repeats
        self.seat_winds: tuple[Tile, ...] = tuple(
            opts.seat_winds[(s - dealer) % n] for s in range(n)
        )
        self.start_scores: tuple[int, ...] = (
            tuple(scores) if scores is not None else (opts.start_points,) * n
        )
        if len(self.start_scores) != n:
            raise ValueError(f"{len(self.start_scores)} scores for {n} seats")
        self._forms = opts.forms
        self._std = opts.forms & Form.STANDARD
        self._limit = opts.pond_limit
        self._bonus: tuple[Tile, ...] = tuple(opts.bonus_tiles)
        self._eight = len(self._bonus) >= 2 and ruleset.has_pattern(EIGHT_IMMORTALS)
        self._terminal = ruleset.has_pattern(TERMINAL_DISCARDS)
        self._earth_on_discard = opts.blessing_of_earth == "dealer_first_discard"

        self._counts: list[list[int]] = [[0] * NUM_TILE_IDS for _ in range(n)]
        self._held_bonus: list[int] = [0] * n
        # Public piles are tuples replaced on change, so observations share them.
        self._melds: list[tuple[Meld, ...]] = [()] * n
        self._flowers: list[tuple[Tile, ...]] = [()] * n
        self._ponds: list[tuple[Tile, ...]] = [()] * n
        self._called: list[tuple[bool, ...]] = [()] * n
        self._sizes: list[int] = [0] * n
        self._waits: list[frozenset[Tile] | None] = [None] * n
        """Per seat: its waits, computed on demand and dropped when its tiles change."""
        self._draw_waits: frozenset[Tile] | None = None
        """The drawing seat's waits just before its last draw, when they were known (a
        drawn tile outside them cannot complete the hand, so no analysis is needed)."""
        self._seen: list[int] = [0] * NUM_KINDS
        self._pond_left: tuple[int, ...] | None = (
            (self._limit,) * n if self._limit is not None else None
        )
        """Per seat: discards left before the pond limit (None: no limit), as observed."""
        """Every seat's uncalled pond tiles and meld tiles, kept up to date for
        :attr:`Observation.visible`."""
        self._temp_furiten: list[bool] = [False] * n
        self._liable: list[tuple[int, str] | None] = [None] * n
        self._head = 0
        self._tail = len(self.wall) - 1
        self._phase = Phase.TURN
        self._seat = dealer
        self._drawn: Tile | None = None
        self._chain: list[str] = []
        self._calls = False
        """Somebody made a call or declared a kong (denies the blessings)."""
        self._claim: _Claimable | None = None
        self._pending: dict[int, tuple[Action, ...]] = {}
        self._answers: dict[int, Action] = {}
        self._wait_hit: list[int] = []
        """Seats whose waits hold the claimable tile (temporary furiten)."""
        self._recent: _Claimable | None = None
        self._recent_asked: tuple[int, ...] = ()
        """The last claimable tile and the seats that were asked about it (the others
        were answered automatically; for messages)."""
        self._kong_meld: int = -1
        self._robbed: Tile | None = None
        self._ei_window: tuple[int, int] | None = None
        """(declarer of the 7th flower, seat holding 6): Eight Immortals form 4 is open."""
        self._ei_ready: int | None = None
        self._win_scores: dict[int, Score] = {}
        self._legal: dict[int, tuple[Action, ...]] = {}
        self._result: HandResult | None = None
        self._penalties: list[int] = [0] * n
        self._scores: tuple[int, ...] = self.start_scores
        self.history: list[Action] = []
        """Every action applied, explicit passes and heavy penalties included."""

        for i in range(n):
            seat = (dealer + i) % n
            for t in self.wall[self._head : self._head + HAND_SIZE]:
                self._add(seat, t)
            self._head += HAND_SIZE
        self._draw(dealer, None)

    # ------------------------------------------------------------------ copies

    _LISTS = (
        "_held_bonus", "_melds", "_flowers", "_ponds", "_called", "_sizes", "_waits",
        "_seen", "_temp_furiten", "_liable", "_chain", "_wait_hit", "_penalties", "history",
    )
    """Mutable list attributes whose items are immutable: a shallow copy each."""
    _DICTS = ("_pending", "_answers", "_win_scores", "_legal")
    """Mutable dict attributes whose values are immutable: a shallow copy each."""

    def copy(self) -> Hand:
        """An independent copy for search and rollouts: the same state, sharing only
        immutable parts (the ruleset, the wall, melds, scores and cached actions).

        >>> hand = Hand("hu-2p", seed=3)
        >>> trial = hand.copy()
        >>> trial.apply(trial.legal_actions(0)[0])
        >>> len(trial.history), len(hand.history)
        (1, 0)
        """
        state = self.__dict__.copy()
        state["_counts"] = [c[:] for c in self._counts]
        for name in self._LISTS:
            state[name] = state[name][:]
        for name in self._DICTS:
            state[name] = state[name].copy()
        twin = _new_hand(Hand)
        twin.__dict__ = state
        return twin

    # ------------------------------------------------------------------ public views

    @property
    def phase(self) -> Phase:
        """The current phase."""
        return self._phase

    @property
    def actor(self) -> int | None:
        """TURN: the seat to play; CLAIMS/ROBBING: the seat whose tile is claimable."""
        if self._phase is Phase.TURN:
            return self._seat
        if self._claim is not None and self._phase is not Phase.ENDED:
            return self._claim.seat
        return None

    @property
    def claim_tile(self) -> Tile | None:
        """The tile being claimed or robbed (CLAIMS / ROBBING)."""
        if self._phase in (Phase.CLAIMS, Phase.ROBBING) and self._claim is not None:
            return self._claim.tile
        return None

    @property
    def result(self) -> HandResult | None:
        """The result once the hand has ENDED."""
        return self._result

    @property
    def is_over(self) -> bool:
        """The hand has ended."""
        return self._phase is Phase.ENDED

    @property
    def wall_left(self) -> int:
        """Tiles left in the wall."""
        return self._tail - self._head + 1

    @property
    def deltas(self) -> tuple[int, ...]:
        """Per-seat net change of this hand so far: the settlement plus heavy penalties."""
        base = self._result.deltas if self._result is not None else (0,) * self.players
        return tuple(a + b for a, b in zip(base, self._penalties, strict=True))

    @property
    def scores(self) -> tuple[int, ...]:
        """Scores now: the start scores plus :attr:`deltas`."""
        return self._scores

    def _update_scores(self) -> None:
        self._scores = tuple(a + b for a, b in zip(self.start_scores, self.deltas, strict=True))

    def to_act(self) -> tuple[int, ...]:
        """Seats that must choose an action now, in turn order."""
        if self._phase is Phase.TURN:
            return (self._seat,)
        if self._phase is Phase.ENDED or self._claim is None:
            return ()
        start = self._claim.seat
        return tuple(
            s
            for s in ((start + i) % self.players for i in range(1, self.players))
            if s in self._pending and s not in self._answers
        )

    def concealed(self, seat: int) -> list[int]:
        """A copy of the seat's concealed 42-count array (bonus tiles at 34-41)."""
        return list(self._counts[seat])

    def melds(self, seat: int) -> tuple[Meld, ...]:
        """The seat's declared melds."""
        return self._melds[seat]

    def pond(self, seat: int) -> tuple[Tile, ...]:
        """The seat's pond in order, called tiles included."""
        return self._ponds[seat]

    def flowers(self, seat: int) -> tuple[Tile, ...]:
        """The seat's declared bonus tiles."""
        return self._flowers[seat]

    def census(self) -> list[int]:
        """Where every tile is, as a 42-count array: wall, hands, melds, uncalled pond
        tiles, declared flowers and a robbed kong tile.  Always equals the full set."""
        total = [0] * NUM_TILE_IDS
        for t in self.wall[self._head : self._tail + 1]:
            total[t] += 1
        for s in range(self.players):
            for t, c in enumerate(self._counts[s]):
                total[t] += c
            for m in self._melds[s]:
                for t in m.tiles:
                    total[t] += 1
            for t, called in zip(self._ponds[s], self._called[s], strict=True):
                if not called:
                    total[t] += 1
            for t in self._flowers[s]:
                total[t] += 1
        if self._robbed is not None:
            total[self._robbed] += 1
        return total

    def is_ready(self, seat: int) -> bool:
        """Ready (RULES.md): some kind completes the hand structurally, not counting a
        kind whose four tiles are all in the seat's own hand and melds; a hand holding an
        undeclared flower is not ready.  Meaningful between turns (13 tiles)."""
        if self._held_bonus[seat]:
            return False
        c = self._counts[seat]
        if sum(c[:NUM_KINDS]) % 3 != 1:
            return False
        own = c[:NUM_KINDS]
        for m in self._melds[seat]:
            for t in m.tiles:
                own[t] += 1
        return any(own[t] < 4 for t in self._waits_of(seat))

    def is_furiten(self, seat: int) -> bool:
        """Whether sacred discard bars the seat from winning by discard now."""
        return self._furiten_tile(seat) is not None or (
            self.options.temporary_furiten and self._temp_furiten[seat]
        )

    # ------------------------------------------------------------------ legal actions

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        """Every action ``seat`` may take now (empty when it has nothing to decide)."""
        cached = self._legal.get(seat)
        if cached is not None:
            return cached
        if self._phase is Phase.TURN:
            acts = self._turn_actions(seat) if seat == self._seat else ()
        elif self._phase is Phase.ENDED or seat in self._answers:
            acts = ()
        else:
            acts = self._pending.get(seat, ())
        self._legal[seat] = acts
        return acts

    def _turn_actions(self, s: int) -> tuple[Action, ...]:
        c = self._counts[s]
        acts: list[Action] = []
        window = self._ei_ready == s and self._ei_window_score(s) is not None
        if window or self._tsumo_score(s) is not None:
            acts.append(simple(s, _TSUMO))
        if window:
            acts.append(simple(s, _RON))
        acts.extend(compress(_DISCARDS[s], c))
        if self._held_bonus[s]:
            flowers = by_tile(_FLOWER, s)
            acts.extend([flowers[f] for f in self._bonus if c[f]])
        if 4 in c:
            ckongs = by_tile(_CKONG, s)
            acts.extend([ckongs[t] for t in range(NUM_KINDS) if c[t] == 4])
        for m in self._melds[s]:
            if m.kind is MeldKind.PUNG and c[m.first]:
                acts.append(with_tile(s, _AKONG, m.first))
        return tuple(acts)

    def _claim_actions(self, o: int, cl: _Claimable) -> tuple[Action, ...]:
        """A seat's answers to a discard (``pass`` always first)."""
        t = cl.tile
        acts: list[Action] = [simple(o, _PASS)]
        if self._ron_score(o, cl) is not None:
            acts.append(simple(o, _RON))
        if cl.kind != "discard" or cl.final:
            return tuple(acts)
        c = self._counts[o]
        if c[t] >= 2:
            acts.append(simple(o, _PUNG))
        if c[t] == 3:
            acts.append(simple(o, _KONG))
        if t < EAST and o == (cl.seat + 1) % self.players:
            first = t - t % 9
            for low in (t - 2, t - 1, t):
                if low >= first and low + 2 <= first + 8:
                    others = [x for x in (low, low + 1, low + 2) if x != t]
                    if all(c[x] for x in others):
                        acts.append(Action(o, _CHOW, tiles=(low, low + 1, low + 2)))
        return tuple(acts)

    # ------------------------------------------------------------------ win checks

    def _waits_of(self, s: int) -> frozenset[Tile]:
        w = self._waits[s]
        if w is None:
            c = self._counts[s]
            if self._held_bonus[s] or sum(c[:NUM_KINDS]) % 3 != 1:
                w = frozenset()
            else:
                forms = self._std if self._melds[s] else self._forms
                w = frozenset(waits(c[:NUM_KINDS], forms))
            self._waits[s] = w
        return w

    def _furiten_tile(self, s: int) -> Tile | None:
        """A tile of the seat's pond that would complete its hand, if sacred discard applies."""
        if not self.options.furiten:
            return None
        w = self._waits_of(s)
        if not w:
            return None
        for t in self._ponds[s]:
            if t in w:
                return t
        return None

    def _situation(
        self,
        s: int,
        win_tile: Tile,
        extra: Tile | None,
        win: WinKind,
        *,
        replacements: tuple[str, ...] = (),
        robbing_kong: bool = False,
        last_tile: bool = False,
        blessing: str | None = None,
    ) -> Situation:
        c = self._counts[s]
        concealed = [t for t in range(NUM_KINDS) for _ in range(c[t])]
        if extra is not None:
            concealed.append(extra)
            concealed.sort()
        dealer = s == self.dealer
        return Situation(
            concealed=tuple(concealed),
            win_tile=win_tile,
            melds=self._melds[s],
            win=win,
            seat_wind=self.seat_winds[s],
            round_wind=self.round_wind,
            flowers=self._flowers[s],
            dealer_repeats=self.repeats if dealer else 0,
            eighth_repeat=self._eighth_repeat,
            replacements=replacements,
            robbing_kong=robbing_kong,
            last_tile=last_tile,
            blessing=blessing,
        )

    @property
    def _eighth_repeat(self) -> bool:
        mr = self.options.max_repeats
        return mr is not None and self.repeats >= mr

    def _ron_score(self, o: int, cl: _Claimable) -> Score | None:
        """The score of ``o`` winning on the claimable tile, or None when it may not."""
        if cl.kind == "flower":
            return self._eight_claim_score(o, cl)
        t = cl.tile
        if self._held_bonus[o] or t not in self._waits_of(o) or self.is_furiten(o):
            return None
        cached = self._win_scores.get(o)
        if cached is not None:
            return cached
        robbing = cl.kind == "kong"
        last = cl.last and not robbing
        blessing = None
        if (
            self._earth_on_discard
            and not robbing
            and cl.seat == self.dealer
            and o != self.dealer
            and len(self._ponds[cl.seat]) == 1
        ):
            # Hong Kong Earth: any win on the dealer's first discard (seeds 001/002); no
            # call can precede it, and the dealer's own kongs do not change that it is first.
            blessing = "earth"
        sc = score(
            self._situation(
                o,
                t,
                t,
                WinKind.ROBBING_KONG if robbing else WinKind.DISCARD,
                robbing_kong=robbing,
                last_tile=last,
                blessing=blessing,
            ),
            self.ruleset,
        )
        if not sc.valid:
            return None
        self._win_scores[o] = sc
        return sc

    def _tsumo_score(self, s: int) -> Score | None:
        """The score of a self-draw win (or Eight Immortals form 1) now, or None."""
        cached = self._win_scores.get(s)
        if cached is not None:
            return cached
        if self._eight and self._eight_flower_blocked(s) is not None:
            sc = self._special_score(s, EIGHT_IMMORTALS, self_drawn=True)
            if not sc.valid:
                return None
            self._win_scores[s] = sc
            return sc
        if self._drawn is None or self._held_bonus[s]:
            return None
        before = self._draw_waits
        if before is not None and self._drawn not in before:
            return None  # the hand before the draw did not wait on the drawn tile
        c = self._counts[s]
        forms = self._std if self._melds[s] else self._forms
        if not is_complete(c[:NUM_KINDS], forms):
            return None
        last = (self._limit is not None and len(self._ponds[s]) == self._limit - 1) or (
            self.wall_left == 0
        )
        blessing = None
        if not self._calls and not self._ponds[s]:
            if s == self.dealer:
                blessing = "heaven"
            elif not self._earth_on_discard:
                blessing = "earth"
        sc = score(
            self._situation(
                s,
                self._drawn,
                None,
                WinKind.SELF_DRAW,
                replacements=tuple(self._chain),
                last_tile=last,
                blessing=blessing,
            ),
            self.ruleset,
        )
        if not sc.valid:
            return None
        self._win_scores[s] = sc
        return sc

    def _special_score(self, s: int, special: str, *, self_drawn: bool) -> Score:
        """Score a special win (Eight Immortals, All Terminal and Honor Discards)."""
        c = self._counts[s]
        concealed = tuple(t for t in range(NUM_KINDS) for _ in range(c[t]))
        dealer = s == self.dealer
        sit = Situation(
            concealed=concealed,
            win_tile=concealed[-1] if concealed else EAST,
            melds=self._melds[s],
            win=WinKind.SELF_DRAW if self_drawn else WinKind.DISCARD,
            seat_wind=self.seat_winds[s],
            round_wind=self.round_wind,
            flowers=self._flowers[s] + self._missing_flowers_held(s),
            dealer_repeats=self.repeats if dealer else 0,
            eighth_repeat=self._eighth_repeat,
            special=special,
        )
        return score(sit, self.ruleset)

    def _missing_flowers_held(self, s: int) -> tuple[Tile, ...]:
        """Bonus tiles the seat holds undeclared (declared at once by an Eight Immortals win)."""
        c = self._counts[s]
        return tuple(f for f in self._bonus if c[f])

    def _declared_total(self) -> int:
        return sum(len(f) for f in self._flowers)

    def _last_flower(self) -> Tile | None:
        """The one bonus tile nobody has declared, when all but one are declared."""
        declared = {f for fl in self._flowers for f in fl}
        rest = [f for f in self._bonus if f not in declared]
        return rest[0] if len(rest) == 1 else None

    def _eight_flower_blocked(self, s: int) -> Tile | None:
        """Eight Immortals form 1: the last bonus tile, held by ``s`` with all others
        declared by ``s`` (declaring it wins at once, with ``tsumo``)."""
        if not self._eight or len(self._flowers[s]) != len(self._bonus) - 1:
            return None
        last = self._last_flower()
        if last is not None and self._counts[s][last]:
            return last
        return None

    def _eight_claim_score(self, o: int, cl: _Claimable) -> Score | None:
        """Eight Immortals form 3: ``o`` holds all other flowers declared."""
        if not self._eight or len(self._flowers[o]) != len(self._bonus) - 1:
            return None
        sc = self._special_score(o, EIGHT_IMMORTALS, self_drawn=False)
        return sc if sc.valid else None

    def _ei_window_score(self, s: int) -> Score | None:
        """Eight Immortals form 4: ``s`` drew the last flower inside the window."""
        if self._ei_window is None or self._ei_window[1] != s:
            return None
        last = self._last_flower()
        if last is None or not self._counts[s][last]:
            return None
        cached = self._win_scores.get(-1 - s)
        if cached is None:
            cached = self._special_score(s, EIGHT_IMMORTALS, self_drawn=False)
            if not cached.valid:
                return None
            self._win_scores[-1 - s] = cached
        return cached

    # ------------------------------------------------------------------ apply

    def apply(self, action: Action) -> None:
        """Apply one seat's action; raises :class:`IllegalAction` naming the rule broken."""
        if action.kind is ActionKind.PENALTY:
            raise IllegalAction("a heavy penalty is a host action: use Hand.penalize(seat)")
        if not 0 <= action.seat < self.players:
            raise IllegalAction(f"seat {action.seat} is not at a {self.players}-player table")
        legal = self._legal.get(action.seat)
        if legal is None:
            legal = self.legal_actions(action.seat)
        for x in legal:
            if x is action:  # bots hand back the engine's own action objects
                break
        else:
            if action not in legal:
                raise IllegalAction(self._explain(action))
        self.history.append(action)
        self._legal.clear()
        if self._phase is Phase.TURN:
            self._apply_turn(action)
        else:
            self._answers[action.seat] = action
            if len(self._answers) == len(self._pending):
                self._resolve()

    def penalize(self, seat: int) -> None:
        """Heavy penalty (host action): ``seat`` pays the ruleset's amount to each other
        seat.  Recorded in :attr:`history`; the hand itself goes on unchanged."""
        if not 0 <= seat < self.players:
            raise IllegalAction(f"seat {seat} is not at a {self.players}-player table")
        amount = self.options.heavy_penalty
        for o in range(self.players):
            if o != seat:
                self._penalties[o] += amount
                self._penalties[seat] -= amount
        self._update_scores()
        self.history.append(Action(seat, ActionKind.PENALTY))

    def _apply_turn(self, a: Action) -> None:
        s = a.seat
        k = a.kind
        self._win_scores.clear()
        self._recent = None
        if k is _DISCARD:
            assert a.tile is not None
            self._discard(s, a.tile)
        elif k is _FLOWER:
            assert a.tile is not None
            if self._eight and self._ei_ready == s and a.tile == self._last_flower():
                self._win_eight_window(s)  # form 4 written as declaring the 8th flower
            elif self._eight and self._eight_flower_blocked(s) == a.tile:
                self._win_tsumo(s)  # form 1: declaring the 8th flower wins at once
            else:
                self._declare_flower(s, a.tile)
        elif k is _CKONG:
            assert a.tile is not None
            self._remove(s, a.tile, 4)
            self._melds[s] += (Meld(MeldKind.KONG, (a.tile,) * 4, concealed=True),)
            self._seen[a.tile] += 4
            self._calls = True
            self._draw(s, "kong")
        elif k is _AKONG:
            assert a.tile is not None
            self._added_kong(s, a.tile)
        elif k is _TSUMO:
            if self._ei_ready == s and self._ei_window_score(s) is not None:
                self._win_eight_window(s)  # form 4 written as tsumo: still paid by discard
            else:
                self._win_tsumo(s)
        elif k is _RON:
            self._win_eight_window(s)
        else:  # pragma: no cover - legal_actions never offers anything else
            raise IllegalAction(f"{k.value} is not a turn action")

    # ------------------------------------------------------------------ transitions

    def _add(self, s: int, t: Tile) -> None:
        self._counts[s][t] += 1
        self._sizes[s] += 1
        if t >= NUM_KINDS:
            self._held_bonus[s] += 1
        self._waits[s] = None

    def _remove(self, s: int, t: Tile, n: int = 1) -> None:
        self._counts[s][t] -= n
        self._sizes[s] -= n
        if t >= NUM_KINDS:
            self._held_bonus[s] -= n
        self._waits[s] = None

    def _start_turn(self, s: int) -> None:
        self._phase = Phase.TURN
        self._seat = s
        self._claim = None
        self._pending = {}
        self._answers = {}
        self._win_scores.clear()
        self._legal.clear()
        if self._ei_window is not None and self._ei_window[0] == s:
            self._ei_window = None
            self._ei_ready = None

    def _draw(self, s: int, replacement: str | None) -> None:
        """Draw for ``s`` (head, or tail for a replacement) and start/continue its turn."""
        if self._head > self._tail:
            self._exhaustive_draw()
            return
        if replacement is None:
            t = self.wall[self._head]
            self._head += 1
            self._chain = []
            self._start_turn(s)
        else:
            t = self.wall[self._tail]
            self._tail -= 1
            self._chain.append(replacement)
            self._phase = Phase.TURN
            self._seat = s
            self._claim = None
            self._pending = {}
            self._answers = {}
        self._draw_waits = self._waits[s]
        self._add(s, t)
        self._drawn = t
        if (
            self._ei_window is not None
            and self._ei_window[1] == s
            and t >= NUM_KINDS
            and t == self._last_flower()
        ):
            self._ei_ready = s

    def _discard(self, s: int, t: Tile) -> None:
        self._remove(s, t)
        self._ponds[s] += (t,)
        self._called[s] += (False,)
        self._seen[t] += 1
        pond_left = self._pond_left
        if self._limit is not None and pond_left is not None:
            left = max(0, self._limit - len(self._ponds[s]))
            self._pond_left = (*pond_left[:s], left, *pond_left[s + 1 :])
        self._drawn = None
        self._chain = []
        self._temp_furiten[s] = False
        if self._ei_ready == s:
            self._ei_ready = None
        final = self._limit is not None and len(self._ponds[s]) >= self._limit
        self._open_claims(_Claimable(s, t, "discard", final or self.wall_left == 0, final))

    def _open_claims(self, cl: _Claimable) -> None:
        """Ask every other seat; seats whose only answer is ``pass`` answer at once."""
        self._claim = cl
        self._pending = {}
        self._answers = {}
        self._wait_hit = []
        self._win_scores.clear()
        self._legal.clear()
        n = self.players
        t = cl.tile
        flower = cl.kind == "flower"
        # Melds are only offered on a discard that is not the last one; a seat that cannot
        # win on the tile nor meld it has only ``pass`` and is answered at once.
        melds = cl.kind == "discard" and not cl.final
        chow_seat = (cl.seat + 1) % n
        for i in range(1, n):
            o = (cl.seat + i) % n
            hit = not flower and not self._held_bonus[o] and t in self._waits_of(o)
            if hit:
                self._wait_hit.append(o)
            elif not flower:
                if not melds:
                    continue
                c = self._counts[o]
                if c[t] < 2 and (
                    o != chow_seat or not any(c[x] and c[y] for x, y in _CHOW_PAIRS[t])
                ):
                    continue
            acts = self._claim_actions(o, cl)
            if len(acts) > 1:
                self._pending[o] = acts
        self._recent = cl
        self._recent_asked = tuple(self._pending)
        self._phase = Phase.ROBBING if cl.kind != "discard" else Phase.CLAIMS
        if not self._pending:
            self._resolve()

    def _resolve(self) -> None:
        """All seats have answered: win > pung/kong > chow, or the next step of the hand."""
        cl = self._claim
        assert cl is not None
        n = self.players
        answers = self._answers
        if not answers:
            # Everybody passed (automatically): the common case, without the priority scan.
            if self.options.temporary_furiten:
                for o in self._wait_hit:
                    self._temp_furiten[o] = True
            if cl.kind == "kong":
                self._complete_added_kong(cl.seat, cl.tile)
            elif cl.kind == "flower":
                self._draw(cl.seat, "flower")
            elif cl.last:
                self._exhaustive_draw()
            else:
                self._draw((cl.seat + 1) % n, None)
            return
        order = [(cl.seat + i) % n for i in range(1, n)]
        rons = [o for o in order if o in answers and answers[o].kind is _RON]
        if self.options.temporary_furiten:
            for o in self._wait_hit:
                if o not in rons:
                    self._temp_furiten[o] = True
        if rons:
            if self.options.multiple_winners != "all":
                rons = rons[:1]
            self._win_claim(rons, cl)
            return
        if cl.kind == "kong":
            self._complete_added_kong(cl.seat, cl.tile)
            return
        if cl.kind == "flower":
            self._draw(cl.seat, "flower")
            return
        for o in order:
            a = answers.get(o)
            if a is not None and a.kind in (_PUNG, _KONG):
                self._claim_meld(o, cl, a)
                return
        for o in order:
            a = answers.get(o)
            if a is not None and a.kind is _CHOW:
                self._claim_meld(o, cl, a)
                return
        if cl.last:
            self._exhaustive_draw()
            return
        self._draw((cl.seat + 1) % n, None)

    def _claim_meld(self, o: int, cl: _Claimable, a: Action) -> None:
        t = cl.tile
        d = cl.seat
        self._called[d] = (*self._called[d][:-1], True)
        # The claimed tile moves from the pond to the meld: seen once either way.
        seen = self._seen
        if a.kind is _CHOW:
            for x in a.tiles:
                if x != t:
                    self._remove(o, x)
                    seen[x] += 1
            meld = Meld(MeldKind.CHOW, a.tiles, claimed_from=d)
        elif a.kind is _PUNG:
            self._remove(o, t, 2)
            seen[t] += 2
            meld = Meld(MeldKind.PUNG, (t, t, t), claimed_from=d)
        else:
            self._remove(o, t, 3)
            seen[t] += 3
            meld = Meld(MeldKind.KONG, (t, t, t, t), claimed_from=d)
        self._melds[o] += (meld,)
        self._calls = True
        if self.options.pao:
            self._update_liability(o, d, meld)
        self._drawn = None
        self._chain = []
        self._start_turn(o)
        if a.kind is _KONG:
            self._draw(o, "kong")

    def _update_liability(self, o: int, d: int, meld: Meld) -> None:
        """Pao: a discard completing the fourth declared meld (concealed kongs count among
        the four) or the third dragon meld makes its discarder liable, replacing any earlier
        liability.  When one claim completes both, the dragon liability (any win) is kept:
        it covers the fourth-meld one (self-draw only)."""
        if len(self._melds[o]) == 4:
            self._liable[o] = (d, "fourth")
        if meld.kind is not MeldKind.CHOW and meld.first in DRAGONS:
            dragons = sum(
                1 for m in self._melds[o] if m.kind is not MeldKind.CHOW and m.first in DRAGONS
            )
            if dragons == 3:
                self._liable[o] = (d, "dragon")

    def _added_kong(self, s: int, t: Tile) -> None:
        self._remove(s, t)
        self._calls = True
        self._drawn = None
        for i, m in enumerate(self._melds[s]):
            if m.kind is MeldKind.PUNG and m.first == t:
                self._kong_meld = i
                break
        self._robbed = t
        self._open_claims(_Claimable(s, t, "kong"))

    def _complete_added_kong(self, s: int, t: Tile) -> None:
        i = self._kong_meld
        melds = self._melds[s]
        kong = Meld(MeldKind.KONG, (t, t, t, t), claimed_from=melds[i].claimed_from)
        self._melds[s] = (*melds[:i], kong, *melds[i + 1 :])
        self._seen[t] += 1
        self._robbed = None
        self._draw(s, "kong")

    def _declare_flower(self, s: int, f: Tile) -> None:
        self._remove(s, f)
        self._flowers[s] += (f,)
        self._drawn = None
        if self._eight:
            nb = len(self._bonus)
            total = self._declared_total()
            if total == nb and any(
                len(self._flowers[o]) == nb - 1 for o in range(self.players) if o != s
            ):
                self._open_claims(_Claimable(s, f, "flower"))
                return
            if total == nb - 1:
                last = self._last_flower()
                held = last is not None and any(c[last] for c in self._counts)
                for o in range(self.players):
                    if o != s and len(self._flowers[o]) == nb - 2 and not held:
                        self._ei_window = (s, o)
        self._draw(s, "flower")

    # ------------------------------------------------------------------ endings

    def _win_tsumo(self, s: int) -> None:
        sc = self._tsumo_score(s)
        assert sc is not None
        blocked = self._eight_flower_blocked(s) if self._eight else None
        if blocked is not None:
            self._remove(s, blocked)
            self._flowers[s] += (blocked,)
            w = self._winner(s, WinKind.EIGHT_IMMORTALS, sc, blocked, None)
        else:
            w = self._winner(s, WinKind.SELF_DRAW, sc, self._drawn, None)
        self._end((w,), WinKind(w.kind), exhaustive=False)

    def _win_eight_window(self, s: int) -> None:
        sc = self._ei_window_score(s)
        assert sc is not None and self._ei_window is not None
        payer = self._ei_window[0]
        last = self._last_flower()
        assert last is not None
        self._remove(s, last)
        self._flowers[s] += (last,)
        w = self._winner(s, WinKind.EIGHT_IMMORTALS, sc, last, payer)
        self._end((w,), WinKind.EIGHT_IMMORTALS, exhaustive=False)

    def _win_claim(self, rons: list[int], cl: _Claimable) -> None:
        winners = []
        for o in rons:
            if cl.kind == "flower":
                sc = self._eight_claim_score(o, cl)
                kind = WinKind.EIGHT_IMMORTALS
            else:
                sc = self._ron_score(o, cl)
                kind = WinKind.ROBBING_KONG if cl.kind == "kong" else WinKind.DISCARD
            assert sc is not None
            winners.append(self._winner(o, kind, sc, cl.tile, cl.seat))
        self._end(tuple(winners), winners[0].kind, exhaustive=False)

    def _winner(
        self, s: int, kind: WinKind, sc: Score, tile: Tile | None, payer: int | None
    ) -> Winner:
        """Settle one win: who pays what (pao included)."""
        n = self.players
        d = [0] * n
        p = sc.payments
        liable = self._liable[s]
        if payer is None:
            each = p.each or 0
            if liable is not None:
                d[liable[0]] -= each * (n - 1)
                d[s] += each * (n - 1)
            else:
                for o in range(n):
                    if o != s:
                        d[o] -= each
                        d[s] += each
        else:
            main = p.discarder or 0
            other = p.others or 0
            if liable is not None and liable[1] == "dragon":
                whole = main + other * (n - 2)
                d[liable[0]] -= whole
                d[s] += whole
            else:
                d[payer] -= main
                d[s] += main
                for o in range(n):
                    if o not in (s, payer):
                        d[o] -= other
                        d[s] += other
        return Winner(s, kind, sc, tile, payer, tuple(d))

    def _exhaustive_draw(self) -> None:
        """End at a pond limit or an empty wall: special wins, else ready payments."""
        n = self.players
        ready = tuple(self.is_ready(s) for s in range(n))
        order = [(self.dealer + i) % n for i in range(n)]
        winners: list[Winner] = []
        last = self._last_flower() if self._eight else None
        last_in_wall = last is not None and not any(c[last] for c in self._counts)
        for s in order:
            if last_in_wall and len(self._flowers[s]) == len(self._bonus) - 1:
                sc = self._special_score(s, EIGHT_IMMORTALS, self_drawn=True)
                if sc.valid:
                    winners.append(self._winner(s, WinKind.EIGHT_IMMORTALS, sc, None, None))
                    continue
            pond = self._ponds[s]
            if (
                self._terminal
                and pond
                and not any(self._called[s])
                and all(is_orphan(t) for t in pond)
            ):
                sc = self._special_score(s, TERMINAL_DISCARDS, self_drawn=True)
                if sc.valid:
                    winners.append(self._winner(s, WinKind.TERMINAL_DISCARDS, sc, None, None))
        if winners:
            self._end(tuple(winners), winners[0].kind, exhaustive=True, ready=ready)
            return
        d = [0] * n
        pay = self.options.ready_payment
        if pay:
            for s in range(n):
                if ready[s]:
                    for o in range(n):
                        if not ready[o]:
                            d[o] -= pay
                            d[s] += pay
        self._end((), WinKind.EXHAUSTIVE_DRAW, exhaustive=True, ready=ready, deltas=d)

    def _end(
        self,
        winners: tuple[Winner, ...],
        end: WinKind,
        *,
        exhaustive: bool,
        ready: tuple[bool, ...] | None = None,
        deltas: list[int] | None = None,
    ) -> None:
        n = self.players
        if deltas is None:
            deltas = [0] * n
            for w in winners:
                for i in range(n):
                    deltas[i] += w.deltas[i]
        self._result = HandResult(
            end=end,
            winners=winners,
            deltas=tuple(deltas),
            ready=ready,
            exhaustive=exhaustive,
            dealer=self.dealer,
        )
        self._update_scores()
        self._phase = Phase.ENDED
        self._pending = {}
        self._answers = {}
        self._legal.clear()

    # ------------------------------------------------------------------ explanations

    def _explain(self, a: Action) -> str:
        """Why ``a`` is not legal now, naming the rule."""
        s = a.seat
        k = a.kind
        phase = self._phase
        recent = self._recent
        if (
            phase in (Phase.TURN, Phase.ENDED)
            and k in CLAIM_KINDS
            and k is not _PASS
            and recent is not None
            and s != recent.seat
            and s not in self._recent_asked
        ):
            # The seat was answered automatically (it had no choice): say why.
            return self._explain_claim(a, recent)
        if phase is Phase.ENDED:
            return "the hand is over"
        if phase is Phase.TURN:
            if s != self._seat:
                if k in CLAIM_KINDS:
                    return (
                        f"seat {s} cannot {k.value}: there is no discard to claim "
                        f"(seat {self._seat} is to play)"
                    )
                return f"it is seat {self._seat}'s turn, not seat {s}'s"
            return self._explain_turn(a)
        cl = self._claim
        assert cl is not None
        if s == cl.seat:
            return f"seat {s} waits while others answer its own tile ({self._what(cl)})"
        if s in self._answers:
            return f"seat {s} has already answered {self._what(cl)}"
        if k not in CLAIM_KINDS:
            return f"seat {s} cannot {k.value} now: {self._what(cl)} awaits answers"
        return self._explain_claim(a, cl)

    @staticmethod
    def _what(cl: _Claimable) -> str:
        return {
            "discard": f"seat {cl.seat}'s discard {tile_to_str(cl.tile)}",
            "kong": f"seat {cl.seat}'s added kong of {tile_to_str(cl.tile)}",
            "flower": f"seat {cl.seat}'s flower {tile_to_str(cl.tile)}",
        }[cl.kind]

    def _explain_claim(self, a: Action, cl: _Claimable) -> str:
        """Why seat ``a.seat`` may not answer ``cl`` with ``a``."""
        s = a.seat
        k = a.kind
        what = self._what(cl)
        if k is _PASS:
            return f"seat {s} has nothing to answer"
        if cl.kind != "discard" and k is not _RON:
            if cl.kind == "kong":
                return f"only ron or pass on {what} (Robbing the Kong)"
            return f"only ron or pass on {what} (Eight Immortals)"
        if k is _RON:
            return self._explain_ron(s, cl)
        if cl.final:
            return (
                f"{what} reached the pond limit: it can only "
                "be won on (Winning on the Last Discard), no other call"
            )
        t = cl.tile
        c = self._counts[s]
        name = tile_to_str(t)
        if k is _PUNG:
            return f"seat {s} cannot pung {name}: it holds {c[t]} (needs two)"
        if k is _KONG:
            return f"seat {s} cannot kong {name}: it holds {c[t]} (needs three)"
        if s != (cl.seat + 1) % self.players:
            return (
                f"seat {s} cannot chow: chow only from the previous seat "
                f"(seat {cl.seat} is not before seat {s})"
            )
        if t >= EAST:
            return f"seat {s} cannot chow {name}: honours make no sequences"
        if t not in a.tiles:
            return f"chow {tiles_to_str(a.tiles)} does not use the discard {name}"
        missing = [x for x in a.tiles if x != t and not c[x]]
        return f"seat {s} cannot chow {tiles_to_str(a.tiles)}: it holds no {tiles_to_str(missing)}"

    def _hand_text(self, s: int) -> str:
        return counts_to_str(self._counts[s][:NUM_KINDS])

    def _explain_ron(self, s: int, cl: _Claimable) -> str:
        name = tile_to_str(cl.tile)
        if cl.kind == "flower":
            return (
                f"seat {s} cannot win on flower {name}: Eight Immortals by discard needs "
                f"{len(self._bonus) - 1} declared flowers"
            )
        if self._held_bonus[s]:
            return self._bonus_text(s)
        if cl.tile not in self._waits_of(s):
            return f"{name} does not complete seat {s}'s hand {self._hand_text(s)}"
        ft = self._furiten_tile(s)
        if ft is not None:
            return f"seat {s} is furiten: {tile_to_str(ft)} is in its pond"
        if self.options.temporary_furiten and self._temp_furiten[s]:
            return (
                f"seat {s} is temporarily furiten: it let a winning tile pass since its "
                "last discard"
            )
        return self._invalid_text(s, cl)

    def _invalid_text(self, s: int, cl: _Claimable) -> str:
        robbing = cl.kind == "kong"
        sc = score(
            self._situation(
                s,
                cl.tile,
                cl.tile,
                WinKind.ROBBING_KONG if robbing else WinKind.DISCARD,
                robbing_kong=robbing,
                last_tile=cl.last,
            ),
            self.ruleset,
        )
        return f"seat {s}'s hand is not a valid win: {sc.reason or 'no scoring pattern'}"

    def _bonus_text(self, s: int) -> str:
        held = tiles_to_str(self._missing_flowers_held(s))
        return (
            f"seat {s} holds an undeclared flower ({held}): a hand holding one is "
            "neither complete nor ready"
        )

    def _explain_turn(self, a: Action) -> str:
        s = a.seat
        k = a.kind
        c = self._counts[s]
        name = tile_to_str(a.tile) if a.tile is not None else ""
        if k in (_CHOW, _PUNG, _KONG, _PASS):
            return f"seat {s} cannot {k.value}: there is no discard to claim in its own turn"
        if k is _DISCARD:
            assert a.tile is not None
            if a.tile >= NUM_KINDS:
                return f"{name} is a flower: flowers cannot be discarded (declare it)"
            return f"seat {s} does not hold {name}"
        if k is _FLOWER:
            assert a.tile is not None
            if a.tile < NUM_KINDS or a.tile not in self._bonus:
                return f"{name} is not a bonus tile of this set"
            if not c[a.tile]:
                return f"seat {s} does not hold {name}"
            return (
                f"declaring the last flower {name} completes Eight Immortals and wins at "
                "once: use tsumo"
            )
        if k is _CKONG:
            assert a.tile is not None
            if a.tile >= NUM_KINDS:
                return f"{name} is a flower: flowers cannot be part of a meld"
            return f"seat {s} cannot declare a concealed kong of {name}: it holds {c[a.tile]}"
        if k is _AKONG:
            assert a.tile is not None
            if a.tile >= NUM_KINDS:
                return f"{name} is a flower: flowers cannot be part of a meld"
            if not any(m.kind is MeldKind.PUNG and m.first == a.tile for m in self._melds[s]):
                return f"seat {s} has no exposed pung of {name} to add to"
            return f"seat {s} does not hold {name} to add to its pung"
        if k is _RON:
            return (
                f"seat {s} cannot ron in its own turn: only Eight Immortals after drawing "
                "the last flower within the go-around after another seat declared the 7th"
            )
        # tsumo
        if self._held_bonus[s]:
            return self._bonus_text(s)
        if self._drawn is None:
            return (
                f"seat {s} cannot win by self-draw: no tile drawn this turn "
                "(a claimed tile is not a self-draw)"
            )
        forms = self._std if self._melds[s] else self._forms
        if not is_complete(c[:NUM_KINDS], forms):
            return f"seat {s}'s hand {self._hand_text(s)} is not complete"
        sc = score(
            self._situation(s, self._drawn, None, WinKind.SELF_DRAW),
            self.ruleset,
        )
        return f"seat {s}'s hand is not a valid win: {sc.reason or 'no scoring pattern'}"

    # ------------------------------------------------------------------ observation

    def observe(self, seat: int, scores: Sequence[int] | None = None) -> Observation:
        """What ``seat`` may see now (``scores`` overrides the hand's own score view)."""
        phase = self._phase
        claim = self._claim
        legal = self._legal.get(seat)
        if legal is None:
            legal = self.legal_actions(seat)
        # Built without the frozen dataclass __init__ (the hot path of self-play); the
        # same fields as ``Observation(...)``, plus ``visible`` kept up to date by the hand.
        return fast_observation(
            {
                "seat": seat,
                "players": self.players,
                "phase": phase,
                "actor": self.actor,
                "claim_tile": (
                    claim.tile
                    if claim is not None and (phase is Phase.CLAIMS or phase is Phase.ROBBING)
                    else None
                ),
                "robbing": (
                    claim.kind if phase is Phase.ROBBING and claim is not None else None
                ),
                "hand": tuple(self._counts[seat]),
                "drawn": self._drawn if phase is Phase.TURN and self._seat == seat else None,
                "melds": tuple(self._melds),
                "ponds": tuple(self._ponds),
                "called": tuple(self._called),
                "flowers": tuple(self._flowers),
                "concealed_sizes": tuple(self._sizes),
                "scores": tuple(scores) if scores is not None else self._scores,
                "seat_winds": self.seat_winds,
                "round_wind": self.round_wind,
                "dealer": self.dealer,
                "repeats": self.repeats,
                "wall_left": self._tail - self._head + 1,
                "pond_left": self._pond_left,
                "forms": self._forms,
                "legal": legal,
                "ruleset": self.ruleset,
                "visible": list(self._seen),
            }
        )

    # ------------------------------------------------------------------ records

    def record(self) -> dict[str, object]:
        """This hand's record entry: the wall and the actions (passes omitted)."""
        return {
            "wall": tiles_to_str(self.wall, sort=False),
            "actions": [a.to_dict() for a in self.history if a.kind is not _PASS],
        }

"""One hand as an explicit phase machine: :class:`Hand`.

Phases (DESIGN.md, "The engine's flow"): ``TURN(seat)``, ``CLAIMS(discard)``,
``ROBBING(added kong or declared flower)`` and ``ENDED(result)``.  :meth:`Hand.legal_actions`
is computed from the phase and the seat's tiles; :meth:`Hand.apply` is the only way to
change the state: it validates the action against the legal actions and raises
:class:`~tingpai.engine.errors.IllegalAction` naming the rule it breaks.  Draws (head and
tail) happen inside the transitions that need them.

The machine is the same for every ruleset, and split along its seams:

* :mod:`tingpai.engine.table` — the table state (tiles, piles, wall pointers, census,
  per-seat waits) and the scorer's situations;
* this module — the phase machine (legal actions, win checks, apply, transitions, claim
  priority, observations, the record entry);
* :mod:`tingpai.engine.settlement` — winners, payments, exhaustive-draw payments,
  liability, penalties;
* :mod:`tingpai.engine.explain` — the explanations of illegal actions.

Everything a table decides is read from the ruleset's options (tile set, forms, pond limit,
multiple winners, furiten, ready payments, ...), and its special mechanisms are the
ruleset's policies (:mod:`tingpai.rules.policies`), called through narrow hooks: special
wins (a turn win, a claimable declared flower, wins at exhaustive draw, a small state told
about draws, turns and discards), liability on each claim, the blessing of each win, and
(in the scorer) the bonuses outside the cap.  The machine knows no ruleset and no pattern.

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
  tile or on the discard made after it (tables without a pond limit score it from there);
  not on a later discard, made after a claim of that one (seed 002: "the very last tile or
  the following discard").
* A special win offered in a turn (Eight Immortals forms 1 and 4) takes the place of the
  self-draw: written ``tsumo``, or ``flower`` of the bonus tile it declares, and also
  ``ron`` when another seat pays it; a declared flower a policy makes claimable is answered
  like a robbed kong (``ron`` or ``pass``, phase ROBBING), and passed, the declarer draws its
  replacement.  The rulings of each special win are in :mod:`tingpai.rules.special_wins`.
* Temporary furiten (option): a seat that lets a discard or robbable kong tile that completes
  its hand go by (passing it, or claiming it otherwise) cannot win by discard until its next
  discard.
* Several seats claiming a win on one tile: all of them win (``multiple_winners`` ``all``),
  or only the first in turn order after the discarder (``head_bump``); a win beats
  pung/kong, which beat chow.

Hot path (self-play runs millions of these calls): legal actions are cached per seat until
the next action; each seat's waits are computed once per change of its tiles and decide,
before any scoring, whether a discard can be won on (``ron`` is scored only for a tile that
completes the hand) and whether a draw can complete it (the waits before the draw); seats
that cannot win on nor meld a discard are answered without building their options; the
tiles every seat can see are counted as they appear, and observations are built without the
frozen dataclass ``__init__``; policy hooks are called only where their mechanism can act
(turn wins only for a seat holding a bonus tile and only of policies that have them, the
draw/turn/discard hooks only while a special-win state is pending); the claimable tile is
a slotted dataclass (made per discard, read often); and :meth:`Hand.copy` copies the
mutable lists one level deep and shares everything immutable (the ruleset, its policies,
the policies' states).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from itertools import compress
from typing import Any, ClassVar

from tingpai.analysis import is_complete
from tingpai.engine.actions import (
    Action,
    ActionKind,
    by_tile,
    simple,
    with_tile,
)
from tingpai.engine.errors import IllegalAction, RecordError
from tingpai.engine.explain import Explanations
from tingpai.engine.observation import Observation, fast_observation
from tingpai.engine.results import HandResult, Phase
from tingpai.engine.settlement import Settlement, checked_scores
from tingpai.engine.table import Claimable, ClaimKind
from tingpai.engine.wall import HAND_SIZE, seeded_rng, shuffled_wall
from tingpai.inputs import echo, whole_number
from tingpai.rules.base import MultipleWinners, WinKind
from tingpai.rules.policies import SpecialWin, TurnWin
from tingpai.rules.registry import find_ruleset
from tingpai.rules.ruleset import Ruleset
from tingpai.scoring import Score, score
from tingpai.tiles import (
    EAST,
    NUM_KINDS,
    Meld,
    MeldKind,
    Tile,
    counts_to_str,
    parse_tiles,
    tile_to_str,
    tiles_to_str,
    wind_to_str,
)

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
_ON_DISCARD = ClaimKind.DISCARD
_ON_KONG = ClaimKind.KONG
_ON_FLOWER = ClaimKind.FLOWER
_ALL_WIN = MultipleWinners.ALL
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



def winning_claims(
    answers: Mapping[int, Action], offerer: int, players: int, all_win: bool
) -> tuple[Action, ...]:
    """The answers to an offered tile that take effect: the wins (all of them at a table
    where several may win, else the first in turn order after ``offerer``), else the first
    pung or kong, else the chow; none when every seat passed.

    >>> from tingpai.tiles import parse_tile
    >>> five = parse_tile("5s")
    >>> chow = Action(1, ActionKind.CHOW, tiles=(parse_tile("4s"), five, parse_tile("6s")))
    >>> answers = {1: chow, 2: Action(2, ActionKind.RON), 3: Action(3, ActionKind.PUNG)}
    >>> [a.kind.value for a in winning_claims(answers, 0, 4, all_win=False)]
    ['ron']
    >>> del answers[2]; [a.kind.value for a in winning_claims(answers, 0, 4, all_win=False)]
    ['pung']
    """
    order = [answers[seat] for i in range(1, players)
             if (seat := (offerer + i) % players) in answers]
    rons = tuple(a for a in order if a.kind is _RON)
    if rons:
        return rons if all_win else rons[:1]
    for kinds in ((_PUNG, _KONG), (_CHOW,)):
        for a in order:
            if a.kind in kinds:
                return (a,)
    return ()


SpecialTurnWin = tuple[SpecialWin[Any], TurnWin]
"""A special-win policy and the win it offers the seat to play."""

_new_hand = object.__new__


class Hand(Settlement, Explanations):
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

    _LISTS: ClassVar[tuple[str, ...]] = (*Settlement._LISTS, "_wait_hit", "history")
    """Mutable list attributes whose items are immutable: a shallow copy each."""
    _DICTS: ClassVar[tuple[str, ...]] = ("_pending", "_answers", "_win_scores", "_legal")
    """Mutable dict attributes whose values are immutable: a shallow copy each."""

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
            wall = shuffled_wall(ruleset, seeded_rng(seed))
        elif seed is not None:
            raise ValueError("give a wall or a seed, not both")
        elif isinstance(wall, str):
            wall = parse_tiles(wall)
        elif not isinstance(wall, Iterable) and whole_number(wall) is not None:
            # Hand(rules, 7): a seed where the wall goes
            raise RecordError(
                f"wall must be a sequence of tile ids, got {echo(wall)}: a seed is given "
                f"by name, Hand(rules, seed={echo(wall)})"
            )
        super().__init__(ruleset, wall, dealer, round_wind, repeats, scores)
        n = self.players
        self._phase = Phase.TURN
        self._seat = dealer
        self._claim = None
        self._pending: dict[int, tuple[Action, ...]] = {}
        self._answers = {}
        self._wait_hit: list[int] = []
        """Seats whose waits hold the claimable tile (temporary furiten)."""
        self._recent = None
        self._recent_asked = ()
        self._special_states: tuple[Any, ...] = (None,) * len(self._specials)
        """Per special-win policy: its state in this hand (None: nothing pending)."""
        self._watching = False
        """Some special-win state is pending: tell the policies about draws, turns and
        discards."""
        self._win_scores: dict[int, Score] = {}
        self._legal: dict[int, tuple[Action, ...]] = {}
        self.history: list[Action] = []
        """Every action applied, explicit passes and heavy penalties included."""

        for i in range(n):
            seat = (dealer + i) % n
            for t in self.wall[self._head : self._head + HAND_SIZE]:
                self._add(seat, t)
            self._head += HAND_SIZE
        self._draw(dealer, None)

    # ------------------------------------------------------------------ copies

    def copy(self) -> Hand:
        """An independent copy for search and rollouts: the same state, sharing only
        immutable parts (the ruleset and its policies, the wall, melds, scores, policy
        states and cached actions).

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
        twin: Hand = _new_hand(self.__class__)
        twin.__dict__ = state
        return twin

    # ------------------------------------------------------------------ as text

    def __repr__(self) -> str:
        """One line a researcher can read in a debugger: ruleset, phase, who acts, wall.

        >>> Hand("hu-4p", seed=7)
        <Hand hu-4p: turn of seat 0, 91 tiles in the wall, 0 actions>
        """
        return (f"<Hand {self.ruleset.id}: {self._state_text()}, {self.wall_left} tiles in "
                f"the wall, {len(self.history)} actions>")

    def status_line(self) -> str:
        """Who must act now (``turn of seat 0``, ``claims on seat 2's 5s: seats 0, 3 to
        answer``) or how the hand ended (``ended: seat 1 won by self-draw on 3p (24 points:
        ...); deltas [...]``, ``ended: draw; deltas [...]``): what a watcher looks for first."""
        result = self._result
        if result is None:
            if self._phase is Phase.TURN:
                return self._state_text()
            waiting = self.to_act()
            seats = ("seat " if len(waiting) == 1 else "seats ") + ", ".join(map(str, waiting))
            return f"{self._state_text()}: {seats} to answer"
        deltas = list(self.deltas)
        if result.is_draw:
            return f"ended: draw; deltas {deltas}"
        wins = []
        for w in result.winners:
            how = f"seat {w.seat} won by {w.kind.value}"
            if w.win_tile is not None:
                how += f" on {tile_to_str(w.win_tile)}"
            if w.payer is not None:
                how += f" from seat {w.payer}"
            patterns = ", ".join(p.label for p in w.score.patterns)
            wins.append(f"{how} ({w.score.total} {w.score.unit.value}: {patterns})")
        return f"ended: {'; '.join(wins)}; deltas {deltas}"

    def _state_text(self) -> str:
        """The phase and its seat: ``turn of seat 0``, ``claims on seat 2's 5s``."""
        if self._phase is Phase.TURN:
            return f"turn of seat {self.actor}"
        if self._phase is Phase.ENDED or self._claim is None:
            return "ended"
        return f"{self._phase.value} on seat {self.actor}'s {tile_to_str(self._claim.tile)}"

    def __str__(self) -> str:
        """The whole table in the tile notation, every seat's tiles shown (the hand is the
        full state, as a chess board is): one line per seat, then :meth:`status_line`.

        >>> print(Hand("hu-2p", seed=3))  # doctest: +NORMALIZE_WHITESPACE
        hu-2p · round E · dealer seat 0 · repeats 0 · wall 117 · scores [40000, 40000]
        seat 0: E  68m2468p12299s66z3f  pond: -
        seat 1: S  33478m369p456s27z  pond: -
        turn of seat 0
        """
        lines = [f"{self.ruleset.id} · round {wind_to_str(self.round_wind)} · dealer seat "
                 f"{self.dealer} · repeats {self.repeats} · wall {self.wall_left} · scores "
                 f"{list(self.scores)}"]
        for seat in range(self.players):
            parts = [f"seat {seat}: {wind_to_str(self.seat_winds[seat])}",
                     counts_to_str(self._counts[seat])]
            parts += [meld.to_str() for meld in self._melds[seat]]
            if self._flowers[seat]:
                parts.append(f"flowers: {tiles_to_str(self._flowers[seat])}")
            pond = self._ponds[seat]
            parts.append(f"pond: {' '.join(map(tile_to_str, pond)) if pond else '-'}")
            lines.append("  ".join(parts))
        lines.append(self.status_line())
        return "\n".join(lines)

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
    def is_over(self) -> bool:
        """The hand has ended."""
        return self._phase is Phase.ENDED

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

    # ------------------------------------------------------------------ legal actions

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        """Every action ``seat`` may take now (empty when it has nothing to decide);
        ValueError for a seat that is not at this table, as :meth:`observe`."""
        if type(seat) is not int or not 0 <= seat < self.players:
            seat = self._seat_of(seat)
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
        special = self._special_turn_win(s) if self._held_bonus[s] else None
        if self._tsumo_score(s, special) is not None:
            acts.append(simple(s, _TSUMO))
            if special is not None and special[1].payer is not None:
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

    def _claim_actions(self, o: int, cl: Claimable) -> tuple[Action, ...]:
        """A seat's answers to a discard (``pass`` always first)."""
        t = cl.tile
        acts: list[Action] = [simple(o, _PASS)]
        if self._ron_score(o, cl) is not None:
            acts.append(simple(o, _RON))
        if cl.kind is not _ON_DISCARD or cl.final:
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

    def _ron_score(self, o: int, cl: Claimable) -> Score | None:
        """The score of ``o`` winning on the claimable tile, or None when it may not."""
        if cl.kind is _ON_FLOWER:
            return self._flower_claim_score(o, cl)
        t = cl.tile
        if self._held_bonus[o] or t not in self._waits_of(o) or self.is_furiten(o):
            return None
        cached = self._win_scores.get(o)
        if cached is not None:
            return cached
        robbing = cl.kind is _ON_KONG
        sc = score(
            self._situation(
                o,
                t,
                t,
                WinKind.ROBBING_KONG if robbing else WinKind.DISCARD,
                robbing_kong=robbing,
                last_tile=cl.last_tile,
                blessing=self._blessings.on_discard_win(self, o, cl.seat, robbing),
            ),
            self.ruleset,
        )
        if not sc.valid:
            return None
        self._win_scores[o] = sc
        return sc

    def _flower_claim_score(self, o: int, cl: Claimable) -> Score | None:
        """The special win of ``o`` on a declared flower its policy made claimable."""
        special = cl.special
        if special is None or not special.flower_claim(self, o):
            return None
        sc = score(self._special_situation(o, special.pattern, self_drawn=False), self.ruleset)
        return sc if sc.valid else None

    def _special_turn_win(self, s: int) -> SpecialTurnWin | None:
        """The first special win a policy offers ``s`` in its turn now, if any.  A turn
        win declares a bonus tile the seat holds, so only such a seat need be asked."""
        states = self._special_states
        for i, special in self._turn_specials:
            offer = special.turn_win(self, s, states[i])
            if offer is not None:
                return special, offer
        return None

    def _tsumo_score(self, s: int, special: SpecialTurnWin | None) -> Score | None:
        """The score of the win ``s`` may take in its turn now, or None: the special win
        offered (``special``, from :meth:`_special_turn_win`), which takes the place of a
        self-draw, else a self-draw."""
        cached = self._win_scores.get(s)
        if cached is not None:
            return cached
        if special is not None:
            policy, offer = special
            sc = score(
                self._special_situation(s, policy.pattern, self_drawn=offer.payer is None),
                self.ruleset,
            )
        else:
            drawn = self._drawn
            if drawn is None or self._held_bonus[s]:
                return None
            before = self._draw_waits
            if before is not None and drawn not in before:
                return None  # the hand before the draw did not wait on the drawn tile
            c = self._counts[s]
            forms = self._std if self._melds[s] else self._forms
            if not is_complete(c[:NUM_KINDS], forms):
                return None
            sc = score(
                self._situation(
                    s,
                    drawn,
                    None,
                    WinKind.SELF_DRAW,
                    replacements=tuple(self._chain),
                    last_tile=self._last_draw(s),
                    blessing=self._blessings.on_self_draw(self, s),
                ),
                self.ruleset,
            )
        if not sc.valid:
            return None
        self._win_scores[s] = sc
        return sc

    # ------------------------------------------------------------------ apply

    def apply(self, action: Action) -> None:
        """Apply one seat's action; raises :class:`IllegalAction` naming the rule broken
        (and TypeError for anything that is not an :class:`Action`), changing nothing."""
        if type(action) is not Action and not isinstance(action, Action):
            raise TypeError(
                f"apply() takes an Action (Action.from_dict / from_str read the record "
                f"notation), got {echo(action)}"
            )
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
            special = self._special_turn_win(s)
            if (
                special is not None
                and special[1].declare == a.tile
                and self._tsumo_score(s, special) is not None
            ):
                self._win_turn(s, special)  # declaring the flower is the special win
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
        elif k is _TSUMO or k is _RON:
            # ron in one's own turn is legal only for a special win another seat pays
            self._win_turn(s, self._special_turn_win(s) if self._held_bonus[s] else None)
        else:  # pragma: no cover - legal_actions never offers anything else
            raise IllegalAction(f"{k.value} is not a turn action")

    # ------------------------------------------------------------------ transitions

    def _set_special_states(self, states: Sequence[Any]) -> None:
        self._special_states = tuple(states)
        self._watching = any(st is not None for st in states)

    def _start_turn(self, s: int) -> None:
        self._phase = Phase.TURN
        self._seat = s
        self._claim = None
        self._pending = {}
        self._answers = {}
        self._win_scores.clear()
        self._legal.clear()
        if self._watching:
            self._set_special_states([
                st if st is None else special.on_turn(self, s, st)
                for special, st in zip(self._specials, self._special_states, strict=True)
            ])

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
        self._took_last = self._head > self._tail
        if self._watching:
            self._set_special_states([
                st if st is None else special.on_draw(self, s, t, st)
                for special, st in zip(self._specials, self._special_states, strict=True)
            ])

    def _discard(self, s: int, t: Tile) -> None:
        self._remove(s, t)
        self._ponds[s] += (t,)
        self._called[s] += (False,)
        self._from_draw[s] += (t == self._drawn,)
        self._seen[t] += 1
        pond_left = self._pond_left
        if self._limit is not None and pond_left is not None:
            left = max(0, self._limit - len(self._ponds[s]))
            self._pond_left = (*pond_left[:s], left, *pond_left[s + 1 :])
        self._drawn = None
        self._chain = []
        self._temp_furiten[s] = False
        if self._watching:
            self._set_special_states([
                st if st is None else special.on_discard(self, s, st)
                for special, st in zip(self._specials, self._special_states, strict=True)
            ])
        final = self._limit is not None and len(self._ponds[s]) >= self._limit
        empty = self.wall_left == 0
        self._open_claims(Claimable(
            s, t, _ON_DISCARD, final or empty, final,
            last_tile=final or (empty and self._took_last),
        ))

    def _open_claims(self, cl: Claimable) -> None:
        """Ask every other seat; seats whose only answer is ``pass`` answer at once."""
        self._claim = cl
        self._pending = {}
        self._answers = {}
        self._wait_hit = []
        self._win_scores.clear()
        self._legal.clear()
        n = self.players
        t = cl.tile
        flower = cl.kind is _ON_FLOWER
        # Melds are only offered on a discard that is not the last one; a seat that cannot
        # win on the tile nor meld it has only ``pass`` and is answered at once.
        melds = cl.kind is _ON_DISCARD and not cl.final
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
        self._phase = Phase.CLAIMS if cl.kind is _ON_DISCARD else Phase.ROBBING
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
            if cl.kind is _ON_DISCARD and not cl.last:  # inline: the hot path
                self._draw((cl.seat + 1) % n, None)
            else:
                self._pass_on(cl)
            return
        won = winning_claims(answers, cl.seat, n, self.options.multiple_winners is _ALL_WIN)
        if self.options.temporary_furiten:
            for o in self._wait_hit:
                if o not in answers or answers[o].kind is not _RON:
                    self._temp_furiten[o] = True
        if won and won[0].kind is _RON:
            self._win_claim([a.seat for a in won], cl)
        elif won:
            self._claim_meld(won[0].seat, cl, won[0])
        else:
            self._pass_on(cl)

    def _pass_on(self, cl: Claimable) -> None:
        """Nobody claimed ``cl``: the kong completes, the flower's replacement is drawn, or
        the next seat draws (the hand ends after the last discard)."""
        if cl.kind is _ON_KONG:
            self._complete_added_kong(cl.seat, cl.tile)
        elif cl.kind is _ON_FLOWER:
            self._draw(cl.seat, "flower")
        elif cl.last:
            self._exhaustive_draw()
        else:
            self._draw((cl.seat + 1) % self.players, None)

    def _claim_meld(self, o: int, cl: Claimable, a: Action) -> None:
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
        if self._liability is not None:
            self._liable[o] = self._liability.on_claim(self._melds[o], meld, d, self._liable[o])
        self._drawn = None
        self._chain = []
        self._took_last = False
        self._start_turn(o)
        if a.kind is _KONG:
            self._draw(o, "kong")

    def _added_kong(self, s: int, t: Tile) -> None:
        self._remove(s, t)
        self._calls = True
        self._drawn = None
        for i, m in enumerate(self._melds[s]):
            if m.kind is MeldKind.PUNG and m.first == t:
                self._kong_meld = i
                break
        self._robbed = t
        self._open_claims(Claimable(s, t, _ON_KONG))

    def _complete_added_kong(self, s: int, t: Tile) -> None:
        i = self._kong_meld
        melds = self._melds[s]
        kong = Meld(MeldKind.KONG, (t, t, t, t), claimed_from=melds[i].claimed_from)
        self._melds[s] = (*melds[:i], kong, *melds[i + 1 :])
        self._seen[t] += 1
        self._robbed = None
        self._draw(s, "kong")

    def _declare_flower(self, s: int, f: Tile) -> None:
        """Declare ``f``; the special-win policies may make it claimable, else the
        replacement is drawn."""
        self._remove(s, f)
        self._flowers[s] += (f,)
        self._drawn = None
        if self._specials:
            states = list(self._special_states)
            claimable: SpecialWin[Any] | None = None
            for i, special in enumerate(self._specials):
                states[i], claim = special.on_flower(self, s, f, states[i])
                if claim and claimable is None:
                    claimable = special
            self._set_special_states(states)
            if claimable is not None:
                self._open_claims(Claimable(s, f, _ON_FLOWER, special=claimable))
                return
        self._draw(s, "flower")

    # ------------------------------------------------------------------ endings

    def _win_turn(self, s: int, special: SpecialTurnWin | None) -> None:
        """``s`` wins in its turn: the special win offered, else by self-draw."""
        sc = self._tsumo_score(s, special)
        assert sc is not None
        if special is None:
            w = self._winner(s, WinKind.SELF_DRAW, sc, self._drawn, None)
        else:
            policy, offer = special
            self._remove(s, offer.declare)
            self._flowers[s] += (offer.declare,)
            w = self._winner(s, policy.kind, sc, offer.declare, offer.payer)
        self._end(self._win_result((w,)))

    def _win_claim(self, rons: list[int], cl: Claimable) -> None:
        winners = []
        for o in rons:
            sc = self._ron_score(o, cl)
            if cl.kind is _ON_FLOWER:
                assert cl.special is not None
                kind = cl.special.kind
            else:
                kind = WinKind.ROBBING_KONG if cl.kind is _ON_KONG else WinKind.DISCARD
            assert sc is not None
            winners.append(self._winner(o, kind, sc, cl.tile, cl.seat))
        self._end(self._win_result(tuple(winners)))

    def _exhaustive_draw(self) -> None:
        """End at a pond limit or an empty wall (settled by :meth:`_draw_result`)."""
        self._end(self._draw_result())

    def _end(self, result: HandResult) -> None:
        self._record_result(result)
        self._phase = Phase.ENDED
        self._pending = {}
        self._answers = {}
        self._legal.clear()

    # ------------------------------------------------------------------ observation

    def observe(self, seat: int, scores: Sequence[int] | None = None) -> Observation:
        """What ``seat`` may see now (``scores`` overrides the hand's own score view);
        ValueError for a seat that is not at this table."""
        if type(seat) is not int or not 0 <= seat < self.players:
            seat = self._seat_of(seat)
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
                    claim.kind.value if phase is Phase.ROBBING and claim is not None else None
                ),
                "hand": tuple(self._counts[seat]),
                "drawn": self._drawn if phase is Phase.TURN and self._seat == seat else None,
                "melds": tuple(self._melds),
                "ponds": tuple(self._ponds),
                "called": tuple(self._called),
                "from_draw": tuple(self._from_draw),
                "flowers": tuple(self._flowers),
                "concealed_sizes": tuple(self._sizes),
                "scores": self._scores if scores is None else checked_scores(
                    scores, self.players
                ),
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


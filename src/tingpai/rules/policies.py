"""The typed policies of a ruleset's special mechanisms, and the hooks the engine calls.

The phase machine (:class:`~tingpai.engine.Hand`) is the same for every ruleset; what a
family plays beyond its patterns and options is a few small policy objects, bundled in
:class:`Policies` and held by the :class:`~tingpai.rules.Ruleset` (``ruleset.policies``).
The engine calls them through narrow hooks, the way python-chess variants override a few
``Board`` methods, and never asks which ruleset or which pattern it is playing:

* :class:`SpecialWin` — wins that need no complete hand and are decided by the table's
  state (Eight Immortals, All Terminal and Honor Discards: :mod:`tingpai.rules.special_wins`).
  Hooks: a turn win (:meth:`~SpecialWin.turn_win`), a declared flower others may win on
  (:meth:`~SpecialWin.on_flower`, :meth:`~SpecialWin.flower_claim`), wins at exhaustive
  draw (:meth:`~SpecialWin.at_exhaustive_draw`), and a small immutable state the engine
  keeps per policy and passes back (:meth:`~SpecialWin.on_draw`,
  :meth:`~SpecialWin.on_turn`, :meth:`~SpecialWin.on_discard`, called only while it is not
  None).
* :class:`Liability` — who pays instead of the discarder (Hong Kong pao:
  :mod:`tingpai.rules.liability`).  Hook: :meth:`~Liability.on_claim`; the engine's
  settlement reads the :class:`Liable` it returns.
* :class:`Blessings` — Heaven and Earth (:mod:`tingpai.rules.blessings`).  Hooks:
  :meth:`~Blessings.on_self_draw`, :meth:`~Blessings.on_discard_win`.
* :class:`Bonus` — additions outside the cap (Hu repeat bonuses: :mod:`tingpai.rules.bonuses`),
  called by the scorer.

Policies read the hand through :class:`TableView` (public, read-only views of the table)
and keep no state of their own: one policy object serves every hand of its ruleset, and a
copied hand shares it.  A family builds its policies from its options with a
:data:`PolicyFactory` (``find_ruleset`` calls it), so a table option such as ``pao`` turns
its mechanism on whatever the family.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from tingpai.rules.base import Blessing, RuleOptions, WinKind
from tingpai.tiles import Meld, Tile


class TableView(Protocol):
    """What a policy may read of a hand in progress: public, read-only views of the table
    (:class:`~tingpai.engine.Hand` provides them)."""

    @property
    def players(self) -> int:
        """Seats at the table."""

    @property
    def dealer(self) -> int:
        """The hand's dealer."""

    @property
    def calls_made(self) -> bool:
        """Somebody has made a call (chow, pung, kong) or declared a kong this hand."""

    def holds(self, seat: int, tile: Tile) -> int:
        """How many of ``tile`` the seat holds concealed (bonus tiles included)."""

    def flowers(self, seat: int) -> tuple[Tile, ...]:
        """The seat's declared bonus tiles."""

    def melds(self, seat: int) -> tuple[Meld, ...]:
        """The seat's declared melds."""

    def pond(self, seat: int) -> tuple[Tile, ...]:
        """The seat's pond in order, called tiles included."""

    def called(self, seat: int) -> tuple[bool, ...]:
        """Parallel to :meth:`pond`: whether each discard was called by another seat."""


# --- special wins -----------------------------------------------------------------------

State = TypeVar("State")
"""The immutable state a special-win policy keeps in a hand (None when there is none)."""


@dataclass(frozen=True, slots=True)
class TurnWin:
    """A special win the seat to play may take in its turn."""

    declare: Tile
    """The bonus tile the seat holds that the win declares: declaring it (``flower``) is
    also the win."""
    payer: int | None
    """None: paid as self-draw (``tsumo``); otherwise that seat pays as a discarder, and
    the win may also be written ``ron``."""


@dataclass(frozen=True)
class SpecialWin(Generic[State]):
    """A win decided by the table's state rather than by a complete hand.

    Scored as its pattern (``pattern``, a pattern of the ruleset that needs no hand) with
    the seat's concealed tiles, declared melds and flowers (held bonus tiles declared at
    once), and reported as ``kind``.  Every hook defaults to "nothing happens"; a policy
    overrides the ones its mechanism needs.  ``State`` is the policy's own immutable state
    in a hand (None: nothing pending), kept by the engine and passed back to the hooks.
    """

    pattern: ClassVar[str]
    """Pattern id scored for the win (``Situation.special``)."""
    kind: ClassVar[WinKind]
    """How the hand's result names the win."""
    name: ClassVar[str]
    """English name, for messages."""
    turn_ron_rule: ClassVar[str | None] = None
    """When the policy's turn wins may be written ``ron``: the rule, for the message that
    explains an illegal ``ron`` in one's own turn."""
    by_discard: ClassVar[bool] = True
    """Whether some form of the win is paid by one player (a discarder); when not, the
    scorer pays a win given as ``discard`` (the default) as self-draw."""

    def scoring_problem(self, flowers: tuple[Tile, ...]) -> str | None:
        """Why a scored situation with the winner's ``flowers`` (declared and held) cannot
        be this win, or None: the scorer's check of what the engine guarantees."""
        return None

    def won_by_flowers(self, flowers: tuple[Tile, ...]) -> bool:
        """Whether a winner holding ``flowers`` has this win whatever its hand, paid as
        self-draw (Eight Immortals: every bonus tile, which wins the moment the last one is
        declared), so a scored situation that only lists the flowers is this win."""
        return False

    def turn_win(self, table: TableView, seat: int, state: State | None) -> TurnWin | None:
        """A win ``seat`` may take in its turn now (it need not have drawn), or None.  A
        turn win declares a bonus tile the seat holds, so the engine asks only a seat
        holding one, and only policies that override this method (:attr:`has_turn_wins`)."""
        return None

    @property
    def has_turn_wins(self) -> bool:
        """Whether the policy overrides :meth:`turn_win`."""
        return type(self).turn_win is not SpecialWin.turn_win

    def on_flower(
        self, table: TableView, seat: int, tile: Tile, state: State | None
    ) -> tuple[State | None, bool]:
        """``seat`` declared ``tile`` (already among its flowers).  Returns the new state
        and whether the other seats may win on the flower (answered like a robbed kong:
        ``ron`` or ``pass``) before its replacement is drawn."""
        return state, False

    def flower_claim(self, table: TableView, seat: int) -> bool:
        """Whether ``seat`` may win on the flower this policy made claimable."""
        return False

    def claim_rule(self, table: TableView, seat: int) -> str:
        """Why ``seat`` may not win on the claimable flower (for messages)."""
        return f"{self.name} by discard does not apply"

    def on_draw(self, table: TableView, seat: int, tile: Tile, state: State) -> State | None:
        """``seat`` drew ``tile`` (head or tail).  Called only while the state is set."""
        return state

    def on_turn(self, table: TableView, seat: int, state: State) -> State | None:
        """A new turn of ``seat`` begins (after a head draw or a claim).  Called only while
        the state is set, before :meth:`on_draw` of that turn's draw."""
        return state

    def on_discard(self, table: TableView, seat: int, state: State) -> State | None:
        """``seat`` discarded.  Called only while the state is set."""
        return state

    def at_exhaustive_draw(self, table: TableView, seat: int) -> bool:
        """Whether ``seat`` wins this at an exhaustive draw (paid as self-draw).  Wins at
        the draw replace the ready-hand payments; a seat takes the first policy's win."""
        return False


# --- liability --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Liable:
    """A seat liable for another seat's win: it pays the whole amount alone."""

    payer: int
    self_draw: bool
    """It pays a win paid as self-draw (every loser's share)."""
    discard: bool
    """It pays a win on a discard or a robbed kong instead of the discarder (the
    discarder's and every other loser's share)."""
    reason: str
    """What made it liable, for people (e.g. ``"fourth meld"``)."""


@dataclass(frozen=True)
class Liability:
    """Who pays instead of the discarder.  The default: nobody is ever liable."""

    def on_claim(
        self, melds: tuple[Meld, ...], meld: Meld, discarder: int, current: Liable | None
    ) -> Liable | None:
        """A seat claimed ``discarder``'s tile into ``meld`` (its declared melds are now
        ``melds``); returns its liability from now on (``current`` until then)."""
        return current


# --- blessings --------------------------------------------------------------------------


@dataclass(frozen=True)
class Blessings:
    """Which wins carry a blessing (Heaven, Earth).  The base class: none do."""

    earth_by_discard: ClassVar[bool] = False
    """Blessing of Earth is a win on a discard (else a self-draw): the scorer checks a
    situation's ``blessing`` against it."""

    def on_self_draw(self, table: TableView, seat: int) -> Blessing | None:
        """The blessing of ``seat``'s self-drawn win now, if any."""
        return None

    def on_discard_win(
        self, table: TableView, seat: int, discarder: int, robbing: bool
    ) -> Blessing | None:
        """The blessing of ``seat``'s win on ``discarder``'s tile (``robbing``: an added
        kong), if any."""
        return None


# --- bonuses outside the cap ------------------------------------------------------------


class WinFacts(Protocol):
    """What a :class:`Bonus` may read of a scored win (``tingpai.scoring.Situation``)."""

    @property
    def dealer_repeats(self) -> int:
        """The dealer's repeat count (0 for a non-dealer)."""

    @property
    def eighth_repeat(self) -> bool:
        """The hand is played at the dealer's last repeat."""

    @property
    def dealer(self) -> bool:
        """The winner is the dealer."""


@dataclass(frozen=True, slots=True)
class Award:
    """One addition outside the cap (reported in ``Score.bonuses``)."""

    id: str
    name: str
    value: int
    count: int = 1
    chinese: str = ""
    pinyin: str = ""


@dataclass(frozen=True)
class Bonus:
    """Additions outside the cap, after the capped total.  The default: none."""

    def awards(self, win: WinFacts) -> tuple[Award, ...]:
        """The awards of a valid win."""
        return ()


# --- the bundle -------------------------------------------------------------------------

NO_BLESSINGS = Blessings()
"""A table without blessings."""


@dataclass(frozen=True)
class Policies:
    """Every policy of a ruleset (``ruleset.policies``)."""

    special_wins: tuple[SpecialWin[Any], ...] = ()
    """Checked in order: a seat takes the first one's win."""
    liability: Liability | None = None
    """None: nobody is ever liable."""
    blessings: Blessings = NO_BLESSINGS
    bonus: Bonus | None = None
    """None: nothing outside the cap."""


PolicyFactory = Callable[[RuleOptions], Policies]
"""``options -> Policies``: how a family builds its policies from a table's options
(``RulesetSpec.policies``, ``Ruleset.policy_factory``; the default is
:func:`tingpai.rules.ruleset.option_policies`)."""

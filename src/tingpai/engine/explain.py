"""Why an action is illegal: :class:`Explanations`, the messages of
:class:`~tingpai.engine.errors.IllegalAction`.

:meth:`Hand.apply` raises with :meth:`Explanations._explain` of the rejected action; the
message names the rule the action breaks (whose turn it is, which tiles the seat lacks,
furiten, a pond limit, an undeclared flower, a hand that is complete but no valid win and
the scorer's reason).  A seat the engine answered automatically (it had nothing to choose)
is told why it could not claim.  The phase machine's state is only read here.
"""

from __future__ import annotations

from tingpai.analysis import is_complete
from tingpai.engine.actions import CLAIM_KINDS, Action, ActionKind
from tingpai.engine.results import Phase
from tingpai.engine.table import Claimable, ClaimKind, Table
from tingpai.rules.base import WinKind
from tingpai.scoring import score
from tingpai.tiles import EAST, NUM_KINDS, MeldKind, tile_to_str, tiles_to_str


class Explanations(Table):
    """The explanations of illegal actions, over the table and the phase machine's state
    (declared here, kept by :class:`~tingpai.engine.Hand`)."""

    _phase: Phase
    _seat: int
    """TURN: the seat to play."""
    _claim: Claimable | None
    _answers: dict[int, Action]
    _recent: Claimable | None
    _recent_asked: tuple[int, ...]
    """The last claimable tile and the seats that were asked about it (the others were
    answered automatically)."""

    def _explain(self, a: Action) -> str:
        """Why ``a`` is not legal now, naming the rule."""
        s = a.seat
        k = a.kind
        phase = self._phase
        recent = self._recent
        if (
            phase in (Phase.TURN, Phase.ENDED)
            and k in CLAIM_KINDS
            and k is not ActionKind.PASS
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
    def _what(cl: Claimable) -> str:
        name = tile_to_str(cl.tile)
        if cl.kind is ClaimKind.DISCARD:
            return f"seat {cl.seat}'s discard {name}"
        if cl.kind is ClaimKind.KONG:
            return f"seat {cl.seat}'s added kong of {name}"
        return f"seat {cl.seat}'s flower {name}"

    def _explain_claim(self, a: Action, cl: Claimable) -> str:
        """Why seat ``a.seat`` may not answer ``cl`` with ``a``."""
        s = a.seat
        k = a.kind
        what = self._what(cl)
        if k is ActionKind.PASS:
            return f"seat {s} has nothing to answer"
        if cl.kind is not ClaimKind.DISCARD and k is not ActionKind.RON:
            if cl.kind is ClaimKind.KONG:
                return f"only ron or pass on {what} (Robbing the Kong)"
            rule = cl.special.name if cl.special is not None else "a special win"
            return f"only ron or pass on {what} ({rule})"
        if k is ActionKind.RON:
            return self._explain_ron(s, cl)
        if cl.final:
            return (
                f"{what} reached the pond limit: it can only "
                "be won on (Winning on the Last Discard), no other call"
            )
        t = cl.tile
        c = self._counts[s]
        name = tile_to_str(t)
        if k is ActionKind.PUNG:
            return f"seat {s} cannot pung {name}: it holds {c[t]} (needs two)"
        if k is ActionKind.KONG:
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

    def _explain_ron(self, s: int, cl: Claimable) -> str:
        name = tile_to_str(cl.tile)
        if cl.kind is ClaimKind.FLOWER:
            rule = (
                cl.special.claim_rule(self, s) if cl.special is not None
                else "no special win applies"
            )
            return f"seat {s} cannot win on flower {name}: {rule}"
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

    def _invalid_text(self, s: int, cl: Claimable) -> str:
        robbing = cl.kind is ClaimKind.KONG
        sc = score(
            self._situation(
                s,
                cl.tile,
                cl.tile,
                WinKind.ROBBING_KONG if robbing else WinKind.DISCARD,
                robbing_kong=robbing,
                last_tile=cl.last_tile,
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
        if k in (ActionKind.CHOW, ActionKind.PUNG, ActionKind.KONG, ActionKind.PASS):
            return f"seat {s} cannot {k.value}: there is no discard to claim in its own turn"
        if k is ActionKind.DISCARD:
            assert a.tile is not None
            if a.tile >= NUM_KINDS:
                return f"{name} is a flower: flowers cannot be discarded (declare it)"
            return f"seat {s} does not hold {name}"
        if k is ActionKind.FLOWER:
            assert a.tile is not None
            if a.tile < NUM_KINDS or a.tile not in self._bonus:
                return f"{name} is not a bonus tile of this set"
            return f"seat {s} does not hold {name}"
        if k is ActionKind.CKONG or k is ActionKind.AKONG:
            assert a.tile is not None
            if a.tile >= NUM_KINDS:
                return f"{name} is a flower: flowers cannot be part of a meld"
            if k is ActionKind.CKONG:
                return (
                    f"seat {s} cannot declare a concealed kong of {name}: it holds {c[a.tile]}"
                )
            if not any(m.kind is MeldKind.PUNG and m.first == a.tile for m in self._melds[s]):
                return f"seat {s} has no exposed pung of {name} to add to"
            return f"seat {s} does not hold {name} to add to its pung"
        if k is ActionKind.RON:
            rules = [p.turn_ron_rule for p in self._specials if p.turn_ron_rule is not None]
            if rules:
                return f"seat {s} cannot ron in its own turn: {'; '.join(rules)}"
            return (
                f"seat {s} cannot ron in its own turn: ron is a win on another seat's "
                "discard or added kong"
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
        # Scored as the win check scores it (Hand._tsumo_score): with the replacement chain and
        # the last draw, so the reason names the hand's real worth.  A blessing would make
        # the win valid, so none applies here.
        sc = score(
            self._situation(
                s, self._drawn, None, WinKind.SELF_DRAW, replacements=tuple(self._chain),
                last_tile=self._last_draw(s),
            ),
            self.ruleset,
        )
        return f"seat {s}'s hand is not a valid win: {sc.reason or 'no scoring pattern'}"

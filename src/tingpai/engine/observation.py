"""What one seat may see: :class:`Observation`.

An observation holds the seat's own concealed tiles and everything public (ponds, melds,
declared flowers, scores, winds, tiles left), its legal actions and a fixed-size mask over
the action index space (:data:`~tingpai.engine.actions.ACTION_SPACE_SIZE`).  It never holds
another seat's concealed tiles or the wall order.  In the CLAIMS and ROBBING phases it does
not say which other seats still have a decision to make (that would leak their hands).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from functools import cached_property
from typing import Any

from tingpai.analysis.forms import FORM_NAMES, Form, parse_forms
from tingpai.engine.actions import Action, action_mask
from tingpai.engine.results import Phase
from tingpai.rules.registry import find_ruleset
from tingpai.rules.ruleset import Ruleset
from tingpai.tiles import (
    NUM_KINDS,
    NUM_TILE_IDS,
    TILE_TEXT,
    InvalidNotation,
    Meld,
    Tile,
    counts_to_str,
    parse_meld,
    parse_tile,
    parse_tiles,
    tiles_to_str,
    wind_from_str,
    wind_to_str,
)


@dataclass(frozen=True)
class Observation:
    """One seat's view of the table at one moment: what a bot reads.

    Frozen, comparable, hashable and picklable; every field is documented below.

    >>> import tingpai
    >>> from tingpai.tiles import counts_to_str, tile_to_str
    >>> obs = tingpai.Hand("hu-2p", seed=1).observe(0)
    >>> obs.phase.value, obs.actor, counts_to_str(obs.hand), tile_to_str(obs.drawn)
    ('turn', 0, '23679m66p34689s36z', '9m')
    >>> tingpai.analysis.shanten(obs.concealed), len(obs.legal), sum(obs.mask)
    (3, 13, 13)
    """

    seat: int
    """The observing seat."""
    players: int
    """Seats at the table (2, 3 or 4); seat-indexed tuples below have this length."""
    phase: Phase
    """TURN, CLAIMS, ROBBING or ENDED (:class:`~tingpai.engine.results.Phase`)."""
    actor: int | None
    """TURN: the seat whose turn it is; CLAIMS/ROBBING: the seat whose tile is claimable
    (discarder, konger, flower declarer); ENDED: None."""
    claim_tile: Tile | None
    """CLAIMS/ROBBING: the discarded tile, the tile added to a kong, or the declared flower."""
    robbing: str | None
    """ROBBING: ``"kong"`` or ``"flower"``."""
    hand: tuple[int, ...]
    """Own concealed tiles as a 42-count array (undeclared bonus tiles at 34-41)."""
    drawn: Tile | None
    """Own tile drawn this turn, if the seat is in TURN after a draw."""
    melds: tuple[tuple[Meld, ...], ...]
    """Every seat's declared melds (concealed kongs included: their kind is public)."""
    ponds: tuple[tuple[Tile, ...], ...]
    """Every seat's pond in discard order, called tiles included."""
    called: tuple[tuple[bool, ...], ...]
    """Parallel to ``ponds``: whether each discard was called by another seat."""
    from_draw: tuple[tuple[bool, ...], ...]
    """Parallel to ``ponds``: whether each discard was of the kind the seat had just drawn
    (public at a real table, where a tile thrown straight from the wall is seen; a hand
    that keeps throwing what it draws is likely ready)."""
    flowers: tuple[tuple[Tile, ...], ...]
    """Every seat's declared bonus tiles."""
    concealed_sizes: tuple[int, ...]
    """How many concealed tiles each seat holds (public knowledge)."""
    scores: tuple[int, ...]
    """Every seat's score now: what it began the hand with, plus the hand's settlement and
    heavy penalties so far."""
    seat_winds: tuple[Tile, ...]
    """Every seat's wind as a tile id (27 East ... 30 North); the dealer is East."""
    round_wind: Tile
    """The prevailing wind as a tile id."""
    dealer: int
    """The dealer's seat."""
    repeats: int
    """How many times the dealer has repeated (0 in its first hand as dealer)."""
    wall_left: int
    """Tiles left in the wall (head and tail together)."""
    pond_left: tuple[int, ...] | None
    """Per seat: discards left before its pond reaches the limit (None: no pond limit)."""
    forms: Form
    """Winning forms of the ruleset (with declared melds only the standard form applies)."""
    legal: tuple[Action, ...]
    """This seat's legal actions now (empty when it has nothing to decide)."""
    ruleset: Ruleset
    """The rules of the table (public: every player knows what a hand is worth)."""

    @property
    def to_act(self) -> bool:
        """Whether this seat must choose an action now."""
        return bool(self.legal)

    @property
    def eighth_repeat(self) -> bool:
        """Whether the dealer is at its last allowed repeat, so that a win now is scored
        with the ruleset's eighth-repeat bonus (Hu Mahjong's Eighth Repeat)."""
        last = self.ruleset.options.max_repeats
        return last is not None and self.repeats >= last

    @cached_property
    def mask(self) -> tuple[bool, ...]:
        """Legal action mask over the fixed action index space."""
        return action_mask(self.legal)

    @cached_property
    def concealed(self) -> list[int]:
        """Own concealed suited/honour tiles as a 34-count array (bonus tiles left out)."""
        return list(self.hand[:NUM_KINDS])

    @cached_property
    def visible(self) -> list[int]:
        """34-count array of every tile seen outside this seat's concealed hand: all ponds
        (a called tile counted once, in its meld) and all melds (a kong counts 4)."""
        seen = [0] * NUM_KINDS
        for pond, called in zip(self.ponds, self.called, strict=True):
            for t, c in zip(pond, called, strict=True):
                if not c:
                    seen[t] += 1
        for melds in self.melds:
            for m in melds:
                for t in m.tiles:
                    seen[t] += 1
        return seen

    # -- JSON ----------------------------------------------------------------------------

    def to_json(self, *, public: bool = False) -> dict[str, Any]:
        """Every field as JSON, tiles in the text notation (the server's ``view``).

        ``hand`` is the own concealed tiles (``"123m55z1f"``, sorted); ``ponds`` per seat a
        list of tiles in discard order (parallel to ``called``); ``melds`` per seat a list
        of ``{"meld": "chow 123m", "from": seat|null}``; ``flowers`` per seat a notation
        string; winds are letters; ``legal`` is the record notation without the seat;
        ``ruleset`` is ``{"id", "options"}``.  With ``public`` the form for spectators:
        ``seat`` is null and ``hand``, ``drawn`` and ``legal`` are left out.

        >>> from tingpai.engine.hand import Hand
        >>> view = Hand("hu-2p", seed=1).observe(0).to_json()
        >>> view["phase"], view["seat_winds"], len(view["legal"]) > 0
        ('turn', ['E', 'S'], True)
        >>> sorted(set(view) - set(Hand("hu-2p", seed=1).observe(0).to_json(public=True)))
        ['drawn', 'hand', 'legal']
        """
        out = self.public_json()
        if not public:
            out.update(self.private_json())
        return out

    def public_json(self) -> dict[str, Any]:
        """The public form of :meth:`to_json` (the same for every seat at one moment)."""
        text = TILE_TEXT
        return {
            "seat": None,
            "players": self.players,
            "phase": self.phase.value,
            "actor": self.actor,
            "claim_tile": None if self.claim_tile is None else text[self.claim_tile],
            "robbing": self.robbing,
            "melds": [
                [{"meld": m.to_str(), "from": m.claimed_from} for m in seat_melds]
                for seat_melds in self.melds
            ],
            "ponds": [[text[t] for t in pond] for pond in self.ponds],
            "called": [list(c) for c in self.called],
            "from_draw": [list(d) for d in self.from_draw],
            "flowers": [tiles_to_str(f, sort=False) for f in self.flowers],
            "concealed_sizes": list(self.concealed_sizes),
            "scores": list(self.scores),
            "seat_winds": [wind_to_str(w) for w in self.seat_winds],
            "round_wind": wind_to_str(self.round_wind),
            "dealer": self.dealer,
            "repeats": self.repeats,
            "wall_left": self.wall_left,
            "pond_left": None if self.pond_left is None else list(self.pond_left),
            "forms": [name for name, form in FORM_NAMES.items() if form in self.forms],
            "ruleset": {"id": self.ruleset.id, "options": dict(self.ruleset.option_values)},
        }

    def private_json(self) -> dict[str, Any]:
        """What :meth:`to_json` adds to the public form for the observing seat: ``seat``,
        ``hand``, ``drawn`` and ``legal``."""
        return {
            "seat": self.seat,
            "hand": counts_to_str(self.hand),
            "drawn": None if self.drawn is None else TILE_TEXT[self.drawn],
            "legal": [action_json(a) for a in self.legal],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any], *, ruleset: Ruleset | None = None
                  ) -> Observation:
        """Read :meth:`to_json` (a seat's form) back; ``ruleset`` overrides the one named
        in ``data`` (a ruleset built in code has no id to look up).  Raises ValueError
        (:class:`InvalidNotation`, :class:`~tingpai.rules.RuleError`) naming the bad field.

        >>> from tingpai.engine.hand import Hand
        >>> obs = Hand("hk-4p", seed=2).observe(0)
        >>> Observation.from_json(obs.to_json()) == obs
        True
        """
        try:
            seat = data["seat"]
            if not isinstance(seat, int) or isinstance(seat, bool):
                raise InvalidNotation("a view needs the observing seat (not the public form)")
            if ruleset is None:
                rs = data["ruleset"]
                ruleset = find_ruleset(rs["id"], **dict(rs.get("options") or {}))
            hand = [0] * NUM_TILE_IDS
            for t in parse_tiles(data["hand"]):
                hand[t] += 1
            forms = Form(0)
            for name in data["forms"]:
                forms |= parse_forms(name)
            return cls(
                seat=seat,
                players=int(data["players"]),
                phase=Phase(data["phase"]),
                actor=data["actor"],
                claim_tile=_tile_or_none(data["claim_tile"]),
                robbing=data["robbing"],
                hand=tuple(hand),
                drawn=_tile_or_none(data["drawn"]),
                melds=tuple(
                    tuple(parse_meld(m["meld"], claimed_from=m["from"]) for m in seat_melds)
                    for seat_melds in data["melds"]
                ),
                ponds=tuple(tuple(parse_tile(t) for t in pond) for pond in data["ponds"]),
                called=tuple(tuple(bool(c) for c in row) for row in data["called"]),
                from_draw=tuple(
                    tuple(bool(d) for d in row)
                    for row in data.get("from_draw") or [[False] * len(p) for p in data["ponds"]]
                ),
                flowers=tuple(tuple(parse_tiles(f)) for f in data["flowers"]),
                concealed_sizes=tuple(data["concealed_sizes"]),
                scores=tuple(data["scores"]),
                seat_winds=tuple(wind_from_str(w) for w in data["seat_winds"]),
                round_wind=wind_from_str(data["round_wind"]),
                dealer=data["dealer"],
                repeats=data["repeats"],
                wall_left=data["wall_left"],
                pond_left=None if data["pond_left"] is None else tuple(data["pond_left"]),
                forms=forms,
                legal=tuple(Action.from_dict({**a, "seat": seat}) for a in data["legal"]),
                ruleset=ruleset,
            )
        except (KeyError, TypeError, AttributeError) as exc:
            raise InvalidNotation(f"view is missing or has a malformed field: {exc}") from None


def action_json(action: Action) -> dict[str, Any]:
    """An action in the record notation without its seat: ``{"do": "discard", "tile": "9m"}``
    (the server's ``legal`` list; the seat is the observer's)."""
    out = action.to_dict()
    del out["seat"]
    return out


def _tile_or_none(text: object) -> Tile | None:
    if text is None:
        return None
    if not isinstance(text, str):
        raise InvalidNotation(f"tile {text!r} must be a string or null")
    return parse_tile(text)


OBSERVATION_FIELDS: frozenset[str] = frozenset(f.name for f in fields(Observation))
"""Names of the dataclass fields of :class:`Observation`."""

_new = object.__new__
_set = object.__setattr__


def fast_observation(values: dict[str, Any]) -> Observation:
    """An :class:`Observation` from a dict holding every field, without the frozen
    dataclass ``__init__`` (which sets each of its ~20 fields through ``object.__setattr__``
    and dominated the cost of :meth:`Hand.observe` in self-play).

    ``values`` becomes the instance's ``__dict__`` (the caller gives up the dict); it may
    also pre-fill the cached properties (``visible``, ``concealed``) with values the caller
    already maintains.  The result is equal to ``Observation(**fields)``; the engine tests
    and ``tests/sim`` check that.
    """
    obs: Observation = _new(Observation)
    _set(obs, "__dict__", values)
    return obs

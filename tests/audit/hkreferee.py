"""AUDIT helper: an independent referee of the Hong Kong game flow (hk-4p, hk-2p, hk-fanlaak).

Everything below is re-derived from seeds/001, seeds/002, RULES.md ("Hong Kong (MahJongo
table)", "Hong Kong fan-laak", "Records") and DESIGN.md ("Game records"), not from the
engine's code.  The only engine piece used is the single-hand scorer (``tingpai.score``,
cross-checked independently elsewhere), fed with a :class:`tingpai.Situation` that the
referee builds itself from its own reading of the flow (win kind, winning tile, melds,
winds, replacement chain, last tile, robbing, blessings).  Structure (is the hand complete?),
legality of every action, claim priority, draws, payments, pao, dealership, rounds and game
end are all the referee's own.

Use: :class:`GameRef` walks a ``tingpai-record/1`` game (:meth:`GameRef.check_record`) and
returns what must have happened; :class:`HandRef` is one hand's state machine, which a live
driver can feed action by action (explicit passes included) and ask for each seat's legal
actions (:meth:`HandRef.legal`).
"""

from __future__ import annotations

import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import tingpai
from tingpai.analysis.forms import Form

CONFORMANCE = str(Path(__file__).resolve().parent.parent / "conformance")
if CONFORMANCE not in sys.path:
    sys.path.insert(0, CONFORMANCE)

from brute import complete  # noqa: E402  (the conformance suite's independent shape check)

# ------------------------------------------------------------------------------ tiles

SUITS = "mpsz"
WINDS = (27, 28, 29, 30)
DRAGONS = (31, 32, 33)
WIND_LETTERS = "ESWN"


def tile_str(t: int) -> str:
    return f"{t % 9 + 1}{SUITS[t // 9]}"


def parse_tiles(text: str) -> list[int]:
    """'123m5z' -> tile ids (0-8 m, 9-17 p, 18-26 s, 27-33 z: DESIGN.md data model)."""
    out: list[int] = []
    digits = ""
    for ch in text.replace(" ", ""):
        if ch.isdigit():
            digits += ch
        elif ch in SUITS:
            assert digits, text
            base = SUITS.index(ch) * 9
            for d in digits:
                r = int(d)
                assert 1 <= r <= (7 if ch == "z" else 9), text
                out.append(base + r - 1)
            digits = ""
        else:
            raise AssertionError(f"bad tile text {text!r}")
    assert not digits, text
    return out


def tile_set(players: int) -> Counter[int]:
    """seed 001: 136 tiles; hk-2p 80 tiles: ranks 2..8 of bamboo and characters removed."""
    kinds = list(range(34))
    if players == 2:
        kinds = [k for k in kinds if not ((k < 9 or 18 <= k < 27) and 1 <= k % 9 <= 7)]
    return Counter({k: 4 for k in kinds})


# ------------------------------------------------------------------------------ structure


def is_complete(counts: list[int], declared: int) -> bool:
    """Four melds and a pair (``declared`` of the melds already declared), or Thirteen
    Orphans (concealed).  No Seven Pairs in Hong Kong (RULES.md).  The shape check is the
    conformance suite's brute force (written from the rules, not the engine's)."""
    return sum(counts) == 3 * (4 - declared) + 2 and complete(
        list(counts), Form.STANDARD | Form.ORPHANS, melded=declared > 0)


# ------------------------------------------------------------------------------ config

# RULES.md defaults, per ruleset id (a record's options override them)
DEFAULTS: dict[str, dict[str, Any]] = {
    "hk-4p": {"players": 4, "min_fan": 3, "max_fan": 10, "pao": True,
              "multiple_winners": "head_bump", "furiten": False, "rounds": 4,
              "start_points": 0, "payment_table": "half-spicy", "max_hands": None,
              "point_limit": None, "stake": 1},
    "hk-2p": {"players": 2, "min_fan": 3, "max_fan": 10, "pao": False,
              "multiple_winners": "head_bump", "furiten": False, "rounds": 4,
              "start_points": 0, "payment_table": "golden", "max_hands": None,
              "point_limit": None, "stake": 1},
    "hk-fanlaak": {"players": 4, "min_fan": 3, "max_fan": None, "pao": False,
                   "multiple_winners": "head_bump", "furiten": False, "rounds": 4,
                   "start_points": 0, "payment_table": "fan-laak", "max_hands": None,
                   "point_limit": None, "stake": 1},
}


@dataclass
class Config:
    rid: str
    options: dict[str, Any]
    players: int = 4
    min_fan: int = 3
    max_fan: int | None = 10
    pao: bool = True
    multiple_winners: str = "head_bump"
    furiten: bool = False
    rounds: int = 4
    start_points: int = 0
    payment_table: str = "half-spicy"
    max_hands: int | None = None
    point_limit: int | None = None
    stake: int = 1
    ruleset: Any = None

    @classmethod
    def of(cls, rid: str, options: dict[str, Any]) -> Config:
        assert rid in DEFAULTS, f"the referee knows only {sorted(DEFAULTS)}, not {rid}"
        values = dict(DEFAULTS[rid])
        for k, v in options.items():
            assert k in values, f"option {k} unknown to the referee"
            values[k] = v
        cfg = cls(rid, dict(options), **values)
        cfg.ruleset = tingpai.find_ruleset(rid, **options)
        return cfg


# ------------------------------------------------------------------------------ payments

HALF_SPICY = {3: 32, 4: 64, 5: 96, 6: 128, 7: 192, 8: 256, 9: 384, 10: 512}


def discard_amount(cfg: Config, fan: int) -> int:
    """RULES.md half-spicy (full-spicy doubles every fan); below 3 fan each fan halves."""
    if cfg.max_fan is not None:
        fan = min(fan, cfg.max_fan)
    if cfg.payment_table == "full-spicy":
        return 32 * 2 ** (fan - 3) if fan >= 3 else 32 >> (3 - fan)
    assert cfg.payment_table in ("half-spicy", "golden"), cfg.payment_table
    return HALF_SPICY[fan] if fan >= 3 else 32 >> (3 - fan)


def fanlaak_points(fan: int) -> int:
    """seed 002: 0 -> 1, 1 -> 2, 2 -> 4, 3 -> 8, 4-6 -> 16, 7-9 -> 32, 10+ -> 64."""
    if fan <= 3:
        return 1 << fan
    return 16 if fan <= 6 else 32 if fan <= 9 else 64


def win_payments(cfg: Config, fan: int, winner: int, payer: int | None,
                 liable: tuple[frozenset[str], int] | None) -> list[int]:
    """Per-seat deltas of one winner.  ``payer`` None is a self-draw; else the discarder
    (or the player who added to the robbed kong)."""
    n = cfg.players
    d = [0] * n
    others = [s for s in range(n) if s != winner]
    if cfg.payment_table == "fan-laak":
        p = fanlaak_points(fan)
        if payer is None:
            share = {s: 2 * p for s in others}
        else:
            share = {s: (2 * p if s == payer else p) for s in others}
    elif cfg.payment_table == "golden":  # hk-2p: the single opponent pays the 4p amount
        (opp,) = others
        dis = discard_amount(cfg, fan)
        share = {opp: 3 * (dis // 2) if payer is None else dis}
    else:
        dis = discard_amount(cfg, fan)
        share = {s: dis // 2 for s in others} if payer is None else {payer: dis}
    if cfg.pao and liable is not None:
        kinds, who = liable
        if "dragon" in kinds or ("fourth" in kinds and payer is None):
            share = {who: sum(share.values())}
    for s, x in share.items():
        d[s] -= x
        d[winner] += x
    return d


# ------------------------------------------------------------------------------ one hand


class RefereeError(AssertionError):
    pass


@dataclass
class Meld:
    kind: str  # chow / pung / kong / ckong
    tile: int  # lowest tile of a chow, else the tile
    source: int | None = None  # discarder it was claimed from

    def notation(self) -> str:
        if self.kind == "chow":
            return "chow " + "".join(str(self.tile % 9 + 1 + i) for i in range(3)) + \
                SUITS[self.tile // 9]
        word = "ckong" if self.kind == "ckong" else self.kind
        k = 3 if self.kind == "pung" else 4
        return f"{word} {str(self.tile % 9 + 1) * k}{SUITS[self.tile // 9]}"


@dataclass
class Win:
    seat: int
    total: int
    payer: int | None
    kind: str  # self-draw / discard / robbing-kong
    patterns: frozenset[str]
    deltas: list[int]


@dataclass
class Stats:
    games: int = 0
    hands: int = 0
    actions: int = 0
    decisions: int = 0  # live decision points whose legal sets were compared
    wins: int = 0
    draws: int = 0
    claims: Counter[str] = field(default_factory=Counter)
    specials: Counter[str] = field(default_factory=Counter)


Act = tuple[Any, ...]  # ('discard', t) ('ckong', t) ('akong', t) ('tsumo',) ('pass',)
# ('ron',) ('pung',) ('kong',) ('chow', low)


def act_of(d: dict[str, Any]) -> tuple[int, Act]:
    """A record action as (seat, referee action)."""
    seat, do = d["seat"], d["do"]
    if do in ("discard", "ckong", "akong"):
        (t,) = parse_tiles(d["tile"])
        return seat, (do, t)
    if do == "chow":
        ts = sorted(parse_tiles(d["tiles"]))
        assert len(ts) == 3 and ts[1] == ts[0] + 1 and ts[2] == ts[0] + 2, d
        assert ts[0] < 27 and ts[0] // 9 == ts[2] // 9, d
        return seat, ("chow", ts[0])
    if do in ("tsumo", "ron", "pass", "pung", "kong"):
        return seat, (do,)
    raise RefereeError(f"action {d} is not a Hong Kong action (no flowers, no penalties)")


CLAIMS = ("ron", "pung", "kong", "chow", "pass")


class HandRef:
    """One hand by the referee's reading of the rules."""

    def __init__(self, cfg: Config, wall: list[int], dealer: int, round_wind: int,
                 label: str = "") -> None:
        self.cfg = cfg
        self.label = label
        n = self.n = cfg.players
        if Counter(wall) != tile_set(n):
            raise RefereeError(f"{label}: the wall is not the {n}-player tile set")
        self.wall = wall
        self.dealer = dealer
        self.round_wind = round_wind
        self.conc = [[0] * 34 for _ in range(n)]
        for i in range(n):  # DESIGN.md: dealer wall[0:13], next seat wall[13:26], ...
            for t in wall[13 * i: 13 * i + 13]:
                self.conc[(dealer + i) % n][t] += 1
        self.melds: list[list[Meld]] = [[] for _ in range(n)]
        self.pond: list[list[int]] = [[] for _ in range(n)]
        self.head = 13 * n
        self.tail = len(wall) - 1
        self.liable: list[tuple[frozenset[str], int] | None] = [None] * n
        self.dealer_discards = 0
        self.turn_actions = 0  # actions taken so far (Blessing of Heaven: none)
        self.result: str | None = None  # "win" / "draw"
        self.wins: list[Win] = []
        self.deltas = [0] * n
        self.phase = "turn"
        self.seat = dealer
        self.drawn: int | None = None
        self.chain: list[str] = []
        self.claim: tuple[int, int, str] | None = None  # (seat, tile, "discard"/"akong")
        self.answers: dict[int, Act] = {}
        self.events: Counter[str] = Counter()
        self.took_last = False  # this turn drew the wall's last tile (seed 002: Last Tile)
        self.draw_head(dealer)

    # ------------------------------------------------------------------ draws

    @property
    def wall_left(self) -> int:
        return self.tail - self.head + 1

    def _exhaustive(self) -> None:
        self.result = "draw"
        self.phase = "ended"

    def draw_head(self, s: int) -> None:
        """A draw is due: from the head, or an exhaustive draw when no tile is left."""
        self.seat, self.phase = s, "turn"
        if self.wall_left <= 0:
            self._exhaustive()
            return
        t = self.wall[self.head]
        self.head += 1
        self.conc[s][t] += 1
        self.drawn = t
        self.chain = []
        self.took_last = self.wall_left == 0

    def draw_tail(self, s: int) -> None:
        """A kong replacement: from the tail (no dead wall)."""
        self.seat, self.phase = s, "turn"
        if self.wall_left <= 0:
            self.events["kong with no replacement left"] += 1
            self._exhaustive()
            return
        if self.wall_left == 1:
            self.events["replacement is the final tile"] += 1
        t = self.wall[self.tail]
        self.tail -= 1
        self.conc[s][t] += 1
        self.drawn = t
        self.chain = [*self.chain, "kong"]
        self.took_last = self.wall_left == 0

    # ------------------------------------------------------------------ scoring

    def situation(self, s: int, win_tile: int, kind: str, extra: int | None) -> Any:
        c = list(self.conc[s])
        if extra is not None:
            c[extra] += 1
        concealed = [tile_str(t) for t in range(34) for _ in range(c[t])]
        blessing = None
        if kind == "self-draw" and s == self.dealer and self.turn_actions == 0:
            blessing = "heaven"
        if (kind == "discard" and self.claim is not None and self.claim[0] == self.dealer
                and self.dealer_discards == 1 and s != self.dealer):
            blessing = "earth"
        # The score --json spellings, which Situation reads as its JSON twin does.
        fields: dict[str, Any] = dict(
            concealed=concealed,
            win_tile=tile_str(win_tile),
            melds=[m.notation() for m in self.melds[s]],
            win=kind,
            seat_wind=WIND_LETTERS[(s - self.dealer) % self.n],
            round_wind=WIND_LETTERS[self.round_wind],
            replacements=list(self.chain) if kind == "self-draw" else [],
            robbing_kong=kind == "robbing-kong",
            # The last tile itself, or the discard that follows it (not one after a claim).
            last_tile=self.wall_left == 0 and (
                kind == "self-draw" or (kind == "discard" and self.took_last)),
            blessing=blessing,
        )
        return tingpai.Situation(**fields)

    def _win_score(self, s: int, win_tile: int, kind: str, extra: int | None) -> Any:
        c = list(self.conc[s])
        if extra is not None:
            c[extra] += 1
        if not is_complete(c, len(self.melds[s])):
            return None
        sc = tingpai.score(self.situation(s, win_tile, kind, extra), self.cfg.ruleset)
        if not sc.valid:
            return None
        if sc.total < self.cfg.min_fan:  # seed: "at least 3 Fan" (the table's minimum)
            raise RefereeError(f"{self.label}: scorer valid below minimum: {sc.total}")
        return sc

    def _furiten(self, o: int) -> bool:
        """RULES.md sacred discard (only with option ``furiten``): a tile completing the
        hand, pattern or not, lies in the player's own pond."""
        if not self.cfg.furiten:
            return False
        c = self.conc[o]
        for t in set(self.pond[o]):
            c[t] += 1
            done = is_complete(c, len(self.melds[o]))
            c[t] -= 1
            if done:
                return True
        return False

    # ------------------------------------------------------------------ legal sets

    def to_act(self) -> tuple[int, ...]:
        """Seats with a decision (a claim seat only when it has more than ``pass``)."""
        if self.phase == "turn":
            return (self.seat,)
        if self.phase in ("claims", "robbing"):
            assert self.claim is not None
            order = [(self.claim[0] + i) % self.n for i in range(1, self.n)]
            return tuple(o for o in order if o not in self.answers
                         and len(self.legal(o)) > 1)
        return ()

    def legal(self, seat: int) -> set[Act]:
        if self.phase == "turn":
            if seat != self.seat:
                return set()
            c = self.conc[seat]
            acts: set[Act] = {("discard", t) for t in range(34) if c[t]}
            acts |= {("ckong", t) for t in range(34) if c[t] == 4}
            acts |= {("akong", m.tile) for m in self.melds[seat]
                     if m.kind == "pung" and c[m.tile]}
            if self.drawn is not None:
                self.conc[seat][self.drawn] -= 1
                sc = self._win_score(seat, self.drawn, "self-draw", self.drawn)
                self.conc[seat][self.drawn] += 1
                if sc is not None:
                    acts.add(("tsumo",))
            return acts
        if self.phase not in ("claims", "robbing"):
            return set()
        assert self.claim is not None
        s, t, how = self.claim
        if seat == s or seat in self.answers:
            return set()
        acts = {("pass",)}
        kind = "discard" if how == "discard" else "robbing-kong"
        if not self._furiten(seat) and self._win_score(seat, t, kind, t) is not None:
            acts.add(("ron",))
        if how == "discard":
            c = self.conc[seat]
            if c[t] >= 2:
                acts.add(("pung",))
            if c[t] == 3:
                acts.add(("kong",))
            if t < 27 and seat == (s + 1) % self.n:  # chow only from the left / opponent
                for low in (t - 2, t - 1, t):
                    if (low >= 0 and low // 9 == t // 9 == (low + 2) // 9
                            and all(c[x] for x in (low, low + 1, low + 2) if x != t)):
                        acts.add(("chow", low))
        return acts

    # ------------------------------------------------------------------ actions

    def apply(self, seat: int, act: Act) -> None:
        if self.phase == "ended":
            raise RefereeError(f"{self.label}: {seat} {act} after the hand ended")
        if self.phase in ("claims", "robbing"):
            if act[0] not in CLAIMS:
                raise RefereeError(f"{self.label}: {seat} {act} while claims are open")
            if act not in self.legal(seat):
                raise RefereeError(f"{self.label}: illegal claim {seat} {act}; legal "
                                   f"{sorted(self.legal(seat))}; claim {self.claim}")
            self.answers[seat] = act
            if not self.to_act():
                self.resolve()
            return
        if seat != self.seat or act not in self.legal(seat):
            raise RefereeError(f"{self.label}: illegal {seat} {act} in {self.seat}'s turn; "
                               f"legal {sorted(self.legal(self.seat))}")
        kind = act[0]
        c = self.conc[seat]
        if kind == "tsumo":
            assert self.drawn is not None
            self._finish_win([(seat, self.drawn, "self-draw", None)])
            return
        self.turn_actions += 1
        if kind == "discard":
            t = act[1]
            c[t] -= 1
            self.pond[seat].append(t)
            if seat == self.dealer:
                self.dealer_discards += 1
            self.drawn = None
            self.chain = []
            self._open(seat, t, "discard")
        elif kind == "ckong":
            t = act[1]
            c[t] -= 4
            self.melds[seat].append(Meld("ckong", t))
            self.drawn = None
            self.draw_tail(seat)
        elif kind == "akong":
            t = act[1]
            c[t] -= 1
            self.drawn = None
            self._open(seat, t, "akong")
        else:
            raise RefereeError(f"{self.label}: {kind} in a turn")

    def _open(self, s: int, t: int, how: str) -> None:
        self.claim = (s, t, how)
        self.answers = {}
        self.phase = "claims" if how == "discard" else "robbing"
        if not self.to_act():
            self.resolve()

    def pass_all(self) -> None:
        """Record semantics: a non-claim action means every seat still to answer passed."""
        if self.phase in ("claims", "robbing"):
            for o in self.to_act():
                self.answers[o] = ("pass",)
            self.resolve()

    def resolve(self) -> None:
        assert self.claim is not None
        s, t, how = self.claim
        order = [(s + i) % self.n for i in range(1, self.n)]
        rons = [o for o in order if self.answers.get(o) == ("ron",)]
        claimants = [o for o in order if self.answers.get(o, ("pass",)) != ("pass",)]
        if len(claimants) > 1:
            self.events["competing claims"] += 1
        if len(rons) > 1:
            self.events["several rons"] += 1
        if claimants and self.wall_left == 0:
            self.events["claim on the final discard"] += 1
        if rons:  # win > pung/kong > chow; head bump: first claimant after the discarder
            if self.cfg.multiple_winners == "head_bump":
                rons = rons[:1]
            kind = "discard" if how == "discard" else "robbing-kong"
            self._finish_win([(o, t, kind, s) for o in rons])
            return
        if how == "akong":
            m = next(m for m in self.melds[s] if m.kind == "pung" and m.tile == t)
            m.kind = "kong"
            self.claim = None
            self.draw_tail(s)
            return
        meld: tuple[int, Act] | None = next(
            ((o, a) for o in order for a in [self.answers.get(o)]
             if a is not None and a in (("pung",), ("kong",))), None)
        if meld is None:
            meld = next(((o, a) for o in order for a in [self.answers.get(o)]
                         if a is not None and a[0] == "chow"), None)
        self.claim = None
        if meld is None:
            self.draw_head((s + 1) % self.n)
            return
        o, a = meld
        c = self.conc[o]
        if a[0] == "chow":
            low = a[1]
            for x in (low, low + 1, low + 2):
                if x != t:
                    c[x] -= 1
            new = Meld("chow", low, s)
        elif a[0] == "pung":
            c[t] -= 2
            new = Meld("pung", t, s)
        else:
            c[t] -= 3
            new = Meld("kong", t, s)
        self.melds[o].append(new)
        kinds = set()
        if len(self.melds[o]) == 4:  # fourth declared meld completed by a discard
            kinds.add("fourth")
        if new.kind != "chow" and t in DRAGONS and sum(
                1 for m in self.melds[o] if m.kind != "chow" and m.tile in DRAGONS) == 3:
            kinds.add("dragon")
        if kinds:  # a later liability replaces an earlier one
            self.events["liability " + "+".join(sorted(kinds))] += 1
            if self.liable[o] is not None:
                self.events["liability replaced"] += 1
            self.liable[o] = (frozenset(kinds), s)
        self.drawn = None
        self.chain = []
        self.took_last = False
        self.turn_actions += 1
        if a[0] == "kong":
            self.draw_tail(o)
        else:
            self.seat, self.phase = o, "turn"

    def _finish_win(self, wins: list[tuple[int, int, str, int | None]]) -> None:
        for seat, tile, kind, payer in wins:
            extra = None if kind == "self-draw" else tile
            sc = self._win_score(seat, tile, kind, extra)
            if sc is None:
                raise RefereeError(f"{self.label}: {seat} wins without a valid hand")
            deltas = win_payments(self.cfg, sc.total, seat, payer, self.liable[seat])
            self.wins.append(Win(seat, sc.total, payer, kind,
                                 frozenset(p.id for p in sc.patterns), deltas))
            self.deltas = [a + b for a, b in zip(self.deltas, deltas, strict=True)]
        self.result = "win"
        self.phase = "ended"

    # ------------------------------------------------------------------ records

    def feed(self, d: dict[str, Any]) -> None:
        """One record action, with the record's pass semantics (DESIGN.md)."""
        seat, act = act_of(d)
        if self.phase in ("claims", "robbing"):
            is_claim = act[0] in CLAIMS and seat in self.to_act()
            if not is_claim:
                self.pass_all()
        self.apply(seat, act)

    def end_of_record(self) -> None:
        self.pass_all()
        if self.phase != "ended":
            raise RefereeError(f"{self.label}: the record stops in mid-hand ({self.phase})")


# ------------------------------------------------------------------------------ a game


class GameRef:
    """Dealership, rounds, scores and game end by RULES.md."""

    def __init__(self, cfg: Config, stats: Stats | None = None) -> None:
        self.cfg = cfg
        self.dealer = 0
        self.round = 0
        self.hands_played = 0
        self.scores = [cfg.start_points] * cfg.players
        self.over = False
        self.stats = stats if stats is not None else Stats()
        self.history: list[HandRef] = []

    def start(self, wall: list[int]) -> HandRef:
        if self.over:
            raise RefereeError(f"hand {self.hands_played}: the game is already over")
        label = f"hand {self.hands_played} (dealer {self.dealer}, round {self.round})"
        return HandRef(self.cfg, wall, self.dealer, self.round, label)

    def finish(self, h: HandRef) -> None:
        assert h.phase == "ended"
        self.history.append(h)
        self.stats.hands += 1
        if h.result == "win":
            self.stats.wins += 1
            for w in h.wins:
                self.stats.specials.update(p for p in w.patterns if p in (
                    "robbing_the_kong", "after_a_kong", "last_tile", "blessing_of_heaven",
                    "blessing_of_earth", "consecutive_kongs", "thirteen_orphans"))
                if h.cfg.pao and h.liable[w.seat] is not None:
                    self.stats.specials["pao-liable-winner"] += 1
        else:
            self.stats.draws += 1
        assert sum(h.deltas) == 0, h.deltas
        self.scores = [a + b for a, b in zip(self.scores, h.deltas, strict=True)]
        self.hands_played += 1
        cfg = self.cfg
        repeat = h.result == "draw" or any(w.seat == self.dealer for w in h.wins)
        if cfg.point_limit is not None and any(
                s - cfg.start_points >= cfg.point_limit for s in self.scores):
            self.over = True
            self.stats.specials["game end: point limit"] += 1
        elif cfg.max_hands is not None and self.hands_played >= cfg.max_hands:
            self.over = True
            self.stats.specials["game end: max_hands"] += 1
        if self.over:
            return
        self.stats.specials["dealer repeats" if repeat else "deal passes"] += 1
        if not repeat:
            self.dealer = (self.dealer + 1) % cfg.players
            if self.dealer == 0:
                self.round += 1
                if self.round >= cfg.rounds:
                    self.over = True
                    self.stats.specials["game end: last round"] += 1

    def check_record(self, record: dict[str, Any]) -> list[HandRef]:
        """Walk a whole record; raises RefereeError at the first thing that cannot be."""
        assert record["format"] == "tingpai-record/1"
        assert record["rules"] == self.cfg.rid
        assert "start" not in record, "the referee walks new games only"
        for hr in record["hands"]:
            h = self.start(parse_tiles(hr["wall"]))
            for d in hr["actions"]:
                h.feed(d)
                self.stats.actions += 1
                if d["do"] not in ("discard", "pass"):
                    self.stats.claims[d["do"]] += 1
            h.end_of_record()
            self.finish(h)
            self.stats.specials.update(h.events)
        if not self.over:
            raise RefereeError(f"the record ends after {self.hands_played} hands but the "
                               f"game is not over (dealer {self.dealer}, round {self.round})")
        self.stats.games += 1
        return self.history

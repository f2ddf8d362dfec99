"""The Hu Mahjong audits' kit: ``tingpai score --json`` and ``tingpai replay --json`` run
in-process, and hand-built walls with their scripts (DESIGN.md "Dealing": the dealer takes
wall[0:13], the next seat in turn wall[13:26], ...; then the dealer draws; draws come from the
head, replacement tiles from the tail, last tile first).

Tiles: m characters, p dots, s bamboo, 1z..7z = E S W N White Green Red, 1f..8f bonus.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
import sys
import tempfile
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tingpai.cli import main

TINGPAI = str(Path(sys.executable).with_name("tingpai"))
PLAYERS = {"hu-4p": 4, "hu-3p": 3, "hu-2p": 2}
START = {"hu-4p": 30000, "hu-3p": 35000, "hu-2p": 40000}


# --------------------------------------------------------------------------------------
# Record kit
# --------------------------------------------------------------------------------------
def tiles(text: str) -> list[str]:
    """'123m4z' -> ['1m', '2m', '3m', '4z']."""
    out: list[str] = []
    for digits, suit in re.findall(r"(\d+)([mpszf])", text.replace(" ", "")):
        out.extend(d + suit for d in digits)
    return out


def full_set() -> Counter[str]:
    c: Counter[str] = Counter()
    for suit in "mps":
        for n in range(1, 10):
            c[f"{n}{suit}"] = 4
    for n in range(1, 8):
        c[f"{n}z"] = 4
    for n in range(1, 9):
        c[f"{n}f"] = 1
    return c


SIMPLE_KINDS = [f"{k}{s}" for k in (2, 3, 4, 5, 6, 7, 8) for s in "mps"]
TERM_KINDS = [f"{k}{s}" for k in (1, 9) for s in "mps"] + [f"{k}z" for k in range(1, 8)]


class Deal:
    """One hand's wall, built alongside its script.

    ``hands`` are the 13-tile hands by seat; ``tail`` the replacement tiles in the order
    they are drawn (the wall's last tile first).  ``draw``/``cut`` take head draws in
    order; ``avoid`` tiles are never used as filler.
    """

    def __init__(self, hands: dict[int, str], tail: str = "", players: int = 4,
                 dealer: int = 0, avoid: str = "", flowers: bool = True) -> None:
        self.players, self.dealer = players, dealer
        self.pool = full_set()
        if not flowers:
            for n in range(1, 9):
                del self.pool[f"{n}f"]
        self.size = sum(self.pool.values())
        self.order = [(dealer + i) % players for i in range(players)]
        assert sorted(hands) == sorted(self.order), "give every seat's hand"
        self.hands = {s: tiles(h) for s, h in hands.items()}
        self.tail = tiles(tail)
        for t in [*(t for h in self.hands.values() for t in h), *self.tail]:
            self.take(t)
        for s, h in self.hands.items():
            # a short hand is topped up with honours (one of a kind each: far from ready)
            for k in TERM_KINDS[6:] + TERM_KINDS[:6]:
                if len(h) >= 13:
                    break
                if k not in h and self.pool[k] > 0:
                    h.append(self.take(k))
            assert len(h) == 13, (s, h)
        self.avoid = set(tiles(avoid))
        self.draws: list[str] = []
        self.actions: list[dict[str, Any]] = []
        self.ponds: Counter[int] = Counter()
        self._cycle = {"simple": 0, "term": 0}

    def take(self, t: str) -> str:
        self.pool[t] -= 1
        assert self.pool[t] >= 0, f"too many {t}"
        return t

    def filler(self, kind: str = "simple") -> str:
        """A filler tile of ``kind`` (cycling kinds), else of the other kind."""
        for k2 in (kind, "term" if kind == "simple" else "simple"):
            kinds = SIMPLE_KINDS if k2 == "simple" else TERM_KINDS
            for _ in range(len(kinds)):
                k = kinds[self._cycle[k2] % len(kinds)]
                self._cycle[k2] += 1
                if self.pool[k] > 0 and k not in self.avoid:
                    return self.take(k)
        raise AssertionError("no filler left")

    def draw(self, tile: str | None = None, kind: str = "simple") -> str:
        t = self.take(tile) if tile else self.filler(kind)
        self.draws.append(t)
        return t

    def cut(self, seat: int, tile: str | None = None, kind: str = "simple") -> str:
        """``seat`` draws (``tile`` or a filler) and discards what it drew."""
        t = self.draw(tile, kind)
        self.discard(seat, t)
        return t

    def discard(self, seat: int, tile: str) -> None:
        self.actions.append(A(seat, "discard", tile))
        self.ponds[seat] += 1

    def do(self, *actions: dict[str, Any]) -> None:
        self.actions.extend(actions)

    def next_seat(self, seat: int) -> int:
        return (seat + 1) % self.players

    def run(self, seat: int, stop: Callable[[int, Counter[int]], bool],
            kind: Callable[[int], str] = lambda s: "simple") -> int:
        """Seats cut in turn from ``seat`` until ``stop(seat, ponds)``; the seat to act."""
        while not stop(seat, self.ponds):
            self.cut(seat, kind=kind(seat))
            seat = self.next_seat(seat)
        return seat

    @property
    def wall(self) -> str:
        rest = sorted((t for t in self.pool.elements() if not t.endswith("f")),
                      key=lambda t: (t[1], int(t[0])))
        flowers = [t for t in self.pool.elements() if t.endswith("f")]
        deal = [t for s in self.order for t in self.hands[s]]
        wall = deal + self.draws + rest + flowers + list(reversed(self.tail))
        assert len(wall) == self.size, len(wall)
        return "".join(wall)

    def hand(self) -> dict[str, Any]:
        return {"wall": self.wall, "actions": list(self.actions)}


def A(seat: int, do: str, tile: str | None = None, tiles_: str | None = None) -> dict[str, Any]:
    a: dict[str, Any] = {"seat": seat, "do": do}
    if tile is not None:
        a["tile"] = tile
    if tiles_ is not None:
        a["tiles"] = tiles_
    return a


def record(hands: list[dict[str, Any]], rules: str = "hu-4p",
           start: dict[str, Any] | None = None, options: dict[str, Any] | None = None
           ) -> dict[str, Any]:
    rec: dict[str, Any] = {"format": "tingpai-record/1", "rules": rules,
                           "options": options or {}, "hands": hands}
    if start is not None:
        rec["start"] = start
    return rec


def replay(rec: dict[str, Any], *extra: str) -> tuple[int, dict[str, Any]]:
    """Run ``tingpai replay FILE --json`` in-process (the console script's entry point)."""
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(rec, f)
        path = f.name
    out = io.StringIO()
    try:
        with contextlib.redirect_stdout(out):
            status = main(["replay", path, "--json", *extra])
    finally:
        Path(path).unlink()
    result: dict[str, Any] = json.loads(out.getvalue())
    return status, result


def ok(rec: dict[str, Any]) -> dict[str, Any]:
    status, out = replay(rec)
    assert status == 0, out
    return out


def illegal(rec: dict[str, Any]) -> dict[str, Any]:
    status, out = replay(rec)
    assert status == 2, out
    assert {"error", "hand", "action"} <= set(out), out
    return out


# A patternless far-from-ready filler hand and a few ready hands used below.
FAR = "159m 26p 37s 1234z 56z"            # 13 tiles, no pairs, far from ready
FAR2 = "159p 26s 37m 1234z 57z"
FAR3 = "159s 26m 37p 1234z 67z"
# far hands without winds (for walls that need the winds elsewhere)
NW1 = "147m 258p 369s 567z 1p"
NW2 = "258m 369p 147s 567z 4p"
NW3 = "369m 147p 258s 567z 9p"


def scores_after(deltas: list[int], rules: str = "hu-4p") -> list[int]:
    return [START[rules] + d for d in deltas]


READY_14S = "123m456p789s23s55s"      # waits 1s / 4s, All Sequences either way
READY_3C = "234m234p234s56s88m"       # waits 4s (3-colour + simples) / 7s (simples + seq.)


# --------------------------------------------------------------------------------------
# Score kit
# --------------------------------------------------------------------------------------
BASE: dict[str, Any] = {
    "rules": "hu-4p", "options": {}, "melds": [], "win": "discard",
    "seat_wind": "S", "round_wind": "E", "flowers": "",
}


def run_score(payload: dict[str, Any] | str) -> tuple[int, dict[str, Any]]:
    """Run ``tingpai score --json`` in-process (same entry point as the console script)."""
    text = payload if isinstance(payload, str) else json.dumps(payload)
    out = io.StringIO()
    old_stdin = sys.stdin
    sys.stdin = io.StringIO(text)
    try:
        with contextlib.redirect_stdout(out):
            status = main(["score", "--json"])
    finally:
        sys.stdin = old_stdin
    result: dict[str, Any] = json.loads(out.getvalue())
    return status, result


def score(**fields: Any) -> dict[str, Any]:
    """Score ``fields`` over the defaults of ``BASE`` (a South discard win at hu-4p)."""
    status, out = run_score({**BASE, **fields})
    assert status == 0, out
    return out


def names(out: dict[str, Any]) -> set[str]:
    return {p["name"] for p in out["patterns"]}


def case(cid: str, fields: dict[str, Any], total: int, pats: set[str] | None,
         payments: dict[str, int] | None = None, xfail: str | None = None) -> Any:
    """One table row: the hand, its total, its pattern names and payments (None: unchecked)."""
    marks = [pytest.mark.xfail(strict=True, reason=f"AUDIT: {xfail}")] if xfail else []
    return pytest.param(fields, total, pats, payments, id=cid, marks=marks)


def check_case(fields: dict[str, Any], total: int, pats: set[str] | None,
               payments: dict[str, int] | None) -> None:
    """Assert that ``fields`` is a valid win scoring ``total`` with ``pats`` and ``payments``."""
    out = score(**fields)
    assert out["valid"] is True, out
    got = (out["total"], names(out) if pats is not None else None,
           out["payments"] if payments is not None else None)
    assert got == (total, pats, payments), out

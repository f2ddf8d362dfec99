"""A hand set up to reach the moments a player audit looks at: a Hu table (4 players) with a
wall laid out so that the player (seat 0, the dealer) holds a flower, pungs two dragons and 2p
off seat 1, is offered three ways to chow 5m from seat 3, draws again and wins on seat 1's
discard of 6m.

The other three seats are people playing through the websocket the simplest way there is:
they take the tile they draw and throw it, and pass every claim (:class:`ScriptedSeats`).
The wall is the table's (the server's ``table_wall`` is swapped for :func:`scenario_wall`
while the table is dealt), so the page sees an ordinary table.

The player's moves, in order:

1. the dealer's turn: declare the flower ``1f`` (the replacement is ``4z``), discard ``1z``;
2. seat 1 throws ``5z``, ``6z``, ``2p`` in its next three turns: pung each, then discard
   ``2z``, ``3z``, ``4z``;
3. seat 1 throws ``1s``, seat 2 ``9s``, seat 3 ``5m``: chow (``345m``, ``456m`` or
   ``567m``), here ``345m``, then discard ``7m`` (ready on ``6m``);
4. seats 1-3 throw ``2s``, ``8s``, ``1p``; the player draws ``9p`` and discards it;
5. seat 1 throws ``6m``: win.
"""

from __future__ import annotations

import asyncio
import json
import random
import threading
import time
import urllib.request
from collections import Counter
from typing import Any

import tingpai
from tingpai.engine.wall import full_set
from tingpai.tiles import parse_tile

MINE = ["5z", "5z", "6z", "6z", "2p", "2p", "3m", "4m", "6m", "7m", "2z", "3z", "1f"]
"""The dealer's 13 dealt tiles."""
DRAWS = ["1z", "5z", "6z", "2p", "1s", "9s", "5m", "2s", "8s", "1p", "9p", "6m"]
"""The draws from the head of the wall after the deal, in order (the dealer's first)."""
REPLACEMENT = "4z"
"""The last tile of the wall: the dealer's replacement for its flower."""
CHOWS = ["345m", "456m", "567m"]


def scenario_wall(rules: str = "hu-4p") -> list[int]:
    """The wall of the scenario: every tile of the set, in draw order."""
    ruleset = tingpai.find_ruleset(rules)
    left = Counter(full_set(ruleset))
    fixed_head = [parse_tile(t) for t in MINE]
    draws = [parse_tile(t) for t in DRAWS]
    tail = parse_tile(REPLACEMENT)
    for t in (*fixed_head, *draws, tail):
        left[t] -= 1
        assert left[t] >= 0, t
    rest = sorted(left.elements())
    random.Random(7).shuffle(rest)
    bonus = [t for t in rest if t >= 34]
    plain = [t for t in rest if t < 34]
    # The other seats' hands (39 tiles) hold no flower, so nobody declares one and the
    # tail stays as laid out; the flowers lie deep in the wall, never reached.
    others, after = plain[:39], plain[39:]
    wall = fixed_head + others + draws + after[:10] + bonus + after[10:] + [tail]
    assert Counter(wall) == Counter(full_set(ruleset))
    return wall


def take_seat(url: str, table_id: str, seat: int, name: str) -> str:
    """Take an open seat over HTTP; its token."""
    request = urllib.request.Request(
        f"{url}/api/tables/{table_id}/seats/{seat}", method="POST",
        data=json.dumps({"name": name}).encode(), headers={"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return str(json.load(answer)["token"])


def _scripted_action(legal: list[dict[str, Any]], drawn: str | None) -> dict[str, Any]:
    """Pass every claim; otherwise throw the drawn tile (a flower: declare it)."""
    by_kind = {a["do"]: a for a in legal}
    if "pass" in by_kind:
        return by_kind["pass"]
    if "flower" in by_kind:
        return by_kind["flower"]
    for action in legal:
        if action["do"] == "discard" and action.get("tile") == drawn:
            return action
    return next(a for a in legal if a["do"] == "discard")


class ScriptedSeats:
    """Seats played over the websocket in a background thread: each throws what it draws
    and passes every claim (see the module docstring)."""

    def __init__(self, url: str, table_id: str, seats: list[int]) -> None:
        self.url = url
        self.table_id = table_id
        self.tokens = [take_seat(url, table_id, s, f"Script {s + 1}") for s in seats]
        self._stop = threading.Event()
        self._thread = threading.Thread(target=lambda: asyncio.run(self._main()), daemon=True)
        self.errors: list[str] = []

    def __enter__(self) -> ScriptedSeats:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join(timeout=10)

    async def _main(self) -> None:
        await asyncio.gather(*(self._play(token) for token in self.tokens))

    async def _play(self, token: str) -> None:
        from websockets.asyncio.client import connect

        from tingpai.server.client import ws_url

        async with connect(ws_url(self.url, self.table_id, token), max_size=1 << 22) as ws:
            while not self._stop.is_set():
                try:
                    message = json.loads(await asyncio.wait_for(ws.recv(), 0.2))
                except TimeoutError:
                    continue
                if message["type"] == "view" and message["legal"]:
                    view = message["view"]
                    action = _scripted_action(message["legal"], view.get("drawn"))
                    await ws.send(json.dumps({"type": "act", "seq": message["seq"],
                                              "action": action}))
                elif message["type"] == "error":
                    self.errors.append(message["error"])


def wait_for(predicate: Any, timeout: float = 15.0, what: str = "condition") -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.05)

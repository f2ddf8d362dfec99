"""The end of a hand told in full: what the end-of-hand panels of the terminal game, the
browser table and the replay viewer show.

:func:`hand_summary` reads a finished :class:`~tingpai.engine.hand.Hand` and returns a
JSON-ready dict: every seat's tiles (all hands are shown once a hand is over), each winner's
hand with its melds and winning tile, the scored patterns (English, Chinese, pinyin,
value), the superseded ones, the cap or limit, and every payment with its reason, then the
scores before and after.  It reads only the hand's public state after the end, so it adds
nothing a replay of the record would not show.

Payment reasons (``payments[].why``): ``discarder`` (the discarder pays a discard win),
``robbing_kong`` (the player whose added kong was robbed), ``self_draw`` (each loser of a
self-draw), ``other_loser`` (a fan-laak loser who did not discard), ``pao`` (a liable player
paying alone: Hong Kong's fourth-meld or dragon liability), ``eight_immortals`` and
``terminal_discards`` (Hu's special wins, paid as the engine settles them), ``ready`` (a seat
not ready at exhaustive draw paying a ready one) and ``penalty`` (a host's heavy penalty).
"""

from __future__ import annotations

from typing import Any

from tingpai.engine.actions import Action, ActionKind
from tingpai.engine.hand import Hand
from tingpai.engine.results import Phase, Winner
from tingpai.rules.base import RuleError, WinKind
from tingpai.rules.pattern import Pattern
from tingpai.tiles import NUM_TILE_IDS, tile_to_str, tiles_to_str, wind_to_str


def _tiles(counts: list[int], leave_out: int | None = None) -> str:
    """A 42-count array as sorted notation, one copy of ``leave_out`` removed."""
    tiles = [t for t in range(NUM_TILE_IDS) for _ in range(counts[t])]
    if leave_out is not None and leave_out in tiles:
        tiles.remove(leave_out)
    return tiles_to_str(tiles)


def _why(winner: Winner, loser: int, losers: int, players: int) -> str:
    """The reason ``loser`` pays ``winner`` (see the module docstring)."""
    kind = winner.kind
    if kind in (WinKind.EIGHT_IMMORTALS, WinKind.TERMINAL_DISCARDS):
        return str(kind.value).replace("-", "_")
    if winner.payer is None:
        return "pao" if losers == 1 and players > 2 else "self_draw"
    if loser == winner.payer:
        return "robbing_kong" if kind is WinKind.ROBBING_KONG else "discarder"
    return "pao" if losers == 1 else "other_loser"


def winner_summary(hand: Hand, winner: Winner) -> dict[str, Any]:
    """One winner: the hand, melds and winning tile, and the score in full."""
    sc = winner.score
    seat = winner.seat
    counts = hand.concealed(seat)
    # On a self-draw the winning tile is among the concealed ones; show it apart.
    own_tile = winner.payer is None and winner.win_tile is not None
    out: dict[str, Any] = {
        "seat": seat,
        "win": winner.kind.value,
        "tile": None if winner.win_tile is None else tile_to_str(winner.win_tile),
        "from": winner.payer,
        "hand": _tiles(counts, winner.win_tile if own_tile else None),
        "melds": [m.to_str() for m in hand.melds(seat)],
        "flowers": tiles_to_str(hand.flowers(seat), sort=False),
        "total": sc.total,
        "unit": sc.unit.value,
        "subtotal": sc.subtotal,
        "capped": sc.capped,
        "limit": sc.limit,
        "cap": hand.ruleset.options.max_value,
        "patterns": [p.to_json() for p in sc.patterns],
        "bonuses": [p.to_json() for p in sc.bonuses],
        "superseded": [
            {"id": s.id, "name": s.name, "by": s.by, "count": s.count} for s in sc.superseded
        ],
        "groups": list(sc.decomposition),
        "payments": sc.payments.as_dict(),
        "deltas": list(winner.deltas),
    }
    for item in (*out["patterns"], *out["bonuses"]):
        pattern = _pattern(hand, item["id"])
        item["limit"] = bool(pattern is not None and pattern.limit)
    for item in out["superseded"]:
        pattern, by = _pattern(hand, item["id"]), _pattern(hand, item["by"])
        if pattern is not None:
            item.update(chinese=pattern.chinese, pinyin=pattern.pinyin)
        if by is not None:
            item.update(by_name=by.name, by_chinese=by.chinese)
    return out


def _pattern(hand: Hand, pattern_id: str) -> Pattern | None:
    """The ruleset's pattern of this id, or None (bonuses such as dealer repeats may have
    no definition)."""
    try:
        return hand.ruleset.pattern(pattern_id)
    except RuleError:
        return None


def hand_summary(hand: Hand, *, reveal: bool = True) -> dict[str, Any]:
    """The end of a finished hand as JSON (see the module docstring).

    ``seats[].hand`` holds every seat's concealed tiles; without ``reveal`` only the
    winners' and, at an exhaustive draw, the ready seats' (the hands a table shows at the
    end of a hand); the others are None.

    >>> import random, tingpai
    >>> hand = tingpai.Hand("hk-2p", seed=4)
    >>> bot = tingpai.find_bot("greedy", random.Random(1))
    >>> while not hand.is_over:
    ...     hand.apply(bot.act(hand.observe(hand.to_act()[0])))
    >>> summary = hand_summary(hand)
    >>> sum(summary["deltas"]), len(summary["seats"])
    (0, 2)
    >>> all(p["amount"] > 0 for p in summary["payments"])
    True
    """
    result = hand.result
    if result is None:
        raise ValueError("the hand is not over")
    n = hand.players
    view = hand.observe(0)
    winners = [winner_summary(hand, w) for w in result.winners]
    payments: list[dict[str, Any]] = []
    for w in result.winners:
        losers = [s for s in range(n) if w.deltas[s] < 0]
        for s in losers:
            payments.append({"from": s, "to": w.seat, "amount": -w.deltas[s],
                             "why": _why(w, s, len(losers), n)})
    if not result.winners and result.ready is not None and any(result.deltas):
        pay = hand.ruleset.options.ready_payment
        for s in range(n):
            if result.ready[s]:
                for o in range(n):
                    if not result.ready[o]:
                        payments.append({"from": o, "to": s, "amount": pay, "why": "ready"})
    penalties = [a.seat for a in hand.history if a.kind is ActionKind.PENALTY]
    shown = [bool(result.ready and result.ready[s]) or s in result.winner_seats
             for s in range(n)]
    before = [after - delta for after, delta in zip(hand.scores, hand.deltas, strict=True)]
    return {
        "end": result.end.value,
        "exhaustive": result.exhaustive,
        "dealer": result.dealer,
        "round_wind": wind_to_str(hand.round_wind),
        "repeats": hand.repeats,
        "unit": hand.ruleset.unit.value,
        "minimum": hand.ruleset.options.min_value,
        "winners": winners,
        "payments": payments,
        "penalties": penalties,
        "ready": None if result.ready is None else list(result.ready),
        "seats": [
            {
                "seat": s,
                "wind": wind_to_str(view.seat_winds[s]),
                "hand": _tiles(hand.concealed(s)) if reveal or shown[s] else None,
                "melds": [m.to_str() for m in hand.melds(s)],
                "flowers": tiles_to_str(hand.flowers(s), sort=False),
            }
            for s in range(n)
        ],
        "deltas": list(hand.deltas),
        "scores_before": before,
        "scores": list(hand.scores),
    }


def hand_steps(hand: Hand) -> list[dict[str, Any]]:
    """Every visible step of a played hand, from the deal to its end, with every seat's
    tiles: what the replay viewer shows.

    The hand is played again from its wall and :attr:`Hand.history` (passes are applied but
    make no step of their own, except the one that ends the hand at an exhaustive draw).
    A chow, pung or kong claimed while other seats have still to answer makes its step when
    the claim window closes and it takes effect, so the step shows the meld made (a claim
    a higher one overrides makes none).  Each step is
    ``{"action", "table", "hands", "drawn"}``: the action that led to it (record notation;
    None for the deal), the public table as in
    :meth:`Observation.to_json` with ``public``, and per seat the concealed tiles and the
    tile it has just drawn (or None).

    >>> import random, tingpai
    >>> hand = tingpai.Hand("hu-2p", seed=2)
    >>> bot = tingpai.find_bot("greedy", random.Random(1))
    >>> while not hand.is_over:
    ...     hand.apply(bot.act(hand.observe(hand.to_act()[0])))
    >>> steps = hand_steps(hand)
    >>> steps[0]["action"] is None, steps[-1]["table"]["phase"]
    (True, 'ended')
    """
    start = [after - delta for after, delta in zip(hand.scores, hand.deltas, strict=True)]
    again = Hand(hand.ruleset, hand.wall, dealer=hand.dealer, round_wind=hand.round_wind,
                 repeats=hand.repeats, scores=start)
    steps = [_step(again, None)]
    claims: list[Action] = []  # meld claims made in the open claim window
    melds = [0] * again.players  # each seat's melds when the window opened
    for action in hand.history:
        window = again.phase is Phase.CLAIMS
        if window and not claims:
            melds = [len(again.melds(s)) for s in range(again.players)]
        if action.kind is ActionKind.PENALTY:
            again.penalize(action.seat)
        else:
            again.apply(action)
        if window and not again.is_over and (
            action.kind is ActionKind.PASS or action.kind in _MELD_CLAIMS
        ):
            if action.kind in _MELD_CLAIMS:
                claims.append(action)
            if again.phase is Phase.CLAIMS:
                continue  # answers still to come: the table shows no meld yet
            taken = [c for c in claims if len(again.melds(c.seat)) > melds[c.seat]]
            claims = []
            if taken:
                steps.append(_step(again, taken[0].to_dict()))
            continue
        if action.kind is not ActionKind.PASS or again.is_over:
            steps.append(_step(again, action.to_dict()))
    return steps


_MELD_CLAIMS = frozenset({ActionKind.CHOW, ActionKind.PUNG, ActionKind.KONG})


def _step(hand: Hand, action: dict[str, Any] | None) -> dict[str, Any]:
    views = [hand.observe(s) for s in range(hand.players)]
    return {
        "action": action,
        "table": views[0].to_json(public=True),
        "hands": [_tiles(hand.concealed(s)) for s in range(hand.players)],
        "drawn": [None if v.drawn is None else tile_to_str(v.drawn) for v in views],
    }

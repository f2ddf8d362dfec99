"""``tingpai replay RECORD [--json]``: replay a game record and print what happened.

Human form: one line per hand, numbered from 1 as ``tingpai play`` numbers them (winners
with their patterns and bonuses, or the draw), the hand's deltas, then the final scores.
(Errors point into the record with its 0-based indexes, as the JSON's ``hand`` and
``action`` do.)
A ``--partial`` record that stops on a discard (added kong, flower) not yet answered shows
the seats still to answer it.  ``--json`` prints
``{"hands": [{"result", "winners", "deltas"}, ...], "scores": [...]}`` (DESIGN.md), plus
``net`` (points won or lost), ``money`` (net × stake), ``over`` and ``winner``.

Errors exit with status 2: an illegal action prints ``{"error": ..., "hand": h,
"action": k}`` (the error names the rule broken); an unreadable or malformed record prints
``{"error": ...}`` (plus ``hand`` when the problem is in one hand).  Each message is one
line of at most 300 characters.  ``RECORD`` may be ``-`` for standard input.  A record is
read only up to its bound (16 million characters, :mod:`tingpai.inputs`), so a huge file
costs neither time nor memory before it is refused.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from tingpai.engine.errors import RecordError, ReplayError
from tingpai.engine.record import HandReplay, ReplayResult, replay
from tingpai.inputs import MAX_RECORD_TEXT, one_line
from tingpai.scoring import PatternScore
from tingpai.tiles import tile_to_str


def register(subparsers: Any) -> None:
    """Add the ``replay`` subcommand."""
    p = subparsers.add_parser(
        "replay",
        help="replay a game record (tingpai-record/1) and print each hand's result",
        description=__doc__.split("\n\n")[0] if __doc__ else None,
    )
    p.add_argument("record", help="record file (JSON), or - for standard input")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument(
        "--partial",
        action="store_true",
        help="accept a last hand that stops before its end (a game in progress)",
    )
    p.set_defaults(func=run)


def _fail(args: argparse.Namespace, payload: dict[str, Any]) -> int:
    payload["error"] = one_line(str(payload["error"]))
    if args.json:
        print(json.dumps(payload))
    else:
        # Where, as the record's indexes (0-based, as the JSON's "hand" and "action" and
        # the engine's own messages count them): it points into the file.
        where = ""
        if payload.get("hand") is not None:
            where = f"hand {payload['hand']}"
            if payload.get("action") is not None:
                where += f", action {payload['action']}"
            where += ": "
        print(f"error: {where}{payload['error']}", file=sys.stderr)
    return 2


def run(args: argparse.Namespace) -> int:
    """Replay the record; exit 0, or 2 on an unreadable record or an illegal action."""
    try:
        if args.record == "-":
            if sys.stdin is None:  # started with standard input closed
                raise OSError("standard input is closed")
            text = sys.stdin.read(MAX_RECORD_TEXT + 1)
        else:
            with open(args.record, encoding="utf-8-sig") as fh:
                text = fh.read(MAX_RECORD_TEXT + 1)
    except (OSError, UnicodeDecodeError) as exc:
        return _fail(args, {"error": f"cannot read {args.record}: {exc}"})
    try:
        result = replay(text, partial=args.partial)
    except ReplayError as exc:
        hint = " (pass --partial to replay a game in progress)" if exc.in_progress else ""
        return _fail(args, {"error": f"{exc}{hint}", "hand": exc.hand, "action": exc.action})
    except RecordError as exc:
        payload: dict[str, Any] = {"error": str(exc)}
        if exc.hand is not None:
            payload["hand"] = exc.hand
        return _fail(args, payload)
    except (ValueError, RecursionError) as exc:  # last resort: never a traceback
        return _fail(args, {"error": f"cannot replay the record: {exc}"})
    if args.json:
        print(json.dumps(result.to_json()))
    else:
        print(_human(result))
    return 0


def _named(p: PatternScore) -> str:
    """``Flower Tile ×2 200``: a counted pattern or bonus with its value."""
    return f"{p.label} {p.value}"


def _seats(seats: Sequence[int]) -> str:
    """``seat 2`` or ``seats 1, 3``."""
    return ("seat " if len(seats) == 1 else "seats ") + ", ".join(str(s) for s in seats)


def _unanswered(hr: HandReplay) -> str:
    """``seat 2 has not answered seat 1's discard 6m``: the answers a partial record's
    last hand stops before (empty when it stops elsewhere)."""
    offer = hr.offer
    if not hr.waiting or offer is None or offer.tile is None:
        return ""
    what = {"akong": "added kong", "flower": "flower"}.get(offer.kind.value, "discard")
    verb = "has" if len(hr.waiting) == 1 else "have"
    return (f"{_seats(hr.waiting)} {verb} not answered seat {offer.seat}'s {what} "
            f"{tile_to_str(offer.tile)}")


def _human(result: ReplayResult) -> str:
    lines: list[str] = []
    for i, hr in enumerate(result.hands, start=1):
        r = hr.result
        deltas = " ".join(f"{d:+d}" for d in hr.deltas)
        pending = _unanswered(hr)
        if r is None:
            where = pending or (f"{_seats(hr.to_act)} to act" if hr.to_act else "")
            lines.append(f"hand {i}: unfinished{', ' + where if where else ''}  [{deltas}]")
            continue
        if not r.winners:
            ready = ""
            if r.ready is not None:
                ready = " ready: " + (
                    ", ".join(str(s) for s, ok in enumerate(r.ready) if ok) or "none"
                )
            lines.append(f"hand {i}: exhaustive draw (dealer {r.dealer}){ready}  [{deltas}]")
            continue
        lines.append(f"hand {i}: (dealer {r.dealer})  [{deltas}]")
        for w in r.winners:
            how = w.kind.value
            if w.win_tile is not None:
                how += f" on {tile_to_str(w.win_tile)}"
            if w.payer is not None:
                how += f" from seat {w.payer}"
            # the bonuses (Hu: dealer repeats) too, so the values add up to the total
            sc = w.score
            pats = ", ".join(_named(p) for p in sc.patterns)
            if sc.capped:
                cap = sc.total - sum(b.value for b in sc.bonuses)
                pats += f" = {sc.subtotal}, capped at {cap}"
            if sc.bonuses:
                pats += ("; " if sc.capped else ", ") + ", ".join(_named(b) for b in sc.bonuses)
            unit = w.score.unit.value  # Hu base points, Hong Kong fan
            lines.append(f"  seat {w.seat} wins by {how}: {w.score.total} {unit} ({pats})")
        if pending:  # the record stops there; its silence was read as passes
            lines.append(f"  (the record stops before: {pending}; read as passes)")
    scores = " ".join(str(s) for s in result.scores)
    status = "final" if result.game.over else "so far"
    lines.append(f"scores ({status}): {scores}")
    if result.game.over:
        lines.append(f"winner: seat {result.game.winner}")
        net = " ".join(f"{x:+d}" for x in result.game.net)
        money = " ".join(f"{x:+d}" for x in result.game.money)
        lines.append(f"net points: {net}  money: {money}")
    return "\n".join(lines)

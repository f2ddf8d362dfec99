"""``tingpai bot-client``: take a seat over the websocket protocol and play it with a bot.

The second program that speaks the protocol (docs/protocol.md), and the example for
outside bots: ``tingpai.server.client`` is short.  Prints one JSON summary line at the end.

Exit status: 0 when the game was played to its end; 1 when it was not (the connection was
lost for good after the seat had been reached, the summary says so); 2 with one ``error:``
line on stderr for what trying again cannot mend: a bad URL, a server not reached within
a few seconds of starting, an unknown table (close code 4404), a token that holds no seat
(4403), a seat that cannot be taken.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from typing import Any

CONNECT_FOR = 5.0
"""Seconds to keep trying a server that cannot be reached before the seat was ever reached
(one still starting); afterwards a lost connection is tried again for 30 seconds."""


def register(sub: Any) -> None:
    """Add the ``bot-client`` subcommand."""
    p = sub.add_parser(
        "bot-client", help="play a server seat with a bot over the protocol",
        description="Take a seat of a server's table (or use its --token) and play it with a "
                    "bot to the game's end; reconnects through server restarts.  Exits 2 with "
                    f"one error line for a bad URL, a server not reached within {CONNECT_FOR:g} "
                    "seconds, an unknown table or a token that holds no seat.")
    p.add_argument("--url", required=True, help="the server, e.g. http://127.0.0.1:8000")
    p.add_argument("--table", required=True, help="table id")
    p.add_argument("--seat", type=int, required=True, help="seat number")
    p.add_argument("--bot", default="greedy", help="bot level (default greedy)")
    p.add_argument("--token", default=None,
                   help="the seat's token, if it is already taken (seat 0 of a created table)")
    p.add_argument("--name", default=None, help="the name to sit under")
    p.add_argument("--seed", type=int, default=0, help="the bot's random seed")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Play the seat until the game ends."""
    try:
        from tingpai.bots import bot_names
        from tingpai.server.client import ClientError, play_seat
    except ModuleNotFoundError as exc:
        print(f"bot-client needs the server extra (pip install 'tingpai[server]'): {exc}",
              file=sys.stderr)
        return 2
    if args.bot not in bot_names():
        print(f"error: unknown bot {args.bot!r} (known: {', '.join(bot_names())})",
              file=sys.stderr)
        return 2
    try:
        stats = asyncio.run(play_seat(args.url, args.table, args.seat, args.bot,
                                      token=args.token, name=args.name, seed=args.seed,
                                      connect_for=CONNECT_FOR))
    except ClientError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except (RuntimeError, OSError) as exc:
        print(f"error: bot-client: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(stats.to_json()))
    return 0 if stats.finished else 1

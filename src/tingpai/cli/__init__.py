"""The ``tingpai`` command: one subcommand per module in this package.

Each subcommand module exposes ``register(subparsers)`` which adds its parser and sets
``func`` (``argparse.Namespace -> int`` exit status); to add a subcommand, add its name to
:data:`SUBCOMMANDS`.  Errors the user can fix exit with status 2 and a message that names
what was wrong.  ``tingpai --version`` prints the version; ``python -m tingpai`` is the same
command.  Helpers the subcommands share (``--option``, ``--bots``) are in
:mod:`tingpai.cli.common`.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from tingpai import __version__

SUBCOMMANDS = ("analyze", "score", "rules", "replay", "sim", "arena", "report", "play",
               "serve", "bot_client")
"""Subcommand modules, in help order; a missing module is simply not offered."""


def build_parser() -> argparse.ArgumentParser:
    """The full argument parser with every available subcommand."""
    parser = argparse.ArgumentParser(
        prog="tingpai", description="Pattern-scored Chinese and Hong Kong mahjong."
    )
    parser.add_argument("--version", action="version", version=f"tingpai {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in SUBCOMMANDS:
        try:
            module = importlib.import_module(f"tingpai.cli.{name}_cmd")
        except ModuleNotFoundError as exc:
            if exc.name == f"tingpai.cli.{name}_cmd":
                continue
            raise
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script."""
    parser = build_parser()
    args = parser.parse_args(argv)
    func = getattr(args, "func", None)
    if func is None:
        parser.print_help()
        return 2
    try:
        status: int = func(args)
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        return 130
    return status


if __name__ == "__main__":
    sys.exit(main())

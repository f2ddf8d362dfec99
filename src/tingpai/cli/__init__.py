"""The ``tingpai`` command: one subcommand per module in this package.

Each subcommand module exposes ``register(subparsers)`` which adds its parser and sets
``func`` (``argparse.Namespace -> int`` exit status).  Errors the user can fix exit with
status 2 and a message that names what was wrong.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

SUBCOMMANDS = ("analyze", "score", "replay", "sim", "report", "play", "serve")
"""Subcommand modules, in help order; a missing module is simply not offered."""


def build_parser() -> argparse.ArgumentParser:
    """The full argument parser with every available subcommand."""
    parser = argparse.ArgumentParser(
        prog="tingpai", description="Pattern-scored Chinese and Hong Kong mahjong."
    )
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

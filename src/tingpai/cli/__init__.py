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
import json
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

from rich.console import Console

from tingpai import __version__

SUBCOMMANDS = ("analyze", "score", "rules", "replay", "sim", "arena", "report", "play",
               "serve", "bot_client")
"""Subcommand modules, in help order; a missing module is simply not offered."""


class _Parser(argparse.ArgumentParser):
    """argparse's parser, whose usage errors also go to stdout as ``{"error": ...}`` when the
    command line asks for ``--json``: a tool reading the JSON gets an answer it can parse for
    every exit status 2, a mistyped flag as much as a malformed input."""

    json_errors = False

    def error(self, message: str) -> NoReturn:
        if _Parser.json_errors:
            print(json.dumps({"error": f"{self.prog}: {message}"}))
        super().error(message)


def build_parser() -> argparse.ArgumentParser:
    """The full argument parser with every available subcommand."""
    parser = _Parser(
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


def _broken_pipe(console: Console) -> None:
    """Rich's answer to a reader gone (``tingpai rules | head -1``) is ``SystemExit(1)``: a
    failure to a shell with ``pipefail``.  The output goes nowhere from then on, as rich
    does, and :func:`main` ends with status 0, as the commands that print do."""
    console.quiet = True
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    raise BrokenPipeError


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script."""
    setattr(Console, "on_broken_pipe", _broken_pipe)  # noqa: B010 (a method replaced)
    arguments = list(sys.argv[1:] if argv is None else argv)
    _Parser.json_errors = "--json" in arguments
    parser = build_parser()
    args = parser.parse_args(arguments)
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

"""Seat tokens stay out of the server's logs.

A seat's token rides in the query string (``/ws/tables/ID?token=T``, ``/hint?token=T``),
and uvicorn logs every websocket it accepts and every request with its query string: a
log reader could take any seat.  :func:`redact_tokens` installs a filter on uvicorn's
loggers that writes ``token=…`` instead.

>>> TokenFilter().redact("/ws/tables/abc?token=s3cr-et_&x=1")
'/ws/tables/abc?token=…&x=1'
"""

from __future__ import annotations

import logging
import re

_TOKEN = re.compile(r"(token=)[^&\s\"']+")

LOGGERS = ("uvicorn.access", "uvicorn.error")
"""uvicorn's loggers: requests, and accepted or rejected websockets."""


class TokenFilter(logging.Filter):
    """Rewrites a record's message and arguments with every ``token=`` value hidden."""

    def redact(self, text: str) -> str:
        return _TOKEN.sub(r"\1…", text)

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str) and "token=" in record.msg:
            record.msg = self.redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(
                self.redact(arg) if isinstance(arg, str) and "token=" in arg else arg
                for arg in record.args
            )
        return True


def redact_tokens() -> None:
    """Install :class:`TokenFilter` on uvicorn's loggers (once)."""
    for name in LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(f, TokenFilter) for f in logger.filters):
            logger.addFilter(TokenFilter())

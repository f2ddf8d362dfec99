"""Player names, accounts and seat tokens.

Passwords are hashed with pwdlib's recommended hasher (argon2id); a signed-in account is
remembered in Starlette's signed session cookie (itsdangerous), keyed by the account id.
Seat tokens are random and only their SHA-256 is stored.

Rulings where the issue is silent: account names are 3-24 letters, digits, ``_``, ``-`` or
``.`` and unique ignoring case; passwords are 8-128 characters; a guest name is any 1-24
printable characters (default ``Guest``).
"""

from __future__ import annotations

import hashlib
import re
import secrets

from pwdlib import PasswordHash

ACCOUNT_NAME = re.compile(r"[A-Za-z0-9_.\-]{3,24}")
"""What an account name may be."""
TABLE_ID = re.compile(r"[A-Za-z0-9_\-]{1,32}")
"""What a table id may be (:func:`new_table_id` makes 11 of these characters); anything
else names no table and is not looked up (PostgreSQL text cannot even hold a NUL)."""
PASSWORD_LENGTH = (8, 128)
GUEST_NAME_LENGTH = 24
DEFAULT_GUEST_NAME = "Guest"

_HASHER = PasswordHash.recommended()
_DUMMY: list[str] = []
"""A hash to check unknown names against (made on first use: hashing takes a while)."""


def hash_password(password: str) -> str:
    """The argon2id hash of a password."""
    return _HASHER.hash(password)


def verify_password(password: str, password_hash: str | None) -> bool:
    """Whether ``password`` matches; with no hash (unknown name) a dummy check still runs,
    so the answer takes as long either way."""
    if password_hash is None:
        if not _DUMMY:
            _DUMMY.append(_HASHER.hash("not the password of anyone"))
        _HASHER.verify(password, _DUMMY[0])
        return False
    return _HASHER.verify(password, password_hash)


def check_account_name(name: str) -> str | None:
    """Why ``name`` cannot be an account name, or None when it can."""
    if not ACCOUNT_NAME.fullmatch(name):
        return "an account name is 3-24 letters, digits, '_', '-' or '.'"
    return None


def check_password(password: str) -> str | None:
    """Why ``password`` is not acceptable, or None."""
    low, high = PASSWORD_LENGTH
    if not low <= len(password) <= high:
        return f"a password is {low}-{high} characters"
    return None


def guest_name(name: str | None) -> str:
    """A guest's display name: stripped, control characters refused (ValueError)."""
    if name is None:
        return DEFAULT_GUEST_NAME
    text = " ".join(name.split())
    if not text:
        return DEFAULT_GUEST_NAME
    if len(text) > GUEST_NAME_LENGTH or not text.isprintable():
        raise ValueError(f"a name is 1-{GUEST_NAME_LENGTH} printable characters")
    return text


def random_id(nbytes: int) -> str:
    """A URL-safe random string of ``nbytes`` random bytes that does not start with ``-``
    (so it can follow an option such as ``--token`` or ``--table`` on a command line)."""
    while True:
        text = secrets.token_urlsafe(nbytes)
        if not text.startswith("-"):
            return text


def new_token() -> str:
    """A new seat token (192 random bits)."""
    return random_id(24)


def is_table_id(text: str) -> bool:
    """Whether ``text`` could be a table's id (otherwise it is no table's: 404).

    >>> is_table_id("bBz4jJExmno"), is_table_id("a\\x00b"), is_table_id("x" * 33)
    (True, False, False)
    """
    return TABLE_ID.fullmatch(text) is not None


def new_table_id() -> str:
    """A new table id (64 random bits)."""
    return random_id(8)


def token_hash(token: str) -> str:
    """What is stored of a token."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()

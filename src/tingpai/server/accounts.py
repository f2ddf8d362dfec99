"""Player names, accounts and seat tokens.

Passwords are hashed with pwdlib's recommended hasher (argon2id); a signed-in account is
remembered in Starlette's signed session cookie (itsdangerous), keyed by the account id.
Seat tokens are random and only their SHA-256 is stored.

Rulings where the issue is silent: account names are 3-24 Unicode letters, digits, ``_``,
``-`` or ``.`` after NFKC normalisation (a letter may carry combining marks, so that scripts
written with vowel signs work; a wide character counts as two toward the minimum, so that a
two-character Chinese name is one), unique ignoring case (:func:`account_name_key`); passwords
are 8-128 characters; a guest name is any 1-24 printable characters (default ``Guest``).
"""

from __future__ import annotations

import hashlib
import re
import secrets
import unicodedata

from pwdlib import PasswordHash

ACCOUNT_NAME_LENGTH = (3, 24)
"""Characters in an account name, counted after NFKC normalisation; toward the minimum a
wide character (Chinese, Japanese, Korean) counts as two, so that ``张三`` is a name."""
ACCOUNT_NAME_RULE = "an account name is 3-24 letters, digits, '_', '-' or '.'"
"""The start of every refusal of an account name (the web client matches it)."""
ACCOUNT_NAME_PUNCTUATION = frozenset("_-.")
MAX_MARKS = 3
"""Combining marks one letter may carry (a Thai or Devanagari syllable needs two or three;
more only stacks decorations on a name)."""
INVISIBLE = frozenset(
    [0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180B, 0x180C, 0x180D, 0x180F, 0x3164,
     0xFFA0, *range(0xFE00, 0xFE10), *range(0xE0100, 0xE01F0)]
)
"""Letters and marks that draw nothing (Unicode's default-ignorable code points outside
the format category: Hangul fillers, variation selectors, the grapheme joiner): a name
holding one would look like another account's."""
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


def normalize_account_name(name: str) -> str:
    """An account name as it is checked, stored and looked up: NFKC, so that a
    precomposed ``ë`` and ``e`` + combining diaeresis, or full-width and ASCII letters,
    are one name.

    >>> normalize_account_name("Zoe\u0308") == "Zo\u00eb", normalize_account_name("ＡＢＣ")
    (True, 'ABC')
    """
    return unicodedata.normalize("NFKC", name)


def account_name_key(name: str) -> str:
    """What names are compared by (sign-in, uniqueness, profiles): the normalised name
    case-folded (``str.casefold``; for ASCII the same as lowercasing).

    >>> account_name_key("ANN"), account_name_key("STRASSE") == account_name_key("straße")
    ('ann', True)
    """
    return unicodedata.normalize("NFKC", normalize_account_name(name).casefold())


def _describe_char(char: str) -> str:
    """A character named so a person can find it: its code point and Unicode name."""
    return f"U+{ord(char):04X} ({unicodedata.name(char, 'unnamed').lower()})"


def _unseen_problem(char: str) -> str | None:
    """Why ``char`` is not a visible character a name may hold (a lone surrogate, a
    control, a space, an invisible character), or None."""
    kind = unicodedata.category(char)
    if kind == "Cs":
        return "not valid Unicode text (a lone surrogate)"
    if kind == "Cc":
        return f"{_describe_char(char)} is a control character"
    if kind.startswith("Z") or char.isspace():
        return f"{_describe_char(char)} is a space"
    if kind == "Cf" or ord(char) in INVISIBLE:
        return f"{_describe_char(char)} is an invisible character"
    return None


def check_account_name(name: str) -> str | None:
    """Why ``name`` cannot be an account name, or None when it can: checked as given for
    characters that draw nothing (so the reason names the one that was sent), then
    normalised (:func:`normalize_account_name`) for what it is made of and its length.

    >>> check_account_name("张三") is None, check_account_name("Zoe\u0308") is None
    (True, True)
    >>> print(check_account_name("Ann Lee"))
    an account name is 3-24 letters, digits, '_', '-' or '.': U+0020 (space) is a space
    """
    for char in name:
        problem = _unseen_problem(char)
        if problem is not None:
            return f"{ACCOUNT_NAME_RULE}: {problem}"
    name = normalize_account_name(name)
    low, high = ACCOUNT_NAME_LENGTH
    marks = 0
    for index, char in enumerate(name):
        kind = unicodedata.category(char)
        marks = marks + 1 if kind.startswith("M") else 0
        # normalising can make a space (U+00A8 is a space and a combining diaeresis)
        problem = _unseen_problem(char)
        if problem is None and marks == 1 and (index == 0 or not name[index - 1].isalpha()):
            problem = f"{_describe_char(char)} is a combining mark that follows no letter"
        elif problem is None and marks > MAX_MARKS:
            problem = f"a letter carries at most {MAX_MARKS} combining marks"
        elif problem is None and not (marks or kind.startswith("L") or kind == "Nd"
                                      or char in ACCOUNT_NAME_PUNCTUATION):
            problem = f"{_describe_char(char)} is none of them"
        if problem is not None:
            return f"{ACCOUNT_NAME_RULE}: {problem}"
    if len(name) > high:
        return f"{ACCOUNT_NAME_RULE}: this one has {len(name)} characters (at most {high})"
    if name_width(name) < low:
        plural = "" if len(name) == 1 else "s"
        return (f"{ACCOUNT_NAME_RULE}: this one has {len(name)} character{plural} (at least "
                f"{low}; a wide character, as in 张三, counts as two)")
    return None


def name_width(name: str) -> int:
    """How many narrow characters ``name`` is as wide as: a wide or full-width character
    (East Asian width W or F: Chinese, Japanese, Korean) counts as two.

    >>> name_width("Ann"), name_width("张三")
    (3, 4)
    """
    return sum(2 if unicodedata.east_asian_width(c) in ("W", "F") else 1 for c in name)


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


def new_session_id() -> str:
    """A new session id for the session cookie (192 random bits; only its SHA-256 is
    stored)."""
    return random_id(24)


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

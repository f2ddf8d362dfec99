"""Pydantic models of every message: HTTP bodies and answers, and the websocket messages a
client sends.  Unknown fields are refused everywhere (``extra="forbid"``), so a misspelt
field is an error, not silently ignored."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

MAX_TIMER = 3600.0
"""The longest per-decision timer a table may have, in seconds."""


class Strict(BaseModel):
    """A model that refuses unknown fields."""

    model_config = ConfigDict(extra="forbid")


# --- HTTP -------------------------------------------------------------------------


class CreateTable(Strict):
    """``POST /api/tables``."""

    rules: str = Field(examples=["hu-4p"])
    """A ruleset id or alias; any other text is an unknown id (named with the known ones)."""
    options: dict[str, Any] = Field(default_factory=dict)
    """Ruleset options (``tingpai.rules``), a host payment table inline as an object."""
    seats: list[str] = Field(min_length=2, max_length=4,
                             examples=[["human", "bot:greedy", "bot:greedy", "bot:greedy"]])
    """One entry per seat: ``human`` or ``bot:LEVEL``."""
    timer: float | None = Field(default=None, gt=0, le=MAX_TIMER, strict=True)
    """Seconds per decision (a JSON number: ``"20"`` or ``true`` is refused); null (the
    default): no timer, the table waits."""
    name: str | None = None
    """The creator's name as a guest (a signed-in account plays under its own name); its
    length is checked by the guest-name rule (1-24 printable characters), which names
    itself (the body's size limit bounds it before that)."""
    private: bool = Field(default=False, strict=True)
    """Left out of the lobby list (join by link only); a JSON boolean."""


class CreatedTable(BaseModel):
    """201 answer of ``POST /api/tables``: the creator holds seat 0 (null seat and token
    when seat 0 is a bot: the creator only watches)."""

    table: str
    seat: int | None
    token: str | None


class TakeSeat(Strict):
    """Optional body of ``POST /api/tables/{ID}/seats/{n}``."""

    name: str | None = None
    """The guest name (checked by the guest-name rule, as at ``POST /api/tables``)."""


class TakenSeat(BaseModel):
    """Answer of ``POST /api/tables/{ID}/seats/{n}``."""

    seat: int
    token: str


class Credentials(Strict):
    """Sign-up and sign-in body."""

    name: str
    """Checked by the account-name rule (3-24 letters, ...), which names itself; no
    bound of the schema's own, so a long name is told that rule (and at sign-in, like
    any name no account has, gets ``wrong name or password``)."""
    password: str
    """Checked by the password rule (8-128 characters) at sign-up."""


class Account(BaseModel):
    """An account as others may see it."""

    name: str
    created_at: str


class Me(BaseModel):
    """``GET /api/me``: the signed-in account, or null for a guest."""

    account: Account | None


# --- websocket, client to server ---------------------------------------------------


class StrictMessage(BaseModel):
    """A websocket message: unknown fields refused, and no coercion (``"1"`` is not 1)."""

    model_config = ConfigDict(extra="forbid", strict=True)


class ActionIn(StrictMessage):
    """An action in the record notation; the seat is the token's (``seat``, if given,
    must be it)."""

    do: str
    tile: str | None = None
    tiles: str | None = None
    seat: int | None = None
    # no length bounds of the schema's own (the message's 4096 bytes bound them): a long
    # word or tile is refused by what it is, in the protocol's terms


class Act(StrictMessage):
    """``{"type": "act", "seq": n, "action": {...}}``."""

    type: Literal["act"]
    seq: int
    action: ActionIn


class Ready(StrictMessage):
    """``{"type": "ready"}``: deal the next hand (as far as this seat is concerned)."""

    type: Literal["ready"]


class Ping(StrictMessage):
    """``{"type": "ping"}`` is answered ``{"type": "pong"}`` (keep-alive, latency)."""

    type: Literal["ping"]


ClientMessage = Annotated[Act | Ready | Ping, Field(discriminator="type")]
CLIENT_MESSAGE: TypeAdapter[Act | Ready | Ping] = TypeAdapter(ClientMessage)
"""Validates one decoded client message."""

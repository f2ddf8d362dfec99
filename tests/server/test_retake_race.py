"""A socket opened with a seat's old token while the seat is being taken again (its token
check done, its join waiting for the table's lock) is refused when it joins: the old
token stops working on every socket."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tingpai.server import accounts
from tingpai.server.storage import AccountRow, Storage, TableRow, utcnow
from tingpai.server.tables import Connection, LiveSeat, TableManager


class Socket:
    """What a connection needs of a websocket, recording what it is sent."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.closed: tuple[int, str] | None = None

    async def send_text(self, data: str) -> None:
        self.sent.append(data)

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        self.closed = (code, reason or "")


def test_an_old_token_waiting_to_join_is_refused(tmp_path: Path) -> None:
    async def scenario() -> None:
        storage = Storage(f"sqlite:///{tmp_path / 'db.sqlite3'}")
        storage.migrate()
        storage.run(lambda s: s.add(AccountRow(name="Ann", name_key="ann", password_hash="x",
                                               created_at=utcnow())))
        manager = TableManager(storage)
        manager.writer.start()
        try:
            old = accounts.new_token()
            seats = [LiveSeat(kind="human", name="Ann", token_hash=accounts.token_hash(old),
                              account_id=1, account="Ann")]
            seats += [LiveSeat(kind="bot", bot="greedy", name="greedy") for _ in range(3)]
            row = TableRow(id="T1", rules="hu-4p", options={}, seed=1, timer=None,
                           private=False, status="waiting", created_at=utcnow(),
                           final_scores=None, record=None, finished_at=None)
            table = await manager.create(row, seats)
            await table.lock.acquire()  # another request holds the table
            retake = asyncio.create_task(table.take_seat(0, "Ann", 1, "Ann"))
            await asyncio.sleep(0)
            hashed = accounts.token_hash(old)
            assert table.seat_of_token(hashed) == 0  # the socket's token check passes...
            socket = Socket()
            stale = Connection(socket, 0, hashed)
            joining = asyncio.create_task(table.connect(stale))
            await asyncio.sleep(0)
            table.lock.release()
            await retake
            await joining  # ...but it joins after the re-take
            assert stale.closed and stale not in table.seats[0].connections
            assert stale.close_code == (4403, "the seat's token was replaced")
            actions = table.actions
            legal = table.match.hand.legal_actions(0)
            await table.act(stale, table.seat_seq(0), legal[-1].to_dict())
            assert table.actions == actions  # nothing it sends is taken
        finally:
            await manager.stop()
            storage.close()

    asyncio.run(scenario())

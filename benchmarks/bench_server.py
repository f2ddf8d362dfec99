"""Server load: concurrent tables of four bot clients each, through the websocket protocol.

Starts ``tingpai serve`` on a loopback port with a fresh SQLite file, creates ``--tables``
tables of ``--rules`` with every seat a human seat, and plays every seat with a bot client
(``tingpai.server.client``) in ``--processes`` client processes, each running its share of
the seats with asyncio, for ``--seconds`` (games that end are replaced by new ones).  Reports
actions per second and the p50/p99 latency from an action sent to the next view received;
checks that no client got an error and that every action a client saw answered is stored
(no lost action).  Target: p99 <= 100 ms at 50 tables.

    python benchmarks/bench_server.py [--tables 50] [--seconds 60] [--processes 3] [--think S]

With ``--think 0`` (the default) every bot acts the moment it is asked, so the tables run as
fast as the two cores allow (a saturation test: latency then includes waiting for a core);
``--think`` gives the bots a player's pace.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start_server(db: Path, port: int, workdir: Path) -> subprocess.Popen[bytes]:
    log = (workdir / "server.log").open("ab")
    proc = subprocess.Popen(
        [sys.executable, "-m", "tingpai.cli", "serve", "--port", str(port), "--db", str(db),
         "--log-level", "warning"], cwd=workdir, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"{url}/healthz", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    proc.kill()
    raise RuntimeError("server did not start")


def new_table(url: str, rules: str, players: int) -> tuple[str, list[str]]:
    """A table of human seats and every seat's token."""
    with httpx.Client(base_url=url, timeout=30) as http:
        r = http.post("/api/tables", json={"rules": rules, "seats": ["human"] * players})
        r.raise_for_status()
        made = r.json()
        tokens = [made["token"]]
        for seat in range(1, players):
            taken = http.post(f"/api/tables/{made['table']}/seats/{seat}", json={})
            taken.raise_for_status()
            tokens.append(taken.json()["token"])
        table: str = made["table"]
        return table, tokens


async def run_tables(url: str, rules: str, players: int, first: list[tuple[str, list[str]]],
                     seconds: float, bot: str, think: float) -> dict[str, Any]:
    """Play the given tables at once until time is up (a finished game is replaced by a
    new table)."""
    from tingpai.server.client import play_seat

    stop_at = time.monotonic() + seconds
    cpu = time.process_time()
    totals: dict[str, Any] = {"actions": 0, "answered": 0, "errors": [], "latencies": [],
                              "games": 0, "tables": []}

    async def one_table(slot: int) -> None:
        game = 0
        while time.monotonic() < stop_at:
            if game == 0:
                table, tokens = first[slot]
            else:
                table, tokens = await asyncio.to_thread(new_table, url, rules, players)
            totals["tables"].append(table)
            results = await asyncio.gather(*(
                play_seat(url, table, seat, bot, token=tokens[seat],
                          seed=slot * 1000 + game * 10 + seat, stop_at=stop_at,
                          think=think)
                for seat in range(players)))
            for stats in results:
                totals["actions"] += stats.actions
                totals["answered"] += stats.answered
                totals["errors"].extend(stats.errors)
                totals["latencies"].extend(stats.latencies)
            totals["games"] += results[0].finished
            game += 1

    await asyncio.gather(*(one_table(slot) for slot in range(len(first))))
    totals["cpu"] = time.process_time() - cpu
    return totals


def client_process(args: tuple[str, str, int, list[tuple[str, list[str]]], float, str, float]
                   ) -> dict[str, Any]:
    url, rules, players, tables, seconds, bot, think = args
    return asyncio.run(run_tables(url, rules, players, tables, seconds, bot, think))


def _warm(_index: int) -> None:
    import tingpai.server.client  # noqa: F401


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def stored_actions(db: Path, tables: list[str]) -> int:
    import sqlite3

    with sqlite3.connect(db) as conn:
        marks = ",".join("?" * len(tables))
        (count,) = conn.execute(
            f"SELECT COUNT(*) FROM actions WHERE table_id IN ({marks}) AND auto = 0",
            tables).fetchone()
        return int(count)


def measure(tables: int, seconds: float, processes: int, rules: str = "hu-4p",
            bot: str = "greedy", think: float = 0.0) -> dict[str, Any]:
    """Run the load and return its figures."""
    from tingpai import find_ruleset

    players = find_ruleset(rules).options.players
    with tempfile.TemporaryDirectory(prefix="tingpai-bench-") as tmp:
        workdir = Path(tmp)
        db = workdir / "bench.sqlite3"
        port = free_port()
        server = start_server(db, port, workdir)
        url = f"http://127.0.0.1:{port}"
        try:
            made = [new_table(url, rules, players) for _ in range(tables)]
            jobs = [(url, rules, players, made[i::processes], seconds, bot, think)
                    for i in range(processes) if made[i::processes]]
            with multiprocessing.get_context("spawn").Pool(len(jobs)) as pool:
                pool.map(_warm, range(len(jobs)))  # imports done before the clock starts
                server_before = cpu_seconds(server.pid)
                started = time.monotonic()
                parts = pool.map(client_process, jobs)
            elapsed = time.monotonic() - started
            server_cpu = cpu_seconds(server.pid) - server_before
        finally:
            server.send_signal(signal.SIGTERM)
            server.wait(timeout=60)
        all_tables = [t for p in parts for t in p["tables"]]
        latencies = sorted(x for p in parts for x in p["latencies"])
        actions = sum(p["actions"] for p in parts)
        answered = sum(p["answered"] for p in parts)
        errors = [e for p in parts for e in p["errors"]]
        stored = stored_actions(db, all_tables)
    q = statistics.quantiles(latencies, n=100) if len(latencies) > 100 else [0.0] * 99
    return {
        "rules": rules, "tables": tables, "think_seconds": think, "processes": len(jobs),
        "seconds": round(elapsed, 1),
        "games_finished": sum(p["games"] for p in parts), "actions": actions,
        "actions_per_second": round(actions / elapsed, 1),
        "p50_ms": round(q[49] * 1000, 1), "p99_ms": round(q[98] * 1000, 1),
        "server_cpu_ms_per_action": round(server_cpu * 1000 / max(1, actions), 2),
        "client_cpu_ms_per_action": round(
            sum(p["cpu"] for p in parts) * 1000 / max(1, actions), 2),
        "errors": len(errors), "error_samples": errors[:5],
        "stored_client_actions": stored, "answered": answered,
        "lost_actions": answered - stored if stored <= answered else 0,
        "unanswered": actions - answered,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--processes", type=int, default=3)
    parser.add_argument("--rules", default="hu-4p")
    parser.add_argument("--bot", default="greedy")
    parser.add_argument("--think", type=float, default=0.0,
                        help="seconds each bot waits before acting (0: as fast as it can)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    os.environ.setdefault("PYTHONHASHSEED", "0")
    result = measure(args.tables, args.seconds, args.processes, args.rules, args.bot,
                     args.think)
    if args.json:
        print(json.dumps(result))
    else:
        print(f"server load: {result['tables']} tables of {args.rules}, bot clients in "
              f"{result['processes']} processes, {result['seconds']} s, think {args.think} s")
        print(f"  actions/s {result['actions_per_second']}  (actions {result['actions']}, "
              f"games finished {result['games_finished']})")
        print(f"  latency action -> next view: p50 {result['p50_ms']} ms, "
              f"p99 {result['p99_ms']} ms (target p99 <= 100 ms)")
        print(f"  CPU per action: server {result['server_cpu_ms_per_action']} ms, clients "
              f"{result['client_cpu_ms_per_action']} ms")
        print(f"  errors {result['errors']}, lost actions {result['lost_actions']}, "
              f"unanswered at the stop {result['unanswered']}")
    ok = result["errors"] == 0 and result["lost_actions"] == 0
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

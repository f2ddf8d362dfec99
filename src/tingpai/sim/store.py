"""A run directory: the results of ``tingpai sim --out DIR``, written as the games finish.

Layout::

    DIR/manifest.json        the run's parameters (format ``tingpai-lab/1``)
    DIR/games.jsonl          one row per game, in game order        (storage "jsonl")
    DIR/games/part-00000.parquet, ...  the same rows in parts       (storage "parquet")
    DIR/summary.json         the run's report (``tingpai sim --json``), once it has ended
    DIR/.lock                locked while a command writes into the run

A row holds one game and, nested in it, one entry per hand with everything the balance
report needs::

    {"game": 0, "seed": 123, "start": [30000, ...], "final": [...], "ranking": [2, 0, 1, 3],
     "cut_short": false,
     "hands": [{"dealer": 0, "end": "discard", "turns": 41, "deltas": [...],
                "ready": [true, ...], "no_pattern": [false, ...],
                "winners": [{"seat": 2, "kind": "discard", "payer": 0, "total": 24,
                             "patterns": [{"id": "mixed_one_suit", "value": 10}, ...]}]}]}

Pattern names are resolved from the ruleset when it defines the id; bonuses outside the
pattern list (dealer repeats, ...) also carry ``name`` and ``chinese`` (null in Parquet
for the others).

JSON lines are written and flushed one game at a time; Parquet (the ``lab`` extra's
pyarrow) in parts of ``flush_every`` games, each written to a temporary name and renamed,
so a stopped run loses at most the unfinished part.  :func:`open_store` with ``resume``
reads what is stored (dropping a torn last line), checks every row against the manifest
(game order, game seeds), and appends from there: a resumed run's rows and report equal
those of an uninterrupted run.
"""

from __future__ import annotations

import importlib
import json
import os
import sys
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import IO, Any, Protocol

from tingpai.rules import find_ruleset, ruleset_spec
from tingpai.rules.base import WinKind
from tingpai.rules.ruleset import Ruleset
from tingpai.sim.games import GameOutcome, HandSummary, WinSummary, game_seed

LAB_FORMAT = "tingpai-lab/1"
"""The ``format`` value of a run manifest."""
MANIFEST = "manifest.json"
SUMMARY = "summary.json"
JSONL_NAME = "games.jsonl"
PARQUET_DIR = "games"
LOCK_NAME = ".lock"
"""Locked by the command writing into the run (see :func:`open_store`)."""
STORAGES = ("jsonl", "parquet")
"""How rows are stored: JSON lines (no dependency) or Parquet (pyarrow, the ``lab`` extra)."""
DEFAULT_FLUSH_EVERY = 500
"""Games per Parquet part."""


class StoreError(ValueError):
    """A run directory cannot be used as asked (names the directory and the reason)."""


def _lock_folder(folder: Path) -> int | None:
    """Hold an exclusive lock on run directory ``folder`` (a POSIX lock on its
    :data:`LOCK_NAME`) for as long as the returned file descriptor stays open, None where
    the platform has no such locks: two commands writing into one run (a ``--resume``
    typed twice, a second terminal) used to interleave their rows, leaving a run that
    neither the report nor a resume could read.  StoreError, naming the directory, when
    another process holds it.  (A POSIX lock belongs to this process alone: the worker
    processes it forks do not keep it once it is gone.)"""
    if sys.platform == "win32":
        return None
    import fcntl

    fd = os.open(folder / LOCK_NAME, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        raise StoreError(
            f"{folder} is being written by another tingpai sim right now: wait for it to "
            "end (or stop it), then resume"
        ) from None
    return fd


def _unlock(fd: int | None) -> None:
    if fd is not None:
        os.close(fd)  # closing the descriptor releases the lock


@dataclass(frozen=True)
class Manifest:
    """The parameters of a stored run."""

    rules: str
    options: Mapping[str, Any]
    bots: tuple[str, ...]
    seed: int
    games: int
    """Games the run is to play (stored rows may be fewer while it runs)."""
    storage: str = "jsonl"
    flush_every: int = DEFAULT_FLUSH_EVERY
    max_hands: int | None = None
    """The per-game hand cap of ``run_sim`` (None: none); part of what the run is."""
    extra: Mapping[str, Any] = field(default_factory=dict)
    """Other keys found in the file (kept on rewrite)."""

    def to_json(self) -> dict[str, Any]:
        """The manifest file's object."""
        from tingpai import __version__

        out: dict[str, Any] = dict(self.extra)
        out.update(
            {
                "format": LAB_FORMAT,
                "tingpai": __version__,
                "rules": self.rules,
                "options": dict(self.options),
                "bots": list(self.bots),
                "seed": self.seed,
                "games": self.games,
                "storage": self.storage,
                "flush_every": self.flush_every,
                "max_hands": self.max_hands,
            }
        )
        return out

    @classmethod
    def from_json(cls, data: Any, where: Path) -> Manifest:
        """Parse a manifest object; StoreError naming the bad field."""
        if not isinstance(data, dict) or data.get("format") != LAB_FORMAT:
            raise StoreError(f"{where}: not a {LAB_FORMAT} manifest")
        try:
            rules, options, bots = data["rules"], data["options"], data["bots"]
            seed, games = data["seed"], data["games"]
            storage = data.get("storage", "jsonl")
            flush_every = data.get("flush_every", DEFAULT_FLUSH_EVERY)
            max_hands = data.get("max_hands")
        except KeyError as exc:
            raise StoreError(f"{where}: manifest has no {exc.args[0]!r}") from None
        checks = (
            ("rules", isinstance(rules, str)),
            ("options", isinstance(options, dict)),
            ("bots", isinstance(bots, list) and all(isinstance(b, str) for b in bots)),
            ("seed", isinstance(seed, int) and not isinstance(seed, bool)),
            ("games", isinstance(games, int) and not isinstance(games, bool) and games >= 0),
            ("storage", storage in STORAGES),
            ("flush_every", isinstance(flush_every, int) and flush_every >= 1),
            ("max_hands", max_hands is None or (isinstance(max_hands, int)
                                                and not isinstance(max_hands, bool)
                                                and max_hands >= 1)),
        )
        for name, ok in checks:
            if not ok:
                raise StoreError(f"{where}: manifest field {name!r} is invalid")
        known = {"format", "tingpai", "rules", "options", "bots", "seed", "games", "storage",
                 "flush_every", "max_hands"}
        return cls(rules, options, tuple(bots), seed, games, storage, flush_every, max_hands,
                   {k: v for k, v in data.items() if k not in known})

    def same_run(self, other: Manifest) -> list[str]:
        """The parameters (other than ``games`` and storage) in which two runs differ: rules,
        options, bots, seed and the hand cap.  Options are compared by the table they make
        (:func:`changed_options`): an option given at its default is no change."""
        differ = [
            name
            for name in ("rules", "bots", "seed", "max_hands")
            if getattr(self, name) != getattr(other, name)
        ]
        if "rules" not in differ and changed_options(self.rules, self.options, other.options):
            differ.insert(1, "options")
        return differ


def changed_options(
    rules: str, stored: Mapping[str, Any], asked: Mapping[str, Any]
) -> list[str]:
    """The options of ``rules`` that ``asked`` sets to another effective value than
    ``stored`` does, by name: none when both make the same table, so a resume may give
    ``--option flowers=true`` (the default) to a run started without it.  Raises
    :class:`~tingpai.rules.RuleError` for an unknown option or value.

    >>> changed_options("hu-4p", {}, {"flowers": True, "pond_limit": 18})
    []
    >>> changed_options("hu-4p", {"pond_limit": 18}, {"pond_limit": 20})
    ['pond_limit']
    """
    spec = ruleset_spec(rules)
    before = find_ruleset(rules, **dict(stored)).options
    after = find_ruleset(rules, **dict(asked)).options
    if before == after:
        return []
    names = sorted(set(stored) | set(asked))
    named = [n for n in names
             if spec.options[n].json_value(before) != spec.options[n].json_value(after)]
    # Options that change the same fields differently can only be named together.
    return named or [n for n in names if stored.get(n) != asked.get(n)] or names


def read_manifest(path: str | Path) -> Manifest:
    """The manifest of the run in directory ``path``; StoreError when there is none."""
    where = Path(path) / MANIFEST
    try:
        text = where.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise StoreError(f"{path}: no {MANIFEST} (not a tingpai sim --out directory)") from None
    except OSError as exc:
        raise StoreError(f"{where}: cannot read ({exc.strerror})") from None
    except UnicodeDecodeError:
        raise StoreError(f"{where}: not JSON (not UTF-8 text)") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise StoreError(f"{where}: not JSON ({exc.msg})") from None
    manifest = Manifest.from_json(data, where)
    # The table it names, checked here so that every reader (report, resume) names the
    # file: an unknown option alone did not say which run it was in.
    try:
        players = find_ruleset(manifest.rules, **dict(manifest.options)).options.players
    except ValueError as exc:  # RuleError
        raise StoreError(f"{where}: {exc}") from None
    if len(manifest.bots) != players:
        raise StoreError(f"{where}: the manifest names {len(manifest.bots)} bots for a "
                         f"{players}-player table ({manifest.rules})")
    return manifest


def _write_atomic(path: Path, text: str) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def write_manifest(path: str | Path, manifest: Manifest) -> None:
    """Write (or replace) the run's manifest atomically."""
    _write_atomic(Path(path) / MANIFEST, json.dumps(manifest.to_json(), indent=2) + "\n")


def write_summary(path: str | Path, summary: Mapping[str, Any]) -> None:
    """Write the run's final report JSON beside its rows."""
    _write_atomic(Path(path) / SUMMARY, json.dumps(summary, ensure_ascii=False) + "\n")


# --- rows --------------------------------------------------------------------------------


def outcome_to_row(outcome: GameOutcome, ruleset: Ruleset) -> dict[str, Any]:
    """One game as a row (see the module docstring)."""
    known = {p.id for p in ruleset.patterns}
    return {
        "game": outcome.index,
        "seed": outcome.seed,
        "start": list(outcome.start_scores),
        "final": list(outcome.final_scores),
        "ranking": list(outcome.ranking),
        "cut_short": outcome.cut_short,
        "hands": [
            {
                "dealer": h.dealer,
                "end": h.end.value,
                "turns": h.turns,
                "deltas": list(h.deltas),
                "ready": list(h.ready),
                "no_pattern": list(h.no_pattern),
                "winners": [
                    {
                        "seat": w.seat,
                        "kind": w.kind.value,
                        "payer": w.payer,
                        "total": w.total,
                        "patterns": [
                            {"id": pid, "value": value}
                            if pid in known
                            else {"id": pid, "value": value, "name": name, "chinese": chinese}
                            for (pid, name, chinese), value in zip(
                                w.patterns, w.values, strict=True
                            )
                        ],
                    }
                    for w in h.winners
                ],
            }
            for h in outcome.hands
        ],
    }


def outcome_from_row(row: Mapping[str, Any], ruleset: Ruleset) -> GameOutcome:
    """The :class:`GameOutcome` a row was written from (KeyError/ValueError if malformed)."""
    names = {p.id: (p.name, p.chinese) for p in ruleset.patterns}

    def pattern(p: Mapping[str, Any]) -> tuple[str, str, str]:
        pid = str(p["id"])
        if pid in names:
            return (pid, *names[pid])
        return (pid, str(p.get("name") or pid), str(p.get("chinese") or ""))

    hands = tuple(
        HandSummary(
            end=WinKind(h["end"]),
            dealer=int(h["dealer"]),
            winners=tuple(
                WinSummary(
                    seat=int(w["seat"]),
                    kind=WinKind(w["kind"]),
                    payer=None if w["payer"] is None else int(w["payer"]),
                    total=int(w["total"]),
                    patterns=tuple(pattern(p) for p in w["patterns"]),
                    values=tuple(int(p["value"]) for p in w["patterns"]),
                )
                for w in h["winners"]
            ),
            turns=int(h["turns"]),
            deltas=tuple(int(x) for x in h["deltas"]),
            ready=tuple(bool(x) for x in h["ready"]),
            no_pattern=tuple(bool(x) for x in h["no_pattern"]),
        )
        for h in row["hands"]
    )
    outcome = GameOutcome(
        index=int(row["game"]),
        seed=int(row["seed"]),
        hands=hands,
        start_scores=tuple(int(x) for x in row["start"]),
        final_scores=tuple(int(x) for x in row["final"]),
        ranking=tuple(int(x) for x in row["ranking"]),
        cut_short=bool(row.get("cut_short", False)),
    )
    check_seats(outcome, ruleset.options.players)
    return outcome


def check_seats(outcome: GameOutcome, players: int) -> None:
    """ValueError naming the field of a stored game that does not fit a table of
    ``players`` seats (a per-seat list of another length, a seat that is not one), which
    the statistics would otherwise index out of range."""

    def seat(name: str, value: int | None) -> None:
        if value is not None and not 0 <= value < players:
            raise ValueError(f"{name} {value} is not a seat of a {players}-player table")

    def per_seat(name: str, values: Sequence[object]) -> None:
        if len(values) != players:
            raise ValueError(f"{name} has {len(values)} entries, not one per seat ({players})")

    per_seat("start", outcome.start_scores)
    per_seat("final", outcome.final_scores)
    if sorted(outcome.ranking) != list(range(players)):
        raise ValueError(f"ranking {list(outcome.ranking)} is not an order of the "
                         f"{players} seats")
    for number, hand in enumerate(outcome.hands):
        where = f"hand {number}"
        seat(f"{where} dealer", hand.dealer)
        per_seat(f"{where} deltas", hand.deltas)
        per_seat(f"{where} ready", hand.ready)
        per_seat(f"{where} no_pattern", hand.no_pattern)
        for w in hand.winners:
            seat(f"{where} winner", w.seat)
            seat(f"{where} payer", w.payer)


def _pyarrow() -> Any:
    """pyarrow and pyarrow.parquet, or StoreError saying which extra to install."""
    try:
        pyarrow = importlib.import_module("pyarrow")
        importlib.import_module("pyarrow.parquet")
    except ImportError:
        raise StoreError(
            "Parquet storage needs pyarrow: pip install 'tingpai[lab]' (or use --format jsonl)"
        ) from None
    return pyarrow


def parquet_schema() -> Any:
    """The Arrow schema of the rows (fixed, so every part and every run reads alike)."""
    pa = _pyarrow()
    ints = pa.list_(pa.int64())
    bools = pa.list_(pa.bool_())
    pattern = pa.struct(
        [("id", pa.string()), ("value", pa.int64()), ("name", pa.string()),
         ("chinese", pa.string())]
    )
    winner = pa.struct(
        [("seat", pa.int64()), ("kind", pa.string()), ("payer", pa.int64()),
         ("total", pa.int64()), ("patterns", pa.list_(pattern))]
    )
    hand = pa.struct(
        [("dealer", pa.int64()), ("end", pa.string()), ("turns", pa.int64()),
         ("deltas", ints), ("ready", bools), ("no_pattern", bools),
         ("winners", pa.list_(winner))]
    )
    return pa.schema(
        [("game", pa.int64()), ("seed", pa.int64()), ("start", ints), ("final", ints),
         ("ranking", ints), ("cut_short", pa.bool_()), ("hands", pa.list_(hand))]
    )


# --- writers -----------------------------------------------------------------------------


class RowWriter(Protocol):
    """Appends rows to a run directory."""

    def append(self, row: dict[str, Any]) -> None:
        """Store one game's row (in game order)."""
        ...

    def close(self) -> None:
        """Write anything buffered."""
        ...


class JsonlWriter:
    """Appends one JSON line per game to ``games.jsonl``, flushed at once."""

    def __init__(self, path: Path) -> None:
        self._file: IO[str] = path.open("a", encoding="utf-8", newline="\n")

    def append(self, row: dict[str, Any]) -> None:
        """Write and flush one line."""
        self._file.write(json.dumps(row, ensure_ascii=False, separators=(",", ":")) + "\n")
        self._file.flush()

    def close(self) -> None:
        """Close the file."""
        self._file.close()


class ParquetWriter:
    """Buffers rows and writes them as ``games/part-NNNNN.parquet``, ``flush_every`` at a time."""

    def __init__(self, folder: Path, first_part: int, flush_every: int) -> None:
        self._pa = _pyarrow()
        self._schema = parquet_schema()
        self._folder = folder
        self._part = first_part
        self._flush_every = flush_every
        self._rows: list[dict[str, Any]] = []

    def append(self, row: dict[str, Any]) -> None:
        """Buffer a row; write a part when the buffer is full."""
        self._rows.append(row)
        if len(self._rows) >= self._flush_every:
            self._flush()

    def _flush(self) -> None:
        if not self._rows:
            return
        table = self._pa.Table.from_pylist(self._rows, schema=self._schema)
        path = self._folder / f"part-{self._part:05d}.parquet"
        tmp = path.with_name(path.name + ".tmp")
        self._pa.parquet.write_table(table, tmp)
        os.replace(tmp, path)
        self._part += 1
        self._rows = []

    def close(self) -> None:
        """Write the last, partial part."""
        self._flush()


# --- reading -----------------------------------------------------------------------------


def _jsonl_rows(path: Path, truncate_torn: bool) -> Iterator[dict[str, Any]]:
    """The rows of ``games.jsonl``; a torn last line (a run killed mid-write) is dropped,
    and cut off the file when ``truncate_torn``.  A bad line elsewhere is a StoreError."""
    if not path.exists():
        return
    good_end = 0
    torn = False
    try:
        rows = path.open("rb")
    except OSError as exc:
        raise StoreError(f"{path}: cannot read ({exc.strerror})") from None
    with rows as f:
        for number, line in enumerate(f, start=1):
            try:
                if not line.endswith(b"\n"):
                    raise ValueError("no line end")
                row = json.loads(line)
                if not isinstance(row, dict):
                    raise ValueError("not an object")
            except ValueError:
                if f.read(1):
                    raise StoreError(f"{path}: line {number} is not a game row") from None
                torn = True
                break
            good_end += len(line)
            yield row
    if torn and truncate_torn:
        with path.open("r+b") as f:
            f.truncate(good_end)


def _parquet_parts(folder: Path) -> list[Path]:
    return sorted(folder.glob("part-*.parquet")) if folder.is_dir() else []


def _parquet_rows(folder: Path) -> Iterator[dict[str, Any]]:
    pa = _pyarrow()
    for part in _parquet_parts(folder):
        try:
            table = pa.parquet.read_table(part)
        except (OSError, pa.ArrowException) as exc:
            raise StoreError(f"{part}: unreadable Parquet part ({exc})") from None
        rows: list[dict[str, Any]] = table.to_pylist()
        yield from rows


def stored_outcomes(
    path: str | Path, manifest: Manifest | None = None, *, repair: bool = False
) -> Iterator[GameOutcome]:
    """The games stored in run directory ``path``, in order, checked against its manifest
    (consecutive game numbers from 0, each game's seed derived from the run seed).

    With ``repair`` a torn last JSON line and leftover temporary Parquet parts are removed
    (what :func:`open_store` does before resuming).
    """
    folder = Path(path)
    manifest = manifest or read_manifest(folder)
    ruleset = find_ruleset(manifest.rules, **dict(manifest.options))
    players = ruleset.options.players
    if len(manifest.bots) != players:
        raise StoreError(f"{folder}: the manifest names {len(manifest.bots)} bots for a "
                         f"{players}-player table ({manifest.rules})")
    if manifest.storage == "jsonl":
        rows = _jsonl_rows(folder / JSONL_NAME, truncate_torn=repair)
    else:
        if repair:
            for tmp in (folder / PARQUET_DIR).glob("*.tmp"):
                tmp.unlink()
        rows = _parquet_rows(folder / PARQUET_DIR)
    for expected, row in enumerate(rows):
        try:
            outcome = outcome_from_row(row, ruleset)
        except (KeyError, ValueError, TypeError) as exc:
            raise StoreError(f"{folder}: game row {expected} is malformed ({exc!r})") from None
        if outcome.index != expected:
            raise StoreError(f"{folder}: row {expected} holds game {outcome.index}")
        if outcome.seed != game_seed(manifest.seed, expected):
            raise StoreError(f"{folder}: game {expected} was not played with the run's seed")
        yield outcome


@dataclass
class RunStore:
    """An open run directory that new games are appended to."""

    path: Path
    manifest: Manifest
    ruleset: Ruleset
    writer: RowWriter | None = None
    lock: int | None = None
    """The descriptor holding the directory's lock (released by :meth:`close`)."""

    def append(self, outcome: GameOutcome) -> None:
        """Store one finished game (call in game order)."""
        assert self.writer is not None, "store is closed"
        self.writer.append(outcome_to_row(outcome, self.ruleset))

    def close_writer(self) -> None:
        """Flush and close the rows, keeping the directory locked (for the summary)."""
        if self.writer is not None:
            self.writer.close()
            self.writer = None

    def close(self) -> None:
        """Flush and close, and release the directory; safe to call twice."""
        try:
            self.close_writer()
        finally:
            _unlock(self.lock)
            self.lock = None


def open_store(
    path: str | Path, manifest: Manifest, *, resume: bool = False
) -> tuple[RunStore, Iterator[GameOutcome]]:
    """Open run directory ``path`` for ``manifest``'s run.

    A new run needs a directory without a run in it (it is created).  With ``resume`` the
    directory's manifest must describe the same run (rules, options, bots, seed; ``games``
    may grow, and not shrink below the games stored); the returned iterator yields the
    stored games and must be exhausted before the first :meth:`RunStore.append`.  Raises
    :class:`StoreError` naming what does not fit, before anything is written.  The
    directory is locked until :meth:`RunStore.close` (another process opening it meanwhile
    gets a StoreError).
    """
    folder = Path(path)
    ruleset = find_ruleset(manifest.rules, **dict(manifest.options))
    if manifest.storage not in STORAGES:
        raise StoreError(f"unknown storage {manifest.storage!r} (known: {', '.join(STORAGES)})")
    if manifest.storage == "parquet":
        _pyarrow()
    if folder.exists() and not folder.is_dir():
        raise StoreError(f"{folder} is not a directory")
    has_run = (folder / MANIFEST).exists()
    if resume:
        if not has_run:
            raise StoreError(f"nothing to resume in {folder}: no {MANIFEST}")
        stored = read_manifest(folder)
        differ = stored.same_run(manifest)
        if differ:
            detail = ", ".join(
                option_changes(stored, manifest.options) if name == "options" else
                f"{name} {getattr(stored, name)!r} there, {getattr(manifest, name)!r} asked"
                for name in differ
            )
            raise StoreError(f"{folder} holds another run ({detail})")
        # The stored options stay the run's (the same table, perhaps spelt otherwise).
        manifest = replace(stored, games=manifest.games)
        return _resume(folder, manifest, ruleset, _lock_folder(folder))
    _refuse_a_run(folder)
    folder.mkdir(parents=True, exist_ok=True)
    lock = _lock_folder(folder)
    try:
        _refuse_a_run(folder)  # again, locked: another command may have begun one meanwhile
        write_manifest(folder, manifest)
        writer = _writer(folder, manifest, 0)
    except BaseException:
        _unlock(lock)
        raise
    return RunStore(folder, manifest, ruleset, writer, lock), iter(())


def option_text(value: object) -> str:
    """A ruleset option's value as a report names it: a host payment table (a rows object)
    by its ``name`` (it is stored whole in the run's manifest), else by its number of rows;
    other values as they are written on the command line (``true``, ``20``, ``golden``).

    >>> option_text({"name": "club linear", "rows": [{"fan": 3}, {"fan": 4}]})
    'club linear'
    >>> option_text({"rows": [{"fan": 3}, {"fan": 4}]}), option_text(False), option_text(20)
    ('a table of 2 rows', 'false', '20')
    """
    if isinstance(value, str):
        return value
    if isinstance(value, Mapping):
        name = value.get("name")
        if isinstance(name, str) and name:
            return name
        rows = value.get("rows")
        if isinstance(rows, list):
            return f"a table of {len(rows)} row{'s' if len(rows) != 1 else ''}"
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def option_changes(stored: Manifest, asked: Mapping[str, Any]) -> str:
    """``options: pond_limit 18 there, 20 asked``: the options ``asked`` changes from the
    stored run's table, each with its value in both (the default when one leaves it
    out), for the message refusing a resume."""
    spec = ruleset_spec(stored.rules)
    before = find_ruleset(stored.rules, **dict(stored.options)).options
    after = find_ruleset(stored.rules, **dict(asked)).options
    return "options: " + ", ".join(
        f"{name} {option_text(spec.options[name].json_value(before))} there, "
        f"{option_text(spec.options[name].json_value(after))} asked"
        for name in changed_options(stored.rules, stored.options, asked)
    )


def _refuse_a_run(folder: Path) -> None:
    """StoreError when ``folder`` already holds a run (a new one must not write into it)."""
    if ((folder / MANIFEST).exists() or (folder / JSONL_NAME).exists()
            or _parquet_parts(folder / PARQUET_DIR)):
        raise StoreError(
            f"{folder} already holds a run: pass --resume to continue it, "
            "or choose another directory"
        )


def _writer(folder: Path, manifest: Manifest, parts: int) -> RowWriter:
    if manifest.storage == "jsonl":
        return JsonlWriter(folder / JSONL_NAME)
    (folder / PARQUET_DIR).mkdir(exist_ok=True)
    return ParquetWriter(folder / PARQUET_DIR, parts, manifest.flush_every)


def _resume(
    folder: Path, manifest: Manifest, ruleset: Ruleset, lock: int | None
) -> tuple[RunStore, Iterator[GameOutcome]]:
    store = RunStore(folder, manifest, ruleset, lock=lock)

    def stored() -> Iterator[GameOutcome]:
        try:
            for count, outcome in enumerate(stored_outcomes(folder, manifest, repair=True), 1):
                if count > manifest.games:
                    raise StoreError(
                        f"{folder} already holds more than {manifest.games} games: "
                        "--games cannot shrink a run"
                    )
                yield outcome
            write_manifest(folder, manifest)
            parts = len(_parquet_parts(folder / PARQUET_DIR))
            store.writer = _writer(folder, manifest, parts)
        except BaseException:
            store.close()  # a run that does not fit releases its directory at once
            raise

    return store, stored()


def load_run(path: str | Path) -> tuple[Manifest, Sequence[GameOutcome]]:
    """A stored run's manifest and every game stored so far (for reports)."""
    manifest = read_manifest(path)
    return manifest, list(stored_outcomes(path, manifest))

"""``run_sim``: play many seeded self-play games and aggregate their statistics."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from tingpai.bots import bot_names
from tingpai.bots.play import new_game
from tingpai.rules.ruleset import Ruleset
from tingpai.sim.backends import Backend, ProcessBackend, local_backend
from tingpai.sim.games import (
    MAX_GAMES,
    GameTask,
    LazyTasks,
    check_sendable,
    game_seed,
    table_of,
    whole_number,
)
from tingpai.sim.report import SimReport, SimStats, Timing
from tingpai.sim.store import (
    DEFAULT_FLUSH_EVERY,
    Manifest,
    RunStore,
    open_store,
    write_summary,
)
from tingpai.tiles import parse_tiles

DEFAULT_MAX_HANDS = 1000
"""Hands per game after which ``run_sim`` stops a game that has not ended.  Bot games end
far sooner (greedy bots: about 20 hands of hk-2p, 70-100 of hk-4p, 200 of fan-laak), but
bots that never win a Hong Kong hand repeat the dealer on every exhaustive draw forever."""

Progress = Callable[[int, int], None]
"""``progress(games_done, games_total)``, called after each game in game order."""


class SimInterrupted(KeyboardInterrupt):
    """A run stopped by Ctrl-C: ``games`` of its ``total`` games were kept (played and,
    with a run directory, stored: ``resume`` continues from there).  A KeyboardInterrupt,
    so code that catches Ctrl-C still does."""

    def __init__(self, games: int, total: int) -> None:
        super().__init__(f"interrupted after {games} of {total} games")
        self.games = games
        self.total = total


def record_name(index: int) -> str:
    """File name of game ``index``'s record (0-based index, 1-based name): ``game-00001.json``."""
    return f"game-{index + 1:05d}.json"


def taken_record(folder: Path, games: int) -> str | None:
    """The first name of the records of games ``0 .. games - 1`` that ``folder`` already
    holds (None when it holds none), found by listing the folder once, however many games
    the run has."""
    if not folder.is_dir():
        return None
    taken = []
    for path in folder.glob("game-*.json"):
        number = path.name.removeprefix("game-").removesuffix(".json")
        if number.isdigit() and 1 <= int(number) <= games and path.name == record_name(
            int(number) - 1
        ):
            taken.append(int(number))
    return record_name(min(taken) - 1) if taken else None


def foreign_record(
    folder: Path, games: int, rules: str | Ruleset, options: Mapping[str, Any],
    seats: Sequence[str], seed: int,
) -> str | None:
    """The name of the first record of games ``0 .. games - 1`` in ``folder`` when another
    run wrote it (another ruleset, or a first wall that game's seed does not deal), so a
    resumed run does not add its records to a folder of someone else's; None when that
    record is this run's or the folder holds none.  One record is read, whatever the run's
    size."""
    name = taken_record(folder, games)
    if name is None:
        return None
    index = int(name.removeprefix("game-").removesuffix(".json")) - 1
    try:
        data = json.loads((folder / name).read_text(encoding="utf-8"))
        wall = tuple(parse_tiles(data["hands"][0]["wall"]))
        rules_id = data["rules"]
    except (OSError, ValueError, KeyError, IndexError, TypeError):  # JSON, notation
        return name  # not a record this run could have written
    match, _ = new_game(list(seats), game_seed(seed, index), rules, options)
    dealt = tuple(match.next_hand().wall)
    return None if rules_id == match.ruleset.id and wall == dealt else name


def resolve_bots(bots: str | Sequence[str], players: int) -> tuple[str, ...]:
    """One bot level per seat from a single name or a list of one name per seat.

    Raises ValueError naming an unknown level or a wrong count.
    """
    if isinstance(bots, str):
        names = [bots]
    elif isinstance(bots, Sequence):
        names = list(bots)
    else:
        raise ValueError(f"bots must be a bot level or a list of one per seat, got {bots!r}")
    for name in names:
        if name not in bot_names():
            raise ValueError(f"unknown bot {name!r} (known: {', '.join(bot_names())})")
    if len(names) == 1:
        return (names[0],) * players
    if len(names) != players:
        raise ValueError(
            f"{len(names)} bots for a {players}-player table: give one bot per seat "
            "or a single bot for every seat"
        )
    return tuple(names)


def _task_maker(
    seed: int, rules: str | Ruleset, opts: Mapping[str, Any], seats: tuple[str, ...],
    records_dir: str | Path | None, max_hands: int | None,
) -> Callable[[int], GameTask]:
    """The task of game ``i`` of a run (its seed from the run's seed and ``i`` alone)."""
    keep = records_dir is not None

    def task(i: int) -> GameTask:
        return GameTask(i, game_seed(seed, i), rules, opts, seats, keep_record=keep,
                        max_hands=max_hands)

    return task


def _play(
    runner: Backend, tasks: LazyTasks[GameTask], stats: SimStats, store: RunStore | None,
    out_dir: Path | None, first: int, games: int, progress: Progress | None,
) -> SimReport:
    """Play ``tasks`` (games ``first`` on) on ``runner``, storing and counting each game
    in order; the report of the whole run."""
    if out_dir is not None:
        out_dir.mkdir(parents=True, exist_ok=True)
    if progress is not None and first:
        progress(first, games)
    stored_hands = stats.hands
    start = time.perf_counter()
    kept = first
    try:
        for outcome in runner.run(tasks):
            if out_dir is not None and outcome.record is not None:
                (out_dir / record_name(outcome.index)).write_text(
                    outcome.record + "\n", encoding="utf-8"
                )
            if store is not None:
                store.append(outcome)
            kept += 1
            stats.add(outcome)
            if progress is not None:
                progress(kept, games)
    except KeyboardInterrupt:
        raise SimInterrupted(kept, games) from None
    if store is not None:
        store.close_writer()  # the rows are complete before the summary is computed
    wall = time.perf_counter() - start
    timing = Timing(
        wall_seconds=wall,
        hands_per_second=(stats.hands - stored_hands) / wall if wall > 0 else 0.0,
        games_per_second=(stats.games - first) / wall if wall > 0 else 0.0,
        backend=runner.name,
        workers=runner.workers,
        resumed_games=first,
    )
    return stats.report(timing)


def run_sim(
    rules: str | Ruleset,
    options: Mapping[str, Any] | None,
    games: int,
    seed: int,
    bots: str | Sequence[str],
    records_dir: str | Path | None = None,
    workers: int = 1,
    progress: Progress | None = None,
    *,
    backend: Backend | None = None,
    max_hands: int | None = DEFAULT_MAX_HANDS,
    out: str | Path | None = None,
    resume: bool = False,
    storage: str = "jsonl",
    flush_every: int = DEFAULT_FLUSH_EVERY,
) -> SimReport:
    """Play ``games`` full games of ``rules`` with ``bots`` and report their statistics.

    Game ``i`` is seeded with :func:`~tingpai.sim.games.game_seed` ``(seed, i)``, so the
    report (all but its ``timing``) depends only on the arguments: the same for any
    ``workers`` or backend, as outcomes are aggregated in game order.  ``bots`` is one bot
    level name per seat, or one name for every seat.  With ``records_dir`` each game's
    record (``tingpai-record/1``, as the engine writes it) is saved there as
    ``game-00001.json``, ``game-00002.json``, ...  ``workers`` > 1 plays in a local process
    pool; ``backend`` overrides that choice.  A game still going after ``max_hands`` hands
    is stopped there (None: no cap); the report counts such games in ``games_cut_short``.
    The ruleset option of the same name instead ends the game by the rules.

    With ``out`` the games' rows are written to that run directory as they finish
    (:mod:`tingpai.sim.store`; ``storage`` ``"jsonl"`` or ``"parquet"``), and the report
    as ``summary.json`` at the end.  ``resume`` continues the run stored there: the stored
    games are read back, not replayed, and the report equals an uninterrupted run's.

    ``rules`` is a ruleset id or a :class:`~tingpai.rules.Ruleset` built in code (no
    ``options`` then; a run directory needs an id, from which ``tingpai report`` and a
    resume rebuild the table).

    Ctrl-C (KeyboardInterrupt) stops the run with :class:`SimInterrupted`, once every game
    already played is stored (the run directory closed, resumable).

    Raises :class:`~tingpai.rules.RuleError` for an unknown rules id or option,
    :class:`~tingpai.sim.store.StoreError` for a run directory that does not fit, and
    ValueError for bad bots, games, seed, workers, ``max_hands`` or ``flush_every``,
    before any game is played.
    """
    opts = dict(options or {})
    ruleset = table_of(rules, opts)
    seats = resolve_bots(bots, ruleset.options.players)
    games = whole_number("games", games)
    seed = whole_number("seed", seed)
    # The manifest stores these: a value it cannot read back would leave a run that
    # tingpai report and --resume refuse.
    workers = whole_number("workers", workers)
    flush_every = whole_number("flush_every", flush_every)
    if max_hands is not None:
        max_hands = whole_number("max_hands", max_hands)
    if isinstance(rules, Ruleset) and out is not None:
        raise ValueError(
            f"a run directory needs a ruleset id (tingpai report and --resume rebuild the "
            f"table from it), not the Ruleset {rules.id!r} built in code: run it without out"
        )
    if games < 0:
        raise ValueError(f"games must be at least 0, got {games}")
    if games > MAX_GAMES:
        raise ValueError(f"games must be at most {MAX_GAMES:,}, got {games:,}")
    if max_hands is not None and max_hands < 1:
        raise ValueError(f"max_hands must be at least 1, got {max_hands}")
    if flush_every < 1:
        raise ValueError(f"flush_every must be at least 1, got {flush_every}")
    runner = backend if backend is not None else local_backend(workers)
    if isinstance(runner, ProcessBackend):
        check_sendable(rules)
    out_dir = Path(records_dir) if records_dir is not None else None
    if out_dir is not None and not resume:  # resumed, it writes the same records again
        taken = taken_record(out_dir, games)
        if taken is not None:
            raise ValueError(f"records folder {out_dir} already holds {taken} from another "
                             "run: give an empty folder (nothing was written)")
    elif out_dir is not None:
        foreign = foreign_record(out_dir, games, rules, opts, seats, seed)
        if foreign is not None:
            raise ValueError(f"records folder {out_dir} holds {foreign} from another run: "
                             "give this run's records folder or an empty one (nothing was "
                             "written)")
    first = 0
    store: RunStore | None = None
    if out is not None:
        manifest = Manifest(ruleset.id, opts, seats, seed, games, storage, flush_every,
                            max_hands)
        # The run directory stays locked (another command cannot write into it) until
        # its summary is written or the run stops.
        store, stored = open_store(out, manifest, resume=resume)
        # A resume may spell the stored table otherwise (an option given at its
        # default): the stored options stay the run's, in its report and records.
        opts = dict(store.manifest.options)
    elif resume:
        raise ValueError("resume needs the run directory (out) to continue")
    stats = SimStats(ruleset, opts, seats, seed, max_hands)
    try:
        if store is not None:
            for outcome in stored:
                stats.add(outcome)
                first += 1
        report = _play(runner, LazyTasks(_task_maker(seed, rules, opts, seats, records_dir,
                                                    max_hands), first, games),
                       stats, store, out_dir, first, games, progress)
        if out is not None:
            write_summary(out, report.to_json())
    finally:
        if store is not None:
            store.close()
    return report

"""A small duplicate arena: its statistics are consistent, and the CLI keeps the contract."""

from __future__ import annotations

import json
import math

import pytest

from tingpai.cli import main
from tingpai.engine import Hand, arrange_wall
from tingpai.rules import find_ruleset
from tingpai.sim.arena import (
    ArenaReport,
    ArenaTally,
    ArenaTask,
    _play,
    _t_within,
    fill_lineup,
    rotation,
    run_arena,
    stopping_level,
    t_quantile,
)
from tingpai.sim.readiness import no_pattern_ready

BOT_KEYS = {"bot", "seats", "points_per_game", "ci95", "win_rate", "deal_in_rate",
            "self_draw_rate", "avg_win_value", "no_pattern_ready_rate"}


@pytest.fixture(scope="module")
def small() -> ArenaReport:
    return run_arena("hu-4p", ["value", "greedy"], games=2, seed=11, max_hands=6)


def test_rotations_are_complete(small: ArenaReport) -> None:
    assert small.rotations == 4
    assert small.plays == 8
    assert small.lineup == ("value", "greedy", "value", "greedy")
    seats = {b.bot: b.seats for b in small.bots}
    assert seats == {"value": 2, "greedy": 2}
    # Every seat played every hand of every play: seat-hands add up to hands × seats.
    assert sum(b.hands for b in small.bots) == small.hands * 4


def test_rates_are_in_range_and_points_are_zero_sum(small: ArenaReport) -> None:
    for b in small.bots:
        for rate in (b.win_rate, b.deal_in_rate, b.self_draw_rate, b.no_pattern_ready_rate):
            assert 0.0 <= rate <= 1.0
        assert b.self_draw_rate <= b.win_rate
        assert b.ci95 is not None and b.ci95[0] <= b.points_per_game <= b.ci95[1]
    assert 0.0 <= small.draw_rate <= 1.0
    assert abs(sum(b.seats * b.points_per_game for b in small.bots)) < 1e-6
    # Every deal-in is somebody's win: over the table, deal-ins never exceed wins.
    wins = sum(b.win_rate * b.hands for b in small.bots)
    deal_ins = sum(b.deal_in_rate * b.hands for b in small.bots)
    assert deal_ins <= wins + 1e-6


def test_workers_do_not_change_the_results(small: ArenaReport) -> None:
    pooled = run_arena("hu-4p", ["value", "greedy"], games=2, seed=11, max_hands=6,
                       workers=2)
    assert pooled == small
    assert pooled.to_json() == small.to_json()  # the JSON too: no timing in it


def test_a_short_list_fills_the_table_and_rotations_move_it() -> None:
    assert fill_lineup(["value"], 3) == ("value",) * 3
    assert fill_lineup(["expert", "value", "greedy"], 4) == (
        "expert", "value", "greedy", "expert")
    assert rotation(("a", "b", "c"), 1) == ("b", "c", "a")
    with pytest.raises(ValueError, match="3 bots for a 2-player table"):
        fill_lineup(["value", "greedy", "random"], 2)
    with pytest.raises(ValueError, match="unknown bot 'oracle'"):
        fill_lineup(["oracle"], 4)


def test_the_interval_uses_students_t() -> None:
    assert t_quantile(1) == pytest.approx(12.706, abs=1e-3)
    assert t_quantile(10) == pytest.approx(2.228, abs=2e-3)
    assert t_quantile(400) == pytest.approx(1.966, abs=1e-3)
    assert math.isinf(t_quantile(0))
    # Other levels, against tables of Student's t.
    assert t_quantile(1, 0.99) == pytest.approx(63.657, abs=1e-3)
    assert t_quantile(2, 0.95) == pytest.approx(4.303, abs=1e-3)
    assert t_quantile(10, 0.99) == pytest.approx(3.169, abs=5e-3)
    assert t_quantile(30, 0.999) == pytest.approx(3.646, abs=5e-3)
    # Few sets and the stopping rule's levels: where an approximation fails (tables of
    # Student's t, two-sided; 4 looks of 400 games split 95% into 99.9875%).
    assert t_quantile(3) == pytest.approx(3.1824, abs=1e-4)
    assert t_quantile(4) == pytest.approx(2.7764, abs=1e-4)
    assert t_quantile(5) == pytest.approx(2.5706, abs=1e-4)
    assert t_quantile(3, 0.999) == pytest.approx(12.924, abs=1e-3)
    assert t_quantile(5, 0.999) == pytest.approx(6.869, abs=1e-3)
    assert t_quantile(3, 0.9995) == pytest.approx(16.326, abs=1e-3)


@pytest.mark.parametrize("df", [1, 2, 3, 7, 40, 900])
def test_the_quantile_inverts_the_distribution(df: int) -> None:
    """P(|T| <= t_quantile(df, level)) is the level itself, at every level tried."""
    for level in (0.5, 0.9, 0.95, 0.99, 0.999, 0.99995):
        assert _t_within(t_quantile(df, level), df) == pytest.approx(level, abs=1e-12)


@pytest.mark.parametrize(("games", "every", "level"),
                         [(400, 50, 1 - 0.05 / 8), (100, 10, 1 - 0.05 / 10), (30, 40, 0.95)])
def test_stopping_early_splits_the_95_percent_over_the_looks(
    games: int, every: int, level: float
) -> None:
    assert stopping_level(games, every) == pytest.approx(level)


def test_a_difference_significant_at_95_percent_need_not_stop_an_arena() -> None:
    tally = ArenaTally("hu-2p", {}, 0, ("value", "greedy"), 10, False)
    tally.set_means = {"value": [0.0, 2.0] * 5, "greedy": [0.0, -2.0] * 5}
    assert tally.significant()  # 1 ± 0.75 at 95%
    assert not tally.significant(stopping_level(400, 10))  # 1 ± 1.5 at 99.875%
    low, high = tally.interval("value", stopping_level(400, 10)) or (0.0, 0.0)
    assert low < 0 < high


def test_until_significant_stops_at_the_first_look_that_clears_the_corrected_level() -> None:
    full = run_arena("hu-2p", ["greedy", "random"], games=40, seed=2, until_significant=10)
    assert full.games == 10
    ci = full.bots[0].ci95
    assert ci is not None and ci[0] > 0


def test_the_arenas_ready_without_win_is_the_labs_no_pattern_ready() -> None:
    rs = find_ruleset("hk-4p")
    # Seat 1 holds a closed pung hand ready on 3s/6s: Closed Hand and Self-Draw make 2 fan
    # at most, under the table's 3.  Seat 2 is ready with a half flush (3 fan).
    wall = arrange_wall(rs, {1: "111m456p789s22z45s", 2: "123m456m789m11z45m"})
    hand = Hand(rs, wall)
    assert no_pattern_ready(hand, 1) is True
    assert no_pattern_ready(hand, 2) is False
    assert no_pattern_ready(hand, 3) is None  # filler: not ready


def test_cli_json_keeps_the_contract(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["arena", "--rules", "hu-2p", "--bots", "greedy,random", "--games", "2",
                   "--seed", "3", "--json"])
    assert status == 0
    data = json.loads(capsys.readouterr().out)
    assert {"rules", "games", "hands", "bots", "draw_rate"} <= set(data)
    assert data["rules"] == "hu-2p" and data["games"] == 2
    assert [b["bot"] for b in data["bots"]] == ["greedy", "random"]
    for b in data["bots"]:
        assert set(b) >= BOT_KEYS
        assert len(b["ci95"]) == 2


def test_cli_human_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--rules", "hu-2p", "--bots", "greedy", "--games", "1"]) == 0
    out = capsys.readouterr().out
    assert "greedy" in out and "pts/game" in out and "deal-in" in out and "±95%" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [(["--bots", "oracle"], "oracle"), (["--bots", "greedy", "--rules", "hu-9p"], "hu-9p"),
     (["--bots", "greedy,greedy,greedy", "--rules", "hu-2p"], "2-player"),
     (["--bots", "greedy", "--option", "nonsense=1"], "nonsense"),
     (["--bots", "greedy", "--until-significant", "1"], "--until-significant must be at least 2")],
)
def test_cli_bad_arguments_exit_2(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["arena", "--games", "1", "--json", *args]) == 2
    assert message in json.loads(capsys.readouterr().out)["error"]



def test_a_discard_two_seats_win_on_is_one_deal_in() -> None:
    """Hu pays every winner on one discard: its discarder dealt in once in that hand (a
    rate per hand played).  Game 2 of seed 5 at hu-4p has two winners on seat 1's discard;
    the tally is checked against the hands each seat paid as discarder, read from the
    game's own record."""
    import random

    import tingpai
    from tingpai.sim.games import game_seed

    lineup = fill_lineup(["greedy", "random"], 4)
    seed = game_seed(5, 2)
    tally = _play(ArenaTask(2, seed, "hu-4p", {}, lineup, 150), 0)
    bots = [tingpai.find_bot(b, random.Random(f"arena/{seed}/{b}/{s}"))
            for s, b in enumerate(lineup)]
    rng = random.Random(seed)
    match = tingpai.Match("hu-4p", rng=random.Random(rng.getrandbits(64)))
    while not match.is_over:
        seat = match.to_act()[0]
        match.apply(bots[seat].act(match.observe(seat)))
    dealt_in = [0] * 4
    doubles = 0
    for hand in tingpai.replay(match.record()).to_json()["hands"]:
        payers = {w["from"] for w in hand["winners"] if w["win"] in ("discard", "robbing-kong")}
        doubles += len(hand["winners"]) > 1
        for payer in payers:
            dealt_in[payer] += 1
    assert doubles >= 1  # the case this test is about
    assert [t.deal_ins for t in tally.seats] == dealt_in

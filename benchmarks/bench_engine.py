"""Self-play speed: complete hands per second on one core, tingpai against peers (issue #4).

tingpai plays full games (``random`` and ``greedy`` bots, every seat the same) of hu-4p,
hu-3p, hu-2p, hk-4p and hk-fanlaak (``--rules``) through :func:`tingpai.sim.play_task`,
exactly as ``tingpai sim`` does without records.  The peers play in the same run, each
with the bots it ships:

* RLCard's ``mahjong`` environment with its random agents (``env.run``, one hand each);
* ``pymahjong``'s multi-agent environment with uniformly random valid actions, reading
  each actor's observation as its README example does;
* RiichiEnv (one-hand game mode) with its random agent;
* hk-mahjong's own greedy AI (``BasicAI``) playing all four seats, driven headless the way
  its terminal app drives AI seats.

Each measurement runs for about ``--seconds`` (whole hands or games, after one warm-up),
so the total stays a few minutes.  A peer that fails to import or to run is reported and
skipped.  Targets: tingpai ``random`` hu-4p ≥ 3.5x RLCard; tingpai ``greedy`` hu-4p ≥ 3x
hk-mahjong (aim 5x).  Exit status 1 when a target is missed.

Run: ``make bench`` or ``.venv/bin/python benchmarks/bench_engine.py [--seconds S]
[--rules R,R] [--no-peers]``.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import random
import sys
import time
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tingpai.rules import find_ruleset
from tingpai.sim import GameTask, game_seed, play_task

SEED = 20240604
TARGET_RANDOM = 3.5
"""tingpai random self-play (hu-4p) over RLCard random agents."""
TARGET_GREEDY = 3.0
"""tingpai greedy self-play (hu-4p) over hk-mahjong's greedy AI."""
AIM_GREEDY = 5.0
RULES = ("hu-4p", "hu-3p", "hu-2p", "hk-4p", "hk-fanlaak")
"""Rulesets timed by default (the Hu targets are checked on hu-4p)."""


@dataclass(frozen=True)
class Row:
    """One measurement: hands completed in some seconds."""

    name: str
    bots: str
    hands: int
    seconds: float

    @property
    def rate(self) -> float:
        """Hands per second."""
        return self.hands / self.seconds if self.seconds > 0 else 0.0


def timed(play: Callable[[int], int], seconds: float) -> tuple[int, float]:
    """Call ``play(i)`` (returns hands played) for i = 0, 1, ... until ``seconds`` pass,
    after one untimed warm-up call; returns (hands, elapsed seconds)."""
    play(-1)
    hands = 0
    i = 0
    start = time.perf_counter()
    while True:
        hands += play(i)
        i += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return hands, elapsed


# --- tingpai ----------------------------------------------------------------------------


def tingpai_player(rules: str, bot: str) -> Callable[[int], int]:
    """Play game ``i`` of a seeded run; returns its hand count."""
    players = find_ruleset(rules).options.players
    bots = (bot,) * players

    def play(i: int) -> int:
        task = GameTask(i, game_seed(SEED, i + 1), rules, {}, bots)
        return len(play_task(task).hands)

    return play


# --- peers --------------------------------------------------------------------------------


def rlcard_player() -> Callable[[int], int]:
    """RLCard ``mahjong`` with its random agents: one ``env.run`` is one hand."""
    import rlcard
    from rlcard.agents import RandomAgent

    env = rlcard.make("mahjong", config={"seed": SEED})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])

    def play(i: int) -> int:
        env.run(is_training=False)
        return 1

    return play


def pymahjong_player() -> Callable[[int], int]:
    """pymahjong's multi-agent env, random valid actions (its README's example loop)."""
    import numpy as np
    import pymahjong

    env = pymahjong.MahjongEnv()
    rng = np.random.default_rng(SEED)

    def play(i: int) -> int:
        env.reset(oya=i % 4, game_wind="east")
        while not env.is_over():
            pid = env.get_curr_player_id()
            valid = env.get_valid_actions()
            env.get_obs(pid)
            env.step(pid, rng.choice(valid))
        return 1

    return play


def riichienv_player() -> Callable[[int], int]:
    """RiichiEnv, one-hand game mode, its random agent on every seat."""
    from riichienv import RiichiEnv
    from riichienv.agents import RandomAgent

    agent = RandomAgent(seed=SEED)

    def play(i: int) -> int:
        env = RiichiEnv(game_mode=0, seed=SEED + i)
        obs = env.reset()
        while not env.done():
            obs = env.step({p: agent.act(o) for p, o in obs.items()})
        return 1

    return play


def hk_mahjong_player() -> Callable[[int], int]:
    """hk-mahjong's ``BasicAI`` on all four seats, one round (hand) per call.

    The loop follows the app's AI turn (``App._handle_ai_turn`` and the claim round after
    a discard) without the screen and the pauses.
    """
    from hk_mahjong.ai.basic_ai import BasicAI
    from hk_mahjong.core.game_state import ActionType, GameState, TurnPhase
    from hk_mahjong.core.rules import ClaimType, resolve_claims
    from hk_mahjong.core.wall import WallExhaustedError

    ai = BasicAI()

    def play(i: int) -> int:
        game = GameState()
        game.setup_round(seed=SEED + i)
        for _ in range(10_000):
            if game.turn_phase is TurnPhase.ROUND_OVER:
                return 1
            player = game.players[game.current_player]
            if game.turn_phase is TurnPhase.DRAWING:
                try:
                    game.do_draw()
                except WallExhaustedError:
                    return 1  # the dead wall ran out: the round ends drawn
            if game.turn_phase is not TurnPhase.DRAWN:
                continue
            action = ai.choose_action_after_draw(player, game)
            if action is ActionType.DECLARE_WIN:
                try:
                    game.do_self_drawn_win()
                    continue
                except ValueError:
                    pass
            elif action is ActionType.DECLARE_CONCEALED_KONG:
                kongs = player.hand.can_self_kong()
                if kongs:
                    tile = kongs[0]
                    concealed = player.hand.concealed.count(tile) >= 4
                    game.do_declare_kong(tile, concealed=concealed, promote=not concealed)
                    continue
            discard = ai.choose_discard(player, game)
            game.do_discard(discard)
            valid = game.get_valid_claims(discard, game.last_discarder)
            claims = [
                ai.choose_claim(game.players[seat], discard, kinds, game)
                for seat, kinds in valid.items()
            ]
            winner = resolve_claims(claims) if claims else None
            if winner is not None and winner.claim_type is not ClaimType.PASS:
                game.resolve_claim(winner)
            else:
                game.advance_turn()
        raise RuntimeError("hk-mahjong round did not end in 10,000 steps")

    return play


PEERS: tuple[tuple[str, str, Callable[[], Callable[[int], int]]], ...] = (
    ("RLCard mahjong", "random", rlcard_player),
    ("pymahjong", "random", pymahjong_player),
    ("RiichiEnv", "random", riichienv_player),
    ("hk-mahjong", "greedy (BasicAI)", hk_mahjong_player),
)


def measure_peer(
    name: str, bots: str, make: Callable[[], Callable[[int], int]], seconds: float
) -> Row | None:
    """Time one peer; on any failure print why and return None."""
    try:
        with warnings.catch_warnings(), contextlib.redirect_stdout(io.StringIO()):
            warnings.simplefilter("ignore")
            hands, elapsed = timed(make(), seconds)
    except Exception as exc:  # a peer's failure must not stop the benchmark
        print(f"  {name}: skipped ({type(exc).__name__}: {exc})", flush=True)
        return None
    return Row(name, bots, hands, elapsed)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark; exit 1 when a target ratio is missed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=8.0, help="time per measurement")
    parser.add_argument("--no-peers", action="store_true", help="time tingpai only")
    parser.add_argument("--rules", default=",".join(RULES),
                        help=f"comma-separated ruleset ids (default: {','.join(RULES)})")
    args = parser.parse_args(argv)
    random.seed(SEED)

    rows: list[Row] = []
    print(f"about {args.seconds:g} s per row, one core, Python {sys.version.split()[0]}",
          flush=True)
    for rules in args.rules.split(","):
        for bot in ("random", "greedy"):
            hands, elapsed = timed(tingpai_player(rules, bot), args.seconds)
            rows.append(Row(f"tingpai {rules}", bot, hands, elapsed))
            print(f"  tingpai {rules} {bot}: {hands / elapsed:,.1f} hands/s", flush=True)
    peers: dict[str, Row] = {}
    if not args.no_peers:
        for name, bots, make in PEERS:
            row = measure_peer(name, bots, make, args.seconds)
            if row is not None:
                rows.append(row)
                peers[name] = row
                print(f"  {name}: {row.rate:,.1f} hands/s", flush=True)

    print()
    print(f"{'':22}{'bots':>18}{'hands':>9}{'seconds':>9}{'hands/s':>11}")
    for r in rows:
        print(f"{r.name:22}{r.bots:>18}{r.hands:>9,}{r.seconds:>9.1f}{r.rate:>11,.1f}")

    ours = {(r.name, r.bots): r.rate for r in rows}
    ok = True
    checks = (
        ("random", "RLCard mahjong", TARGET_RANDOM, None),
        ("greedy", "hk-mahjong", TARGET_GREEDY, AIM_GREEDY),
    )
    print()
    for bot, peer, target, aim in checks:
        row = peers.get(peer)
        if row is None:
            print(f"tingpai hu-4p {bot} vs {peer}: n/a (peer not measured)")
            continue
        mine = ours.get(("tingpai hu-4p", bot))
        if mine is None:
            print(f"tingpai hu-4p {bot} vs {peer}: n/a (hu-4p not measured)")
            continue
        ratio = mine / row.rate
        goal = f"target {target:g}x" + (f", aim {aim:g}x" if aim else "")
        print(f"tingpai hu-4p {bot} vs {peer}: {ratio:.1f}x ({goal})")
        if ratio < target:
            print(f"MISSED: {bot} ratio {ratio:.1f}x < {target:g}x")
            ok = False
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

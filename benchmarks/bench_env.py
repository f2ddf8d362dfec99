"""Environment speed: steps per second with random masked actions, tingpai beside RLCard's
mahjong and RiichiEnv (issue #12).

Every row takes uniformly random legal actions and builds each acting agent's numeric
observation, as a learner would:

* tingpai's PettingZoo AEC environment (``env.last()``: the 502-value vector and the
  136-slot mask, then ``env.step``), hand episodes, for every ruleset id;
* tingpai's Gymnasium environment, one learning seat against ``random`` bots (a step is one
  learner decision; the bots' turns run inside it);
* RLCard's ``mahjong`` environment (``env.step`` computes the next player's ``obs``
  tensor and legal actions), one hand per episode;
* RiichiEnv (Rust, one-hand game mode): ``env.step`` with a random legal action for every
  agent asked, each agent's ``obs.encode()`` features computed.

Also PettingZoo's own ``performance_benchmark`` (its 5-second loop) for every ruleset id.
Target: tingpai's AEC steps per second on hu-4p above RLCard's.  Exit status 1 when missed.

Run: ``make bench`` or ``.venv/bin/python benchmarks/bench_env.py [--seconds S]``.
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

import numpy as np

from tingpai.rules import ruleset_ids

SEED = 20240612
Stepper = Callable[[], int]
"""Advances an environment by one step (resetting it when an episode ends); returns the
steps taken (1)."""


def steps_per_second(make: Callable[[], Stepper], seconds: float) -> tuple[int, float]:
    """Steps taken in about ``seconds`` after a short warm-up; (steps, elapsed)."""
    step = make()
    for _ in range(200):
        step()
    steps = 0
    start = time.perf_counter()
    while True:
        for _ in range(100):
            steps += step()
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return steps, elapsed


def tingpai_aec(rules: str) -> Stepper:
    """tingpai's AEC environment with masked random actions."""
    from tingpai.env import pettingzoo_env

    env = pettingzoo_env(rules)
    env.reset(seed=SEED)
    rng = random.Random(SEED)

    def step() -> int:
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            if not env.agents:
                env.reset()
            return 1
        env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
        return 1

    return step


def tingpai_gym(rules: str) -> Stepper:
    """tingpai's Gymnasium environment, one seat against random bots."""
    import gymnasium

    import tingpai.env  # noqa: F401 - registers the ids

    env = gymnasium.make(f"tingpai/{rules}-v0", opponents="random")
    rng = np.random.default_rng(SEED)
    state = {"obs": env.reset(seed=SEED)[0]}

    def step() -> int:
        action = int(rng.choice(np.flatnonzero(state["obs"]["action_mask"])))
        obs, _, terminated, truncated, _ = env.step(action)
        state["obs"] = env.reset()[0] if terminated or truncated else obs
        return 1

    return step


def rlcard_mahjong() -> Stepper:
    """RLCard's mahjong environment, random legal actions."""
    import rlcard

    env = rlcard.make("mahjong", config={"seed": SEED})
    rng = random.Random(SEED)
    current = {"state": env.reset()[0]}

    def step() -> int:
        legal = list(current["state"]["legal_actions"])
        state, _ = env.step(rng.choice(legal))
        current["state"] = env.reset()[0] if env.is_over() else state
        return 1

    return step


def riichienv() -> Stepper:
    """RiichiEnv, one-hand game mode: random legal actions, features encoded."""
    from riichienv import RiichiEnv

    rng = random.Random(SEED)
    games = iter(range(SEED, SEED + 10**9))
    env = RiichiEnv(game_mode=0, seed=next(games))
    current = {"obs": env.reset()}

    def step() -> int:
        nonlocal env
        actions = {}
        for player, obs in current["obs"].items():
            obs.encode()
            actions[player] = rng.choice(obs.legal_actions())
        current["obs"] = env.step(actions)
        if env.done():
            env = RiichiEnv(game_mode=0, seed=next(games))
            current["obs"] = env.reset()
        return 1

    return step


def measure(name: str, make: Callable[[], Stepper], seconds: float) -> float | None:
    """Steps per second of one environment, or None (and why) when it cannot run."""
    try:
        with warnings.catch_warnings(), contextlib.redirect_stdout(io.StringIO()):
            warnings.simplefilter("ignore")
            steps, elapsed = steps_per_second(make, seconds)
    except Exception as exc:  # a peer's failure must not stop the benchmark
        print(f"  {name}: skipped ({type(exc).__name__}: {exc})", flush=True)
        return None
    rate = steps / elapsed
    print(f"  {name:34}{steps:>9,} steps {elapsed:>6.1f} s {rate:>11,.0f} steps/s", flush=True)
    return rate


def pettingzoo_benchmark(rules: str) -> float | None:
    """PettingZoo's performance_benchmark (5 s); its turns per second."""
    from pettingzoo.test import performance_benchmark

    from tingpai.env import pettingzoo_env

    buf = io.StringIO()
    with warnings.catch_warnings(), contextlib.redirect_stdout(buf):
        warnings.simplefilter("ignore")
        performance_benchmark(pettingzoo_env(rules))
    for line in buf.getvalue().splitlines():
        if line.endswith("turns per second"):
            return float(line.split()[0])
    return None


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark; exit 1 when tingpai's AEC environment is not faster than RLCard's."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=5.0, help="time per measurement")
    parser.add_argument("--no-peers", action="store_true", help="time tingpai only")
    parser.add_argument("--no-pettingzoo", action="store_true",
                        help="skip PettingZoo's own 5-second benchmark per ruleset")
    args = parser.parse_args(argv)
    print(f"about {args.seconds:g} s per row, one core, Python {sys.version.split()[0]}",
          flush=True)
    rates: dict[str, float | None] = {}
    for rules in ruleset_ids():
        rates[f"aec {rules}"] = measure(f"tingpai AEC {rules}",
                                        lambda r=rules: tingpai_aec(r), args.seconds)
    for rules in ("hu-4p", "hk-4p"):
        rates[f"gym {rules}"] = measure(f"tingpai Gymnasium {rules} vs random",
                                        lambda r=rules: tingpai_gym(r), args.seconds)
    if not args.no_peers:
        rates["rlcard"] = measure("RLCard mahjong", rlcard_mahjong, args.seconds)
        rates["riichienv"] = measure("RiichiEnv (Rust)", riichienv, args.seconds)
    if not args.no_pettingzoo:
        print("\nPettingZoo performance_benchmark (5 s each):")
        for rules in ruleset_ids():
            turns = pettingzoo_benchmark(rules)
            print(f"  {rules:14}{turns:>11,.0f} turns/s" if turns else f"  {rules}: n/a",
                  flush=True)
    ours, peer = rates.get("aec hu-4p"), rates.get("rlcard")
    print()
    if ours is None or peer is None:
        print("tingpai AEC hu-4p vs RLCard mahjong: n/a (not measured)")
        return 0
    ratio = ours / peer
    print(f"tingpai AEC hu-4p vs RLCard mahjong: {ratio:.1f}x (target > 1x)")
    riichi = rates.get("riichienv")
    if riichi:
        print(f"tingpai AEC hu-4p vs RiichiEnv: {ours / riichi:.2f}x")
    if ratio <= 1:
        print(f"MISSED: {ratio:.2f}x <= 1x")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""A masked random policy for 10,000 steps of ``tingpai/hu-4p-v0`` against greedy bots,
and its reward curve.

The learner takes uniformly random *legal* actions (the ``action_mask`` of each
observation); every episode is one hand (rarely more: a hand the bots end before the
learner's first decision joins the next) and its reward the points the learner won or paid.
The curve shows each episode's reward, a 100-hand moving average and the cumulative total:
what a learning agent should beat.

Run: ``.venv/bin/python examples/masked_random_policy.py [--steps N] [--out reward_curve.png]``
(needs the ``env`` and ``lab`` extras: gymnasium, pettingzoo, matplotlib).
"""

from __future__ import annotations

import argparse

import gymnasium
import numpy as np
from matplotlib.figure import Figure

import tingpai.env  # noqa: F401 - registers tingpai/<ruleset-id>-v0


def run(steps: int, seed: int, rules: str, opponents: str) -> list[float]:
    """Play ``steps`` learner decisions; the reward of every finished hand, in order."""
    env = gymnasium.make(f"tingpai/{rules}-v0", opponents=opponents)
    rng = np.random.default_rng(seed)
    obs, _ = env.reset(seed=seed)
    rewards: list[float] = []
    hand_reward = 0.0
    for _ in range(steps):
        legal = np.flatnonzero(obs["action_mask"])
        obs, reward, terminated, truncated, _ = env.step(int(rng.choice(legal)))
        hand_reward += reward
        if terminated or truncated:
            rewards.append(hand_reward)
            hand_reward = 0.0
            obs, _ = env.reset()  # the next hand of the same game (a new game when over)
    return rewards


def plot(rewards: list[float], path: str, title: str) -> None:
    """Per-hand rewards, their moving average and the cumulative total, saved as PNG."""
    hands = np.arange(1, len(rewards) + 1)
    values = np.asarray(rewards)
    window = min(100, len(values))
    moving = np.convolve(values, np.ones(window) / window, mode="valid")
    fig = Figure(figsize=(8, 4.5), layout="constrained")
    ax = fig.subplots()
    ax.scatter(hands, values, s=6, alpha=0.3, label="reward of the hand")
    ax.plot(hands[window - 1 :], moving, color="C1", lw=2, label=f"{window}-hand average")
    ax.axhline(0, color="grey", lw=0.8)
    ax.set_xlabel("hand")
    ax.set_ylabel("points won (+) or paid (-)")
    total = ax.twinx()
    total.plot(hands, np.cumsum(values), color="C3", lw=1.5, label="cumulative")
    total.set_ylabel("cumulative points")
    lines = ax.get_legend_handles_labels()
    more = total.get_legend_handles_labels()
    ax.legend(lines[0] + more[0], lines[1] + more[1], loc="lower left", fontsize=8)
    ax.set_title(title)
    fig.savefig(path, dpi=110)


def main() -> None:
    """Run the policy and save the curve."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--steps", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default="hu-4p")
    parser.add_argument("--opponents", default="greedy")
    parser.add_argument("--out", default="reward_curve.png")
    args = parser.parse_args()
    rewards = run(args.steps, args.seed, args.rules, args.opponents)
    mean = float(np.mean(rewards)) if rewards else 0.0
    print(f"{args.steps:,} steps, {len(rewards):,} hands, mean reward per hand {mean:+,.1f}, "
          f"total {sum(rewards):+,.0f}")
    plot(rewards, args.out, f"Masked random policy vs {args.opponents} bots, {args.rules} "
         f"({args.steps:,} steps)")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()

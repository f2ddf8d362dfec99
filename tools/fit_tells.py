"""Fit the expert's danger model (:mod:`tingpai.bots.tells`) on self-play, or its model of
which kinds the opponents discard next.

For every discard decision of a self-play game, each (opponent, tile the actor holds) pair
is one sample: the features the actor sees, and whether the opponent could legally win on
that tile at that moment (read from the hidden state, which only this tool looks at).  A
weighted logistic regression (Newton's method, a little L2) is fitted per ruleset id over
the distinct feature rows, and the weights are written to
``src/tingpai/bots/tell_weights.py``.  Held-out games measure the model against the
hand-made reading (:class:`tingpai.bots.danger.TableReading`): log loss and AUC.

    .venv/bin/python tools/fit_tells.py --hands 400 [--rules hu-4p ...] [--bots value]

``--model discards`` fits, over the same features, the chance that an opponent's next
discard is each kind (every kind with an unseen copy is a sample, labelled from what the
opponent does next), which the expert uses to price its waits; the weights go to
``src/tingpai/bots/discard_weights.py`` and are measured against the uniform share of the
unseen tiles that the ``value`` bot assumes.

Needs numpy (the ``env`` extra).
"""

from __future__ import annotations

import argparse
import importlib
import random
import sys
import textwrap
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from tingpai import Match, find_bot, find_ruleset, ruleset_ids
from tingpai.bots.danger import TableReading
from tingpai.bots.knowledge import table_knowledge
from tingpai.bots.tells import FEATURES, opponent_features
from tingpai.engine.actions import ActionKind
from tingpai.engine.hand import Hand
from tingpai.engine.observation import Observation
from tingpai.engine.results import Phase
from tingpai.rules.base import WinKind
from tingpai.scoring import Score, score
from tingpai.tiles import NUM_KINDS

OUT = Path(__file__).resolve().parent.parent / "src" / "tingpai" / "bots" / "tell_weights.py"
Row = tuple[tuple[int, ...], int, float]


def legal_win(hand: Hand, o: int, tile: int) -> Score | None:
    """The score of seat ``o`` winning on ``tile`` discarded now, if that is a legal win."""
    if tile not in hand._waits_of(o) or hand.is_furiten(o):
        return None
    result = score(hand._situation(o, tile, tile, WinKind.DISCARD), hand.ruleset)
    return result if result.valid else None


def can_win_on(hand: Hand, o: int, tile: int) -> bool:
    """Whether seat ``o`` could legally win on ``tile`` discarded now."""
    return legal_win(hand, o, tile) is not None


def samples(rules: str, bots: str, hands: int, seed: int, *, with_ready: bool = False
            ) -> list[Row]:
    """(features, label, hand-made danger) for every sample of ``hands`` hands;
    ``with_ready`` adds the opponent's readiness (hidden) as one more feature (``FEATURES``
    + 1 when ready, ``FEATURES`` when not: ``tools/reading_bound.py``)."""
    out: list[Row] = []
    played = 0
    game = 0
    while played < hands:
        match = Match(rules, seed=seed * 100_000 + game, auto_deal=False)
        players = match.players
        seats = [find_bot(bots, random.Random(seed + s)) for s in range(players)]
        game += 1
        while not match.is_over and played < hands:
            hand = match.next_hand()
            played += 1
            while not hand.is_over:
                seat = hand.to_act()[0]
                obs = hand.observe(seat)
                if obs.phase is Phase.TURN and any(
                    a.kind is ActionKind.DISCARD for a in obs.legal
                ):
                    out.extend(_decision_samples(hand, obs, with_ready))
                hand.apply(seats[seat].act(obs))
    return out


def _decision_samples(hand: Hand, obs: Observation, with_ready: bool = False
                      ) -> Iterator[Row]:
    """The samples of one discard decision: each opponent × each kind the actor holds."""
    held = [t for t, n in enumerate(obs.concealed) if n]
    reading = TableReading(obs, learned=False)
    by_seat = {op.seat: op for op in reading.opponents}
    for o in range(obs.players):
        if o == obs.seat:
            continue
        feats = opponent_features(obs, o)
        danger = by_seat[o].danger
        extra = (FEATURES + bool(hand._waits_of(o)),) if with_ready else ()
        for t in held:
            yield (*feats[t], *extra), int(can_win_on(hand, o, t)), danger[t]


def discard_samples(rules: str, bots: str, hands: int, seed: int) -> list[Row]:
    """(features, label, uniform chance) for the discard model: at each discard decision,
    for each opponent and each kind with an unseen copy, the features the actor sees and
    whether that opponent's next discard is that kind; the uniform chance is the kind's
    share of the unseen tiles (what the ``value`` bot assumes)."""
    out: list[Row] = []
    played = 0
    game = 0
    while played < hands:
        match = Match(rules, seed=seed * 100_000 + game, auto_deal=False)
        seats = [find_bot(bots, random.Random(seed + s)) for s in range(match.players)]
        game += 1
        while not match.is_over and played < hands:
            hand = match.next_hand()
            played += 1
            # Per opponent: the actor's view of it, waiting for its next discard.
            waiting: dict[int, list[tuple[list[list[int]], list[int]]]] = {}
            while not hand.is_over:
                seat = hand.to_act()[0]
                obs = hand.observe(seat)
                action = seats[seat].act(obs)
                if obs.phase is Phase.TURN and action.kind is ActionKind.DISCARD:
                    for feats, unseen in waiting.pop(seat, []):
                        total = max(1, sum(unseen))
                        out.extend((tuple(feats[t]), int(action.tile == t), unseen[t] / total)
                                   for t in range(NUM_KINDS) if unseen[t])
                    unseen = table_knowledge(obs.ruleset).unseen(obs.visible, obs.concealed)
                    for o in range(obs.players):
                        if o != seat:
                            waiting.setdefault(o, []).append((opponent_features(obs, o), unseen))
                hand.apply(action)
    return out


def fit(rows: list[Row], l2: float = 1.0, steps: int = 25, width: int = FEATURES
        ) -> np.ndarray:
    """Weighted logistic regression over the distinct feature rows (``width`` weights; the
    bias is weight ``FEATURES - 1``)."""
    counts: Counter[tuple[tuple[int, ...], int]] = Counter((f, y) for f, y, _ in rows)
    keys = list(counts)
    x = np.zeros((len(keys), width))
    y = np.zeros(len(keys))
    n = np.zeros(len(keys))
    for i, (f, label) in enumerate(keys):
        x[i, list(f)] = 1.0
        y[i] = label
        n[i] = counts[(f, label)]
    w = np.zeros(width)
    base = max(1e-6, float((y * n).sum() / n.sum()))
    w[FEATURES - 1] = np.log(base / (1 - base))

    def objective(v: np.ndarray) -> float:
        z = np.clip(x @ v, -30, 30)
        return float((n * (np.logaddexp(0, z) - y * z)).sum() + 0.5 * l2 * (v @ v))

    current = objective(w)
    for _ in range(steps):
        z = np.clip(x @ w, -30, 30)
        p = 1 / (1 + np.exp(-z))
        grad = x.T @ (n * (p - y)) + l2 * w
        hess = (x * (n * p * (1 - p))[:, None]).T @ x + l2 * np.eye(width)
        step = np.linalg.solve(hess, grad)
        scale = 1.0
        while scale > 1e-4:  # damped Newton: halve the step until the loss falls
            trial = w - scale * step
            value = objective(trial)
            if value <= current:
                break
            scale /= 2
        else:
            break
        w, gain, current = trial, current - value, value
        if gain < 1e-7 * max(1.0, current):
            break
    return w


def predict(w: np.ndarray, rows: list[Row]) -> np.ndarray:
    """The model's chance for each sample."""
    z = np.array([sum(w[i] for i in f) for f, _, _ in rows])
    out: np.ndarray = 1 / (1 + np.exp(-np.clip(z, -30, 30)))
    return out


def log_loss(p: np.ndarray, y: np.ndarray) -> float:
    p = np.clip(p, 1e-6, 1 - 1e-6)
    return float(-(y * np.log(p) + (1 - y) * np.log(1 - p)).mean())


def auc(p: np.ndarray, y: np.ndarray) -> float:
    order = np.argsort(p, kind="mergesort")
    ranks = np.empty(len(p))
    ranks[order] = np.arange(1, len(p) + 1)
    pos = y.sum()
    neg = len(y) - pos
    if not pos or not neg:
        return float("nan")
    return float((ranks[y == 1].sum() - pos * (pos + 1) / 2) / (pos * neg))


@dataclass(frozen=True)
class Model:
    """One fitted model of :mod:`tingpai.bots.tells`' features: how its samples are
    drawn, what a positive sample is called, what it is measured against, and the module
    its weights are written to."""

    name: str
    sampler: Callable[[str, str, int, int], list[Row]]
    positives: str
    baseline: str
    module: str
    title: str


MODELS = {model.name: model for model in (
    Model("danger", samples, "deal-ins", "hand-made", "tell_weights",
          "the expert's danger model"),
    Model("discards", discard_samples, "discards of the kind", "uniform", "discard_weights",
          "the expert's model of which kind an opponent discards next"),
)}


def _job(args: tuple[str, str, str, int, int]) -> tuple[str, list[Row], list[Row]]:
    model, rules, bots, hands, seed = args
    sampler = MODELS[model].sampler
    train = sampler(rules, bots, hands, seed)
    test = sampler(rules, bots, max(20, hands // 4), seed + 7_777)
    return rules, train, test


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", nargs="*", default=list(ruleset_ids()))
    parser.add_argument("--bots", default="value")
    parser.add_argument("--hands", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--model", choices=sorted(MODELS), default="danger")
    args = parser.parse_args(argv)
    model = MODELS[args.model]
    fitted: dict[str, tuple[float, ...]] = {}
    fits: dict[str, str] = {}
    jobs = [(args.model, find_ruleset(r).id, args.bots, args.hands, args.seed)
            for r in args.rules]
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for rules, train, test in pool.map(_job, jobs):
            w = fit(train)
            y = np.array([label for _, label, _ in test], dtype=float)
            p_model = predict(w, test)
            p_base = np.clip(np.array([d for _, _, d in test]), 0.0, 1.0)
            fits[rules] = (
                f"--hands {args.hands} --bots {args.bots} --seed {args.seed}: "
                f"{len(train):,} samples ({sum(r[1] for r in train):,} {model.positives}); "
                f"held out {len(test):,}: log loss {log_loss(p_model, y):.4f} "
                f"({model.baseline} {log_loss(p_base, y):.4f}), AUC {auc(p_model, y):.3f} "
                f"({model.baseline} {auc(p_base, y):.3f})")
            print(f"{rules}: {fits[rules]}", flush=True)
            fitted[rules] = tuple(round(float(v), 4) for v in w)
    out = OUT.with_name(f"{model.module}.py")
    if out.exists():
        shipped = importlib.import_module(f"tingpai.bots.{model.module}")
        fitted = {**shipped.WEIGHTS, **fitted}
        fits = {**shipped.FITS, **fits}
    _write(out, model, fitted, fits)
    return 0


def _write(out: Path, model: Model, weights: dict[str, tuple[float, ...]],
           fits: dict[str, str]) -> None:
    head = (f"Fitted weights of {model.title} (:mod:`tingpai.bots.tells`' features), per "
            "ruleset id, with how each was fitted and how it did on held-out games (log "
            f"loss and AUC against the {model.baseline} reading).  Generated by "
            f"``tools/fit_tells.py --model {model.name}``: do not edit.")
    lines = textwrap.wrap(head, 86)
    body = [
        f'"""{lines[0]}',
        *lines[1:],
        '"""',
        "",
        "FITS: dict[str, str] = {",
    ]
    for rules in sorted(fits):
        body.append(f'    "{rules}": (')
        body.extend(f"        {chunk!r}" for chunk in textwrap.wrap(
            fits[rules], 80, drop_whitespace=False))
        body.append("    ),")
    body += ["}", "", "WEIGHTS: dict[str, tuple[float, ...]] = {"]
    for rules in sorted(weights):
        body.append(f'    "{rules}": (')
        values = weights[rules]
        for i in range(0, len(values), 8):
            body.append("        " + ", ".join(f"{v}" for v in values[i:i + 8]) + ",")
        body.append("    ),")
    body.append("}")
    out.write_text("\n".join(body) + "\n")


if __name__ == "__main__":
    sys.exit(main())

"""AUDIT helper: drive whole bot games of a Hong Kong ruleset and hold the engine to the
independent referee (:mod:`tests.audit.hkreferee`) at every step, then walk the game's
record again with a fresh referee and compare it with ``tingpai.replay``."""

from __future__ import annotations

import random
from typing import Any

import tingpai

from .hkreferee import Config, GameRef, HandRef, RefereeError, Stats, act_of, tile_set


class Grabby:
    """A bot of this audit: wins whenever it may, takes kongs and claims eagerly, discards
    at random, so that kongs, robbing, late claims and pao come up often."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, obs: Any) -> Any:
        legal = list(obs.legal)
        by: dict[str, list[Any]] = {}
        for a in legal:
            by.setdefault(a.kind.value, []).append(a)
        for kinds, p in ((("ron", "tsumo"), 0.95), (("kong", "ckong", "akong"), 0.9),
                         (("pung",), 0.7), (("chow",), 0.5)):
            options = [a for k in kinds for a in by.get(k, [])]
            if options and self.rng.random() < p:
                return self.rng.choice(options)
        rest = by.get("pass") or by.get("discard") or legal
        return self.rng.choice(rest)


def make_bot(name: str, rng: random.Random) -> Any:
    return Grabby(rng) if name == "grabby" else tingpai.find_bot(name, rng)


def clumpy_wall(players: int, rng: random.Random) -> list[int]:
    """A legal wall whose tiles come in runs of equal tiles (each kind's four split 2+2,
    3+1 or 4): dealt hands full of pairs and pungs, so that pungs, kongs, robbing, dragon
    and fourth-meld liability and All Pungs wins come up often."""
    chunks: list[list[int]] = []
    for kind, count in sorted(tile_set(players).items()):
        assert count == 4
        for size in rng.choice(((2, 2), (3, 1), (4,), (2, 1, 1))):
            chunks.append([kind] * size)
    rng.shuffle(chunks)
    return [t for c in chunks for t in c]


def dragon_wall(players: int, rng: random.Random) -> list[int]:
    """A legal wall dealing the second seat pairs of the three dragons and the other seats
    the remaining dragons: third-dragon-meld liability (pao) comes up often."""
    rest = list(tile_set(players).elements())
    for t in (31, 32, 33):
        for _ in range(4):
            rest.remove(t)
    rng.shuffle(rest)
    spare = [31, 31, 32, 32, 33, 33]
    hands: list[list[int]] = [[] for _ in range(players)]
    hands[1] = [31, 31, 32, 32, 33, 33]
    for k, t in enumerate(spare):
        hands[[s for s in range(players) if s != 1][k % (players - 1)]].append(t)
    for h in hands:
        while len(h) < 13:
            h.append(rest.pop())
        rng.shuffle(h)
    return [t for h in hands for t in h] + rest


def _engine_set(actions: Any) -> set[tuple[Any, ...]]:
    return {act_of(a.to_dict())[1] for a in actions} - {("pass",)}


def _compare_hand(h: HandRef, result: Any, label: str) -> None:
    if h.result == "draw":
        assert result.winners == (), f"{label}: engine wins, referee draws"
        assert tuple(result.deltas) == (0,) * h.n, f"{label}: payment at exhaustive draw"
        return
    got = [(w.seat, w.score.total, w.payer) for w in result.winners]
    want = [(w.seat, w.total, w.payer) for w in h.wins]
    assert got == want, f"{label}: winners {got} != referee {want}"
    for w, ew in zip(h.wins, result.winners, strict=True):
        ids = {p.id for p in ew.score.patterns}
        assert ids == set(w.patterns), f"{label}: patterns {sorted(ids)} != {sorted(w.patterns)}"
        assert ew.score.total >= h.cfg.min_fan
    assert tuple(result.deltas) == tuple(h.deltas), (
        f"{label}: deltas {result.deltas} != referee {h.deltas} "
        f"(liable {h.liable}, wins {[(w.seat, w.total, w.payer) for w in h.wins]})")


def play_checked(rid: str, options: dict[str, Any], bots: list[str], seed: int,
                 stats: Stats, every: int = 1, clumpy: bool | str = False
                 ) -> dict[str, Any]:
    """One whole game, the referee checking each action and, at every ``every``-th
    decision point, every seat's legal set against ``observe(seat).legal``.  Returns the
    record (already checked against the referee and the replayer)."""
    cfg = Config.of(rid, options)
    match = tingpai.Match(rid, options, seed=seed)
    n = match.players
    assert n == cfg.players
    players = [make_bot(bots[s % len(bots)], random.Random(seed * 7 + s))
               for s in range(n)]
    game = GameRef(cfg, Stats())
    href: HandRef | None = None
    current = None
    step = 0
    walls = random.Random(seed)
    while True:
        if clumpy and not match.is_over and (match.hand is None or match.hand.is_over):
            make = dragon_wall if clumpy == "dragons" else clumpy_wall
            match.next_hand(make(n, walls))
        seats = match.to_act()  # deals the next hand when one is due
        if match.is_over:
            break
        hand = match.hand
        assert hand is not None
        if hand is not current:
            assert href is None or href.phase == "ended"
            current = hand
            href = game.start(list(hand.wall))
            assert (match.dealer, match.round_wind - 27) == (href.dealer, href.round_wind), (
                f"{href.label}: engine dealer/round {match.dealer}/{match.round_wind}")
        assert href is not None
        assert seats == href.to_act(), (
            f"{href.label}: engine asks {seats}, referee {href.to_act()} "
            f"(phase {href.phase}, claim {href.claim})")
        if step % every == 0:
            stats.decisions += 1
            for s in range(n):
                eng = (_engine_set(match.observe(s).legal) if s in seats
                       else _engine_set(hand.legal_actions(s)))
                ref = href.legal(s) - {("pass",)}
                assert eng == ref, (
                    f"{href.label} step {step} seat {s}: engine offers extra "
                    f"{sorted(eng - ref)}, misses {sorted(ref - eng)} (phase {href.phase}, "
                    f"claim {href.claim}, wall left {href.wall_left})")
        step += 1
        s = seats[0]
        action = players[s].act(match.observe(s))
        match.apply(action)
        href.apply(s, act_of(action.to_dict())[1])
        if hand.is_over:
            assert href.phase == "ended", f"{href.label}: engine ended, referee {href.phase}"
            assert hand.result is not None
            _compare_hand(href, hand.result, href.label)
            game.finish(href)
            assert tuple(game.scores) == tuple(match.scores), href.label
            assert game.over == match.is_over, (
                f"{href.label}: engine over {match.is_over}, referee {game.over}")
        else:
            assert href.phase != "ended", f"{href.label}: referee ended, engine goes on"
    assert game.over
    scores = match.result.scores
    assert sum(scores) == cfg.start_points * n
    assert list(scores) == game.scores
    net = [x - cfg.start_points for x in game.scores]
    assert list(match.result.net) == net
    assert list(match.result.money) == [x * cfg.stake for x in net]  # seed 002 settlement

    record = match.record()
    check_record(record, stats)
    return record


def check_record(record: dict[str, Any], stats: Stats) -> None:
    """A fresh referee walks the record; ``tingpai.replay`` must agree hand by hand."""
    cfg = Config.of(record["rules"], record.get("options", {}))
    hands = GameRef(cfg, stats).check_record(record)
    out = tingpai.replay(record).to_json()
    assert len(out["hands"]) == len(hands)
    running = [cfg.start_points] * cfg.players
    for k, (h, rh) in enumerate(zip(hands, out["hands"], strict=True)):
        assert rh["result"] == h.result, f"hand {k}: {rh['result']} != {h.result}"
        assert rh["deltas"] == h.deltas, f"hand {k}: {rh['deltas']} != {h.deltas}"
        got = [(w["seat"], w["total"]) for w in rh["winners"]]
        assert got == [(w.seat, w.total) for w in h.wins], f"hand {k}"
        running = [a + b for a, b in zip(running, rh["deltas"], strict=True)]
    assert out["scores"] == running
    assert sum(running) == cfg.start_points * cfg.players


__all__ = ["RefereeError", "check_record", "play_checked"]

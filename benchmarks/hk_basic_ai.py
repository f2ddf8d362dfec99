"""hk-mahjong's greedy ``BasicAI`` seated at a tingpai table (bench only).

hk-mahjong (PyPI, in the ``bench`` extra, never a runtime dependency) ships the only other
Hong Kong bot we know of.  :class:`BasicAIBot` implements tingpai's bot protocol by
translating each :class:`~tingpai.engine.observation.Observation` into the objects
``BasicAI`` reads (a ``Player`` with its ``Hand`` of concealed tiles and melds, and the
players' discards) and its answer back into one of ``obs.legal``:

* its turn: ``choose_action_after_draw`` (a win is taken when our engine offers it — the
  engine offers only wins that reach the table's minimum fan, which ``BasicAI`` does not
  check; a kong is declared as its ``can_self_kong`` lists it), else ``choose_discard``;
* a discard: ``choose_claim`` over the claims our engine allows (win, kong, pung, chow).

``register()`` adds it to the bot registry as ``basic-ai`` so arenas can seat it; run
``benchmarks/arena_basic_ai.py`` for the arena against ``expert``.
"""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

from tingpai.bots import register_bot, winning_action
from tingpai.engine.actions import Action, ActionKind, simple
from tingpai.engine.observation import Observation
from tingpai.engine.results import Phase
from tingpai.tiles import EAST, GREEN, NUM_KINDS, RED, WHITE, Meld, MeldKind, Tile

NAME = "basic-ai"


def _tile_maps() -> tuple[dict[Tile, Any], dict[Any, Tile]]:
    from hk_mahjong.core.tiles import Dragon, Suit, Wind, make_dragon, make_suited, make_wind

    ours: dict[Tile, Any] = {}
    suits = (Suit.CHARACTERS, Suit.DOTS, Suit.BAMBOO)
    for s, suit in enumerate(suits):
        for n in range(9):
            ours[9 * s + n] = make_suited(suit, n + 1)
    for i, wind in enumerate((Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH)):
        ours[EAST + i] = make_wind(wind)
    ours[WHITE] = make_dragon(Dragon.WHITE)
    ours[GREEN] = make_dragon(Dragon.GREEN)
    ours[RED] = make_dragon(Dragon.RED)
    return ours, {v: k for k, v in ours.items()}


class BasicAIBot:
    """hk-mahjong's ``BasicAI`` behind tingpai's bot protocol (see the module docstring)."""

    name = NAME

    def __init__(self, rng: random.Random | None = None) -> None:
        from hk_mahjong.ai.basic_ai import BasicAI

        self.rng = rng  # unused: BasicAI is deterministic
        self.ai = BasicAI()
        self.to_hk, self.from_hk = _tile_maps()

    # ------------------------------------------------------------------ translation

    def _meld(self, meld: Meld) -> Any:
        from hk_mahjong.core.meld import make_chow, make_kong, make_pong

        t = [self.to_hk[x] for x in meld.tiles]
        if meld.kind is MeldKind.CHOW:
            return make_chow(t[0], t[1], t[2])
        if meld.kind is MeldKind.PUNG:
            return make_pong(t[0])
        return make_kong(t[0], concealed=meld.concealed)

    def _player(self, obs: Observation) -> Any:
        from hk_mahjong.core.hand import Hand
        from hk_mahjong.core.player import Player
        from hk_mahjong.core.tiles import Wind

        winds = (Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH)
        counts = obs.concealed
        hand = Hand(
            concealed=[self.to_hk[t] for t in range(NUM_KINDS) for _ in range(counts[t])],
            melds=[self._meld(m) for m in obs.melds[obs.seat]],
        )
        return Player(seat=obs.seat, seat_wind=winds[obs.seat_winds[obs.seat] - EAST],
                      hand=hand, discards=[self.to_hk[t] for t in obs.ponds[obs.seat]])

    def _game(self, obs: Observation, me: Any) -> Any:
        players = [
            me if s == obs.seat else SimpleNamespace(
                seat=s, discards=[self.to_hk[t] for t in obs.ponds[s]])
            for s in range(obs.players)
        ]
        return SimpleNamespace(players=players)

    # ------------------------------------------------------------------ decisions

    def act(self, obs: Observation) -> Action:
        """BasicAI's choice, as one of ``obs.legal``."""
        if obs.phase is Phase.TURN:
            return self._turn(obs)
        if obs.phase is Phase.CLAIMS:
            return self._claim(obs)
        win = winning_action(obs)
        return win if win is not None else simple(obs.seat, ActionKind.PASS)

    def _turn(self, obs: Observation) -> Action:
        from hk_mahjong.core.game_state import ActionType

        player = self._player(obs)
        game = self._game(obs, player)
        choice = self.ai.choose_action_after_draw(player, game)
        if choice is ActionType.DECLARE_WIN:
            win = winning_action(obs)
            if win is not None:
                return win
        elif choice is ActionType.DECLARE_CONCEALED_KONG:
            kongs = player.hand.can_self_kong()
            if kongs:
                tile = self.from_hk[kongs[0]]
                for a in obs.legal:
                    if a.kind in (ActionKind.CKONG, ActionKind.AKONG) and a.tile == tile:
                        return a
        discard = self.from_hk[self.ai.choose_discard(player, game)]
        for a in obs.legal:
            if a.kind is ActionKind.DISCARD and a.tile == discard:
                return a
        return next(a for a in obs.legal if a.kind is ActionKind.DISCARD)

    def _claim(self, obs: Observation) -> Action:
        from hk_mahjong.core.rules import ClaimType

        kinds = {
            ActionKind.RON: ClaimType.WIN,
            ActionKind.KONG: ClaimType.KONG,
            ActionKind.PUNG: ClaimType.PONG,
            ActionKind.CHOW: ClaimType.CHOW,
        }
        valid = list(dict.fromkeys(kinds[a.kind] for a in obs.legal if a.kind in kinds))
        if not valid or obs.claim_tile is None:
            return simple(obs.seat, ActionKind.PASS)
        player = self._player(obs)
        game = self._game(obs, player)
        claim = self.ai.choose_claim(player, self.to_hk[obs.claim_tile], valid, game)
        wanted = {v: k for k, v in kinds.items()}.get(claim.claim_type)
        if wanted is ActionKind.CHOW:
            tiles = tuple(sorted([obs.claim_tile, *(self.from_hk[t] for t in claim.companions)]))
            for a in obs.legal:
                if a.kind is ActionKind.CHOW and a.tiles == tiles:
                    return a
        elif wanted is not None:
            for a in obs.legal:
                if a.kind is wanted:
                    return a
        return simple(obs.seat, ActionKind.PASS)


def register() -> None:
    """Add ``basic-ai`` to the bot registry (this process and the workers it forks)."""
    register_bot(NAME, BasicAIBot)

"""tingpai (听牌): pattern-scored Chinese and Hong Kong mahjong.

Layers, imported only downward: tiles -> analysis -> rules -> scoring -> engine -> bots ->
(sim, env, server, cli).  The names below are the public API, in the spirit of
``chess.Board``: a ruleset, a hand or a whole game, observations with legal actions,
the scorer, the replayer and the bots.

>>> import random, tingpai
>>> rules = tingpai.find_ruleset("hk-4p", min_fan=1)
>>> hand = tingpai.Hand(rules, seed=7)
>>> rng = random.Random(1)
>>> while not hand.is_over:
...     seat = hand.to_act()[0]
...     obs = hand.observe(seat)
...     trial = hand.copy()
...     hand.apply(rng.choice(obs.legal))
>>> sum(hand.result.deltas)
0
"""

from tingpai import analysis
from tingpai.bots import bot_names, find_bot
from tingpai.engine import Action, Hand, Match, replay
from tingpai.rules import find_ruleset, ruleset_ids
from tingpai.scoring import Situation, score
from tingpai.tiles import parse_hand

__version__ = "0.1.0"

__all__ = [
    "Action",
    "Hand",
    "Match",
    "Situation",
    "analysis",
    "bot_names",
    "find_bot",
    "find_ruleset",
    "parse_hand",
    "replay",
    "ruleset_ids",
    "score",
]

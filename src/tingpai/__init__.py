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

An observation holds the seat's own tiles (a 42-count ``hand``, the ``drawn`` tile), what
is public (``concealed_sizes``, ``wall_left``, ``pond_left``, ponds, melds, scores) and the
legal actions, each an :class:`Action` with a record form and an index into the 136-slot
``mask``, as a ``chess.Move`` has its UCI text:

>>> obs = tingpai.Hand("hu-2p", seed=1).observe(0)
>>> sum(obs.hand), obs.concealed_sizes, obs.wall_left, obs.pond_left
(14, (14, 13), 117, (22, 22))
>>> action = obs.legal[0]
>>> action.to_dict(), action.index, obs.mask[action.index]
({'seat': 0, 'do': 'discard', 'tile': '2m'}, 1, True)
>>> tingpai.Action.from_dict(action.to_dict()) == tingpai.Action.from_index(0, 1) == action
True
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

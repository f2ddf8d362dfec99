"""tingpai (听牌): pattern-scored Chinese and Hong Kong mahjong.

Layers, imported only downward: tiles -> analysis -> rules -> scoring -> engine -> bots ->
(sim, env, server, cli).
"""

__version__ = "0.1.0"

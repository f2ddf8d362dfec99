"""Hand-picked positions for the bot tests: an :class:`Observation` built from notation.

A bot sees only its observation, so a position is an observation: the seat's tiles, every
seat's melds and pond, and the legal actions (every discard of a held kind on a turn, or
the given claims).  Tiles are in the text notation; ponds are read in discard order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tingpai.engine.actions import Action, ActionKind
from tingpai.engine.observation import Observation
from tingpai.engine.results import Phase
from tingpai.rules import find_ruleset
from tingpai.tiles import EAST, NUM_KINDS, Tile, parse_counts, parse_meld, parse_tiles


def position(
    rules: str,
    hand: str,
    *,
    melds: Sequence[str] = (),
    ponds: Sequence[str] = (),
    others: Mapping[int, Sequence[str]] | None = None,
    claim: str | None = None,
    claims: Sequence[Action] = (),
    discarder: int | None = None,
    wall_left: int = 60,
    seat: int = 0,
    round_wind: Tile = EAST,
    **options: object,
) -> Observation:
    """Seat ``seat``'s observation: its concealed ``hand`` and declared ``melds``, each
    seat's pond (``ponds[s]``) and the other seats' melds (``others[s]``).  With
    ``claim`` the phase is CLAIMS on that tile discarded by ``discarder`` (default: the
    seat before), the legal actions ``pass`` and ``claims``; else it is the seat's turn."""
    rs = find_ruleset(rules, **options)
    n = rs.options.players
    counts = parse_counts(hand) + [0] * 8
    all_melds = [tuple(parse_meld(m) for m in (others or {}).get(s, ())) for s in range(n)]
    all_melds[seat] = tuple(parse_meld(m) for m in melds)
    pond_tiles = [tuple(parse_tiles(ponds[s])) if s < len(ponds) else () for s in range(n)]
    if claim is None:
        phase = Phase.TURN
        actor: int | None = seat
        claim_tile = None
        legal = tuple(Action(seat, ActionKind.DISCARD, t) for t in range(NUM_KINDS) if counts[t])
    else:
        phase = Phase.CLAIMS
        actor = (seat - 1) % n if discarder is None else discarder
        claim_tile = parse_tiles(claim)[0]
        legal = (Action(seat, ActionKind.PASS), *claims)
    limit = rs.options.pond_limit
    return Observation(
        seat=seat, players=n, phase=phase, actor=actor, claim_tile=claim_tile, robbing=None,
        hand=tuple(counts), drawn=None, melds=tuple(all_melds), ponds=tuple(pond_tiles),
        called=tuple(tuple(False for _ in p) for p in pond_tiles),
        from_draw=tuple(tuple(False for _ in p) for p in pond_tiles), flowers=((),) * n,
        concealed_sizes=tuple(13 - 3 * len(m) for m in all_melds), scores=(0,) * n,
        seat_winds=tuple(rs.options.seat_winds[(s - 0) % n] for s in range(n)),
        round_wind=round_wind, dealer=0, repeats=0, wall_left=wall_left,
        pond_left=None if limit is None else tuple(limit - len(p) for p in pond_tiles),
        forms=rs.options.forms, legal=legal, ruleset=rs,
    )

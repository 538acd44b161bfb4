"""Phase 3, Move torpedoes ([SEED]): every face-up torpedo moves towards the (nearest)
enemy ship, one at a time (SF-40), and detonates in any ship's hex (SF-42); then the
torpedoes launched this round turn face up.
"""

from __future__ import annotations

from dataclasses import replace

from ..base import Event
from ..dice import Dice
from .damage import Events, torpedo_hit
from .data import DATA
from .geometry import HEX_ORDER, dist, hit_facing, neighbours
from .state import TORPEDOES, Pending, State, Torpedo


def begin(state: State) -> State:
    """SF-40: the button hitter's torpedoes first, then in turn (seat) order."""
    start = state.hitter
    if start is None and state.first is not None:  # nobody fired: the round's first unit
        start = min(s.seat for s in state.ships if state.unit_of(s.seat) == state.first)
    start = start or 0
    order = [(start + i) % state.seats for i in range(state.seats)]
    queue = tuple(
        (t.id, DATA.torpedo_types[DATA.sides[state.ships[t.owner].side].torpedo].steps)
        for seat in order
        for t in sorted(state.torpedoes, key=lambda t: t.id)
        if t.owner == seat and t.face_up
    )
    return replace(state, phase=TORPEDOES, turns=None, queue=queue)


def options(state: State, torpedo: Torpedo) -> list[str]:
    """The hexes one step closer to a nearest enemy ship ([SEED]; 3-4 players: nearest)."""
    ships = [state.ships[s] for s in state.enemies(torpedo.owner)]
    if not ships:
        return []
    near = min(dist(torpedo.hex, s.hex) for s in ships if s.hex is not None)
    out: set[str] = set()
    for s in ships:
        assert s.hex is not None
        if dist(torpedo.hex, s.hex) != near:
            continue
        steps = neighbours(torpedo.hex)
        best = min(dist(n, s.hex) for n in steps)
        out |= {n for n in steps if dist(n, s.hex) == best}
    return sorted(out, key=HEX_ORDER.index)


def preferred(state: State, torpedo: Torpedo, hexes: list[str]) -> str:
    """SF-41 standing order: avoid friendly ships, then hit the weakest shield, then board order."""
    team = state.ships[torpedo.owner].team

    def key(h: str) -> tuple[int, int, int]:
        here = state.ship_at(h)
        if here is not None and here.team == team:
            return (1, 0, HEX_ORDER.index(h))
        if here is not None:
            target, source = here, torpedo.hex
        else:
            enemies = [state.ships[s] for s in state.enemies(torpedo.owner)]
            target = min(enemies, key=lambda s: (dist(h, s.hex or h), s.seat))
            source = h
        assert target.hex is not None
        facing = hit_facing(target.hex, target.heading, source) if target.hex != source else 0
        return (0, target.shields[facing], HEX_ORDER.index(h))

    return min(hexes, key=key)


def process(state: State, dice: Dice) -> tuple[State, Events]:
    """Move torpedoes until the queue is empty, a decision is owed or the game is over."""
    events: Events = []
    while state.queue and not state.pending and state.outcome is None:
        tid, steps = state.queue[0]
        torpedo = state.torpedo(tid)
        hexes = options(state, torpedo) if torpedo is not None and steps > 0 else []
        if torpedo is None or not hexes:
            state = replace(state, queue=state.queue[1:])
            continue
        if len(hexes) > 1 and state.orders[torpedo.owner].ask:
            pending = Pending("steer", torpedo.owner, tuple(hexes), tid)
            events.append(
                Event("decision", {"seat": torpedo.owner, "kind": "steer", "torpedo": tid, "options": hexes})
            )
            return replace(state, pending=(pending,)), events
        state, more = move(state, torpedo, preferred(state, torpedo, hexes), dice)
        events += more
    return state, events


def move(state: State, torpedo: Torpedo, to: str, dice: Dice) -> tuple[State, Events]:
    tid, steps = state.queue[0]
    moved = replace(torpedo, hex=to)
    state = replace(
        state,
        torpedoes=tuple(moved if t.id == tid else t for t in state.torpedoes),
        queue=((tid, steps - 1), *state.queue[1:]),
    )
    events = [Event("torpedo_moved", {"torpedo": tid, "owner": torpedo.owner, "from": torpedo.hex, "to": to})]
    victim = state.ship_at(to)
    if victim is not None:  # SF-42: any ship, even its own
        assert victim.hex is not None
        contact = hit_facing(victim.hex, victim.heading, torpedo.hex)  # SF-43: from where it came
        state = replace(state, queue=state.queue[1:])
        state, more = torpedo_hit(state, moved, victim.seat, contact, dice)
        events += more
    return state, events

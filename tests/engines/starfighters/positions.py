"""Generated Star Fighters positions for the property tests: any board the rules allow
(ships anywhere, worn shields and hull, dice on their spaces, torpedoes in flight, turns
half played), not only what random play from the start reaches."""

from __future__ import annotations

import random
from dataclasses import replace

from games.engines.starfighters.activations import torpedo_ids
from games.engines.starfighters.data import DATA, RULES, SIDES, SYSTEMS
from games.engines.starfighters.geometry import HEX_ORDER, neighbour
from games.engines.starfighters.shipboard import placement_problem, put
from games.engines.starfighters.state import (
    ACTIVATE,
    MODES,
    ROLL,
    TEAMS,
    Drive,
    Orders,
    Roller,
    Ship,
    State,
    Torpedo,
    Turns,
)


def _board(rng: random.Random, side_key: str, reactors: int, dice: tuple[str, ...]):
    side = DATA.sides[side_key]
    board: tuple = ()
    for die in rng.sample(dice, len(dice)):
        if rng.random() < 0.5:
            continue
        face = rng.choice(DATA.faces[DATA.colour_of(die)])
        group = rng.choice(side.groups).name
        if placement_problem(side, reactors, board, die, face, group, "") is None:
            board = put(board, die, group, face)
    return board


def _ship(rng: random.Random, seat: int, seats: int, hex_name: str) -> Ship:
    side_key = rng.choice(SIDES)
    side = DATA.sides[side_key]
    hull = rng.choice((1, 1, 2, 3, 5))
    dice = tuple(d for d, _ in DATA.dice)
    lost: tuple[str, ...] = ()
    if hull <= RULES["hull"] - RULES["die_loss_at"] and side.die_loss:
        lost = (rng.choice(dice),)
        dice = tuple(d for d in dice if d not in lost)
    reactors = rng.randint(0, 3)
    board = _board(rng, side_key, reactors, dice)
    on = {d for d, _, _ in board}
    pool = [d for d in dice if d not in on]
    reserve = tuple(
        sorted((d, rng.choice(DATA.faces[DATA.colour_of(d)])) for d in pool if rng.random() < 0.2)
    )
    return Ship(
        seat=seat,
        side=side_key,
        team=DATA.starts[seats][seat].team,
        hex=hex_name,
        heading=rng.randrange(6),
        shields=tuple(rng.choice((0, 0, 1, n)) for n in side.shields),
        hull=hull,
        reactors=reactors,
        dice=dice,
        board=board,
        reserve=reserve,
        lost=lost,
    )


def random_position(rng: random.Random, seats: int) -> State:
    """A consistent position of ``seats`` players in the Roll or the Activate-systems phase."""
    hexes = rng.sample(HEX_ORDER, seats + 6)
    ships = [_ship(rng, seat, seats, hexes[seat]) for seat in range(seats)]
    destroyed: tuple[int, ...] = ()
    if seats == 3 and rng.random() < 0.3:  # 3 players: a first ship may be gone already
        gone = rng.randrange(3)
        ships[gone] = replace(ships[gone], hex=None, destroyed=True, hull=0, board=(), reserve=())
        destroyed = (gone,)
    # Torpedoes straight ahead of ships, where a drive or a torpedo phase meets them, and elsewhere.
    taken = {s.hex for s in ships}
    ahead = [neighbour(s.hex, s.heading) for s in ships if s.hex is not None]
    free = [h for h in dict.fromkeys([*ahead, *hexes[seats:]]) if h is not None and h not in taken]
    rng.shuffle(free)
    torpedoes = []
    for s in ships:
        if s.destroyed:
            continue
        for tid in torpedo_ids(s.seat):
            team_count = sum(1 for t in torpedoes if ships[t.owner].team == s.team)
            if MODES[seats] == TEAMS and team_count >= RULES["team_torpedo_cap"]:
                break
            if free and rng.random() < 0.5:
                torpedoes.append(Torpedo(tid, s.seat, free.pop(), face_up=rng.random() < 0.7))
    limit = RULES["round_limit"]
    state = State(
        seats=seats,
        mode=MODES[seats],
        victory=rng.choice(("last", "first")),
        round=rng.choice((1, 2, limit - 1, limit)),
        phase=ROLL,
        ships=tuple(ships),
        orders=tuple(
            Orders(lose=rng.choice(("blue", "red", "yellow")), ask=rng.random() < 0.4) for _ in ships
        ),
        round_limit=limit,
        torpedoes=tuple(torpedoes),
        destroyed=destroyed,
    )
    alive = state.alive()
    if rng.random() < 0.5:
        rollers = tuple(
            None
            if s.destroyed
            else Roller(board=s.board, hand=tuple((d, dict(s.reserve).get(d, "")) for d in s.pool()))
            for s in state.ships
        )
        return replace(state, rollers=rollers)
    units = tuple(sorted({state.ships[s].team for s in alive})) if state.mode == TEAMS else alive
    on = rng.choice(units)
    i = units.index(on)
    order = units[i:] + units[:i]
    passed = tuple(u for u in order[1:] if rng.random() < 0.3)
    activated = tuple((s, sys) for s in alive for sys in SYSTEMS if rng.random() < 0.15)
    cockpit = tuple(s for s in alive if rng.random() < 0.2)
    actor, drive = None, None
    if rng.random() < 0.4:  # a Drives activation half flown by a seat on turn
        actor = rng.choice(state.unit_seats(on))
        if DATA.sides[state.ships[actor].side].drives == "split":
            drive = Drive(actor, moves=rng.randint(1, 3), rotates=rng.randint(0, 2))
        else:
            drive = Drive(actor, steps=rng.randint(1, 5))
        activated = (*activated, (actor, "drives"))
    return replace(
        state,
        phase=ACTIVATE,
        rollers=tuple(None for _ in ships),
        hitter=rng.choice((None, *alive)),
        first=on,
        turns=Turns(
            units=order, on=on, passed=passed, actor=actor, activated=activated, cockpit=cockpit, drive=drive
        ),
        ships=tuple(replace(s, reserve=()) for s in state.ships),
    )

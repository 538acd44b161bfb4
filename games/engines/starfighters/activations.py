"""The systems ([SEED] "Systems"): what a Phasers, Torpedoes or Shields activation needs
beyond its dice, and what each activation does. Drives are flown in ``drives.py``.
"""

from __future__ import annotations

from dataclasses import replace

from ..base import Event, Invalid, Move
from ..dice import Dice
from .damage import Events, hit
from .data import COCKPIT, DATA, RULES
from .geometry import dist, hit_facing, on_board, relative
from .moves import seat_of_ship
from .shipboard import cloaked, command_die, dice_in, take
from .state import TEAMS, Drive, Pending, Placed, State, Torpedo, name, with_ship

ATTACK, TARGET, OVERCHARGE = "phasers.attack", "phasers.target", "phasers.overcharge"


def phaser_range(state: State, seat: int) -> int:
    """[SEED]: range 1, or 2 / 3 with 1 / 2 TARGET dice (SF-33: plain hex distance)."""
    target_dice = len(dice_in(state.ships[seat].board, TARGET))
    return int(RULES["phaser_range"]) + target_dice * int(RULES["range_per_target_die"])


def _target_hex(state: State, target: str) -> tuple[str | None, int | None]:
    """(hex, owner) of a ship id "s2" or a torpedo id "t2a"."""
    seat = seat_of_ship(target)
    if seat is not None and seat in range(state.seats):
        return state.ships[seat].hex, seat
    t = state.torpedo(target)
    return (t.hex, t.owner) if t is not None else (None, None)


def phaser_problem(state: State, seat: int, m: Move) -> Invalid | None:
    ship = state.ships[seat]
    side = DATA.sides[ship.side]
    target = m["target"]
    at, owner = _target_hex(state, target)
    if at is None or owner is None:
        return Invalid(
            "no_target", f"There is no ship or torpedo {target!r} on the board to target (Phasers)."
        )
    if state.ships[owner].team == ship.team:
        whose = "your own" if owner == seat else "a friendly"
        return Invalid("not_enemy", f"{target} is {whose}; Phasers target an enemy ship or torpedo.")
    assert ship.hex is not None
    reach, far = phaser_range(state, seat), dist(ship.hex, at)
    if far > reach:
        return Invalid(
            "out_of_range",
            f"{target} is {far} hexes away; your Phasers reach {reach} (1, or 2 / 3 with 1 / 2 TARGET dice).",
        )
    die = m.get("die")
    if seat_of_ship(target) is not None:
        if die is not None:
            return Invalid(
                "attack_die_not_needed", "Name no die: against a ship you roll all ATTACK dice (Phasers)."
            )
        return None
    if die is None:
        if side.torpedo_attack_all:  # SF-53: B4 may roll all its ATTACK dice at a torpedo
            return None
        return Invalid(
            "attack_die_needed",
            "Against a torpedo you roll one ATTACK die: name its colour, e.g. red (Phasers).",
        )
    colours = {DATA.colour_of(d) for d, _, _ in dice_in(ship.board, ATTACK)}
    if die not in colours:
        return Invalid(
            "attack_die_colour", f"You have no {die} ATTACK die; yours are {', '.join(sorted(colours))}."
        )
    return None


def torpedo_problem(state: State, seat: int, hex_name: str) -> Invalid | None:
    ship = state.ships[seat]
    side = DATA.sides[ship.side]
    if len([t for t in state.torpedoes if t.owner == seat]) >= RULES["torpedoes"]:
        return Invalid(
            "no_torpedo",
            f"All {RULES['torpedoes']} of your torpedoes are on the board; none is left in your supply (Torpedoes).",
        )
    if state.mode == TEAMS:
        team = [t for t in state.torpedoes if state.ships[t.owner].team == ship.team]
        if len(team) >= RULES["team_torpedo_cap"]:
            return Invalid(
                "team_torpedo_cap",
                f"Each team can only have a maximum of {RULES['team_torpedo_cap']} torpedoes on the board "
                "at any time (2 v 2, SF-46).",
            )
    if not on_board(hex_name):
        return Invalid(
            "launch_off_board", f"{hex_name!r} is not a hex of the board; torpedoes launch onto it (SF-35)."
        )
    assert ship.hex is not None
    off = relative(ship.heading, ship.hex, hex_name)
    if off is None:
        return Invalid(
            "launch_not_adjacent", f"{hex_name} is not directly adjacent to your ship (Torpedoes)."
        )
    if off not in side.launch:
        where = "forward" if off == 0 else "to the rear"
        rule = (
            "you cannot launch a torpedo into the hexes directly forward or to the rear of your ship "
            "(Torpedoes, SF-35)"
            if 0 not in side.launch
            else f"{side.title} launches forward or to the sides, never to the rear (SF-52)"
        )
        return Invalid(
            "launch_forward" if off == 0 else "launch_rear",
            f"{hex_name} is directly {where} of your ship; {rule}.",
        )
    if state.ship_at(hex_name) is not None or state.torpedoes_at(hex_name):
        return Invalid(
            "launch_occupied",
            f"{hex_name} is not empty; a torpedo launches into an empty hex (Torpedoes, SF-35).",
        )
    return None


def shields_problem(state: State, seat: int, facings: tuple[str, ...]) -> Invalid | None:
    ship = state.ships[seat]
    most = DATA.sides[ship.side].shields
    empty = [m - n for m, n in zip(most, ship.shields, strict=True)]
    want = min(RULES["repair"], sum(empty))
    if len(facings) != want:
        return Invalid(
            "shields_count",
            f"Take {want} shield marker(s): up to {RULES['repair']}, one per empty shield space you have "
            f"({sum(empty)}) (Shields, SF-39).",
        )
    index = [DATA.ring.index(f) for f in facings]
    if index != sorted(index):
        return Invalid("facings_order", f"Name the shields in the order {', '.join(DATA.ring)}.")
    for i in set(index):
        if index.count(i) > empty[i]:
            return Invalid(
                "shields_facing_full",
                f"Your {DATA.ring[i]} shield has {empty[i]} empty space(s); no shield exceeds its spaces (SF-39).",
            )
    return None


# -- effects ----------------------------------------------------------------------------------
def activate(state: State, seat: int, m: Move, dice: Dice) -> tuple[State, Events]:
    """Use the Command die and the system's dice, then operate the system."""
    system, colour = m["system"], m["command"]
    ship = state.ships[seat]
    side = DATA.sides[ship.side]
    cmd = command_die(ship.board, colour)
    system_dice = sorted(p for p in ship.board if p[1].split(".")[0] == system)
    if m.get("dice") is not None:  # SF-51: B2 rolls the number of Drives dice chosen; the rest stay
        system_dice = system_dice[: m["dice"]]
    used = {cmd} | {d for d, _, _ in system_dice}
    events = [Event("activated", {"seat": seat, "system": system, "command": cmd})]
    if system in ("phasers", "torpedoes") and cloaked(side, ship.board):  # SF-52
        used |= {d for d, _, _ in dice_in(ship.board, "cloak")}
        events.append(Event("cloak_broken", {"seat": seat, "why": system}))
    state = with_ship(state, replace(ship, board=take(ship.board, used)))  # SF-15: all dice return
    assert state.turns is not None
    state = replace(
        state,
        turns=replace(state.turns, actor=seat, activated=(*state.turns.activated, (seat, system))),
    )
    if system == "phasers":
        state, more = _phasers(state, seat, m, system_dice, dice)
    elif system == "torpedoes":
        state, more = _launch(state, seat, m["hex"])
    elif system == "shields":
        state, more = _shields(state, seat, m["facings"])
    else:
        state, more = _drives(state, seat, system_dice, dice)
    return state, events + more


def _pairs(items: list[tuple[str, str]]) -> list[list[str]]:
    """Event data is plain JSON: lists, never tuples (events are compared after a round trip)."""
    return [list(p) for p in items]


def _roll(dice: Dice, die: str, purpose: str) -> str:
    return DATA.faces[DATA.colour_of(die)][dice.d6(purpose) - 1]


def _phasers(state: State, seat: int, m: Move, system_dice: list[Placed], dice: Dice) -> tuple[State, Events]:
    ship = state.ships[seat]
    side = DATA.sides[ship.side]
    attack = sorted(d for d, g, _ in system_dice if g == ATTACK)
    overcharged = any(g == OVERCHARGE for _, g, _ in system_dice)
    target = m["target"]
    if seat_of_ship(target) is None and m.get("die") is not None:  # one ATTACK die at a torpedo
        attack = [min(d for d in attack if DATA.colour_of(d) == m["die"])]
    rolled = [(d, _roll(dice, d, f"{name(seat)} attack roll {d}")) for d in attack]
    misses = [d for d, f in rolled if f not in _icons(state, target)]
    if side.reroll_misses and misses:  # SF-51: "you may re-roll any dice ... that fail to do damage"
        ask = Pending(
            "reroll", seat, tuple(misses), target=target, rolled=tuple(rolled), overcharged=overcharged
        )
        data = {"seat": seat, "kind": "reroll", "options": misses, "target": target, "dice": _pairs(rolled)}
        return replace(state, pending=(ask, *state.pending)), [Event("decision", data)]
    return _attack(state, seat, target, rolled, [], overcharged)


def reroll(
    state: State, seat: int, ask: Pending, chosen: tuple[str, ...], dice: Dice
) -> tuple[State, Events]:
    """SF-51: the chosen misses of a B2 attack roll are rolled once more, then it is resolved."""
    again = {d: _roll(dice, d, f"{name(seat)} re-roll {d}") for d in chosen}
    rolled = [(d, again.get(d, f)) for d, f in ask.rolled]
    return _attack(state, seat, ask.target, rolled, sorted(again.items()), ask.overcharged)


def _icons(state: State, target: str) -> set[str]:
    victim = seat_of_ship(target)
    if victim is not None and cloaked(DATA.sides[state.ships[victim].side], state.ships[victim].board):
        return set(RULES["cloak_hit_icons"])
    return set(RULES["hit_icons"])


def _attack(
    state: State,
    seat: int,
    target: str,
    rolled: list[tuple[str, str]],
    rerolled: list[tuple[str, str]],
    overcharged: bool,
) -> tuple[State, Events]:
    ship = state.ships[seat]
    side = DATA.sides[ship.side]
    icons = _icons(state, target)
    victim = seat_of_ship(target)
    if victim is None:
        t = state.torpedo(target)
        assert t is not None
        destroyed = any(f in icons for _, f in rolled)
        if destroyed:
            state = replace(state, torpedoes=tuple(x for x in state.torpedoes if x.id != target))
        return state, [
            Event(
                "torpedo_shot",
                {
                    "seat": seat,
                    "torpedo": target,
                    "owner": t.owner,
                    "dice": _pairs(rolled),
                    "rerolled": _pairs(rerolled),
                    "destroyed": destroyed,
                },
            )
        ]
    per_command = side.overcharge_damage if overcharged else side.command_damage
    points = sum((per_command if f == "command" else 1) for _, f in rolled if f in icons) + side.attack_bonus
    v = state.ships[victim]
    assert v.hex is not None and ship.hex is not None
    facing = hit_facing(v.hex, v.heading, ship.hex)
    events = [
        Event(
            "attack_rolled",
            {
                "seat": seat,
                "target": victim,
                "dice": _pairs(rolled),
                "rerolled": _pairs(rerolled),
                "damage": points,
                "overcharged": overcharged,
            },
        )
    ]
    if points:
        state, more = hit(state, victim, facing, points, seat, "phasers")
        events += more
    return state, events


def torpedo_ids(seat: int) -> list[str]:
    """A player's torpedoes: "t1a", "t1b", ... one per torpedo of the supply ([SEED] 2)."""
    return [f"t{seat + 1}{chr(ord('a') + i)}" for i in range(RULES["torpedoes"])]


def _launch(state: State, seat: int, hex_name: str) -> tuple[State, Events]:
    mine = {t.id for t in state.torpedoes if t.owner == seat}
    tid = next(t for t in torpedo_ids(seat) if t not in mine)
    torpedo = Torpedo(tid, seat, hex_name, face_up=False)  # face down: it waits a round ([SEED])
    state = replace(state, torpedoes=(*state.torpedoes, torpedo))
    return state, [Event("torpedo_launched", {"seat": seat, "torpedo": tid, "hex": hex_name})]


def _shields(state: State, seat: int, facings: tuple[str, ...]) -> tuple[State, Events]:
    ship = state.ships[seat]
    shields = list(ship.shields)
    for f in facings:
        shields[DATA.ring.index(f)] += 1
    removed = ship.reactors > 0  # [SEED] the left-most reactor goes: one more die space
    ship = replace(ship, shields=tuple(shields), reactors=ship.reactors - int(removed))
    event = Event(
        "shields_repaired",
        {"seat": seat, "facings": list(facings), "reactor_removed": removed, "reactors": ship.reactors},
    )
    return with_ship(state, ship), [event]


def _drives(state: State, seat: int, system_dice: list[Placed], dice: Dice) -> tuple[State, Events]:
    side = DATA.sides[state.ships[seat].side]
    events: Events = []
    if side.drives == "split":
        moves = sum(1 for _, g, _ in system_dice if g == "drives.move")
        drive = Drive(seat, moves=moves, rotates=len(system_dice) - moves)
    elif side.drives == "thrust":  # SF-52: each die is one step of either kind
        drive = Drive(seat, steps=len(system_dice))
    else:  # SF-51: roll the dice; moves = icons rolled + 1
        rolled = [(d, _roll(dice, d, f"{name(seat)} drives roll {d}")) for d, _, _ in sorted(system_dice)]
        steps = sum(1 for _, f in rolled if f != "blank") + 1
        drive = Drive(seat, steps=steps)
        events.append(Event("drives_rolled", {"seat": seat, "dice": _pairs(rolled), "steps": steps}))
    assert state.turns is not None
    return replace(state, turns=replace(state.turns, drive=drive)), events


def cockpit_move(state: State, seat: int, die: str, space: str) -> State:
    """The A-side Cockpit ability / B1 bridge: one Command die from the Cockpit to a system."""
    ship = state.ships[seat]
    board = tuple(sorted((d, space if d == die else g, f) for d, g, f in ship.board))
    assert any(g == COCKPIT for d, g, _ in ship.board if d == die)
    return with_ship(state, replace(ship, board=board))

"""What a unit can do now: its weapons after options and ion damage, crew, movement,
disabled and panicked status (SW-24, SW-26, SW-42, SW-46, SW-48)."""

from __future__ import annotations

import math
from fractions import Fraction

from .data import DATA, FALCON, FIGHTER, RULES, SHIP, STATION, Grade, Weapon
from .state import ACTIVE, DESTROYED, Effect, State, Unit

ION_PERMANENT = tuple(RULES["ion"]["permanent"])


def weapons_of(u: Unit) -> tuple[Weapon, ...]:
    """The unit's weapons: its type's, with options adding or replacing ([SEED] upgrades)."""
    keys = list(u.kind.weapons)
    for o in u.options:
        opt = DATA.options[o]
        keys = [k for k in keys if k not in opt.removes] + [k for k in opt.adds if k not in keys]
    return tuple(DATA.weapons[k] for k in keys)


def working_weapons(u: Unit) -> tuple[Weapon, ...]:
    """Weapons not neutralized by ion result 5 ([SEED] weapon neutralized)."""
    gone = {e.weapon for e in u.effects if e.kind == "weapon"}
    return tuple(w for w in weapons_of(u) if w.key not in gone)


def crew(u: Unit, vader: bool = False) -> Grade:
    """The pilots' grade; Vader himself when asked for his die ([SEED] heroes)."""
    key = u.kind.crew
    for o in u.options:
        opt = DATA.options[o]
        if vader and opt.crew:
            key = opt.crew
    g = DATA.grades[key]
    will = next((DATA.options[o].will for o in u.options if DATA.options[o].will), None)
    if will is not None:
        g = Grade(g.key, g.name, g.gunnery, g.piloting, will)
    return g


def flying_piloting(u: Unit) -> int:
    """Piloting used when the unit is shot at: the wingmen's while any are left (SW-47)."""
    if u.vader and u.fighters == 1:
        return crew(u, vader=True).piloting
    return crew(u).piloting


def engine_hits(u: Unit) -> int:
    return sum(1 for e in u.effects if e.kind == "engine")


def has_effect(u: Unit, kind: str, turn: int) -> bool:
    """A lasting ion result that applies in ``turn`` (SW-42: until the next End phase)."""
    return effect_count(u, kind, turn) > 0


def effect_count(u: Unit, kind: str, turn: int) -> int:
    """How many lasting ion results of ``kind`` apply in ``turn``: control scrambled stacks
    ([SEED] ion result 3 "stacks with other results"), targeting does not (``endphase``)."""
    return sum(1 for e in u.effects if e.kind == kind and e.since < turn <= e.until)


def scrambled_penalty(u: Unit, turn: int, needed: int) -> int:
    """[SEED] ion result 3: -1 to succeed on all the ship's rolls per result, "to a max of 6"."""
    n: int = effect_count(u, "scrambled", turn) * RULES["shooting"]["control_scrambled"]
    return max(0, min(n, int(RULES["shooting"]["lucky"]) - needed))


def move_allowance(u: Unit) -> int:
    """Hexes and facings a unit has this turn ([SEED] ion result 4, to a minimum of 0)."""
    if u.kind.cls == STATION or u.inactive:
        return 0
    if u.kind.cls == SHIP:
        if any(e.kind == "disabled" for e in u.effects):
            return 0
        return max(0, u.kind.move - engine_hits(u))
    return u.kind.move


def is_disabled(u: Unit) -> bool:
    """[SEED] result 6, or all weapons and movement neutralized."""
    if u.kind.cls not in (SHIP, STATION):
        return False
    if any(e.kind == "disabled" for e in u.effects):
        return True
    return u.kind.cls == SHIP and not working_weapons(u) and move_allowance(u) == 0


def min_move(u: Unit) -> int:
    """SW-20: fighters max(3, ceil(M/2)) capped at M; ships, the Falcon and stations 0."""
    if u.kind.cls != FIGHTER:
        return 0
    m = u.kind.move
    return min(m, max(int(RULES["movement"]["min_move_floor"]), math.ceil(m / 2)))


def panicked(state: State, u: Unit) -> bool:
    """SW-46: panicked until the end of the turn after the failed Will save."""
    return u.panic_until >= state.turn > 0


def can_fire(state: State, u: Unit) -> bool:
    return u.status == ACTIVE and not u.inactive and not is_disabled(u) and bool(working_weapons(u))


def fighter_like(u: Unit) -> bool:
    return u.kind.cls in (FIGHTER, FALCON)


def start_fighters(u: Unit) -> int:
    return u.kind.fighters if u.kind.cls == FIGHTER else 0


def lost_value(u: Unit) -> Fraction:
    """Points a unit has lost: all of it once destroyed; a flight in proportion to its dead
    fighters, Vader's 20 points with Vader (SW-61..63 count losses in points)."""
    if u.status == DESTROYED:
        return Fraction(u.value + u.hero_value)
    if u.kind.cls == FIGHTER and u.status != DESTROYED:
        start = start_fighters(u)
        hero = u.hero_value if u.hero_value and not u.vader else 0
        return Fraction(u.value * (start - u.fighters), start) + hero
    return Fraction(0)


def lasting(kind: str, turn: int) -> Effect:
    """A "following turn" ion result applied in the End phase of ``turn`` (SW-42)."""
    return Effect(kind, since=turn, until=turn + 1)

"""Sealed fire decisions (AS-SW-1): who owes which, and whether one is legal.

A side gives exactly one sealed ``fire`` move per *fire slot*: one of its units on the
map and one of that unit's weapon groups ([SEED] one attack per group a turn) that has
at least one legal attack now. The move either names an attack (weapon, target, mode)
or holds that slot's fire. Slots depend only on what both sides see (positions,
facings, manoeuvres, torpedoes left, ion damage), never on the orders already given, so
the number and kind of a side's sealed entries tell the other side nothing it could not
count on the map: it cannot tell a held slot from an attack until both are revealed.
"""

from __future__ import annotations

from dataclasses import replace

from ..base import Invalid, Move
from ..kit.codec import set_at
from . import moves as mv
from .data import DATA, STATION, Weapon
from .geometry import hex_distance, in_arc
from .state import ACTIVE, FireOrder, State, Unit
from .units import can_fire, fighter_like, working_weapons

Slot = tuple[str, str]  # (unit id, weapon group)


def modes(w: Weapon) -> tuple[str, ...]:
    """[SEED] fire modes: rapid or linked for fighter guns; turrets and the rest just fire."""
    return ("rapid", "linked") if w.has_modes and not w.turret else ("fire",)


# -- attacks ---------------------------------------------------------------------------------------
def _shooter(state: State, seat: int, unit_id: str) -> tuple[Unit | None, Invalid | None]:
    u = state.unit(unit_id)
    if u is None or u.seat != seat:
        return None, Invalid("not_your_unit", f"You have no unit {unit_id}.")
    if not can_fire(state, u):
        return None, Invalid(
            "cannot_fire",
            f"{u.id} cannot fire: not on the map, inactive or disabled ([SEED] ion table, SW-64).",
        )
    return u, None


def _attack(state: State, seat: int, u: Unit, w: Weapon, target: str, mode: str) -> Invalid | None:
    """Whether ``u`` may fire ``w`` at ``target`` in ``mode`` this turn, its orders aside."""
    t = state.unit(target)
    if t is None or t.status != ACTIVE:
        return Invalid("no_target", f"{target} is not a unit on the map.")
    if t.seat == seat:
        return Invalid("own_unit", f"{t.id} is one of yours; fire at the enemy.")
    if t.kind.cls == STATION and DATA.scenarios[state.scenario].get("station_protected"):  # SW-H4
        return Invalid(
            "target_protected",
            f"{t.id} holds the hostages the Imperials came to rescue; they do not fire on it (SW-H4).",
        )
    allowed = modes(w)
    if mode not in allowed:
        return Invalid("bad_mode", f"{w.name} fires in mode {' or '.join(allowed)} ([SEED] fire modes).")
    if mode == "linked" and fighter_like(t):
        return Invalid(
            "linked_vs_fighter",
            f"Damage is irrelevant against fighters: fire rapid at {t.id} ([SEED], SW-36).",
        )
    bad = _torpedo(u, w, t)
    if bad is not None:
        return bad
    if not in_arc(w.mount, u.hex, u.facing, t.hex):
        return Invalid(
            "fire_out_of_arc",
            f"{t.id} is outside the {w.mount} arc of {u.id}'s {w.name} ([SEED] 60° forward arc, SW-32, SW-40).",
        )
    if w.max_range is not None and hex_distance(u.hex, t.hex) > w.max_range:
        return Invalid(
            "fire_out_of_range",
            f"{t.id} is {hex_distance(u.hex, t.hex)} hexes away; {w.name} reach {w.max_range} ([SEED] long range, SW-45).",
        )
    return None


def _torpedo(u: Unit, w: Weapon, t: Unit) -> Invalid | None:
    if not w.torpedo:
        return None
    if not u.torpedoes:
        return Invalid("no_torpedoes", f"{u.id} has fired its torpedo salvo already (SW-44, SW-45).")
    if u.manoeuvre == "double":
        return Invalid(
            "double_move_no_special",
            f"{u.id} made a double move: no special abilities, lasers only ([SEED], SW-25).",
        )
    if w.kind == "torpedo_af":
        if u.manoeuvre != "lock":
            return Invalid(
                "torpedo_no_lock",
                f"{u.id} did not lock on this turn: anti-fighter torpedoes need a full turn of straight flight to lock ([SEED], SW-44).",
            )
        if not fighter_like(t):
            return Invalid(
                "torpedo_wrong_target",
                f"Anti-fighter torpedoes fire at fighters; {t.id} is not one ([SEED], SW-44).",
            )
    elif fighter_like(t):
        return Invalid(
            "torpedo_wrong_target",
            f"Anti-capship torpedoes fire at ships; {t.id} counts as a fighter ([SEED], SW-45, SW-48).",
        )
    return None


def attacks(state: State, seat: int) -> list[Move]:
    """Every attack ``seat`` could order this turn if it had given no fire decision yet."""
    out: list[Move] = []
    enemies = [t for t in state.units if t.status == ACTIVE and t.seat != seat]
    for u in state.on_map(seat):
        if not can_fire(state, u):
            continue
        for w in working_weapons(u):
            for t in enemies:
                for mode in modes(w):
                    if _attack(state, seat, u, w, t.id, mode) is None:
                        out.append(mv.fire(u.id, w.key, t.id, mode))
    return out


# -- slots -------------------------------------------------------------------------------------------
def slot_of(m: Move) -> Slot:
    if m.get("hold") is not None:
        return m["unit"], m["hold"]
    return m["unit"], DATA.weapons[m["weapon"]].group


def slots(state: State, seat: int) -> list[Slot]:
    """``seat``'s fire slots this turn, in unit and weapon order: public facts only."""
    return list(dict.fromkeys(slot_of(m) for m in attacks(state, seat)))


def decided(state: State, seat: int) -> set[Slot]:
    return {(o.unit, o.group) for o in state.fire if o.seat == seat}


def owed(state: State, seat: int) -> list[Slot]:
    """The fire slots ``seat`` has not decided yet."""
    done = decided(state, seat)
    return [s for s in slots(state, seat) if s not in done]


def legal(state: State, seat: int) -> list[Move]:
    """Per undecided slot: each attack it may make, then holding its fire."""
    done = decided(state, seat)
    by_slot: dict[Slot, list[Move]] = {}
    for m in attacks(state, seat):
        if slot_of(m) not in done:
            by_slot.setdefault(slot_of(m), []).append(m)
    return [m for (unit, group), found in by_slot.items() for m in (*found, mv.hold(unit, group))]


def problem(state: State, seat: int, m: Move) -> Invalid | None:
    """Why the fire decision ``m`` is illegal now, or None."""
    u, bad = _shooter(state, seat, m["unit"])
    if u is None:
        return bad
    held = m.get("hold")
    if held is not None:
        if not any(w.group == held for w in working_weapons(u)):
            return Invalid(
                "no_such_weapon",
                f"{u.id} has no working {held} weapons; see its weapons on the force sheet.",
            )
        w = None
    else:
        w = next((x for x in working_weapons(u) if x.key == m["weapon"]), None)
        if w is None:
            return Invalid(
                "no_such_weapon", f"{u.id} has no working {m['weapon']}; see its weapons on the force sheet."
            )
        held = w.group
    if (u.id, held) in decided(state, seat):
        return Invalid(
            "already_ordered",
            f"{u.id} already has a fire decision for its {held} weapons this turn ([SEED] one attack each).",
        )
    if w is not None:
        return _attack(state, seat, u, w, m["target"], m["mode"])
    if (u.id, held) not in slots(state, seat):
        return Invalid(
            "nothing_to_hold",
            f"{u.id}'s {held} weapons have no target they may fire at this turn, so they owe no fire decision (AS-SW-1).",
        )
    return None


# -- giving them ---------------------------------------------------------------------------------------
def order(state: State, seat: int, m: Move) -> tuple[State, FireOrder]:
    """Seal one fire decision; its id is the canary marker until the reveal."""
    n = sum(1 for o in state.fire if o.seat == seat) + 1
    oid = f"fire-{state.turn}-{seat}-{n}"
    unit, group = slot_of(m)
    if m.get("hold") is not None:
        fo = FireOrder(oid, seat, unit, "", "", "hold", group)
    else:
        fo = FireOrder(oid, seat, unit, m["weapon"], m["target"], m["mode"], group)
    return replace(state, fire=(*state.fire, fo)), fo


def done(state: State, seat: int) -> State:
    return replace(state, fire_done=set_at(state.fire_done, seat, True))

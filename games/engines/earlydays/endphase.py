"""The End phase in the SW-11 order: 1) repair rolls, 2) this turn's shots (casualties and
damage, then ion hits on the ion table), the docking of a transport, 3) shield
regeneration, 4) expiry of "following turn" results, 5) the victory check (``scenarios``).

The work is a queue of tasks kept in the state, so that a decision owed by a player who
opted in to "ask me" (GAPS 2.6: ion result 5, a successful repair) can pause it; the
answer resumes it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..base import Event
from ..dice import Dice
from .data import DATA, FALCON, FIGHTER, RULES, SHIP, STATION
from .state import ACTIVE, DESTROYED, Effect, Hit, Pending, State, Unit, with_unit
from .units import is_disabled, lasting, panicked, scrambled_penalty, weapons_of, working_weapons

ION = RULES["ion"]
Events = list[Event]


def queue(state: State) -> tuple[str, ...]:
    """The End-phase tasks of this turn, in the SW-11 order."""
    repairs = [f"repair:{u.id}" for u in state.units if u.status == ACTIVE and _repairable(state, u)]
    ions = [f"ion:{i}" for i, h in enumerate(state.hits) if h.kind == "ion"]
    return (*repairs, "damage", *ions, "dock", "regen", "expire")


def _repairable(state: State, u: Unit) -> tuple[Effect, ...]:
    """Permanent results from earlier turns (SW-11 step 1, SW-43)."""
    return tuple(e for e in u.effects if e.kind in ION["permanent"] and e.since < state.turn)


def run(state: State, dice: Dice) -> tuple[State, Events]:
    """Work through the queue until it is empty or a decision is owed."""
    events: Events = []
    while state.end_queue and state.pending is None:
        task, rest = state.end_queue[0], state.end_queue[1:]
        state = replace(state, end_queue=rest)
        name, _, arg = task.partition(":")
        state, more = TASKS[name](state, arg, dice)
        events += more
    return state, events


# -- 1) repairs ------------------------------------------------------------------------------------
def repair_choices(u: Unit) -> tuple[str, ...]:
    """What a successful repair may null: "disabled", "engine" or a neutralized weapon."""
    out = []
    for e in u.effects:
        label = e.weapon if e.kind == "weapon" else e.kind
        if e.kind in ION["permanent"] and label not in out:
            out.append(label)
    return tuple(out)


def _repair(state: State, unit_id: str, dice: Dice) -> tuple[State, Events]:
    u = state.unit(unit_id)
    if u is None or u.status != ACTIVE or not _repairable(state, u):
        return state, []
    needed = RULES["repair"]["needed"]
    needed += scrambled_penalty(u, state.turn, needed)  # [SEED] ion result 3: -1 each, max 6
    if panicked(state, u):  # [SEED] panicked units get -1 on all rolls (SW-46)
        needed += RULES["shooting"]["panic"]
    roll = dice.d6(f"{u.id}: repair roll (SW-43)")
    events = [Event("repair_roll", {"unit": u.id, "roll": roll, "needed": needed, "success": roll >= needed})]
    if roll < needed:
        return state, events
    choices = tuple(c for c in repair_choices(u) if c in {_label(e) for e in _repairable(state, u)})
    if state.orders[u.seat].ask:
        pending = Pending("repair", u.seat, u.id, choices)
        return replace(state, pending=pending), [
            *events,
            Event("decision_asked", {"kind": "repair", "seat": u.seat, "unit": u.id}),
        ]
    state, more = apply_repair(state, u.id, auto_repair(state, u, choices))
    return state, events + more


def _label(e: Effect) -> str:
    return e.weapon if e.kind == "weapon" else e.kind


def auto_repair(state: State, u: Unit, choices: tuple[str, ...]) -> str:
    """GAPS 2.6 standing order: disabled first, then engine, then weapon (or as set)."""
    policy = state.orders[u.seat].repair
    order = {
        "disabled_first": ("disabled", "engine", "weapon"),
        "engine_first": ("engine", "disabled", "weapon"),
        "weapon_first": ("weapon", "disabled", "engine"),
    }[policy]
    weapons = sorted((c for c in choices if c in DATA.weapons), key=lambda k: (-DATA.weapons[k].damage, k))
    for kind in order:
        if kind == "weapon" and weapons:
            return weapons[0]
        if kind in choices:
            return kind
    return choices[0]


def apply_repair(state: State, unit_id: str, label: str) -> tuple[State, Events]:
    u = state.unit(unit_id)
    assert u is not None
    effects = list(u.effects)
    gone = next(e for e in effects if _label(e) == label and e.kind in ION["permanent"])
    effects.remove(gone)
    if gone.kind == "disabled":  # [SEED] counts as control systems scrambled next turn
        effects.append(lasting("scrambled", state.turn))
    u = replace(u, effects=tuple(effects))
    return with_unit(state, u), [Event("repaired", {"unit": u.id, "seat": u.seat, "effect": label})]


# -- 2) shots --------------------------------------------------------------------------------------
def _damage(state: State, arg: str, dice: Dice) -> tuple[State, Events]:
    """Casualties and damage, then the dead are removed ([SEED]: nobody dies before)."""
    events: Events = []
    for target_id in dict.fromkeys(h.target for h in state.hits if h.kind != "ion"):
        t = state.unit(target_id)
        assert t is not None
        if t.status != ACTIVE:
            continue
        t, data = _take(state, t, [h for h in state.hits if h.target == target_id and h.kind != "ion"], dice)
        state = with_unit(state, t)
        events.append(Event("damage_applied", data))
    for u in state.units:
        dead = u.status == ACTIVE and (
            (u.kind.cls == FIGHTER and u.fighters <= 0)
            or (u.kind.cls == FALCON and u.hits <= 0)
            or (u.kind.cls in (SHIP, STATION) and u.hull <= 0)
        )
        if dead:
            state = with_unit(state, replace(u, status=DESTROYED, docked=""))
            events.append(Event("unit_destroyed", {"unit": u.id, "seat": u.seat, "hex": u.hex}))
    return state, events


def _take(state: State, t: Unit, hits: list[Hit], dice: Dice) -> tuple[Unit, dict[str, Any]]:
    saved = 0
    for h in hits:
        if h.kind == "kill":
            wingman = t.vader and t.fighters > 1  # SW-47: his wingmen go first
            torpedo = DATA.weapons[h.weapon].kind == "torpedo_af"  # SW-44: no shield save
            save = 0 if wingman or torpedo else _save(t)
            roll = dice.d6(f"{t.id}: shield save (SW-34)") if save else 0
            if save and roll - (RULES["shooting"]["panic"] if panicked(state, t) else 0) >= save:
                saved += 1
                continue
            if t.kind.cls == FALCON:
                t = replace(t, hits=t.hits - 1)  # SW-48: one of 8 hits per unsaved hit
            else:
                # a flight already shot down takes no more (its count stays at 0)
                t = replace(t, fighters=max(0, t.fighters - 1), vader=t.vader and t.fighters > 1)
        else:  # SW-38: shields first, the rest to the hull
            absorbed = min(t.shield, h.damage)
            t = replace(t, shield=t.shield - absorbed, hull=t.hull - (h.damage - absorbed))
    data = {
        "unit": t.id,
        "hits": len(hits),
        "saved": saved,
        "fighters": t.fighters,
        "falcon_hits": t.hits,
        "shield": t.shield,
        "hull": t.hull,
    }
    return t, data


def _save(t: Unit) -> int:
    if t.kind.cls == FALCON:
        return int(RULES["saves"]["falcon"])
    if t.vader:
        return max(DATA.options[o].save for o in t.options if DATA.options[o].save)
    return t.kind.save


def _ion(state: State, arg: str, dice: Dice) -> tuple[State, Events]:
    """[SEED] ion cannons: double damage to shields; once they are down, the ion table."""
    h = state.hits[int(arg)]
    t = state.unit(h.target)
    assert t is not None
    if t.status != ACTIVE:
        return state, []
    before = t.ion_hits
    t = replace(t, ion_hits=before + 1)
    if t.shield > 0:
        t = replace(t, shield=max(0, t.shield - RULES["shooting"]["ion_shield_factor"] * h.damage))
        return with_unit(state, t), [Event("ion_shields", {"unit": t.id, "shield": t.shield})]
    roll = dice.d6(f"{t.id}: ion table (SW-42)")
    # [SEED] +1 for disabled ships, which includes those that only count as disabled
    # (every weapon and all movement neutralized)
    disabled = is_disabled(t)
    total = min(
        ION["max_result"], roll + before // ION["hits_per_bonus"] + (ION["disabled_bonus"] if disabled else 0)
    )
    result = ION["results"][total - 1]
    events = [Event("ion_result", {"unit": t.id, "roll": roll, "total": total, "result": result})]
    if result == "weapon":
        choices = tuple(w.key for w in working_weapons(t))
        state = with_unit(state, t)
        if not choices:
            return state, events
        if state.orders[h.seat].ask:
            pending = Pending("ion_weapon", h.seat, t.id, choices)
            return replace(state, pending=pending), [
                *events,
                Event("decision_asked", {"kind": "ion_weapon", "seat": h.seat, "unit": t.id}),
            ]
        state, more = neutralize(state, t.id, auto_weapon(state, h.seat, t))
        return state, events + more
    effect = _ion_effect(state, t, result)
    if effect is not None:
        t = replace(t, effects=(*t.effects, effect))
    return with_unit(state, t), events


def _ion_effect(state: State, t: Unit, result: str) -> Effect | None:
    if result == "targeting" and any(e.kind == "targeting" and e.until == state.turn + 1 for e in t.effects):
        return None  # [SEED] doesn't stack with another two result
    if result == "disabled" and any(e.kind == "disabled" for e in t.effects):
        return None  # [SEED] disabled results do not stack
    if result in ION["lasting"]:
        return lasting(result, state.turn)
    if result in ("engine", "disabled"):
        return Effect(result, since=state.turn)
    return None


def auto_weapon(state: State, seat: int, t: Unit) -> str:
    """GAPS 2.6 standing order for result 5: the largest weapon, or the one with most dice."""
    ws = working_weapons(t)
    if state.orders[seat].ion_weapon == "most_dice":
        best = max(ws, key=lambda w: (w.dice, w.raking, w.damage, w.key))
    else:
        best = max(ws, key=lambda w: (w.damage, w.dice, w.key))
    return best.key


def neutralize(state: State, unit_id: str, weapon: str) -> tuple[State, Events]:
    t = state.unit(unit_id)
    assert t is not None and weapon in {w.key for w in weapons_of(t)}
    t = replace(t, effects=(*t.effects, Effect("weapon", since=state.turn, weapon=weapon)))
    return with_unit(state, t), [Event("weapon_neutralized", {"unit": t.id, "weapon": weapon})]


# -- docking, 3) regeneration, 4) expiry --------------------------------------------------------------
def _dock(state: State, arg: str, dice: Dice) -> tuple[State, Events]:
    from .scenarios import dock_end  # scenarios imports this module's queue users

    return dock_end(state)


def _regen(state: State, arg: str, dice: Dice) -> tuple[State, Events]:
    """SW-38: shields regenerate their (N) value, up to the maximum."""
    for u in state.units:
        if u.status == ACTIVE and u.kind.regen and u.shield < u.kind.shield:
            state = with_unit(state, replace(u, shield=min(u.kind.shield, u.shield + u.kind.regen)))
    return state, []


def _expire(state: State, arg: str, dice: Dice) -> tuple[State, Events]:
    """SW-42, SW-46: "following turn" results and panic end with this turn."""
    for u in state.units:
        effects = tuple(e for e in u.effects if not (e.until and e.until <= state.turn))
        panic = u.panic_until if u.panic_until > state.turn else 0
        if effects != u.effects or panic != u.panic_until:
            state = with_unit(state, replace(u, effects=effects, panic_until=panic))
    return state, []


TASKS = {"repair": _repair, "damage": _damage, "ion": _ion, "dock": _dock, "regen": _regen, "expire": _expire}

"""Shooting: the to-hit number and the rolls of the revealed fire orders (AS-SW-1).

The angle table (SW-33), range bands (SW-41), the to-hit formula (SW-30, SW-31), fire
modes (SW-35, SW-36), dice per attack and raking (SW-37), turrets (SW-39), torpedoes
(SW-44, SW-45), Terrifying (SW-46) and the Falcon (SW-48) live here; which orders are
legal (arcs, SW-32, SW-40; ranges) is ``fire_orders.py``. Hits wait for the End phase
([SEED]: nothing dies before it).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..base import Event
from ..dice import Dice
from .data import DATA, RULES, Weapon
from .geometry import aspect, dead_ahead, fire_out, hex_distance, range_band
from .state import FireOrder, Hit, State, Unit, with_unit
from .units import (
    crew,
    effect_count,
    fighter_like,
    flying_piloting,
    has_effect,
    panicked,
    scrambled_penalty,
)

SHOT = RULES["shooting"]
Events = list[Event]


@dataclass(frozen=True)
class ToHit:
    """The number a die must reach, how it was made up, and whether only a 6 can hit."""

    needed: int
    lucky: bool
    parts: tuple[tuple[str, int], ...]

    def to_json(self) -> dict[str, Any]:
        return {"needed": self.needed, "lucky": self.lucky, "parts": dict(self.parts)}


def rapid_bonus(w: Weapon, u: Unit) -> int:
    """[SEED] +1 to hit for every doubling of the guns; the locked-forward turret adds 1."""
    bonus = max(w.guns, 1).bit_length() - 1
    if w.group == "main" and w.kind == "laser" and not w.turret:
        bonus += sum(DATA.options[o].rapid_bonus for o in u.options)
    return bonus


def damage(w: Weapon, u: Unit, mode: str) -> int:
    if mode == "rapid":
        return w.rapid_damage
    if mode == "linked":
        return w.linked_damage + sum(DATA.options[o].linked_bonus for o in u.options)
    return w.damage


def to_hit(state: State, u: Unit, w: Weapon, t: Unit, mode: str, vader: bool = False) -> ToHit:
    """SW-30: needed = (7 - Gunnery) + difficulty - bonuses; SW-31 base for ship weapons."""
    parts: list[tuple[str, int]] = []
    if vader and w.group == "main" and w.kind == "laser":
        w = DATA.weapons[next(name for o in u.options if (name := DATA.options[o].weapon))]
    if w.kind == "ship":
        parts.append(("weapon", w.to_hit))
    else:
        parts.append(("gunnery", SHOT["gunnery_base"] - crew(u, vader).gunnery))
    if fighter_like(t):
        parts += [("evasion", t.kind.evasion), ("piloting", flying_piloting(t))]
        # SW-24: a stopped unit drops every angle against it to 0
        parts.append(("angle", 0 if t.stopped else aspect(t.hex, t.facing, u.hex)[1]))
    _band, mod = range_band(w.range, hex_distance(u.hex, t.hex))
    parts.append(("range", mod or 0))
    if w.mount == "forward" and not w.vectored and not dead_ahead(u.hex, u.facing, t.hex):
        parts.append(("off_axis", SHOT["off_axis"]))
    if w.turret:
        parts.append(("turret_angle", fire_out(u.hex, u.facing, t.hex)[1]))
    if u.manoeuvre == "double":
        parts.append(("double_move", SHOT["double_move"]))
    if panicked(state, u):
        parts.append(("panic", SHOT["panic"]))
    if has_effect(u, "targeting", state.turn):
        parts.append(("targeting_disrupted", SHOT["targeting_disrupted"]))
    if w.vs_fighter and fighter_like(t):
        parts.append(("turbolaser_vs_fighter", w.vs_fighter))
    if mode == "rapid":
        parts.append(("rapid_fire", -rapid_bonus(w, u)))
    if w.kind == "torpedo_ac":
        if u.manoeuvre == "run":
            parts.append(("attack_run", -SHOT["bomber_run"] if u.kind.bomber else 0))
        else:
            parts.append(("snap_shot", SHOT["snap_shot"]))
    needed = max(sum(v for _, v in parts), SHOT["min_needed"])
    scrambled = scrambled_penalty(u, state.turn, needed)  # [SEED] "to a max of 6", stacking
    if scrambled:
        parts.append(("control_scrambled", scrambled))
        needed += scrambled
    lucky = mod is None or needed > SHOT["lucky"]
    return ToHit(SHOT["lucky"] if lucky else needed, lucky, tuple(parts))


# -- resolution ------------------------------------------------------------------------------------
def resolve(state: State, dice: Dice) -> tuple[State, Events]:
    """Reveal both sides' orders together, make the Will saves, then roll every attack."""
    given = tuple(sorted(state.fire, key=lambda o: (o.seat, int(o.id.rsplit("-", 1)[1]))))
    orders = tuple(o for o in given if not o.held)
    held = [{"id": o.id, "seat": o.seat, "unit": o.unit, "group": o.group} for o in given if o.held]
    events: Events = [
        Event(
            "fire_revealed",
            {"turn": state.turn, "orders": [_order_json(o) for o in orders], "held": held},
        )
    ]
    for o in orders:  # SW-46: "an immediate will save", before anyone's dice
        u, t = state.unit(o.unit), state.unit(o.target)
        assert u is not None and t is not None
        if u.vader:
            state, more = _terrify(state, t, dice)
            events += more
    hits: list[Hit] = []
    for o in orders:
        u, t = state.unit(o.unit), state.unit(o.target)
        assert u is not None and t is not None
        w = DATA.weapons[o.weapon]
        if w.kind == "torpedo_af":
            found, data = _opposed(state, u, t, dice, o)
        else:
            found, data = _attack(state, u, w, t, o, dice)
        hits += found
        events.append(Event("fire_resolved", data))
        if w.torpedo:
            state = with_unit(state, replace(u, torpedoes=False))
    state = replace(state, hits=(*state.hits, *hits), last_fire=orders, fire=())
    return state, events


def _order_json(o: FireOrder) -> dict[str, Any]:
    return {
        "id": o.id,
        "seat": o.seat,
        "unit": o.unit,
        "weapon": o.weapon,
        "target": o.target,
        "mode": o.mode,
    }


def _terrify(state: State, t: Unit, dice: Dice) -> tuple[State, Events]:
    will = crew(t).will
    roll = dice.d6(f"{t.id}: Will save against Vader's Terrifying (SW-46)")
    # [SEED] panicked units get -1 on all rolls; a scrambled ship -1 on all its rolls (ion 3)
    total = roll + (SHOT["panic"] if panicked(state, t) else 0)
    total += effect_count(t, "scrambled", state.turn) * SHOT["control_scrambled"]
    passed = total <= will
    if not passed:
        t = replace(t, panic_until=state.turn + RULES["will"]["panic_turns"])
        state = with_unit(state, t)
    return state, [
        Event("will_save", {"unit": t.id, "roll": roll, "total": total, "will": will, "passed": passed})
    ]


def _dice_groups(u: Unit, w: Weapon, t: Unit) -> list[tuple[int, bool]]:
    """(dice, is Vader) per group of shooters: one die per fighter, raking per target fighter."""
    if w.kind == "ship":
        n = (t.fighters if t.is_flight else 1) if w.raking and fighter_like(t) else w.dice
        return [(n, False)]
    if u.kind.cls != "fighter":
        return [(1, False)]
    if u.vader:
        return [(u.fighters - 1, False), (1, True)] if u.fighters > 1 else [(1, True)]
    return [(u.fighters, False)]


def _attack(
    state: State, u: Unit, w: Weapon, t: Unit, o: FireOrder, dice: Dice
) -> tuple[list[Hit], dict[str, Any]]:
    groups, hits = [], []
    lucky_rolled = False
    for n, vader in _dice_groups(u, w, t):
        if n <= 0:
            continue
        th = to_hit(state, u, w, t, o.mode, vader)
        if th.lucky:
            # [SEED] "the unit gets reduced to one dice": Vader and his wingmen are one
            # unit, so all of its dice past six (at extreme range, all) make one lucky die
            if lucky_rolled:
                continue
            lucky_rolled = True
        count = 1 if th.lucky else n
        rolls = [dice.d6(f"{o.unit} {w.name} at {o.target}") for _ in range(count)]
        scored = sum(1 for r in rolls if r >= th.needed)
        groups.append({**th.to_json(), "vader": vader, "rolls": rolls, "hits": scored})
        hits += [_hit(u, w, t, o, vader) for _ in range(scored)]
    data = {**_order_json(o), "groups": groups, "hits": len(hits)}
    return hits, data


def _hit(u: Unit, w: Weapon, t: Unit, o: FireOrder, vader: bool) -> Hit:
    if fighter_like(t):  # [SEED] fighters hit count as killed (SW-49); SW-48 Falcon
        return Hit(t.id, u.id, o.seat, w.key, "kill")
    kind = "ion" if w.kind == "ion" else "damage"
    return Hit(t.id, u.id, o.seat, w.key, kind, damage(w, u, o.mode))


def _opposed(state: State, u: Unit, t: Unit, dice: Dice, o: FireOrder) -> tuple[list[Hit], dict[str, Any]]:
    """SW-44: per fighter 1d6 + Gunnery against 1d6 + Evasion + Piloting; ties miss."""
    g = crew(u).gunnery - (SHOT["panic"] if panicked(state, u) else 0)
    evasion = 0 if t.stopped else t.kind.evasion  # "full benefits ... except if standing still"
    defence = evasion + flying_piloting(t) - (SHOT["panic"] if panicked(state, t) else 0)
    duels, hits = [], []
    for _ in range(u.fighters):
        a = dice.d6(f"{o.unit} anti-fighter torpedo at {o.target}")
        d = dice.d6(f"{o.target} evades an anti-fighter torpedo")
        hit = a + g > d + defence
        duels.append({"attack": a + g, "defence": d + defence, "hit": hit})
        if hit:
            hits.append(Hit(t.id, u.id, o.seat, o.weapon, "kill"))
    bonuses = {"gunnery": g, "evasion": evasion, "defence": defence}
    return hits, {**_order_json(o), "duels": duels, "bonuses": bonuses, "hits": len(hits)}

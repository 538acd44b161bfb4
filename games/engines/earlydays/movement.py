"""Movement: one step of one unit at a time ([SEED] movement, SW-06, SW-07, SW-20..26, SW-46).

Fighters: F (one hex ahead), L/R (turn one facing, then one hex ahead), L2/R2/L3/R3 (a
sharper turn with a piloting roll), IMM (the Immelmann), and, declared before the first
hex: lock (anti-fighter lock-on), run (attack run), double, stop. Ships and the Falcon: F,
and L/R turning in place. ``end`` closes a unit's movement; it happens by itself when
nothing else is possible.
"""

from __future__ import annotations

from dataclasses import replace

from ..base import Event, Invalid, Move
from ..dice import Dice
from ..hexgrid import Hex
from . import moves as mv
from .data import FIGHTER, RULES
from .geometry import FACINGS, edge_of, hex_of, name_of, on_map
from .state import ACTIVE, WITHDRAWN, Moving, State, Unit, with_unit
from .units import min_move, move_allowance, panicked, scrambled_penalty, weapons_of

MOVE = RULES["movement"]
TURNS = {"F": (0, 0), "L": (1, -1), "R": (1, 1), "L2": (2, -1), "R2": (2, 1), "L3": (3, -1), "R3": (3, 1)}
Events = list[Event]


def _free(state: State, name: str, mover: str) -> bool:
    return not any(u.status == ACTIVE and u.hex == name and u.id != mover for u in state.units)


def context(state: State, u: Unit) -> Moving:
    return state.moving if state.moving is not None and state.moving.unit == u.id else Moving(u.id)


def _finishable(state: State, u: Unit, h: Hex, facing: int, hexes: int, facings: int, straight: int) -> bool:
    """SW-06: after a step the unit must still be able to end its move in a free hex (or
    leave the map, SW-07) by some legal way on, whatever a sharper-turn roll gives (SW-22)."""
    allowance, least, fighter = move_allowance(u), min_move(u), u.kind.cls == FIGHTER
    seen: dict[tuple[Hex, int, int, int, int], bool] = {}

    def steps(straight_: int) -> tuple[str, ...]:
        if not fighter:
            return mv.SHIP_STEPS
        if u.manoeuvre == "lock":
            return ("F",)
        if u.manoeuvre == "run":
            return ("F", "L", "R")
        return mv.FIGHTER_STEPS if straight_ >= MOVE["immelmann_straight"] else mv.FIGHTER_STEPS[:-1]

    def ways_on(
        h: Hex, f: int, n: int, turned: int, line: int, s: str
    ) -> list[tuple[Hex, int, int, int, int]]:
        k, d = (MOVE["immelmann_facings"], 0) if s == "IMM" else TURNS[s]
        if s == "IMM":
            return [(h, (f + 3) % 6, n, turned + k, 0)]
        if not fighter and s != "F":
            return [(h, (f + d) % 6, n, turned + 1, 0)]
        out = []
        for t in [k] if k < 2 else [k, 1]:
            g = (f + d * t) % 6
            out.append((h.neighbour(g), g, n + 1, turned + t, line + 1 if s == "F" else 0))
        return out

    def can(h: Hex, f: int, n: int, turned: int, line: int) -> bool:
        if not on_map(h) or (n >= least and _free(state, name_of(h), u.id)):
            return True
        key = (h, f, n, turned, line)
        if key not in seen:
            seen[key] = False  # a loop of turns in place gets nowhere
            for s in steps(line):
                k = MOVE["immelmann_facings"] if s == "IMM" else TURNS[s][0]
                if turned + k > allowance or (
                    u.manoeuvre == "run" and turned + k > RULES["shooting"]["run_max_facings"]
                ):
                    continue
                if (s == "F" or (fighter and s != "IMM")) and n >= allowance:
                    continue
                if all(can(*o) for o in ways_on(h, f, n, turned, line, s)):
                    seen[key] = True
                    break
        return seen[key]

    return can(h, facing, hexes, facings, straight)


def _outcomes(u: Unit, m: Moving, s: str) -> list[tuple[Hex, int, int, int]]:
    """(hex, facing, hexes, facings) after step ``s``: both results of a sharper turn."""
    here = hex_of(u.hex)
    assert here is not None
    if s == "IMM":
        return [(here, (u.facing + 3) % 6, m.hexes, m.facings + MOVE["immelmann_facings"])]
    k, d = TURNS[s]
    if u.kind.cls != FIGHTER:  # ships turn in place (SW-26)
        if s == "F":
            return [(here.neighbour(u.facing), u.facing, m.hexes + 1, m.facings)]
        return [(here, (u.facing + d) % 6, m.hexes, m.facings + 1)]
    results = [k] if k < 2 else [k, 1]  # SW-22: a failed sharper turn turns one facing
    out = []
    for turned in results:
        f = (u.facing + d * turned) % 6
        out.append((here.neighbour(f), f, m.hexes + 1, m.facings + turned))
    return out


def destinations(state: State, u: Unit) -> dict[str, dict[str, str]]:
    """Where each step would take ``u`` now, as planned (a sharper turn that fails turns
    one facing, SW-22): {step: {"hex", "facing", "edge"}}; "hex" is "" and "edge" the map
    edge when the step leaves the map (SW-07). Legal or not: ``legal`` says which."""
    if u.status != ACTIVE or hex_of(u.hex) is None:
        return {}
    out = {}
    for s in mv.FIGHTER_STEPS if u.kind.cls == FIGHTER else mv.SHIP_STEPS:
        h, f, _hexes, _facings = _outcomes(u, context(state, u), s)[0]
        inside = on_map(h)
        out[s] = {
            "hex": name_of(h) if inside else "",
            "facing": FACINGS[f],
            "edge": "" if inside else edge_of(h),
        }
    return out


def double_path(u: Unit) -> list[Hex]:
    h = hex_of(u.hex)
    assert h is not None
    path = []
    for _ in range(MOVE["double_factor"] * u.kind.move):
        h = h.neighbour(u.facing)
        path.append(h)
        if not on_map(h):
            break
    return path


def _has_torpedo(u: Unit, kind: str) -> bool:
    return u.torpedoes and any(w.kind == kind for w in weapons_of(u))


def problem(state: State, u: Unit, m: Move) -> Invalid | None:
    """Why this movement move is illegal for unit ``u`` now, or None."""
    if state.moving is not None and state.moving.unit != u.id:
        return Invalid(
            "finish_moving_unit",
            f"{state.moving.unit} is moving; finish its movement first (units move one at a time, [SEED]).",
        )
    if u.id in state.moved:
        return Invalid("already_moved", f"{u.id} has already moved this turn ([SEED] movement).")
    allowance = move_allowance(u)
    if allowance == 0:
        return Invalid(
            "cannot_move", f"{u.id} cannot move: stationary, disabled or without engines ([SEED], SW-26)."
        )
    ctx, fighter = context(state, u), u.kind.cls == FIGHTER
    started = state.moving is not None
    if m.kind in ("lock", "run", "double", "stop"):
        return _declaration(state, u, m, started, fighter)
    if m.kind == "end":
        if ctx.hexes < min_move(u):
            return Invalid(
                "minimum_move",
                f"{u.id} has moved {ctx.hexes} hexes; fighters move at least {min_move(u)} ([SEED], SW-20).",
            )
        if not _free(state, u.hex, u.id):
            return Invalid(
                "hex_occupied",
                f"{u.hex} holds another unit; no unit ends its move in an occupied hex (SW-06).",
            )
        return None
    s = m["step"]
    if not fighter and s not in mv.SHIP_STEPS:
        return Invalid(
            "ship_manoeuvre",
            f"{u.id} is a ship: it moves forward (F) and turns in place (L, R); sharper turns and the Immelmann are fighter manoeuvres (SW-26).",
        )
    turning = MOVE["immelmann_facings"] if s == "IMM" else TURNS[s][0]
    needs_hex = s == "F" or (fighter and s != "IMM")
    if needs_hex and ctx.hexes >= allowance:
        return Invalid(
            "no_movement_left",
            f"{u.id} has moved its {allowance} hexes; if you can't move forward you can't turn ([SEED], SW-21).",
        )
    if u.manoeuvre == "lock" and s != "F":
        return Invalid(
            "lock_straight",
            f"{u.id} is locking on with anti-fighter torpedoes and travels in a straight line this turn ([SEED], SW-44).",
        )
    if u.manoeuvre == "run" and (
        s not in ("F", "L", "R") or ctx.facings + turning > RULES["shooting"]["run_max_facings"]
    ):
        return Invalid(
            "attack_run_turn",
            f"On an attack run {u.id} makes no more than 1 turn of 1 facing ([SEED], SW-45).",
        )
    if ctx.facings + turning > allowance:
        return Invalid(
            "facings_cap",
            f"{u.id} has turned {ctx.facings} facings; the facings turned in a turn cannot exceed its movement {allowance} ([SEED], SW-21).",
        )
    if s == "IMM":
        if u.kind.move < MOVE["immelmann_min_move"]:
            return Invalid(
                "immelmann_move",
                f"The Immelmann needs at least {MOVE['immelmann_min_move']} movement ([SEED], SW-23).",
            )
        if ctx.straight < MOVE["immelmann_straight"]:
            return Invalid(
                "immelmann_straight",
                f"{u.id} must first move {MOVE['immelmann_straight']} hexes straight without turning ([SEED], SW-23); it has {ctx.straight}.",
            )
    straight = ctx.straight + 1 if s == "F" else 0
    for h, f, hexes, facings in _outcomes(u, ctx, s):
        if not _finishable(state, u, h, f, hexes, facings, straight):
            return Invalid(
                "no_free_hex",
                f"After {s} {u.id} could not end its move in a free hex, however it went on (SW-06).",
            )
    return None


def _declaration(state: State, u: Unit, m: Move, started: bool, fighter: bool) -> Invalid | None:
    what = {
        "lock": "a lock-on",
        "run": "an attack run",
        "double": "a double move",
        "stop": "a complete stop",
    }[m.kind]
    if not fighter:
        return Invalid(
            "fighters_only", f"Only fighters make {what}; {u.id} is not a fighter flight ([SEED])."
        )
    if started:
        return Invalid(
            "declare_first",
            f"{what.capitalize()} is declared before the unit moves its first hex ([SEED], SW-24, SW-25, SW-44, SW-45).",
        )
    if m.kind == "lock" and not _has_torpedo(u, "torpedo_af"):
        return Invalid(
            "no_torpedoes", f"{u.id} has no anti-fighter torpedoes left to lock on with ([SEED], SW-44)."
        )
    if m.kind == "run" and not _has_torpedo(u, "torpedo_ac"):
        return Invalid(
            "no_torpedoes", f"{u.id} has no anti-capship torpedoes left for an attack run ([SEED], SW-45)."
        )
    if m.kind == "double":
        path = double_path(u)
        if on_map(path[-1]) and not _free(state, name_of(path[-1]), u.id):
            return Invalid(
                "hex_occupied",
                f"A double move would end {u.id} in the occupied hex {name_of(path[-1])} (SW-06, SW-25).",
            )
    if m.kind in ("lock", "run"):  # the straight or nearly straight flight must be possible
        declared = replace(u, manoeuvre=m.kind)
        after = replace(with_unit(state, declared), moving=Moving(u.id))
        if not legal(after, declared):
            return Invalid("no_free_hex", f"{u.id} could not fly its {what} to a free hex (SW-06).")
    if m.kind == "stop" and not u.stopped and FACINGS.index(m["facing"]) != u.facing:
        return Invalid(
            "stop_no_turn",
            f"The turn {u.id} stops it cannot turn at all; it keeps facing {FACINGS[u.facing]} ([SEED], SW-24).",
        )
    return None


def candidates(state: State, u: Unit) -> list[Move]:
    """Every movement move for ``u`` (to be filtered by ``problem``)."""
    out: list[Move] = []
    fighter = u.kind.cls == FIGHTER
    if fighter and state.moving is None:
        out += [mv.unit_move(k, u.id) for k in ("lock", "run", "double")]
        facings = range(6) if u.stopped else (u.facing,)
        out += [mv.stop(u.id, FACINGS[f]) for f in facings]
    out += [mv.step(u.id, s) for s in (mv.FIGHTER_STEPS if fighter else mv.SHIP_STEPS)]
    out.append(mv.unit_move("end", u.id))
    return out


def legal(state: State, u: Unit) -> list[Move]:
    return [m for m in candidates(state, u) if problem(state, u, m) is None]


# -- applying ------------------------------------------------------------------------------------
def _needs_panic_check(state: State, u: Unit, m: Move, ctx: Moving) -> bool:
    """SW-46: a panicked unit rolls for anything beyond 3 hexes straight ahead."""
    if not panicked(state, u) or ctx.panic_ok or m.kind in ("end", "lock", "run"):
        return False
    return not (m.kind == "move" and m["step"] == "F" and ctx.hexes < MOVE["panic_straight"])


def _pilot_roll(state: State, u: Unit, dice: Dice, needed: int, purpose: str) -> tuple[int, bool, int]:
    from .units import crew  # local: crew is only needed for rolls

    roll = dice.d6(purpose)
    total = roll + crew(u).piloting - (RULES["shooting"]["panic"] if panicked(state, u) else 0)
    # [SEED] ion result 3: -1 per result on all the ship's rolls, "to a max of 6"
    total -= scrambled_penalty(u, state.turn, needed)
    return roll, total >= needed, total


def apply(state: State, u: Unit, m: Move, dice: Dice) -> tuple[State, Events, bool]:
    """Apply a checked movement move; the flag says the unit's movement is over."""
    ctx = context(state, u)
    events: Events = []
    if m.kind in ("lock", "run"):
        u = replace(u, manoeuvre=m.kind)
        state = replace(with_unit(state, u), moving=Moving(u.id))
        events.append(Event("manoeuvre_declared", {"unit": u.id, "manoeuvre": m.kind}))
        return state, events, False
    if _needs_panic_check(state, u, m, ctx):
        roll, passed, total = _pilot_roll(
            state, u, dice, MOVE["panic_check"], f"{u.id}: panicked pilots hold formation (SW-46)"
        )
        events.append(
            Event(
                "panic_check",
                {"unit": u.id, "roll": roll, "total": total, "needed": MOVE["panic_check"], "passed": passed},
            )
        )
        if not passed:
            state, more = _straight_on(state, u, ctx)
            return state, events + more, True
        ctx = replace(ctx, panic_ok=True)
    if m.kind == "end":
        return state, events, True
    if m.kind == "stop":
        u = replace(u, facing=FACINGS.index(m["facing"]), stopped=True, manoeuvre="stop")
        events.append(Event("unit_stopped", {"unit": u.id, "hex": u.hex, "facing": m["facing"]}))
        return with_unit(state, u), events, True
    if m.kind == "double":
        path = double_path(u)
        u = replace(u, manoeuvre="double", stopped=False)
        state, more = _go(state, u, path[-1], u.facing, "double", len(path))
        return state, events + more, True
    return _step(state, u, ctx, m["step"], dice, events)


def _step(
    state: State, u: Unit, ctx: Moving, s: str, dice: Dice, events: Events
) -> tuple[State, Events, bool]:
    outcomes = _outcomes(u, ctx, s)
    h, f, hexes, facings = outcomes[0]
    if len(outcomes) > 1:  # SW-22 sharper turn: 1d6 + Piloting >= 4 + (k - 2)
        k = TURNS[s][0]
        needed = MOVE["sharper_base"] + k - 2
        roll, passed, total = _pilot_roll(
            state, u, dice, needed, f"{u.id}: sharper turn of {k} facings (SW-22)"
        )
        events.append(
            Event(
                "sharper_turn",
                {
                    "unit": u.id,
                    "facings": k,
                    "roll": roll,
                    "total": total,
                    "needed": needed,
                    "passed": passed,
                },
            )
        )
        if not passed:
            h, f, hexes, facings = outcomes[1]
    straight = ctx.straight + 1 if s == "F" else 0
    moved = hexes > ctx.hexes
    u = replace(u, manoeuvre=u.manoeuvre or "normal", stopped=u.stopped and not moved)
    ctx = replace(ctx, hexes=hexes, facings=facings, straight=straight)
    if not on_map(h):
        state, more = _go(state, u, h, f, s, 1)
        return state, events + more, True
    u = replace(u, hex=name_of(h), facing=f)
    state = replace(with_unit(state, u), moving=ctx)
    events.append(
        Event("unit_stepped", {"unit": u.id, "step": s, "hex": u.hex, "facing": FACINGS[f], "hexes": hexes})
    )
    rest = legal(state, u)
    done = [m.kind for m in rest] == ["end"]  # nothing but "end" left: close it now
    return state, events, done


def _go(state: State, u: Unit, dest: Hex, facing: int, how: str, hexes: int) -> tuple[State, Events]:
    """Put ``u`` on ``dest``; off the map it is withdrawn, not destroyed (SW-07)."""
    if not on_map(dest):
        u = replace(u, status=WITHDRAWN, hex="", docked="", exit=edge_of(dest))
        data = {"unit": u.id, "seat": u.seat, "how": how, "edge": u.exit}
        return with_unit(state, u), [Event("unit_withdrawn", data)]
    u = replace(u, hex=name_of(dest), facing=facing, status=ACTIVE)
    event = Event(
        "unit_moved", {"unit": u.id, "how": how, "hex": u.hex, "facing": FACINGS[facing], "hexes": hexes}
    )
    return with_unit(state, u), [event]


def _straight_on(state: State, u: Unit, ctx: Moving) -> tuple[State, Events]:
    """SW-46 failed check: the unit flies straight on to 3 hexes (on past occupied hexes)."""
    h = hex_of(u.hex)
    assert h is not None
    hexes = ctx.hexes
    target = min(MOVE["panic_straight"], max(move_allowance(u), hexes))
    while on_map(h) and (hexes < target or not _free(state, name_of(h), u.id)):
        h = h.neighbour(u.facing)
        hexes += 1
    u = replace(u, manoeuvre=u.manoeuvre or "normal", stopped=u.stopped and hexes == ctx.hexes)
    return _go(state, u, h, u.facing, "panic", hexes)


def movable(state: State, u: Unit) -> bool:
    """Must this unit still be activated this turn? (SW-05 alternation skips the rest)."""
    if u.status != ACTIVE or u.id in state.moved or move_allowance(u) == 0:
        return False
    return bool(legal(replace(state, moving=None), u))  # a boxed-in unit is skipped


__all__ = ["ACTIVE", "apply", "candidates", "legal", "movable", "problem"]

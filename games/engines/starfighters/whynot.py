"""Why a ship cannot activate a system now, in the rules' words: the refusal the engine would
give for the system's first candidate activation (or for having no Command die that may
activate it). The page shows them beside the moves and on the side panel; a ship passed
with nothing to activate (SF-30) has the reasons in its "passed" event, in words that read
the same to every player (``pass_reasons``); entries stored before say only that it passed."""

from __future__ import annotations

from .activations import phaser_range
from .checks import activation_problem, check, minimum_text
from .data import DATA, RULES, SYSTEMS
from .geometry import dist
from .moves import FIRE, activate, activation_candidates, drive
from .shipboard import command_colours, ready
from .state import ACTIVATE, ROLL, Reason, State, name


def why_not(state: State, seat: int) -> dict[str, str]:
    """{system: why it cannot be activated now} for each system ``seat`` cannot activate
    (empty outside the Activate-systems phase or for a destroyed ship)."""
    ship = state.ships[seat]
    if state.phase != ACTIVATE or state.turns is None or ship.destroyed or ship.hex is None:
        return {}
    candidates = [m for m in activation_candidates(state, seat) if m.kind == "activate"]
    out: dict[str, str] = {}
    for system in SYSTEMS:
        title = system.capitalize()
        if (seat, system) in state.turns.activated:
            out[system] = f"{title} was activated this round; each system once a round (Activate systems)."
            continue
        mine = [m for m in candidates if m["system"] == system]
        problems = [activation_problem(state, seat, m) for m in mine]
        if mine and any(p is None for p in problems):
            continue
        if not command_colours(ship.board, system):
            allowed = " or ".join(DATA.systems[system].command)
            out[system] = (
                f"{title} requires a {allowed} Command die in your Cockpit, and there is none (Activate systems)."
            )
            continue
        if not mine:  # e.g. a B2 Frigate with no Drives dice: nothing to choose a count from
            problems = [
                activation_problem(state, seat, activate(system, command_colours(ship.board, system)[0]))
            ]
        first = next((p for p in problems if p is not None), None)
        if first is not None:
            out[system] = first.message
    return out


def fire_problem(state: State, seat: int) -> str | None:
    """Why ``seat`` may not hit the button yet in the Roll phase (None when it may, or when it
    has finished rolling)."""
    roller = state.rollers[seat] if state.phase == ROLL and state.rollers else None
    if roller is None or roller.done:
        return None
    bad = check(state, seat, FIRE)
    return bad.message if bad is not None else None


def drive_problems(state: State, seat: int) -> dict[str, str]:
    """While ``seat`` flies its Drives: {step: why it is refused} for "move", "rotate-left"
    and "rotate-right" (a move into an anomaly, which names its exit, counts as possible)."""
    turns = state.turns
    if state.phase != ACTIVATE or turns is None or turns.drive is None or turns.drive.seat != seat:
        return {}
    out: dict[str, str] = {}
    for step in ("move", "rotate-left", "rotate-right"):
        bad = check(state, seat, drive(step))
        if bad is not None and bad.code != "anomaly_exit":
            out[step] = bad.message
    return out


def pass_reasons(state: State, seat: int) -> tuple[Reason, ...]:
    """Why ``seat``, passed with nothing to activate (SF-30), could activate nothing: a
    (system, refusal code, words) for each system that holds a die and was not activated
    this round, else one reason for the whole board; the words read the same to every player."""
    ship = state.ships[seat]
    side = DATA.sides[ship.side]
    assert state.turns is not None
    out: list[Reason] = []
    for system in SYSTEMS:
        title = system.capitalize()
        held = any(g.split(".")[0] == system for _, g, _ in ship.board)
        if (seat, system) in state.turns.activated or not held:
            continue
        if not command_colours(ship.board, system):
            allowed = " or ".join(DATA.systems[system].command)
            out.append((system, "no_command_die", f"{title} need a {allowed} Command die in the Cockpit"))
        elif not ready(side, ship.reactors, ship.board, system):
            needs = minimum_text(side, ship.reactors, system)
            out.append((system, "system_unpowered", f"{title} need {needs} (SF-13)"))
        else:
            out.append(_blocked(state, seat, system))
    if out:
        return tuple(out)
    if any(s == seat for s, _ in state.turns.activated):
        return (("", "all_activated", "every system it could use was activated this round"),)
    if ship.board:
        return (("", "no_system_dice", "no die on the spaces of any system, only in the Cockpit"),)
    return (("", "no_dice", "no die on the ship board"),)


def _blocked(state: State, seat: int, system: str) -> Reason:
    """A powered system that still cannot be activated: no target in reach, no launch hex."""
    mine = [m for m in activation_candidates(state, seat) if m.kind == "activate" and m["system"] == system]
    problems = [p for p in (activation_problem(state, seat, m) for m in mine) if p is not None]
    codes = {p.code for p in problems} - {"not_enemy"}  # a friendly ship is no target (2 v 2)
    title = system.capitalize()
    if system == "phasers" and codes == {"out_of_range"}:
        ship = state.ships[seat]
        assert ship.hex is not None
        at, reach = ship.hex, phaser_range(state, seat)
        foes = sorted((dist(at, h), s) for s in state.enemies(seat) if (h := state.ships[s].hex) is not None)
        hexes = "hex" if reach == 1 else "hexes"
        where = f": the nearest enemy ship, {name(foes[0][1])}'s, is {foes[0][0]} hexes away" if foes else ""
        return (
            system,
            "out_of_range",
            f"Phasers: no enemy in range (they reach {reach} {hexes}; 1, or 2 / 3 with 1 / 2 TARGET dice)"
            f"{where}",
        )
    if system == "torpedoes" and "no_torpedo" in codes:
        most = RULES["torpedoes"]
        return (system, "no_torpedo", f"Torpedoes: all {most} of the ship's torpedoes are on the board")
    if system == "torpedoes" and "team_torpedo_cap" in codes:
        cap = RULES["team_torpedo_cap"]
        return (
            system,
            "team_torpedo_cap",
            f"Torpedoes: the ship's team has {cap} torpedoes on the board (SF-46)",
        )
    if system == "torpedoes" and problems:
        return (
            system,
            "launch_blocked",
            "Torpedoes: no hex to launch into (each launch hex beside the ship is off the board or "
            "not empty, SF-35)",
        )
    if not problems:  # not reached: a powered system with no candidate and no refusal
        return (system, "blocked", f"{title}: nothing to activate it on")
    return (system, problems[0].code, f"{title}: {problems[0].message}")

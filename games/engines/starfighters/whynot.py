"""Why a ship cannot activate a system now, in the rules' words: the refusal the engine would
give for the system's first candidate activation (or for having no Command die that may
activate it). The page shows them beside the moves and on the side panel, so a player who
was passed with nothing to activate sees why (the log line itself is kept as stored)."""

from __future__ import annotations

from .checks import activation_problem, check
from .data import DATA, SYSTEMS
from .moves import FIRE, activate, activation_candidates, drive
from .shipboard import command_colours
from .state import ACTIVATE, ROLL, State


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

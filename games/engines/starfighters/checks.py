"""Why a move is illegal: one ``Invalid`` per broken rule, with a message naming the rule.

``CHECKS`` has one check per kind, run by the referee (``kit.referee``) after the checks
every game shares and ``pending`` (a destroyed ship, a decision owed). ``check`` is the
whole judgement; ``legal.py`` lists the candidate moves that pass it, so the list and
``apply`` agree by construction.
"""

from __future__ import annotations

from ..base import Invalid, Move
from ..kit.referee import Check, Judge
from .activations import cockpit_move, phaser_problem, shields_problem, torpedo_problem
from .data import COCKPIT, COMMAND, DATA, Side
from .geometry import anomaly_ahead, neighbour, other_anomaly
from .moves import MOVES, ORDERS, activation_candidates
from .shipboard import capacity, command_colours, fire_ready, placed, placement_problem, ready
from .state import ACTIVATE, ROLL, Pending, Placed, State, name

PHASE_TEXT = MOVES.phases
DESTROYED = Invalid("ship_destroyed", "Your ship has been destroyed; you take no further part.")


def pending(state: State, seat: int, m: Move) -> Invalid | None:
    """Before the phase of a kind is looked at: a destroyed ship does nothing, and a
    decision owed (by anyone) comes first."""
    if state.ships[seat].destroyed:
        return DESTROYED
    if state.pending:
        return _pending(state, seat, m)
    return None


def _answer(state: State, seat: int, m: Move) -> Invalid | None:
    """lose, steer and reroll answer the decision owed, in whatever phase it is owed."""
    if state.ships[seat].destroyed:
        return DESTROYED
    return _pending(state, seat, m)


def _cockpit_kind(state: State, seat: int, m: Move) -> Invalid | None:
    """The Cockpit ability belongs to the Roll phase (B1) or the Activate-systems phase (A)."""
    owed = pending(state, seat, m)
    if owed is not None:
        return owed
    phase = ROLL if DATA.sides[state.ships[seat].side].cockpit_ability == "roll_start" else ACTIVATE
    if state.phase != phase:
        return Invalid(
            "wrong_phase",
            f'A "{m.kind}" move belongs to {PHASE_TEXT[phase]}; {MOVES.now} {PHASE_TEXT[state.phase]}.',
        )
    return _roll(state, seat, m) if phase == ROLL else _activate(state, seat, m)


def _pending(state: State, seat: int, m: Move) -> Invalid | None:
    if not state.pending:
        return Invalid("no_decision", "No decision is waiting for you; lose, steer and reroll answer one.")
    p = state.pending[0]
    what = DECISION_TEXT[p.kind]
    if p.seat != seat:
        return Invalid("not_your_turn", f"{name(p.seat)} is choosing {what}.")
    if m.kind != p.kind:
        how = "some of" if p.kind == "reroll" else "one of"
        return Invalid("decision_pending", f"First choose {what}: {p.kind} {how} {', '.join(p.options)}.")
    if p.kind == "reroll":
        return _reroll(p, m["dice"])
    answer = m["die"] if p.kind == "lose" else m["hex"]
    if answer not in p.options:
        code = "lose_not_allowed" if p.kind == "lose" else "steer_not_allowed"
        rule = (
            "a die from beside your board, or from the board if none is left there (SF-16)"
            if p.kind == "lose"
            else "one of the equally close hexes towards the nearest enemy ship ([SEED], SF-41)"
        )
        return Invalid(code, f"{answer} is not a choice here; choose {rule}: {', '.join(p.options)}.")
    return None


DECISION_TEXT = {
    "lose": "which die to lose (SF-16)",
    "steer": "where a torpedo moves (SF-41)",
    "reroll": "which attack dice that did no damage to re-roll (B2, SF-51)",
}


def _reroll(p: Pending, chosen: tuple[str, ...]) -> Invalid | None:
    """SF-51: any of the dice that failed to do damage, each once, named in die order."""
    wrong = [d for d in chosen if d not in p.options]
    if wrong:
        return Invalid(
            "reroll_not_allowed",
            f"{', '.join(wrong)} did damage or was not rolled; you may re-roll any of the dice that "
            f"failed to do damage (B2, SF-51): {', '.join(p.options)}.",
        )
    if list(chosen) != [d for d in p.options if d in chosen] or len(set(chosen)) != len(chosen):
        return Invalid("reroll_order", f"Name each die once, in the order {', '.join(p.options)}.")
    return None


# -- the Roll phase (AS-SF-1) -------------------------------------------------------------
def _roll(state: State, seat: int, m: Move) -> Invalid | None:
    roller = state.rollers[seat]
    assert roller is not None
    if roller.done:
        why = "the button was hit before your next roll" if roller.done == "button" else "you fired or held"
        return Invalid(
            "roll_done",
            f"Your Roll phase is over ({why}); wait for the other players and the reveal (AS-SF-1).",
        )
    ship = state.ships[seat]
    side = DATA.sides[ship.side]
    if m.kind == "roll":
        if roller.step >= DATA.rules["roll_cap"]:
            return Invalid(
                "roll_cap",
                f"You have rolled {roller.step} times, the most allowed (AS-SF-1 cap); fire or hold.",
            )
        return None
    if m.kind == "fire":
        if not fire_ready(side, ship.reactors, roller.board):
            return Invalid(
                "fire_not_ready",
                "You must not hit the button unless you can activate at least one system: a Command die "
                "of the right colour in the Cockpit and the system's minimum of dice (Roll dice, SF-13).",
            )
        return None
    if m.kind == "hold":
        return None
    die = m["die"]
    if die not in ship.dice:
        return Invalid("no_die", f"You have no die {die!r}; your dice are {', '.join(ship.dice) or 'none'}.")
    on = placed(roller.board, die)
    if m.kind == "pickup":
        if on is None:
            return Invalid(
                "not_allocated", f"{die} is not on your ship board; only allocated dice are picked up."
            )
        return None
    if m.kind == "cockpit":
        return _bridge(state, seat, m)
    if on is not None:
        return Invalid(
            "die_allocated",
            f"{die} is already allocated to {on[1]}. You cannot move a die after you've allocated it, "
            "but you may pick it up and reroll it (Roll dice).",
        )
    face = dict(roller.hand).get(die, "")
    if not face:
        when = "roll first" if roller.step == 0 else "it was picked up and is rerolled with your next roll"
        return Invalid("die_not_rolled", f"{die} shows no face yet: {when} (Roll dice, SF-20).")
    return placement_problem(side, ship.reactors, roller.board, die, face, m["space"], "Roll dice")


def _bridge(state: State, seat: int, m: Move) -> Invalid | None:
    """SF-50: B1 moves one Command die from the Cockpit at the start of the Roll phase."""
    roller = state.rollers[seat]
    assert roller is not None
    if roller.bridge:
        return Invalid("cockpit_used", "You have the bridge once per Roll phase (B1, SF-50); it is used.")
    if roller.step > 0:
        return Invalid(
            "cockpit_timing",
            "B1 reallocates its officer at the start of the Roll phase, before the first roll (SF-50).",
        )
    return _from_cockpit(state, seat, m, roller.board, "B1 Cruiser, SF-50")


def _from_cockpit(state: State, seat: int, m: Move, board: tuple[Placed, ...], rule: str) -> Invalid | None:
    on = placed(board, m["die"])
    if on is None or on[1] != COCKPIT:
        return Invalid("cockpit_not_command", f"{m['die']} is not a Command die in your Cockpit ({rule}).")
    if m["space"] == COCKPIT:
        return Invalid("cockpit_not_command", f"Move the die from the Cockpit to another system ({rule}).")
    ship = state.ships[seat]
    return placement_problem(DATA.sides[ship.side], ship.reactors, board, m["die"], COMMAND, m["space"], rule)


# -- the Activate-systems phase (AS-SF-2) ---------------------------------------------------
def _activate(state: State, seat: int, m: Move) -> Invalid | None:
    turns = state.turns
    assert turns is not None
    unit = state.unit_of(seat)
    if unit in turns.passed:
        return Invalid(
            "already_passed",
            "You have passed; once you have passed you cannot take any further turns this round (Activate systems).",
        )
    drive = turns.drive
    if turns.on != unit:
        return Invalid("not_your_turn", f"It is {_unit_name(state, turns.on)}'s turn (Activate systems).")
    if turns.actor not in (None, seat):
        if turns.actor == state.hitter and not turns.activated and not turns.cockpit:
            return Invalid(
                "not_your_turn",
                f"{name(turns.actor)} hit the button and goes first (Other ways to play, 2 v 2).",
            )
        return Invalid("not_your_turn", f"{name(turns.actor)} is taking this team turn (SF-31).")
    if m.kind == "drive":
        if drive is None:
            return Invalid(
                "drive_not_active", "Activate your Drives first: drive moves fly an activated Drives system."
            )
        return _drive(state, seat, m)
    if drive is not None:
        return Invalid(
            "activation_in_progress",
            "Finish flying your Drives first (drive move / rotate-left / rotate-right / stop).",
        )
    if m.kind == "pass":
        return None
    if m.kind == "cockpit":
        return _cockpit(state, seat, m)
    return activation_problem(state, seat, m)


def _unit_name(state: State, unit: int) -> str:
    return " and ".join(name(s) for s in state.unit_seats(unit))


def _cockpit(state: State, seat: int, m: Move) -> Invalid | None:
    ship = state.ships[seat]
    if DATA.sides[ship.side].cockpit_ability != "activation":
        return Invalid(
            "no_ability", f"{DATA.sides[ship.side].title} has no Cockpit ability (only side A has it)."
        )
    assert state.turns is not None
    if seat in state.turns.cockpit:
        return Invalid("cockpit_used", "The Cockpit ability is used once per round ([SEED], SF-32).")
    bad = _from_cockpit(state, seat, m, ship.board, "Cockpit ability, SF-32")
    if bad is not None:
        return bad
    if not activatable(cockpit_move(state, seat, m["die"], m["space"]), seat):
        return Invalid(
            "cockpit_no_activation",
            f"After moving {m['die']} to {m['space']} no system could be activated; the Cockpit ability is "
            "used before you activate a system ([SEED], SF-32).",
        )
    return None


def activatable(state: State, seat: int) -> bool:
    """Could ``seat`` activate some system now (the Cockpit ability aside)?"""
    return any(
        activation_problem(state, seat, m) is None
        for m in activation_candidates(state, seat)
        if m.kind == "activate"
    )


def activation_problem(state: State, seat: int, m: Move) -> Invalid | None:
    """What stops ``seat`` from activating as ``m`` says, ignoring whose turn it is."""
    assert state.turns is not None
    system, colour = m["system"], m["command"]
    ship = state.ships[seat]
    side = DATA.sides[ship.side]
    title = system.capitalize()
    if (seat, system) in state.turns.activated:
        return Invalid(
            "already_activated",
            f"Each system can only be activated once in each round; {title} already was (Activate systems).",
        )
    allowed = DATA.systems[system].command
    if colour not in allowed:
        return Invalid(
            "wrong_command_colour",
            f"{title} requires a {' or '.join(allowed)} Command die, not {colour} (Activate systems).",
        )
    if colour not in command_colours(ship.board, system):
        return Invalid(
            "no_command_die", f"There is no {colour} Command die in your Cockpit (Activate systems)."
        )
    if not ready(side, ship.reactors, ship.board, system):
        return Invalid(
            "system_unpowered",
            f"{title} does not hold its minimum of dice: {minimum_text(side, ship.reactors, system)} "
            "(Systems, SF-13).",
        )
    if system == "phasers":
        return phaser_problem(state, seat, m)
    if system == "torpedoes":
        return torpedo_problem(state, seat, m["hex"])
    if system == "shields":
        return shields_problem(state, seat, m["facings"])
    return _drives_count(side, ship.board, m.get("dice"))


def _drives_count(side: Side, board: tuple[Placed, ...], count: int | None) -> Invalid | None:
    """SF-51: B2 chooses how many of its Drives dice to discard and roll; no other ship does."""
    n = len([p for p in board if p[1].split(".")[0] == "drives"])
    if side.drives != "rolled":
        if count is None:
            return None
        return Invalid(
            "drives_count_not_needed",
            f"Name no number: only the B2 Frigate chooses how many Drives dice to roll (SF-51); "
            f"{side.title} uses its dice one at a time.",
        )
    if count is None or not 1 <= count <= n:
        return Invalid(
            "drives_count",
            f"Choose how many of your {n} Drives dice to discard and roll (1 to {n}), e.g. "
            f"activate drives {n} with blue; the others stay allocated (B2 Frigate, SF-51).",
        )
    return None


def minimum_text(side: Side, reactors: int, system: str) -> str:
    """The minimum of ``system`` on this board in words, e.g. "all 3 LAUNCH spaces filled"."""
    rule = DATA.systems[system]
    groups = [g for g in side.system_groups(system) if g.label in rule.labels]
    labels = " or ".join(g.label.upper() for g in groups)
    if rule.full:
        exposed = sum(capacity(g, reactors) for g in groups)
        return f"all {exposed} exposed {labels} spaces filled"
    return f"at least {rule.at_least} {labels} die"


def _drive(state: State, seat: int, m: Move) -> Invalid | None:
    assert state.turns is not None and state.turns.drive is not None
    d = state.turns.drive
    step = m["step"]
    if step == "stop":
        return None
    ship = state.ships[seat]
    assert ship.hex is not None
    if step.startswith("rotate"):
        if d.rotates == 0 and d.steps == 0:
            return Invalid("no_drive_die", "You have no ROTATE die left to use (Drives).")
        return None
    if d.moves == 0 and d.steps == 0:
        return Invalid("no_drive_die", "You have no MOVE die left to use (Drives).")
    ahead = neighbour(ship.hex, ship.heading)
    anomaly = anomaly_ahead(ship.hex, ship.heading)
    exit_hex = m.get("exit")
    if anomaly is not None:
        gates = DATA.gates[other_anomaly(anomaly)]
        free = [g for g in gates if state.ship_at(g) is None]
        if exit_hex is None or exit_hex not in free:
            if not free:
                return Invalid("drive_blocked", "Both hexes beside the other anomaly hold ships (SF-38).")
            return Invalid(
                "anomaly_exit",
                f"You enter the {anomaly} anomaly and jump to the other: choose a free hex beside it "
                f"({', '.join(free)}) and any heading, e.g. drive move {free[0]} ne (SF-38).",
            )
        return None
    if exit_hex is not None:
        return Invalid("not_anomaly", "Only a move into an anomaly names an exit hex and heading (SF-38).")
    if ahead is None:
        return Invalid(
            "drive_off_board",
            "You can only move off the edge of the hex grid to enter an anomaly, from a hex beside it "
            "heading into it (The anomalies, SF-38).",
        )
    if state.ship_at(ahead) is not None:
        beyond = neighbour(ahead, ship.heading)
        if beyond is None or state.ship_at(beyond) is not None:
            return Invalid(
                "drive_blocked",
                f"A ship is on {ahead} and the hex beyond it is {'off the board' if beyond is None else 'taken'}: "
                "you cannot jump over it (Drives, SF-36).",
            )
    return None


CHECKS: dict[str, Check[State]] = {
    **dict.fromkeys(("roll", "place", "pickup", "fire", "hold"), _roll),
    "cockpit": _cockpit_kind,
    **dict.fromkeys(("activate", "drive", "pass"), _activate),
    **dict.fromkeys(("lose", "steer", "reroll"), _answer),
    "orders": ORDERS.check,
}
JUDGE: Judge[State] = Judge(
    MOVES, CHECKS, outcome=lambda s: s.outcome, seats=lambda s: s.seats, pending=pending
)


def check(state: State, seat: int, m: Move) -> Invalid | None:
    """Why ``seat`` may not play ``m`` now (the referee's whole judgement), or None."""
    return JUDGE.check(state, seat, m)

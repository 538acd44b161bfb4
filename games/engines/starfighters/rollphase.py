"""The real-time Roll phase played with the roll-count clock (AS-SF-1, rules/README 6).

Each player privately takes steps: a step is one roll of every die in hand (sealed: the
draws are seen by the roller only) followed by any placements and pick-ups. Fire may be
declared after a step when SF-13 holds. When every sequence is over, the lowest Fire step
hit the button; the others are frozen as they stood at the end of the step before (at the
end of step 0, with their reserved dice, if the button was hit before any roll), and the
roll they had made next (or a fresh one) is their roll-once-and-reserve.
"""

from __future__ import annotations

from dataclasses import replace

from ..base import Event, Move
from ..dice import Dice
from .activations import cockpit_move
from .damage import Events, by_standing, game_over
from .data import DATA
from .shipboard import cloaked, put, take
from .state import ACTIVATE, ROLL, Placed, Roller, State, name, with_roller, with_ship


def start(state: State) -> tuple[State, Events]:
    """A new round: every ship takes its dice in hand; reserved dice keep their faces (SF-20)."""
    if state.round_limit and state.round >= state.round_limit:
        return game_over(state, by_standing(state))
    rollers: list[Roller | None] = []
    for ship in state.ships:
        if ship.destroyed:
            rollers.append(None)
            continue
        reserve = dict(ship.reserve)
        hand = tuple((d, reserve.get(d, "")) for d in ship.pool())
        rollers.append(Roller(board=ship.board, hand=hand))
    state = replace(state, phase=ROLL, round=state.round + 1, rollers=tuple(rollers), hitter=None, turns=None)
    return state, [Event("round_started", {"round": state.round})]


def roll_id(state: State, seat: int, step: int) -> str:
    """The id of one sealed roll: also the canary marker of that secret (``Engine.secrets``)."""
    return f"roll-{state.round}-{seat + 1}-{step}"


def board_id(state: State, seat: int) -> str:
    return f"board-{state.round}-{seat + 1}"


def play(state: State, seat: int, m: Move, dice: Dice) -> tuple[State, Events]:
    roller = state.rollers[seat]
    assert roller is not None
    me = frozenset({seat})
    # Every sealed event names the sealed board it belongs to, so a leak of any of them
    # shows up as that marker in another seat's view (the contract suite's canary).
    sealed = {"seat": seat, "board": board_id(state, seat)}
    events: Events = []
    if m.kind == "roll":
        others = [
            r.fired
            for s, r in enumerate(state.rollers)
            if s != seat and r is not None and r.fired is not None
        ]
        if others and roller.step >= min(others):
            # AS-SF-1.6: hearing "Fire!" - a roll past another's Fire step could never count
            roller = replace(roller, done="button")
            events.append(Event("stopped", sealed, me))
        else:
            roller, faces = _roll(state, seat, roller, dice)
            data = {
                "seat": seat,
                "roll": roll_id(state, seat, roller.step),
                "step": roller.step,
                "faces": faces,
            }
            events.append(Event("rolled", data, me))
    elif m.kind == "place":
        die, space = m["die"], m["space"]
        face = dict(roller.hand)[die]
        roller = replace(
            roller,
            board=put(roller.board, die, space, face),
            hand=tuple(h for h in roller.hand if h[0] != die),
            actions=roller.actions + 1,
        )
        events.append(Event("placed", {**sealed, "die": die, "space": space, "face": face}, me))
    elif m.kind == "pickup":
        die = m["die"]
        roller = replace(
            roller,
            board=take(roller.board, {die}),
            hand=tuple(sorted((*roller.hand, (die, "")))),
            actions=roller.actions + 1,
        )
        events.append(Event("picked_up", {**sealed, "die": die}, me))
    elif m.kind == "cockpit":  # B1 "you have the bridge" (SF-50)
        moved = cockpit_move(
            with_ship(state, replace(state.ships[seat], board=roller.board)), seat, m["die"], m["space"]
        )
        roller = replace(roller, board=moved.ships[seat].board, bridge=True, actions=roller.actions + 1)
        events.append(Event("bridge", {**sealed, "die": m["die"], "space": m["space"]}, me))
    elif m.kind == "fire":
        roller = replace(roller, fired=roller.step, done="fire")
        events.append(Event("fired", {**sealed, "step": roller.step}, me))
    else:
        roller = replace(roller, done="hold")
        events.append(Event("held", {**sealed, "step": roller.step}, me))
    state = with_roller(state, seat, roller)
    if roller.done:  # told to the roller only (AS-SF-1.6, docs/rules-readings.md SF-R5)
        events.append(Event("roll_finished", {"seat": seat}, me))
    if roller.fired is not None:
        state, more = _stop_late(state, roller.fired)
        events += more
    return state, events


def _roll(state: State, seat: int, roller: Roller, dice: Dice) -> tuple[Roller, list[list[str]]]:
    step = roller.step + 1
    hand = tuple(
        (d, DATA.faces[DATA.colour_of(d)][dice.d6(f"{name(seat)} roll {step}: {d}", [seat]) - 1])
        for d, _ in roller.hand
    )
    roller = replace(
        roller,
        step=step,
        hand=hand,
        boards=(*roller.boards, roller.board),
        rolls=(*roller.rolls, hand),
    )
    return roller, [list(h) for h in hand]


def _stop_late(state: State, step: int) -> tuple[State, Events]:
    """Sequences already past a Fire step can never hit the button first: they are over."""
    events: Events = []
    for seat, r in enumerate(state.rollers):
        if r is not None and not r.done and r.step > step:
            state = with_roller(state, seat, replace(r, done="button"))
            events += [
                Event("stopped", {"seat": seat, "board": board_id(state, seat)}, frozenset({seat})),
                Event("roll_finished", {"seat": seat}, frozenset({seat})),
            ]
    return state, events


def finished(state: State) -> bool:
    return state.phase == ROLL and all(r is None or r.done for r in state.rollers)


def resolve(state: State, dice: Dice) -> tuple[State, Events]:
    """AS-SF-1.3-5: who hit the button, the frozen boards, the roll-once, the reveal."""
    fired = {s: r.fired for s, r in enumerate(state.rollers) if r is not None and r.fired is not None}
    hitter, k, events = None, None, []
    if fired:
        k = min(fired.values())
        tied = sorted(s for s, f in fired.items() if f == k)
        coin = False
        if len(tied) > 1:  # AS-SF-1.3 tie-break: fewer placements and pick-ups, then a coin
            fewest = min(state.rollers[s].actions for s in tied)  # type: ignore[union-attr]
            tied = [s for s in tied if state.rollers[s].actions == fewest]  # type: ignore[union-attr]
        if len(tied) > 1:
            coin = True
            hitter = dice.pick(tied, "who hit the button first (AS-SF-1 tie-break)")
        else:
            hitter = tied[0]
        events.append(
            Event(
                "button",
                {
                    "seat": hitter,
                    "step": k,
                    "tied": sorted(s for s, f in fired.items() if f == k),
                    "coin": coin,
                },
            )
        )
    else:
        events.append(Event("button", {"seat": None, "step": None, "tied": [], "coin": False}))
    for seat, r in enumerate(state.rollers):
        if r is None:
            continue
        state, more = _reveal(state, seat, r, hitter, k, dice)
        events += more
    rollers = tuple(None for _ in state.rollers)
    return replace(state, phase=ACTIVATE, rollers=rollers, hitter=hitter), events


def _reveal(
    state: State, seat: int, r: Roller, hitter: int | None, k: int | None, dice: Dice
) -> tuple[State, Events]:
    ship = state.ships[seat]
    frozen_at = None
    once: tuple[tuple[str, str], ...] = ()
    board: tuple[Placed, ...] = r.board
    if hitter is not None and seat != hitter:
        assert k is not None
        # AS-SF-1.4: frozen at the end of step k - 1. At k = 0 (docs/rules-readings.md) at the
        # end of step 0: reserved dice are allocated "immediately" at the start of the Roll
        # phase, before anyone can hit the button, so they stay.
        at = max(k - 1, 0)
        fresh = True
        if r.step > at:  # they went on: the board they had then, and the roll they made next
            board, once, fresh = r.boards[at], r.rolls[at], False
            frozen_at = at
        if fresh:  # SF-22: every non-hitter with dice in hand rolls them once
            on = {p[0] for p in board}
            once = tuple(
                (
                    d,
                    DATA.faces[DATA.colour_of(d)][
                        dice.d6(f"{name(seat)} roll once after the button: {d}") - 1
                    ],
                )
                for d in ship.dice
                if d not in on
            )
    side = DATA.sides[ship.side]
    was = cloaked(side, ship.board)
    state = with_ship(state, replace(ship, board=board, reserve=tuple(sorted(once))))
    events = [
        Event(
            "board_revealed",
            {
                "seat": seat,
                "fired_at": r.fired,
                "steps": r.step,
                "actions": r.actions,
                "frozen_at": frozen_at,
                "board": [list(p) for p in board],
                "reserve": [list(p) for p in sorted(once)],
            },
        )
    ]
    if cloaked(side, board) and not was:
        events.append(Event("cloak_engaged", {"seat": seat}))
    elif was and not cloaked(side, board):
        events.append(Event("cloak_broken", {"seat": seat, "why": "dice picked up"}))
    return state, events

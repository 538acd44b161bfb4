"""Taking damage: shields by facing (SF-43), hull left to right, the die lost at the 3rd hull
marker (SF-16), destruction at the 5th and the end of the game ([SEED], SF-44, 2 v 2).

Every function returns the new state and the events; once ``state.outcome`` is set the
callers stop, because "the game ends immediately".
"""

from __future__ import annotations

from dataclasses import replace

from ..base import Event, Outcome
from ..dice import Dice
from .data import DATA, RULES
from .shipboard import cloaked, dice_in, take
from .state import OVER, TEAMS, THREE, Pending, Ship, State, Torpedo, with_ship

Events = list[Event]


def hit(
    state: State, seat: int, facing: int, points: int, source: int | None, cause: str
) -> tuple[State, Events]:
    """``points`` damage to the ``facing`` shield of ``seat``'s ship, overflow to the hull."""
    ship = state.ships[seat]
    side = DATA.sides[ship.side]
    shields, hull, pending = list(ship.shields), ship.hull, list(state.pending)
    absorbed = hull_lost = 0
    asked: tuple[str, ...] | None = None
    for _ in range(points):
        if hull == 0:
            break
        if shields[facing] > 0:
            shields[facing] -= 1
            absorbed += 1
            continue
        hull -= 1  # hull markers go from left to right ([SEED])
        hull_lost += 1
        if RULES["hull"] - hull == RULES["die_loss_at"] and side.die_loss and ship.dice:
            pending.append(Pending("lose", seat, lose_options(ship)))
            asked = lose_options(ship) if state.orders[seat].ask else None
    done = absorbed + hull_lost
    was_cloaked = cloaked(side, ship.board)
    ship = replace(ship, shields=tuple(shields), hull=hull, taken=ship.taken + done)
    if done and was_cloaked:  # SF-52: any damage deactivates the Cloaking Device
        ship = replace(ship, board=take(ship.board, {d for d, _, _ in dice_in(ship.board, "cloak")}))
    state = replace(with_ship(state, ship), pending=tuple(pending))
    if source is not None and source != seat:
        src = state.ships[source]
        state = with_ship(state, replace(src, dealt=src.dealt + done))
    events = [
        Event(
            "damage",
            {
                "seat": seat,
                "facing": DATA.ring[facing],
                "points": done,
                "shields_lost": absorbed,
                "hull_lost": hull_lost,
                "hull": hull,
                "source": source,
                "cause": cause,
            },
        )
    ]
    if done and was_cloaked:
        events.append(Event("cloak_broken", {"seat": seat, "why": "damage"}))
    if asked is not None and hull > 0:  # "ask me" (rules/README 5): the match waits for the owner
        events.append(Event("decision", {"seat": seat, "kind": "lose", "options": list(asked)}))
    if hull == 0:
        state, more = destroy(state, seat, source)
        events += more
    return state, events


def torpedo_hit(state: State, torpedo: Torpedo, seat: int, contact: int, dice: Dice) -> tuple[State, Events]:
    """A torpedo detonates on ``seat``'s ship and returns to its owner's supply ([SEED])."""
    state = replace(state, torpedoes=tuple(t for t in state.torpedoes if t.id != torpedo.id))
    events = [
        Event(
            "torpedo_detonated",
            {"torpedo": torpedo.id, "owner": torpedo.owner, "hex": torpedo.hex, "seat": seat},
        )
    ]
    ship = state.ships[seat]
    kind = DATA.torpedo_types[DATA.sides[state.ships[torpedo.owner].side].torpedo]
    enemy = ship.team != state.ships[torpedo.owner].team
    if enemy and cloaked(DATA.sides[ship.side], ship.board):
        colour = RULES["cloak_torpedo_die"]  # SF-52: one die decides whether it hurts at all
        face = DATA.faces[colour][dice.d6(f"cloak test of {torpedo.id}") - 1]
        events.append(
            Event("cloak_test", {"seat": seat, "torpedo": torpedo.id, "face": face, "hit": face != "blank"})
        )
        if face == "blank":
            return state, events
    for spec, points in kind.damage:
        shift = {"contact": 0, "contact+1": 1, "contact-1": -1}[spec]  # SF-53 ring neighbours
        state, more = hit(state, seat, (contact + shift) % len(DATA.ring), points, torpedo.owner, "torpedo")
        events += more
        if state.outcome is not None or state.ships[seat].destroyed:
            break
    return state, events


# -- dice lost at the 3rd hull marker (SF-16) -------------------------------------------------
def lose_options(ship: Ship) -> tuple[str, ...]:
    """SF-16: a die from beside the board, or from the board itself if all are on it."""
    return tuple(sorted(ship.pool() or ship.dice))


def chosen_die(state: State, seat: int, options: tuple[str, ...]) -> str:
    """The standing order: the first colour in the player's order, lowest id (rules/README 5)."""
    first = state.orders[seat].lose
    order = [first, *(c for c in RULES["lose_order"] if c != first)]
    return min(options, key=lambda d: (order.index(DATA.colour_of(d)), d))


def lose_die(state: State, seat: int, die: str) -> tuple[State, Events]:
    ship = state.ships[seat]
    side = DATA.sides[ship.side]
    where = next((g for d, g, _ in ship.board if d == die), "pool")
    was_cloaked = cloaked(side, ship.board)
    ship = replace(
        ship,
        dice=tuple(d for d in ship.dice if d != die),
        board=take(ship.board, {die}),
        reserve=tuple(r for r in ship.reserve if r[0] != die),
        lost=(*ship.lost, die),
    )
    events = [Event("die_lost", {"seat": seat, "die": die, "colour": DATA.colour_of(die), "from": where})]
    if was_cloaked and not cloaked(side, ship.board):
        events.append(Event("cloak_broken", {"seat": seat, "why": "die lost"}))
    return with_ship(state, ship), events


# -- destruction and the end of the game ----------------------------------------------------
def destroy(state: State, seat: int, source: int | None) -> tuple[State, Events]:
    ship = replace(state.ships[seat], hex=None, destroyed=True, destroyed_by=source)
    gone = [t for t in state.torpedoes if t.owner == seat]  # SF-45
    state = replace(
        with_ship(state, ship),
        torpedoes=tuple(t for t in state.torpedoes if t.owner != seat),
        pending=tuple(p for p in state.pending if p.seat != seat),
        destroyed=(*state.destroyed, seat),
    )
    events = [Event("ship_destroyed", {"seat": seat, "by": source})]
    events += [Event("torpedo_removed", {"torpedo": t.id, "owner": seat}) for t in gone]
    outcome = _ending(state, seat, source)
    if outcome is not None:
        more = game_over(state, outcome)
        return more[0], events + more[1]
    return state, events


def _ending(state: State, seat: int, source: int | None) -> Outcome | None:
    alive = state.alive()
    if state.mode == THREE:
        if state.victory == "first" and source is not None and source != seat:
            return outcome(state, (source,), "first_destruction")  # SF-44 published rule
        if len(alive) > 1:
            return None
        return outcome(state, alive, "last_ship_standing")  # [SEED] two ships destroyed
    loser = state.ships[seat].team
    winners = tuple(s.seat for s in state.ships if s.team != loser)
    return outcome(state, winners, "ship_destroyed")  # [SEED] 2 players; 2 v 2: one ship


def by_standing(state: State) -> Outcome:
    """The house round limit: most hull markers left, then most shield markers, else a draw."""
    units: dict[int, list[int]] = {}
    for ship in state.ships:
        if not ship.destroyed:
            units.setdefault(ship.team, []).append(ship.seat)
    rank = {
        u: (sum(state.ships[s].hull for s in seats), sum(sum(state.ships[s].shields) for s in seats))
        for u, seats in units.items()
    }
    best = max(rank.values())
    top = [u for u, r in rank.items() if r == best]
    if len(top) > 1:
        result = outcome(state, (), "round_limit")
        return replace(result, draw=True)
    return outcome(state, tuple(units[top[0]]), "round_limit")


def outcome(state: State, winners: tuple[int, ...], reason: str) -> Outcome:
    """Scores are hull markers left; ``details`` is what leagues read (documented in view.py)."""
    kills = {
        s: sum(1 for x in state.ships if x.destroyed_by == s and x.seat != s) for s in range(state.seats)
    }
    teams = None
    if state.mode == TEAMS:
        teams = [[s.seat for s in state.ships if s.team == t] for t in sorted({s.team for s in state.ships})]
    details = {
        "mode": state.mode,
        "victory": state.victory if state.mode == THREE else None,
        "rounds": state.round,
        "destroyed": list(state.destroyed),
        "teams": teams,
        "ships": [
            {
                "seat": s.seat,
                "side": s.side,
                "hull": s.hull,
                "shields": sum(s.shields),
                "destroyed": s.destroyed,
                "destroyed_by": s.destroyed_by,
                "damage_dealt": s.dealt,
                "damage_taken": s.taken,
                "dice_lost": len(s.lost),
                "kills": kills[s.seat],
            }
            for s in state.ships
        ],
    }
    return Outcome(
        winners=tuple(sorted(winners)),
        reason=reason,
        scores={s.seat: s.hull for s in state.ships},
        details=details,
    )


def game_over(state: State, result: Outcome) -> tuple[State, Events]:
    state = replace(
        state,
        phase=OVER,
        outcome=result,
        turns=None,
        pending=(),
        queue=(),
        rollers=tuple(None for _ in state.ships),
    )
    return state, [
        Event(
            "game_over",
            {"winners": list(result.winners), "reason": result.reason, "scores": set_scores(result)},
        )
    ]


def set_scores(result: Outcome) -> list[int]:
    return [result.scores[s] for s in sorted(result.scores)] if result.scores else []

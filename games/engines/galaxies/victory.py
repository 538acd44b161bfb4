"""Victory per mission (BG-18, the house round limit BG-H1 and who is ahead there, BG-H2)
and the result leagues read.

``Outcome.details`` (JSON-ready):
  mission, mission_name: the mission key and name; reason: why it ended;
  rounds: turns completed by every seat; turns: turns played in all;
  winner_side: "isn" | "wretch" | None (a draw);
  sides: {"isn" | "wretch": {"seats": [...], "points_scored": fleet value destroyed (the
          point cost of enemy ship cards destroyed, a squadron ship its share of its card),
          "victory_points": on the mission's track, "score": what the round limit compares,
          "ships_lost": [{"ship", "name", "version", "points"}], "ships_left": [same]}}.
``Outcome.scores`` gives each seat its side's score.
"""

from __future__ import annotations

from dataclasses import replace

from ..base import Event, Outcome
from .board import mission
from .data import DATA, SIDES
from .state import DESTROYED, LAUNCHED, OVER, PLACING, Card, State

Events = list[Event]


def has_ships(state: State, side: int) -> bool:
    """BG-18: does the side have any ship left at all (launched, behind a screen, in a hold)?"""
    return any(c.place != DESTROYED and state.side(c.owner) == side for c in state.cards)


def on_battlefield(state: State, side: int) -> bool:
    return any(
        c.place in (LAUNCHED, PLACING) and c.pieces and state.side(c.owner) == side for c in state.cards
    )


def _entry(c: Card) -> dict[str, object]:
    return {
        "ship": c.code,
        "name": DATA.ships[c.code].name,
        "version": c.version,
        "points": DATA.stats(c.code, c.version).points,
    }


def value_lost(card: Card) -> int:
    """BG-H2: a card's point cost (BG-05) once destroyed; before that each squadron ship
    destroyed counts its share of the card, rounded down."""
    points = DATA.stats(card.code, card.version).points
    if card.place == DESTROYED:
        return points
    return points * len(card.lost) // DATA.ships[card.code].count


def points_scored(state: State, side: int) -> int:
    """BG-H2: the fleet value ``side`` has destroyed (enemy ship cards, by their share)."""
    return sum(value_lost(c) for c in state.cards if state.side(c.owner) != side)


def victory_points(state: State, side: int) -> int:
    return state.vp[side] if side < len(state.vp) else 0


def score(state: State, side: int) -> int:
    """BG-H2: what the round limit compares: fleet value destroyed, plus each victory point
    at the mission's rate."""
    return points_scored(state, side) + victory_points(state, side) * mission(state).vp_value


def details(state: State, reason: str, winner: int | None) -> dict[str, object]:
    sides = {}
    for i, name in enumerate(SIDES):
        mine = [c for c in state.cards if state.side(c.owner) == i]
        sides[name] = {
            "seats": list(state.seats_of(i)),
            "points_scored": points_scored(state, i),
            "victory_points": victory_points(state, i),
            "score": score(state, i),
            "ships_lost": [_entry(c) for c in mine if c.place == DESTROYED],
            "ships_left": [_entry(c) for c in mine if c.place != DESTROYED],
        }
    m = mission(state)
    return {
        "mission": m.key,
        "mission_name": m.name,
        "reason": reason,
        "rounds": min(p.turns for p in state.players),
        "turns": state.turn_no,
        "winner_side": None if winner is None else SIDES[winner],
        "sides": sides,
    }


def game_over(state: State, winner: int | None, reason: str) -> tuple[State, Events]:
    """End the match: ``winner`` is a side (its seats win together) or None for a draw."""
    scores = {s: score(state, state.side(s)) for s in range(len(state.players))}
    winners = () if winner is None else state.seats_of(winner)
    outcome = Outcome(
        winners=winners,
        draw=winner is None,
        reason=reason,
        scores=scores,
        details=details(state, reason, winner),
    )
    state = replace(state, phase=OVER, turn=None, queue=(), asking=False, outcome=outcome)
    event = Event(
        "game_over",
        {
            "winners": list(winners),
            "draw": winner is None,
            "reason": reason,
            "scores": [scores[s] for s in sorted(scores)],
        },
    )
    return state, [event]


def check_wipeout(state: State) -> tuple[State, Events]:
    """BG-18: a side with no ships left at all loses at once (both at once: a draw)."""
    if state.phase == OVER:
        return state, []
    dead = [i for i in range(len(SIDES)) if not has_ships(state, i)]
    if not dead:
        return state, []
    if len(dead) == len(SIDES):
        return game_over(state, None, "all_destroyed")
    return game_over(state, 1 - dead[0], "fleet_destroyed")


FIRST_TURN_JUDGED = 2
"""BG-18: the first of a side's own turns at whose end an empty battlefield loses."""


def stranded(state: State, seat: int, turns: int) -> bool:
    """BG-18: would the end of ``seat``'s turn, the ``turns``-th it has ended, lose the match
    because its side has no ship on the battlefield?"""
    return turns >= FIRST_TURN_JUDGED and not on_battlefield(state, state.side(seat))


def ending_loses(state: State) -> bool:
    """Would ending the turn in progress now lose the match at once (BG-18)? The view tells
    the player so before the turn is ended."""
    turn = state.turn
    if turn is None or state.phase == OVER:
        return False
    return stranded(state, turn.seat, state.players[turn.seat].turns + 1)


def check_end_of_turn(state: State, seat: int) -> tuple[State, Events]:
    """BG-18: at the end of its own turn, from its second turn on, a side with no ship on the
    battlefield loses; after the last turn of the round limit (BG-H1) the side ahead wins."""
    state, events = rescue(state, seat)
    if state.outcome is not None:
        return state, events
    side = state.side(seat)
    if stranded(state, seat, state.players[seat].turns):
        state, more = game_over(state, 1 - side, "no_ships_on_battlefield")
        return state, events + more
    if all(p.turns >= state.rounds for p in state.players):
        state, more = at_limit(state)
        return state, events + more
    return state, events


def rescue(state: State, seat: int) -> tuple[State, Events]:
    """[SEED] page 12: the victory point track starts on 0 and moves up each time the ISN
    player scores. BG-H4: at the end of an ISN turn each survivor site with an ISN ship on
    it is rescued, 1 victory point each; reaching the mission's target wins at once."""
    m = mission(state)
    if not m.vp_side or state.faction(seat) != m.vp_side:
        return state, []
    side = state.side(seat)
    on = {h for c, p in state.on_board() if state.side(c.owner) == side for h in p.hexes}
    sites = [h for h in m.survivors if h in on and h not in state.rescued]
    if not sites:
        return state, []
    vp = tuple(v + len(sites) if i == side else v for i, v in enumerate(state.vp))
    state = replace(state, vp=vp, rescued=(*state.rescued, *sites))
    events: Events = [
        Event(
            "survivors_rescued",
            {"seat": seat, "sites": sites, "points": len(sites), "track": vp[side], "target": m.vp_target},
        )
    ]
    if vp[side] >= m.vp_target:
        state, more = game_over(state, side, "victory_points")
        events += more
    return state, events


def at_limit(state: State) -> tuple[State, Events]:
    """BG-H2: the higher score wins (fleet value destroyed and victory points); equal, a draw."""
    isn, wretch = score(state, 0), score(state, 1)
    if isn == wretch:
        return game_over(state, None, "round_limit_points")
    return game_over(state, 0 if isn > wretch else 1, "round_limit_points")

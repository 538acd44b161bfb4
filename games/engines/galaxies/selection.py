"""Set-up: the mission, seats and sides, fleet and deck selection behind the screen, the
starting energy and hands, and who goes first ([SOURCED] pages 3-5, BG-15, AS-BG-1)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ..base import Event, Step
from ..dice import Dice
from .board import can_launch
from .cardids import label, seal, to_hand
from .data import DATA, SIDES
from .state import MUSTER, PLAY, SCREEN, Card, Player, State, Turn, with_player
from .turns import begin_turn, draw, received

Events = list[Event]


def mission_for(options: Mapping[str, Any], seats: int) -> str:
    """A 3-seat match always plays the team mission (missions.toml [team], house)."""
    return DATA.team_mission if seats == 3 else options.get("mission", "skirmish")


def commands_for(mission_key: str, seats: int) -> list[tuple[int, tuple[int, ...]]]:
    """(side, commands) per seat: seat 0 plays side 0; the other seats share side 1's
    commands in order, the last seat taking whatever is left (a 2-seat team mission)."""
    m = DATA.missions[mission_key]
    out = [(0, tuple(range(m.commands("isn"))))]
    team = seats - 1
    n = m.commands("wretch")
    for i in range(team):
        mine = (i,) if i < team - 1 else tuple(range(i, n))
        out.append((1, mine))
    return out


def default_fleet(state: State, seat: int) -> tuple[Card, ...]:
    """Mission-selected fleets as listed; player-selected ones start as the whole faction,
    standard versions (a draft the player edits behind the screen)."""
    m = DATA.missions[state.mission]
    p = state.players[seat]
    faction = SIDES[p.side]
    if m.player_fleets:
        fleet = [Card(code, "standard", seat) for code in DATA.ships_of(faction)]
        # a low points option: drop the costliest cards until the draft fits (house)
        while (
            len(fleet) > 1 and sum(DATA.stats(c.code, c.version).points for c in fleet) > state.fleet_points
        ):
            fleet.remove(max(reversed(fleet), key=lambda c: DATA.stats(c.code, c.version).points))
        return tuple(fleet)
    chosen: dict[str, str] = {}
    for i in p.commands:
        chosen.update(m.fleets[faction][i])
    return tuple(Card(code, version, seat) for code, version in chosen.items())


def default_deck(state: State, seat: int) -> tuple[str, ...]:
    m = DATA.missions[state.mission]
    p = state.players[seat]
    kinds: list[str] = []
    for i in p.commands:
        for kind, n in DATA.decks[m.decks[SIDES[p.side]][i]].items():
            kinds += [kind] * n
    return tuple(sorted(kinds))


def with_draft(state: State, seat: int, fleet: tuple[Card, ...], draft: tuple[str, ...]) -> State:
    """The seat's draft; ship cards stay in seat and catalogue order, so the order of the
    cards on the table never tells who changed their draft last."""
    order = list(DATA.ships)
    others = tuple(c for c in state.cards if c.owner != seat)
    cards = sorted((*others, *fleet), key=lambda c: (c.owner, order.index(c.code)))
    state = replace(state, cards=tuple(cards))
    return with_player(state, seat, draft=draft)


def setup(options: Mapping[str, Any], seats: int, dice: Dice) -> Step:
    key = mission_for(options, seats)
    m = DATA.missions[key]
    players = tuple(
        Player(side, cmds, energy=DATA.energy["start"]) for side, cmds in commands_for(key, seats)
    )
    state = State(
        mission=key,
        rounds=options.get("rounds") or m.rounds,
        fleet_points=options.get("fleet_points", DATA.selection["fleet_points"]),
        players=players,
    )
    for seat in range(seats):
        state = with_draft(state, seat, default_fleet(state, seat), default_deck(state, seat))
    events: Events = [
        Event(
            "mission",
            {
                "mission": key,
                "name": m.name,
                "seats": [{"seat": s, "side": SIDES[p.side]} for s, p in enumerate(players)],
                "rounds": state.rounds,
            },
        )
    ]
    state, more = _first_player(state, options.get("first_player", "roll"), dice)
    events += more
    if not m.player_fleets:  # mission-selected: nothing to choose, the hands are dealt now
        for seat in range(seats):
            state, more = _ready(state, seat, dice)
            events += more
    state, more = maybe_start(state, dice)
    return Step(state, tuple(events + more))


def _first_player(state: State, choice: str, dice: Dice) -> tuple[State, Events]:
    """[SOURCED] page 5: roll the number die, re-roll ties; the high roller chooses who goes first."""
    if choice in SIDES:
        seat = state.seats_of(SIDES.index(choice))[0]
        return replace(state, first=seat), [Event("first_player", {"seat": seat, "by": None})]
    rolling = list(range(len(state.players)))
    events: Events = []
    while True:
        rolls = {
            s: dice.roll(DATA.dice["numbers"], f"first player: {SIDES[state.side(s)]} seat {s}")
            for s in rolling
        }
        best = max(rolls.values())
        top = [s for s in rolling if rolls[s] == best]
        events.append(Event("first_roll", {"rolls": [[s, rolls[s]] for s in rolling], "high": top}))
        if len(top) == 1:
            return replace(state, chooser=top[0]), events
        rolling = top


def _ready(state: State, seat: int, dice: Dice) -> tuple[State, Events]:
    """Seal the selection and deal the starting hand ([SOURCED] page 5: 5 cards), plus the
    mission's prepped heroes. Every card gets its id now, at random (``cardids.py``)."""
    state = with_player(state, seat, ready=True)
    events: Events = [Event("ready", {"seat": seat})]
    m = DATA.missions[state.mission]
    p = state.players[seat]
    heroes = [k for i in p.commands if i < len(m.heroes[SIDES[p.side]]) for k in m.heroes[SIDES[p.side]][i]]
    draft = p.draft
    state = with_player(state, seat, draft=())
    state = seal(state, seat, draft, dice, "deck sealed")
    state, prepped = label(state, seat, heroes, dice, "prepped heroes")
    state, more = draw(state, seat, DATA.hand["start"], dice, "starting hand")
    events += more
    if prepped:  # the mission names the heroes, but their card ids mark the hand (the canary)
        state = to_hand(state, seat, prepped)
        events.append(Event("heroes_prepped", {"seat": seat, "count": len(prepped)}))
        events.append(received(seat, list(prepped)))
    return state, events


def ready(state: State, seat: int, dice: Dice) -> tuple[State, Events]:
    state, events = _ready(state, seat, dice)
    state, more = maybe_start(state, dice)
    return state, events + more


def choose_first(state: State, seat: int, first: int, dice: Dice) -> tuple[State, Events]:
    state = replace(state, first=first)
    events = [Event("first_player", {"seat": first, "by": seat})]
    state, more = maybe_start(state, dice)
    return state, events + more


def maybe_start(state: State, dice: Dice) -> tuple[State, Events]:
    """When every seat is ready and the first player chosen: the muster, then turn 1."""
    if state.first < 0 or not all(p.ready for p in state.players):
        return state, []
    return next_muster(state, -1, dice)


def next_muster(state: State, after: int, dice: Dice) -> tuple[State, Events]:
    """[SOURCED] page 10 (mission 1): a side whose ships start launched places them all,
    for free, before the first turn; then play begins with the first player."""
    launched = DATA.missions[state.mission].launched
    for seat in range(after + 1, len(state.players)):
        if SIDES[state.side(seat)] not in launched:
            continue
        if any(c.owner == seat and c.place == SCREEN and can_launch(state, c) for c in state.cards):
            state = replace(state, phase=MUSTER, turn=Turn(seat, 0, MUSTER))
            return state, [Event("muster", {"seat": seat})]
    state = replace(state, phase=PLAY, turn=None)
    events: Events = [Event("play_started", {"first": state.first})]
    state, more = begin_turn(state, state.first, dice)
    return state, events + more


# -- the sealed selection edits (AS-BG-1) ----------------------------------------------------
def edit_fleet(state: State, seat: int, code: str, version: str) -> tuple[State, Events]:
    mine = [c for c in state.cards if c.owner == seat]
    have = next((c for c in mine if c.code == code), None)
    if version == "none":
        fleet = tuple(c for c in mine if c.code != code)
    elif have is None:
        fleet = (*mine, Card(code, version, seat))
    else:
        fleet = tuple(replace(c, version=version) if c.code == code else c for c in mine)
    state = with_draft(state, seat, fleet, state.players[seat].draft)
    return state, [_draft_event(state, seat)]


def edit_deck(state: State, seat: int, kind: str, n: int) -> tuple[State, Events]:
    draft = list(state.players[seat].draft)
    if n > 0:
        draft.append(kind)
    else:
        draft.remove(kind)
    state = with_player(state, seat, draft=tuple(sorted(draft)))
    return state, [_draft_event(state, seat)]


def reset(state: State, seat: int) -> tuple[State, Events]:
    state = with_draft(state, seat, default_fleet(state, seat), default_deck(state, seat))
    return state, [_draft_event(state, seat)]


def _draft_event(state: State, seat: int) -> Event:
    """The new draft, told to its author only (the move itself is sealed)."""
    fleet = {c.code: c.version for c in state.cards if c.owner == seat}
    points = sum(DATA.stats(c, v).points for c, v in fleet.items())
    return Event(
        "draft",
        {"seat": seat, "fleet": fleet, "points": points, "deck_size": len(state.players[seat].draft)},
        frozenset({seat}),
    )

"""The immutable game state of Star Fighters: Rapid Fire (dumped and loaded by ``kit.codec``).

Hexes are stored by name ("c4"), dice by their ids ("r2"), torpedoes by "t<seat+1><a|b>".
Hidden values (the sealed Roll-phase sequences, standing orders) live here in full;
``view.py`` decides who may see what.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..base import Outcome
from ..kit.codec import omitted_when_default, set_at

ROLL, ACTIVATE, TORPEDOES, OVER = "roll", "activate", "torpedoes", "over"
DUEL, THREE, TEAMS = "duel", "three", "teams"
MODES = {2: DUEL, 3: THREE, 4: TEAMS}

Placed = tuple[str, str, str]
"""A die on a ship board: (die id, group, face)."""

Reason = tuple[str, str, str]
"""Why a system could not be activated: (system or "", refusal code, words for every reader)."""


@dataclass(frozen=True)
class Ship:
    """One player's ship and ship board as everybody may see them."""

    seat: int
    side: str
    team: int
    hex: str | None  # None once destroyed
    heading: int
    shields: tuple[int, ...]  # markers per facing, ring order forward, right, rear, left
    hull: int
    reactors: int
    dice: tuple[str, ...]  # dice still owned (SF-16: lost dice leave the game)
    board: tuple[Placed, ...] = ()  # dice on spaces, sorted
    reserve: tuple[tuple[str, str], ...] = ()  # (die, face) reserved after the button
    destroyed: bool = False
    destroyed_by: int | None = None
    dealt: int = 0  # damage points dealt to other ships (Outcome.details)
    taken: int = 0  # damage points taken
    lost: tuple[str, ...] = ()  # dice lost to hull damage

    def pool(self) -> tuple[str, ...]:
        """Dice beside the board: owned and not on a space."""
        on = {p[0] for p in self.board}
        return tuple(d for d in self.dice if d not in on)


@dataclass(frozen=True)
class Roller:
    """One seat's sealed Roll-phase sequence under the roll-count clock (AS-SF-1)."""

    step: int = 0
    board: tuple[Placed, ...] = ()
    hand: tuple[tuple[str, str], ...] = ()  # (die, face); face "" once picked up, until rolled
    boards: tuple[tuple[Placed, ...], ...] = ()  # boards[k] = the board at the end of step k
    rolls: tuple[tuple[tuple[str, str], ...], ...] = ()  # rolls[k-1] = what step k rolled
    actions: int = 0  # placements and pick-ups so far (the AS-SF-1 tie-break)
    fired: int | None = None  # the step at which Fire was declared
    done: str = ""  # "", "fire", "hold" or "button" (stopped: the button was hit earlier)
    bridge: bool = False  # B1 "you have the bridge" used (SF-50)


@dataclass(frozen=True)
class Drive:
    """A Drives activation being flown, one die at a time."""

    seat: int
    moves: int = 0  # MOVE dice left (split drives)
    rotates: int = 0  # ROTATE dice left (split drives)
    steps: int = 0  # steps of either kind left (B2 rolled, B3 thrust drives)


@dataclass(frozen=True)
class Turns:
    """The Activate-systems phase: alternating turns of one activation or a pass (AS-SF-2)."""

    units: tuple[int, ...]  # who takes turns, in order from the first: seats, or teams (2 v 2)
    on: int  # the unit on turn
    passed: tuple[int, ...] = ()
    actor: int | None = None  # the seat that has begun this turn (Cockpit ability, Drives)
    activated: tuple[tuple[int, str], ...] = ()  # (seat, system) this round
    cockpit: tuple[int, ...] = ()  # seats that used the Cockpit ability this round
    drive: Drive | None = None


@dataclass(frozen=True)
class Pending:
    """A decision owed by one player: "lose" a die (SF-16), "steer" a torpedo (SF-41) or
    which missed attack dice to "reroll" (B2, SF-51: ``target``, the roll and OVERCHARGE)."""

    kind: str
    seat: int
    options: tuple[str, ...]
    torpedo: str = ""
    target: str = ""
    rolled: tuple[tuple[str, str], ...] = ()
    overcharged: bool = False


@dataclass(frozen=True)
class Torpedo:
    id: str
    owner: int
    hex: str
    face_up: bool = False


@dataclass(frozen=True)
class Orders:
    """Standing orders (rules/README decision 5): the colour lost first (SF-16), "ask me"."""

    lose: str = "blue"
    ask: bool = False


@dataclass(frozen=True)
class State:
    seats: int
    mode: str
    victory: str  # 3 players: "last" ship standing ([SEED]) or "first" to destroy (SF-44)
    round: int
    phase: str
    ships: tuple[Ship, ...]
    orders: tuple[Orders, ...]
    round_limit: int = 0  # house rule: 0 = no limit
    torpedoes: tuple[Torpedo, ...] = ()
    rollers: tuple[Roller | None, ...] = ()
    hitter: int | None = None  # who hit the button this round (None: nobody fired)
    first: int | None = None  # the unit that went first in this round's activations
    turns: Turns | None = None
    pending: tuple[Pending, ...] = ()
    queue: tuple[tuple[str, int], ...] = ()  # torpedo phase: (torpedo id, steps left)
    destroyed: tuple[int, ...] = ()  # seats, in the order their ships were destroyed
    outcome: Outcome | None = None
    # the ships passed with nothing to activate in the last Activate-systems phase, each with
    # why (SF-30): (seat, reasons); cleared as the next one begins
    passes: tuple[tuple[int, tuple[Reason, ...]], ...] = omitted_when_default(())

    # -- lookups ----------------------------------------------------------------------
    def ship(self, seat: int) -> Ship:
        return self.ships[seat]

    def ship_at(self, hex_name: str) -> Ship | None:
        return next((s for s in self.ships if s.hex == hex_name), None)

    def torpedoes_at(self, hex_name: str) -> tuple[Torpedo, ...]:
        return tuple(t for t in self.torpedoes if t.hex == hex_name)

    def torpedo(self, tid: str) -> Torpedo | None:
        return next((t for t in self.torpedoes if t.id == tid), None)

    def alive(self) -> tuple[int, ...]:
        return tuple(s.seat for s in self.ships if not s.destroyed)

    def enemies(self, seat: int) -> tuple[int, ...]:
        team = self.ships[seat].team
        return tuple(s.seat for s in self.ships if not s.destroyed and s.team != team)

    def team_seats(self, team: int) -> tuple[int, ...]:
        return tuple(s.seat for s in self.ships if s.team == team and not s.destroyed)

    def unit_of(self, seat: int) -> int:
        """The unit that takes turns for ``seat``: its team in 2 v 2, else the seat."""
        return self.ships[seat].team if self.mode == TEAMS else seat

    def unit_seats(self, unit: int) -> tuple[int, ...]:
        """The seats still in play that act for ``unit``: none once its ships are destroyed."""
        if self.mode == TEAMS:
            return self.team_seats(unit)
        return () if self.ships[unit].destroyed else (unit,)

    def active(self) -> frozenset[int]:
        """Who must act now: several in the Roll phase; a decision owed first; none at the end."""
        if self.outcome is not None:
            return frozenset()
        if self.pending:
            return frozenset({self.pending[0].seat})
        if self.phase == ROLL:
            return frozenset(i for i, r in enumerate(self.rollers) if r is not None and not r.done)
        if self.phase == ACTIVATE and self.turns is not None:
            if self.turns.actor is not None:
                return frozenset({self.turns.actor})
            return frozenset(self.unit_seats(self.turns.on))
        return frozenset()


def name(seat: int) -> str:
    """How the rules texts and messages call a seat."""
    return f"Player {seat + 1}"


def with_ship(state: State, ship: Ship) -> State:
    return replace(state, ships=set_at(state.ships, ship.seat, ship))


def with_roller(state: State, seat: int, roller: Roller) -> State:
    return replace(state, rollers=set_at(state.rollers, seat, roller))

"""The Star Fighters: Rapid Fire engine object: its name, options, concessions, timeouts and secrets."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import Move, Outcome
from ..kit.engine import KitEngine
from . import rollphase
from .damage import chosen_die
from .data import DATA, RULES, SIDES
from .moves import drive
from .state import ROLL, TEAMS, State
from .torpedoes import preferred

SIDE_TEXT = "A = side A; B1 Cruiser, B2 Frigate, B3 Fighter, B4 Gunship (SF-50...SF-53)."


class StarFighters(KitEngine):
    """Star Fighters: Rapid Fire, 2-4 players, with the GAPS.md section 1 defaults.

    Built from the kit (docs/engines.md): the protocol methods delegate to this package's
    modules by name.
    """

    key = "star-fighters"
    title = "Star Fighters: Rapid Fire"
    # 2: sealed Roll-phase events name their board; destroyed ships are skipped in turns.
    # 3: reserved dice allocated at step 0 stay when the button is hit at step 0 (SF-R1);
    # in 2 v 2 the hitter, not the team, has the first activation (SF-R2).
    # 4: B2 chooses how many Drives dice to roll and which misses to re-roll; B4 chooses to
    # roll one or all of its ATTACK dice at a torpedo (SF-51, SF-53; SF-R4).
    # 5: in the Roll phase "finished rolling" is told to the roller only, and the view shows
    # the others every player with a sealed sequence as rolling until the reveal (AS-SF-1.6).
    # 6: a pass the rules make (SF-30) says why the ship could activate nothing: its "passed"
    # event names each system and the reason, and the view keeps them until the next
    # Activate-systems phase (a version 5 match replayed would log different events).
    version = "6"
    # 6 plays a version 5 match on: the same moves, dice and outcome; only the "passed" event
    # gained its reasons, and the state the reasons the view shows ("passes", empty in a
    # version 5 state), so a version 5 match in progress continues under 6.
    continues = frozenset({"5"})
    view_notes = frozenset({"passes"})
    min_seats = 2
    max_seats = 4
    seat_names = ("Player 1", "Player 2", "Player 3", "Player 4")

    def options_schema(self) -> dict[str, Any]:
        ships = {
            f"ship_{n}": {
                "type": "string",
                "enum": list(SIDES),
                "title": f"Player {n}'s ship board",
                "description": f"Which side of the ship board player {n} flies. {SIDE_TEXT}",
                "default": "A",
                "x-seats": list(range(max(n, self.min_seats), self.max_seats + 1)),
            }
            for n in range(1, self.max_seats + 1)
        }
        return {
            "type": "object",
            "additionalProperties": False,
            "properties": {
                **ships,
                "three_player_victory": {
                    "type": "string",
                    "enum": ["last", "first"],
                    "title": "3-player victory",
                    "description": "last: the game ends when two ships are destroyed and the survivor "
                    "wins (rules text); first: the first player to destroy a ship wins (the published "
                    "game, SF-44).",
                    "default": "last",
                    "x-seats": [3],
                },
                "round_limit": {
                    "type": "integer",
                    "title": "Round limit",
                    "description": "House rule (not in the rules): the match ends after this many rounds; "
                    "most hull left wins, then most shields, else a draw. 0 = no limit.",
                    "default": RULES["round_limit"],
                    "minimum": DATA.options["round_limit_min"],
                    "maximum": DATA.options["round_limit_max"],
                },
            },
        }

    def round_of(self, s: State) -> int | None:
        """A round: roll, place the dice, activate the systems in turn."""
        return s.round

    def concede(self, s: State, seat: int, seats: int, reason: str) -> Outcome:
        """In 2 v 2 a player concedes for their team: the other team wins."""
        if s.mode == TEAMS:
            team = s.ships[seat].team
            return Outcome(tuple(x.seat for x in s.ships if x.team != team), reason=reason)
        return super().concede(s, seat, seats, reason)

    def seat_count(self, s: State) -> int:
        return s.seats

    def timeout_move(self, s: State, seat: int) -> Move | None:
        """Standing orders for a decision (B2: re-roll every miss); hold in the Roll phase; stop a
        drive; else pass."""
        if seat not in s.active():
            return None
        if s.pending:
            p = s.pending[0]
            if p.kind == "lose":
                return Move.of("lose", die=chosen_die(s, seat, p.options))
            if p.kind == "reroll":  # re-rolling a die that did no damage can only add damage
                return Move.of("reroll", dice=list(p.options))
            torpedo = s.torpedo(p.torpedo)
            assert torpedo is not None
            return Move.of("steer", hex=preferred(s, torpedo, list(p.options)))
        if s.phase == ROLL:
            return Move.of("hold")
        if s.turns is not None and s.turns.drive is not None:
            return drive("stop")
        return Move.of("pass")

    def blind(self, s: State) -> bool:
        """AS-SF-1.6: the sealed Roll phase; the others learn nothing of a player's progress."""
        return s.phase == ROLL and s.outcome is None

    def secrets(self, s: State) -> Mapping[int, frozenset[str]]:
        """Standing orders always; in the Roll phase the sealed board and every roll so far."""
        out = {}
        for seat in range(s.seats):
            marks = {f"orders-{seat + 1}"}
            r = s.rollers[seat] if s.phase == ROLL else None
            if r is not None:
                marks.add(rollphase.board_id(s, seat))
                marks |= {rollphase.roll_id(s, seat, k) for k in range(1, r.step + 1)}
            out[seat] = frozenset(marks)
        return out

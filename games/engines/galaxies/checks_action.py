"""Refusals for the Action phase and tactic cards: activation, movement, warp gates,
attacks, playing, discarding and passing cards, and answers to reaction windows."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ..base import Invalid, Move
from .board import (
    asteroids,
    can_stop_somewhere,
    debris,
    fire_blockers,
    free,
    geo,
    size,
    successors,
    tiles,
)
from .data import DATA, CardKind
from .geometry import LARGE_STEPS
from .memo import per_state
from .moves import NONE
from .ships import move as move_number
from .ships import weapons
from .state import ACTION, ENERGY, LAUNCHED, Card, Piece, State, Tac
from .tactics import boardable, heroes_in_play

Check = Invalid | None


@per_state
def stuck_piece(state: State) -> str:
    """The ship now moving, if it stands on another ship's space ([SEED] may not end there)."""
    turn = state.turn
    if turn is None or not turn.moving:
        return ""
    found = state.piece(turn.moving)
    if found is None:
        return ""
    occupied = state.occupied(skip=turn.moving)
    return turn.moving if any(h in occupied for h in found[1].hexes) else ""


def _in_action(what: str, check: Callable[[State, int, Move], Check]) -> Callable[[State, int, Move], Check]:
    """``check``, once the turn is in its action phase ([SEED] page 7)."""

    def checked(state: State, seat: int, m: Move) -> Check:
        assert state.turn is not None
        if state.turn.phase != ACTION:
            return Invalid(
                "wrong_turn_phase",
                f"{what} happens in the action phase ([SEED] page 7); you are in your {state.turn.phase} phase.",
            )
        return check(state, seat, m)

    return checked


def _own_piece(state: State, seat: int, pid: str) -> tuple[Card, Piece] | Invalid:
    found = state.piece(pid)
    if found is None or found[0].owner != seat or found[0].place != LAUNCHED:
        return Invalid("no_such_ship", f"You have no ship {pid.upper()} on the battlefield.")
    assert state.turn is not None
    if state.turn.card != found[0].code:
        return Invalid(
            "not_activated",
            f"Activate {found[0].code.upper()} first: only the ships of the card being activated move "
            "and attack ([SEED] page 7 steps 1-3).",
        )
    return found


def _activate(state: State, seat: int, m: Move) -> Check:
    card = state.card(m["ship"])
    if card is None or card.owner != seat or card.place != LAUNCHED:
        return Invalid("no_such_ship", f"You have no ship card {m['ship'].upper()} on the battlefield.")
    assert state.turn is not None
    if card.code in state.turn.activated:
        return Invalid(
            "already_activated",
            f"{card.code.upper()} was activated this turn; you cannot activate the same ship card more "
            "than once per turn ([SEED] page 7).",
        )
    cost = DATA.stats(card.code, card.version).activate
    if cost > state.players[seat].energy:
        return Invalid(
            "no_energy",
            f"Activating {card.code.upper()} costs {cost} energy; you have {state.players[seat].energy} ([SEED] page 7).",
        )
    return None


def _movable(state: State, seat: int, pid: str) -> Check:
    found = _own_piece(state, seat, pid)
    if isinstance(found, Invalid):
        return found
    turn = state.turn
    assert turn is not None
    if turn.attacking:
        return Invalid(
            "moved_after_attack",
            "Move first, then attack: no movement after the card's ships have attacked ([SEED] steps 2-3, BG-12).",
        )
    if pid in turn.stopped:
        return Invalid(
            "movement_over",
            f"{pid.upper()} has finished moving this activation (squadron ships move one at a time, "
            "[SEED] page 7; a debris field ends movement, BG-10).",
        )
    return None


def _step(state: State, seat: int, m: Move) -> Check:
    pid = m["ship"]
    bad = _movable(state, seat, pid)
    if bad is not None:
        return bad
    found = state.piece(pid)
    assert found is not None and state.turn is not None
    card, piece = found
    allowed = move_number(card)
    used = state.turn.used(pid)
    if used >= allowed:
        return Invalid(
            "out_of_moves", f"{pid.upper()} has moved {used} of its {allowed} spaces ([SEED] move number)."
        )
    g = geo(state)
    frm, to = m["from"], m["to"]
    if not g.valid(frm) or not g.valid(to):
        return _off_board()
    sz = size(card)
    lead = dict(state.turn.lead).get(pid, "")
    options = {(f, t): n for f, t, n in successors(state, piece, sz, lead)}
    if (frm, to) not in options:
        return _bad_step(state, pid, sz, piece.hexes, lead, frm, to)
    new = options[(frm, to)]
    occupied = state.occupied(skip=pid)
    if any(h in occupied for h in new):
        nxt = replace(piece, hexes=new)
        stops = bool(debris(state) & (set(new) - set(piece.hexes)))
        if stops or not can_stop_somewhere(
            state, nxt, sz, to if sz == "medium" else "", allowed - used - 1, occupied
        ):
            return Invalid(
                "ends_on_ship",
                f"{pid.upper()} could not get clear of the ships on {', '.join(h for h in new if h in occupied)} "
                "with the spaces it has left: ships may pass through other ships but never end on one ([SEED] page 7).",
            )
    return None


def _bad_step(
    state: State, pid: str, sz: str, hexes: tuple[str, ...], lead: str, frm: str, to: str
) -> Invalid:
    """Why ``frm`` -> ``to`` is not one of the ship's steps: an asteroid or the board edge in
    the way of a step of the right shape, or a step of the wrong shape."""
    g, rocks = geo(state), asteroids(state)
    if sz == "large":
        moved = _large_step(state, hexes, frm, to)
        if moved is not None:
            if None in moved:
                return _off_board()
            blocked = sorted(h for h in moved if h is not None and h in rocks)
            if blocked:
                return _asteroid(blocked[0])
        return Invalid(
            "bad_step",
            f"A large ship's step moves all three hexes onto three new spaces without turning (BG-07): give its "
            f"first hex {hexes[0]} and where that hex goes.",
        )
    if sz == "medium" and lead and frm != lead:
        return Invalid(
            "lead_fixed",
            f"{pid.upper()} leads with its end on {lead} this activation ([SEED] page 7: decide which end to lead with, BG-07).",
        )
    if frm in hexes and to not in hexes and to in g.neighbours[frm] and to in rocks:
        return _asteroid(to)
    if sz == "medium":
        return Invalid(
            "bad_step",
            "A medium ship's leading end moves to an adjacent space and the trailing end follows into the "
            "space it left ([SEED] page 7).",
        )
    return Invalid("bad_step", f"{pid.upper()} on {hexes[0]} moves one space at a time to an adjacent hex.")


def _large_step(state: State, hexes: tuple[str, ...], frm: str, to: str) -> list[str | None] | None:
    """The hexes (None where off the board) of the BG-07 step taking the first hex ``frm`` to ``to``."""
    g = geo(state)
    if frm != hexes[0]:
        return None
    for dq, dr in LARGE_STEPS:
        if g.shift(frm, dq, dr) == to:
            return [g.shift(h, dq, dr) for h in hexes]
    return None


def _asteroid(hex_: str) -> Invalid:
    return Invalid(
        "asteroid", f"{hex_} is an asteroid field: it cannot be entered or passed through (BG-10)."
    )


def _off_board() -> Invalid:
    return Invalid(
        "off_board",
        "Ships stay on the board; half hexes at the edge can never be entered ([SOURCED] page 7).",
    )


def _warp(state: State, seat: int, m: Move) -> Check:
    pid = m["ship"]
    bad = _movable(state, seat, pid)
    if bad is not None:
        return bad
    found = state.piece(pid)
    assert found is not None and state.turn is not None
    card, piece = found
    gates = [h for h, k in tiles(state).items() if DATA.tiles[k].params.get("reach")]
    on = [h for h in gates if h in piece.hexes]
    if not on:
        return Invalid("no_warp_gate", f"{pid.upper()} is not on a warp gate ([SOURCED] page 9).")
    params = DATA.tiles[tiles(state)[on[0]]].params
    if size(card) not in params["sizes"]:
        return Invalid("warp_size", "Only small and medium ships use a warp gate ([SOURCED] page 9).")
    if state.turn.used(pid):
        return Invalid(
            "warp_after_move",
            f"{pid.upper()} has moved: a ship uses a warp gate instead of moving, from where it starts its activation ([SOURCED] page 9).",
        )
    g, to = geo(state), m["to"]
    if not g.valid(to):
        return _off_board()
    occupied = state.occupied(skip=pid)
    if not free(state, (to,), occupied):
        return Invalid("space_taken", f"{to} is not an empty space ([SOURCED] page 9, BG-10).")
    if g.distance(on[0], to) > params["reach"]:
        return Invalid(
            "warp_too_far", f"{to} is more than {params['reach']} spaces from the gate ([SOURCED] page 9)."
        )
    if size(card) == "medium" and not any(free(state, (n,), occupied) for n in g.neighbours[to]):
        return Invalid("no_room", f"There is no empty space next to {to} for the rest of {pid.upper()}.")
    return None


def _fire(state: State, seat: int, m: Move) -> Check:
    pid = m["ship"]
    found = _own_piece(state, seat, pid)
    if isinstance(found, Invalid):
        return found
    card, piece = found
    arms = weapons(state, card, piece)
    w = arms.get(m["weapon"])
    if w is None:
        return Invalid("no_such_weapon", f"{pid.upper()} has no such weapon; it fires {', '.join(arms)}.")
    assert state.turn is not None
    left = dict(state.turn.charges).get(f"{pid}/{w.key}")
    if left == 0:
        return Invalid(
            "no_attacks_left",
            f"{pid.upper()} has used every attack of this weapon's charge ([SOURCED] page 7: each charge gives its attacks).",
        )
    if left is None and w.charge > state.players[seat].energy:
        return Invalid(
            "no_energy",
            f"Charging {w.name} costs {w.charge} energy; you have {state.players[seat].energy} ([SOURCED] page 7).",
        )
    target = state.piece(m["target"])
    if target is None or target[0].place != LAUNCHED:
        return Invalid("no_target", f"There is no ship {m['target'].upper()} on the battlefield to attack.")
    if not state.enemy(seat, target[0].owner):
        return Invalid("own_ship", f"{m['target'].upper()} is on your side; attack enemy ships.")
    g = geo(state)
    gap = g.gap(piece.hexes, target[1].hexes)
    if gap > w.range:
        return Invalid(
            "out_of_range",
            f"{m['target'].upper()} is {gap} spaces away; {w.name} of {pid.upper()} has range {w.range} (BG-09: "
            "counted between the nearest hexes).",
        )
    if not g.in_fire(piece.hexes, target[1].hexes, w.range, fire_blockers(state)):
        return Invalid(
            "no_line_of_fire",
            f"Asteroid fields block every line of fire from {pid.upper()} to {m['target'].upper()} (BG-09).",
        )
    return None


# -- tactic cards ---------------------------------------------------------------------------
def _in_hand(state: State, seat: int, card_id: str) -> Tac | Invalid:
    for t in state.players[seat].hand:
        if t.id == card_id:
            return t
    return Invalid("not_in_hand", "That tactic card is not in your hand.")


def _play(state: State, seat: int, m: Move) -> Check:
    tac = _in_hand(state, seat, m["card"])
    if isinstance(tac, Invalid):
        return tac
    kind = DATA.cards[tac.kind]
    assert state.turn is not None
    if kind.phase == "opponent":
        return Invalid(
            "card_phase",
            f"{kind.name} is played in the opponent's turn, when its reaction window opens (BG-14, AS-BG-3).",
        )
    if kind.phase != state.turn.phase:
        return Invalid(
            "card_phase",
            f"{kind.name} is played in the {kind.phase} phase; you are in your {state.turn.phase} phase (BG-14).",
        )
    if kind.cost > state.players[seat].energy:
        return Invalid(
            "no_energy", f"{kind.name} costs {kind.cost} energy; you have {state.players[seat].energy}."
        )
    return _target(state, seat, kind, m["target"])


def _target(state: State, seat: int, kind: CardKind, target: str) -> Check:
    want = kind.effect.target
    if want == "none":
        if target:
            return Invalid("bad_target", f"{kind.name} takes no target.")
        return None
    if want == "own_ship":
        found = state.piece(target)
        if found is None or found[0].owner != seat or found[0].place != LAUNCHED:
            return Invalid("bad_target", f"{kind.name} is played on one of your ships on the battlefield.")
        return None
    card = state.card(target)
    if want == "own_card":
        if card is None or card.owner != seat or card.place != LAUNCHED:
            return Invalid("bad_target", f"{kind.name} is attached to one of your launched ship cards.")
        if kind.hero and kind.key in heroes_in_play(state, seat):
            return Invalid(
                "hero_in_play",
                f"{kind.name} is in play already: one copy of each named hero ([SOURCED] page 9).",
            )
        return None
    if card is None or card.place != LAUNCHED or not state.enemy(seat, card.owner):
        return Invalid("bad_target", f"{kind.name} is played on an enemy ship card on the battlefield.")
    if not boardable(state, seat, card):
        return Invalid(
            "cannot_board",
            f"{kind.name} takes a solo small or medium enemy ship with no shield pegs, adjacent to one of yours (house card).",
        )
    return None


def _discard(state: State, seat: int, m: Move) -> Check:
    tac = _in_hand(state, seat, m["card"])
    return tac if isinstance(tac, Invalid) else None


def _give(state: State, seat: int, m: Move) -> Check:
    assert state.turn is not None
    if state.turn.phase != ENERGY:
        return Invalid(
            "wrong_turn_phase", "Teammates pass tactic cards during their energy phases ([SOURCED] page 3)."
        )
    to = m["to"]
    if to not in state.mates(seat):
        return Invalid("not_teammate", "Tactic cards are passed only to a teammate ([SOURCED] page 3).")
    if len(state.players[to].hand) >= DATA.hand["limit"]:
        return Invalid("hand_full", f"Your teammate holds {DATA.hand['limit']} cards already (BG-16).")
    tac = _in_hand(state, seat, m["card"])
    return tac if isinstance(tac, Invalid) else None


def react(state: State, seat: int, m: Move) -> Check:
    if not state.asking or state.queue[0].seat != seat:
        return Invalid("no_window", "No reaction window is waiting for your answer (AS-BG-3).")
    if m["card"] == NONE:
        return None
    tac = _in_hand(state, seat, m["card"])
    if isinstance(tac, Invalid):
        return tac
    kind = DATA.cards[tac.kind]
    t = state.queue[0]
    if kind.effect.window != t.stage or (t.stage == "hit" and t.result == "cancelled"):
        return Invalid("card_phase", f"{kind.name} does not answer this window ({t.stage}) (BG-14, AS-BG-3).")
    if kind.cost > state.players[seat].energy:
        return Invalid(
            "no_energy", f"{kind.name} costs {kind.cost} energy; you have {state.players[seat].energy}."
        )
    return None


ACTION_CHECKS = {
    "activate": _in_action("Activating a ship card", _activate),
    "step": _in_action("Moving", _step),
    "warp": _in_action("Using a warp gate", _warp),
    "fire": _in_action("Attacking", _fire),
}
CARD_CHECKS = {"play": _play, "discard": _discard, "give": _give}

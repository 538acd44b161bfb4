"""Battleship Galaxies: an evaluation for :class:`GreedyBot` and a faster player built on it.

``evaluate`` scores a position for a seat: the result once known; the fleet value destroyed
both ways and the victory points (what the round limit compares, BG-H2); damage dealt and
taken short of destruction; ships on the battlefield (a side with none after its second turn
loses at once, BG-18); closeness to the enemy or, for the side scoring on a victory point
track, to the survivor sites (BG-H4); what the activated card can still fire; energy.

:class:`GalaxiesBot` plays by the same measures without trying every move: it launches early,
places and moves towards its objective keeping out of ECM reach, fires at the target it
expects most from, plays the cards that help, and ends the turn when nothing is left.
It only ever plays a move the engine lists.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from typing import Any

from games.engines.base import Engine, Move
from games.engines.galaxies.board import fire_blockers, geo, mission
from games.engines.galaxies.data import DATA
from games.engines.galaxies.ships import ecm_immune, stats, weapons
from games.engines.galaxies.ships import move as move_number
from games.engines.galaxies.state import (
    ACTION,
    DEPLOY,
    ENERGY,
    LAUNCHED,
    MUSTER,
    PLACING,
    Card,
    Piece,
    State,
    hull,
)
from games.engines.galaxies.victory import score

from .base import register_evaluator

KEY = "battleship-galaxies"
WIN = 1000.0


@cache
def hit_chance(code: str) -> tuple[float, float]:
    """(hit, critical) chances of one attack on a ship of ``code`` (BG-04 grid, BG-11)."""
    cells = "".join(DATA.ships[code].grid)
    return (cells.count("x") + cells.count("*")) / len(cells), cells.count("*") / len(cells)


def ship_value(card: Card) -> float:
    return stats(card).points / DATA.ships[card.code].count


def attack_value(card: Card, target: Piece, strength: int) -> float:
    """Expected fleet value an attack of ``strength`` takes from ``target`` (shields, then hull,
    a destroyed ship its full share; a critical cell destroys it once its shields are down)."""
    hit, crit = hit_chance(card.code)
    left = target.shields + hull(card) - target.damage
    value = ship_value(card)
    if strength >= left:
        dealt = value
    else:
        dealt = (
            value * (0.25 * min(strength, target.shields) + max(0, strength - target.shields)) / hull(card)
        )
    return hit * dealt + (crit * value if target.shields == 0 and strength < left else 0.0)


def enemies(state: State, seat: int) -> list[tuple[Card, Piece]]:
    return [(c, p) for c, p in state.on_board() if c.place == LAUNCHED and state.enemy(seat, c.owner)]


def sites(state: State, seat: int) -> list[str]:
    """Survivor sites still to rescue, when ``seat`` scores on the track (BG-H4)."""
    m = mission(state)
    if not m.vp_side or state.faction(seat) != m.vp_side:
        return []
    return [h for h in m.survivors if h not in state.rescued]


class Sight:
    """What one decision reads of a position, worked out once: the enemy ships, the survivor
    sites to rescue, where the enemy's zone is, each card's longest weapon range."""

    def __init__(self, state: State, seat: int) -> None:
        self.state, self.seat = state, seat
        self.g = geo(state)
        self.foes = enemies(state, seat)
        self.todo = sites(state, seat)
        self.zone = sorted(self.g.zones[1 - state.side(seat)])[::4]
        self.blockers = fire_blockers(state)
        self._reach: dict[str, int] = {}

    def reach(self, card: Card) -> int:
        if card.code not in self._reach:
            piece = card.pieces[0] if card.pieces else Piece("?", (), 0)
            self._reach[card.code] = max(w.range for w in weapons(self.state, card, piece).values())
        return self._reach[card.code]

    def goal_gap(self, card: Card, hexes: Sequence[str]) -> float:
        """How far ships on ``hexes`` are from doing their job: in weapon range of an enemy
        without being adjacent to one (ECM, [SEED] page 7), or on a survivor site (BG-H4)."""
        g = self.g
        near = min((g.gap(hexes, (h,)) for h in self.todo), default=None)
        if near == 0:
            return 0.0
        reach = self.reach(card)
        if not self.foes:
            best = float(g.gap(hexes, self.zone) - reach)
        else:
            best, closest = float("inf"), min(g.gap(hexes, p.hexes) for _, p in self.foes)
            for _, p in self.foes:
                d = g.gap(hexes, p.hexes)
                if d > reach:
                    best = min(best, float(d - reach))
                elif g.in_fire(hexes, p.hexes, reach, self.blockers):
                    best = 0.0
                    break
                else:  # in range, but asteroids block every line of fire (BG-09)
                    best = min(best, 1.0)
            if closest <= 1 and not ecm_immune(card):
                best += 3.0
        return best if near is None else min(best, float(near))


# -- the evaluation --------------------------------------------------------------------------
def evaluate(engine: Engine, state: State, seat: int) -> float:
    """Higher is better for ``seat``."""
    side = state.side(seat)
    if state.outcome is not None:
        if state.outcome.draw:
            return 0.0
        return WIN if seat in state.outcome.winners else -WIN
    sight = Sight(state, seat)
    total = float(score(state, side) - score(state, 1 - side))
    for c, p in state.on_board():
        sign = 1.0 if state.side(c.owner) == side else -1.0
        hurt = (p.damage + 0.25 * (stats(c).shields - p.shields)) / hull(c)
        total -= sign * ship_value(c) * min(hurt, 1.0) * 0.8
        total += sign * ship_value(c) * 0.3  # on the battlefield, not behind the screen
        if sign > 0:
            total -= 0.05 * ship_value(c) * sight.goal_gap(c, p.hexes)
    mine = [c for c in state.cards if state.side(c.owner) == side]
    if state.players[seat].turns >= 1 and not any(c.place in (LAUNCHED, PLACING) for c in mine):
        total -= 100.0  # BG-18: no ship on the battlefield at the end of the second turn loses
    return total + potential(sight) + 0.1 * state.players[seat].energy


def potential(sight: Sight) -> float:
    """What the activated card can still fire this activation, at its best target within its
    move and range: the one-move lookahead's reason to activate a card before it fires."""
    state, turn = sight.state, sight.state.turn
    if turn is None or turn.seat != sight.seat or turn.phase != ACTION or not turn.card:
        return 0.0
    card = state.card(turn.card)
    if card is None or card.place != LAUNCHED:
        return 0.0
    return sum(shots * value for _, _, shots, value in _shots(sight, card))


def _shots(sight: Sight, card: Card) -> list[tuple[Piece, str, int, float]]:
    """(ship, weapon, attacks left, best expected value of one) for each weapon of ``card``
    with a target within its range plus the moves its ship has left."""
    state, turn = sight.state, sight.state.turn
    left = dict(turn.charges) if turn is not None and turn.card == card.code else {}
    attacking = bool(turn and turn.card == card.code and turn.attacking)
    out = []
    for p in card.pieces:
        more = 0 if attacking else move_number(card) - (turn.used(p.id) if turn else 0)
        for w in weapons(state, card, p).values():
            values = [
                attack_value(c, q, w.strength)
                for c, q in sight.foes
                if sight.g.gap(p.hexes, q.hexes) <= w.range + more
                and (more or sight.g.in_fire(p.hexes, q.hexes, w.range, sight.blockers))
            ]
            if values:
                out.append((p, w.key, left.get(f"{p.id}/{w.key}", w.attacks), max(values)))
    return out


register_evaluator(KEY, evaluate)


# -- the faster player -----------------------------------------------------------------------
def _first(moves: Sequence[Move], kind: str) -> Move | None:
    return next((m for m in moves if m.kind == kind), None)


class GalaxiesBot:
    """Plays to win by the evaluation's measures, one listed move at a time."""

    name = "galaxies"

    def choose(self, engine: Engine, state: Any, seat: int, rng: random.Random) -> Move | None:
        moves = [m for m in engine.legal_moves(state, seat) if m.kind != "orders"]
        if not moves:
            return None
        if len(moves) == 1:
            return moves[0]
        pick = _policy(Sight(state, seat), moves)
        return pick if pick is not None else rng.choice(moves)


def _policy(v: Sight, moves: list[Move]) -> Move | None:
    s, seat = v.state, v.seat
    kinds = {m.kind for m in moves}
    for kind in ("ready", "reset"):
        if kind in kinds:
            return _first(moves, kind)
    if "first" in kinds:
        return next(m for m in moves if m["seat"] == seat)
    if "react" in kinds:
        return next((m for m in moves if m["card"] != "none"), moves[0])
    if "draw" in kinds:  # [SEED] page 11: three of their cards beat one of ours
        return max(moves, key=lambda m: m["deck"] != "own")
    if kinds == {"discard"}:  # BG-16: over the hand limit
        return min(moves, key=lambda m: _card_worth(s, seat, m["card"]))
    if "place" in kinds:
        return _place(v, [m for m in moves if m.kind == "place"])
    turn = s.turn
    if turn is None:
        return None
    if turn.phase == ENERGY:
        return _cards(v, moves, reserve=0) or _first(moves, "next")
    if turn.phase in (DEPLOY, MUSTER):
        return _deploy(v, moves)
    if turn.phase == ACTION:
        return _action(v, moves)
    return None


# deploy ----------------------------------------------------------------------------------------
def _reserve(s: State, seat: int) -> int:
    """Energy kept for activating the ships already launched."""
    launched = [c for c in s.cards if c.owner == seat and c.place == LAUNCHED]
    return min(8, sum(stats(c).activate for c in launched))


def _deploy(v: Sight, moves: list[Move]) -> Move | None:
    """Launch early (BG-18), the most valuable ship first, while the energy to activate the
    ships already out remains; then the cards that help; then on to the action phase."""
    s, seat = v.state, v.seat
    energy = s.players[seat].energy
    on_board = any(c.owner == seat and c.place == LAUNCHED for c in s.cards)
    reserve = _reserve(s, seat)
    launches = []
    for m in moves:
        if m.kind == "launch":
            card = s.card(m["ship"])
            assert card is not None
            cost = 0 if s.turn is not None and s.turn.phase == MUSTER else stats(card).launch
            if not on_board or energy - cost >= reserve:
                launches.append((stats(card).points, m))
    if launches:
        return max(launches, key=lambda x: x[0])[1]
    return _cards(v, moves, reserve) or _first(moves, "next") or _first(moves, "end")


def _place(v: Sight, moves: list[Move]) -> Move:
    turn = v.state.turn
    assert turn is not None
    card = v.state.card(turn.placing)
    if card is None:  # a squadron ship leaving a warp gate
        found = v.state.piece(turn.placing)
        assert found is not None
        card = found[0]
    return min(moves, key=lambda m: v.goal_gap(card, m["hexes"]))


# cards -----------------------------------------------------------------------------------------
def _cards(v: Sight, moves: list[Move], reserve: int, only: str = "") -> Move | None:
    """The tactic card worth playing now (``only``: of that effect), keeping ``reserve``."""
    s, seat = v.state, v.seat
    energy = s.players[seat].energy
    best: tuple[float, Move] | None = None
    for m in moves:
        if m.kind != "play":
            continue
        kind = DATA.cards[_tac(s, seat, m["card"])]
        if (only and kind.effect.key != only) or (kind.cost and energy - kind.cost < reserve):
            continue
        worth = _play_worth(s, seat, kind.effect.key, m["target"])
        if worth > 0 and (best is None or worth > best[0]):
            best = (worth, m)
    return None if best is None else best[1]


def _tac(s: State, seat: int, card_id: str) -> str:
    return next(t.kind for t in s.players[seat].hand if t.id == card_id)


def _card_worth(s: State, seat: int, card_id: str) -> float:
    effect = DATA.cards[_tac(s, seat, card_id)].effect.key
    return {"energy": 1, "reroll": 2, "board": 5}.get(effect, 3)


def _play_worth(s: State, seat: int, effect: str, target: str) -> float:
    """How much a tactic card helps now (the placeholder set, BG-14); 0 = keep it."""
    if effect in ("energy", "reroll"):
        return 1.0
    if effect == "board":
        return 10.0
    if effect == "shields":
        found = s.piece(target)
        return 0.0 if found is None else float(stats(found[0]).shields - found[1].shields - 1)
    card = s.card(target)
    return 0.0 if card is None else stats(card).points / 10.0


# action ----------------------------------------------------------------------------------------
def _action(v: Sight, moves: list[Move]) -> Move | None:
    """Move the activated card's ships into range, then fire every attack at the best target;
    then activate the next card worth it, or end the turn."""
    s = v.state
    turn = s.turn
    assert turn is not None
    card = s.card(turn.card) if turn.card else None
    steps = [m for m in moves if m.kind == "step"]
    if card is not None and steps and not turn.attacking:
        step = _step(v, card, steps)
        if step is not None:
            return step
    fires = [m for m in moves if m.kind == "fire"]
    if fires:
        reroll = None if turn.rerolls else _cards(v, moves, 0, only="reroll")
        return reroll or max(fires, key=lambda m: _fire_worth(s, m))
    play = _cards(v, moves, 0)
    if play is not None and DATA.cards[_tac(s, v.seat, play["card"])].effect.key != "reroll":
        return play
    worth = {m["ship"]: _activation_worth(v, m["ship"]) for m in moves if m.kind == "activate"}
    useful = [m for m in moves if m.kind == "activate" and worth[m["ship"]] > 0]
    if useful:
        return max(useful, key=lambda m: worth[m["ship"]])
    return _first(moves, "end")


def _step(v: Sight, card: Card, steps: list[Move]) -> Move | None:
    """The step bringing a ship of the activated card nearest its goal, the ship already moving
    first (squadron ships move one at a time); None when no step helps."""
    s = v.state
    turn = s.turn
    assert turn is not None
    occupied = s.occupied()
    here: dict[str, float] = {}
    best: tuple[float, Move] | None = None
    for m in steps:
        found = s.piece(m["ship"])
        assert found is not None
        piece = found[1]
        if piece.id not in here:
            here[piece.id] = v.goal_gap(card, piece.hexes)
        new = _moved_hexes(v.g, piece, m["from"], m["to"])
        gain = here[piece.id] - v.goal_gap(card, new)
        if any(occupied.get(h, piece.id) != piece.id for h in new):
            gain -= 0.5  # on another ship: it must move on
        if turn.moving and m["ship"] != turn.moving:
            gain -= 0.01
        if best is None or gain > best[0]:
            best = (gain, m)
    stuck = turn.moving and any(s.occupied(skip=turn.moving).get(h) for h in _hexes(s, turn.moving))
    if best is not None and (best[0] > 0 or stuck):
        return best[1]
    return None


def _fire_worth(s: State, m: Move) -> float:
    found, target = s.piece(m["ship"]), s.piece(m["target"])
    assert found is not None and target is not None
    w = weapons(s, found[0], found[1])[m["weapon"]]
    return attack_value(target[0], target[1], w.strength)


def _activation_worth(v: Sight, code: str) -> float:
    """Expected value of the card's attacks this activation, or of closing in on its goal."""
    card = v.state.card(code)
    assert card is not None
    fire = sum(shots * value for _, _, shots, value in _shots(v, card))
    if fire:
        return 10.0 + fire
    closing = sum(min(v.goal_gap(card, p.hexes), move_number(card)) for p in card.pieces)
    return 0.1 * closing * ship_value(card)


def _hexes(s: State, pid: str) -> tuple[str, ...]:
    found = s.piece(pid) if pid else None
    return () if found is None else found[1].hexes


def _moved_hexes(g: Any, piece: Piece, frm: str, to: str) -> tuple[str, ...]:
    """Where a step puts the ship ([SEED] page 7, BG-07), as ``board.successors`` moves it."""
    if len(piece.hexes) == 3:  # the triangle moves whole
        a, b = g.axial[frm], g.axial[to]
        return g.translate(piece.hexes, b.q - a.q, b.r - a.r) or piece.hexes
    if len(piece.hexes) == 2:
        return (to, frm)
    return (to,)

"""Space Dogfight bots: an evaluation for :class:`~games.bots.base.GreedyBot` and a faster
player, :class:`DogfightBot`, that scores each legal move on the same evaluation without
playing it through the engine.

Both read only what their seat may see: the board, the fleet values, their own hand and the
size of the other's (AS-SD-2). The evaluation counts, from the seat's side: fleet value
(the rules' score), counters in hand, how far the ships have come towards the enemy zone
(the other way a game ends), and the kills each side threatens between adjacent ships.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from typing import Any

from games.engines.base import Engine, Move, Seat
from games.engines.dogfight.data import AP, DATA, MOVE_AST
from games.engines.dogfight.geometry import BOARD, is_adjacent, neighbours, square, zone_squares
from games.engines.dogfight.state import OVER, PLACE, PLAY, SPENDING, START
from games.engines.grid import Square

from .base import register_evaluator

WIN = 1000.0
ENDED = 50.0  # a result on the board beats the same result only foreseen (the cap's)
COUNTER_VALUE = {AP: 1.2, "DEF1": 1.5, "DEF2": 2.5, "BLANK": -0.3, MOVE_AST: 0.0}
AP_USEFUL = 3  # AP beyond this many are worth a third: a turn rarely spends more
PROGRESS = 1.0  # per move a ship still needs to reach the enemy zone (2x once disengaged)
APPROACH = 0.8  # per move a ship still needs to touch an enemy ship, for the side not ahead
FAR = 6  # moves counted for a ship that cannot get there at all
NOW, LATER = 0.9, 0.45  # weight of a kill the side on turn can make now, or a turn later
RISK_WHEN_NOT_AHEAD = 0.4  # a side that is not ahead has less to lose than to win
HAND = DATA.rules["hand_limit"]


@dataclass(frozen=True)
class Position:
    """What ``seat`` knows of a position: enough to score it and the moves from it."""

    seat: int
    ships: tuple[tuple[int, str, str], ...]  # (owner, type, square)
    asteroids: tuple[str, ...]
    hand: tuple[str, ...]  # the seat's own counter types
    other_hand: int  # how many counters the other seat holds
    on_turn: int | None
    can_spend: bool  # the seat on turn may still spend AP this turn
    result: float | None = None  # set once the game is over: the seat's result

    def fleet(self, owner: int) -> list[tuple[int, str, str]]:
        return [s for s in self.ships if s[0] == owner]


def position(state: Any, seat: Seat) -> Position:
    t = state.turn
    result = None
    if state.phase == OVER and state.outcome is not None:
        o = state.outcome
        result = 0.0 if o.draw else (WIN if seat in o.winners else -WIN)
    return Position(
        seat=seat,
        ships=tuple((s.owner, s.type, s.square) for s in state.ships),
        asteroids=tuple(state.asteroids),
        hand=state.hand_types(seat),
        other_hand=len(state.hands[1 - seat]),
        on_turn=None if t is None else t.seat,
        can_spend=t is not None and t.stage in (START, SPENDING),
        result=result,
    )


# -- scoring ----------------------------------------------------------------------------------------
def pts(ship_type: str) -> int:
    return DATA.ship_types[ship_type].pts


def kill_chance(attacker: str, defender: str, support: bool, repeat: bool = False) -> float:
    """[SEED] combat: attack die <= ATT (+1 supported), then defence die > DEF."""
    att = min(6, DATA.ship_types[attacker].att + (1 if support else 0))
    p = att / 6 * (6 - DATA.ship_types[defender].def_) / 6
    return p + (1 - p) * p if repeat else p


def supported(p: Position, owner: int, attacker_sq: str, target_sq: str) -> bool:
    return any(o == owner and sq != attacker_sq and _adjacent(sq, target_sq) for o, _, sq in p.ships)


def threats(p: Position, owner: int) -> float:
    """Expected points ``owner`` could kill with one attack now, over the enemy ships it
    touches: the best attack on each enemy ship, the best few of those."""
    found = []
    for o, t, sq in p.ships:
        if o != owner:
            continue
        for o2, t2, sq2 in p.ships:
            if o2 != owner and _adjacent(sq, sq2):
                found.append(kill_chance(t, t2, supported(p, owner, sq, sq2), repeat=True) * pts(t2))
    return sum(sorted(found, reverse=True)[:2])


@cache
def _sq(name: str) -> Square:
    return square(name)


@cache
def _zone(seat: int) -> frozenset[str]:
    return frozenset(zone_squares(seat))


@cache
def _adjacent(a: str, b: str) -> bool:
    return is_adjacent(a, b)


@cache
def _neighbours(name: str) -> tuple[str, ...]:
    return tuple(neighbours(name))


@cache
def _lines(name: str, owner: int) -> tuple[tuple[str, ...], ...]:
    """The squares ahead, east and west of ``name``, nearest first, to the board edge."""
    here, out = _sq(name), []
    for d in ((0, DATA.forward[owner]), (1, 0), (-1, 0)):
        line, i = [], 1
        while BOARD.contains(to := here.step(d, i)):
            line.append(to.name)
            i += 1
        out.append(tuple(line))
    return tuple(out)


@lru_cache(maxsize=20_000)
def _reach(start: str, owner: int, mov: int, blocked: frozenset[str]) -> dict[str, int]:
    """Fewest moves (MOVEMENT, SD-09 straight lines) from ``start`` to each square."""
    dist, frontier = {start: 0}, [start]
    while frontier:
        nxt = []
        for name in frontier:
            n = dist[name] + 1
            for line in _lines(name, owner):
                for to in line[:mov]:
                    if to in blocked:
                        break
                    if to not in dist:
                        dist[to] = n
                        nxt.append(to)
        frontier = nxt
    return dist


def _moves(p: Position, ship: tuple[int, str, str]) -> dict[str, int]:
    owner, kind, sq = ship
    blocked = frozenset((*(s[2] for s in p.ships if s[2] != sq), *p.asteroids))
    return _reach(sq, owner, DATA.ship_types[kind].mov, blocked)


def to_zone(p: Position, ship: tuple[int, str, str]) -> int:
    """Moves ``ship`` needs to reach the enemy zone, where the game may end."""
    zone = _zone(1 - ship[0])
    if ship[2] in zone:
        return 0
    return min((n for sq, n in _moves(p, ship).items() if sq in zone), default=FAR)


def to_contact(p: Position, ship: tuple[int, str, str]) -> int:
    """Moves ``ship`` needs to come next to an enemy ship."""
    targets = {n for o, _, sq in p.ships if o != ship[0] for n in _neighbours(sq)}
    if ship[2] in targets:
        return 0
    return min((n for sq, n in _moves(p, ship).items() if sq in targets), default=FAR)


def hand_value(hand: Iterable[str]) -> float:
    hand = list(hand)
    ap = hand.count(AP)
    value = sum(COUNTER_VALUE[c] for c in hand if c != AP)
    return value + COUNTER_VALUE[AP] * (min(ap, AP_USEFUL) + max(0, ap - AP_USEFUL) / 3)


def engaged(p: Position) -> bool:
    """Can some ship of one side still come next to a ship of the other? Ships never move
    backwards, so once every ship has passed every enemy ship nothing can happen any more
    but the end the fleet values decide (MOVE AST aside)."""
    for o, _, sq in p.ships:
        for o2, _, sq2 in p.ships:
            if o2 != o and (_sq(sq2).row - _sq(sq).row) * DATA.forward[o] >= -1:
                return True
    return False


def score(p: Position) -> float:
    """The seat's result where the game is over or can no longer change, plus a tie-break
    of material, counters, progress and threats."""
    material = _material(p)
    if p.result is not None:
        return p.result + ENDED + material / 100 - 2 * PROGRESS * _to_zone_all(p)
    if not engaged(p):  # only the end is left: get there (the AP to do it count a little)
        forecast = 0.0 if material == 0 else (WIN if material > 0 else -WIN)
        return forecast + material / 100 - 2 * PROGRESS * _to_zone_all(p) + hand_value(p.hand) / 4
    me, them = p.seat, 1 - p.seat
    value = material + hand_value(p.hand) - PROGRESS * _to_zone_all(p)
    ahead = material > 0
    if not ahead:
        value -= APPROACH * sum(to_contact(p, s) for s in p.fleet(me))
    mine_now = p.on_turn == me and p.can_spend and p.hand.count(AP) >= DATA.rules["combat_cost"]
    theirs_next = p.on_turn != me or not p.can_spend
    risk = 1.0 if ahead else RISK_WHEN_NOT_AHEAD
    value += (NOW if mine_now else LATER) * threats(p, me)
    value -= risk * (NOW if theirs_next else LATER) * threats(p, them) * min(1.0, p.other_hand / 3)
    return value


def _to_zone_all(p: Position) -> int:
    return sum(to_zone(p, s) for s in p.fleet(p.seat))


def _material(p: Position) -> float:
    return sum(pts(t) if o == p.seat else -pts(t) for o, t, _ in p.ships)


def evaluate(engine: Engine, state: Any, seat: Seat) -> float:
    """The evaluation :class:`GreedyBot` plays on (higher is better for ``seat``)."""
    if state.phase not in (PLAY, OVER):
        return _fleet_worth(state.holds[seat]) if state.sealed[seat] else 0.0
    return score(position(state, seat))


register_evaluator("space-dogfight", evaluate)


# -- the faster player --------------------------------------------------------------------------------
def _fleet_worth(ships: Iterable[Any]) -> float:
    """A fleet's worth: its points, more for attack and defence (every action costs AP)."""
    total = 0.0
    for s in ships:
        t = DATA.ship_types[s if isinstance(s, str) else s.type]
        total += t.pts + 2.5 * t.att + 2.0 * t.def_
    return total


def _after(
    p: Position,
    *,
    moved: tuple[str, str] | None = None,
    lost: str | None = None,
    spent: int = 0,
    draw: str | None = None,
    drop: str | None = None,
    end: bool = False,
) -> Position:
    ships = p.ships
    if moved is not None:
        ships = tuple((o, t, moved[1] if sq == moved[0] else sq) for o, t, sq in ships)
    if lost is not None:
        ships = tuple(s for s in ships if s[2] != lost)
    hand = list(p.hand)
    for _ in range(spent):
        hand.remove(AP)
    if drop is not None:
        hand.remove(drop)
    if draw is not None and draw != MOVE_AST:
        hand.append(draw)
    result = _result_if_over(p, ships)
    on_turn = (1 - p.seat) if end else p.on_turn
    can_spend = False if end or draw is not None else (p.can_spend or spent > 0)
    return replace(p, ships=ships, hand=tuple(hand), on_turn=on_turn, can_spend=can_spend, result=result)


def _result_if_over(p: Position, ships: Sequence[tuple[int, str, str]]) -> float | None:
    """GAME ENDS: a fleet eliminated, or every ship in the enemy zone (higher value wins)."""
    mine = sum(pts(t) for o, t, _ in ships if o == p.seat)
    theirs = sum(pts(t) for o, t, _ in ships if o != p.seat)
    has_mine = any(o == p.seat for o, _, _ in ships)
    has_theirs = any(o != p.seat for o, _, _ in ships)
    if not has_mine or not has_theirs:
        return 0.0 if has_mine == has_theirs else (WIN if has_mine else -WIN)
    if all(sq in _zone(1 - o) for o, _, sq in ships):
        return 0.0 if mine == theirs else (WIN if mine > theirs else -WIN)
    return None


def _draw_odds(p: Position) -> dict[str, float]:
    """What the next draw may be: the box less the seat's own hand (the rest is unknown)."""
    left = {k: c.count for k, c in DATA.counters.items()}
    for c in p.hand:
        left[c] -= 1
    total = sum(left.values())
    return {k: n / total for k, n in left.items() if n > 0}


class DogfightBot:
    """Scores every legal move on :func:`score` from the position it leads to: moves and
    discards exactly, attacks and draws by their odds. Standing orders stay as they are."""

    def __init__(self, *, name: str = "dogfight", explore: float = 0.03) -> None:
        self.name = name
        self.explore = explore

    def choose(self, engine: Engine, state: Any, seat: Seat, rng: random.Random) -> Move | None:
        moves = [m for m in engine.legal_moves(state, seat) if m.kind != "orders"]
        if not moves:
            return None
        if len(moves) == 1:
            return moves[0]
        if state.phase == PLAY and state.pending is None and rng.random() < self.explore:
            return rng.choice(moves)
        if state.phase not in (PLACE, PLAY):  # build: the best fleet, a little varied
            ranked = sorted(moves, key=lambda m: -_fleet_worth(self._fleet_types(m)))
            return rng.choice(ranked[:3])
        if state.phase == PLACE:
            return max(moves, key=lambda m: self._placement(state, seat, m) + rng.random() * 0.1)
        if state.pending is not None:  # asked for a DEF counter: the best one
            return next((m for m in moves if m["counter"] == "DEF2"), None) or next(
                (m for m in moves if m["counter"] == "DEF1"), moves[-1]
            )
        p = position(state, seat)
        repeat = state.turn.repeat if state.turn is not None else None
        scored = [(self._value(p, m, state, repeat) + rng.random() * 1e-3, m) for m in moves]
        return max(scored, key=lambda x: x[0])[1]

    @staticmethod
    def _fleet_types(m: Move) -> list[str]:
        return [t for t, n in dict(m["ships"]).items() for _ in range(n)]

    @staticmethod
    def _placement(state: Any, seat: int, m: Move) -> float:
        """Front row first, in the middle files, beside a ship of one's own (support)."""
        sq = square(m["to"])
        zone = DATA.zones[seat]
        front = 1 if sq.row == (max(zone) if DATA.forward[seat] > 0 else min(zone)) else 0
        middle = -abs(sq.file - (DATA.files - 1) / 2) * 0.2
        friends = sum(
            1 for n in neighbours(m["to"]) if (s := state.ship_at(n)) is not None and s.owner == seat
        )
        worth = _fleet_worth([m["ship"]]) / 100
        return front + middle + 0.3 * min(friends, 1) + worth

    def _value(self, p: Position, m: Move, state: Any, repeat: tuple[str, str] | None) -> float:
        if m.kind == "end":
            return score(_after(p, end=True))
        if m.kind == "discard":
            return score(_after(p, drop=m["counter"]))
        if m.kind == "draw":
            if len(p.hand) >= HAND:
                return score(p)
            return sum(q * score(_after(p, draw=c)) for c, q in _draw_odds(p).items())
        if m.kind == "move":
            return score(_after(p, moved=(m["from"], m["to"]), spent=DATA.rules["move_cost"]))
        if m.kind == "attack":
            return self._attack(p, m["from"], m["to"], DATA.rules["combat_cost"], bool(m.get("repeat")))
        if m.kind == "repeat" and repeat is not None:
            a, d = state.ship(repeat[0]), state.ship(repeat[1])
            return self._attack(p, a.square, d.square, DATA.rules["repeat_cost"], False)
        return score(p)

    def _attack(self, p: Position, frm: str, to: str, cost: int, then_repeat: bool) -> float:
        kinds = {sq: t for _, t, sq in p.ships}
        chance = kill_chance(kinds[frm], kinds[to], supported(p, p.seat, frm, to))
        hit = score(_after(p, lost=to, spent=cost))
        if not then_repeat:
            return chance * hit + (1 - chance) * score(_after(p, spent=cost))
        again = DATA.rules["repeat_cost"]
        hit_again = score(_after(p, lost=to, spent=cost + again))
        miss_again = score(_after(p, spent=cost + again))
        return chance * hit + (1 - chance) * (chance * hit_again + (1 - chance) * miss_again)


__all__ = ["DogfightBot", "evaluate", "kill_chance", "score"]

"""Who must act, and the complete list of legal moves: candidates filtered by ``check``.

Each candidate generator yields a superset of the legal moves of its kind; ``check`` is the
single judge, so the list and the refusals cannot disagree.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..base import Move
from . import moves as mv
from .board import geo, mission, placements, size, successors, tiles
from .checks import check
from .data import DATA, VERSIONS
from .geometry import canon
from .memo import per_state
from .ships import weapons
from .state import ACTION, DEPLOY, HOLD, LAUNCHED, MUSTER, OVER, PLAY, SCREEN, SELECT, State


def active(state: State) -> frozenset[int]:
    """Who must act now (standing orders are never owed, so they make nobody active)."""
    if state.phase == SELECT:
        waiting = {s for s, p in enumerate(state.players) if not p.ready}
        if state.first < 0 and state.chooser >= 0:
            waiting.add(state.chooser)
        return frozenset(waiting)
    if state.phase in (MUSTER, PLAY) and state.turn is not None:
        if state.asking:
            return frozenset({state.queue[0].seat})
        return frozenset({state.turn.seat})
    return frozenset()


def _select(state: State, seat: int) -> Iterator[Move]:
    faction = state.faction(seat)
    for code in DATA.ships_of(faction):
        for version in (*VERSIONS, mv.NONE):
            yield mv.fleet(code, version)
    for kind in DATA.cards_of(faction):
        yield mv.deck(kind, 1)
        yield mv.deck(kind, -1)
    yield mv.RESET
    yield mv.READY
    if state.chooser == seat:
        for s in range(len(state.players)):
            yield mv.first(s)


def _deploy(state: State, seat: int) -> Iterator[Move]:
    turn = state.turn
    assert turn is not None
    if turn.placing:
        yield from _placing(state, turn.placing)
        return
    mine = [c for c in state.cards if c.owner == seat]
    for c in mine:
        if c.place in (SCREEN, HOLD):
            yield mv.launch(c.code)
    if turn.phase == MUSTER:
        return
    screen = [c for c in mine if c.place == SCREEN]
    for a in screen:
        for b in screen:
            if a.code != b.code:
                yield mv.load(a.code, b.code)
    for c in mine:
        if c.place == HOLD:
            yield mv.unload(c.code)


def _placing(state: State, code: str) -> Iterator[Move]:
    turn = state.turn
    assert turn is not None
    if turn.warp:
        g = geo(state)
        for n in g.neighbours[turn.warp]:
            yield mv.place(code, canon((turn.warp, n)))
        return
    card = state.card(code)
    assert card is not None
    for fp in placements(state, card):
        yield mv.place(code, fp)


def _action(state: State, seat: int) -> Iterator[Move]:
    turn = state.turn
    assert turn is not None
    for c in state.cards:
        if c.owner == seat and c.place == LAUNCHED:
            yield mv.activate(c.code)
    card = state.card(turn.card) if turn.card else None
    if card is None or card.place != LAUNCHED:
        return
    sz = size(card)
    gates = [h for h, k in tiles(state).items() if DATA.tiles[k].params.get("reach")]
    for piece in card.pieces:
        lead = dict(turn.lead).get(piece.id, "")
        if not turn.attacking and piece.id not in turn.stopped:
            for frm, to, _ in successors(state, piece, sz, lead):
                yield mv.step(piece.id, frm, to)
            if turn.used(piece.id) == 0 and any(g in piece.hexes for g in gates):
                g = geo(state)
                for h in sorted(g.hexes):
                    yield mv.warp(piece.id, h)
        enemies = [p for c, p in state.on_board() if c.place == LAUNCHED and state.enemy(seat, c.owner)]
        for key in weapons(state, card, piece):
            for e in enemies:
                yield mv.fire(piece.id, key, e.id)


def _cards(state: State, seat: int) -> Iterator[Move]:
    hand = state.players[seat].hand
    launched = [c for c in state.cards if c.place == LAUNCHED]
    for tac in hand:
        kind = DATA.cards[tac.kind]
        target = kind.effect.target
        if target == "none":
            yield mv.play(tac.id)
        elif target == "own_ship":
            for c, p in state.on_board():
                if c.owner == seat:
                    yield mv.play(tac.id, p.id)
        else:  # own_card: one of yours; enemy_card: one of theirs
            mine = target == "own_card"
            for c in launched:
                if (c.owner == seat) == mine and (mine or state.enemy(seat, c.owner)):
                    yield mv.play(tac.id, c.code)
        yield mv.discard(tac.id)
        for mate in state.mates(seat):
            yield mv.give(tac.id, mate)
    yield mv.NEXT
    yield mv.END


def _react(state: State, seat: int) -> Iterator[Move]:
    yield mv.react(mv.NONE)
    for tac in state.players[seat].hand:
        yield mv.react(tac.id)


def candidates(state: State, seat: int) -> Iterator[Move]:
    if state.phase == SELECT:
        yield from _select(state, seat)
    elif state.asking:
        if state.queue[0].seat == seat:
            yield from _react(state, seat)
    elif state.turn is not None and state.turn.seat == seat:
        turn = state.turn
        if turn.draw:  # [SEED] page 11: the deck is chosen before anything else of the turn
            yield mv.draw("own")
            yield mv.draw(mission(state).core_deck)
            return
        if turn.placing or turn.phase in (DEPLOY, MUSTER):
            yield from _deploy(state, seat)
        if state.phase == PLAY and not turn.placing:
            if turn.phase == ACTION:
                yield from _action(state, seat)
            yield from _cards(state, seat)


@per_state
def _candidates(state: State, seat: int) -> tuple[Move, ...]:
    return tuple(candidates(state, seat))


@per_state
def listed(state: State, seat: int) -> frozenset[Move]:
    """The candidates of ``seat`` as a set: what the engine checks a move against."""
    return frozenset(_candidates(state, seat))


def legal(state: State, seat: int) -> list[Move]:
    """Every legal move of ``seat`` now, game moves first, then standing orders."""
    if state.phase == OVER or seat not in range(len(state.players)):
        return []
    out = [m for m in _candidates(state, seat) if check(state, seat, m) is None]
    return out + mv.ORDERS.candidates(state, seat)


def accepted(state: State, seat: int) -> frozenset[Move]:
    """What a move the referee has checked must be among: a candidate, or standing orders."""
    return listed(state, seat) | frozenset(mv.ORDERS.candidates(state, seat))

"""Queries about the battlefield of a state: obstacles, tiles, steps, placements, fire.

Pure functions of the state and the data; the rules, checks and legal-move lists all ask
the same questions here so that they cannot disagree.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from .data import DATA, Mission
from .geometry import LARGE_STEPS, Geometry, canon, geometry
from .state import Card, Piece, State


def mission(state: State) -> Mission:
    return DATA.missions[state.mission]


def geo(state: State) -> Geometry:
    return geometry(mission(state).boards)


@cache
def _obstacles(key: str) -> dict[str, frozenset[str]]:
    """The hexes of the mission's obstacles that have each effect of missions.toml
    [obstacles] (BG-10): "blocks_move", "ends_move", "blocks_fire" (BG-09)."""
    m = DATA.missions[key]
    placed = {"asteroid": m.asteroids, "debris": m.debris}
    return {
        flag: frozenset(
            h for kind, groups in placed.items() if DATA.obstacles[kind].get(flag) for o in groups for h in o
        )
        for flag in ("blocks_move", "ends_move", "blocks_fire")
    }


def asteroids(state: State) -> frozenset[str]:
    """BG-10: asteroid hexes cannot be entered or passed."""
    return _obstacles(state.mission)["blocks_move"]


def debris(state: State) -> frozenset[str]:
    """BG-10: a ship entering a debris hex ends its movement there."""
    return _obstacles(state.mission)["ends_move"]


def fire_blockers(state: State) -> frozenset[str]:
    """BG-09: asteroid hexes block a line of fire; nothing else does."""
    return _obstacles(state.mission)["blocks_fire"]


def tiles(state: State) -> dict[str, str]:
    """hex -> discovery tile kind."""
    return {h: kind for kind, h in mission(state).tiles}


def size(card: Card) -> str:
    return DATA.ships[card.code].size


# -- placing -------------------------------------------------------------------------------
def free(state: State, hexes: tuple[str, ...], occupied: dict[str, str]) -> bool:
    """[SEED] empty spaces: on the board, no ship there, no asteroid (BG-10)."""
    g, rocks = geo(state), asteroids(state)
    return all(g.valid(h) and h not in occupied and h not in rocks for h in hexes)


@cache
def _containing(boards: int, size_: str) -> dict[str, tuple[tuple[str, ...], ...]]:
    """hex -> every footprint of ``size_`` that covers it."""
    out: dict[str, list[tuple[str, ...]]] = {}
    for fp in geometry(boards).footprints(size_):
        for h in fp:
            out.setdefault(h, []).append(fp)
    return {h: tuple(fps) for h, fps in out.items()}


def footprints_touching(state: State, size_: str, hexes: frozenset[str]) -> list[tuple[str, ...]]:
    """Footprints of ``size_`` that cover at least one of ``hexes``."""
    table = _containing(mission(state).boards, size_)
    seen: set[tuple[str, ...]] = set()
    out = []
    for h in sorted(hexes):
        for fp in table.get(h, ()):
            if fp not in seen:
                seen.add(fp)
                out.append(fp)
    return out


def zone(state: State, seat: int) -> frozenset[str]:
    return geo(state).zones[state.side(seat)]


def placement_ok(state: State, card: Card, hexes: tuple[str, ...], occupied: dict[str, str]) -> str | None:
    """Why ``hexes`` cannot take the next ship of ``card`` (a short reason key), or None."""
    g = geo(state)
    if not g.is_footprint(size(card), hexes):
        return "shape"
    if not free(state, hexes, occupied):
        return "occupied"
    carrier = state.card(card.carrier) if card.carrier else None
    if carrier is not None:
        if not g.adjacent(hexes, [h for p in carrier.pieces for h in p.hexes]):
            return "carrier"
    elif not zone(state, card.owner) & set(hexes):
        return "zone"
    if card.pieces and not any(g.adjacent(hexes, p.hexes) for p in card.pieces):
        return "squadron"
    return None


def placements(state: State, card: Card, first_only: bool = False) -> list[tuple[str, ...]]:
    """Every footprint that can take the next ship of ``card`` now (or just the first found)."""
    g, sz = geo(state), size(card)
    occupied = state.occupied()
    carrier = state.card(card.carrier) if card.carrier else None
    if card.pieces:
        area = g.ring(h for p in card.pieces for h in p.hexes)
    elif carrier is not None:
        area = g.ring(h for p in carrier.pieces for h in p.hexes)
    else:
        area = zone(state, card.owner)
    out = []
    for fp in footprints_touching(state, sz, area):
        if placement_ok(state, card, fp, occupied) is None and completes(state, card, fp, occupied):
            out.append(fp)
            if first_only:
                break
    return out


def completes(state: State, card: Card, fp: tuple[str, ...], occupied: dict[str, str]) -> bool:
    """[SEED] all ships of a squadron must fit: after this one, can the rest still be placed?"""
    left = DATA.ships[card.code].count - len(card.pieces) - 1
    if left <= 0:
        return True
    piece = Piece("?", fp, 0)
    more = Card(card.code, card.version, card.owner, card.place, card.carrier, 0, (*card.pieces, piece))
    occ = {**occupied, **{h: "?" for h in fp}}
    g = geo(state)
    area = g.ring(h for p in more.pieces for h in p.hexes)
    for nxt in footprints_touching(state, size(card), area):
        if placement_ok(state, more, nxt, occ) is None and completes(state, more, nxt, occ):
            return True
    return False


def can_launch(state: State, card: Card) -> bool:
    """[SEED] a ship (or every ship of a squadron) needs available spaces to be launched."""
    probe = Card(card.code, card.version, card.owner, card.place, card.carrier)
    return bool(placements(state, probe, first_only=True))


# -- movement --------------------------------------------------------------------------------
def successors(state: State, piece: Piece, sz: str, lead: str) -> Iterator[tuple[str, str, tuple[str, ...]]]:
    """One space of movement: (from, to, new hexes) on the board and clear of asteroids.

    small: to an adjacent hex; medium: the leading end to an adjacent hex and the trailing end
    into the hex it left ([SEED], BG-07); large: the triangle onto three new hexes (BG-07).
    """
    g, rocks = geo(state), asteroids(state)
    if sz == "large":
        anchor = piece.hexes[0]
        for dq, dr in LARGE_STEPS:
            new = g.translate(piece.hexes, dq, dr)
            if new is not None and not rocks & set(new):
                yield anchor, new[0], new
        return
    ends = piece.hexes if sz == "medium" and not lead else ((lead,) if lead else piece.hexes)
    for frm in ends:
        for to in g.neighbours[frm]:
            if to in piece.hexes or to in rocks:
                continue
            new = canon((to, frm)) if sz == "medium" else (to,)
            yield frm, to, new


def can_stop_somewhere(
    state: State, piece: Piece, sz: str, lead: str, left: int, occupied: dict[str, str]
) -> bool:
    """Can a ship that overlaps others reach a free position within ``left`` spaces?

    [SEED] ships may pass through other ships but may not end on one; a debris hex ends the
    movement (BG-10), so it is only a way out if it is free. A breadth-first search.
    """
    if not any(h in occupied for h in piece.hexes):
        return True
    rubble = debris(state)
    frontier = {(piece.hexes, lead)}
    seen = set(frontier)
    for _ in range(left):
        nxt_frontier = set()
        for hexes, ld in frontier:
            here = Piece(piece.id, hexes, piece.shields, piece.damage)
            for _, to, new in successors(state, here, sz, ld):
                free_ = not any(h in occupied for h in new)
                if free_:
                    return True
                if rubble & (set(new) - set(hexes)):
                    continue  # stopped on a ship in debris: no way on from there
                key = (new, to if sz == "medium" else "")
                if key not in seen:
                    seen.add(key)
                    nxt_frontier.add(key)
        frontier = nxt_frontier
    return False


def enemies_adjacent(state: State, seat: int, hexes: tuple[str, ...]) -> list[str]:
    """Ids of enemy ships adjacent to ``hexes`` ([SEED] sharing a border on occupied hexes)."""
    g = geo(state)
    return sorted(
        p.id for c, p in state.on_board() if state.enemy(seat, c.owner) and g.adjacent(hexes, p.hexes)
    )

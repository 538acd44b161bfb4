"""A ship card's numbers in play: its version (BG-05), veteran power, attached tactic cards
and the discovery tiles its ships stand on ([SOURCED] page 9)."""

from __future__ import annotations

from .board import tiles
from .data import DATA, Stats, Weapon
from .state import Card, Piece, State

MAIN = "main"


def stats(card: Card) -> Stats:
    return DATA.stats(card.code, card.version)


def _attached(card: Card, param: str) -> int:
    return sum(DATA.cards[t.kind].effect.params.get(param, 0) for t in card.attached if _is_upgrade(t.kind))


def _is_upgrade(kind: str) -> bool:
    """Heroes and ship upgrades change the card; additional weapons are weapons of their own."""
    return DATA.cards[kind].effect.key != "weapon"


def move(card: Card) -> int:
    """[SEED] the move number on the card, plus a veteran power and a hero (BG-14)."""
    s = stats(card)
    return s.move + (s.power.move if s.power else 0) + _attached(card, "move")


def ecm_immune(card: Card) -> bool:
    s = stats(card)
    return bool(s.power and s.power.ecm_immune)


def _tile_range(state: State, card: Card, piece: Piece) -> int:
    """[SOURCED] page 9: alien artifact +7 primary range on it; observation station +2 for all."""
    here = tiles(state)
    bonus = 0
    for h in piece.hexes:
        kind = here.get(h)
        if kind is not None:
            bonus += DATA.tiles[kind].params.get("primary_range", 0)
    for h, kind in here.items():
        extra = DATA.tiles[kind].params.get("all_primary_range", 0)
        if extra and any(h in p.hexes for c, p in state.on_board() if c.owner == card.owner):
            bonus += extra
    return bonus


def weapons(state: State, card: Card, piece: Piece) -> dict[str, Weapon]:
    """Every weapon a ship of ``card`` may fire: the primary one and additional weapons."""
    s = stats(card)
    power_range = s.power.range if s.power else 0
    all_range = power_range + _attached(card, "range")
    w = s.weapon
    out = {
        MAIN: Weapon(
            MAIN,
            w.name,
            w.range + all_range + _tile_range(state, card, piece),
            w.attacks + (s.power.attacks if s.power else 0),
            w.strength,
            w.charge,
        )
    }
    for t in card.attached:
        kind = DATA.cards[t.kind]
        if kind.effect.key == "weapon":
            p = kind.effect.params
            out[t.id] = Weapon(
                t.id, kind.name, p["range"] + all_range, p["attacks"], p["strength"], p["charge"]
            )
    return out

"""One line of human text per log entry, from what the viewer may see of it.

``item.move`` is None when the move is sealed from the viewer, and ``item.events`` holds
only the events the viewer may see, so nothing here can leak a secret.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..base import LogItem
from ..kit.describe import who_by
from .data import DATA, side_name

D = Mapping[str, Any]


_who = who_by(lambda seat: f"The {side_name(seat)}")


def describe(item: LogItem, viewer: int | None) -> str:
    move = item.move or {}
    who = _who(item.seat, viewer)
    parts = [p for p in (_event(e.kind, e.data, viewer) for e in item.events) if p]
    head = _own(move) if item.seat is not None and item.seat == viewer else None
    if head:
        parts = [head, *parts]
    if not parts:
        parts = [f"{who} made a move" if item.seat is not None else "Set-up"]
    text = "; ".join(parts)
    return text if len(text) <= 600 else text[:597] + "..."


def _own(move: Mapping[str, Any]) -> str | None:
    """The author's own sealed moves, told in full to the author only."""
    k = move.get("kind")
    if k == "buy":
        return f"You bought {DATA.units[move['unit']].name}"
    if k in ("flights", "option", "transport", "drop"):
        rest = " ".join(str(move[x]) for x in ("entry", "n", "option") if x in move)
        return f"You changed your force list ({k} {rest})"
    if k == "fire" and "hold" in move:
        return f"You ordered {move['unit']} to hold the fire of its {move['hold']} weapons"
    if k == "fire":
        return f"You ordered {move['unit']} to fire {move['weapon']} at {move['target']} ({move['mode']})"
    if k == "orders":
        return f"You set standing order {move['setting']} to {move['value']}"
    return None


def _event(kind: str, d: D, viewer: int | None) -> str | None:
    fn = TEXT.get(kind)
    return None if fn is None else fn(d, viewer)


def _revealed(d: D, v: int | None) -> str:
    sides = [f"{side_name(f['seat'])} {len(f['units'])} lines, {f['cost']} pts" for f in d["forces"]]
    return "forces revealed: " + ", ".join(sides)


def _resolved(d: D, v: int | None) -> str:
    if "duels" in d:
        return f"{d['unit']} torpedoes {d['target']}: {d['hits']} hit(s)"
    needs = "/".join(("6 (lucky)" if g["lucky"] else f"{g['needed']}+") for g in d["groups"]) or "-"
    rolls = " ".join(str(r) for g in d["groups"] for r in g["rolls"])
    return f"{d['unit']} fires {d['weapon']} at {d['target']} needing {needs}: {rolls or 'no dice'} = {d['hits']} hit(s)"


def _game_over(d: D, v: int | None) -> str:
    reason = d["reason"].replace("_", " ")
    if d["draw"]:
        return f"game over after turn {d['turn']}: a draw ({reason})"
    winner = d["winners"][0]
    return f"game over after turn {d['turn']}: {_who(winner, v)} win ({reason})"


TEXT: dict[str, Callable[[D, int | None], str | None]] = {
    "match_set_up": lambda d, v: (
        f"Set-up: {DATA.scenarios[d['scenario']].name}, {d['points']} points, {d['turn_limit']} turns"
    ),
    "dock_turn_rolled": lambda d, v: (
        f"the specialists need {d['turn']} turns: the transport may dock from turn {d['turn']}"
    ),
    "orders_updated": lambda d, v: (
        None if d["seat"] == v else f"{_who(d['seat'], v)} updated standing orders"
    ),
    "force_edited": lambda d, v: (
        None if d["seat"] == v else f"{_who(d['seat'], v)} edited a sealed force list"
    ),
    "force_draft": lambda d, v: f"your force list: {', '.join(d['ids']) or 'empty'} ({d['cost']} pts)",
    "force_sealed": lambda d, v: f"{_who(d['seat'], v)} sealed a force list",
    "forces_revealed": _revealed,
    "deployment_started": lambda d, v: f"deployment begins, {_who(d['seat'], v)} first",
    "unit_placed": lambda d, v: f"{d['unit']} placed on {d['hex']} facing {d['facing']}",
    "turn_started": lambda d, v: f"turn {d['turn']} begins",
    "dock_turn_revealed": lambda d, v: (
        f"the hostages' specialists are ready: the transport may dock from turn {d['turn']}"
    ),
    "initiative_rolled": lambda d, v: (
        f"initiative {d['rolls'][0]}-{d['rolls'][1]}" + (" (tie, re-roll)" if d["tie"] else "")
    ),
    "decision_asked": lambda d, v: (
        f"waiting for {_who(d['seat'], v)} to decide ({d['kind'].replace('_', ' ')})"
    ),
    "initiative_chosen": lambda d, v: f"{_who(d['first'], v)} move first",
    "manoeuvre_declared": lambda d, v: (
        f"{d['unit']} declares {'a lock-on' if d['manoeuvre'] == 'lock' else 'an attack run'}"
    ),
    "panic_check": lambda d, v: (
        f"{d['unit']} panic check {d['total']} vs {d['needed']}: {'held' if d['passed'] else 'failed'}"
    ),
    "sharper_turn": lambda d, v: (
        f"{d['unit']} sharper turn of {d['facings']}: {d['total']} vs {d['needed']}, {'made' if d['passed'] else 'failed'}"
    ),
    "unit_stepped": lambda d, v: f"{d['unit']} {d['step']}: on {d['hex']} facing {d['facing']}",
    "movement_ended": lambda d, v: (
        f"{d['unit']} ends its move" + (f" on {d['hex']}" if d["status"] == "active" else "")
    ),
    "unit_moved": lambda d, v: f"{d['unit']} {d['how']} to {d['hex']} facing {d['facing']}",
    "unit_stopped": lambda d, v: f"{d['unit']} stops on {d['hex']} facing {d['facing']}",
    "unit_withdrawn": lambda d, v: f"{d['unit']} leaves the map (withdrawn)",
    "transport_docked": lambda d, v: f"{d['unit']} docks with {d['with']}",
    "fire_ordered": lambda d, v: None,
    "fire_decided": lambda d, v: (
        f"{_who(d['seat'], v)} sealed a fire decision ({d['left']} still to give)" if d["left"] else None
    ),
    "fire_orders_sealed": lambda d, v: f"{_who(d['seat'], v)} sealed fire orders",
    "fire_revealed": lambda d, v: (
        f"{len(d['orders'])} fire order(s) revealed" + (f", {len(d['held'])} held" if d.get("held") else "")
    ),
    "will_save": lambda d, v: (
        f"{d['unit']} Will save {d['total']} vs {d['will']}: {'steady' if d['passed'] else 'panics'}"
    ),
    "fire_resolved": _resolved,
    "repair_roll": lambda d, v: f"{d['unit']} repair roll {d['roll']} vs {d['needed']}+",
    "repaired": lambda d, v: f"{d['unit']} repairs {d['effect']}",
    "damage_applied": lambda d, v: f"{d['unit']} takes {d['hits']} hit(s), {d['saved']} saved",
    "unit_destroyed": lambda d, v: f"{d['unit']} destroyed",
    "ion_shields": lambda d, v: f"ion fire drains {d['unit']}'s shields to {d['shield']}",
    "ion_result": lambda d, v: f"{d['unit']} ion table {d['total']}: {d['result']}",
    "weapon_neutralized": lambda d, v: f"{d['unit']}'s {d['weapon']} neutralized",
    "hostages_retrieved": lambda d, v: f"{d['transport']} retrieves the specialists from {d['station']}",
    "starship_captured": lambda d, v: f"{d['transport']}'s marines capture {d['ship']}",
    "game_over": _game_over,
}

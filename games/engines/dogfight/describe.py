"""One line of human text per log entry, from what the viewer may see of it.

``item.move`` is None when the move is sealed from the viewer, and ``item.events`` holds
only the events the viewer may see, so nothing here can leak a secret. Once the match is
over its players see every move and event, and the lines tell them what was sealed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..base import Event, LogItem
from ..kit.describe import who_by
from .data import DATA
from .state import colour

_who = who_by(lambda seat: colour(seat).capitalize())


def _counts(ships: Mapping[str, int]) -> str:
    return " ".join(f"{ships.get(t, 0)}{t}" for t in DATA.ship_types)


def describe(item: LogItem, viewer: int | None) -> str:
    move = item.move or {}
    if move.get("kind") == "setup":
        return _setup(item.events, viewer)
    who = _who(item.seat, viewer)
    events = list(item.events)
    if any(e.kind in ("move_ast_drawn", "counter_received") for e in events):  # says what was drawn
        events = [e for e in events if e.kind != "counter_drawn"]
    parts = [p for p in (_event(e, item.seat, viewer) for e in events) if p]
    head = _sealed(move, item.seat, viewer)
    if head:
        parts = [head, *(p for p in parts if not p.startswith(who + " "))]
    if not parts:
        parts = [f"{who} made a move"]
    return "; ".join(parts)


def _setup(events: list[Event] | Any, viewer: int | None) -> str:
    placed = [
        f"asteroid {e.data['n']} on {e.data['square']}"
        for e in events
        if e.kind == "asteroid_placed" and e.data.get("ok")
    ]
    first = [e for e in events if e.kind == "first_player"]
    text = "Setup: " + (", ".join(placed) or "board ready")
    if first:
        seat = first[0].data["seat"]
        verb = "play" if seat == viewer else "plays"
        text += f"; {_who(seat, viewer)} {verb} first"
    return text


def _sealed(move: Mapping[str, Any], seat: int | None, viewer: int | None) -> str | None:
    """A sealed move told in full: to its author, and to everyone once the match is over
    (the only times ``move`` is given for it)."""
    if not move:
        return None
    who = _who(seat, viewer)
    kind = move.get("kind")
    if kind == "fleet":
        ships = dict(move["ships"])
        pts = sum(DATA.ship_types[t].pts * n for t, n in ships.items())
        whose = "your" if seat == viewer else "a"
        return f"{who} sealed {whose} fleet: {_counts(ships)} ({pts} PTS)"
    if kind == "discard":
        label = DATA.counters[move["counter"]].label
        return f"{who} discarded {label}"
    if kind == "orders":
        text = f"{who} set standing orders: {move.get('def_counter')} DEF counter"
        if move.get("def2_min_pts"):
            text += f", DEF+2 only for ships of {move['def2_min_pts']}+ PTS"
        return text + (", ask me" if move.get("ask") else "")
    return None


def _event(e: Event, seat: int | None, viewer: int | None) -> str | None:
    fn = EVENT_TEXT.get(e.kind)
    return None if fn is None else fn(e.data, viewer)


def _drawn(d: Mapping[str, Any], viewer: int | None) -> str:
    return f"{_who(d['seat'], viewer)} drew a counter"


def _received(d: Mapping[str, Any], viewer: int | None) -> str:
    return f"{_who(d['seat'], viewer)} drew {d['label']}"


def _attack(d: Mapping[str, Any], viewer: int | None) -> str:
    verb = "repeated the attack on" if d["repeat"] else "attacked"
    support = ", supported" if d["support"] else ""
    result = "potential hit" if d["potential_hit"] else "miss"
    return (
        f"{_who(d['seat'], viewer)} {verb} {d['defender']} with {d['attacker']} "
        f"(rolled {d['roll']}, needs {d['target']} or less{support}): {result}"
    )


def _defence(d: Mapping[str, Any], viewer: int | None) -> str:
    result = "blocked" if d["blocked"] else "not blocked"
    return f"{d['ship']} defends: rolled {d['roll']}, needs {d['target']} or less: {result}"


def _eliminated(d: Mapping[str, Any], viewer: int | None) -> str:
    how = "crushed by the asteroid" if d["cause"] == "asteroid" else "eliminated"
    return f"{d['ship']} {how} on {d['square']}"


def _game_over(d: Mapping[str, Any], viewer: int | None) -> str:
    reason = d["reason"].replace("_", " ")
    score = "-".join(str(s) for s in d["scores"])
    if d["draw"]:
        return f"game over: a draw ({reason}, {score})"
    verb = "win" if viewer in d["winners"] else "wins"
    winners = " and ".join(_who(s, viewer) for s in d["winners"])
    return f"game over: {winners} {verb} ({reason}, {score})"


def _answered(d: Mapping[str, Any], viewer: int | None) -> str:
    c = d["counter"]
    what = "no counter" if c == "none" else DATA.counters[c].label
    return f"{_who(d['seat'], viewer)} answered: {what}"


EVENT_TEXT: dict[str, Callable[[Mapping[str, Any], int | None], str | None]] = {
    "fleet_sealed": lambda d, v: f"{_who(d['seat'], v)} sealed a fleet",
    "phase_started": lambda d, v: (
        f"{'placement' if d['phase'] == 'place' else 'play'} begins, {_who(d['seat'], v)} first"
    ),
    "ship_placed": lambda d, v: (
        f"{_who(d['seat'], v)} placed {d['ship']} (type {d['type']}) on {d['square']}"
    ),
    "counter_discarded": lambda d, v: f"{_who(d['seat'], v)} discarded a counter",
    "orders_updated": lambda d, v: f"{_who(d['seat'], v)} updated standing orders",
    "counter_drawn": _drawn,
    "counter_received": _received,
    "move_ast_drawn": lambda d, v: f"{_who(d['seat'], v)} drew MOVE AST",
    "asteroid_moved": lambda d, v: f"asteroid {d['n']} moved {d['from']} → {d['to']}",
    "asteroid_stuck": lambda d, v: "no asteroid can move",
    "ship_moved": lambda d, v: (
        f"{_who(d['seat'], v)} moved {d['ship']} {d['from']} → {d['to']} ({d['ap']} AP)"
    ),
    "repeat_declared": lambda d, v: f"{_who(d['seat'], v)} declared a repeat if {d['defender']} survives",
    "attack_rolled": _attack,
    "defence_asked": lambda d, v: f"waiting for {_who(d['seat'], v)} to decide on a DEF counter",
    "defence_answered": _answered,
    "def_counter_used": lambda d, v: f"{_who(d['seat'], v)} used {d['label']}",
    "defence_rolled": _defence,
    "ship_eliminated": _eliminated,
    "turn_ended": lambda d, v: "turn over" if d["auto"] else f"{_who(d['seat'], v)} ended turn {d['number']}",
    "game_over": _game_over,
}

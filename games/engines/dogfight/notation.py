"""The text notation (email replies, the move box). Case-insensitive, whitespace-tolerant.

fleet 4A 1B 0C 1D          types left out count 0 ("fleet 4a 1d")
place A b2
discard AP | DEF1 | DEF2 | BLANK   (also def+1, def+2)
draw
move b3 b5                 (also "b3-b5", "b3 -> b5", "b3 to b5")
attack b3 b4               (add "repeat" to repeat at once if the defender survives, AS-SD-4)
repeat
end                        (also "pass")
orders best|lowest|never [<min PTS for DEF2>] [ask]     e.g. "orders best 20 ask"
defend def1 | def2 | none
"""

from __future__ import annotations

import re

from ..base import Invalid, Move
from ..grid import Square
from . import moves as mv
from .data import DATA
from .state import Orders, State

HELP = (
    "Write one move, e.g. 'fleet 4A 1B 0C 1D', 'place A b2', 'discard AP', 'draw', "
    "'move b3 b5', 'attack b3 b4', 'attack b3 b4 repeat', 'repeat', 'end', 'orders best 20', "
    "'defend none'."
)
_FLEET_ITEM = re.compile(r"^(\d{1,3})([a-z])$")


def _counter_names() -> dict[str, str]:
    names = {}
    for key in (*DATA.hand_types, *DATA.def_types):
        c = DATA.counters[key]
        for alias in (key, c.label, *c.aliases):
            names[alias.lower().replace(" ", "")] = key
    return names


COUNTER_NAMES = _counter_names()


def bad(text: str, why: str = "") -> Invalid:
    return Invalid("bad_notation", f"Cannot read {text.strip()[:40]!r}{why}. {HELP}")


def _square(token: str) -> str | None:
    sq = Square.parse(token)
    return None if sq is None else sq.name


def parse(text: str, state: State, seat: int) -> Move | Invalid:
    """Read one move; Space Dogfight's notation needs neither the position nor the seat."""
    if not isinstance(text, str):
        return bad(str(text))
    words = re.sub(r"(->|→|–)", " ", text.lower()).split()
    if not words:
        return bad(text, ": it is empty")
    verb, rest = words[0], words[1:]
    if verb in ("draw", "repeat", "end", "pass") and not rest:
        return {"draw": mv.DRAW, "repeat": mv.REPEAT}.get(verb, mv.END)
    if verb == "fleet":
        return _fleet(text, rest)
    if verb == "place" and len(rest) == 2:
        sq = _square(rest[1])
        if rest[0].upper() in DATA.ship_types and sq:
            return mv.place(rest[0].upper(), sq)
    if verb in ("move", "attack"):
        declared = verb == "attack" and bool(rest) and rest[-1] == "repeat"
        squares = [w for w in "-".join(rest[:-1] if declared else rest).replace("-to-", "-").split("-") if w]
        parsed = [_square(w) for w in squares]
        if len(parsed) == 2 and all(parsed):
            if verb == "move":
                return mv.move(parsed[0], parsed[1])  # type: ignore[arg-type]
            return mv.attack(parsed[0], parsed[1], repeat=declared)  # type: ignore[arg-type]
    if verb == "discard" and len(rest) == 1 and rest[0] in COUNTER_NAMES:
        counter = COUNTER_NAMES[rest[0]]
        if counter in DATA.hand_types:
            return mv.discard(counter)
    if verb == "defend" and len(rest) == 1:
        if rest[0] == mv.NO_COUNTER:
            return mv.defend(mv.NO_COUNTER)
        if COUNTER_NAMES.get(rest[0]) in DATA.def_types:
            return mv.defend(COUNTER_NAMES[rest[0]])
    if verb == "orders":
        return _orders(text, rest)
    return bad(text)


def _fleet(text: str, rest: list[str]) -> Move | Invalid:
    counts: dict[str, int] = {}
    for word in rest:
        m = _FLEET_ITEM.match(word)
        if not m or m.group(2).upper() not in DATA.ship_types or m.group(2).upper() in counts:
            return bad(text, f": {word!r} is not a count and a ship type such as 4A")
        counts[m.group(2).upper()] = int(m.group(1))
    if not counts:
        return bad(text, ": name the ships, e.g. fleet 4A 1B 0C 1D")
    return mv.fleet(counts)


def _orders(text: str, rest: list[str]) -> Move | Invalid:
    if not rest or rest[0] not in mv.DEF_POLICIES:
        return bad(text, ": orders start with best, lowest or never")
    policy, rest = rest[0], rest[1:]
    ask = bool(rest) and rest[-1] == "ask"
    if ask:
        rest = rest[:-1]
    pts = 0
    if rest:
        if len(rest) > 1 or not rest[0].isdigit() or int(rest[0]) not in mv.def2_thresholds():
            values = ", ".join(str(v) for v in mv.def2_thresholds())
            return bad(text, f": the DEF2 threshold is one of {values}")
        pts = int(rest[0])
    return mv.orders(Orders(policy, pts, ask))


def notation(m: Move) -> str:
    """The move in this notation (the engine writes a move it has none for as its JSON)."""
    k = m.kind
    if k in ("draw", "repeat", "end"):
        return k
    if k == "fleet":
        counts = mv.fleet_counts(m)
        return "fleet " + " ".join(f"{counts[t]}{t}" for t in DATA.ship_types)
    if k == "place":
        return f"place {m['ship']} {m['to']}"
    if k in ("move", "attack"):
        return f"{k} {m['from']} {m['to']}" + (" repeat" if m.get("repeat") else "")
    if k == "discard":
        return f"discard {m['counter']}"
    if k == "defend":
        return f"defend {m['counter'].lower()}"
    if k == "orders":
        o = mv.orders_of(m)
        return f"orders {o.def_counter} {o.def2_min_pts}" + (" ask" if o.ask else "")
    raise ValueError(k)

"""The text notation (email replies, the move box). Case-insensitive, whitespace-tolerant.

fleet ev veteran | fleet ev none        choose a version of a ship, or leave it out
deck +isn-lock | deck -isn-lock         one card in or out of the deck draft
reset | ready | next | end              (also "pass" for end)
first isn | first wretch | first wretch2
launch ev                               pay and reveal; then place its ships:
place ev d12 d13 e12                    a ship's hexes (any order)
load bs ev | load bs into ev            put BS in EV's hold (behind the screen)
unload bs
activate ev
step ba d6 e7                           one space: the hex that moves and where to (also d6-e7)
warp rk f9
fire ev main vf                         ship, weapon (main or an attached card id), target
play i417 | play i417 ev                a tactic card, with its target if it takes one
discard i417
give w233 wretch2
orders always | orders never ask        standing orders for reaction windows
react i417 | react none
draw own | draw isn                     energy phase with Barrage's computer core: which deck
"""

from __future__ import annotations

import re

from ..base import Invalid, Move
from . import moves as mv
from .geometry import COLUMNS, canon

SEATS = ("isn", "wretch", "wretch2")
HELP = (
    "Write one move, e.g. 'launch ev', 'place ev d12 d13 e12', 'activate ev', 'step ev d12 e11', "
    "'fire ev main vf', 'play i417 ev', 'discard i417', 'next', 'end', 'react none'."
)
_HEX = re.compile(r"^[a-z]\d{1,2}$")
_SIMPLE = {"reset": mv.RESET, "ready": mv.READY, "next": mv.NEXT, "end": mv.END, "pass": mv.END}


def bad(text: str, why: str = "") -> Invalid:
    return Invalid("bad_notation", f"Cannot read {text.strip()[:40]!r}{why}. {HELP}")


def _seat(word: str) -> int | None:
    if word in SEATS:
        return SEATS.index(word)
    m = re.fullmatch(r"seat(\d)", word)
    return int(m.group(1)) if m else None


def parse(text: str, state: object = None, seat: int | None = None) -> Move | Invalid:
    """A move from its notation (the position is not needed to read one)."""
    if not isinstance(text, str):
        return bad(str(text))
    words = text.lower().replace("→", " ").replace("->", " ").split()
    if not words:
        return bad(text, ": it is empty")
    verb, rest = words[0], words[1:]
    if verb in _SIMPLE and not rest:
        return _SIMPLE[verb]
    made = _parse(verb, rest)
    return made if made is not None else bad(text)


def _parse(verb: str, rest: list[str]) -> Move | None:
    n = len(rest)
    if verb == "fleet" and n == 2:
        return mv.fleet(rest[0], rest[1])
    if verb == "deck" and n == 1 and len(rest[0]) > 1 and rest[0][0] in "+-":
        return mv.deck(rest[0][1:], 1 if rest[0][0] == "+" else -1)
    if verb == "first" and n == 1 and _seat(rest[0]) is not None:
        return mv.first(_seat(rest[0]))  # type: ignore[arg-type]
    if verb in ("launch", "unload", "activate") and n == 1:
        return {"launch": mv.launch, "unload": mv.unload, "activate": mv.activate}[verb](rest[0])
    if verb == "place" and 2 <= n <= 4 and all(_HEX.match(w) for w in rest[1:]):
        known = all(w[0] in COLUMNS for w in rest[1:])
        return mv.place(rest[0], canon(rest[1:]) if known else tuple(rest[1:]))
    if verb == "load":
        args = [w for w in rest if w != "into"]
        if len(args) == 2:
            return mv.load(args[0], args[1])
    if verb == "step":
        args = [w for part in rest for w in part.split("-") if w]
        args = [w for w in args if w != "to"]
        if len(args) == 3:
            return mv.step(*args)
    if verb == "warp" and n == 2:
        return mv.warp(rest[0], rest[1])
    if verb == "fire":
        args = [w for w in rest if w not in ("at", "with")]
        if len(args) == 3:
            return mv.fire(args[0], args[1], args[2])
        if len(args) == 2:
            return mv.fire(args[0], "main", args[1])
    if verb == "play" and n in (1, 2):
        return mv.play(rest[0], rest[1] if n == 2 else "")
    if verb == "discard" and n == 1:
        return mv.discard(rest[0])
    if verb == "give":
        args = [w for w in rest if w != "to"]
        if len(args) == 2 and _seat(args[1]) is not None:
            return mv.give(args[0], _seat(args[1]))  # type: ignore[arg-type]
    if verb == "orders" and n in (1, 2) and rest[0] in mv.REACT_POLICIES and (n == 1 or rest[1] == "ask"):
        return mv.orders(rest[0], n == 2)
    if verb == "react" and n == 1:
        return mv.react(rest[0])
    if verb == "draw" and n == 1:
        return mv.draw(rest[0])
    return None


def seat_token(seat: int) -> str:
    return SEATS[seat] if 0 <= seat < len(SEATS) else f"seat{seat}"


def notation(m: Move) -> str:
    """The move's notation; the kit's engine writes a move that has none as its JSON."""
    k = m.kind
    if k in ("reset", "ready", "next", "end"):
        return k
    if k == "fleet":
        return f"fleet {m['ship']} {m['version']}"
    if k == "deck":
        return f"deck {'+' if m['n'] > 0 else '-'}{m['card']}"
    if k == "first":
        return f"first {seat_token(m['seat'])}"
    if k in ("launch", "unload", "activate"):
        return f"{k} {m['ship']}"
    if k == "place":
        return f"place {m['ship']} {' '.join(m['hexes'])}"
    if k == "load":
        return f"load {m['ship']} into {m['into']}"
    if k == "step":
        return f"step {m['ship']} {m['from']} {m['to']}"
    if k == "warp":
        return f"warp {m['ship']} {m['to']}"
    if k == "fire":
        return f"fire {m['ship']} {m['weapon']} {m['target']}"
    if k == "play":
        return f"play {m['card']} {m['target']}".strip()
    if k == "discard":
        return f"discard {m['card']}"
    if k == "give":
        return f"give {m['card']} to {seat_token(m['to'])}"
    if k == "orders":
        return f"orders {m['react']}" + (" ask" if m["ask"] else "")
    if k == "react":
        return f"react {m['card']}"
    if k == "draw":
        return f"draw {m['deck']}"
    raise ValueError(k)

"""The text notation (email replies, the move box). Case-insensitive, whitespace-tolerant.

buy x_wing                  flights R2 3            option R2 proton_torpedoes
transport R3                drop R2                 seal
place R2a 0312              initiative first|second
move R2a F|L|R|L2|R2|L3|R3|IMM                      (ships: F, L, R turn in place)
lock R2a   run R2a   double R2a   end R2a           stop R2a NE|E|SE|SW|W|NW
fire R2a quad_lasers I3b rapid|linked|fire          fire R2a hold main   (a weapon group)
pick laser_turret_1         repair engine|disabled|<weapon>
orders initiative|ion_weapon|repair|ask <value>     e.g. "orders ask on"

Unit and entry names are R/I, a number and a flight letter (R2a); hexes are CCRR.
"""

from __future__ import annotations

import re
from typing import Any

from ..base import Invalid, Move
from . import moves as mv
from .data import DATA
from .geometry import FACINGS

HELP = (
    "Write one move, e.g. 'buy x_wing', 'option R1 proton_torpedoes', 'seal', 'place R1a 0312', "
    "'move R1a L', 'end R1a', 'fire R1a quad_lasers I2a rapid', 'fire R1a hold main', 'orders ask on'."
)
_ID = re.compile(r"^([ri])(\d{1,3})([a-c]?)$")


def bad(text: str, why: str = "") -> Invalid:
    return Invalid("bad_notation", f"Cannot read {text.strip()[:40]!r}{why}. {HELP}")


def unit_id(token: str) -> str | None:
    m = _ID.match(token.lower())
    return None if m is None else f"{m.group(1).upper()}{int(m.group(2))}{m.group(3)}"


def _key(token: str, names: dict[str, Any]) -> str | None:
    token = token.lower().replace("-", "_")
    return token if token in names else None


def parse(text: str, state: object = None, seat: int | None = None) -> Move | Invalid:
    """A move from its notation (the position is not needed to read one)."""
    if not isinstance(text, str):
        return bad(str(text))
    words = text.strip().split()
    if not words:
        return bad(text, ": it is empty")
    verb, rest = words[0].lower(), words[1:]
    got = _parse(verb, rest)
    return got if got is not None else bad(text)


def _parse(verb: str, rest: list[str]) -> Move | None:
    n = len(rest)
    ids = [unit_id(w) for w in rest]
    if verb == "seal" and n == 0:
        return mv.SEAL
    if verb == "buy" and n == 1 and _key(rest[0], DATA.units):
        return mv.buy(_key(rest[0], DATA.units))  # type: ignore[arg-type]
    if verb in ("transport", "drop") and n == 1 and ids[0]:
        return mv.transport(ids[0]) if verb == "transport" else mv.drop(ids[0])
    if verb == "flights" and n == 2 and ids[0] and rest[1].isdigit():
        return mv.flights(ids[0], int(rest[1]))
    if verb == "option" and n == 2 and ids[0] and _key(rest[1], DATA.options):
        return mv.option(ids[0], _key(rest[1], DATA.options))  # type: ignore[arg-type]
    if verb == "place" and n == 2 and ids[0] and re.fullmatch(r"\d{4}", rest[1]):
        return mv.place(ids[0], rest[1])
    if verb == "initiative" and n == 1 and rest[0].lower() in mv.INITIATIVE_CHOICES:
        return mv.initiative(rest[0].lower())
    if verb == "move" and n == 2 and ids[0] and rest[1].upper() in mv.FIGHTER_STEPS:
        return mv.step(ids[0], rest[1].upper())
    if verb in ("lock", "run", "double", "end") and n == 1 and ids[0]:
        return mv.unit_move(verb, ids[0])
    if verb == "stop" and n == 2 and ids[0] and rest[1].upper() in FACINGS:
        return mv.stop(ids[0], rest[1].upper())
    if verb == "fire" and n == 3 and ids[0] and rest[1].lower() == "hold" and rest[2].lower() in mv.GROUPS:
        return mv.hold(ids[0], rest[2].lower())
    if verb == "fire" and n == 4 and ids[0] and ids[2]:
        weapon, mode = _key(rest[1], DATA.weapons), rest[3].lower()
        if weapon and mode in mv.MODES:
            return mv.fire(ids[0], weapon, ids[2], mode)
    if verb == "pick" and n == 1 and _key(rest[0], DATA.weapons):
        return mv.pick(_key(rest[0], DATA.weapons))  # type: ignore[arg-type]
    if verb == "repair" and n == 1:
        effect = rest[0].lower()
        if effect in ("engine", "disabled") or effect in DATA.weapons:
            return mv.repair(effect)
    if verb == "orders" and n == 2 and rest[0].lower() in mv.ORDER_SETTINGS:
        value = rest[1].lower()
        if value in mv.ORDER_SETTINGS[rest[0].lower()]:
            return mv.orders(rest[0].lower(), value)
    return None


def notation(m: Move) -> str:
    """The move's notation; the kit's engine writes a move that has none as its JSON."""
    k = m.kind
    if k == "seal":
        return k
    if k == "buy":
        return f"buy {m['unit']}"
    if k in ("transport", "drop"):
        return f"{k} {m['entry']}"
    if k == "flights":
        return f"flights {m['entry']} {m['n']}"
    if k == "option":
        return f"option {m['entry']} {m['option']}"
    if k == "place":
        return f"place {m['unit']} {m['hex']}"
    if k == "initiative":
        return f"initiative {m['choice']}"
    if k == "move":
        return f"move {m['unit']} {m['step']}"
    if k in ("lock", "run", "double", "end"):
        return f"{k} {m['unit']}"
    if k == "stop":
        return f"stop {m['unit']} {m['facing']}"
    if k == "fire" and m.get("hold") is not None:
        return f"fire {m['unit']} hold {m['hold']}"
    if k == "fire":
        return f"fire {m['unit']} {m['weapon']} {m['target']} {m['mode']}"
    if k == "pick":
        return f"pick {m['weapon']}"
    if k == "repair":
        return f"repair {m['effect']}"
    if k == "orders":
        return f"orders {m['setting']} {m['value']}"
    raise ValueError(k)

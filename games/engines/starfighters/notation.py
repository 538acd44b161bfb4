"""The text notation (email replies, the move box). Case-insensitive, whitespace-tolerant.

roll | fire | hold | pass
place <die> <space>                 place r2 phasers.attack      (dice y1 r1-r4 b1-b4)
pickup <die>                        pickup r2                    (also "pick up r2")
cockpit <die> <space>               cockpit y1 drives.move       (A-side ability, B1 bridge)
activate phasers <target> [<die colour>] with <command colour>
                                    activate phasers s2 with red
                                    activate phasers t2a red with yellow  (one red ATTACK die)
activate torpedoes <hex> with <colour>        activate torpedoes b2 with red
activate shields [<facing> [<facing>]] with <colour>
                                    activate shields forward left with blue
activate drives with <colour>       activate drives with yellow
activate drives <n> with <colour>   B2: roll n of the Drives dice (SF-51)
drive move | drive rotate-left | drive rotate-right | drive stop
drive move <hex> <heading>          through an anomaly: drive move e2 nw
lose <die>                          steer <hex>
reroll <die> ... | reroll none      B2: which misses to roll again (SF-51)
orders lose <colour> | orders ask on|off   (standing orders)
"""

from __future__ import annotations

from ..base import Invalid, Move
from . import moves as mv
from .data import SYSTEMS
from .state import State

HELP = (
    "Write one move, e.g. 'roll', 'place r2 phasers.attack', 'pickup r2', 'fire', 'hold', "
    "'activate phasers s2 with red', 'activate drives with blue', 'drive move', "
    "'drive rotate-left', 'drive stop', 'pass', 'lose b3', 'steer c4', 'reroll r1 r3', 'reroll none', "
    "'orders lose blue', 'orders ask on'."
)
ALIASES = {"left": "rotate-left", "right": "rotate-right", "rotate left": "rotate-left"}


def bad(text: str, why: str = "") -> Invalid:
    return Invalid("bad_notation", f"Cannot read {text.strip()[:60]!r}{why}. {HELP}")


def parse(text: str, state: State, seat: int) -> Move | Invalid:
    """Read one move; the notation needs neither the position nor the seat."""
    if not isinstance(text, str):
        return bad(str(text))
    words = text.lower().replace("pick up", "pickup").split()
    if not words:
        return bad(text, ": it is empty")
    verb, rest = words[0], words[1:]
    simple = {"roll": mv.ROLL, "fire": mv.FIRE, "hold": mv.HOLD, "pass": mv.PASS}
    if verb in simple and not rest:
        return simple[verb]
    if verb in ("place", "cockpit") and len(rest) == 2:
        return (mv.place if verb == "place" else mv.cockpit)(rest[0], rest[1])
    if verb in ("pickup", "lose") and len(rest) == 1:
        return (mv.pickup if verb == "pickup" else mv.lose)(rest[0])
    if verb == "steer" and len(rest) == 1:
        return mv.steer(rest[0])
    if verb in ("reroll", "re-roll") and rest:
        return mv.reroll() if rest == ["none"] else mv.reroll(*sorted(rest))
    if verb == "drive":
        return _drive(text, rest)
    if verb == "activate":
        return _activate(text, rest)
    if verb == "orders" and len(rest) == 2:
        if rest[0] == "lose" and rest[1] in mv.COLOURS:
            return mv.orders("lose", rest[1])
        if rest[0] == "ask" and rest[1] in ("on", "off"):
            return mv.orders("ask", rest[1] == "on")
        return bad(text, f": orders lose <{'|'.join(mv.COLOURS)}> or orders ask on|off")
    return bad(text)


def _drive(text: str, rest: list[str]) -> Move | Invalid:
    step = " ".join(rest)
    step = ALIASES.get(step, step)
    if step in mv.STEPS:
        return mv.drive(step)
    if len(rest) == 3 and rest[0] == "move":
        return mv.drive("move", rest[1], rest[2])
    return bad(text, ": drive move, rotate-left, rotate-right or stop")


def _activate(text: str, rest: list[str]) -> Move | Invalid:
    if len(rest) < 3 or rest[-2] != "with" or rest[0] not in SYSTEMS:
        return bad(text, ": activate <system> ... with <command die colour>")
    system, args, colour = rest[0], rest[1:-2], rest[-1]
    if system == "phasers" and len(args) in (1, 2):
        extra = {"die": args[1]} if len(args) == 2 else {}
        return mv.activate(system, colour, target=args[0], **extra)
    if system == "torpedoes" and len(args) == 1:
        return mv.activate(system, colour, hex=args[0])
    if system == "shields" and len(args) <= 2:
        return mv.activate(system, colour, facings=list(args))
    if system == "drives" and not args:
        return mv.activate(system, colour)
    if system == "drives" and len(args) == 1 and args[0].isdigit():
        return mv.activate(system, colour, dice=int(args[0]))
    return bad(text, f": see the {system} examples")


def notation(m: Move) -> str:
    """A move in the notation (the kit's engine writes one that has none as its JSON)."""
    k = m.kind
    if k in ("roll", "fire", "hold", "pass"):
        if m.args:
            raise ValueError(k)
        return k
    if k in ("place", "cockpit"):
        return f"{k} {m['die']} {m['space']}"
    if k in ("pickup", "lose"):
        return f"{k} {m['die']}"
    if k == "steer":
        return f"steer {m['hex']}"
    if k == "reroll":
        return "reroll " + (" ".join(m["dice"]) or "none")
    if k == "orders":
        if m.get("lose") is not None:
            return f"orders lose {m['lose']}"
        return "orders ask " + {True: "on", False: "off"}[m["ask"]]
    if k == "drive":
        if m.get("exit") is not None:
            return f"drive move {m['exit']} {m['heading']}"
        return f"drive {m['step']}"
    if k == "activate":
        system = m["system"]
        args = {
            "phasers": [m.get("target"), m.get("die")],
            "torpedoes": [m.get("hex")],
            "shields": list(m.get("facings") or ()),
            "drives": [None if m.get("dice") is None else str(m["dice"])],
        }[system]
        words = ["activate", system, *(a for a in args if a is not None), "with", m["command"]]
        return " ".join(words)
    raise ValueError(k)

"""One line of human text per log entry, from what the viewer may see of it.

``item.move`` is None when the move is sealed from the viewer and ``item.events`` holds
only the events the viewer may see, so nothing here can leak a secret.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..base import LogItem
from ..kit.describe import who_by
from .data import DATA

D = Mapping[str, Any]


_who = who_by(lambda seat: f"Player {seat + 1}")


def _whose(seat: int, viewer: int | None) -> str:
    return "your" if seat == viewer else f"Player {seat + 1}'s"


def _faces(pairs: list[list[str]]) -> str:
    return " ".join(f"{d}{DATA.symbols[f]}" for d, f in pairs) or "no dice"


def describe(item: LogItem, viewer: int | None) -> str:
    parts = [t for t in (_event(e.kind, e.data, viewer) for e in item.events) if t]
    if not parts:
        who = _who(item.seat, viewer)
        if item.move is None and item.seat is not None:
            parts = [f"{who} made a sealed move"]
        else:
            parts = [f"{who} made a move"]
    return "; ".join(parts)


def _event(kind: str, d: D, viewer: int | None) -> str | None:
    fn = EVENT_TEXT.get(kind)
    return None if fn is None else fn(d, viewer)


def _started(d: D, v: int | None) -> str:
    ships = ", ".join(f"{_who(i, v)} {side}" for i, side in enumerate(d["sides"]))
    return f"Setup: {len(d['sides'])} players ({d['mode']}): {ships}"


def _button(d: D, v: int | None) -> str:
    if d["seat"] is None:
        return "nobody hit the button"
    tie = (
        " (tie on fewer placements" + (", then a coin" if d["coin"] else "") + ")"
        if len(d["tied"]) > 1
        else ""
    )
    return f"{_who(d['seat'], v)} hit the button at roll {d['step']}{tie}"


def _revealed(d: D, v: int | None) -> str:
    frozen = f", frozen after roll {d['frozen_at']}" if d["frozen_at"] is not None else ""
    reserve = f", reserve {_faces(d['reserve'])}" if d["reserve"] else ""
    placed = " ".join(f"{die}{DATA.symbols[f]}@{g}" for die, g, f in d["board"]) or "nothing"
    return f"{_whose(d['seat'], v)} board: {placed}{frozen}{reserve}"


def _attack(d: D, v: int | None) -> str:
    again = f", re-rolled {_faces(d['rerolled'])}" if d["rerolled"] else ""
    return f"{_who(d['seat'], v)} fired phasers at {_who(d['target'], v)}: {_faces(d['dice'])}{again}: {d['damage']} damage"


def _shot(d: D, v: int | None) -> str:
    result = "destroyed" if d["destroyed"] else "missed"
    again = f", re-rolled {_faces(d['rerolled'])}" if d["rerolled"] else ""
    return (
        f"{_who(d['seat'], v)} fired phasers at torpedo {d['torpedo']}: {_faces(d['dice'])}{again}: {result}"
    )


def _moved(d: D, v: int | None) -> str:
    how = f" jumping over {d['jumped']}" if d["jumped"] else ""
    how += f" through the {d['anomaly']} anomaly" if d["anomaly"] else ""
    return f"{_who(d['seat'], v)} moved {d['from']} → {d['to']}{how}, heading {d['heading']}"


def _damage(d: D, v: int | None) -> str:
    split = f"{d['shields_lost']} shield, {d['hull_lost']} hull"
    return f"{_who(d['seat'], v)} took {d['points']} damage on the {d['facing']} shield ({split}; {d['hull']} hull left)"


def _repaired(d: D, v: int | None) -> str:
    where = ", ".join(d["facings"]) or "no empty shield"
    reactor = f"; a reactor removed, {d['reactors']} left" if d["reactor_removed"] else ""
    return f"{_who(d['seat'], v)} repaired shields ({where}){reactor}"


def _decision(d: D, v: int | None) -> str:
    if d["kind"] == "reroll":
        at = (
            f"torpedo {d['target']}" if not d["target"].startswith("s") else _who(int(d["target"][1:]) - 1, v)
        )
        return (
            f"{_who(d['seat'], v)} fired phasers at {at}: {_faces(d['dice'])}; waiting for "
            f"{_who(d['seat'], v)} to choose which misses to re-roll ({', '.join(d['options'])})"
        )
    what = "which die to lose" if d["kind"] == "lose" else f"where torpedo {d.get('torpedo')} goes"
    return f"waiting for {_who(d['seat'], v)} to choose {what} ({', '.join(d['options'])})"


LEGEND = ", ".join(f"{mark} {face}" for face, mark in DATA.symbols.items())
"""The dice faces' symbols as the log writes them: "▲ security, ◆ engineering, ..."."""


def _passed(d: D, v: int | None) -> str:
    """A pass; one the rules made (SF-30) says why, save in entries stored before it did."""
    who = f"{_who(d['seat'], v)} passed"
    if not d["auto"]:
        return who
    if "why" not in d:
        return f"{who} (nothing to activate)"
    return f"{who}: nothing to activate ({'; '.join(text for _, _, text in d['why'])})"


def _first(d: D, v: int | None) -> str:
    who = [_who(s, v) for s in d["first"]]
    verb = "activates" if len(who) == 1 and who != ["You"] else "activate"
    return f"{' and '.join(who)} {verb} first"


def _over(d: D, v: int | None) -> str:
    winners = " and ".join(_who(s, v) for s in d["winners"])
    verb = "win" if v in d["winners"] or len(d["winners"]) > 1 else "wins"
    return f"game over: {winners} {verb} ({d['reason'].replace('_', ' ')})"


EVENT_TEXT: dict[str, Callable[[D, int | None], str | None]] = {
    "match_started": _started,
    "round_started": lambda d, v: f"round {d['round']}: roll the dice ({LEGEND})",
    "rolled": lambda d, v: (
        f"{_who(d['seat'], v)} rolled (roll {d['step']}, {d['roll']}): {_faces(d['faces'])}"
    ),
    "placed": lambda d, v: f"{_who(d['seat'], v)} placed {d['die']}{DATA.symbols[d['face']]} on {d['space']}",
    "picked_up": lambda d, v: f"{_who(d['seat'], v)} picked up {d['die']}",
    "bridge": lambda d, v: f"{_who(d['seat'], v)} moved {d['die']} from the bridge to {d['space']}",
    "fired": lambda d, v: f"{_who(d['seat'], v)} declared Fire! after roll {d['step']}",
    "held": lambda d, v: f"{_who(d['seat'], v)} held after roll {d['step']}",
    "stopped": lambda d, v: f"{_who(d['seat'], v)} stopped rolling: the button had been hit",
    "roll_finished": lambda d, v: f"{_who(d['seat'], v)} finished rolling",
    "button": _button,
    "board_revealed": _revealed,
    "cloak_engaged": lambda d, v: f"{_whose(d['seat'], v)} cloaking device is active",
    "cloak_broken": lambda d, v: f"{_whose(d['seat'], v)} cloaking device is off ({d['why']})",
    "activations_begin": _first,
    "passed": _passed,
    "cockpit_moved": lambda d, v: f"{_who(d['seat'], v)} moved {d['die']} from the Cockpit to {d['space']}",
    "activated": lambda d, v: f"{_who(d['seat'], v)} activated {d['system']} with {d['command']}",
    "attack_rolled": _attack,
    "torpedo_shot": _shot,
    "torpedo_launched": lambda d, v: f"{_who(d['seat'], v)} launched torpedo {d['torpedo']} on {d['hex']}",
    "shields_repaired": _repaired,
    "drives_rolled": lambda d, v: (
        f"{_who(d['seat'], v)} rolled the drives: {_faces(d['dice'])}: {d['steps']} moves"
    ),
    "ship_moved": _moved,
    "ship_rotated": lambda d, v: f"{_who(d['seat'], v)} turned {d['turn']}, heading {d['heading']}",
    "drive_ended": lambda d, v: f"{_whose(d['seat'], v)} drives are done",
    "damage": _damage,
    "cloak_test": lambda d, v: (
        f"cloak test for {d['torpedo']}: {DATA.symbols[d['face']]} ({'hit' if d['hit'] else 'no damage'})"
    ),
    "die_lost": lambda d, v: f"{_who(d['seat'], v)} lost die {d['die']} ({d['colour']})",
    "decision": _decision,
    "ship_destroyed": lambda d, v: f"{_whose(d['seat'], v)} ship is destroyed",
    "torpedo_removed": lambda d, v: f"torpedo {d['torpedo']} is removed",
    "torpedo_detonated": lambda d, v: f"torpedo {d['torpedo']} detonates on {_whose(d['seat'], v)} ship",
    "torpedo_moved": lambda d, v: f"torpedo {d['torpedo']} moved {d['from']} → {d['to']}",
    "torpedoes_flipped": lambda d, v: f"torpedoes {', '.join(d['torpedoes'])} turn face up",
    "orders_updated": lambda d, v: f"{_who(d['seat'], v)} updated standing orders",
    "game_over": _over,
}

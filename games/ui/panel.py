"""The move panel: the legal moves the engine listed for the viewer, arranged by the game's
hints into things to click.

Kinds whose fields are picked on the board (or in several steps) go to the page script as
*pick steps*: for each listed move, the element clicked at each step (``{"on": "square",
"value": "b2"}``), in the order the hints give; the script narrows the list click by click
and submits the one move left, as the JSON the engine listed. Kinds of one click are plain
buttons, standing orders a form of their own, and a kind with a builder its own template.
Nothing here decides what is legal: every control stands for moves of the list.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from games.catalog import GameEntry, entry

from .common.hints import CHOICE, Hints, Kind, Routes, words

ROUTE = "route"
"""The panel's name for a route: not a move kind of any engine, a list of listed moves."""

LAST_MOVE_LOOKBACK = 5
"""Log entries searched, newest first, for the last move to mark on the board."""


def tojson(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


def steps_of(kind: Kind, move: Mapping[str, Any], view: Mapping[str, Any]) -> list[dict[str, Any]]:
    """What the player clicks, in order, to make ``move``: the kind's picks, then any field
    the hints leave out, as a choice (so that every listed move can be told apart)."""
    out = []
    for pick in kind.picks:
        if pick.field not in move:
            words_absent = pick.absent(move, view) if pick.absent else None
            if words_absent:  # a choice beside the moves that name the field
                out.append({"on": CHOICE, "field": pick.field, "value": None, "label": words_absent})
            continue
        value = move[pick.field]
        label = pick.label_of(move, view) if pick.label_of else pick.label(value, view)
        step: dict[str, Any] = {"on": pick.on, "field": pick.field, "label": label}
        then = None
        if pick.at is not None:
            where = pick.at(move, view)
            if where is None:
                step["on"] = CHOICE
            else:  # the board value, then the field's own as a choice (taken when alone)
                then = {"on": CHOICE, "field": pick.field, "value": value, "label": label}
                value = where
        if step["on"] != CHOICE and isinstance(value, list):
            step["values"] = value  # a footprint: picked hex by hex
        else:
            step["value"] = value
        if pick.prompt:
            step["prompt"] = pick.prompt
        if pick.preselect:
            step["preselect"] = True
        out.append(step)
        if then is not None:
            out.append(then)
    named = {p.field for p in kind.picks}
    rest = sorted(k for k in move if k != "kind" and k not in named)
    for name in rest:
        value = move[name]
        label = words(value) if len(rest) == 1 and not out else f"{words(name)}: {words(value)}"
        out.append({"on": CHOICE, "field": name, "value": value, "label": label})
    return out


def _button_text(kind: Kind, steps: list[dict[str, Any]], text: str, single: bool) -> str:
    if single and kind.label:
        return kind.label
    return steps[0]["label"] if steps else (kind.label or text)


def _pick_label(kind: Kind, steps: list[dict[str, Any]], text: str) -> str:
    """The button that plays a move once its picks are made: the kind's words when the
    board said everything ("Attack"), else the move's notation."""
    if kind.label:
        return kind.label
    return kind.title if steps and all(s["on"] != CHOICE for s in steps) and kind.title else text


def _flat(move: Mapping[str, Any]) -> bool:
    return all(not isinstance(v, dict | list) for k, v in move.items() if k != "kind")


def _product(moves: list[dict[str, Any]]) -> bool:
    """Every move has the same fields and every combination of their values is listed."""
    names = {k for k in moves[0] if k != "kind"}
    if not names or any({k for k in m if k != "kind"} != names for m in moves) or not all(map(_flat, moves)):
        return False
    size = 1
    for name in names:
        size *= len({tojson(m[name]) for m in moves})
    return size == len({tojson(m) for m in moves})


def _standing(
    hints: Hints, name: str, items: list[tuple[dict, str]], view: Mapping[str, Any]
) -> dict[str, Any]:
    """Standing orders: one form with a field per setting when every combination is listed,
    else one button per listed change."""
    kind = hints.kind(name)
    moves = [m for m, _ in items]
    current = (view.get("you") or {}).get(name)
    current = current if isinstance(current, Mapping) else None
    group: dict[str, Any] = {"kind": name, "title": kind.title, "fields": [], "items": []}
    names = [k for k in moves[0] if k != "kind"]
    if current and all(k in current for k in names):  # the orders as they are, never listed as a change
        moves = [*moves, {"kind": name, **{k: current[k] for k in names}}]
    if len(moves) > 1 and _product(moves):
        for field in sorted(names):
            values = {tojson(m[field]): m[field] for m in moves}
            if current and field in current:
                values.setdefault(tojson(current[field]), current[field])
            ordered = sorted(values.values(), key=lambda v: (str(type(v)), v))
            chosen = current.get(field, ordered[0]) if current else ordered[0]
            group["fields"].append(
                {
                    "name": field,
                    "label": hints.field_labels.get(field, words(field).capitalize()),
                    "boolean": set(ordered) <= {True, False},
                    "checked": chosen is True,
                    "choices": [
                        (tojson(v), hints.value_labels.get((field, v), words(v)), v == chosen)
                        for v in ordered
                    ],
                }
            )
    else:
        group["items"] = [{"json": tojson(m), "text": text} for m, text in items]
    return group


def move_panel(game: str, legal: Mapping[str, Any], view: Mapping[str, Any] | None) -> dict[str, Any]:
    """The viewer's legal moves as panel parts (see the module's docstring)."""
    view = view or {}
    found = entry(game)
    hints = found.hints if found else Hints()
    by_kind: dict[str, list[tuple[dict[str, Any], str]]] = {}
    for move, text in zip(legal.get("moves", []), legal.get("notation", []), strict=False):
        by_kind.setdefault(move["kind"], []).append((move, text))
    buttons, standing, builders, listed = [], [], [], []
    picks: list[dict[str, Any]] = []
    routes = legal.get("routes") or [] if hints.routes is not None else []
    movers = legal.get("route_pieces") or [] if hints.routes is not None else []
    if routes and hints.routes is not None:
        picks += route_picks(hints, hints.routes, routes, view)
    for name in sorted(by_kind, key=hints.rank):
        kind, items = hints.kind(name), by_kind[name]
        if (routes or movers) and hints.routes is not None and name in hints.routes.replaces:
            kind = stepwise(kind)
        if kind.builder is not None and found is not None:
            context = kind.builder.context([m for m, _ in items], view)
            builders.append(
                {"kind": name, "template": found.template(kind.builder.template), "builder": context}
            )
            continue
        if kind.standing:
            standing.append(_standing(hints, name, items, view))
            continue
        stepped = [(m, text, steps_of(kind, m, view)) for m, text in items]
        if all(len(s) <= 1 and all(st["on"] == CHOICE for st in s) for _, _, s in stepped):
            single = len(items) == 1
            buttons.append(
                {
                    "kind": name,
                    "title": kind.title,
                    "note": kind.note(view) if kind.note else "",
                    "warning": kind.warning(view) if kind.warning else "",
                    "quiet": kind.quiet,
                    "items": [
                        {"json": tojson(m), "text": _button_text(kind, s, text, single), "notation": text}
                        for m, text, s in stepped
                    ],
                }
            )
            continue
        picks += [
            {"kind": name, "move": m, "text": text, "label": _pick_label(kind, s, text), "steps": s}
            for m, text, s in stepped
        ]
        listed.append({"title": kind.title, "items": [{"json": tojson(m), "text": t} for m, t, _ in stepped]})
    named = ([ROUTE] if movers else []) + [p["kind"] for p in picks]
    chosen: dict[str, Any] = {"moves": picks, "kinds": _kinds_json(hints, set(named))}
    if movers and hints.routes is not None:  # asked for by the page when one of them is clicked
        piece = hints.routes.piece
        chosen["routes"] = {"on": piece.on, "field": piece.field, "pieces": movers, "seq": legal.get("seq")}
    return {
        "buttons": buttons,
        "standing": standing,
        "builders": builders,
        "picks": chosen,
        "listed": listed,
        "listed_count": sum(len(g["items"]) for g in listed),
        "hint": _first_hint(hints, named),
        "notes": kind_notes(hints, named, view),
        # standing orders are not moves of the game: a player with only those waits
        "any": bool(buttons or builders or picks),
    }


def stepwise(kind: Kind) -> Kind:
    """A kind whose moves routes also make: its first pick stays on the board (the piece),
    the rest become choices, so the board's hexes are the routes' destinations."""
    rest = tuple(replace(p, on=CHOICE, at=None) for p in kind.picks[1:])
    return replace(kind, picks=(*kind.picks[:1], *rest), hint="")


def route_picks(
    hints: Hints, how: Routes, routes: list[Mapping[str, Any]], view: Mapping[str, Any]
) -> list[dict[str, Any]]:
    """The routes the engine found as pick steps: the piece, its destination, its facing."""
    out = []
    for r in routes:
        piece = {
            "on": how.piece.on,
            "field": how.piece.field,
            "value": r["piece"],
            "label": how.piece.label(r["piece"], view),
        }
        if how.piece.prompt:
            piece["prompt"] = how.piece.prompt
        if how.piece.preselect:
            piece["preselect"] = True
        hexes = list(r["hexes"])
        where = " ".join(hexes)
        to: dict[str, Any] = {"on": how.on, "field": "to", "label": f"to {where}"}
        if how.footprint:
            to["values"] = hexes
        else:
            to["value"] = hexes[0]
        if how.prompt:
            to["prompt"] = how.prompt
        steps = [piece, to]
        facing = r.get("facing") or ""
        if facing:
            turn = {"on": CHOICE, "field": "facing", "value": facing, "label": f"End facing {facing}"}
            if how.angle is not None:
                turn["angle"] = how.angle(facing, view)
            steps.append(turn)
        n = len(r["moves"])
        label = f"{piece['label']} to {where}" + (f", facing {facing}" if facing else "")
        out.append(
            {
                "kind": ROUTE,
                "move": list(r["moves"]),
                "text": "; ".join(r["notation"]),
                "label": f"{label} ({n} move{'s' if n != 1 else ''})",
                "steps": steps,
            }
        )
    return out


def piece_route_picks(
    game: str, routes: list[Mapping[str, Any]], view: Mapping[str, Any]
) -> list[dict[str, Any]]:
    """One piece's routes (``selectors.piece_routes_view``) as the picker's moves, the same
    steps the page would have listed for them."""
    found = entry(game)
    if found is None or found.hints.routes is None:
        return []
    return route_picks(found.hints, found.hints.routes, list(routes), view)


def _kinds_json(hints: Hints, names: set[str]) -> dict[str, dict[str, Any]]:
    return {
        n: {"title": hints.kind(n).title, "hint": hints.kind(n).hint, "attack": hints.kind(n).attack}
        for n in sorted(names, key=hints.rank)
    }


def kind_notes(hints: Hints, names: list[str], view: Mapping[str, Any]) -> list[str]:
    """The kinds' notes for the viewer (what the picks' kinds have to say from the view)."""
    return [note for n in dict.fromkeys(names) if (note := _note(hints.kind(n), view))]


def _note(kind: Kind, view: Mapping[str, Any]) -> str:
    return kind.note(view) if kind.note else ""


def _first_hint(hints: Hints, names: list[str]) -> str:
    """What to do first, for the picks' kinds (the script keeps it current as you click)."""
    seen = list(dict.fromkeys(names))
    texts = [hints.kind(n).hint for n in seen if hints.kind(n).hint]
    if texts:
        return " ".join(dict.fromkeys(texts))
    return "Click a highlighted piece on the board, or choose below." if seen else ""


def last_move_marks(found: GameEntry | None, log: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The board elements of the newest visible move among the last few log entries."""
    if found is None:
        return []
    for item in reversed(log[-LAST_MOVE_LOOKBACK:]):
        move = item.get("move")
        if not isinstance(move, Mapping) or not isinstance(move.get("kind"), str):
            continue
        marks = [
            {k: v for k, v in s.items() if k in ("on", "value", "values")}
            for s in steps_of(found.hints.kind(move["kind"]), move, {})
            if s["on"] != CHOICE
        ]
        if marks:
            return marks
    return []

"""How the Star Fighters scripts of tests/api/test_full_game.py play to win, reading only what
their seat may see: allocate dice to Phasers and the Cockpit, fly towards the nearest enemy,
fire when a shot is possible and shoot at ships, so that every match ends by the rules ("the
game ends immediately when one ship loses its 5th hull marker"), never by the house round
limit."""

from __future__ import annotations

from games.engines.starfighters.geometry import dist, neighbour

HEADINGS = ["ne", "e", "se", "sw", "w", "nw"]
COLOURS = {"r": "red", "b": "blue", "y": "yellow"}


def _gap(view: dict, seat: int, at: str | None = None) -> int:
    """Hexes from ``at`` (default: the seat's ship) to the nearest enemy ship."""
    me = view["ships"][seat]
    at = at or me["hex"]
    foes = [s["hex"] for s in view["ships"] if s["team"] != me["team"] and s["hex"]]
    return min((dist(at, f) for f in foes), default=0) if at else 0


def _dice(board: list, group: str) -> list:
    return [d for g in board if g["group"] == group for d in g["dice"]]


def _roll_weight(move: dict, roll: dict, gap: int) -> float:
    board = roll["board"]
    reach = 1 + len(_dice(board, "phasers.target"))
    cockpit = {d["colour"] for d in _dice(board, "cockpit")}
    far = gap > reach
    kind = move["kind"]
    if kind == "place":
        space, colour = move["space"], COLOURS[move["die"][0]]
        if space == "cockpit":
            if not cockpit & {"red", "yellow"} and colour != "blue":
                return 20
            return 15 if far and not cockpit & {"blue", "yellow"} and colour != "red" else 0.5
        wanted = {
            "phasers.attack": 12 if colour != "yellow" else 2,
            "phasers.overcharge": 6,
            "phasers.target": 8 if far else 0.5,
            "drives.move": 10 if far else 0.5,
            "drives.thrust": 10 if far else 0.5,
        }
        return wanted.get(space, 1)
    if kind == "fire":
        shoot = _dice(board, "phasers.attack") and cockpit & {"red", "yellow"} and not far
        fly = far and cockpit & {"blue", "yellow"}
        return 60 if shoot or fly or roll["step"] >= 12 else 0.1
    if kind == "hold":
        return 50 if roll["step"] >= roll["cap"] else 0.05
    return {"roll": 4, "pickup": 0.05}.get(kind, 1)


def _drive_weight(move: dict, view: dict, seat: int, gap: int) -> float:
    """Fly towards the nearest enemy; stop next to it."""
    me = view["ships"][seat]
    if move["step"] == "stop":
        return 50 if gap <= 1 else 0.1
    heading = HEADINGS.index(me["heading"])
    if move["step"] != "move":
        heading = (heading + (-1 if move["step"] == "rotate-left" else 1)) % 6
    ahead = neighbour(me["hex"], heading)
    closer = ahead is not None and _gap(view, seat, ahead) < gap
    return (100 if move["step"] == "move" else 60) if closer else 1


def weight(move: dict, view: dict, seat: int) -> float:
    kind = move["kind"]
    gap = _gap(view, seat)
    roll = (view.get("you") or {}).get("roll")
    if kind == "orders":
        return 0.05
    if roll is not None:
        return _roll_weight(move, roll, gap)
    if kind == "activate":
        if move["system"] == "phasers":
            return 100 if move["target"].startswith("s") else 10
        if move["system"] == "drives":
            return 40 if gap > 1 else 3
        return {"torpedoes": 30, "shields": 8}[move["system"]]
    if kind == "drive":
        return _drive_weight(move, view, seat, gap)
    return {"pass": 0.5, "cockpit": 1}.get(kind, 1)

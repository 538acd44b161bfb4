"""A ship board: which die may go on which space (SF-12) and what a system needs (SF-13).

Functions take the side, the number of reactor markers left and the dice on the board, so
the same code serves the public board and a sealed Roll-phase board.
"""

from __future__ import annotations

from ..base import Invalid
from .data import COCKPIT, COMMAND, DATA, SYSTEMS, Group, Side
from .state import Placed

ICON_TEXT = {
    "security": "Security ▲",
    "engineering": "Engineering ◆",
    "command": "Command ■",
    "blank": "blank",
}
SPACE_TEXT = {"red": "red Security", "blue": "blue Engineering", "command": "Command (Cockpit)"}


def capacity(group: Group, reactors: int) -> int:
    """Spaces of ``group`` a die may use: reactor markers cover some Shields spaces ([SEED])."""
    return group.count - (reactors if group.reactors else 0)


def dice_in(board: tuple[Placed, ...], group: str) -> list[Placed]:
    return [p for p in board if p[1] == group]


def placed(board: tuple[Placed, ...], die: str) -> Placed | None:
    return next((p for p in board if p[0] == die), None)


def put(board: tuple[Placed, ...], die: str, group: str, face: str) -> tuple[Placed, ...]:
    return tuple(sorted((*(p for p in board if p[0] != die), (die, group, face))))


def take(board: tuple[Placed, ...], dice: set[str] | frozenset[str]) -> tuple[Placed, ...]:
    return tuple(p for p in board if p[0] not in dice)


def accepts(group: Group, die: str, face: str) -> bool:
    return DATA.accepts(group.colour, face, DATA.colour_of(die))


def placement_problem(
    side: Side, reactors: int, board: tuple[Placed, ...], die: str, face: str, group_name: str, rule: str
) -> Invalid | None:
    """Why ``die`` showing ``face`` may not go on ``group_name`` (SF-12), or None."""
    group = side.group(group_name)
    if group is None:
        names = ", ".join(g.name for g in side.groups)
        return Invalid("no_such_space", f"{side.title} has no space {group_name!r}; its spaces are {names}.")
    colour = DATA.colour_of(die)
    if not accepts(group, die, face):
        what = f"a {colour} die showing {ICON_TEXT[face]}"
        if face == "blank":
            why = "a blank face goes on no space"
        elif face == COMMAND:
            why = f"{colour} Command icons go in the Cockpit or on {'any' if colour == 'yellow' else colour} spaces"
        else:
            why = f"{ICON_TEXT[face]} icons go on {'red Security' if face == 'security' else 'blue Engineering'} spaces"
        return Invalid(
            "icon_not_allowed",
            f"{die} is {what}; {group.name} is a {SPACE_TEXT[group.colour]} space and {why} ({rule}, SF-12).",
        )
    room = capacity(group, reactors)
    if len(dice_in(board, group.name)) >= room:
        covered = f" ({group.count - room} covered by reactor markers)" if room < group.count else ""
        return Invalid(
            "space_full", f"All {room} usable {group.name} spaces{covered} already hold a die ({rule})."
        )
    return None


def ready(side: Side, reactors: int, board: tuple[Placed, ...], system: str) -> bool:
    """SF-13 (b): does ``system`` hold its minimum of dice?"""
    rule = DATA.systems[system]
    groups = [g for g in side.system_groups(system) if g.label in rule.labels]
    if not groups:
        return False
    if rule.full:
        return all(len(dice_in(board, g.name)) >= capacity(g, reactors) for g in groups)
    return sum(len(dice_in(board, g.name)) for g in groups) >= rule.at_least


def command_colours(board: tuple[Placed, ...], system: str) -> list[str]:
    """Colours of Command dice in the Cockpit that may activate ``system`` ([SEED])."""
    allowed = DATA.systems[system].command
    have = {DATA.colour_of(d) for d, g, _ in board if g == COCKPIT}
    return [c for c in allowed if c in have]


def command_die(board: tuple[Placed, ...], colour: str) -> str:
    """The Cockpit die of ``colour`` that an activation uses (the lowest id: they are alike)."""
    return min(d for d, g, _ in board if g == COCKPIT and DATA.colour_of(d) == colour)


def powered(side: Side, reactors: int, board: tuple[Placed, ...]) -> list[str]:
    """Systems that have a usable Command die and their minimum (SF-13 (a) and (b))."""
    return [s for s in SYSTEMS if command_colours(board, s) and ready(side, reactors, board, s)]


def cockpit_moves(side: Side, reactors: int, board: tuple[Placed, ...]) -> list[tuple[str, str]]:
    """(die, group) moves of one Command die from the Cockpit to a system ([SEED] ability)."""
    out = []
    for die in sorted({d for d, g, _ in board if g == COCKPIT}):
        for g in side.groups:
            if (
                g.name != COCKPIT
                and placement_problem(side, reactors, board, die, COMMAND, g.name, "") is None
            ):
                out.append((die, g.name))
    return out


def fire_ready(side: Side, reactors: int, board: tuple[Placed, ...]) -> bool:
    """SF-13: Fire is legal when some system could be activated, the A-side ability counted."""
    if powered(side, reactors, board):
        return True
    if side.cockpit_ability != "activation":
        return False
    return any(
        powered(side, reactors, put(board, die, group, COMMAND))
        for die, group in cockpit_moves(side, reactors, board)
    )


def cloaked(side: Side, board: tuple[Placed, ...]) -> bool:
    """SF-52: the Cloaking Device is active while both of its spaces hold a die."""
    group = side.group("cloak")
    return side.cloak and group is not None and len(dice_in(board, group.name)) >= group.count

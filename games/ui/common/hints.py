"""The words of a UI package's ``hints.py``: what the move panel needs to know of a game.

A game declares, per move kind, its title, and the order in which the player picks the
move's fields, each from a board element the renderer draws (``data-<on>`` attributes:
squares, hexes, units, ships, dice, spaces) or from buttons in the move tray. The panel
and the page script narrow the legal moves the engine listed by those picks, so the rules
are never copied here: a hint only says where to click, never what is allowed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

CHOICE = "choice"
"""A pick made with a button in the move tray, not on the board."""

Labels = Mapping[Any, str] | Callable[[Any, Mapping[str, Any]], str] | None
"""A choice's words: a mapping from value, or a function of (value, view)."""


@dataclass(frozen=True)
class Pick:
    """One field of a move, and where the player picks it.

    ``on`` names the board element (``"square"`` is ``data-square``) or :data:`CHOICE`. A
    field holding a list of hexes (a multi-hex ship's footprint) is picked hex by hex.
    """

    field: str
    on: str = CHOICE
    prompt: str = ""
    labels: Labels = None
    # a first choice: taken until the player picks another; a first board pick: taken for
    # the player when it is the only thing to click (the unit moving now)
    preselect: bool = False
    at: Callable[[Mapping[str, Any], Mapping[str, Any]], Any] | None = None
    """The board value clicked for the field, from (move, view), when it is not the field's
    own value (a step's destination hex); None makes the pick a choice for that move. The
    field's own value follows as a choice, taken for the player unless two moves share the
    board value (two turns to the same hex)."""
    label_of: Callable[[Mapping[str, Any], Mapping[str, Any]], str] | None = None
    """The pick's words from (move, view), when they depend on more than the field's value
    ("Remove" for an option the draft line has already)."""
    absent: Callable[[Mapping[str, Any], Mapping[str, Any]], str | None] | None = None
    """The words of a choice for a move that leaves the field out, from (move, view), when
    that is one of several ways to play it (all ATTACK dice, where the others name one die);
    None: no step for such a move."""

    def label(self, value: Any, view: Mapping[str, Any]) -> str:
        if callable(self.labels):
            return str(self.labels(value, view))
        if self.labels is not None and _hashable(value) and value in self.labels:
            return self.labels[value]
        return words(value)


@dataclass(frozen=True)
class Builder:
    """A kind built by a form of its own (e.g. a secret fleet from counts per ship type):
    ``template`` in the game's UI package, given ``builder`` = ``context(moves, view)``."""

    template: str
    context: Callable[[list[dict[str, Any]], Mapping[str, Any]], dict[str, Any]]


@dataclass(frozen=True)
class Kind:
    """How one move kind is offered."""

    title: str = ""
    picks: tuple[Pick, ...] = ()
    hint: str = ""  # what to do, shown while no pick is made yet
    label: str = ""  # the button of a kind with a single move ("End your turn")
    standing: bool = False  # standing orders: shown apart, never like a move
    builder: Builder | None = None
    attack: bool = False  # its board targets are enemies: drawn as attacks
    quiet: bool = False  # a button that should not look like the main action (ending a turn)
    note: Callable[[Mapping[str, Any]], str] | None = None  # a line from the view ("40 points left")
    warning: Callable[[Mapping[str, Any]], str] | None = None  # a danger from the view, shown as an alert

    @property
    def on_board(self) -> bool:
        return any(p.on != CHOICE for p in self.picks)


@dataclass(frozen=True)
class Routes:
    """Moving a piece by its destination, for an engine that finds routes (``base.Routes``):
    click the piece (``piece``, the same pick as the first of the kinds in ``replaces``),
    then a highlighted hex (or, with ``footprint``, the hexes a ship will cover), then, where
    the route's end facing differs, the facing (an arrow the page draws at ``angle``
    degrees, from (facing, view)). The kinds in ``replaces`` keep their moves, one step a
    move, as choices after the piece's click."""

    piece: Pick
    replaces: tuple[str, ...]
    on: str = "hex"
    footprint: bool = False
    angle: Callable[[str, Mapping[str, Any]], float] | None = None
    prompt: str = ""


@dataclass(frozen=True)
class Hints:
    """Everything the UI needs beyond the engine's legal moves and view."""

    kinds: Mapping[str, Kind] = field(default_factory=dict)  # in the order the panel shows them
    rules_prefix: str = ""  # the game's ID prefix in GAPS.md and docs/HOUSE-RULES.md
    seat_colours: tuple[str, ...] = ()  # per seat index, as the board draws the seats
    field_labels: Mapping[str, str] = field(default_factory=dict)  # standing-order fields
    value_labels: Mapping[tuple[str, Any], str] = field(default_factory=dict)
    routes: Routes | None = None  # pieces moved by destination (the kind "route" words them)

    def kind(self, name: str) -> Kind:
        return self.kinds.get(name) or Kind(title=words(name).capitalize())

    def rank(self, name: str) -> int:
        order = list(self.kinds)
        return order.index(name) if name in order else len(order)

    def seat_colour(self, seat: int) -> str:
        return self.seat_colours[seat % len(self.seat_colours)] if self.seat_colours else ""


def words(value: Any) -> str:
    """A value as a player reads it: ``laser_turret_1`` -> ``laser turret 1``."""
    if value is True:
        return "yes"
    if value is False:
        return "no"
    if isinstance(value, list | tuple):
        return " ".join(words(v) for v in value)
    return str(value).replace("_", " ")


def _hashable(value: Any) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True

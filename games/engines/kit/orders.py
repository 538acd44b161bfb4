"""Standing orders: a seat's instructions for decisions the rules would otherwise pause for.

Orders are a frozen dataclass per seat, changed at any time by a sealed ``orders`` move.
:class:`StandingOrders` gives a game the rest: the move's table entry, its constructor, the
"already your orders" refusal, the candidates to list, and the step that plays it.

The audience of the ``orders_updated`` event (docs/architecture.md, "Standing orders"):
its author only, like the move itself, unless the game says ``public=True``. The log
hides a sealed move's kind from the others ("a sealed move was made"); a public event
naming it says which sealed move it was. Space Dogfight, Star Fighters and the early days
made it public before the decision and keep it so: their players read "... updated
standing orders" in the log, and their stored entries say so.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from itertools import product
from typing import Any, Generic, TypeVar

from ..base import Event, Invalid, Move, Seat, Step
from .moves import Field, Kind

Ord = TypeVar("Ord")
S = TypeVar("S")

KIND = "orders"
UPDATED = "orders_updated"
UNCHANGED = Invalid("orders_unchanged", "Those are already your standing orders.")


@dataclass(frozen=True)
class StandingOrders(Generic[S, Ord]):
    """The standing orders of a game: ``cls`` per seat, read by ``get`` and stored by ``put``.

    ``fields`` validate the move's fields (named as the dataclass's); ``values`` lists, in
    the order the legal moves give them, the values each field may take.
    """

    cls: type[Ord]
    fields: Mapping[str, Field]
    values: Mapping[str, Sequence[Any]]
    get: Callable[[S, Seat], Ord]
    put: Callable[[S, Seat, Ord], S]
    public: bool = False  # the orders_updated event told to everyone (the move stays sealed)

    def __post_init__(self) -> None:
        names = [f.name for f in dataclasses.fields(self.cls)]  # type: ignore[arg-type]
        if list(self.fields) != names or list(self.values) != names:
            raise ValueError(f"standing orders must validate and list every field of {self.cls}: {names}")

    @property
    def kind(self) -> Kind:
        """The entry of the move table: any phase, sealed."""
        return Kind(self.fields, sealed=True)

    def move(self, orders: Ord) -> Move:
        return Move.of(KIND, **dataclasses.asdict(orders))  # type: ignore[call-overload]

    def of(self, m: Move) -> Ord:
        """The orders an ``orders`` move sets (the move is well formed)."""
        return self.cls(**dict(m.args))

    @cached_property
    def _every(self) -> tuple[tuple[Ord, Move], ...]:
        combos = product(*self.values.values())
        every = (self.cls(**dict(zip(self.values, combo, strict=True))) for combo in combos)
        return tuple((o, self.move(o)) for o in every)

    def every(self) -> list[Ord]:
        """Every combination of values, in the order of ``values``."""
        return [o for o, _ in self._every]

    def candidates(self, state: S, seat: Seat) -> list[Move]:
        """Every orders move that changes ``seat``'s orders: all are legal at any time."""
        now = self.get(state, seat)
        return [m for o, m in self._every if o != now]

    def check(self, state: S, seat: Seat, m: Move) -> Invalid | None:
        return UNCHANGED if self.of(m) == self.get(state, seat) else None

    def play(self, state: S, seat: Seat, m: Move) -> Step:
        own = frozenset({seat})
        event = Event(UPDATED, {"seat": seat}, None if self.public else own)
        return Step(self.put(state, seat, self.of(m)), (event,), own)

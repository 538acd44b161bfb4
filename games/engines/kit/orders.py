"""Standing orders: a seat's instructions for decisions the rules would otherwise pause for.

Orders are a frozen dataclass per seat, changed at any time by a sealed ``orders`` move.
:class:`StandingOrders` gives a game the rest: the move's table entry, its constructor, the
"already your orders" refusal, the candidates to list, and the step that plays it. Its
``orders`` move gives every field at once. Two classes give the same for a game whose
``orders`` move changes one setting at a time: :class:`OrdersBySetting`, the move naming the
setting and a word for its value (the early days: ``setting="ask", value="on"``), and
:class:`OrdersByField`, the move's one field being the setting, with its value (Star
Fighters: ``ask=true``).

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
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from ..base import Event, Invalid, Move, Seat, Step
from .moves import Field, Kind, one_of


class Dataclass(Protocol):
    """Any dataclass (what ``dataclasses.fields`` and ``replace`` take)."""

    __dataclass_fields__: ClassVar[dict[str, Any]]


Ord = TypeVar("Ord", bound=Dataclass)
S = TypeVar("S")

KIND = "orders"
UPDATED = "orders_updated"
UNCHANGED = Invalid("orders_unchanged", "Those are already your standing orders.")
ON_OFF = ("off", "on")  # how a yes/no setting is written, by OrdersBySetting


def _updated(state: S, seat: Seat, orders: Ord, put: Callable[[S, Seat, Ord], S], public: bool) -> Step:
    """The step that stores ``seat``'s new orders: the move sealed, the event its author's
    unless the game made it public."""
    own = frozenset({seat})
    event = Event(UPDATED, {"seat": seat}, None if public else own)
    return Step(put(state, seat, orders), (event,), own)


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
        names = [f.name for f in dataclasses.fields(self.cls)]
        if list(self.fields) != names or list(self.values) != names:
            raise ValueError(f"standing orders must validate and list every field of {self.cls}: {names}")

    @property
    def kind(self) -> Kind:
        """The entry of the move table: any phase, sealed."""
        return Kind(self.fields, sealed=True)

    def move(self, orders: Ord) -> Move:
        return Move.of(KIND, **dataclasses.asdict(orders))

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
        return _updated(state, seat, self.of(m), self.put, self.public)


@dataclass(frozen=True)
class _OneAtATime(Generic[S, Ord]):
    """What the one-setting-at-a-time shapes share: each field of ``cls`` is a setting, and
    ``values`` gives the values it may take, as the move writes them, in the order the legal
    moves list them. A shape says how a move names a setting and its value (``move``,
    ``change``), how a value is written (``word``, ``stored``) and how an order set to
    what it is already is refused (``unchanged``)."""

    cls: type[Ord]
    values: Mapping[str, Sequence[Any]]
    get: Callable[[S, Seat], Ord]
    put: Callable[[S, Seat, Ord], S]
    public: bool = False  # the orders_updated event told to everyone (the move stays sealed)

    def __post_init__(self) -> None:
        names = [f.name for f in dataclasses.fields(self.cls)]
        if list(self.values) != names:
            raise ValueError(f"standing orders must list the values of every field of {self.cls}: {names}")

    def move(self, setting: str, value: Any) -> Move:
        raise NotImplementedError

    def change(self, m: Move) -> tuple[str, Any]:
        """The setting a well-formed ``orders`` move changes, and its value as written."""
        raise NotImplementedError

    def word(self, orders: Ord, setting: str) -> Any:
        """How ``setting`` of ``orders`` is written in a move."""
        return getattr(orders, setting)

    def stored(self, orders: Ord, setting: str, value: Any) -> Any:
        """The field's value for ``value`` as a move writes it."""
        return value

    def unchanged(self, setting: str, value: Any) -> Invalid:
        return UNCHANGED

    def candidates(self, state: S, seat: Seat) -> list[Move]:
        """Every orders move that changes one of ``seat``'s settings: all are legal at any time."""
        now = self.get(state, seat)
        return [
            self.move(setting, v)
            for setting, values in self.values.items()
            for v in values
            if v != self.word(now, setting)
        ]

    def check(self, state: S, seat: Seat, m: Move) -> Invalid | None:
        setting, value = self.change(m)
        if self.word(self.get(state, seat), setting) == value:
            return self.unchanged(setting, value)
        return None

    def play(self, state: S, seat: Seat, m: Move) -> Step:
        orders = self.get(state, seat)
        setting, value = self.change(m)
        changed = dataclasses.replace(orders, **{setting: self.stored(orders, setting, value)})
        return _updated(state, seat, changed, self.put, self.public)


@dataclass(frozen=True)
class _OneSetting(Kind):
    """The ``orders`` kind of :class:`OrdersBySetting`: the value must be one of the setting's."""

    words: Mapping[str, Sequence[Any]] = dataclasses.field(default_factory=dict)

    def problem(self, m: Move) -> Invalid | None:
        bad = super().problem(m)
        if bad is None and m["value"] not in self.words[m["setting"]]:
            values = ", ".join(str(w) for w in self.words[m["setting"]])
            return Invalid("bad_move", f"Standing order {m['setting']} is one of {values}.")
        return bad


@dataclass(frozen=True)
class OrdersBySetting(_OneAtATime[S, Ord]):
    """Standing orders changed one setting at a time: ``orders setting=<name> value=<word>``.

    ``values`` gives each setting's words (a yes/no setting, a bool field, is written "off"
    or "on"). ``value`` checks the shape of the word before the kind checks it is one of the
    setting's. An unchanged order is refused naming the setting.
    """

    value: Field = dataclasses.field(kw_only=True)

    @property
    def kind(self) -> Kind:
        """The entry of the move table: any phase, sealed."""
        fields = {"setting": one_of(tuple(self.values), '"setting"'), "value": self.value}
        return _OneSetting(fields, sealed=True, words=self.values)

    def move(self, setting: str, value: Any) -> Move:
        return Move.of(KIND, setting=setting, value=value)

    def change(self, m: Move) -> tuple[str, Any]:
        return m["setting"], m["value"]

    def word(self, orders: Ord, setting: str) -> str:
        """How ``setting`` of ``orders`` is written in a move."""
        current = getattr(orders, setting)
        return ON_OFF[current] if isinstance(current, bool) else str(current)

    def stored(self, orders: Ord, setting: str, value: Any) -> Any:
        return value == ON_OFF[1] if isinstance(getattr(orders, setting), bool) else value

    def unchanged(self, setting: str, value: Any) -> Invalid:
        return Invalid("orders_unchanged", f"Your standing order {setting} is already {value}.")


@dataclass(frozen=True)
class _OneField(Kind):
    """The ``orders`` kind of :class:`OrdersByField`: exactly one setting, by its name, and
    one of its values."""

    each: Mapping[str, Field] = dataclasses.field(default_factory=dict)
    shape: str = ""

    def problem(self, m: Move) -> Invalid | None:
        given = dict(m.args)
        if len(given) != 1 or next(iter(given)) not in self.each:
            return Invalid("bad_move", self.shape)
        ((name, value),) = given.items()
        problem = self.each[name](value)
        return None if problem is None else Invalid("bad_move", problem)


@dataclass(frozen=True)
class OrdersByField(_OneAtATime[S, Ord]):
    """Standing orders changed one setting at a time, the move naming it as its one field:
    ``orders <name>=<value>`` (Star Fighters' ``orders lose="red"``, ``orders ask=true``).

    ``values`` gives each field's values as stored (a yes/no setting is true or false);
    ``shape`` is the refusal of a move that does not name exactly one setting. An unchanged
    order is refused as :data:`UNCHANGED`.
    """

    shape: str = dataclasses.field(kw_only=True)

    @property
    def kind(self) -> Kind:
        """The entry of the move table: any phase, sealed."""
        each = {name: one_of(values, f'"{name}"') for name, values in self.values.items()}
        return _OneField(sealed=True, each=each, shape=self.shape)

    def move(self, setting: str, value: Any) -> Move:
        return Move.of(KIND, **{setting: value})

    def change(self, m: Move) -> tuple[str, Any]:
        ((setting, value),) = m.args
        return setting, value

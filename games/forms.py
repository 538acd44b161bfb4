"""Web forms: the new-match form built from an engine's options JSON Schema and the time
control's schema, and moves.

The forms only turn HTML form data into the arguments of a service; every rule (seats,
invites, option bounds, the time control, move legality) is checked by the service or the
engine. The fields carry the schemas' bounds too, so that most mistakes get a message
beside the field before the service is asked.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from django import forms

from . import clock, jsonlimits
from .errors import BadRequest
from .models import Match

OPTION_PREFIX = "opt_"
TIME_PREFIX = "tc_"
FIELD_PREFIX = "f."
JSON_PREFIX = "j."
"""A field whose value is the JSON of the move's value (standing-order forms): a hex named
"3401" stays text, where an ``f.`` field would read it as a number."""


def _label(name: str, spec: dict[str, Any]) -> str:
    return spec.get("title") or name.replace("_", " ").capitalize()


def option_field(name: str, spec: dict[str, Any]) -> forms.Field:
    """One form field for one JSON Schema property: enum, integer, number, boolean, string."""
    common: dict[str, Any] = {
        "label": _label(name, spec),
        "help_text": spec.get("description", ""),
        "initial": spec.get("default"),
        "required": "default" not in spec and spec.get("type") != "boolean",
    }
    kind = spec.get("type")
    field = _option_field(kind, spec, common)
    if spec.get("x-seats"):  # an option of some seat counts only: the page hides it for others
        field.widget.attrs["data-seats"] = " ".join(str(n) for n in spec["x-seats"])
    return field


def _option_field(kind: Any, spec: dict[str, Any], common: dict[str, Any]) -> forms.Field:
    if "enum" in spec:
        values = spec["enum"]
        coercions: dict[str, Callable[[Any], Any]] = {"integer": int, "number": float}
        coerce = coercions.get(kind, str)
        return forms.TypedChoiceField(
            choices=[(v, str(v)) for v in values], coerce=coerce, empty_value=spec.get("default"), **common
        )
    if kind == "integer":
        return forms.IntegerField(min_value=spec.get("minimum"), max_value=spec.get("maximum"), **common)
    if kind == "number":
        return forms.FloatField(min_value=spec.get("minimum"), max_value=spec.get("maximum"), **common)
    if kind == "boolean":
        return forms.BooleanField(**{**common, "required": False})
    return forms.CharField(max_length=spec.get("maxLength"), min_length=spec.get("minLength"), **common)


YES_NO = {"true": True, "false": False}


def _nullable(spec: dict[str, Any]) -> bool:
    kinds = spec.get("type")
    return isinstance(kinds, list) and "null" in kinds


def time_control_field(name: str, spec: dict[str, Any]) -> forms.Field:
    """One field of the time control (games.clock.deadlines.TIME_CONTROL_SCHEMA). A field left
    out of the POST takes the schema's default, as in the API."""
    common: dict[str, Any] = {
        "label": _label(name, spec),
        "help_text": spec.get("description", ""),
        "initial": spec.get("default"),
        "required": False,
    }
    kinds = spec.get("type")
    kind = next((k for k in kinds if k != "null"), None) if isinstance(kinds, list) else kinds
    if "enum" in spec:
        # The timeout policies have labels for people (the model's); the schema's
        # description then says nothing more.
        labels = dict(Match.Timeout.choices) if name == "timeout" else {}
        if labels:
            common["help_text"] = ""
        choices = [(v, labels.get(v, str(v))) for v in spec["enum"]]
        return forms.TypedChoiceField(choices=choices, empty_value=spec.get("default"), **common)
    if kind == "boolean":
        return forms.TypedChoiceField(
            choices=[("true", "Yes"), ("false", "No")],
            coerce=YES_NO.get,
            empty_value=spec.get("default"),
            **{**common, "initial": "true" if spec.get("default") else "false"},
        )
    if kind == "integer":
        if _nullable(spec):
            common["help_text"] = common["help_text"] or "Empty: no limit."
        return forms.IntegerField(min_value=spec.get("minimum"), max_value=spec.get("maximum"), **common)
    if name == "deadline_time":  # HH:MM, as a browser's time input sends it
        return forms.TimeField(
            input_formats=["%H:%M"],
            widget=forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
            error_messages={"invalid": "Give a time of day as HH:MM (00:00 to 23:59), or leave it empty."},
            **common,
        )
    return forms.CharField(**common)


class MatchNewForm(forms.Form):
    """Options of one game (from its schema), the time control, then seats, own seat,
    invites and salt."""

    def __init__(self, *args: Any, engine: dict[str, Any], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.engine = engine
        self.option_names: list[str] = []
        for name, spec in engine["options_schema"].get("properties", {}).items():
            self.fields[OPTION_PREFIX + name] = option_field(name, spec)
            self.option_names.append(name)
        self.time_schema: dict[str, Any] = engine["time_control_schema"]["properties"]
        for name, spec in self.time_schema.items():
            self.fields[TIME_PREFIX + name] = time_control_field(name, spec)
        lo, hi = engine["min_seats"], engine["max_seats"]
        if lo != hi:
            self.fields["seats"] = forms.TypedChoiceField(
                label="Players", choices=[(n, str(n)) for n in range(lo, hi + 1)], coerce=int, initial=lo
            )
        names = engine["seat_names"] or [f"Player {i + 1}" for i in range(hi)]
        self.fields["seat"] = forms.TypedChoiceField(
            label="Your seat",
            choices=[(i, names[i] if i < len(names) else f"Player {i + 1}") for i in range(hi)],
            coerce=int,
            initial=0,
        )
        self.fields["invite"] = forms.CharField(
            label="Invite players",
            required=False,
            help_text="Usernames, separated by commas. Seats nobody is invited to are open to anyone.",
        )
        self.fields["salt"] = forms.CharField(
            label="Your dice salt",
            required=False,
            max_length=200,
            help_text="Optional: any text, mixed into the dice seed so that not even the server chose the dice.",
        )

    @property
    def option_fields(self) -> list[forms.BoundField]:
        return [self[OPTION_PREFIX + name] for name in self.option_names]

    @property
    def seat_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in ("seats", "seat", "invite", "salt") if name in self.fields]

    @property
    def time_fields(self) -> list[forms.BoundField]:
        return [self[TIME_PREFIX + name] for name in self.time_schema]

    def clean(self) -> dict[str, Any]:
        """The time control, checked by the service's own validation (games.clock); its
        refusal is shown beside the field it names."""
        super().clean()
        data = self.cleaned_data
        if any(TIME_PREFIX + name in self.errors for name in self.time_schema):
            return data
        given = {}
        for name, spec in self.time_schema.items():
            value: Any = data.get(TIME_PREFIX + name)
            if value is None and not _nullable(spec):
                value = spec.get("default")
            given[name] = value.strftime("%H:%M") if hasattr(value, "strftime") else value
        try:
            data["time_control"] = clock.time_control_validate(given)
        except BadRequest as exc:
            where, _, message = exc.message.partition(": ")
            field = TIME_PREFIX + where if where in self.time_schema else None
            self.add_error(field, message if field else exc.message)
        return data

    def service_arguments(self) -> dict[str, Any]:
        """The keyword arguments of services.match_create, from the cleaned data."""
        data = self.cleaned_data
        return {
            "game": self.engine["key"],
            "options": {name: data[OPTION_PREFIX + name] for name in self.option_names},
            "seats": data.get("seats", self.engine["min_seats"]),
            "seat": data["seat"],
            "invite": [u.strip() for u in data["invite"].split(",") if u.strip()],
            "salt": data["salt"],
            "time_control": data["time_control"],
        }


_WHOLE_NUMBER = re.compile(r"-?[0-9]+")
"""Only ASCII digits make a number: str.isdigit() also accepts "²", which int() refuses."""
MAX_SEQ_DIGITS = 18
"""A move number fits a 64-bit column; anything longer is not one the page wrote."""
_SEQ = re.compile(rf"[0-9]{{1,{MAX_SEQ_DIGITS}}}")
MAX_NOTATION = 200
"""The longest move typed in the notation box (the input's maxlength)."""

NO_SEQ = "The form lacks the move number it was made for, or it is garbled; reload the page."
NO_MOVE = "Choose a move first."
UNREADABLE = "That move is not readable ({why}); reload the page and choose again."
GARBLED = (
    "The form is garbled: {name} is both a value and a group of values. Reload the page and choose again."
)
TOO_DEEP = (
    "A field name of the form nests {depth} levels deep; moves nest at most {limit} levels. Reload the page."
)
TOO_MANY_DIGITS = "A number in the form has {digits} digits; at most {limit} are accepted."


class FormRefused(ValueError):
    """Form data that cannot become a move; ``str()`` says why, for the player."""


def _scalar(text: str) -> Any:
    """Form text back to the JSON value a move field holds: whole numbers, booleans, text."""
    if _WHOLE_NUMBER.fullmatch(text):
        digits = len(text.lstrip("-"))
        if digits > jsonlimits.MAX_DIGITS:
            raise FormRefused(TOO_MANY_DIGITS.format(digits=digits, limit=jsonlimits.MAX_DIGITS))
        return int(text)
    return {"true": True, "false": False}.get(text, text)


def expected_seq_from(post: Any) -> int | None:
    """The move number a form was made for, or None when it is missing or not one."""
    text = post.get("expected_seq", "")
    if not isinstance(text, str) or not _SEQ.fullmatch(text):
        return None
    return int(text)


def _fields_to_move(kind: str, post: Any) -> dict[str, Any]:
    """``kind`` plus the ``f.<name>`` and ``j.<name>`` inputs as one nested move; FormRefused
    when a name is both a value and a group (``f.ships`` and ``f.ships.A``) or nests past
    the JSON limit."""
    move: dict[str, Any] = {"kind": kind}
    for key in post:
        prefix = next((p for p in (FIELD_PREFIX, JSON_PREFIX) if key.startswith(p)), None)
        if prefix is None:
            continue
        path = key[len(prefix) :].split(".")
        if len(path) >= jsonlimits.MAX_DEPTH:
            raise FormRefused(TOO_DEEP.format(depth=len(path), limit=jsonlimits.MAX_DEPTH))
        node = move
        for i, part in enumerate(path[:-1]):
            child = node.setdefault(part, {})
            if not isinstance(child, dict):
                raise FormRefused(GARBLED.format(name=prefix + ".".join(path[: i + 1])))
            node = child
        if isinstance(node.get(path[-1]), dict):
            raise FormRefused(GARBLED.format(name=key))
        text = post.getlist(key)[-1].strip()
        node[path[-1]] = _json_value(key, text) if prefix == JSON_PREFIX else _scalar(text)
    return move


def _json_value(key: str, text: str) -> Any:
    try:
        return jsonlimits.loads(text)
    except jsonlimits.JSONRefused as exc:
        raise FormRefused(UNREADABLE.format(why=f"{key}: {str(exc).rstrip('.')}")) from exc


def move_from_post(post: Any) -> tuple[int | None, Any, str]:
    """(expected_seq, move, problem) from a move form; a problem means nothing is submitted.

    A move comes either whole, as JSON in ``move`` (buttons and board clicks; a list of moves
    is a route, played in order, all or none), or built
    from fields: ``kind`` plus ``f.<name>`` inputs, where dots nest (``f.ships.A`` = 4 ->
    {"ships": {"A": 4}}), and ``j.<name>`` inputs holding a value's JSON. The fleet builder
    uses the former, the standing-orders form the latter.
    For a repeated name the last value wins, so a hidden "false" before a checkbox works.
    Every move is held to the API's JSON limits (games.jsonlimits) before it goes further.
    """
    seq = expected_seq_from(post)
    if seq is None:
        return None, None, NO_SEQ
    raw = post.get("move")
    if raw:
        try:
            move = jsonlimits.loads(raw)
        except jsonlimits.JSONRefused as exc:
            return seq, None, UNREADABLE.format(why=str(exc).rstrip("."))
        return seq, move, ""
    kind = post.get("kind")
    if not kind:
        return seq, None, NO_MOVE
    try:
        move = _fields_to_move(kind, post)
    except FormRefused as exc:
        return seq, None, str(exc)
    problem = jsonlimits.value_problem(move)
    return (seq, None, f"The form cannot be used: {problem}") if problem else (seq, move, "")


def notation_problem(text: str) -> str | None:
    """Why a move typed in the notation box cannot be read at all, or None."""
    if len(text) > MAX_NOTATION:
        return f"A typed move has at most {MAX_NOTATION} characters; this one has {len(text)}."
    problem = jsonlimits.text_problem(text)
    return f"That typed move cannot be read: {problem}" if problem else None

"""Web forms: the new-match form built from an engine's options JSON Schema, and moves.

The forms only turn HTML form data into the arguments of a service; every rule (seats,
invites, option bounds, move legality) is checked by the service or the engine.
"""

from __future__ import annotations

import json
from typing import Any

from django import forms

OPTION_PREFIX = "opt_"
FIELD_PREFIX = "f."


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
    if "enum" in spec:
        values = spec["enum"]
        coerce = {"integer": int, "number": float}.get(kind, str)
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


class MatchNewForm(forms.Form):
    """Options of one game (from its schema), then seats, own seat, invites and salt."""

    def __init__(self, *args: Any, engine: dict[str, Any], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.engine = engine
        self.option_names: list[str] = []
        for name, spec in engine["options_schema"].get("properties", {}).items():
            self.fields[OPTION_PREFIX + name] = option_field(name, spec)
            self.option_names.append(name)
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
        }


def _scalar(text: str) -> Any:
    """Form text back to the JSON value a move field holds: whole numbers, booleans, text."""
    if text.lstrip("-").isdigit():
        return int(text)
    return {"true": True, "false": False}.get(text, text)


NO_SEQ = "The form lacks the move number it was made for; reload the page."


def expected_seq_from(post: Any) -> int | None:
    try:
        return int(post.get("expected_seq", ""))
    except ValueError:
        return None


def move_from_post(post: Any) -> tuple[int | None, dict[str, Any] | None, str]:
    """(expected_seq, move, problem) from a move form.

    A move comes either whole, as JSON in ``move`` (buttons and board clicks), or built
    from fields: ``kind`` plus ``f.<name>`` inputs, where dots nest (``f.ships.A`` = 4 ->
    {"ships": {"A": 4}}). The fleet builder and the standing-orders form use the latter.
    For a repeated name the last value wins, so a hidden "false" before a checkbox works.
    """
    seq = expected_seq_from(post)
    if seq is None:
        return None, None, NO_SEQ
    raw = post.get("move")
    if raw:
        try:
            move = json.loads(raw)
        except ValueError:
            return seq, None, "That move is not readable; reload the page."
        return seq, move, ""
    kind = post.get("kind")
    if not kind:
        return seq, None, "Choose a move first."
    move: dict[str, Any] = {"kind": kind}
    for key in post:
        if not key.startswith(FIELD_PREFIX):
            continue
        path = key[len(FIELD_PREFIX) :].split(".")
        node = move
        for part in path[:-1]:
            node = node.setdefault(part, {})
        node[path[-1]] = _scalar(post.getlist(key)[-1].strip())
    return seq, move, ""

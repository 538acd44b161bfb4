"""The early days' saved force lists, read from the view: the force list JSON of the draft
the viewer's side is building (``view["you"]["draft"]``), as the engine's ``force_moves``
takes it back."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def force_of(view: Mapping[str, Any]) -> dict[str, Any]:
    """``{"units": [{"type", "flights", "options", "transport"}]}`` of the viewer's draft."""
    draft = (view.get("you") or {}).get("draft") or []
    return {
        "units": [
            {
                "type": line["type"],
                "flights": line.get("flights", 1),
                "options": list(line.get("options") or []),
                "transport": bool(line.get("transport")),
            }
            for line in draft
        ]
    }


def lines_of(view: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The draft's lines as the force list page shows them: id, name and what they cost."""
    types = view.get("unit_types") or {}
    out = []
    for line in (view.get("you") or {}).get("draft") or []:
        kind = types.get(line["type"]) or {}
        out.append(
            {
                "id": line["id"],
                "name": line.get("name") or kind.get("name") or line["type"],
                "flights": line.get("flights", 1) if kind.get("max_flights") else None,
                "options": [str(o).replace("_", " ") for o in line.get("options") or []],
                "transport": bool(line.get("transport")),
                "cost": line.get("cost"),
                "values": line,
            }
        )
    return out

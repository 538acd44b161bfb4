"""Space Dogfight drawings (placeholder until the renderer lands)."""

import json


def svg(view):
    return ""


def text(view):
    return json.dumps(view.get("ships", []))


def html(view):
    return ""

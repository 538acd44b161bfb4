"""The force lists' web pages: your lists, one list edited with the engine's build moves
(``drafts``), deleting one, and building your force in a match from one. Thin: every rule is
the engine's, every write a service's."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from accounts.errors import DomainError
from accounts.models import User

from ...catalog import FORCE_LISTS, with_capability
from ...jsonlimits import JSONRefused, loads
from ...play.forces import force_engine_for
from ...ui.common.hints import words
from ...ui.panel import steps_of, tojson
from .drafts import Draft, draft, points_bounds, scenarios
from .services import forcelist_delete, forcelist_get, forcelist_save, forcelist_use

EMPTY: dict[str, Any] = {"units": []}


class SignedInRequest(HttpRequest):
    """A request past ``login_required``: its user is signed in."""

    user: User


@login_required
@require_GET
def forcelist_index(request: SignedInRequest) -> HttpResponse:
    games = [{"key": g.key, "title": g.title} for g in with_capability(FORCE_LISTS) if g.forces]
    lists = list(request.user.force_lists.all())
    titles = {g["key"]: g["title"] for g in games}
    rows = [{"fl": fl, "title": titles.get(fl.game, fl.game)} for fl in lists]
    return render(request, "forcelists/index.html", {"rows": rows, "games": games})


def _json(text: str, default: Any) -> Any:
    try:
        return loads(text) if text else default
    except JSONRefused:
        return default


def _points(text: Any, default: int) -> Any:
    text = str(text or "").strip()
    return int(text) if text.isdigit() and len(text) < 6 else (text or default)


def _settings(request: HttpRequest, saved: Any = None) -> dict[str, Any]:
    """The list's settings from the form, else the saved list, else the game's defaults."""
    data = request.POST if request.method == "POST" else request.GET
    game = data.get("game") or (saved.game if saved else "")
    if not game:
        able = [g for g in with_capability(FORCE_LISTS) if g.forces]
        game = able[0].key if able else ""
    return {
        "game": game,
        "name": data.get("name", saved.name if saved else ""),
        "side": data.get("side") or (saved.side if saved else ""),
        "scenario": data.get("scenario") or (saved.scenario if saved else ""),
        "points": _points(data.get("points"), saved.points if saved else 0),
        "force": _json(data.get("force", ""), saved.force if saved else EMPTY),
    }


@login_required
@require_http_methods(["GET", "POST"])
def forcelist_edit(request: HttpRequest, pk: int | None = None) -> HttpResponse:
    """A new list, or list ``pk``: each change is a move the engine listed for the draft;
    "Save" stores it once the engine finds nothing wrong with the whole list."""
    try:
        saved = forcelist_get(user=request.user, pk=pk) if pk is not None else None
        given = _settings(request, saved)
        engine = _engine_defaults(given)
        change = _json(request.POST.get("change", ""), None) if request.method == "POST" else None
        current = draft(
            game=given["game"],
            side=given["side"],
            scenario=given["scenario"],
            points=given["points"],
            force=given["force"],
            change=change,
        )
    except DomainError as exc:
        messages.error(request, exc.message)
        return redirect("force-lists")
    error = current.refused
    # a list the engine could not build as sent is shown as it could, never saved unseen
    if request.method == "POST" and "save" in request.POST and not error:
        try:
            fl = forcelist_save(
                user=request.user,
                pk=pk,
                name=given["name"],
                game=current.game.key,
                side=current.side,
                scenario=current.scenario,
                points=current.points,
                force=current.force,
            )
        except DomainError as exc:
            error = exc.message
        else:
            messages.success(request, f"Saved “{fl.name}” ({fl.cost} points).")
            return redirect("force-lists")
    return render(request, "forcelists/edit.html", _context(current, given, engine, saved, error))


def _engine_defaults(given: dict[str, Any]) -> Any:
    """Fill in the side, scenario and points a new list starts with."""
    engine: Any = force_engine_for(given["game"])
    given["side"] = given["side"] or next(iter(engine.force_sides.values()))
    given["scenario"] = given["scenario"] or (scenarios(engine) or [("", "")])[0][0]
    given["points"] = given["points"] or points_bounds(engine)[2]
    return engine


def _context(current: Draft, given: dict[str, Any], engine: Any, saved: Any, error: str) -> dict[str, Any]:
    hints, view = current.game.hints, current.view
    assert current.game.forces is not None  # drafts.draft refuses a game without its lists
    lines = current.game.forces.lines_of(view)
    by_line: dict[str, list[dict[str, Any]]] = {line["id"]: [] for line in lines}
    buy: list[dict[str, Any]] = []
    for move in current.moves:
        kind = hints.kind(move["kind"])
        steps = [s for s in steps_of(kind, move, view) if s["field"] != "entry"]
        item = {"json": tojson(move), "kind": move["kind"], "text": kind.title}
        picked = {p.field for p in kind.picks}
        labels = [s["label"] if s["field"] in picked else words(s["value"]) for s in steps]
        if labels:
            item["text"] = labels[0] if "entry" not in move else f"{kind.title}: {', '.join(labels)}"
        line = next((li for li in lines if li["id"] == move.get("entry")), None)
        if line is None:
            buy.append(item)
            continue
        # a change that takes back what the line holds (an option it has, a flag it is)
        # reads as switched on
        held = [v for v in line["values"].values() if isinstance(v, list)]
        values = [v for k, v in move.items() if k not in ("kind", "entry")]
        item["on"] = any(v in h for v in values for h in held) or (
            not values and line["values"].get(move["kind"]) is True
        )
        by_line[line["id"]].append(item)
    low, high, _ = points_bounds(engine)
    buy_kind = hints.kind("buy")
    return {
        "d": current,
        "given": given,
        "saved": saved,
        "error": error,
        "sides": list(engine.force_sides.values()),
        "scenarios": scenarios(engine),
        "points_min": low,
        "points_max": high,
        "force_json": tojson(current.force),
        "lines": [{**line, "changes": by_line[line["id"]]} for line in lines],
        "buy": buy,
        "note": buy_kind.note(view) if buy_kind.note else "",
    }


@login_required
@require_POST
def forcelist_remove(request: HttpRequest, pk: int) -> HttpResponse:
    try:
        fl = forcelist_get(user=request.user, pk=pk)
        forcelist_delete(user=request.user, pk=pk)
    except DomainError as exc:
        messages.error(request, exc.message)
    else:
        messages.info(request, f"Deleted “{fl.name}”.")
    return redirect("force-lists")


@login_required
@require_POST
def forcelist_build(request: HttpRequest, pk: int) -> HttpResponse:
    """Build your force in match ``pk`` from a saved list (the match page's form)."""
    chosen, seq = request.POST.get("force_list", ""), request.POST.get("expected_seq", "")
    try:
        result = forcelist_use(
            user=request.user,
            match_id=pk,
            pk=int(chosen) if chosen.isdigit() and len(chosen) < 12 else chosen,
            expected_seq=int(seq) if seq.isdigit() and len(seq) < 12 else seq,
        )
    except DomainError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, f"Your force is built and sealed from your saved list (move {result.seq}).")
    return redirect("match", pk=pk)

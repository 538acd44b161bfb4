"""HTML pages (Django templates + htmx). Thin: read through games.selectors, write through
games.play, and show a DomainError's message where the player acted.

The match page has one live region (``templates/games/_live.html``): the header, board,
private panel, moves and log. Moves posted with htmx answer with that region; a poll
every few seconds answers 204 while nothing changed and the region once something did.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import FileResponse, Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.middleware import HtmxDetails

from accounts.errors import DomainError

from . import catalog, selectors
from . import help as guides
from .errors import BadRequest
from .forms import NO_SEQ, MatchNewForm, expected_seq_from, move_from_post, notation_problem
from .jsonlimits import text_problem
from .models import Match
from .play import seat_watched, services
from .play.lobby import match_cancel as cancel
from .play.lobby import match_decline as decline
from .play.lobby import match_rematch as rematch
from .ui import boards, panel

LOG_TAIL = 40
"""Log entries shown on the match page until the player asks for older ones."""
LOG_OLDER_PAGE = 100
LIST_LIMIT = 100
STOP_POLLING = 286  # htmx stops an "every" trigger on this status


class HtmxHttpRequest(HttpRequest):
    """A request as django-htmx's middleware leaves it (``request.htmx``)."""

    htmx: HtmxDetails


def _poll_seconds() -> int:
    return int(getattr(settings, "STARPOST_POLL_SECONDS", 4))


def _stamp(match: Match, viewer: selectors.Viewer) -> str:
    """Changes with every entry the viewer may know of and every join (both save the match
    row; an entry the viewer may not know of leaves it as it was, AS-SF-1.6)."""
    return str(int(selectors.seen_by(match, viewer).updated_at.timestamp() * 1_000_000))


def _summaries(qs, user) -> list[dict[str, Any]]:
    return selectors.match_summaries(qs[:LIST_LIMIT], user)


# -- home and lobby -----------------------------------------------------------------------


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    user = request.user
    if not user.is_authenticated:
        return render(request, "games/home.html", {"engines": selectors.engine_list()})
    mine = _summaries(selectors.match_list(user, mine=True), user)
    # Invitations: open matches holding a seat reserved for this user.
    invited = _summaries(selectors.match_list(user, open_only=True).filter(seats__invited=user), user)
    groups = {
        "your_turn": [m for m in mine if m["your_turn"]],
        "waiting": [m for m in mine if m["status"] == Match.Status.ACTIVE and not m["your_turn"]],
        "open": [m for m in mine if m["status"] == Match.Status.OPEN],
        "invited": invited,
        "finished": [m for m in mine if m["status"] == Match.Status.FINISHED],
    }
    return render(request, "games/home.html", {"groups": groups})


@require_GET
def lobby(request: HttpRequest) -> HttpResponse:
    matches = _summaries(selectors.match_list(request.user, open_only=True), request.user)
    return render(request, "games/lobby.html", {"matches": matches, "engines": selectors.engine_list()})


# -- the games' help pages ----------------------------------------------------------------


@require_GET
def games_index(request: HttpRequest) -> HttpResponse:
    return render(request, "games/games.html", {"engines": selectors.engine_list()})


@require_GET
def game_help(request: HttpRequest, key: str) -> HttpResponse:
    """What the game is, its seats, options and notation, and every value of its data
    files with its source: the rules text, published material, or a house default."""
    info, game = guides.game_help(key), catalog.entry(key)
    if info is None or game is None:
        raise Http404("No such game.")
    context = {
        "game": info,
        "sources": guides.SOURCES,
        "intro_templates": [game.help_template, "games/help/_intro.html"],
    }
    return render(request, "games/help.html", context)


# -- new match ----------------------------------------------------------------------------


@login_required
@require_http_methods(["GET", "POST"])
def match_new(request: HttpRequest) -> HttpResponse:
    engines = selectors.engine_list()
    key = request.GET.get("game") or (engines[0]["key"] if len(engines) == 1 else "")
    engine = next((e for e in engines if e["key"] == key), None)
    form = None
    if engine is not None:
        form = MatchNewForm(request.POST or None, engine=engine)
        if request.method == "POST" and form.is_valid():
            try:
                match = services.match_create(user=request.user, **form.service_arguments())
            except DomainError as exc:
                form.add_error(_NEW_MATCH_FIELDS.get(exc.code), exc.message)
            else:
                messages.success(request, f"{engine['title']} #{match.pk} is open.")
                return redirect("match", pk=match.pk)
    return render(request, "games/match_new.html", {"engines": engines, "engine": engine, "form": form})


_NEW_MATCH_FIELDS = {
    "invalid_seats": "seats",
    "bad_seat": "seat",
    "bad_invite": "invite",
    "unknown_user": "invite",
    "too_many_invites": "invite",
    "bad_salt": "salt",
    "invalid_time_control": None,  # the form checked it field by field already
}


# -- the match page -----------------------------------------------------------------------


def _can_join(data: dict[str, Any], user) -> bool:
    if not user.is_authenticated or data["status"] != Match.Status.OPEN or data["your_seat"] is not None:
        return False
    return any(s["username"] is None and s["invited"] in (None, user.username) for s in data["seats"])


def _invited(data: dict[str, Any], user) -> bool:
    """Whether ``user`` holds an invitation to a free seat of this open match."""
    if not user.is_authenticated or data["status"] != Match.Status.OPEN:
        return False
    return any(s["username"] is None and s["invited"] == user.username for s in data["seats"])


def _force_lists(match: Match, viewer: selectors.Viewer, user, legal: dict[str, Any]) -> list[Any]:
    """The viewer's saved lists for their side in this match, while they may build from one."""
    game = catalog.entry(match.game)
    if game is None or not game.has(catalog.FORCE_LISTS) or viewer.seat is None or not legal["moves"]:
        return []
    side = getattr(game.engine, "force_sides", {}).get(viewer.seat)
    lists = list(user.force_lists.filter(game=match.game, side=side))
    ready = selectors.forces_buildable_now(match, viewer, [fl.force for fl in lists], legal)
    return [fl for fl, ok in zip(lists, ready, strict=True) if ok]


def _live_context(request: HttpRequest, match: Match, *, error: str = "") -> dict[str, Any]:
    """Everything the live region shows, read for this viewer through the selectors."""
    viewer = selectors.Viewer.of(match, request.user)
    data = selectors.match_view(match, viewer)
    log, log_query = _log_page(request, match, viewer)
    engine = selectors.engine_of(match)
    game = catalog.entry(match.game)
    assert game is not None  # every game with matches is in the catalog (tests/web/test_catalog.py)
    active = data["active_seats"]
    legal = selectors.legal_moves_view(match, viewer)
    if legal["moves"]:  # pieces moved by destination: their routes are asked for one piece at a time
        legal["route_pieces"] = selectors.route_pieces_view(match, viewer)
    return {
        "m": data,
        "view": data["view"],
        # A game may have its own side panel; the others show their text rendering.
        "panel_templates": [t for t in (game.panel_template, "games/panels/generic.html") if t],
        # a player's first turns: what to do now, in the game's words (closed for good by them)
        "walkthrough_template": game.walkthrough_template if viewer.seat is not None else None,
        "legal": legal,
        "log": log.entries,
        "log_older": log.older,
        "log_newer": log.newer,
        "log_hidden": log.entries[0]["seq"] - 1 if log.entries else 0,
        "log_query": log_query,
        "outcome_text": boards.outcome_text(engine, match.outcome),
        "status_line": boards.status_line(match.game, data["view"]),
        "last_marks": panel.last_move_marks(game, log.entries),
        "active_names": [engine.seat_name(i) for i in active],
        "your_turn": viewer.seat is not None and viewer.seat in active,
        "force_lists": _force_lists(match, viewer, request.user, legal),
        "can_join": _can_join(data, request.user),
        "can_decline": _invited(data, request.user),
        "can_cancel": data["status"] == Match.Status.OPEN and match.created_by_id == request.user.pk,
        "can_rematch": data["status"] == Match.Status.FINISHED and viewer.seat is not None,
        "stamp": _stamp(match, viewer),
        "poll_seconds": _poll_seconds(),
        "error": error,
        # a unit or ship chosen on the board: games that can, draw its arcs (?unit=R2a)
        "selected": (request.GET.get("unit") or "")[:20] or None,
    }


def _log_page(request: HttpRequest, match: Match, viewer: selectors.Viewer) -> tuple[selectors.LogPage, str]:
    """The page of the log asked for (the latest LOG_TAIL entries; ``?log=all`` the latest
    LOG_PAGE_MAX; ``log_before`` / ``log_after`` a page older or newer than a seq) and the
    query that asks for the same page again (the poll keeps it)."""
    for name in ("log_before", "log_after"):
        raw = request.GET.get(name, "")
        if raw.isdigit() and len(raw) < 12:
            cursor = int(raw)
            after, before = (cursor, None) if name == "log_after" else (None, cursor)
            page = selectors.log_page(match, viewer, after=after, before=before, limit=LOG_OLDER_PAGE)
            return page, f"&{name}={cursor}"
    if request.GET.get("log") == "all":
        return selectors.log_page(match, viewer, limit=selectors.LOG_PAGE_MAX), "&log=all"
    return selectors.log_page(match, viewer, limit=LOG_TAIL), ""


@require_GET
def match_page(request: HttpRequest, pk: int) -> HttpResponse:
    match = get_object_or_404(Match, pk=pk)
    seat_watched(match_id=match.pk, user=request.user)
    return render(request, "games/match.html", _live_context(request, match))


@require_GET
def match_poll(request: HttpRequest, pk: int) -> HttpResponse:
    """204 (or 286 once over: stop asking) while ``seq`` and the stamp are unchanged,
    else the live region. One query when nothing changed, and for a signed-in viewer one
    conditional UPDATE that notes, every few seconds, that a player has the page open."""
    match = get_object_or_404(Match, pk=pk)
    seat_watched(match_id=match.pk, user=request.user)
    viewer = selectors.Viewer.of(match, request.user)
    seen = selectors.seen_by(match, viewer)
    stamp = str(int(seen.updated_at.timestamp() * 1_000_000))
    if request.GET.get("seq") == str(seen.seq) and request.GET.get("v") == stamp:
        closed = match.status in (Match.Status.FINISHED, Match.Status.CANCELLED)
        return HttpResponse(status=STOP_POLLING if closed else 204)
    return render(request, "games/_live.html", _live_context(request, match))


@require_GET
def match_routes(request: HttpRequest, pk: int) -> HttpResponse:
    """One of the viewer's pieces' destinations, as the page's picker takes them (the steps
    to click: the piece, its destination, its facing), asked when the piece is clicked:
    ``?piece=<id>&seq=<the seq the page shows>``. JSON; a refusal is ``{code, message}``."""
    match = get_object_or_404(Match, pk=pk)
    viewer = selectors.Viewer.of(match, request.user)
    raw_seq = request.GET.get("seq", "")
    try:
        if not raw_seq.isdigit() or len(raw_seq) > 11:
            raise BadRequest("bad_seq", "Send the seq the page shows (`seq`): reload the match.")
        found = selectors.piece_routes_view(match, viewer, request.GET.get("piece"), int(raw_seq))
    except DomainError as exc:
        return JsonResponse(exc.as_dict(), status=exc.status)
    view = selectors.match_view(match, viewer)["view"]
    return JsonResponse(
        {"seq": found["seq"], "moves": panel.piece_route_picks(match.game, found["routes"], view)}
    )


def _after_action(request: HtmxHttpRequest, pk: int, error: str) -> HttpResponse:
    """htmx gets the fresh live region (with the error in it); a plain form a redirect."""
    if request.htmx:
        match = get_object_or_404(Match, pk=pk)
        return render(request, "games/_live.html", _live_context(request, match, error=error))
    if error:
        messages.error(request, error)
    return redirect("match", pk=pk)


def _message(exc: DomainError) -> str:
    if exc.code == "stale_seq":
        return "The match moved on while you were looking: this is the position now. Choose again."
    return exc.message


@require_POST
def match_move(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    if not request.user.is_authenticated:
        return _after_action(request, pk, "Sign in to play.")
    text = (request.POST.get("notation") or "").strip()
    if text:  # typed in the game's notation, as in an email reply
        seq, move = expected_seq_from(request.POST), None
        error = NO_SEQ if seq is None else notation_problem(text)
        if not error:
            match = get_object_or_404(Match, pk=pk)
            parsed = selectors.parse_notation(match, selectors.Viewer.of(match, request.user), text)
            if isinstance(parsed, dict):
                move, error = parsed, ""
            else:
                error = f"“{text}”: {parsed[1]}"
    else:
        seq, move, error = move_from_post(request.POST)
    if not error:
        try:
            if isinstance(move, list):  # a route: its moves in order, all or none
                services.moves_submit(
                    match_id=pk, user=request.user, expected_seq=seq, moves=move, source="web"
                )
            else:
                services.move_submit(
                    match_id=pk, user=request.user, expected_seq=seq, move=move, source="web"
                )
        except DomainError as exc:
            error = _message(exc)
    return _after_action(request, pk, error)


@login_required
@require_POST
def match_join(request: HttpRequest, pk: int) -> HttpResponse:
    salt = request.POST.get("salt", "")
    try:
        # The service bounds the salt's length; text PostgreSQL cannot store is refused here.
        problem = text_problem(salt)
        if problem:
            raise BadRequest("bad_salt", f"Your dice salt cannot be used: {problem}")
        match = services.match_join(user=request.user, match_id=pk, salt=salt)
    except DomainError as exc:
        messages.error(request, exc.message)
        return redirect("lobby") if request.POST.get("next") == "lobby" else redirect("match", pk=pk)
    messages.success(request, f"You joined {selectors.engine_of(match).title} #{match.pk}.")
    return redirect("match", pk=pk)


@login_required
@require_POST
def match_resign(request: HttpRequest, pk: int) -> HttpResponse:
    # Without a move number a resignation ends the match as it stands (as in the API);
    # a number that is not one is refused.
    given = request.POST.get("expected_seq", "")
    seq = expected_seq_from(request.POST) if given else None
    if given and seq is None:
        messages.error(request, NO_SEQ)
        return redirect("match", pk=pk)
    try:
        services.match_resign(match_id=pk, user=request.user, expected_seq=seq)
    except DomainError as exc:
        messages.error(request, _message(exc))
    else:
        messages.info(request, "You resigned.")
    return redirect("match", pk=pk)


@login_required
@require_POST
def match_decline(request: HttpRequest, pk: int) -> HttpResponse:
    try:
        match = decline(user=request.user, match_id=pk)
    except DomainError as exc:
        messages.error(request, exc.message)
        return redirect("match", pk=pk)
    messages.info(request, f"You declined the invitation to {selectors.engine_of(match).title} #{match.pk}.")
    return redirect("home")


@login_required
@require_POST
def match_cancel(request: HttpRequest, pk: int) -> HttpResponse:
    try:
        cancel(user=request.user, match_id=pk)
    except DomainError as exc:
        messages.error(request, exc.message)
    else:
        messages.info(request, "You cancelled this match: nobody can join it now.")
    return redirect("match", pk=pk)


@login_required
@require_POST
def match_rematch(request: HttpRequest, pk: int) -> HttpResponse:
    try:
        match = rematch(user=request.user, match_id=pk, salt=request.POST.get("salt", ""))
    except DomainError as exc:
        messages.error(request, exc.message)
        return redirect("match", pk=pk)
    messages.success(request, f"Rematch #{match.pk} is open: the other players are invited.")
    return redirect("match", pk=match.pk)


@require_GET
def match_verify(request: HttpRequest, pk: int) -> HttpResponse:
    """What the export of a finished match is and how to check its dice, here or at home."""
    match = get_object_or_404(Match, pk=pk)
    viewer = selectors.Viewer.of(match, request.user)
    context = {
        "m": selectors.match_view(match, viewer),
        "over": match.is_over,
        "is_player": viewer.seat is not None,
    }
    return render(request, "games/verify.html", context)


@require_GET
def match_replay(request: HttpRequest, pk: int) -> HttpResponse:
    """Step through a match's log: the board after each entry as the viewer saw it then
    (``?at=<seq>``; the latest entry without it). Plain links step back and forth, so it
    works without JavaScript; the page's script adds the arrow keys."""
    match = get_object_or_404(Match, pk=pk)
    viewer = selectors.Viewer.of(match, request.user)
    raw = request.GET.get("at", "")
    at = int(raw) if raw.isdigit() and len(raw) < 12 else None
    frame = selectors.replay_frame(match, viewer, at)
    context = {
        "m": selectors.match_view(match, viewer),
        "frame": frame,
        "status_line": boards.status_line(match.game, frame.view),
        "last_marks": panel.last_move_marks(catalog.entry(match.game), [frame.entry] if frame.entry else []),
        "steps": _replay_steps(frame),
    }
    return render(request, "games/replay.html", context)


def _replay_steps(frame: selectors.ReplayFrame) -> list[dict[str, Any]]:
    """The replay's navigation: each link with the seq it shows (None: not from here)."""
    last = frame.last if frame.last != frame.at else None
    return [
        {"id": "replay-first", "label": "⏮ First", "at": frame.first},
        {"id": "replay-back10", "label": "−10", "at": frame.back},
        {"id": "replay-prev", "label": "◀ Back", "at": frame.previous, "key": "ArrowLeft"},
        {"id": "replay-next", "label": "Forward ▶", "at": frame.next, "key": "ArrowRight"},
        {"id": "replay-fwd10", "label": "+10", "at": frame.forward},
        {"id": "replay-last", "label": "Last ⏭", "at": last},
    ]


VERIFIER = Path(settings.BASE_DIR) / "tools" / "verify_export.py"


@require_GET
def verifier_script(request: HttpRequest) -> FileResponse:
    """tools/verify_export.py, for players to run on their own machine."""
    return FileResponse(
        VERIFIER.open("rb"), as_attachment=True, filename="verify_export.py", content_type="text/x-python"
    )

"""The public games API (ARCHITECTURE §7). Thin: parse, call a service or a selector, answer."""

from __future__ import annotations

from django.http import StreamingHttpResponse
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny, IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.response import Response
from rest_framework.views import APIView

from .. import selectors
from ..errors import BadRequest, NotFound
from ..models import Match
from ..play import lobby, services
from ..selectors import LOG_PAGE_MAX
from . import serializers as s

ERRORS = {
    400: s.ErrorOut,
    401: s.ErrorOut,
    403: s.ErrorOut,
    404: s.ErrorOut,
    409: s.ErrorOut,
    422: s.ErrorOut,
}


def _match(pk: int) -> Match:
    match = Match.objects.filter(pk=pk).first()
    if match is None:
        raise NotFound("match_not_found", f"There is no match {pk}.")
    return match


def _flag(request, name: str) -> bool:
    return request.query_params.get(name, "").lower() in ("1", "true", "yes", "me")


class GameList(APIView):
    permission_classes = [AllowAny]

    @extend_schema(summary="The games this server plays, with their options schemas")
    def get(self, request):
        return Response(selectors.engine_list())


class MatchList(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        summary="Matches: yours, those awaiting you, or open ones to join",
        parameters=[
            OpenApiParameter("mine", bool, description="only matches you have a seat in"),
            OpenApiParameter("awaiting", str, description="'me': only matches waiting for your move"),
            OpenApiParameter("open", bool, description="only matches with a seat you can take"),
        ],
    )
    def get(self, request):
        qs = selectors.match_list(
            request.user,
            mine=_flag(request, "mine"),
            awaiting=_flag(request, "awaiting"),
            open_only=_flag(request, "open"),
        )[:100]
        return Response(selectors.match_summaries(qs, request.user))

    @extend_schema(request=s.MatchCreateIn, responses={201: s.MatchOut, **ERRORS}, summary="Open a match")
    def post(self, request):
        data = s.MatchCreateIn(data=request.data)
        data.is_valid(raise_exception=True)
        match = services.match_create(user=request.user, **data.validated_data)
        return Response(selectors.match_view_for(match, request.user), status=status.HTTP_201_CREATED)


class MatchDetail(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: s.MatchOut, 404: s.ErrorOut}, summary="A match as you may see it")
    def get(self, request, id: int):
        return Response(selectors.match_view_for(_match(id), request.user))


class MatchJoin(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=s.JoinIn, responses={200: s.MatchOut, **ERRORS}, summary="Take a seat")
    def post(self, request, id: int):
        data = s.JoinIn(data=request.data if request.data else {})
        data.is_valid(raise_exception=True)
        match = services.match_join(user=request.user, match_id=id, **data.validated_data)
        return Response(selectors.match_view_for(match, request.user))


class MatchDecline(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None,
        responses={200: s.MatchOut, **ERRORS},
        summary="Decline your invitation: the seat opens to anyone",
    )
    def post(self, request, id: int):
        match = lobby.match_decline(user=request.user, match_id=id)
        return Response(selectors.match_view_for(match, request.user))


class MatchCancel(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None,
        responses={200: s.MatchOut, **ERRORS},
        summary="Cancel a match you opened, before it starts",
    )
    def post(self, request, id: int):
        match = lobby.match_cancel(user=request.user, match_id=id)
        return Response(selectors.match_view_for(match, request.user))


class MatchRematch(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=s.RematchIn,
        responses={201: s.MatchOut, **ERRORS},
        summary="Open a rematch of a finished match: same settings, seats turned, the others invited",
    )
    def post(self, request, id: int):
        data = s.RematchIn(data=request.data if request.data else {})
        data.is_valid(raise_exception=True)
        match = lobby.match_rematch(user=request.user, match_id=id, **data.validated_data)
        return Response(selectors.match_view_for(match, request.user), status=status.HTTP_201_CREATED)


class LegalMoves(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: s.LegalMovesOut, 404: s.ErrorOut}, summary="Your legal moves now")
    def get(self, request, id: int):
        return Response(selectors.legal_moves_for(_match(id), request.user))


class MoveCreate(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=s.MoveIn,
        responses={201: s.MoveOut, **ERRORS},
        parameters=[OpenApiParameter("Idempotency-Key", str, OpenApiParameter.HEADER, required=False)],
        summary="Make a move",
    )
    def post(self, request, id: int):
        data = s.MoveIn(data=request.data)
        data.is_valid(raise_exception=True)
        result = services.move_submit(
            match_id=id,
            user=request.user,
            expected_seq=data.validated_data["expected_seq"],
            move=data.validated_data["move"],
            idempotency_key=request.headers.get("Idempotency-Key"),
            source="api",
        )
        headers = {"Idempotent-Replayed": "true"} if result.replayed else {}
        return Response({"seq": result.seq}, status=status.HTTP_201_CREATED, headers=headers)


class MoveList(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=s.MoveListIn,
        responses={201: s.MoveOut, **ERRORS},
        summary="Make several moves in order as one request (a route): all or none",
        description="Each move is checked and recorded as its own log entry, as if posted to moves/ one "
        "after another, holding the match for the whole list; if one is refused, none is recorded and "
        "the answer names it. `expected_seq` is checked once, before the first. The move limit counts "
        "the list as one request.",
    )
    def post(self, request, id: int):
        data = s.MoveListIn(data=request.data)
        data.is_valid(raise_exception=True)
        result = services.moves_submit(
            match_id=id,
            user=request.user,
            expected_seq=data.validated_data["expected_seq"],
            moves=data.validated_data["moves"],
            source="api",
        )
        return Response({"seq": result.seq}, status=status.HTTP_201_CREATED)


class PieceRoutes(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "piece", str, required=True, description="the piece, as the legal moves name it"
            ),
            OpenApiParameter(
                "seq", int, description="the seq you saw: refused as stale_seq when the match moved on since"
            ),
        ],
        responses={200: s.RoutesOut, **ERRORS},
        summary="Where one of your pieces can end its move now, each place with the moves that take it there",
        description="For games that move pieces by destination (The early days, Battleship Galaxies), "
        "while your seat is on turn. Post a route's `moves` to move-list/ to play it.",
    )
    def get(self, request, id: int):
        raw = request.query_params.get("seq")
        seq = None
        if raw is not None:
            if not raw.isdigit() or len(raw) > 11:
                raise BadRequest("bad_seq", "seq is the match's seq as you last saw it, a whole number.")
            seq = int(raw)
        return Response(
            selectors.piece_routes_for(_match(id), request.user, request.query_params.get("piece"), seq)
        )


class Resign(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=s.ResignIn, responses={201: s.MoveOut, **ERRORS}, summary="Resign the match")
    def post(self, request, id: int):
        data = s.ResignIn(data=request.data if request.data else {})
        data.is_valid(raise_exception=True)
        result = services.match_resign(match_id=id, user=request.user, **data.validated_data)
        return Response({"seq": result.seq}, status=status.HTTP_201_CREATED)


LOG_PAGE_DEFAULT = 100


def _cursor(request, name: str, *, default: int | None) -> int | None:
    raw = request.query_params.get(name)
    if raw is None or raw == "":
        return default
    try:
        value = int(raw)
    except ValueError:
        raise BadRequest("bad_cursor", f"{name} is a whole number (a log entry's seq).") from None
    if value < 0:
        raise BadRequest("bad_cursor", f"{name} is a log entry's seq, 0 or more.")
    return value


class Log(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        parameters=[
            OpenApiParameter("after", int, description="the first entries with a higher seq (default 0)"),
            OpenApiParameter("before", int, description="the last entries with a lower seq, instead"),
            OpenApiParameter(
                "limit", int, description=f"entries per page: default {LOG_PAGE_DEFAULT}, most {LOG_PAGE_MAX}"
            ),
        ],
        responses={200: serializers.ListField(child=serializers.JSONField()), 404: s.ErrorOut},
        summary="The log as you may see it, a page at a time (Link: rel=next / rel=prev)",
    )
    def get(self, request, id: int):
        match = _match(id)
        before = _cursor(request, "before", default=None)
        after = (
            None if before is not None and "after" not in request.query_params else _lenient_after(request)
        )
        limit = _cursor(request, "limit", default=LOG_PAGE_DEFAULT) or LOG_PAGE_DEFAULT
        page = selectors.log_page(
            match, selectors.Viewer.of(match, request.user), after=after, before=before, limit=limit
        )
        links = []
        base = request.build_absolute_uri(request.path)
        limit = min(limit, LOG_PAGE_MAX)
        if page.newer is not None:
            links.append(f'<{base}?after={page.newer}&limit={limit}>; rel="next"')
        if page.older is not None:
            links.append(f'<{base}?before={page.older}&limit={limit}>; rel="prev"')
        return Response(page.entries, headers={"Link": ", ".join(links)} if links else None)


def _lenient_after(request) -> int:
    """``after`` as before pagination: anything that is not a number reads from the start."""
    try:
        return max(int(request.query_params.get("after", 0)), 0)
    except ValueError:
        return 0


class Export(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(summary="The full log of a finished match, with its seed, for the verifier")
    def get(self, request, id: int):
        stream = selectors.match_export_stream(_match(id), request.user)
        return StreamingHttpResponse(stream, content_type="application/json")

"""The single mapping from errors to HTTP responses: {"code": ..., "message": ...} always.

400 malformed, 401 not signed in, 403 not yours, 404 not found, 409 stale or not your
turn (with the current ``seq``), 422 illegal move (the engine's code).
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.core.exceptions import PermissionDenied, RequestDataTooBig
from django.http import Http404, JsonResponse
from rest_framework import exceptions
from rest_framework.response import Response

from accounts.errors import DomainError

from .parsers import JSONBodyRefused

log = logging.getLogger(__name__)


def _first_message(detail) -> tuple[str, str]:
    """The first field error of a DRF ValidationError as (field, message)."""
    if isinstance(detail, dict):
        for field, value in detail.items():
            _, msg = _first_message(value)
            return str(field), msg
    if isinstance(detail, list) and detail:
        return _first_message(detail[0])
    return "", str(detail)


def exception_handler(exc, context):
    if isinstance(exc, DomainError):
        retry = getattr(exc, "retry_after", None)
        return Response(
            exc.as_dict(), status=exc.status, headers={"Retry-After": str(retry)} if retry else None
        )
    if isinstance(exc, RequestDataTooBig):  # raised by request.body, which DRF's parsing reads
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        return Response(
            {"code": "body_too_large", "message": f"The request body is larger than {limit} bytes."},
            status=413,
        )
    if isinstance(exc, JSONBodyRefused):
        return Response({"code": "malformed_json", "message": str(exc.detail)}, status=400)
    if isinstance(exc, exceptions.ParseError):
        return Response(
            {"code": "malformed_json", "message": f"The request body is not valid JSON: {exc.detail}"},
            status=400,
        )
    if isinstance(exc, exceptions.UnsupportedMediaType):
        return Response(
            {"code": "unsupported_media_type", "message": "Send the body as application/json."}, status=415
        )
    if isinstance(exc, exceptions.ValidationError):
        field, message = _first_message(exc.detail)
        text = f"{field}: {message}" if field and field != "non_field_errors" else message
        return Response({"code": "invalid_request", "message": text, "field": field or None}, status=400)
    if isinstance(exc, exceptions.AuthenticationFailed) and exc.get_codes() == "token_expired":
        return Response(
            {"code": "token_expired", "message": str(exc.detail)},
            status=401,
            headers={"WWW-Authenticate": "Token"},
        )
    if isinstance(exc, exceptions.NotAuthenticated | exceptions.AuthenticationFailed):
        return Response(
            {"code": "not_authenticated", "message": "Sign in, or send 'Authorization: Token <your token>'."},
            status=401,
            headers={"WWW-Authenticate": "Token"},
        )
    if isinstance(exc, exceptions.PermissionDenied | PermissionDenied):
        return Response({"code": "forbidden", "message": "You may not do this."}, status=403)
    if isinstance(exc, exceptions.NotFound | Http404):
        return Response({"code": "not_found", "message": "Nothing here."}, status=404)
    if isinstance(exc, exceptions.MethodNotAllowed):
        return Response({"code": "method_not_allowed", "message": str(exc.detail)}, status=405)
    if isinstance(exc, exceptions.Throttled):
        wait = int(exc.wait or 1) if exc.wait is not None else None
        return Response(
            {"code": "throttled", "message": str(exc.detail)},
            status=429,
            headers={"Retry-After": str(max(wait, 1))} if wait is not None else None,
        )
    if isinstance(exc, exceptions.APIException):
        return Response({"code": exc.default_code, "message": str(exc.detail)}, status=exc.status_code)
    return None  # a bug: let Django log it and answer 500


def json_404(request, exception=None):
    if request.path.startswith("/api/"):
        return JsonResponse({"code": "not_found", "message": "No such API endpoint."}, status=404)
    from django.views.defaults import page_not_found

    return page_not_found(request, exception)


def json_403(request, exception=None):
    if request.path.startswith("/api/"):
        return JsonResponse({"code": "forbidden", "message": "You may not do this."}, status=403)
    from django.views.defaults import permission_denied

    return permission_denied(request, exception)


def json_400(request, exception=None):
    """A request Django refused before any view (a host name not allowed, too many fields)."""
    if request.path.startswith("/api/"):
        return JsonResponse(
            {"code": "bad_request", "message": "The request could not be read; check its host and size."},
            status=400,
        )
    from django.views.defaults import bad_request

    return bad_request(request, exception)


def json_500(request):
    if request.path.startswith("/api/"):
        return JsonResponse({"code": "server_error", "message": "Something broke on our side."}, status=500)
    from django.views.defaults import server_error

    return server_error(request)

"""anymail's webhooks (/anymail/<esp>/...), served only when they can tell a provider from anyone.

Every anymail view is wrapped: a post is taken only when the view checks a secret, either
anymail's HTTP basic auth (``ANYMAIL_WEBHOOK_SECRET``) or the provider's own signature
(e.g. ``ANYMAIL_MAILGUN_WEBHOOK_SIGNING_KEY``); otherwise it is refused with a 403 naming
the setting, so that no forged reply ever reaches :func:`notifications.inbound.receive`.
The body is bounded before anymail reads it, and a message the parser cannot take (nested
too deep) is a 400 that says so, never a 500. Production refuses to start with the webhook
on and no secret (config/settings.py).
"""

from __future__ import annotations

import logging
import warnings
from collections.abc import Callable
from functools import wraps
from typing import Any

from anymail import urls as anymail_urls
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.http import HttpRequest, HttpResponse
from django.urls import URLPattern

from . import replyaddr

log = logging.getLogger("notifications.inbound")

# A provider posts the message form-encoded or as JSON, often with its parts repeated (the raw
# MIME and its text): the body may be this many times the largest message we keep, plus this.
BODY_FACTOR, BODY_SLACK = 3, 64 * 1024
NOT_CONFIGURED = (
    "This inbound email webhook takes no posts: it has no secret to check them with. Set "
    "ANYMAIL_WEBHOOK_SECRET (user:password, given to the provider in the webhook URL), or the "
    "provider's signing key."
)


def _refusal(status: int, text: str) -> HttpResponse:
    return HttpResponse(text + "\n", status=status, content_type="text/plain; charset=utf-8")


def checks_a_secret(view: Any) -> bool:
    """Whether this anymail view refuses posts without the secret or signature configured."""
    view_class = getattr(view, "view_class", None)
    if view_class is None:
        return False
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # anymail warns of an open webhook; we refuse it
            instance = view_class(**getattr(view, "view_initkwargs", {}))
    except ImproperlyConfigured:  # e.g. Mailgun without its signing key
        return False
    return bool(getattr(instance, "basic_auth", None)) or not getattr(instance, "warn_if_no_basic_auth", True)


def guarded(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not (replyaddr.enabled() and settings.STARPOST_INBOUND_WEBHOOK):
            return _refusal(404, "Replies by email do not come in through this webhook here.")
        if not checks_a_secret(view):
            log.warning("inbound webhook %s refused a post: no secret configured", request.path)
            return _refusal(403, NOT_CONFIGURED)
        most = settings.STARPOST_INBOUND_MAX_BYTES * BODY_FACTOR + BODY_SLACK
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        if length > most:
            return _refusal(
                413,
                f"This post is {length} bytes; the most this webhook takes is {most} "
                f"(a message of at most STARPOST_INBOUND_MAX_BYTES={settings.STARPOST_INBOUND_MAX_BYTES}).",
            )
        try:
            return view(request, *args, **kwargs)
        except RecursionError:  # the provider's payload parsed by anymail before us
            log.warning("inbound webhook %s: a message nested too deep to read was refused", request.path)
            return _refusal(
                400,
                "This message's MIME parts are nested too deep to read "
                f"(at most {settings.STARPOST_INBOUND_MAX_MIME_DEPTH} levels are read); it was not stored.",
            )

    return wrapper


def _wrap(pattern: URLPattern) -> URLPattern:
    return URLPattern(pattern.pattern, guarded(pattern.callback), pattern.default_args, pattern.name)


app_name = anymail_urls.app_name
urlpatterns = [_wrap(p) for p in anymail_urls.urlpatterns]

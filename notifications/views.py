"""Pages of the notifications app: unsubscribing from a link in an email; the push worker."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles import finders
from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_http_methods

from accounts.models import NotificationPrefs, User

from .unsubscribe import read_token


@csrf_exempt  # mail clients POST here without a session (RFC 8058); the signed token is the proof
@require_http_methods(["GET", "POST"])
def unsubscribe(request, token: str):
    read = read_token(token)
    user = User.objects.filter(pk=read[0]).first() if read else None
    if user is None:
        return render(request, "notifications/unsubscribe.html", {"invalid": True}, status=400)
    channel = read[1]
    if request.method == "POST":
        prefs, _ = NotificationPrefs.objects.get_or_create(user=user)
        setattr(prefs, channel, NotificationPrefs.Mode.OFF)
        prefs.save(update_fields=[channel])
        if request.POST.get("List-Unsubscribe") == "One-Click":
            return HttpResponse("unsubscribed", content_type="text/plain")
        return render(
            request, "notifications/unsubscribe.html", {"done": True, "channel": channel, "who": user}
        )
    return render(
        request, "notifications/unsubscribe.html", {"channel": channel, "who": user, "token": token}
    )


# -- Web Push service worker (notifications/push.py) --------------------------------------------
# Served from the site root (/sw.js, routed in config/urls.py) so that it may control every
# page; Service-Worker-Allowed says so explicitly too.


@lru_cache(maxsize=1)
def _service_worker_source() -> bytes:
    path = finders.find("js/sw.js")
    if path is None:
        raise Http404("no service worker")
    return Path(path).read_bytes()


@require_GET
def service_worker(request):
    source = _service_worker_source() if not settings.DEBUG else _service_worker_source.__wrapped__()
    response = HttpResponse(source, content_type="text/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = "/"
    response["Cache-Control"] = "no-cache"  # browsers must see a new worker at once
    return response

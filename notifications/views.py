"""Pages of the notifications app: unsubscribing from a link in an email."""

from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

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

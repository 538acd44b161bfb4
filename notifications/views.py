"""Pages of the notifications app: unsubscribing from a link in an email; the push worker."""

from __future__ import annotations

from datetime import datetime
from functools import lru_cache
from pathlib import Path

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.staticfiles import finders
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_http_methods

from accounts.errors import AccountError, DomainError
from accounts.models import User
from accounts.services import prefs_json, prefs_unsubscribe, prefs_update, vacation_days_left, vacation_take

from .models import Webhook
from .push import push_config
from .unsubscribe import read_token
from .webhooks import webhook_create, webhook_delete, webhook_json


@csrf_exempt  # mail clients POST here without a session (RFC 8058); the signed token is the proof
@require_http_methods(["GET", "POST"])
def unsubscribe(request, token: str):
    read = read_token(token)
    user = User.objects.filter(pk=read[0]).first() if read else None
    if read is None or user is None:
        return render(request, "notifications/unsubscribe.html", {"invalid": True}, status=400)
    channel = read[1]
    if request.method == "POST":
        prefs_unsubscribe(user, channel)
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


# -- the preferences page: channels, digest, quiet hours, reminders, vacation, push, webhooks


@login_required
@require_http_methods(["GET", "POST"])
def preferences(request):
    """One page for everything about being told: each form posts its own ``action``."""
    user = request.user
    if request.method == "POST":
        action = request.POST.get("action")
        try:
            if _has_nul(request.POST):  # PostgreSQL cannot store or even compare such text
                raise DomainError("bad_form", "Text may not contain NUL characters.")
            if action == "prefs":
                p = request.POST
                prefs_update(
                    user,
                    {
                        "email": p.get("email"),
                        "push": p.get("push"),
                        "digest_hour": _int(p.get("digest_hour")),
                        "quiet_start": p.get("quiet_start") or None,
                        "quiet_end": p.get("quiet_end") or None,
                        "reminder_hours": _int(p.get("reminder_hours")),
                        "email_per_round": p.get("email_per_round") == "on",
                        "auto_vacation": p.get("auto_vacation") == "on",
                    },
                )
                messages.success(request, "Notification preferences saved.")
            elif action == "vacation":
                start = _local_start(request.POST.get("start"), user)
                vacation_take(user, start=start, days=_int(request.POST.get("days")))
                messages.success(request, "Enjoy your days off: your clocks are stopped.")
            elif action == "webhook-add":
                hook = webhook_create(
                    user=user,
                    url=request.POST.get("url", "").strip(),
                    events=request.POST.getlist("events"),
                    club=request.POST.get("club") or None,
                )
                secret = webhook_json(hook, with_secret=True)["secret"]
                messages.success(request, f"Webhook added. Its signing secret (shown once): {secret}")
            elif action == "webhook-delete":
                webhook_delete(user=user, webhook_id=_id(request.POST.get("id")))
                messages.success(request, "Webhook removed.")
            else:
                messages.error(request, "Unknown form.")
        except (AccountError, DomainError) as exc:
            messages.error(request, exc.message)
        return redirect("preferences")
    return render(
        request,
        "notifications/preferences.html",
        {
            "prefs": prefs_json(user),
            "modes": [("immediate", "At once"), ("digest", "Daily digest"), ("off", "Never")],
            "hours": range(24),
            "days_left": vacation_days_left(user),
            "vacations": user.vacations.order_by("-start")[:10],
            "push": push_config(),
            "devices": user.push_subscriptions.order_by("-created_at"),
            "webhooks": Webhook.objects.filter(user=user).order_by("-created_at"),
            "reply_domain": settings.STARPOST_REPLY_DOMAIN if settings.STARPOST_REPLY_BY_EMAIL else "",
        },
    )


def _int(value) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return value  # let the service refuse it with its own message


def _id(value) -> int:
    """A row id from a form; DomainError when it is not one (the hidden field was altered)."""
    number = _int(value)
    if not isinstance(number, int) or not 0 < number < 2**63:
        raise DomainError("bad_form", "That form is out of date; reload the page and try again.")
    return number


def _has_nul(post) -> bool:
    return any("\x00" in key or any("\x00" in v for v in values) for key, values in post.lists())


def _local_start(value, user):
    if not value:
        return timezone.now()
    try:
        day = datetime.fromisoformat(value)
    except ValueError:
        raise AccountError("bad_vacation", "Give the first day as a date.") from None
    return day.replace(tzinfo=user.tz) if day.tzinfo is None else day

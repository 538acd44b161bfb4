"""Limits on guessing passwords and on sign-ups: per account and per address, a clear 429.

The sign-in page, the admin's sign-in and the API's token endpoint all authenticate through
django-axes (failures counted in the database, so every process agrees); the API endpoints
also have DRF throttles per address and per account name.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from rest_framework.throttling import SimpleRateThrottle


def client_ip(request: HttpRequest) -> str | None:
    """The client's address: REMOTE_ADDR, or behind STARPOST_PROXY_COUNT trusted proxies the
    address the outermost of them saw (a client can put anything further left)."""
    proxies = settings.STARPOST_PROXY_COUNT
    if proxies > 0:
        forwarded = [a.strip() for a in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if a.strip()]
        if len(forwarded) >= proxies:
            return forwarded[-proxies]
    return request.META.get("REMOTE_ADDR")


def axes_username(request: HttpRequest, credentials: dict | None) -> str | None:
    """The account a sign-in names, as the lockout counts it (AXES_USERNAME_CALLABLE): any
    case is the same account, and text no account name could be is cut to what one can."""
    name = (credentials or {}).get("username")
    if not isinstance(name, str):
        name = request.POST.get("username") if request.method == "POST" else None
    if not isinstance(name, str):
        return None
    return name.replace("\x00", "").strip().lower()[:150]


def cooloff_seconds() -> int:
    return int(settings.AXES_COOLOFF_TIME.total_seconds())


def lockout_response(request: HttpRequest, original_response, credentials) -> HttpResponse:
    """What a locked-out sign-in gets (AXES_LOCKOUT_CALLABLE): JSON on the API, a page on the web."""
    minutes = max(1, cooloff_seconds() // 60)
    message = (
        f"Too many failed sign-ins for this account or from this address: try again in {minutes} "
        "minutes, or reset your password."
    )
    headers = {"Retry-After": str(cooloff_seconds())}
    if request.path.startswith("/api/"):
        return JsonResponse({"code": "too_many_attempts", "message": message}, status=429, headers=headers)
    response = render(request, "accounts/locked_out.html", {"message": message}, status=429)
    response["Retry-After"] = headers["Retry-After"]
    return response


class SettingRateThrottle(SimpleRateThrottle):
    """A throttle whose rate is the Django setting ``rate_setting``, read when it is used."""

    rate_setting = ""

    def __init__(self) -> None:
        self.rate = getattr(settings, self.rate_setting)
        self.num_requests, self.duration = self.parse_rate(self.rate)

    def get_cache_key(self, request, view):
        raise NotImplementedError


class AddressThrottle(SettingRateThrottle):
    """Requests to one endpoint from one address."""

    def get_cache_key(self, request, view):
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


class AuthAddressThrottle(AddressThrottle):
    scope = "auth-address"
    rate_setting = "STARPOST_TOKEN_RATE_PER_ADDRESS"


class RegisterAddressThrottle(AddressThrottle):
    scope = "register-address"
    rate_setting = "STARPOST_REGISTER_RATE_PER_ADDRESS"


class AuthAccountThrottle(SettingRateThrottle):
    """Token requests naming one account, from anywhere."""

    scope = "auth-account"
    rate_setting = "STARPOST_TOKEN_RATE_PER_ACCOUNT"

    def get_cache_key(self, request, view):
        name = request.data.get("username") if isinstance(request.data, dict) else None
        if not isinstance(name, str) or not name:
            return None  # the serializer refuses it
        return self.cache_format % {"scope": self.scope, "ident": name.strip().lower()[:150]}

"""Registration and profile pages; sign-in and sign-out are Django's own views."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from .errors import AccountError
from .forms import PasswordResetLater, ProfileForm, RegisterForm
from .services import user_register, user_update_profile
from .tokens import token_create, token_json, token_revoke

_FIELD_OF = {
    "username_required": "username",
    "bad_username": "username",
    "username_taken": "username",
    "bad_email": "email",
    "email_unusable": "email",
    "weak_password": "password",
    "bad_timezone": "timezone",
    "password_required": "password",
    "wrong_password": "password",
}


@require_http_methods(["GET", "POST"])
def register(request):
    form = RegisterForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            user = user_register(**form.cleaned_data)
        except AccountError as exc:
            form.add_error(_FIELD_OF.get(exc.code), exc.message)
        else:
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            messages.success(request, f"Welcome to Starpost, {user.username}.")
            return redirect("home")
    return render(request, "accounts/register.html", {"form": form})


@login_required
@require_http_methods(["GET", "POST"])
def profile(request):
    user = request.user
    form = ProfileForm(request.POST or None, initial={"email": user.email, "timezone": user.timezone})
    if request.method == "POST" and form.is_valid():
        try:
            user_update_profile(user=user, **form.cleaned_data)
        except AccountError as exc:
            form.add_error(_FIELD_OF.get(exc.code), exc.message)
        else:
            messages.success(request, "Profile saved.")
            return redirect("profile")
    return render(request, "accounts/profile.html", {"form": form})


class PasswordReset(auth_views.PasswordResetView):
    """Django's password reset; its link points at STARPOST_SITE_URL, never at whatever Host
    the request named. The email leaves after the answer (forms.PasswordResetLater)."""

    form_class = PasswordResetLater

    @property
    def extra_email_context(self):
        return {"site_url": settings.SITE_URL}


@login_required
@require_http_methods(["GET", "POST"])
def tokens(request):
    """The player's API tokens: make one (its key shown this once), see when each was last
    used and when it expires, revoke any."""
    new_key = None
    if request.method == "POST":
        try:
            if "revoke" in request.POST:
                token_id = request.POST["revoke"]
                token_revoke(user=request.user, token_id=int(token_id) if token_id.isdigit() else None)
                messages.success(request, "Token revoked: it no longer works.")
                return redirect("tokens")
            _, new_key = token_create(user=request.user, name=request.POST.get("name", ""))
        except AccountError as exc:
            messages.error(request, exc.message)
            return redirect("tokens")
    rows = [token_json(t) for t in request.user.api_tokens.all()]
    return render(request, "accounts/tokens.html", {"tokens": rows, "new_key": new_key})

"""Registration and profile pages; sign-in and sign-out are Django's own views."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from .errors import AccountError
from .forms import ProfileForm, RegisterForm
from .services import user_register, user_update_profile

_FIELD_OF = {
    "username_required": "username",
    "bad_username": "username",
    "username_taken": "username",
    "bad_email": "email",
    "email_taken": "email",
    "weak_password": "password",
    "bad_timezone": "timezone",
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

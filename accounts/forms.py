from __future__ import annotations

from django import forms
from django.conf import settings
from django.contrib.auth.forms import PasswordResetForm
from django.utils.module_loading import import_string

from .models import available_timezones


def timezone_choices() -> list[tuple[str, str]]:
    return [(tz, tz.replace("_", " ")) for tz in sorted(available_timezones())]


class RegisterForm(forms.Form):
    username = forms.CharField(max_length=30)
    email = forms.EmailField()
    password = forms.CharField(widget=forms.PasswordInput, min_length=8)
    timezone = forms.ChoiceField(choices=timezone_choices, initial="UTC")


class ProfileForm(forms.Form):
    email = forms.EmailField()
    timezone = forms.ChoiceField(choices=timezone_choices)
    password = forms.CharField(
        label="Current password",
        widget=forms.PasswordInput,
        required=False,
        help_text="Needed to change your email address.",
    )


class PasswordResetLater(PasswordResetForm):
    """Django's password reset form, its email sent outside the request: handed to the
    function named by STARPOST_SEND_LATER (a worker thread, notifications/background.py), so
    that a slow mail server never holds the request."""

    def send_mail(self, *args, **kwargs) -> None:
        send = super().send_mail
        import_string(settings.STARPOST_SEND_LATER)(lambda: send(*args, **kwargs))

from __future__ import annotations

from django import forms

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

"""Deploy checks of our own (``manage.py check --deploy``)."""

from __future__ import annotations

import re

from django.conf import settings
from django.core import checks

# Keys that have been public: they sign nothing once anyone can read them.
KNOWN_KEYS = frozenset(
    {
        "insecure-embedded-default-key-do-not-use-in-production",
        "django-insecure-change-me",
        "changeme",
        "change-me",
        "secret",
    }
)
MIN_DISTINCT = 16


def weak_key_problem(key: str) -> str | None:
    """Why ``key`` is not fit to sign anything, or None."""
    if key in KNOWN_KEYS or key.startswith("django-insecure-"):
        return "it is a published key"
    letters = re.sub(r"[-_. ]", "", key)
    if "..." in key or (letters.isalpha() and (letters.islower() or letters.isupper())):
        return "it is a phrase or a placeholder, not a random key"
    if len(set(key)) < MIN_DISTINCT:
        return f"it has fewer than {MIN_DISTINCT} distinct characters"
    return None


@checks.register(checks.Tags.security, deploy=True)
def check_secret_key(app_configs=None, **kwargs):
    problem = weak_key_problem(settings.SECRET_KEY)
    if problem is None:
        return []
    return [
        checks.Warning(
            f"DJANGO_SECRET_KEY is weak: {problem}. Anyone who knows it can forge reply addresses, "
            "sessions and password-reset links.",
            hint="Set DJANGO_SECRET_KEY to `python -c 'import secrets; print(secrets.token_urlsafe(50))'`.",
            id="starpost.W001",
        )
    ]

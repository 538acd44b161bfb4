"""A signing key per purpose, derived from SECRET_KEY (and each of its fallbacks).

A reply address, an unsubscribe link and Django's own signatures (sessions, password reset)
each use their own key: a token made for one purpose never passes for another, and a
purpose's key, if it leaks, tells nothing of SECRET_KEY or of the other purposes' keys.
"""

from __future__ import annotations

import hashlib
import hmac

from django.conf import settings
from django.core import signing


def purpose_key(purpose: str, secret: str | None = None) -> str:
    """HMAC-SHA256(secret, purpose) in hex: one-way, so a purpose key never gives the secret."""
    secret = settings.SECRET_KEY if secret is None else secret
    return hmac.new(secret.encode(), f"starpost key for {purpose}".encode(), hashlib.sha256).hexdigest()


def purpose_keys(purpose: str) -> list[str]:
    """The purpose's key from SECRET_KEY first, then from each SECRET_KEY_FALLBACKS (rotation)."""
    secrets = [settings.SECRET_KEY, *getattr(settings, "SECRET_KEY_FALLBACKS", [])]
    return [purpose_key(purpose, s) for s in secrets]


def signer(purpose: str) -> signing.Signer:
    """A Signer keyed and salted for ``purpose`` alone; it reads tokens of older keys too."""
    key, *fallbacks = purpose_keys(purpose)
    return signing.Signer(key=key, salt=purpose, fallback_keys=[*fallbacks])

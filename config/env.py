"""Reading settings from the environment, failing loudly on values that make no sense."""

from __future__ import annotations

import os
import secrets
import time
from pathlib import Path
from typing import overload
from urllib.parse import parse_qs, unquote, urlparse

from django.core.exceptions import ImproperlyConfigured

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


@overload
def env_str(name: str, default: str) -> str: ...
@overload
def env_str(name: str, default: None = None) -> str | None: ...
def env_str(name: str, default: str | None = None) -> str | None:
    return os.environ.get(name, default)


def env_bool(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name}={raw!r} is not a boolean (use 1/0, true/false)")


def env_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        return int(raw)
    except ValueError as exc:
        raise ImproperlyConfigured(f"{name}={raw!r} is not an integer") from exc


def env_list(name: str, default: list[str]) -> list[str]:
    raw = os.environ.get(name)
    if raw is None:
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


def email_settings(url: str, default_dir: str) -> dict[str, object]:
    """Django email settings from one URL.

    ``consolefile:///path`` console and a file per message in path (the embedded default),
    ``console://``, ``file:///path``, ``smtp://user:pass@host:port`` (``smtp+tls://`` for
    STARTTLS, ``smtps://`` for implicit TLS), ``anymail://<esp>`` for a provider configured
    through ``ANYMAIL_*`` variables, ``locmem://`` for tests.
    """
    parts = urlparse(url)
    scheme = parts.scheme
    if scheme in ("consolefile", "file"):
        path = unquote(parts.path) or default_dir
        backend = (
            "notifications.backends.ConsoleAndFileBackend"
            if scheme == "consolefile"
            else "django.core.mail.backends.filebased.EmailBackend"
        )
        return {"EMAIL_BACKEND": backend, "EMAIL_FILE_PATH": path}
    if scheme == "console":
        return {"EMAIL_BACKEND": "django.core.mail.backends.console.EmailBackend"}
    if scheme == "locmem":
        return {"EMAIL_BACKEND": "django.core.mail.backends.locmem.EmailBackend"}
    if scheme in ("smtp", "smtp+tls", "smtps"):
        query = parse_qs(parts.query)
        return {
            "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
            "EMAIL_HOST": parts.hostname or "localhost",
            "EMAIL_PORT": parts.port or (465 if scheme == "smtps" else 25),
            "EMAIL_HOST_USER": unquote(parts.username or ""),
            "EMAIL_HOST_PASSWORD": unquote(parts.password or ""),
            "EMAIL_USE_TLS": scheme == "smtp+tls",
            "EMAIL_USE_SSL": scheme == "smtps",
            "EMAIL_TIMEOUT": int(query.get("timeout", ["10"])[0]),
        }
    if scheme == "anymail":
        esp = parts.netloc or parts.path.strip("/")
        if not esp:
            raise ImproperlyConfigured("EMAIL_URL=anymail://<esp> needs a provider, e.g. anymail://mailgun")
        return {"EMAIL_BACKEND": f"anymail.backends.{esp}.EmailBackend"}
    raise ImproperlyConfigured(f"EMAIL_URL scheme {scheme!r} is not supported")


def embedded_secret_key(embedded: bool, path: Path) -> str:
    """DJANGO_SECRET_KEY; without it, the embedded default's own random key in ``path``
    (made once, readable by its owner only); in production, an error naming the setting."""
    key = (os.environ.get("DJANGO_SECRET_KEY") or "").strip()
    if key:
        return key
    if not embedded:
        raise ImproperlyConfigured(
            "DJANGO_SECRET_KEY is not set: production needs a long random key of its own, e.g. "
            "`python -c 'import secrets; print(secrets.token_urlsafe(50))'` "
            "(`make run` sets STARPOST_EMBEDDED=1 and keeps a generated key in var/ instead)."
        )
    path.parent.mkdir(parents=True, exist_ok=True)
    try:  # O_EXCL: of several processes starting at once, one writes and the others read it
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        pass
    else:
        with os.fdopen(fd, "w") as fh:
            fh.write(secrets.token_urlsafe(50) + "\n")
    for _ in range(50):  # a process that lost the race may read before the winner wrote
        key = path.read_text().strip()
        if key:
            return key
        time.sleep(0.02)
    raise ImproperlyConfigured(f"{path} is empty: delete it and start again to make a new key")


def site_url(configured: str | None, argv: list[str]) -> str:
    """The public address links in emails point at: STARPOST_SITE_URL when set; else, for
    ``manage.py runserver [addr:]port`` (what ``make run`` starts), the address it serves;
    else http://127.0.0.1:8000, runserver's own default."""
    if configured:
        return configured.rstrip("/")
    host, port = "127.0.0.1", "8000"
    if "runserver" in argv:
        rest = [a for a in argv[argv.index("runserver") + 1 :] if not a.startswith("-")]
        if rest:
            addr = rest[0]
            if addr.startswith("["):  # [::1]:8001
                end = addr.index("]")
                host, port = addr[: end + 1], addr[end + 2 :] or port
            elif ":" in addr:
                host, port = addr.rsplit(":", 1)
            elif addr.isdigit():
                port = addr
            else:
                host = addr
    if host in ("0.0.0.0", "[::]", "0"):  # noqa: S104 (every interface: link to this machine's loopback)
        host = "127.0.0.1"
    return f"http://{host}:{port}"

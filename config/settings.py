"""Starpost settings: one module, driven by environment variables (see README, "Settings").

With no variables set, this is the embedded default: SQLite in ./var, Celery tasks run
in-process, email to the console and to ./var/mail (`make run` adds STARPOST_EMBEDDED=1 for
its generated key). Production sets everything explicitly; missing secrets there are an error, not a silent default.
"""

from __future__ import annotations

import ipaddress
import json
import os
import sys
from datetime import timedelta
from pathlib import Path

import dj_database_url
from csp.constants import NONCE, NONE, SELF
from django.core.exceptions import ImproperlyConfigured

from .env import email_settings, embedded_secret_key, env_bool, env_int, env_list, env_str, site_url

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(env_str("STARPOST_VAR_DIR", str(BASE_DIR / "var")))

# Debugging pages: off unless asked for (DJANGO_DEBUG=1); a deployment that forgets it is safe.
DEBUG = env_bool("DJANGO_DEBUG", False)
# The embedded default that `make run` asks for (STARPOST_EMBEDDED=1; DJANGO_DEBUG=1 implies
# it): a random key made once and kept in var/, static files served from the source folders,
# cookies over plain HTTP. Its 404 and 500 pages are the site's own unless DEBUG is asked for.
EMBEDDED = env_bool("STARPOST_EMBEDDED", DEBUG)
# Production must bring its own key, so no key anyone could know ever signs anything.
SECRET_KEY = embedded_secret_key(EMBEDDED, VAR_DIR / "secret_key")
SECRET_KEY_FALLBACKS = env_list("DJANGO_SECRET_KEY_FALLBACKS", [])

ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]", "testserver"])
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS", [])
# Where links in emails point: STARPOST_SITE_URL, else the address `runserver` serves
# (`make run HOST=... PORT=...`), else http://127.0.0.1:8000 (config/env.py site_url).
SITE_URL = site_url(env_str("STARPOST_SITE_URL"), sys.argv)

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",  # Swagger UI's files, served by us: /api/docs/ works offline
    "django_htmx",
    "axes",
    "accounts",
    "notifications",
    "games",
    "games.extensions.forcelists",
]
# Benchmarks only (bench/README.md): STARPOST_BENCH=1 adds the bare baseline endpoint that
# bench/run.py compares the move endpoint with. Never set in a deployment.
STARPOST_BENCH = env_bool("STARPOST_BENCH", False)
if STARPOST_BENCH:
    INSTALLED_APPS += ["bench.bareapp"]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "accounts.middleware.TimezoneMiddleware",
    "csp.middleware.CSPMiddleware",
    "axes.middleware.AxesMiddleware",  # last: it turns a locked-out sign-in into a 429
]

# Content-Security-Policy for every page: scripts, styles and everything else from this site
# only; an inline <script> or <style> needs the request's nonce (``{{ request.csp_nonce }}``).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF, NONCE],
        "style-src": [SELF, NONCE],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "worker-src": [SELF],  # the Web Push service worker
        "manifest-src": [SELF],
        "object-src": [NONE],
        "base-uri": [NONE],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "OPTIONS": {
            # The games' own templates live in their UI packages (games/ui/<game>/templates).
            "loaders": [
                (
                    "django.template.loaders.cached.Loader",
                    [
                        "django.template.loaders.filesystem.Loader",
                        "django.template.loaders.app_directories.Loader",
                        "games.ui.loader.Loader",
                    ],
                )
            ],
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

if not env_str("DATABASE_URL"):
    VAR_DIR.mkdir(parents=True, exist_ok=True)  # the embedded default keeps its database here
DATABASES = {
    "default": dj_database_url.parse(
        env_str("DATABASE_URL") or f"sqlite:///{VAR_DIR / 'starpost.sqlite3'}",
        conn_max_age=env_int("DATABASE_CONN_MAX_AGE", 60),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    # The embedded default serves a few people; wait for the lock instead of failing.
    DATABASES["default"].setdefault("OPTIONS", {})["timeout"] = 20
    DATABASES["default"]["OPTIONS"]["transaction_mode"] = "IMMEDIATE"
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_USER_MODEL = "accounts.User"
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",  # counts failures, refuses while locked out
    "django.contrib.auth.backends.ModelBackend",
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = "en"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = VAR_DIR / "static"
WHITENOISE_USE_FINDERS = EMBEDDED  # without collectstatic, while developing
if EMBEDDED:
    STATIC_ROOT.mkdir(parents=True, exist_ok=True)  # whitenoise warns about a missing root
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if EMBEDDED
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

SESSION_COOKIE_SECURE = env_bool("DJANGO_SECURE_COOKIES", not EMBEDDED)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
# Transport security: these depend on TLS being terminated in front of the site (README,
# "Security"), so they are off until the operator says it is.
SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", False)
SECURE_HSTS_SECONDS = env_int("DJANGO_SECURE_HSTS_SECONDS", 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("DJANGO_SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
SECURE_HSTS_PRELOAD = env_bool("DJANGO_SECURE_HSTS_PRELOAD", False)
if env_bool("DJANGO_SECURE_PROXY_SSL_HEADER", False):  # only behind a proxy that sets it
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

# -- Sign-in throttling (accounts/throttles.py) -----------------------------------------
# Behind this many proxies that append to X-Forwarded-For, the client's address is the one
# the outermost proxy saw; 0: REMOTE_ADDR (a client could write anything in the header).
STARPOST_PROXY_COUNT = env_int("STARPOST_PROXY_COUNT", 0)
AXES_FAILURE_LIMIT = env_int("STARPOST_SIGNIN_FAILURES", 5)
AXES_COOLOFF_TIME = timedelta(minutes=env_int("STARPOST_SIGNIN_LOCKOUT_MINUTES", 15))
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]  # either one locks: per account, per address
AXES_RESET_ON_SUCCESS = True
AXES_CLIENT_IP_CALLABLE = "accounts.throttles.client_ip"
AXES_USERNAME_CALLABLE = "accounts.throttles.axes_username"
AXES_LOCKOUT_CALLABLE = "accounts.throttles.lockout_response"
AXES_VERBOSE = False
# Shared by every process when set (e.g. redis://redis:6379/1): the API throttles count there.
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": env_str("STARPOST_CACHE_URL"),
    }
    if env_str("STARPOST_CACHE_URL")
    else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
}

# -- API ---------------------------------------------------------------------------------
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "accounts.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": ["config.parsers.LimitedJSONParser"],
    "EXCEPTION_HANDLER": "config.api_errors.exception_handler",
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
    "NUM_PROXIES": STARPOST_PROXY_COUNT,
}
# An API token unused for this many days stops working (list and revoke them: /api/auth/tokens/).
STARPOST_TOKEN_IDLE_DAYS = env_int("STARPOST_TOKEN_IDLE_DAYS", 90)
# DRF throttles of the account endpoints (accounts/throttles.py), "<n>/<s|min|hour|day>";
# empty: no limit.
STARPOST_TOKEN_RATE_PER_ADDRESS = env_str("STARPOST_TOKEN_RATE_PER_ADDRESS", "20/min") or None
STARPOST_TOKEN_RATE_PER_ACCOUNT = env_str("STARPOST_TOKEN_RATE_PER_ACCOUNT", "5/min") or None
STARPOST_REGISTER_RATE_PER_ADDRESS = env_str("STARPOST_REGISTER_RATE_PER_ADDRESS", "10/hour") or None
SPECTACULAR_SETTINGS = {
    "TITLE": "Starpost API",
    "DESCRIPTION": "Play space-combat board games by email and asynchronously.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    # How complete the schema is says nothing about a deployment's safety: `check --deploy`
    # is kept for that, and the schema has its own endpoint to look at.
    "ENABLE_DJANGO_DEPLOY_CHECK": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "SWAGGER_UI_SETTINGS": {"deepLinking": True, "validatorUrl": None},
}

# Per player and match, per minute: moves of any kind, and standing-order changes (legal at
# any time, they change nothing on the board). 0: no limit. A 429 names the limit.
STARPOST_MOVES_PER_MINUTE = env_int("STARPOST_MOVES_PER_MINUTE", 60)
STARPOST_QUIET_MOVES_PER_MINUTE = env_int("STARPOST_QUIET_MOVES_PER_MINUTE", 6)
# Players one player may invite (by email) to matches in 24 hours; 0: no limit.
STARPOST_INVITES_PER_DAY = env_int("STARPOST_INVITES_PER_DAY", 20)

# -- Celery ------------------------------------------------------------------------------
CELERY_BROKER_URL = env_str("CELERY_BROKER_URL") or "memory://"
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", CELERY_BROKER_URL == "memory://")
CELERY_TASK_EAGER_PROPAGATES = False
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": 3600,
    "socket_connect_timeout": 2,
    "socket_timeout": 5,
}
# A move must not wait long for a broker that is down: the outbox sweeper catches up later.
CELERY_TASK_PUBLISH_RETRY_POLICY = {
    "max_retries": 2,
    "interval_start": 0,
    "interval_step": 0.2,
    "interval_max": 0.5,
}
CELERY_BEAT_SCHEDULE = {
    "outbox-sweep": {
        "task": "notifications.tasks.sweep_outbox",
        "schedule": float(env_int("STARPOST_OUTBOX_SWEEP_SECONDS", 60)),
    },
}

# -- Email -------------------------------------------------------------------------------
globals().update(email_settings(env_str("EMAIL_URL") or "consolefile://", str(VAR_DIR / "mail")))
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "Starpost <turns@starpost.localhost>")
SERVER_EMAIL = DEFAULT_FROM_EMAIL
# How long a claimed outbox row may stay "sending" before the sweeper takes it back.
STARPOST_OUTBOX_LEASE_SECONDS = env_int("STARPOST_OUTBOX_LEASE_SECONDS", 300)
STARPOST_OUTBOX_MAX_ATTEMPTS = env_int("STARPOST_OUTBOX_MAX_ATTEMPTS", 8)
STARPOST_OUTBOX_BACKOFF_SECONDS = env_int("STARPOST_OUTBOX_BACKOFF_SECONDS", 30)
STARPOST_MAIL_DOMAIN = env_str("STARPOST_MAIL_DOMAIN", "starpost.localhost")

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("DJANGO_LOG_LEVEL", "INFO")},
}

# -- Clocks ------------------------------------------------------------------------------
STARPOST_VACATION_DAYS_PER_YEAR = env_int("STARPOST_VACATION_DAYS_PER_YEAR", 30)
STARPOST_VACATION_MAX_DAYS = env_int("STARPOST_VACATION_MAX_DAYS", 14)
# When a player's vacations change, accounts calls this games function: their deadlines move.
STARPOST_VACATION_CHANGED = "games.play.timeouts.on_vacation_changed"
CELERY_BEAT_SCHEDULE["deadline-sweep"] = {
    "task": "games.tasks.sweep_deadlines",
    "schedule": float(env_int("STARPOST_DEADLINE_SWEEP_SECONDS", 60)),
}
CELERY_BEAT_SCHEDULE["digests"] = {"task": "games.tasks.send_digests", "schedule": 300.0}
# Turn notices (games.notify) still pending this long after their move are announced by
# the sweep, which runs with the outbox's.
STARPOST_NOTICE_GRACE_SECONDS = env_int("STARPOST_NOTICE_GRACE_SECONDS", 10)
# A player whose match page asked for news within this many seconds is watching it: the
# page tells them it is their turn, and no "your turn" email is sent (games.play.presence).
STARPOST_WATCHING_SECONDS = env_int("STARPOST_WATCHING_SECONDS", 30)
CELERY_BEAT_SCHEDULE["turn-notice-sweep"] = {
    "task": "games.tasks.sweep_turn_notices",
    "schedule": float(env_int("STARPOST_OUTBOX_SWEEP_SECONDS", 60)),
}

# == Web Push and webhooks (notifications/push.py, notifications/webhooks.py) ============
# VAPID keys from the environment, or for the embedded default from var/vapid.json (written
# by `manage.py vapid_keys --if-missing`). No keys: push is off and the API says so.
VAPID_FILE = VAR_DIR / "vapid.json"
_vapid: dict[str, str] = {}
if not env_str("VAPID_PRIVATE_KEY") and VAPID_FILE.exists():
    try:
        _vapid = json.loads(VAPID_FILE.read_text())
    except (OSError, ValueError) as exc:
        raise ImproperlyConfigured(f"{VAPID_FILE} is not readable JSON: {exc}") from exc
VAPID_PUBLIC_KEY = env_str("VAPID_PUBLIC_KEY") or _vapid.get("public_key", "")
VAPID_PRIVATE_KEY = env_str("VAPID_PRIVATE_KEY") or _vapid.get("private_key", "")
VAPID_SUBJECT = env_str("VAPID_SUBJECT") or _vapid.get("subject") or f"mailto:admin@{STARPOST_MAIL_DOMAIN}"
if bool(VAPID_PUBLIC_KEY) != bool(VAPID_PRIVATE_KEY):
    raise ImproperlyConfigured("Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither (push off)")
if not VAPID_SUBJECT.startswith(("mailto:", "https://")):
    raise ImproperlyConfigured(f"VAPID_SUBJECT={VAPID_SUBJECT!r} must be a mailto: or https: URL")
# How long a push service keeps a message for a device that is offline.
STARPOST_PUSH_TTL_SECONDS = env_int("STARPOST_PUSH_TTL_SECONDS", 2 * 24 * 3600)
# Consecutive failed webhook attempts (each outbox retry counts) before it is switched off.
STARPOST_WEBHOOK_MAX_FAILURES = env_int("STARPOST_WEBHOOK_MAX_FAILURES", 20)
STARPOST_WEBHOOK_TIMEOUT_SECONDS = env_int("STARPOST_WEBHOOK_TIMEOUT_SECONDS", 5)
# Every call to a player-given address (notifications/net.py): short timeouts, and only to
# public addresses, DEBUG included. STARPOST_OUTBOUND_ALLOW lists the networks local testing
# may reach anyway (e.g. "127.0.0.1/32,::1/128"); leave it empty in production.
STARPOST_OUTBOUND_CONNECT_TIMEOUT_SECONDS = env_int("STARPOST_OUTBOUND_CONNECT_TIMEOUT_SECONDS", 3)
STARPOST_OUTBOUND_READ_TIMEOUT_SECONDS = env_int(
    "STARPOST_OUTBOUND_READ_TIMEOUT_SECONDS", STARPOST_WEBHOOK_TIMEOUT_SECONDS
)
STARPOST_OUTBOUND_ALLOW = env_list("STARPOST_OUTBOUND_ALLOW", [])
for _net in STARPOST_OUTBOUND_ALLOW:
    try:
        ipaddress.ip_network(_net, strict=False)
    except ValueError as exc:
        raise ImproperlyConfigured(f"STARPOST_OUTBOUND_ALLOW: {_net!r} is not a network ({exc})") from exc
# With tasks run in-process (no worker), deliveries run on this many background threads,
# never in the web request (notifications/background.py); 0 runs them in the caller (tests).
STARPOST_INPROCESS_THREADS = env_int("STARPOST_INPROCESS_THREADS", 4)
# Where accounts hand an email to be sent outside the request (the password reset's).
STARPOST_SEND_LATER = "notifications.background.run"
# How many webhooks one player may have (each turn change posts to every one of them).
STARPOST_WEBHOOKS_PER_USER = env_int("STARPOST_WEBHOOKS_PER_USER", 10)

# -- Reply by email (notifications/inbound.py, games/email_replies.py) -----------------
# A "your turn" email's Reply-To is move+<signed token>@STARPOST_REPLY_DOMAIN. Mail to that
# domain reaches us through an anymail inbound webhook (/anymail/<esp>/inbound/) or an MTA
# that pipes each message to `manage.py receive_email` (or delivers to a Maildir for it).
STARPOST_REPLY_BY_EMAIL = env_bool("STARPOST_REPLY_BY_EMAIL", True)
STARPOST_REPLY_DOMAIN = (env_str("STARPOST_REPLY_DOMAIN", "reply.starpost.localhost") or "").strip().lower()
if STARPOST_REPLY_BY_EMAIL and ("@" in STARPOST_REPLY_DOMAIN or "." not in STARPOST_REPLY_DOMAIN):
    raise ImproperlyConfigured(f"STARPOST_REPLY_DOMAIN={STARPOST_REPLY_DOMAIN!r} is not a mail domain")
# A reply address carries a move for this many days after the email that gave it out.
STARPOST_REPLY_ADDRESS_DAYS = env_int("STARPOST_REPLY_ADDRESS_DAYS", 30)
# Received messages: the most bytes kept of one, and the deepest MIME nesting read; a message
# beyond either is refused (code too_large or too_deep), only its headers kept.
STARPOST_INBOUND_MAX_BYTES = env_int("STARPOST_INBOUND_MAX_BYTES", 512 * 1024)
STARPOST_INBOUND_MAX_MIME_DEPTH = env_int("STARPOST_INBOUND_MAX_MIME_DEPTH", 8)
# Answers to refused replies (only ever to the address the reply address was sent to): at
# most this many an hour to one player, and to one address.
STARPOST_INBOUND_REFUSALS_PER_HOUR = env_int("STARPOST_INBOUND_REFUSALS_PER_HOUR", 5)
# anymail's inbound webhooks (/anymail/<esp>/inbound/); 0 when mail comes only through an MTA
# (`manage.py receive_email`). On, they take a post only with ANYMAIL_WEBHOOK_SECRET's basic
# auth or the provider's own signature (notifications/inbound_web.py).
STARPOST_INBOUND_WEBHOOK = env_bool("STARPOST_INBOUND_WEBHOOK", True)
# Replies still unprocessed this long after they arrived are queued again by the sweeper.
# What a reply means is the games app's to say: notifications calls this function.
STARPOST_REPLY_HANDLER = "games.email_replies.handle"
STARPOST_REPLY_SWEEP_AFTER_SECONDS = env_int("STARPOST_REPLY_SWEEP_AFTER_SECONDS", 120)
# The authserv-id of our own inbound mail server or provider in Authentication-Results
# headers (RFC 8601): replies whose sender it found forged (DMARC fail, or SPF fail without
# a DKIM pass) are refused (notifications/senderauth.py). Empty: not checked.
STARPOST_INBOUND_AUTHSERV_ID = env_str("STARPOST_INBOUND_AUTHSERV_ID", "") or ""
# With an authserv-id: refuse replies that carry no verdict of our server at all.
STARPOST_INBOUND_REQUIRE_AUTH = env_bool("STARPOST_INBOUND_REQUIRE_AUTH", False)
CELERY_IMPORTS = [*globals().get("CELERY_IMPORTS", []), "notifications.inbound_tasks"]
CELERY_BEAT_SCHEDULE["inbound-sweep"] = {"task": "notifications.inbound.sweep", "schedule": 60.0}
# anymail reads ANYMAIL[...]: every ANYMAIL_<NAME> variable becomes ANYMAIL["<NAME>"], e.g.
# ANYMAIL_WEBHOOK_SECRET="user:password" (HTTP basic auth in the webhook URL you give the
# provider) and the provider's own, e.g. ANYMAIL_MAILGUN_WEBHOOK_SIGNING_KEY, or
# ANYMAIL_MAILGUN_API_KEY for sending with EMAIL_URL=anymail://mailgun.
ANYMAIL = {
    **globals().get("ANYMAIL", {}),
    **{
        name.removeprefix("ANYMAIL_"): value
        for name, value in os.environ.items()
        if name.startswith("ANYMAIL_")
    },
}
if (
    not EMBEDDED
    and STARPOST_REPLY_BY_EMAIL
    and STARPOST_INBOUND_WEBHOOK
    and not ANYMAIL.get("WEBHOOK_SECRET")
):
    raise ImproperlyConfigured(
        "ANYMAIL_WEBHOOK_SECRET is not set: the inbound email webhook (/anymail/<provider>/inbound/) "
        "would take replies from anyone. Set it to a random user:password and give the provider "
        "https://user:password@<your host>/anymail/<provider>/inbound/, or set "
        "STARPOST_INBOUND_WEBHOOK=0 if replies reach us only through an MTA (manage.py receive_email)."
    )

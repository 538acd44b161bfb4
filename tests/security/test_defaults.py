"""Issue 13, item 1: a deployment left as the README says cannot be made to sign for an
attacker. DEBUG is off unless asked for, no key anyone could know signs anything, and each
signed thing has its own key."""

from __future__ import annotations

import secrets
import stat
from pathlib import Path

import pytest
from django.core import signing

from accounts.checks import weak_key_problem
from accounts.keys import purpose_key
from notifications import replyaddr, unsubscribe

from .processes import last_line, manage, readme_production_env, warning_ids

SHOW_DEBUG = "from django.conf import settings; print(settings.DEBUG)"


def test_debug_is_off_when_nobody_asks_for_it(tmp_path):
    env = {
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
        "ANYMAIL_WEBHOOK_SECRET": "provider:" + secrets.token_urlsafe(20),
        "STARPOST_VAR_DIR": str(tmp_path),
    }
    out = manage("shell", "-c", SHOW_DEBUG, env=env)
    assert out.returncode == 0, out.stderr
    assert last_line(out) == "False"


def test_production_refuses_to_start_without_a_secret_key_and_names_it(tmp_path):
    out = manage("check", env={"STARPOST_VAR_DIR": str(tmp_path)})
    assert out.returncode != 0
    assert "DJANGO_SECRET_KEY is not set" in out.stderr
    assert not (tmp_path / "secret_key").exists()


def test_the_embedded_default_makes_its_own_random_key_once_in_var(tmp_path):
    show_key = "from django.conf import settings; print(settings.SECRET_KEY)"
    first = manage(
        "shell", "-c", show_key, env={"DJANGO_DEBUG": "1", "STARPOST_VAR_DIR": str(tmp_path / "a")}
    )
    again = manage(
        "shell", "-c", show_key, env={"DJANGO_DEBUG": "1", "STARPOST_VAR_DIR": str(tmp_path / "a")}
    )
    other = manage(
        "shell", "-c", show_key, env={"DJANGO_DEBUG": "1", "STARPOST_VAR_DIR": str(tmp_path / "b")}
    )
    assert first.returncode == 0, first.stderr
    key = last_line(first)
    assert key == last_line(again) == (tmp_path / "a" / "secret_key").read_text().strip()
    assert key != last_line(other)
    assert weak_key_problem(key) is None and len(key) >= 50
    assert stat.S_IMODE((tmp_path / "a" / "secret_key").stat().st_mode) == 0o600


def test_check_deploy_flags_the_old_published_key(tmp_path):
    env = readme_production_env("insecure-embedded-default-key-do-not-use-in-production")
    out = manage("check", "--deploy", env=env | {"STARPOST_VAR_DIR": str(tmp_path)})
    assert "starpost.W001" in warning_ids(out.stdout + out.stderr)


@pytest.mark.parametrize(
    "key", ["...", "change-me", "my-very-own-secret-key-for-the-starpost-deployment-here"]
)
def test_a_placeholder_or_a_phrase_is_a_weak_key(key):
    assert weak_key_problem(key) is not None


def test_check_deploy_with_the_readmes_production_settings_warns_only_of_tls(tmp_path):
    env = readme_production_env(secrets.token_urlsafe(50)) | {"STARPOST_VAR_DIR": str(tmp_path)}
    out = manage("check", "--deploy", env=env)
    assert sorted(warning_ids(out.stdout + out.stderr)) == ["security.W004", "security.W008"], out.stderr
    tls = {
        "DJANGO_SECURE_SSL_REDIRECT": "1",
        "DJANGO_SECURE_HSTS_SECONDS": "31536000",
        "DJANGO_SECURE_PROXY_SSL_HEADER": "1",
        "DJANGO_SECURE_HSTS_PRELOAD": "1",
    }
    cleared = manage("check", "--deploy", env=env | tls)
    assert warning_ids(cleared.stdout + cleared.stderr) == [], cleared.stderr


def test_a_reply_address_is_not_signed_with_the_site_key_itself(settings):
    token = replyaddr.token_for(7, 1, 12, 3)
    body = token.rsplit("-", 1)[0]
    forged_with_site_key = f"{body}-{replyaddr._mac(body, settings.SECRET_KEY)}"
    address = f"move+{forged_with_site_key}@{settings.STARPOST_REPLY_DOMAIN}"
    assert replyaddr.read(address) is None
    assert replyaddr.read(f"move+{token}@{settings.STARPOST_REPLY_DOMAIN}") is not None


def test_a_leaked_reply_address_key_does_not_sign_unsubscribe_links():
    reply_key = purpose_key(replyaddr.SALT)
    forged = signing.Signer(key=reply_key, salt=unsubscribe.SALT).sign_object({"u": 1, "c": "email"})
    assert unsubscribe.read_token(forged) is None
    general = signing.dumps({"u": 1, "c": "email"}, salt=unsubscribe.SALT, compress=True)
    assert unsubscribe.read_token(general) is None  # the site key alone no longer signs them
    assert unsubscribe.read_token(unsubscribe.token_for(1)) == (1, "email")


def test_purpose_keys_differ_and_keys_of_a_rotated_secret_still_read(settings):
    assert purpose_key(replyaddr.SALT) != purpose_key(unsubscribe.SALT)
    link = unsubscribe.token_for(5, "push")
    address = replyaddr.reply_address(1, 0, 2, 5)
    settings.SECRET_KEY_FALLBACKS = [settings.SECRET_KEY]
    settings.SECRET_KEY = secrets.token_urlsafe(50)
    assert unsubscribe.read_token(link) == (5, "push")
    assert replyaddr.read(address) is not None


def test_the_embedded_default_shows_the_sites_own_error_pages_not_debugging_pages(tmp_path):
    """`make run` asks for the embedded default only: its own key, and no debugging pages."""
    show = "from django.conf import settings; print(settings.DEBUG, settings.EMBEDDED, bool(settings.SECRET_KEY))"
    out = manage("shell", "-c", show, env={"STARPOST_EMBEDDED": "1", "STARPOST_VAR_DIR": str(tmp_path)})
    assert out.returncode == 0, out.stderr
    assert last_line(out) == "False True True"
    assert (tmp_path / "secret_key").exists()
    run_target = (Path(__file__).resolve().parents[2] / "Makefile").read_text().split("\nrun:", 1)[1]
    assert "STARPOST_EMBEDDED ?= 1" in run_target.split("\n\n")[0]
    assert "DJANGO_DEBUG" not in run_target.split("\n\n")[0].replace("make run DJANGO_DEBUG=1", "")

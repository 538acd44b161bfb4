"""The test suite's settings: the project's own, as the embedded default makes them.

Tests run with DEBUG on at import (static files from the source tree, a random key made
once in var/); pytest-django still turns DEBUG off while each test runs. The servers and
workers tests start inherit the same environment. Tests of the production rules start
their own processes with the environment they need.
"""

import os

os.environ.setdefault("DJANGO_DEBUG", "1")
# The suite's bots play whole matches in seconds and its fuzzers post thousands of requests;
# tests/security checks these limits with their production values.
os.environ.setdefault("STARPOST_MOVES_PER_MINUTE", "0")
os.environ.setdefault("STARPOST_QUIET_MOVES_PER_MINUTE", "0")
os.environ.setdefault("STARPOST_SIGNIN_FAILURES", "1000")
os.environ.setdefault("STARPOST_INVITES_PER_DAY", "0")
# Deliveries run in the caller, so a test reads what was sent as soon as its request returns;
# tests/security/test_slow_webhooks.py runs them on the background threads as deployed.
os.environ.setdefault("STARPOST_INPROCESS_THREADS", "0")
for _rate in (
    "STARPOST_TOKEN_RATE_PER_ADDRESS",
    "STARPOST_TOKEN_RATE_PER_ACCOUNT",
    "STARPOST_REGISTER_RATE_PER_ADDRESS",
):
    os.environ.setdefault(_rate, "")

from config.settings import *  # noqa: E402, F403

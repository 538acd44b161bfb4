"""The test suite's settings: the project's own, as the embedded default makes them.

Tests run with DEBUG on at import (static files from the source tree, a random key made
once in var/); pytest-django still turns DEBUG off while each test runs. The servers and
workers tests start inherit the same environment. Tests of the production rules start
their own processes with the environment they need.
"""

import os

os.environ.setdefault("DJANGO_DEBUG", "1")

from config.settings import *  # noqa: F403

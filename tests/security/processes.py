"""Run the project's own commands in a process of their own, with exactly the environment a
deployment would give them (nothing inherited from the test run's settings)."""

from __future__ import annotations

import os
import re
import secrets
import shlex
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def manage(*args: str, env: dict[str, str], timeout: float = 120) -> subprocess.CompletedProcess:
    base = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": os.environ.get("HOME", "/tmp")}
    base["DJANGO_SETTINGS_MODULE"] = "config.settings"
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=base | env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def readme_production_env(secret: str) -> dict[str, str]:
    """The variables the README's "Running it for real" block exports, with a real key for
    its ``DJANGO_SECRET_KEY=...`` placeholder and random values for its other ``...``."""
    text = (ROOT / "README.md").read_text()
    block = text.split("## Running it for real", 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    env: dict[str, str] = {}
    for line in block.splitlines():
        if line.startswith("export "):
            for word in shlex.split(line)[1:]:
                name, _, value = word.partition("=")
                env[name] = value
    for name, value in env.items():
        if value == "...":
            env[name] = f"starpost:{secrets.token_urlsafe(24)}"
    env["DJANGO_SECRET_KEY"] = secret
    return env


def warning_ids(output: str) -> list[str]:
    return re.findall(r"\(([\w.]+\.[WE]\d+)\)", output)


def last_line(out: subprocess.CompletedProcess) -> str:
    """What a ``shell -c`` printed last (the shell announces its automatic imports first)."""
    return out.stdout.strip().splitlines()[-1] if out.stdout.strip() else ""

"""Run a test file again on SQLite, the embedded default's database, in a child pytest."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run_file_on_sqlite(test_file: str, tmp_path: Path, db_name: str) -> subprocess.CompletedProcess[str]:
    """Run ``test_file`` under pytest against a fresh SQLite database in ``tmp_path``."""
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{tmp_path / db_name}",
        "STARPOST_VAR_DIR": str(tmp_path),
        "CELERY_BROKER_URL": "memory://",
        "EMAIL_URL": "locmem://",
        "STARPOST_TESTS_ON_SQLITE": "1",
    }
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", test_file],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )

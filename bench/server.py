"""Gunicorn for the benchmark: started with the bench's settings, always stopped afterwards."""

from __future__ import annotations

import contextlib
import http.client
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class GunicornConfig:
    workers: int
    worker_class: str
    threads: int

    def args(self) -> list[str]:
        out = ["--workers", str(self.workers), "--worker-class", self.worker_class]
        if self.worker_class == "gthread":
            out += ["--threads", str(self.threads)]
        return out

    def describe(self) -> str:
        threads = f" x {self.threads} threads" if self.worker_class == "gthread" else ""
        return f"{self.workers} {self.worker_class} workers{threads}"


@dataclass(frozen=True)
class Running:
    port: int
    pid: int
    command: list[str]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def command(config: GunicornConfig, port: int, log_path: Path) -> list[str]:
    return [
        sys.executable,
        "-m",
        "gunicorn",
        "config.wsgi:application",
        "--chdir",
        str(ROOT),
        "--bind",
        f"127.0.0.1:{port}",
        *config.args(),
        "--log-level",
        "warning",
        "--error-logfile",
        str(log_path),
    ]


def _ready(port: int) -> bool:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
    try:
        conn.request("GET", "/api/games/")
        return conn.getresponse().status == 200
    except OSError:
        return False
    finally:
        conn.close()


@contextlib.contextmanager
def gunicorn(config: GunicornConfig, env: Mapping[str, str], log_path: Path) -> Iterator[Running]:
    """Yield a running gunicorn; it is stopped on the way out, error or not."""
    port = free_port()
    cmd = command(config, port, log_path)
    log_path.parent.mkdir(parents=True, exist_ok=True)
    log_path.write_text("")
    # Its own session: a Ctrl-C reaches only us, and we stop it in the finally below.
    proc = subprocess.Popen(cmd, env={**os.environ, **env}, cwd=ROOT, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while not _ready(port):
            if proc.poll() is not None:
                raise RuntimeError(f"gunicorn exited with {proc.returncode}:\n{_tail(log_path)}")
            if time.monotonic() > deadline:
                raise RuntimeError(f"gunicorn did not answer within 60 s:\n{_tail(log_path)}")
            time.sleep(0.2)
        yield Running(port, proc.pid, cmd)
    finally:
        stop(proc)


def stop(proc: subprocess.Popen) -> None:
    if proc.poll() is not None:
        return
    proc.send_signal(signal.SIGTERM)  # the arbiter stops its workers gracefully
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)  # the arbiter and its workers: our own group
        proc.wait(timeout=10)


def _tail(path: Path, lines: int = 30) -> str:
    try:
        return "\n".join(path.read_text().splitlines()[-lines:])
    except OSError:
        return ""

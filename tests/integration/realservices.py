"""Real components for the integration tests: a private Redis, an SMTP server on loopback
that can refuse or stall, and a Celery worker (with beat) in its own process."""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from email import message_from_bytes
from email.policy import default as default_policy
from pathlib import Path

from aiosmtpd.controller import Controller
from django.db import connection
from kombu import pools as kombu_pools

from config.celery import app as celery_app
from tests.support.waiting import free_port, wait_for

ROOT = Path(__file__).resolve().parents[2]
__all__ = ["Mailbox", "PrivateRedis", "Worker", "free_port", "smtp_server", "use_broker", "wait_for"]


class PrivateRedis:
    """A redis-server of our own on a free port, which a test may stop and start again."""

    def __init__(self, tmp: Path):
        self.port = free_port()
        self.dir = tmp
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            raise RuntimeError("redis-server is not installed")
        self.proc = subprocess.Popen(
            [
                binary,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                str(self.dir),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        if not wait_for(self._up, 20):
            raise RuntimeError("private redis did not start")

    def _up(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as s:
                s.sendall(b"PING\r\n")
                return s.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.terminate()
            self.proc.wait(timeout=10)
            self.proc = None


class Mailbox:
    """An aiosmtpd handler: records accepted messages; can refuse the next N with 451, or
    stall before answering DATA (the client then never gets its 250)."""

    def __init__(self):
        self.accepted: list = []
        self.refusals_left = 0
        self.refused = 0
        self.stall = threading.Event()
        self.stalled = threading.Event()
        self.lock = threading.Lock()

    async def handle_DATA(self, server, session, envelope):
        if self.stall.is_set():
            self.stalled.set()
            while self.stall.is_set():  # hold the client until the test lets go
                await asyncio.sleep(0.05)
            # the client is gone by now (killed): a real MTA would see a broken session
            if (
                session.peer is None
                or getattr(server, "transport", None) is None
                or server.transport.is_closing()
            ):
                return "421 connection lost"
        if self.refusals_left > 0:
            self.refusals_left -= 1
            self.refused += 1
            return "451 4.3.0 try again later"
        with self.lock:
            self.accepted.append(
                (time.time(), message_from_bytes(envelope.original_content, policy=default_policy))
            )
        return "250 OK"

    def ids(self) -> list[str]:
        with self.lock:
            return [m["X-Starpost-Outbox"] for _, m in self.accepted]


def smtp_server(mailbox: Mailbox) -> Controller:
    controller = Controller(mailbox, hostname="127.0.0.1", port=free_port())
    controller.start()
    return controller


def database_url() -> str:
    d = connection.settings_dict
    auth = d["USER"] + (f":{d['PASSWORD']}" if d["PASSWORD"] else "")
    return f"postgres://{auth}@{d['HOST'] or '127.0.0.1'}:{d['PORT'] or 5432}/{d['NAME']}"


def use_broker(url: str) -> None:
    """Point this process's Celery app at ``url`` (its connection pools start afresh)."""
    celery_app.conf.broker_url = url
    if celery_app._pool is not None:
        celery_app._pool.force_close_all()
        celery_app._pool = None
    celery_app.amqp._producer_pool = None
    kombu_pools.reset()  # kombu keeps producer pools per connection, globally


class Worker:
    """``celery worker -B`` in its own process, with short sweeps so faults heal quickly."""

    def __init__(self, broker: str, smtp_port: int, log_path: Path, **env):
        self.env = {
            **os.environ,
            "DATABASE_URL": database_url(),
            "DATABASE_CONN_MAX_AGE": "0",
            "CELERY_BROKER_URL": broker,
            "CELERY_TASK_ALWAYS_EAGER": "0",
            "EMAIL_URL": f"smtp://127.0.0.1:{smtp_port}?timeout=30",
            "STARPOST_OUTBOX_SWEEP_SECONDS": "1",
            "STARPOST_DEADLINE_SWEEP_SECONDS": "3600",
            "STARPOST_OUTBOX_LEASE_SECONDS": "4",
            "STARPOST_OUTBOX_BACKOFF_SECONDS": "1",
            "STARPOST_NOTICE_GRACE_SECONDS": "1",
            **env,
        }
        self.log_path = log_path
        self.proc: subprocess.Popen | None = None

    def start(self) -> None:
        self.log = self.log_path.open("a")
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "config",
                "worker",
                "-B",
                "--pool=solo",
                "--loglevel=INFO",
                "--without-heartbeat",
                "--without-mingle",
                "--without-gossip",
                "--schedule",
                str(self.log_path.with_suffix(".beat")),
            ],
            cwd=ROOT,
            env=self.env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group: the embedded beat is a child
        )

    def _signal_group(self, sig: int) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, sig)

    def kill(self) -> None:
        """SIGKILL to the worker and its beat child: no warm shutdown, no chance to finish
        the task in hand, and no orphan left sweeping the test database afterwards."""
        if self.proc is not None:
            self._signal_group(signal.SIGKILL)
            self.proc.wait(timeout=10)
            self.proc = None

    def stop(self) -> None:
        if self.proc is not None:
            self._signal_group(signal.SIGTERM)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.proc.wait(timeout=20)
            self._signal_group(signal.SIGKILL)  # whatever of the group is still there
            self.proc.wait(timeout=10)
            self.proc = None
        self.log.close()

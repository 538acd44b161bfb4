"""Waiting for another process (a worker, a server) without assuming how fast it is."""

from __future__ import annotations

import socket
import time
from collections.abc import Callable


def wait_for(predicate: Callable[[], object], timeout: float = 60.0, every: float = 0.2) -> bool:
    """Poll ``predicate`` until it holds (True) or ``timeout`` seconds pass (False)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(every)
    return False


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]

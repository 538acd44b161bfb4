"""Deliveries without a worker: on background threads, never in the web request.

With a broker, an outbox row is sent by a Celery worker. With tasks run in-process (the
embedded default's memory broker, CELERY_TASK_ALWAYS_EAGER) a queued task would run in the
request that queued it, so a webhook that never answers would hold the request; here such
deliveries run on a small pool of threads started with the server instead
(``STARPOST_INPROCESS_THREADS``). ``0`` runs them in the caller, for tests that read what
was sent right after the request.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor, wait
from typing import Any

from django.conf import settings
from django.db import connections

log = logging.getLogger(__name__)

_lock = threading.Lock()
_pool: ThreadPoolExecutor | None = None
_pending: set[Future] = set()


def _executor() -> ThreadPoolExecutor:
    global _pool
    with _lock:
        if _pool is None:
            _pool = ThreadPoolExecutor(
                max_workers=max(1, settings.STARPOST_INPROCESS_THREADS),
                thread_name_prefix="starpost-delivery",
            )
        return _pool


def _run(fn: Callable[..., Any], args: tuple[Any, ...]) -> None:
    try:
        fn(*args)
    except Exception:  # the outbox keeps the row; the sweeper or the next try sends it
        log.exception("background %s%r failed", getattr(fn, "name", fn), args)
    finally:
        connections.close_all()  # this thread's own connections


def run(fn: Callable[..., Any], *args: Any) -> None:
    """Run ``fn(*args)`` on a background thread (or here, with STARPOST_INPROCESS_THREADS=0)."""
    if settings.STARPOST_INPROCESS_THREADS <= 0:
        fn(*args)
        return
    future = _executor().submit(_run, fn, args)
    with _lock:
        _pending.add(future)
    future.add_done_callback(_forget)


def _forget(future: Future) -> None:
    with _lock:
        _pending.discard(future)


def wait_idle(timeout: float | None = None) -> bool:
    """Wait for what was handed to the threads so far; True if all of it finished."""
    with _lock:
        pending = set(_pending)
    return not wait(pending, timeout=timeout).not_done

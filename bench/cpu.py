"""CPU seconds spent by the processes under test, read from /proc (Linux), to say where time goes.

Groups: the gunicorn workers (children of the arbiter), the PostgreSQL backends connected to
the bench database, and this process (the load generator). /proc counts in clock ticks
(10 ms); summed over many windows the rounding evens out.
"""

from __future__ import annotations

import os
from pathlib import Path

TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def _stat(pid: int) -> tuple[int, float] | None:
    """(parent pid, CPU seconds) of a process, None if it is gone."""
    try:
        raw = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = raw[raw.rindex(")") + 2 :].split()  # the name may hold spaces and parentheses
    return int(fields[1]), (int(fields[11]) + int(fields[12])) / TICK


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


class Meter:
    """CPU seconds of the gunicorn workers, the bench database's backends and this process.

    ``read`` gives seconds per process; ``delta`` only compares processes present in both
    readings, so a backend that reconnects (CONN_MAX_AGE) cannot make a group go negative.
    Call ``discover`` before each reading that should notice new processes.
    """

    def __init__(self, arbiter_pid: int | None, db_name: str) -> None:
        self.arbiter_pid = arbiter_pid
        self.db_name = db_name
        self.groups: dict[str, list[int]] = {}
        self.available = Path("/proc/self/stat").exists()

    def discover(self) -> None:
        if not self.available:
            return
        workers, backends = [], []
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            pid = int(entry.name)
            stat = _stat(pid)
            if stat is None:
                continue
            if self.arbiter_pid is not None and stat[0] == self.arbiter_pid:
                workers.append(pid)
            else:
                cmd = _cmdline(pid)
                if cmd.startswith("postgres: ") and f" {self.db_name} " in cmd:
                    backends.append(pid)
        self.groups = {"gunicorn": workers, "postgres": backends, "client": [os.getpid()]}

    def read(self) -> dict[tuple[str, int], float]:
        out = {}
        for name, pids in self.groups.items():
            for pid in pids:
                stat = _stat(pid)
                if stat is not None:
                    out[(name, pid)] = stat[1]
        return out


def delta(after: dict[tuple[str, int], float], before: dict[tuple[str, int], float]) -> dict[str, float]:
    """CPU seconds per group between two readings, over the processes present in both."""
    out: dict[str, float] = {}
    for key, seconds in after.items():
        if key in before:
            out[key[0]] = out.get(key[0], 0.0) + seconds - before[key]
    return out


def add(total: dict[str, float], more: dict[str, float]) -> dict[str, float]:
    return {k: total.get(k, 0.0) + more.get(k, 0.0) for k in {*total, *more}}

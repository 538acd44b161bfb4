"""HTTP load in rounds: every client prepares its request untimed, then all fire at once, timed.

No Django here: the clients are plain threads with ``http.client`` (the lightest client in
the standard library, so the load generator takes as little of the machine's CPU as we can
manage), one connection each, reopened when the server closes it (sync workers do).

A round is: each client plans (GETs of the match and its legal moves, a new match when the
last one ended: none of it timed), a barrier, each client sends ONE request (timed), a
barrier. Throughput is the timed requests over the summed time of the firing windows, so
the untimed planning never counts against the endpoint, and both endpoints are driven by
exactly the same firing code.
"""

from __future__ import annotations

import http.client
import json
import random
import secrets
import threading
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .cpu import Meter, add, delta

GAME = "space-dogfight"


class Http:
    """One connection to the server, used by one thread."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.conn = http.client.HTTPConnection(host, port, timeout=120)
        self.reconnects = 0

    def request(self, method: str, path: str, token: str | None = None, body: Any = None) -> tuple[int, Any]:
        headers = {"Accept": "application/json"}
        if token:
            headers["Authorization"] = f"Token {token}"
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        for attempt in (1, 2):
            try:
                self.conn.request(method, path, body=data, headers=headers)
                resp = self.conn.getresponse()
                raw = resp.read()
                break
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                # A keep-alive connection the server closed while we were idle. A retried POST
                # is safe: the same move at the same expected_seq is answered as a replay.
                self.conn.close()
                self.reconnects += 1
                if attempt == 2:
                    raise
        try:
            parsed = json.loads(raw) if raw else None
        except ValueError:
            parsed = raw[:200].decode(errors="replace")
        return resp.status, parsed

    def close(self) -> None:
        self.conn.close()


@dataclass(frozen=True)
class Shot:
    """One timed request, prepared in advance."""

    path: str
    token: str
    body: dict[str, Any]


@dataclass
class Client:
    """What a client does between the barriers: ``plan`` (untimed) and ``fired`` (untimed)."""

    http: Http
    errors: Counter = field(default_factory=Counter)
    samples: list[str] = field(default_factory=list)

    def plan(self) -> Shot:  # pragma: no cover - abstract
        raise NotImplementedError

    def fired(self, shot: Shot, status: int, body: Any) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def note_error(self, what: str, status: int, body: Any) -> None:
        self.errors[f"{what} {status}"] += 1
        if len(self.samples) < 3:
            self.samples.append(f"{what} {status}: {str(body)[:300]}")


class MovePlayer(Client):
    """Plays random legal moves for both seats of its own match; starts a new match at the end."""

    def __init__(self, http: Http, tokens: Sequence[str], usernames: Sequence[str], seed: int) -> None:
        super().__init__(http)
        self.tokens = list(tokens)
        self.usernames = list(usernames)
        self.rng = random.Random(seed)
        self.match_id: int | None = None
        self.matches_started = 0
        self.matches_finished = 0
        self.kinds: Counter = Counter()

    def start_match(self) -> None:
        status, body = self.http.request(
            "POST", "/api/matches/", self.tokens[0], {"game": GAME, "invite": [self.usernames[1]]}
        )
        if status != 201:
            raise RuntimeError(f"creating a match answered {status}: {body}")
        match_id = body["id"]
        status, body = self.http.request("POST", f"/api/matches/{match_id}/join/", self.tokens[1], {})
        if status != 200:
            raise RuntimeError(f"joining match {match_id} answered {status}: {body}")
        self.match_id = match_id
        self.matches_started += 1

    def plan(self) -> Shot:
        for _ in range(100):
            if self.match_id is None:
                self.start_match()
            status, match = self.http.request("GET", f"/api/matches/{self.match_id}/", self.tokens[0])
            if status != 200:
                raise RuntimeError(f"reading match {self.match_id} answered {status}: {match}")
            if match["status"] != "active" or not match["active_seats"]:
                self.matches_finished += 1
                self.match_id = None
                continue
            seat = self.rng.choice(match["active_seats"])
            token = self.tokens[seat]
            status, legal = self.http.request("GET", f"/api/matches/{self.match_id}/legal-moves/", token)
            if status != 200 or not legal["moves"]:
                raise RuntimeError(f"legal moves of match {self.match_id} answered {status}: {legal}")
            # A kind first, then a move of that kind: uniform over moves would be mostly
            # standing-orders changes (there are dozens), and the game would hardly advance.
            kind = self.rng.choice(sorted({m["kind"] for m in legal["moves"]}))
            move = self.rng.choice([m for m in legal["moves"] if m["kind"] == kind])
            self.kinds[kind] += 1
            body = {"expected_seq": legal["seq"], "move": move}
            return Shot(f"/api/matches/{self.match_id}/moves/", token, body)
        raise RuntimeError("no playable match after 100 attempts")

    def fired(self, shot: Shot, status: int, body: Any) -> None:
        if status != 201:
            self.note_error("move", status, body)


class BarePlayer(Client):
    """Appends to its own bare stream, with a body padded to the size of a real log entry."""

    MOVE = {"kind": "orders", "def_counter": "best", "def2_min_pts": 0, "ask": False}

    def __init__(self, http: Http, token: str, stream_id: int, pad_chars: int) -> None:
        super().__init__(http)
        self.token = token
        self.stream_id = stream_id
        self.seq = 0
        self.set_pad(pad_chars)

    def set_pad(self, pad_chars: int) -> None:
        # Random hex, so that PostgreSQL cannot compress it smaller than a real entry.
        self.pad = secrets.token_hex(max(pad_chars, 0) // 2 + 1)[: max(pad_chars, 0)]

    def plan(self) -> Shot:
        body = {"expected_seq": self.seq, "move": self.MOVE, "pad": self.pad}
        return Shot(f"/bench/bare/{self.stream_id}/append/", self.token, body)

    def fired(self, shot: Shot, status: int, body: Any) -> None:
        if status == 201:
            self.seq = body["seq"]
        else:
            self.note_error("bare", status, body)
            if isinstance(body, dict) and "seq" in body:
                self.seq = body["seq"]


@dataclass
class RoundsResult:
    latencies: list[float]
    busy: float  # summed firing-window seconds
    wall: float
    rounds: int
    cpu: dict[str, float]  # CPU seconds per process group, inside the firing windows only

    @property
    def count(self) -> int:
        return len(self.latencies)

    @property
    def rps(self) -> float:
        return self.count / self.busy if self.busy else float("nan")

    def merge(self, other: RoundsResult) -> RoundsResult:
        return RoundsResult(
            self.latencies + other.latencies,
            self.busy + other.busy,
            self.wall + other.wall,
            self.rounds + other.rounds,
            add(self.cpu, other.cpu),
        )


def run_rounds(clients: Sequence[Client], duration: float, meter: Meter | None = None) -> RoundsResult:
    """Rounds of plan / fire-all-at-once until ``duration`` seconds of wall time have passed."""
    n = len(clients)
    clock: dict[str, Any] = {"t0": 0.0, "busy": 0.0, "rounds": 0, "stop": False, "cpu0": {}, "cpu": {}}
    deadline = time.monotonic() + duration

    def opened() -> None:
        if meter:
            meter.discover()  # outside the window: backends come and go with CONN_MAX_AGE
            clock["cpu0"] = meter.read()
        clock["t0"] = time.perf_counter()

    def closed() -> None:
        clock["busy"] += time.perf_counter() - clock["t0"]
        if meter:
            clock["cpu"] = add(clock["cpu"], delta(meter.read(), clock["cpu0"]))
        clock["rounds"] += 1
        clock["stop"] = time.monotonic() >= deadline

    fire = threading.Barrier(n, action=opened)
    done = threading.Barrier(n, action=closed)
    latencies: list[list[float]] = [[] for _ in range(n)]
    failures: list[BaseException] = []

    def work(i: int) -> None:
        client = clients[i]
        try:
            while True:
                shot = client.plan()
                fire.wait()
                t = time.perf_counter()
                status, body = client.http.request("POST", shot.path, shot.token, shot.body)
                latencies[i].append(time.perf_counter() - t)
                client.fired(shot, status, body)
                done.wait()
                if clock["stop"]:
                    return
        except threading.BrokenBarrierError:
            return
        except BaseException as exc:
            failures.append(exc)
            fire.abort()
            done.abort()

    wall0 = time.perf_counter()
    threads = [threading.Thread(target=work, args=(i,), daemon=True) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if failures:
        raise failures[0]
    return RoundsResult(
        [x for lat in latencies for x in lat],
        clock["busy"],
        time.perf_counter() - wall0,
        clock["rounds"],
        clock["cpu"],
    )


def for_each(clients: Sequence[Any], fn: Callable[[Any], None]) -> None:
    """Run ``fn`` on every client in its own thread (setup work such as starting matches)."""
    failures: list[BaseException] = []

    def work(c: Any) -> None:
        try:
            fn(c)
        except BaseException as exc:
            failures.append(exc)

    threads = [threading.Thread(target=work, args=(c,), daemon=True) for c in clients]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if failures:
        raise failures[0]

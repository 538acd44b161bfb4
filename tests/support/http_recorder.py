"""Real HTTP servers on 127.0.0.1 that record what they are sent: a push service and a
webhook receiver, for the tests of Web Push and webhooks (no network beyond loopback)."""

from __future__ import annotations

import threading
from collections import defaultdict
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

REDIRECTS = (301, 302, 307, 308)


class Receiver:
    """Records each POST (path, lower-cased headers, body, status) and answers ``status``, or
    the statuses queued in ``answers[path]``; a queued redirect points at ``/elsewhere``."""

    status = 200

    def __init__(self) -> None:
        self.received: list[dict] = []
        self.answers: dict[str, list[int]] = defaultdict(list)
        recorder = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                queued = recorder.answers[self.path]
                status = queued.pop(0) if queued else recorder.status
                recorder.received.append(
                    {
                        "path": self.path,
                        "headers": {k.lower(): v for k, v in self.headers.items()},
                        "body": body,
                        "status": status,
                    }
                )
                self.send_response(status)
                if status in REDIRECTS:
                    self.send_header("Location", f"{recorder.base}/elsewhere")
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.base = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def url(self, name: str) -> str:
        return f"{self.base}/{name}"

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


class PushService(Receiver):
    """A push service: answers 201 Created, one endpoint per device under ``/push/``."""

    status = 201

    def endpoint(self, device: str) -> str:
        return self.url(f"push/{device}")

    def delivered(self, device: str) -> list[dict]:
        return [r for r in self.received if r["path"] == f"/push/{device}" and r["status"] < 300]

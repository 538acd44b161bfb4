"""Playthroughs in a real browser: Debian's Chromium driven by Playwright, on a phone's and
a desktop's screen, with every page watched so that the test fails on any 4xx/5xx response
or console error (a page that showed an error to the player is a failed test, even when the
steps after it went on).

Use the ``browse`` fixture (tests/web/conftest.py)::

    page = browse(alice, PHONE)          # signed in as alice, 390 x 844
    page.goto(browse.url(match))
    ...                                  # problems fail the test when it ends

``browse.allow(404, "/matches/999/")`` lets a test expect an error response.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
WAIT_MS = 15_000
POLL_MS = 100


def chromium_path() -> str:
    exe = CHROMIUM if os.path.exists(CHROMIUM) else shutil.which("chromium")
    if not exe:
        pytest.fail(
            "Chromium is not installed: run `apt-get install -y chromium` (never `playwright install`)."
        )
    return exe


@dataclass
class Watch:
    """Problems seen on the watched pages: error responses, console errors, page errors."""

    problems: list[str] = field(default_factory=list)
    allowed: list[tuple[int, re.Pattern[str]]] = field(default_factory=list)

    def allow(self, status: int, url_part: str) -> None:
        """An error response the test expects (``status`` from a URL containing ``url_part``)."""
        self.allowed.append((status, re.compile(re.escape(url_part))))

    def _expected(self, status: int, url: str) -> bool:
        return any(s == status and p.search(url) for s, p in self.allowed)

    def attach(self, page: Any) -> None:
        def response(r: Any) -> None:
            if r.status >= 400 and not self._expected(r.status, r.url):
                self.problems.append(f"HTTP {r.status} from {r.request.method} {r.url}")

        def console(msg: Any) -> None:
            if msg.type == "error" and not self._expected_console(msg.text):
                self.problems.append(f"console error on {page.url}: {msg.text}")

        page.on("response", response)
        page.on("console", console)
        page.on("pageerror", lambda exc: self.problems.append(f"uncaught error on {page.url}: {exc}"))

    def _expected_console(self, text: str) -> bool:
        # Chromium logs each allowed error response as a failed resource load as well.
        return any(f"status of {s}" in text for s, _ in self.allowed)

    def check(self) -> None:
        if self.problems:
            shown = "\n  ".join(self.problems[:20])
            pytest.fail(f"the browser saw {len(self.problems)} problem(s):\n  {shown}", pytrace=False)


class Browse:
    """Opens watched pages on a live server, signed in as a player or not."""

    def __init__(self, browser: Any, base_url: str, watch: Watch) -> None:
        self.browser, self.base, self.watch = browser, base_url, watch
        self.contexts: list[Any] = []

    def __call__(self, user: Any = None, viewport: dict[str, int] = DESKTOP) -> Any:
        context = self.browser.new_context(viewport=viewport)
        self.contexts.append(context)
        if user is not None:
            context.add_cookies([self._session_cookie(user)])
        page = context.new_page()
        page.set_default_timeout(WAIT_MS)
        self.watch.attach(page)
        return page

    def url(self, target: Any = "/") -> str:
        """``match`` -> its page; a path -> that path on the live server."""
        path = target if isinstance(target, str) else f"/matches/{target.pk}/"
        return f"{self.base}{path}"

    def allow(self, status: int, url_part: str) -> None:
        self.watch.allow(status, url_part)

    def _session_cookie(self, user: Any) -> dict[str, Any]:
        from django.conf import settings
        from django.test import Client

        client = Client()
        client.force_login(user)
        return {
            "name": settings.SESSION_COOKIE_NAME,
            "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
            "url": self.base,
        }

    def close(self) -> None:
        for context in self.contexts:
            context.close()


def launch(playwright: Any) -> Any:
    from playwright.sync_api import Error

    exe = chromium_path()
    try:
        return playwright.chromium.launch(executable_path=exe, args=CHROMIUM_ARGS)
    except Error as exc:
        pytest.fail(f"Chromium at {exe} could not start: {exc}")


def browse_fixture(chromium: Any, live_server: Any) -> Iterator[Browse]:
    """The body of the ``browse`` fixture: every page it opens is watched to the end."""
    watch = Watch()
    browse = Browse(chromium, live_server.url, watch)
    yield browse
    browse.close()
    watch.check()


# -- driving a match page ---------------------------------------------------------------------


def seq_of(page: Any) -> int:
    return int(page.locator("#live").get_attribute("data-seq"))


def wait_until(page: Any, done: Any, what: str) -> None:
    """Until ``done()`` holds, asked from the test (the page's Content-Security-Policy
    forbids the string evaluation ``page.wait_for_function`` relies on)."""
    for _ in range(WAIT_MS // POLL_MS):
        if done():
            return
        page.wait_for_timeout(POLL_MS)
    assert done(), f"still waiting after {WAIT_MS} ms for {what}"


def wait_for_seq(page: Any, seq: int) -> None:
    """Until the page shows entry ``seq`` (by its own move, or by polling)."""
    wait_until(page, lambda: seq_of(page) >= seq, f"the page to show entry {seq}")


def act(page: Any, do: Any) -> int:
    """Do one thing that appends a log entry; wait until the page shows it; no move error."""
    before = seq_of(page)
    do()
    # the live region is swapped whole: a new seq, or the same one with the move's error
    page.locator(f'#live:not([data-seq="{before}"]), #move-error').first.wait_for(state="attached")
    error = page.locator("#move-error")
    assert not error.count(), error.inner_text()
    return seq_of(page)


def on_board(page: Any, on: str, value: Any) -> Any:
    """The board element the renderer drew for ``data-<on>="<value>"`` (the topmost one)."""
    return page.locator(f'.board [data-{on}="{value}"]').last


def choice(page: Any, label: str) -> Any:
    """A button of the move tray's picker, by its words."""
    return page.locator("#pick-choices button, #pick-path button").filter(has_text=label).first


def sent(page: Any, before: int) -> bool:
    """Whether the move being made is on its way or in: the picker filled the move form
    (it sends a move by itself once it is the only one left), or the page already shows a
    later entry than ``before``, or the move's error."""
    return bool(page.evaluate(SUBMITTED)) or seq_of(page) != before or page.locator("#move-error").count() > 0


def press_choice(page: Any, label: str, before: int) -> None:
    """The tray's choice ``label`` as a move's last click, unless the move went without it:
    the picker may have sent it by itself, and the page may already be the next position's
    (then the choice is gone and waiting for it would wait in vain)."""
    wait_until(page, lambda: sent(page, before) or choice(page, label).count() > 0, f"the choice {label}")
    if not sent(page, before):
        choice(page, label).click()


def listed_moves(page: Any) -> list[dict[str, Any]]:
    """The moves the page's picker was given, each with its steps (games/ui/panel.py)."""
    return page.evaluate(
        "() => (JSON.parse(document.getElementById('pick-moves')?.textContent || 'null') || {moves: []}).moves"
    )


SUBMITTED = "() => !!(document.querySelector('#board-move [name=move]') || {}).value"

ROUTES_OF = """async (piece) => {
  const picks = JSON.parse(document.getElementById('pick-moves')?.textContent || 'null');
  const url = document.querySelector('[data-picker]')?.dataset.routesUrl;
  if (!picks || !picks.routes || !url || !picks.routes.pieces.includes(piece)) return [];
  const r = await fetch(url + '?piece=' + encodeURIComponent(piece) + '&seq=' + picks.routes.seq);
  return r.ok ? (await r.json()).moves : [];
}"""


def route_pieces(page: Any) -> list[str]:
    """The pieces the page says move by destination (their routes are asked for on a click)."""
    return page.evaluate(
        "() => ((JSON.parse(document.getElementById('pick-moves')?.textContent || 'null') || {}).routes"
        " || {pieces: []}).pieces"
    )


def routes_of(page: Any, piece: str) -> list[dict[str, Any]]:
    """A piece's destinations as the page's picker gets them when the piece is clicked: the
    same request to the server, made from the page."""
    return page.evaluate(ROUTES_OF, piece)


def click_route(page: Any, route: dict[str, Any], click: Any = None) -> None:
    """Click a route's piece, wait until the page has its destinations highlighted (asked of
    the server), then click the rest of its steps."""
    click = click or click_steps
    click(page, route["steps"][:1])
    to = route["steps"][1]
    where = (to.get("values") or [to["value"]])[0]
    target = page.locator(f'.board [data-{to["on"]}="{where}"].is-target')
    wait_until(page, lambda: target.count() > 0, f"{where} to be highlighted")
    click(page, route["steps"][1:])


def click_steps(page: Any, steps: list[dict[str, Any]]) -> None:
    """Make a listed move by its steps, as a player would: board elements clicked, choices
    pressed (a choice already made or taken for the player is left as it is). Stops once
    the picker has submitted the move (a footprint is submitted when one ship fits)."""
    for step in steps:
        if page.evaluate(SUBMITTED):
            return
        if step["on"] == "choice":
            label = step["label"]
            if page.locator('#pick-path [aria-pressed="true"]').filter(has_text=label).count():
                continue
            if page.locator("#pick-choices button").filter(has_text=label).count():
                choice(page, label).click()
            continue
        for value in step.get("values") or [step["value"]]:
            if page.evaluate(SUBMITTED):
                return
            on_board(page, step["on"], value).click()

"""One entry per game: its engine and everything the server shows of it.

The engines register themselves (``games.engines``); each has a UI package of the same name
under ``games/ui/`` holding its renderer, its move-panel hints and its templates. Pages,
emails and help look a game up here and nowhere else, so a fifth game is its engine
package, its UI package and its tests (``tests/web/test_catalog.py`` checks every part).
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any, Protocol

from .engines import all_engines
from .engines import base as engine_base
from .engines.base import Engine
from .ui.common.hints import Hints

UI_PACKAGE = "games.ui"
UI_DIR = Path(__file__).resolve().parent / "ui"

FORCE_LISTS = "force_lists"
"""Capability: the engine builds forces from saved lists (engines.base.ForceBuilding)."""
FORCE_METHODS = ("force_moves", "budget")


class Renderer(Protocol):
    def svg(self, view: dict[str, Any]) -> str: ...
    def text(self, view: dict[str, Any]) -> str: ...
    def html(self, view: dict[str, Any]) -> str: ...
    def status_line(self, view: dict[str, Any]) -> str: ...


@dataclass(frozen=True)
class GameEntry:
    """A game as the server knows it; templates are named for ``games.ui.loader``."""

    key: str
    engine: Engine
    package: str  # the engine's package name, and its UI package's
    renderer: Renderer
    hints: Hints
    help_template: str
    panel_template: str | None  # the side panel; None: the viewer's text board
    capabilities: frozenset[str]
    forces: ModuleType | None = None  # force_of(view), lines_of(view): a force-building game's lists
    walkthrough_template: str | None = None  # first-match guidance on the match page
    diagrams: ModuleType | None = None  # DIAGRAMS: name -> () -> (view, caption), for its help page

    @property
    def title(self) -> str:
        return self.engine.title

    def template(self, name: str) -> str:
        """A template of this game's UI package, e.g. ``template("fleet.html")``."""
        return f"ui/{self.package}/{name}"

    def has(self, capability: str) -> bool:
        return capability in self.capabilities


def package_of(engine: Engine) -> str:
    """``games.engines.dogfight.engine`` -> ``dogfight``."""
    return type(engine).__module__.split(".")[2]


def templates_dir(package: str) -> Path:
    return UI_DIR / package / "templates"


def _module(package: str, name: str) -> ModuleType | None:
    full = f"{UI_PACKAGE}.{package}.{name}"
    if importlib.util.find_spec(f"{UI_PACKAGE}.{package}") is None or importlib.util.find_spec(full) is None:
        return None
    return importlib.import_module(full)


def capabilities_of(engine: Engine) -> frozenset[str]:
    """What the engine can do beyond the protocol; read off the engine, never its key."""
    caps = set()
    protocol = getattr(engine_base, "ForceBuilding", None)
    if isinstance(protocol, type):
        builds = isinstance(engine, protocol)
    else:
        builds = all(callable(getattr(engine, name, None)) for name in FORCE_METHODS)
    if builds:
        caps.add(FORCE_LISTS)
    return frozenset(caps)


def build_entry(engine: Engine) -> GameEntry | None:
    """The engine's entry, or None while its UI package lacks a renderer or hints."""
    package = package_of(engine)
    renderer, hints = _module(package, "render"), _module(package, "hints")
    if renderer is None or hints is None:
        return None
    panel = templates_dir(package) / "panel.html"
    return GameEntry(
        key=engine.key,
        engine=engine,
        package=package,
        renderer=renderer,  # a module with the four functions
        hints=hints.HINTS,
        help_template=f"ui/{package}/help.html",
        panel_template=f"ui/{package}/panel.html" if panel.is_file() else None,
        walkthrough_template=(
            f"ui/{package}/walkthrough.html"
            if (templates_dir(package) / "walkthrough.html").is_file()
            else None
        ),
        capabilities=capabilities_of(engine),
        forces=_module(package, "forces"),
        diagrams=_module(package, "diagrams"),
    )


@functools.cache
def catalog() -> dict[str, GameEntry]:
    """Every registered engine that has its UI package, by key."""
    entries = (build_entry(e) for e in all_engines())
    return {e.key: e for e in entries if e is not None}


def entry(key: str) -> GameEntry | None:
    return catalog().get(key)


def entries() -> list[GameEntry]:
    return list(catalog().values())


def with_capability(capability: str) -> list[GameEntry]:
    return [e for e in entries() if e.has(capability)]

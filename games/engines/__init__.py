"""Pure rules engines, one package per game, and the registry that names them."""

from __future__ import annotations

from .base import Engine

_REGISTRY: dict[str, Engine] = {}


def register(engine: Engine) -> Engine:
    if engine.key in _REGISTRY:
        raise ValueError(f"engine key {engine.key!r} is registered twice")
    _REGISTRY[engine.key] = engine
    return engine


def _load() -> None:
    if _REGISTRY:
        return
    from . import dogfight  # noqa: F401  (registers itself)


def get(key: str) -> Engine | None:
    _load()
    return _REGISTRY.get(key)


def all_engines() -> list[Engine]:
    _load()
    return list(_REGISTRY.values())

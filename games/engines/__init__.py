"""Pure rules engines, one package per game, and the registry that names them."""

from __future__ import annotations

from .base import Engine

_REGISTRY: dict[str, Engine] = {}


def register(engine: Engine) -> Engine:
    if engine.key in _REGISTRY:
        raise ValueError(f"engine key {engine.key!r} is registered twice")
    _REGISTRY[engine.key] = engine
    return engine


_loaded = False


def _load() -> None:
    """Import every engine package under games/engines/; each registers itself.

    A flag, not "the registry is empty": importing one engine directly (e.g. for its force
    list helpers) registers that one, and the others must still be found.
    """
    global _loaded
    if _loaded:
        return
    import importlib
    import pkgutil

    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        if info.ispkg:
            importlib.import_module(f"{__name__}.{info.name}")
    _loaded = True


def get(key: str) -> Engine | None:
    _load()
    return _REGISTRY.get(key)


def named(key: str) -> Engine:
    """The engine registered under ``key``, for a key the code itself names (a KeyError otherwise)."""
    engine = get(key)
    if engine is None:
        raise KeyError(f"no engine is registered as {key!r}")
    return engine


def all_engines() -> list[Engine]:
    _load()
    return list(_REGISTRY.values())

"""Battleship Galaxies: The Saturn Offensive - rules engine, registered on import."""

from __future__ import annotations

from .. import register
from .engine import Galaxies

ENGINE = register(Galaxies())

__all__ = ["ENGINE", "Galaxies"]

"""Space Dogfight (Mats Lintonsson, Game-o-gram #2): rules engine, registered on import."""

from __future__ import annotations

from .. import register
from .engine import Dogfight

ENGINE = register(Dogfight())

__all__ = ["ENGINE", "Dogfight"]

"""Star Fighters: Rapid Fire (Dunsmore & Nichols): rules engine, registered on import."""

from __future__ import annotations

from .. import register
from .engine import StarFighters

ENGINE = register(StarFighters())

__all__ = ["ENGINE", "StarFighters"]

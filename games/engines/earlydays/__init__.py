""" "The early days", a fan-made Star Wars fighter hex game: rules engine, registered on import.

``validate_force`` and ``force_cost`` are the pure force-list functions the server's saved
force lists call (see ``forces.py``).
"""

from __future__ import annotations

from .. import register
from .engine import EarlyDays
from .forces import force_cost, validate_force

ENGINE = register(EarlyDays())

__all__ = ["ENGINE", "EarlyDays", "force_cost", "validate_force"]

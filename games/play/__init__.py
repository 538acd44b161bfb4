"""The write path: the only code that writes matches, their seats and their logs."""

from .checks import check_current

__all__ = ["check_current"]

"""Errors of the games domain. config/api_errors.py maps each class to its HTTP status."""

from __future__ import annotations

from accounts.errors import DomainError


class BadRequest(DomainError):
    """The request itself is malformed (400)."""

    status = 400


class NotFound(DomainError):
    status = 404


class Forbidden(DomainError):
    """Not yours: a seat you do not hold, a match you are not in (403)."""

    status = 403


class Conflict(DomainError):
    """The match moved on or is in the wrong status: stale seq, not your turn, full (409)."""

    status = 409


class IllegalMove(DomainError):
    """The engine refused the move (422); ``code`` is the engine's Invalid code."""

    status = 422


class EngineFault(DomainError):
    """A rules engine failed on a move (a bug, logged): the move is refused, nothing is
    written and the match stays playable (500, code ``engine_fault``)."""

    status = 500

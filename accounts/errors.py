"""Domain errors carry a stable code, a message for people, and the HTTP status they map to."""

from __future__ import annotations


class DomainError(Exception):
    status = 400

    def __init__(self, code: str, message: str, **extra: object) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.extra = extra

    def as_dict(self) -> dict[str, object]:
        return {"code": self.code, "message": self.message, **self.extra}


class AccountError(DomainError):
    status = 400


class RateLimited(DomainError):
    """Too many requests of one kind in a short time (429); ``retry_after`` is in seconds."""

    status = 429

    def __init__(self, code: str, message: str, *, retry_after: int, **extra: object) -> None:
        super().__init__(code, message, retry_after=retry_after, **extra)
        self.retry_after = retry_after

"""The verifiable random stream.

Every match has a secret seed; its SHA-256 is shown to the players from the start. The
draws for log entry ``seq`` come from HMAC-SHA256(seed, "{seq}:{n}") for n = 0, 1, 2, ...,
read as a 256-bit integer and mapped to a face without modulo bias by rejection sampling
(a value in the biased tail is skipped and the next n is used). Each accepted draw is
recorded with its purpose and audience, so that once the seed is revealed anyone can
recompute it (see ``tools/verify_export.py``, which repeats this arithmetic on its own).
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterable, Sequence
from typing import Any, TypeVar

from .base import Seat

T = TypeVar("T")

_SPACE = 1 << 256


def commitment(seed: bytes) -> str:
    """The public commitment to a seed: its SHA-256 in hex."""
    return hashlib.sha256(seed).hexdigest()


def mix_seed(server_seed: bytes, salts: Iterable[str]) -> bytes:
    """The seed the dice use: the server's secret seed mixed with the players' salts.

    Salts are public and given at join, after the server has committed to its seed, so
    neither side alone could have chosen the dice.
    """
    h = hashlib.sha256(server_seed)
    for salt in salts:
        h.update(hashlib.sha256(salt.encode("utf-8")).digest())
    return h.digest()


def raw_draw(seed: bytes, seq: int, n: int) -> int:
    return int.from_bytes(hmac.new(seed, f"{seq}:{n}".encode(), hashlib.sha256).digest(), "big")


def face(value: int, sides: int) -> int | None:
    """Map a raw 256-bit value to 1..sides, or None if it falls in the rejected tail."""
    limit = _SPACE - (_SPACE % sides)
    if value >= limit:
        return None
    return value % sides + 1


def entry_nonce(seed: bytes, seq: int) -> str:
    """A per-entry secret mixed into the log hash so hidden content cannot be guessed from it."""
    return hmac.new(seed, f"nonce:{seq}".encode(), hashlib.sha256).hexdigest()


class Dice:
    """The draws for one log entry. Engines take randomness from here and nowhere else."""

    def __init__(self, seed: bytes, seq: int) -> None:
        self._seed = seed
        self._seq = seq
        self._n = 0
        self.draws: list[dict[str, Any]] = []

    def roll(self, sides: int, purpose: str, audience: Iterable[Seat] | None = None) -> int:
        """One uniform draw in 1..sides, recorded with its purpose and who may see it."""
        if sides < 1:
            raise ValueError(f"a die needs at least one side, not {sides}")
        while True:
            n = self._n
            self._n += 1
            value = face(raw_draw(self._seed, self._seq, n), sides)
            if value is not None:
                break
        self.draws.append(
            {
                "n": n,
                "sides": sides,
                "value": value,
                "purpose": purpose,
                "to": None if audience is None else sorted(set(audience)),
            }
        )
        return value

    def d6(self, purpose: str, audience: Iterable[Seat] | None = None) -> int:
        return self.roll(6, purpose, audience)

    def pick(self, items: Sequence[T], purpose: str, audience: Iterable[Seat] | None = None) -> T:
        """One of ``items`` uniformly (the caller keeps ``items`` in a canonical order)."""
        return items[self.roll(len(items), purpose, audience) - 1]

"""Seat.player: the user of a seat that must have one."""

from __future__ import annotations

import pytest

from accounts.models import User
from games.models import Seat


def test_a_seat_with_a_user_gives_it():
    user = User(username="ada")
    assert Seat(index=0, user=user).player is user


def test_a_seat_without_one_is_a_bug_named_as_such():
    with pytest.raises(ValueError, match="has no player"):
        _ = Seat(index=1).player

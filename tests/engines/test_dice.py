"""The verifiable random stream (ARCHITECTURE §4): HMAC draws, rejection sampling, seeds."""

from __future__ import annotations

import hashlib
import hmac
from collections import Counter

import pytest

from games.engines import dice as dice_module
from games.engines.dice import Dice, commitment, entry_nonce, face, mix_seed, raw_draw

SEED = bytes(range(32))


def test_a_draw_is_the_hmac_of_the_seed_over_seq_and_n_read_as_a_256_bit_integer():
    expected = int.from_bytes(hmac.new(SEED, b"7:3", hashlib.sha256).digest(), "big")
    assert raw_draw(SEED, 7, 3) == expected


def test_a_face_is_the_value_modulo_the_sides_plus_one_below_the_rejected_tail():
    space = 1 << 256
    limit = space - space % 6
    assert face(0, 6) == 1 and face(5, 6) == 6 and face(6, 6) == 1
    assert face(limit - 1, 6) == (limit - 1) % 6 + 1
    assert face(limit, 6) is None and face(space - 1, 6) is None


def test_a_value_in_the_biased_tail_is_skipped_and_the_next_n_is_used(monkeypatch):
    tail = (1 << 256) - 1
    values = {0: tail, 1: 9}
    monkeypatch.setattr(dice_module, "raw_draw", lambda seed, seq, n: values[n])
    d = Dice(SEED, 1)
    assert d.d6("test") == 9 % 6 + 1
    assert d.draws == [{"n": 1, "sides": 6, "value": 4, "purpose": "test", "to": None}]


def test_the_same_seed_and_entry_give_the_same_draws_and_another_entry_others():
    a, b, c = Dice(SEED, 5), Dice(SEED, 5), Dice(SEED, 6)
    rolls = [[x.d6("r") for _ in range(20)] for x in (a, b, c)]
    assert rolls[0] == rolls[1] and rolls[0] != rolls[2]
    assert a.draws == b.draws


def test_each_draw_is_recorded_with_its_purpose_and_audience_in_order():
    d = Dice(SEED, 2)
    d.roll(10, "initiative")
    d.d6("hidden", audience={1, 0})
    assert [(x["n"], x["sides"], x["purpose"], x["to"]) for x in d.draws] == [
        (0, 10, "initiative", None),
        (1, 6, "hidden", [0, 1]),
    ]


def test_the_faces_are_uniform():
    """Chi-square over 60,000 deterministic d6 draws: a biased mapping would stand out."""
    counts = Counter()
    for seq in range(1, 3001):
        d = Dice(SEED, seq)
        for _ in range(20):
            counts[d.d6("u")] += 1
    expected = 60_000 / 6
    chi2 = sum((counts[f] - expected) ** 2 / expected for f in range(1, 7))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert chi2 < 20.5  # p = 0.001 with 5 degrees of freedom


def test_pick_takes_one_of_the_items_by_a_recorded_roll():
    d = Dice(SEED, 3)
    items = ["a", "b", "c"]
    chosen = d.pick(items, "which")
    assert chosen == items[d.draws[0]["value"] - 1] and d.draws[0]["sides"] == 3


def test_a_die_without_sides_is_a_bug_not_a_draw():
    with pytest.raises(ValueError, match="at least one side"):
        Dice(SEED, 1).roll(0, "none")


def test_the_commitment_is_the_seeds_sha256():
    assert commitment(SEED) == hashlib.sha256(SEED).hexdigest()


def test_every_salt_and_their_order_change_the_mixed_seed():
    base = mix_seed(SEED, ["alice", "bob"])
    assert base == mix_seed(SEED, ["alice", "bob"])
    assert len({base, mix_seed(SEED, ["alice", "bob!"]), mix_seed(SEED, ["bob", "alice"])}) == 3
    assert mix_seed(SEED, []) == hashlib.sha256(SEED).digest()


def test_the_entry_nonce_is_secret_per_seed_and_entry():
    assert entry_nonce(SEED, 1) != entry_nonce(SEED, 2)
    assert entry_nonce(SEED, 1) != entry_nonce(bytes(32), 1)
    assert entry_nonce(SEED, 1) == hmac.new(SEED, b"nonce:1", hashlib.sha256).hexdigest()

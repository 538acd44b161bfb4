#!/usr/bin/env python3
"""Verify a Starpost match export on your own machine, with the Python standard library only.

    python3 verify_export.py export.json

Download the export of a finished match from /api/matches/<id>/export/. This checks that:

1. the revealed seed is the one the server committed to before the first die was rolled
   (its SHA-256 equals the commitment shown from the start);
2. the dice seed is that seed mixed with the players' public salts;
3. every log entry's hash is right and chains to the one before (the first to the
   commitment), and the last is the log head you were shown;
4. every die the server rolled is what HMAC-SHA256(seed, "<seq>:<n>") gives, without
   modulo bias, and no roll was skipped to pick a better one.

Every field it needs must be there with the right type: anything missing or malformed is a
failure, never a check left out.

It does not need, and does not trust, any code of the server.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import sys

SPACE = 1 << 256


def canonical(data) -> bytes:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def mix_seed(seed: bytes, salts) -> bytes:
    h = hashlib.sha256(seed)
    for salt in salts:
        h.update(hashlib.sha256(salt.encode("utf-8")).digest())
    return h.digest()


def raw_draw(seed: bytes, seq: int, n: int) -> int:
    return int.from_bytes(hmac.new(seed, f"{seq}:{n}".encode(), hashlib.sha256).digest(), "big")


def face(value: int, sides: int):
    limit = SPACE - (SPACE % sides)
    return None if value >= limit else value % sides + 1


def nonce(seed: bytes, seq: int) -> str:
    return hmac.new(seed, f"nonce:{seq}".encode(), hashlib.sha256).hexdigest()


class Missing(Exception):
    """A field the verifier needs is absent or of the wrong type: the export cannot be checked."""


def need(record: dict, key: str, kinds, where: str):
    if not isinstance(record, dict) or key not in record:
        raise Missing(f"{where}: no {key!r}")
    value = record[key]
    if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in _tuple(kinds)):
        raise Missing(f"{where}: {key!r} is {type(value).__name__}, not {_names(kinds)}")
    return value


def _tuple(kinds) -> tuple:
    return kinds if isinstance(kinds, tuple) else (kinds,)


def _names(kinds) -> str:
    return " or ".join("null" if k is type(None) else k.__name__ for k in _tuple(kinds))


def _hex(value: str, where: str) -> bytes:
    try:
        return bytes.fromhex(value)
    except ValueError:
        raise Missing(f"{where}: {value[:20]!r} is not hexadecimal") from None


def verify(export: dict) -> tuple[list[str], dict]:
    """Return (problems, counts). No problems means the export checks out; a field that is
    missing or malformed is a problem too, never a check skipped."""
    problems: list[str] = []
    counts = {"entries": 0, "draws": 0}
    try:
        _verify(export, problems, counts)
    except Missing as exc:
        problems.append(f"cannot be checked: {exc}")
    return problems, counts


def _verify(export: dict, problems: list[str], counts: dict) -> None:
    if not isinstance(export, dict):
        raise Missing("the export is not a JSON object")
    if need(export, "format", str, "export") != "starpost-export/1":
        raise Missing(f"export: format {export['format']!r} is not starpost-export/1")
    match = need(export, "match", int, "export")
    commitment = need(export, "seed_commitment", str, "export")
    seed = _hex(need(export, "seed", str, "export"), "seed")
    salts = need(export, "salts", list, "export")
    for i, salt in enumerate(salts):
        need({"salt": salt}, "salt", str, f"salts[{i}]")
    entries = need(export, "entries", list, "export")
    log_head = need(export, "log_head", (str, type(None)), "export")
    given_dice_seed = need(export, "dice_seed", (str, type(None)), "export")
    if hashlib.sha256(seed).hexdigest() != commitment:
        problems.append("the seed does not match the commitment shown at the start")
    dice_seed = mix_seed(seed, salts)
    if given_dice_seed is None:
        if entries:
            problems.append("the export has entries but no dice seed")
    elif given_dice_seed != dice_seed.hex():
        problems.append("the dice seed is not the seed mixed with the players' salts")
    prev = commitment
    for index, entry in enumerate(entries):
        where = f"entry #{index + 1}"
        seq = need(entry, "seq", int, where)
        where = f"entry {seq}"
        counts["entries"] += 1
        if seq != index + 1:
            problems.append(f"{where}: expected seq {index + 1} (entries missing or out of order)")
        if need(entry, "prev_hash", str, where) != prev:
            problems.append(f"{where}: does not chain to the entry before it")
        dice = need(entry, "dice", list, where)
        payload = {
            "match": match,
            "seq": seq,
            "seat": need(entry, "seat", (int, type(None)), where),
            "move": need(entry, "move", (dict, list, str, int, float, type(None)), where),
            "move_audience": need(entry, "move_audience", (list, type(None)), where),
            "events": need(entry, "events", list, where),
            "dice": dice,
            "engine_version": need(entry, "engine_version", str, where),
            "created_at": need(entry, "created_at", str, where),
            "prev_hash": entry["prev_hash"],
            "nonce": nonce(dice_seed, seq),
        }
        if hashlib.sha256(canonical(payload)).hexdigest() != need(entry, "hash", str, where):
            problems.append(f"{where}: its hash does not match its content")
        prev = entry["hash"]
        _check_draws(dice_seed, seq, dice, problems, counts)
    if entries and log_head is None:
        problems.append("the export has entries but no log head")
    elif entries and log_head != prev:
        problems.append("the last entry is not the log head")


def _check_draws(dice_seed: bytes, seq: int, dice: list, problems: list[str], counts: dict) -> None:
    """Each draw is what the seed gives, and no valid draw was skipped before it. The number
    of sides is the server's record (bound into the entry's hash): it must be a real die."""
    expected_n = 0
    for i, draw in enumerate(dice):
        where = f"entry {seq} draw #{i + 1}"
        counts["draws"] += 1
        n = need(draw, "n", int, where)
        sides = need(draw, "sides", int, where)
        value = need(draw, "value", int, where)
        if sides < 1 or sides > SPACE:
            problems.append(f"{where}: a die with {sides} sides cannot be rolled")
            continue
        if n < expected_n:
            problems.append(f"{where}: draw {n} comes after draw {expected_n - 1} (reused or out of order)")
            continue
        if not 1 <= value <= sides:
            problems.append(f"{where}: shows {value}, not a face of a {sides}-sided die")
        # every n before this one, back to the previous draw, must have been a rejection
        for skipped in range(expected_n, n):
            if face(raw_draw(dice_seed, seq, skipped), sides) is not None:
                problems.append(f"entry {seq}: draw {skipped} was skipped although it was valid")
        if face(raw_draw(dice_seed, seq, n), sides) != value:
            problems.append(
                f"entry {seq}: draw {n} ({draw.get('purpose', '?')}) shows {value}, the seed gives "
                f"{face(raw_draw(dice_seed, seq, n), sides)}"
            )
        expected_n = n + 1


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    try:
        with open(argv[1], encoding="utf-8") as fh:
            export = json.load(fh)
    except (OSError, ValueError) as exc:
        print(f"FAIL: cannot read {argv[1]}: {exc}")
        return 1
    problems, counts = verify(export)
    for p in problems:
        print("FAIL:", p)
    if problems:
        return 1
    print(
        f"OK: match {export['match']} ({export['game']}): {counts['entries']} entries chained to "
        f"{(export['log_head'] or '(none)')[:16]}..., {counts['draws']} dice draws recomputed from the revealed seed."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

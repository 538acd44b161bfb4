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


def verify(export: dict) -> tuple[list[str], dict]:
    """Return (problems, counts). No problems means the export checks out."""
    problems: list[str] = []
    counts = {"entries": 0, "draws": 0}
    seed = bytes.fromhex(export["seed"])
    if hashlib.sha256(seed).hexdigest() != export["seed_commitment"]:
        problems.append("the seed does not match the commitment shown at the start")
    dice_seed = mix_seed(seed, export["salts"])
    if export.get("dice_seed") and export["dice_seed"] != dice_seed.hex():
        problems.append("the dice seed is not the seed mixed with the players' salts")
    prev = export["seed_commitment"]
    for entry in export["entries"]:
        seq = entry["seq"]
        counts["entries"] += 1
        if entry["prev_hash"] != prev:
            problems.append(f"entry {seq}: does not chain to the entry before it")
        payload = {
            "match": export["match"],
            "seq": seq,
            "seat": entry["seat"],
            "move": entry["move"],
            "move_audience": entry["move_audience"],
            "events": entry["events"],
            "dice": entry["dice"],
            "engine_version": entry["engine_version"],
            "created_at": entry["created_at"],
            "prev_hash": entry["prev_hash"],
            "nonce": nonce(dice_seed, seq),
        }
        if hashlib.sha256(canonical(payload)).hexdigest() != entry["hash"]:
            problems.append(f"entry {seq}: its hash does not match its content")
        prev = entry["hash"]
        expected_n = 0
        for draw in entry["dice"]:
            counts["draws"] += 1
            n, sides, value = draw["n"], draw["sides"], draw["value"]
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
    if export.get("log_head") and export["log_head"] != prev:
        problems.append("the last entry is not the log head")
    return problems, counts


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    with open(argv[1], encoding="utf-8") as fh:
        export = json.load(fh)
    problems, counts = verify(export)
    for p in problems:
        print("FAIL:", p)
    if problems:
        return 1
    print(
        f"OK: match {export['match']} ({export['game']}): {counts['entries']} entries chained to "
        f"{export['log_head'][:16]}..., {counts['draws']} dice draws recomputed from the revealed seed."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

"""How often each house limit decides the games of automatic players that try to win.

    .venv/bin/python bench/house_limits.py [--games 100] [--first-seed 0] [--game KEY] [--label L] [--jobs 1]

For each game and setting (scenario, mission...) it plays ``--games`` matches between the
game's automatic players (``games/bots/``), with the seeds ``house-limits-<n>`` for n from
``--first-seed`` on, the way the server plays a match (``play_match``: setup and every move
with the server's dice), and prints the games played, the share each house limit decided
with its 95% Wilson interval, and how the other games ended. The same seeds give the same
games, so a line can be reproduced alone (``--game``, ``--label``, ``--first-seed``,
``--games``).

A house limit "decides" a game when the game ends by it (docs/HOUSE-RULES.md records the
shares). Pure: no database, no server; each game adds its settings to ``SETTINGS``.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[0] = str(ROOT)

from games.bots.base import Bot, MatchResult, play_match  # noqa: E402
from games.engines import get  # noqa: E402


def by_reason(result: MatchResult) -> str:
    """How a game ended: its outcome's reason ("unfinished" if it hit the step cap)."""
    return "unfinished" if result.outcome is None else result.outcome.reason


@dataclass(frozen=True)
class Setting:
    game: str  # the engine key
    label: str  # what is measured, e.g. "scenario=convoy_raid"
    seats: int
    options: dict[str, Any]
    limits: dict[str, str]  # ending -> the house rule that ended the game so
    bots: Callable[[int], Sequence[Bot]] = field(compare=False)
    ending: Callable[[MatchResult], str] = field(default=by_reason, compare=False)


# -- Space Dogfight: the turn cap (SD-H2) ----------------------------------------------------------
def _dogfight_bots(seats: int) -> list[Bot]:
    from games.bots.dogfight import DogfightBot

    return [DogfightBot() for _ in range(seats)]


DOGFIGHT = Setting("space-dogfight", "default", 2, {}, {"turn_cap": "SD-H2"}, _dogfight_bots)


# -- The early days: the turn limit (SW-08, SW-H11) -----------------------------------------------
def _early_days_bots(seats: int) -> list[Bot]:
    from games.bots.earlydays import EarlyDaysBot

    return [EarlyDaysBot() for _ in range(seats)]


def _early_days_ending(result: MatchResult) -> str:
    """The turn limit, a side with nothing left, or the scenario's own reason."""
    o = result.outcome
    if o is None:
        return "unfinished"
    ended_by = (o.details or {}).get("ended_by", "scenario")
    return "turn_limit" if ended_by == "turn_limit" else f"{ended_by}:{o.reason}"


EARLY_DAYS = [
    Setting(
        "early-days",
        f"scenario={s}",
        2,
        {"scenario": s},
        {"turn_limit": "SW-H11"},
        _early_days_bots,
        _early_days_ending,
    )
    for s in ("fighter_clash", "convoy_raid", "outpost_assault", "hostage", "steal_starship")
]


# -- Battleship Galaxies: the round limit (BG-H1; the side ahead wins there, BG-H2) ---------------
def _galaxies_bots(seats: int) -> list[Bot]:
    from games.bots.galaxies import GalaxiesBot

    return [GalaxiesBot() for _ in range(seats)]


GALAXIES = [
    Setting(
        "battleship-galaxies",
        f"mission={m}",
        n,
        {"mission": m},
        {"round_limit_points": "BG-H1"},
        _galaxies_bots,
    )
    for m, n in (("skirmish", 2), ("mission-1", 2), ("barrage-core", 2), ("pan-base", 2), ("pan-base", 3))
]


# -- Star Fighters: the round limit (SF-H1) ---------------------------------------------------------
def _star_fighters_bots(seats: int) -> list[Bot]:
    from games.bots.starfighters import StarFightersBot

    return [StarFightersBot() for _ in range(seats)]


STAR_FIGHTERS = [
    Setting("star-fighters", label, n, {}, {"round_limit": "SF-H1"}, _star_fighters_bots)
    for label, n in (("2 players", 2), ("3 players", 3), ("2 v 2", 4))
]

SETTINGS: list[Setting] = [DOGFIGHT, *EARLY_DAYS, *GALAXIES, *STAR_FIGHTERS]


# -- measuring --------------------------------------------------------------------------------------
def seed(n: int) -> bytes:
    return f"house-limits-{n}".encode()


def play(setting: Setting, n: int) -> tuple[str, int]:
    """One game: (how it ended, moves played)."""
    engine = get(setting.game)
    assert engine is not None, setting.game
    result = play_match(engine, setting.bots(setting.seats), seed=seed(n), options=setting.options)
    return setting.ending(result), result.steps


def wilson(hits: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a share ``hits / n``."""
    if n == 0:
        return 0.0, 1.0
    p = hits / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def report(setting: Setting, endings: Counter[str], first: int, games: int, seconds: float) -> str:
    lines = [
        f"{setting.game} {setting.label} seats={setting.seats}: {games} games, seeds "
        f"house-limits-{first}..house-limits-{first + games - 1}, {seconds / games:.1f} s a game"
    ]
    for ending, rule in setting.limits.items():
        hits = endings[ending]
        low, high = wilson(hits, games)
        lines.append(
            f"  {rule} ({ending}) decided {hits} of {games} = {hits / games:.1%} "
            f"(95% CI {low:.1%} to {high:.1%})"
        )
    others = ", ".join(f"{r} {k}" for r, k in endings.most_common() if r not in setting.limits)
    lines.append(f"  other endings: {others or 'none'}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="games per setting (default 100)")
    parser.add_argument("--first-seed", type=int, default=0, help="seed number of the first game")
    parser.add_argument("--game", help="only this engine key")
    parser.add_argument("--label", help="only the settings with this label, e.g. scenario=hostage")
    parser.add_argument("--seats", type=int, help="only this seat count")
    parser.add_argument("--jobs", type=int, default=1, help="processes (the machine is shared: default 1)")
    args = parser.parse_args(argv)
    chosen = [
        s
        for s in SETTINGS
        if (args.game in (None, s.game))
        and (args.label in (None, s.label))
        and (args.seats in (None, s.seats))
    ]
    seeds = range(args.first_seed, args.first_seed + args.games)
    with ProcessPoolExecutor(args.jobs) if args.jobs > 1 else _Inline() as pool:
        for setting in chosen:
            start = time.monotonic()
            endings = Counter(ending for ending, _ in pool.map(play, [setting] * len(seeds), seeds))
            print(report(setting, endings, args.first_seed, args.games, time.monotonic() - start), flush=True)


class _Inline:
    """``pool.map`` in this process, for --jobs 1."""

    def __enter__(self) -> _Inline:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def map(self, fn: Callable[..., Any], *iterables: Any) -> Any:
        return map(fn, *iterables)


if __name__ == "__main__":
    main()

"""The import contract between games and notifications (pyproject.toml) names every module
of notifications that games may not import: a new module is private until it is added to
the public ones here, on purpose."""

from __future__ import annotations

import pkgutil
import tomllib
from pathlib import Path

import notifications

ROOT = Path(__file__).resolve().parents[2]
# What games may use: the typed notices and messages, the delivery policy, the reply port.
PUBLIC = {
    "notifications.contracts",
    "notifications.notices",
    "notifications.replies",
    "notifications.replyaddr",
}
NAME = "Games reaches notifications only through its contracts, its policy and the reply port"


def test_every_module_of_notifications_but_the_public_ones_is_forbidden_to_games():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    [contract] = [c for c in config["tool"]["importlinter"]["contracts"] if c["name"] == NAME]
    assert contract["source_modules"] == ["games"]
    modules = {f"notifications.{m.name}" for m in pkgutil.iter_modules(notifications.__path__)}
    assert modules >= PUBLIC
    assert set(contract["forbidden_modules"]) == modules - PUBLIC

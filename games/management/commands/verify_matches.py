"""Rebuild every match from its log and compare with the cached state and outcome."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError

from games.engines import get as get_engine
from games.engines.base import Engine
from games.models import Match
from games.play.log import replay


class Command(BaseCommand):
    help = "Replay each match's log through its engine and check it equals the cached state."

    def add_arguments(self, parser):
        parser.add_argument("ids", nargs="*", type=int, help="match ids (default: all started matches)")

    def handle(self, *args, ids, **options):
        qs = Match.objects.exclude(status=Match.Status.OPEN).order_by("pk")
        if ids:
            qs = qs.filter(pk__in=ids)
        bad = 0
        count = 0
        older = 0
        for match in qs.iterator():
            count += 1
            engine = get_engine(match.game)
            if engine is not None and not engine.plays_on(match.engine_version):
                # Only the current rules engine is installed; its moves are refused too.
                older += 1
                self.stdout.write(
                    f"match {match.pk}: not replayed: recorded under version {match.engine_version} "
                    f"of {match.game}, the engine is version {engine.version}"
                )
                continue
            try:
                state, outcome = replay(match)
            except Exception as exc:  # report every broken match, not just the first
                bad += 1
                self.stderr.write(f"match {match.pk}: replay failed: {exc}")
                continue
            problems = []
            if not _same_state(engine, match, state):
                problems.append("state differs from the cache")
            if outcome != match.outcome:
                problems.append(f"outcome {outcome} differs from {match.outcome}")
            heads = list(match.log.order_by("-seq").values_list("hash", "seq")[:1])
            if heads and (heads[0][0] != match.log_head or heads[0][1] != match.seq):
                problems.append("log head or seq differs from the last entry")
            if problems:
                bad += 1
                self.stderr.write(f"match {match.pk}: " + "; ".join(problems))
            else:
                self.stdout.write(f"match {match.pk}: ok ({match.seq} entries)")
        if bad:
            raise CommandError(f"{bad} of {count} matches do not replay to their cached state")
        note = f" ({older} under older rules versions not replayed)" if older else ""
        self.stdout.write(self.style.SUCCESS(f"{count - older} matches replay to their cached state{note}"))


def _same_state(engine: Engine, match: Match, state: Any) -> bool:
    """The replayed state equals the cached one; in a match with entries of an earlier version
    its engine continues, without the notes that version's states lack (``Engine.view_notes``)."""
    if state == match.state:
        return True
    if state is None or match.state is None or not match.log.exclude(engine_version=engine.version).exists():
        return False
    return engine.played(state) == engine.played(match.state)

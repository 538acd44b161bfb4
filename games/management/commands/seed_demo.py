"""Demo users (alice, bob) and demo matches for the embedded default. Safe to run twice."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

from games import selectors
from games.models import Match
from games.play import services

DEMO_PASSWORD = "starpost"


class Command(BaseCommand):
    help = "Create the demo users alice and bob (password 'starpost') and two demo matches."

    def handle(self, *args, **options):
        User = get_user_model()
        users = {}
        for name in ("alice", "bob"):
            user, created = User.objects.get_or_create(
                username=name,
                defaults={"email": f"{name}@starpost.localhost", "timezone": "Europe/Stockholm"},
            )
            if created:
                user.set_password(DEMO_PASSWORD)
                user.save(update_fields=["password"])
            users[name] = user
        alice, bob = users["alice"], users["bob"]
        if Match.objects.filter(created_by=alice).exists():
            self.stdout.write("Demo data already present.")
            return
        # A match ready to build fleets: both players choose theirs on the match page.
        fresh = services.match_create(user=alice, game="space-dogfight", invite=["bob"])
        services.match_join(user=bob, match_id=fresh.pk)
        # A match already under way: small fleets placed, the first player's turn.
        running = services.match_create(user=bob, game="space-dogfight", invite=["alice"])
        services.match_join(user=alice, match_id=running.pk)
        fleet = {"kind": "fleet", "ships": {"A": 2, "B": 1, "C": 0, "D": 1}}
        by_seat = {0: bob, 1: alice}
        for seat in (0, 1):
            running.refresh_from_db()
            services.move_submit(
                match_id=running.pk, user=by_seat[seat], expected_seq=running.seq, move=fleet
            )
        while True:
            running.refresh_from_db()
            if not running.active_seats:
                break
            seat = running.active_seats[0]
            moves = selectors.legal_moves_view(running, selectors.Viewer.for_seat(running, seat))["moves"]
            places = [m for m in moves if m["kind"] == "place"]
            if not places:
                break
            # spread the ships along the zone: take a placement from the middle of the list
            services.move_submit(
                match_id=running.pk,
                user=by_seat[seat],
                expected_seq=running.seq,
                move=places[len(places) // 2],
            )
        # One fresh match of every other game, ready for its first moves.
        others = []
        for game in ("star-fighters", "early-days", "battleship-galaxies"):
            m = services.match_create(user=alice, game=game, invite=["bob"])
            services.match_join(user=bob, match_id=m.pk)
            others.append(f"#{m.pk} {game}")
        self.stdout.write(
            self.style.SUCCESS(
                f"Demo users alice and bob (password '{DEMO_PASSWORD}'); matches #{fresh.pk} (Space Dogfight, "
                f"fleet building), #{running.pk} (Space Dogfight, in play), {', '.join(others)}."
            )
        )

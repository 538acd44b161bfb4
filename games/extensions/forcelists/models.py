"""A player's saved force lists."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class ForceList(models.Model):
    """A player's saved force for a game whose engine builds forces: priced and checked when
    saved, checked again against each match it is used in (the scenario and points decide
    what is allowed)."""

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="force_lists")
    name = models.CharField(max_length=100)
    game = models.CharField(max_length=40)
    side = models.CharField(max_length=10, help_text="The side it builds for, as the engine names it.")
    scenario = models.CharField(max_length=40, help_text="The scenario it was built for.")
    points = models.PositiveSmallIntegerField(help_text="The points of the game it was built for.")
    force = models.JSONField()
    cost = models.PositiveSmallIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "games_forcelist"  # the table it has had since it was part of the games app
        ordering = ["owner", "name"]
        constraints = [models.UniqueConstraint(fields=["owner", "name"], name="games_forcelist_unique_name")]

    def __str__(self) -> str:
        return f"{self.name} ({self.side}, {self.cost} pts)"

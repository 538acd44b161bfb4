# The model that games/migrations/0004 created, taken over as it is: its table
# (games_forcelist) and rows stay; only Django's record of where the model lives changes.

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def content_type_moves(apps, schema_editor):
    ContentType = apps.get_model("contenttypes", "ContentType")
    ContentType.objects.filter(app_label="games", model="forcelist").update(app_label="forcelists")


def content_type_returns(apps, schema_editor):
    ContentType = apps.get_model("contenttypes", "ContentType")
    ContentType.objects.filter(app_label="forcelists", model="forcelist").update(app_label="games")


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("games", "0006_forcelist_to_its_extension"),
        ("contenttypes", "0002_remove_content_type_name"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="ForceList",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("name", models.CharField(max_length=100)),
                        ("game", models.CharField(max_length=40)),
                        (
                            "side",
                            models.CharField(
                                help_text="The side it builds for, as the engine names it.", max_length=10
                            ),
                        ),
                        (
                            "scenario",
                            models.CharField(help_text="The scenario it was built for.", max_length=40),
                        ),
                        (
                            "points",
                            models.PositiveSmallIntegerField(
                                help_text="The points of the game it was built for."
                            ),
                        ),
                        ("force", models.JSONField()),
                        ("cost", models.PositiveSmallIntegerField()),
                        ("created_at", models.DateTimeField(auto_now_add=True)),
                        ("updated_at", models.DateTimeField(auto_now=True)),
                        (
                            "owner",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="force_lists",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                    ],
                    options={
                        "db_table": "games_forcelist",
                        "ordering": ["owner", "name"],
                        "constraints": [
                            models.UniqueConstraint(fields=("owner", "name"), name="games_forcelist_unique_name")
                        ],
                    },
                ),
            ],
            database_operations=[],
        ),
        migrations.RunPython(content_type_moves, content_type_returns),
    ]

# Force lists moved to games.extensions.forcelists (app label "forcelists"), which keeps the
# table games_forcelist: only Django's record of where the model lives changes.

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0005_turnnotice"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name="ForceList")],
            database_operations=[],
        ),
    ]

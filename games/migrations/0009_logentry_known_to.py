"""Each log entry names the seats that may know of it at all while its match runs
(``LogEntry.known_to``), so that a reader's numbering of the entries counts only those
(AS-SF-1.6). Stored entries get it from the same rule the log is read by
(``games.engines.audience.knowers``); the append-only trigger is lifted for that one fill."""

from django.db import migrations, models

BATCH = 500

PG_OFF = "ALTER TABLE games_logentry DISABLE TRIGGER games_logentry_append_only;"
PG_ON = "ALTER TABLE games_logentry ENABLE TRIGGER games_logentry_append_only;"
SQLITE_OFF = "DROP TRIGGER IF EXISTS games_logentry_no_update;"
SQLITE_ON = """CREATE TRIGGER games_logentry_no_update BEFORE UPDATE ON games_logentry
       BEGIN SELECT RAISE(ABORT, 'games_logentry is append-only: UPDATE refused'); END;"""


def _fill(apps, schema_editor):
    from games.engines.audience import Logged, knowers
    from games.engines.base import Event

    LogEntry = apps.get_model("games", "LogEntry")
    vendor = schema_editor.connection.vendor
    sealed = (
        LogEntry.objects.filter(move_audience__isnull=False)
        .order_by("pk")
        .values_list("pk", "seq", "seat", "move_audience", "events", "dice", "match__num_seats")
    )
    known = []
    for pk, seq, seat, heard, events, dice, seats in sealed.iterator(chunk_size=BATCH):
        logged = Logged(seq, seat, {}, heard, [Event.from_json(e) for e in events], dice)
        who = knowers(logged, seats)
        if who is not None:
            known.append((pk, who))
    if not known:
        return
    schema_editor.execute(PG_OFF if vendor == "postgresql" else SQLITE_OFF)
    for pk, who in known:
        LogEntry.objects.filter(pk=pk).update(known_to=who)
    schema_editor.execute(PG_ON if vendor == "postgresql" else SQLITE_ON)


class Migration(migrations.Migration):
    dependencies = [("games", "0008_seat_watched_at")]

    operations = [
        migrations.AddField(
            model_name="logentry",
            name="known_to",
            field=models.JSONField(blank=True, null=True),
        ),
        migrations.RunPython(_fill, migrations.RunPython.noop),
    ]

"""The log is append-only, enforced by the database itself: UPDATE and DELETE are refused."""

from django.db import migrations

PG_FORWARD = """
CREATE OR REPLACE FUNCTION games_logentry_append_only() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'games_logentry is append-only: % refused', TG_OP
        USING ERRCODE = 'restrict_violation';
END
$$ LANGUAGE plpgsql;
CREATE TRIGGER games_logentry_append_only
    BEFORE UPDATE OR DELETE ON games_logentry
    FOR EACH ROW EXECUTE FUNCTION games_logentry_append_only();
"""
PG_BACKWARD = """
DROP TRIGGER IF EXISTS games_logentry_append_only ON games_logentry;
DROP FUNCTION IF EXISTS games_logentry_append_only();
"""
SQLITE_FORWARD = [
    """CREATE TRIGGER games_logentry_no_update BEFORE UPDATE ON games_logentry
       BEGIN SELECT RAISE(ABORT, 'games_logentry is append-only: UPDATE refused'); END;""",
    """CREATE TRIGGER games_logentry_no_delete BEFORE DELETE ON games_logentry
       BEGIN SELECT RAISE(ABORT, 'games_logentry is append-only: DELETE refused'); END;""",
]
SQLITE_BACKWARD = [
    "DROP TRIGGER IF EXISTS games_logentry_no_update;",
    "DROP TRIGGER IF EXISTS games_logentry_no_delete;",
]


def forward(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor == "postgresql":
        schema_editor.execute(PG_FORWARD, params=None)
    elif vendor == "sqlite":
        for sql in SQLITE_FORWARD:
            schema_editor.execute(sql)
    else:
        raise RuntimeError(f"no append-only trigger for database {vendor!r}")


def backward(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor == "postgresql":
        schema_editor.execute(PG_BACKWARD, params=None)
    elif vendor == "sqlite":
        for sql in SQLITE_BACKWARD:
            schema_editor.execute(sql)


class Migration(migrations.Migration):
    dependencies = [("games", "0001_initial")]
    operations = [migrations.RunPython(forward, backward)]

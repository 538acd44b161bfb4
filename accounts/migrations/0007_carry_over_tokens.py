"""Existing API keys (DRF's table, stored as they are) become hashed ApiTokens: they keep
working, and can now be listed, revoked and expire."""

import hashlib

from django.db import migrations
from django.utils import timezone


def carry_over(apps, schema_editor):
    Token = apps.get_model("authtoken", "Token")
    ApiToken = apps.get_model("accounts", "ApiToken")
    now = timezone.now()
    for old in Token.objects.all():
        ApiToken.objects.create(
            user_id=old.user_id,
            name="api",
            key_hash=hashlib.sha256(old.key.encode()).hexdigest(),
            prefix=old.key[:8],
            created_at=old.created or now,
            last_used_at=now,  # its expiry counts from today, not from when it was made
        )
    Token.objects.all().delete()


class Migration(migrations.Migration):
    dependencies = [("accounts", "0006_apitoken"), ("authtoken", "0004_alter_tokenproxy_options")]
    operations = [migrations.RunPython(carry_over, migrations.RunPython.noop)]

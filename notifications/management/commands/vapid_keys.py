"""Make a VAPID key pair for Web Push: print it as environment lines, or write var/vapid.json.

    manage.py vapid_keys                  # VAPID_PUBLIC_KEY=... lines for the environment
    manage.py vapid_keys --if-missing     # the embedded default: var/vapid.json, once

A new pair invalidates every browser subscription made with the old one (browsers subscribe
to one public key), so an existing file is kept unless --force.
"""

from __future__ import annotations

import json
import os

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from notifications.push import generate_vapid_keys


class Command(BaseCommand):
    help = "Generate a VAPID key pair for Web Push (prints env lines, or writes var/vapid.json)."

    def add_arguments(self, parser):
        parser.add_argument("--write", action="store_true", help=f"write {settings.VAPID_FILE}")
        parser.add_argument(
            "--if-missing", action="store_true", help="write the file only if there is none (idempotent)"
        )
        parser.add_argument(
            "--force", action="store_true", help="replace an existing file (ends all subscriptions)"
        )
        parser.add_argument("--subject", default=settings.VAPID_SUBJECT, help="mailto: or https: contact")

    def handle(self, *args, write: bool, if_missing: bool, force: bool, subject: str, **options):
        if not subject.startswith(("mailto:", "https://")):
            raise CommandError("--subject must be a mailto: or https: URL")
        public, private = generate_vapid_keys()
        if not (write or if_missing):
            self.stdout.write(
                f"VAPID_PUBLIC_KEY={public}\nVAPID_PRIVATE_KEY={private}\nVAPID_SUBJECT={subject}\n"
            )
            return
        path = settings.VAPID_FILE
        if path.exists() and not force:
            if if_missing:
                self.stdout.write(f"{path} exists; kept")
                return
            raise CommandError(f"{path} exists; --force replaces it and ends every push subscription")
        path.parent.mkdir(parents=True, exist_ok=True)
        data = json.dumps({"public_key": public, "private_key": private, "subject": subject}, indent=2)
        # Readable by the server's user only: it holds the private key.
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as f:
            f.write(data + "\n")
        os.chmod(path, 0o600)
        self.stdout.write(f"wrote {path}; restart the server to use it")

"""Receive replies by email: one message on standard input (an MTA pipe), or a Maildir.

    manage.py receive_email < message.eml
    manage.py receive_email --recipient "$RECIPIENT" < message.eml   (postfix pipe: ${recipient})
    manage.py receive_email --maildir /var/mail/starpost             (every message in new/)

One line per message with its outcome. From standard input the exit status is 75
(EX_TEMPFAIL) when the message could not be stored, so the MTA keeps it and tries again.
"""

from __future__ import annotations

import logging
import os
import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from notifications import replyaddr
from notifications.inbound import receive
from notifications.models import InboundEmail

log = logging.getLogger(__name__)
EX_TEMPFAIL = 75


class Command(BaseCommand):
    help = "Receive replies by email from standard input or a Maildir's new/ folder."

    def add_arguments(self, parser):
        parser.add_argument("--maildir", help="process every message in MAILDIR/new, moving each to cur/")
        parser.add_argument(
            "--recipient", action="append", default=[], help="envelope recipient (repeatable)"
        )

    def handle(self, *args, maildir=None, recipient=(), **options):
        if not replyaddr.enabled():
            raise CommandError("reply by email is off (STARPOST_REPLY_BY_EMAIL, STARPOST_REPLY_DOMAIN)")
        if maildir:
            return self.from_maildir(Path(maildir), recipient)
        raw = sys.stdin.buffer.read()
        if not raw.strip():
            raise CommandError("no message on standard input")
        try:
            row = receive(raw, via="command", recipients=recipient)
        except Exception as exc:
            log.exception("receive_email: message not stored")
            raise CommandError(f"message not stored, try again later: {exc}", returncode=EX_TEMPFAIL) from exc
        self.stdout.write(f"stdin: {outcome(row)}")

    def from_maildir(self, root: Path, recipient) -> None:
        new, cur = root / "new", root / "cur"
        if not new.is_dir() or not cur.is_dir():
            raise CommandError(f"{root} is not a Maildir (it needs new/ and cur/)")
        failed = 0
        for path in sorted(new.iterdir()):
            if not path.is_file() or path.name.startswith("."):
                continue
            try:
                row = receive(path.read_bytes(), via="maildir", recipients=recipient)
            except Exception as exc:  # left in new/ for the next run
                failed += 1
                log.exception("receive_email: %s not stored", path.name)
                self.stdout.write(f"{path.name}: error, left in new/ ({exc})")
                continue
            # Maildir: a message that has been seen moves to cur/ with an info suffix.
            os.replace(path, cur / (path.name if ":2," in path.name else f"{path.name}:2,S"))
            self.stdout.write(f"{path.name}: {outcome(row)}")
        if failed:
            raise CommandError(f"{failed} message(s) not stored; they stay in new/", returncode=EX_TEMPFAIL)


def outcome(row: InboundEmail | None) -> str:
    if row is None:
        return "duplicate, ignored"
    row.refresh_from_db(fields=["status", "code", "result"])
    code = f" {row.code}" if row.code else ""
    detail = f": {row.result}" if row.result else ""
    return f"{row.status}{code} ({row.message_id}){detail}"

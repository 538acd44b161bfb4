"""Email backend for the embedded default: print each message and keep a copy on disk."""

from __future__ import annotations

from django.core.mail.backends.base import BaseEmailBackend
from django.core.mail.backends.console import EmailBackend as ConsoleBackend
from django.core.mail.backends.filebased import EmailBackend as FileBackend


class ConsoleAndFileBackend(BaseEmailBackend):
    def __init__(self, *args, **kwargs):
        super().__init__(fail_silently=kwargs.get("fail_silently", False))
        self.console = ConsoleBackend(*args, **kwargs)
        self.file = FileBackend(*args, **kwargs)

    def send_messages(self, email_messages):
        self.file.send_messages(email_messages)
        return self.console.send_messages(email_messages)

"""Turning an outbox payload into an email, in the worker, after the move has committed.

The payload holds the template name and a JSON context that the writer already redacted
for the recipient; rendering it here keeps template work out of the move's transaction.
"""

from __future__ import annotations

from typing import Any

from django.template.loader import render_to_string


def render_email(template: str, context: dict[str, Any]) -> dict[str, str]:
    """Subject, text and HTML from ``templates/emails/<template>-{subject,body}.{txt,html}``."""
    subject = render_to_string(f"emails/{template}-subject.txt", context).strip()
    return {
        "subject": " ".join(subject.split()),
        "text": render_to_string(f"emails/{template}-body.txt", context),
        "html": render_to_string(f"emails/{template}-body.html", context),
    }

"""Whether a reply really comes from its From address, as our own mail server judged it.

Anyone can write any From header. Mail servers check the sender (SPF, DKIM, DMARC) and
record what they found in an ``Authentication-Results`` header (RFC 8601) named by their
*authserv-id*. Only the header written by our own receiving server (or inbound provider),
named by ``STARPOST_INBOUND_AUTHSERV_ID``, can be trusted, and only as the topmost one: a
server adds its header above those already there, and a sender can write any header,
with our id too, below it. So the topmost ``Authentication-Results`` is read, and only if it
is our server's; otherwise there is no verdict. With no id configured, nothing is checked
here and the signed reply address and the From check are the safeguards.
"""

from __future__ import annotations

import re
from email.message import EmailMessage

from django.conf import settings

_RESULT = re.compile(r"^\s*([a-z][a-z0-9-]*)\s*=\s*([a-z]+)", re.IGNORECASE)


def verdicts(msg: EmailMessage) -> dict[str, set[str]] | None:
    """The results of our server's checks, e.g. {"spf": {"pass"}, "dkim": {"fail", "pass"}};
    None if no authserv-id is configured or the topmost header is not our server's."""
    trusted = (settings.STARPOST_INBOUND_AUTHSERV_ID or "").strip().lower()
    if not trusted:
        return None
    try:
        headers = msg.get_all("Authentication-Results") or []
    except Exception:  # an unparsable header is as good as none
        headers = []
    for value in headers[:1]:  # the topmost: the one the receiving server added last
        text = " ".join(str(value).split())
        authserv, _, rest = text.partition(";")
        words = authserv.split()
        if not words or words[0].lower() != trusted:
            return None
        found: dict[str, set[str]] = {}
        for part in rest.split(";"):
            m = _RESULT.match(part)
            if m:
                found.setdefault(m.group(1).lower(), set()).add(m.group(2).lower())
        return found
    return None


def refusal(msg: EmailMessage) -> str | None:
    """Why the From address cannot be believed, or None. DMARC failing, or SPF failing with
    no DKIM signature passing, is refused; so is a missing header when
    ``STARPOST_INBOUND_REQUIRE_AUTH`` says our server always writes one."""
    found = verdicts(msg)
    if found is None:
        if settings.STARPOST_INBOUND_AUTHSERV_ID and settings.STARPOST_INBOUND_REQUIRE_AUTH:
            return "our mail server left no verdict on the sender"
        return None
    if "fail" in found.get("dmarc", set()):
        return "the sender's domain says this message is not theirs (DMARC failed)"
    spf_failed = found.get("spf", set()) & {"fail", "softfail"}
    if spf_failed and "pass" not in found.get("dkim", set()):
        return "the message was sent from a server the sender's domain does not allow, without a valid signature (SPF failed, no DKIM pass)"
    return None

"""Reading a received email: its headers and addresses, its Message-ID, and the reply's
own first lines (quotes, attributions and signatures cut). Pure parsing, no database."""

from __future__ import annotations

import hashlib
import logging
import re
from email import policy
from email.message import EmailMessage, Message
from email.parser import BytesParser
from email.utils import getaddresses
from html.parser import HTMLParser
from typing import Any

log = logging.getLogger("notifications.inbound")


def parse(raw: bytes) -> EmailMessage:
    try:
        return BytesParser(policy=policy.default).parsebytes(raw)
    except Exception:  # the parser is lenient; this is for what it still cannot take
        log.warning("inbound: message could not be parsed; read as empty")
        return EmailMessage()


def parse_headers(raw: bytes) -> EmailMessage:
    """Only the header block: what is kept of a message refused for its size or its depth."""
    head = raw[: 64 * 1024]
    end = min((i for i in (head.find(b"\r\n\r\n"), head.find(b"\n\n")) if i >= 0), default=len(head))
    try:
        return BytesParser(policy=policy.default).parsebytes(head[:end] + b"\r\n\r\n", headersonly=True)
    except Exception:
        return EmailMessage()


def mime_depth(raw: bytes, most: int) -> int | None:
    """How deep the message's MIME parts nest (1: a single part); None if deeper than ``most``
    (or too deep for the parser at all). Walked without recursion."""
    try:
        msg = BytesParser(policy=policy.default).parsebytes(raw)
    except RecursionError:
        return None
    except Exception:  # garbage: read as empty later, one level
        return 1
    deepest = 0
    stack: list[tuple[Message, int]] = [(msg, 1)]
    while stack:
        part, depth = stack.pop()
        if depth > most:
            return None
        deepest = max(deepest, depth)
        payload = part.get_payload() if part.is_multipart() else None
        if isinstance(payload, list):
            stack.extend((child, depth + 1) for child in payload if isinstance(child, Message))
    return deepest


def header(msg: EmailMessage, name: str) -> str:
    """A header as one line of text; "" if it is missing or too broken to decode."""
    try:
        value = msg.get(name)
    except Exception:  # the default policy parses lazily and can trip on garbage
        log.info("inbound: unreadable %s header", name)
        return ""
    return " ".join(str(value).split()) if value is not None else ""


def addresses(msg: EmailMessage, name: str) -> list[str]:
    try:
        values = msg.get_all(name) or []
    except Exception:
        return []
    return [addr.strip().lower() for _, addr in getaddresses([str(v) for v in values]) if "@" in addr]


def sender_of(msg: EmailMessage) -> str:
    found = addresses(msg, "From")
    return found[0] if len(found) == 1 else ""


def message_id_of(msg: EmailMessage, raw: bytes) -> str:
    """The Message-ID, or for a message without one an id derived from what it says."""
    mid = "".join(header(msg, "Message-ID").split())
    if not mid:
        # Trace headers change between deliveries of the same message; these do not.
        head = "\n".join(header(msg, h) for h in ("From", "To", "Cc", "Subject", "Date"))
        _, _, body = raw.partition(b"\r\n\r\n") if b"\r\n\r\n" in raw else raw.partition(b"\n\n")
        digest = hashlib.sha256(head.encode() + b"\0" + body).hexdigest()
        mid = f"<derived-{digest}@starpost>"
    if len(mid) > 400:  # the column holds 500; a pathological id keeps its identity hashed
        mid = f"<long-{hashlib.sha256(mid.encode()).hexdigest()}@starpost>"
    return mid


class _HTMLText(HTMLParser):
    """Visible text of an HTML body, one line per block; quoted blocks left out."""

    BLOCKS = frozenset({"p", "div", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "table"})
    SKIP = frozenset({"blockquote", "style", "script", "head", "title"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.out: list[str] = []
        self.skipping = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self.SKIP:
            self.skipping += 1
        elif not self.skipping and tag == "br":
            self.out.append("\n")
        elif not self.skipping and tag == "hr":  # Outlook's line above the quoted message
            self.out.append("\n" + "_" * 32 + "\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in self.SKIP:
            self.skipping = max(0, self.skipping - 1)
        elif not self.skipping and tag in self.BLOCKS:
            self.out.append("\n")

    def handle_data(self, data: str) -> None:
        if not self.skipping:
            self.out.append(re.sub(r"\s+", " ", data))


def html_to_text(html: str) -> str:
    parser = _HTMLText()
    parser.feed(html)
    parser.close()
    return "".join(parser.out)


def _content(part: Any) -> str:
    try:
        return str(part.get_content())
    except Exception:  # an unknown charset or a broken transfer encoding
        payload = part.get_payload(decode=True) or b""
        return payload.decode("utf-8", "replace")


def reply_text(msg: EmailMessage) -> str:
    """The reply's text: the text/plain body, or the text of the HTML body."""
    try:
        plain = msg.get_body(preferencelist=("plain",))
        html = msg.get_body(preferencelist=("html",))
    except Exception:
        log.info("inbound: unreadable MIME structure")
        return ""
    text = _content(plain) if plain is not None else ""
    if not text.strip() and html is not None:  # HTML only, or an empty text part beside it
        text = html_to_text(_content(html))
    return text


_WROTE = re.compile(
    r"^(on\b.*\bwrote|am\b.*\bschrieb\b.*|le\b.*\ba écrit\s*|el\b.*\bescribió|den\b.*\bskrev\b.*)\s*:$",
    re.IGNORECASE,
)
_CUT = re.compile(
    r"^(-{2,}\s*(original message|forwarded message)\s*-{2,}|_{10,}|from:\s.*|sent from my .*"
    r"|get outlook for .*|--)$",
    re.IGNORECASE,
)


# A greeting on a line of its own ("Hi,", "Hello Starpost!", "Dear all,"): not a move.
_GREETING = re.compile(
    r"^(hi|hello|hey|hiya|hallo|dear|greetings|howdy|good (morning|afternoon|evening|day))\b[\w .'-]{0,40}[,!.:]?$",
    re.IGNORECASE,
)


def reply_lines(text: str) -> list[str]:
    """The reply's own first lines: its first paragraph, without quotes, attribution or signature.

    Quoted lines (">") are dropped. Everything from an "On ... wrote:" line (when something
    was written above it), "-----Original Message-----", an Outlook header block or a
    "-- " signature down is cut. A greeting on the first line of its own ("Hi,") is
    skipped. Then the first block of non-empty lines is the answer, so a greeting or a
    signature after a blank line is not read as a move.
    """
    lines = [ln.replace("\u00a0", " ").replace("\u200b", "").strip() for ln in text.splitlines()]
    own: list[str] = []
    for i, line in enumerate(lines):
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        wrote = bool(_WROTE.match(line)) or bool(
            line[:3].lower() == "on " and not line.endswith(":") and _WROTE.match(f"{line} {nxt}")
        )
        if wrote:
            if any(own):  # top-posted: the rest is the quoted email
                break
            continue  # bottom-posted: the attribution heads the quote; the reply is below it
        if _CUT.match(line):
            break
        if line.startswith(">"):
            continue
        if i > 0 and _WROTE.match(f"{lines[i - 1]} {line}") and lines[i - 1][:3].lower() == "on ":
            continue  # the second half of a wrapped attribution line
        own.append(line)
    first = next((i for i, line in enumerate(own) if line), None)
    if first is not None and _GREETING.match(own[first]):
        own = own[first + 1 :]
    block: list[str] = []
    for line in own:
        if line:
            block.append(line)
        elif block:
            break
    return block

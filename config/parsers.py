"""The API's JSON parser: DRF's, with the limits of games.jsonlimits.

DRF's own parser hands the body straight to ``json.load``: a body nested a few thousand
levels deep raised RecursionError (a 500 on every endpoint), and ``1e999``, NUL characters
or unpaired surrogates went on to crash whatever stored or rendered them. (The size of a
body is capped before it gets here: DRF reads ``request.body``, which enforces
DATA_UPLOAD_MAX_MEMORY_SIZE; config.api_errors answers that as 413.)
"""

from __future__ import annotations

import codecs

from rest_framework import exceptions
from rest_framework.parsers import JSONParser

from games import jsonlimits


class JSONBodyRefused(exceptions.ParseError):
    """A body that is not acceptable JSON; its detail is the whole message for the client."""


class LimitedJSONParser(JSONParser):
    """UTF-8 JSON only, at most jsonlimits.MAX_DEPTH levels deep, finite numbers, and text
    that PostgreSQL can store."""

    def parse(self, stream, media_type=None, parser_context=None):
        charset = _declared_charset(media_type)
        if charset is not None and _codec_name(charset) != "utf-8":
            raise JSONBodyRefused(
                f"Send JSON as UTF-8 (RFC 8259); this body declares charset={charset[:40]}."
            )
        try:
            return jsonlimits.loads(stream.read())
        except jsonlimits.JSONRefused as exc:
            raise JSONBodyRefused(str(exc)) from None


def _declared_charset(media_type: str | None) -> str | None:
    for param in (media_type or "").split(";")[1:]:
        name, _, value = param.partition("=")
        if name.strip().lower() == "charset":
            return value.strip().strip('"')
    return None


def _codec_name(charset: str) -> str | None:
    try:
        return codecs.lookup(charset).name
    except LookupError:
        return None

"""The API's JSON parser: DRF's, with the limits of games.jsonlimits and a size cap.

DRF's own parser hands the body straight to ``json.load``: a body nested a few thousand
levels deep raised RecursionError (a 500 on every endpoint), and ``1e999``, NUL characters
or unpaired surrogates went on to crash whatever stored or rendered them.
"""

from __future__ import annotations

import codecs

from django.conf import settings
from rest_framework import exceptions, status
from rest_framework.parsers import JSONParser

from games import jsonlimits


class JSONBodyRefused(exceptions.ParseError):
    """A body that is not acceptable JSON; its detail is the whole message for the client."""


class BodyTooLarge(exceptions.APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_code = "body_too_large"


class LimitedJSONParser(JSONParser):
    """UTF-8 JSON only, at most DATA_UPLOAD_MAX_MEMORY_SIZE bytes and
    jsonlimits.MAX_DEPTH levels deep, finite numbers, text PostgreSQL can store."""

    def parse(self, stream, media_type=None, parser_context=None):
        charset = _declared_charset(media_type)
        if charset is not None and _codec_name(charset) != "utf-8":
            raise JSONBodyRefused(
                f"Send JSON as UTF-8 (RFC 8259); this body declares charset={charset[:40]}."
            )
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        raw = stream.read() if limit is None else stream.read(limit + 1)
        if limit is not None and len(raw) > limit:
            raise BodyTooLarge(f"The request body is larger than {limit} bytes.")
        try:
            return jsonlimits.loads(raw)
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

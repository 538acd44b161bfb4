"""What clients send the write path, checked once for the web, the API and email alike:
the game, its options, salts, the seq a player saw, idempotency keys."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import jsonschema

from ..engines import get as get_engine
from ..engines.base import Engine
from ..errors import BadRequest
from ..jsonlimits import text_problem

MAX_SALT = 200
MAX_IDEMPOTENCY_KEY = 200


def engine_for(game: str) -> Engine:
    engine = get_engine(game) if isinstance(game, str) else None
    if engine is None:
        raise BadRequest("unknown_game", f"There is no game {game!r}; see GET /api/games/ for the list.")
    return engine


def options_validate(engine: Engine, options: Any) -> dict[str, Any]:
    """The engine's defaults overlaid with ``options``, checked against its JSON Schema."""
    if options is None:
        options = {}
    if not isinstance(options, Mapping):
        raise BadRequest("invalid_options", "options must be a JSON object.")
    merged = {**engine.default_options(), **options}
    validator = jsonschema.Draft202012Validator(engine.options_schema())
    errors = sorted(validator.iter_errors(merged), key=lambda e: list(e.path))
    if errors:
        err = errors[0]
        where = ".".join(str(p) for p in err.path) or "options"
        raise BadRequest("invalid_options", f"{where}: {err.message}")
    return merged


def salt_checked(salt: Any) -> str:
    if salt is None:
        return ""
    if not isinstance(salt, str) or len(salt) > MAX_SALT:
        raise BadRequest("bad_salt", f"A salt is a string of at most {MAX_SALT} characters.")
    problem = text_problem(salt)
    if problem:
        raise BadRequest("bad_salt", problem)
    return salt


def expected_seq_checked(expected_seq: Any) -> int:
    if not isinstance(expected_seq, int) or isinstance(expected_seq, bool) or expected_seq < 0:
        raise BadRequest("bad_expected_seq", "expected_seq is the match's seq as you last saw it.")
    return expected_seq


def idempotency_key_checked(key: Any) -> str | None:
    if key is None:
        return None
    if not isinstance(key, str) or not 0 < len(key) <= MAX_IDEMPOTENCY_KEY:
        raise BadRequest(
            "bad_idempotency_key", f"An Idempotency-Key has 1 to {MAX_IDEMPOTENCY_KEY} characters."
        )
    problem = text_problem(key)
    if problem:
        raise BadRequest("bad_idempotency_key", problem)
    return key

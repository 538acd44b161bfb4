"""Limits on JSON that arrives from outside (API bodies, move forms), checked before use.

Python's json module recurses once per level of nesting, so a body of a few thousand
``[`` exhausts the stack; PostgreSQL cannot store NUL characters or unpaired surrogates;
and ``1e999`` decodes to an infinity that no column or JSON document can hold. Every one
of these is refused here with a message a person can act on, before anything is parsed
deeply or stored. Nothing a game needs comes close to these limits: the deepest move or
force list is a handful of levels.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

MAX_DEPTH = 32
"""Deepest nesting of arrays and objects accepted; moves and force lists use under 6."""

MAX_DIGITS = 100
"""Longest integer literal accepted; ids, seqs and points need a few digits."""

# What matters for nesting: escapes (so that an escaped quote does not end a string),
# quotes, and brackets.
_TOKEN = re.compile(r'\\.|["\[\]{}]', re.DOTALL)

TOO_DEEP = "The JSON is nested more than {limit} levels deep; at most {limit} levels are accepted."


class JSONRefused(ValueError):
    """Input that is not acceptable JSON; ``str()`` is a message for the person who sent it."""


def nesting_problem(text: str, limit: int = MAX_DEPTH) -> str | None:
    """Why ``text`` is nested too deeply to parse, or None. One pass without recursion, so
    it is safe on any input: the check to make before handing text to ``json.loads``."""
    if text.count("[") + text.count("{") <= limit:
        return None
    depth, in_string = 0, False
    for token in _TOKEN.findall(text):
        if token == '"':
            in_string = not in_string
        elif in_string or token[0] == "\\":
            continue
        elif token in "[{":
            depth += 1
            if depth > limit:
                return TOO_DEEP.format(limit=limit)
        else:
            depth -= 1
    return None


def value_problem(value: Any, limit: int = MAX_DEPTH) -> str | None:
    """Why an already-built JSON-like value (dicts, lists, str, numbers) cannot be accepted,
    or None: nesting deeper than ``limit``, NUL characters or unpaired surrogates in text
    (keys included), or numbers that are not finite. Iterative, so safe on any depth."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list | tuple):
            if depth > limit:
                return TOO_DEEP.format(limit=limit)
            children = list(item.items()) if isinstance(item, dict) else [(None, v) for v in item]
            for key, child in children:
                if key is not None:
                    stack.append((key, depth))
                stack.append((child, depth + 1))
        elif isinstance(item, str):
            problem = text_problem(item)
            if problem:
                return problem
        elif isinstance(item, float) and not math.isfinite(item):
            return "Numbers must be finite: NaN, Infinity and values such as 1e999 are not accepted."
    return None


def text_problem(text: str) -> str | None:
    """Why a piece of text cannot be stored, or None (PostgreSQL refuses both cases)."""
    if "\x00" in text:
        return "Text may not contain NUL characters (\\u0000)."
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return "Text may not contain unpaired UTF-16 surrogates (such as \\ud800)."
    return None


def _finite(literal: str) -> float:
    number = float(literal)
    if not math.isfinite(number):
        raise JSONRefused(f"The number {literal[:40]} is too large; numbers must be finite.")
    return number


def _bounded_int(literal: str) -> int:
    digits = len(literal.lstrip("-"))
    if digits > MAX_DIGITS:
        raise JSONRefused(f"A number has {digits} digits; at most {MAX_DIGITS} are accepted.")
    return int(literal)


def _no_constants(name: str) -> Any:
    raise JSONRefused(f"{name} is not a JSON number; numbers must be finite.")


def loads(text: str | bytes, limit: int = MAX_DEPTH) -> Any:
    """``json.loads`` for untrusted input: JSONRefused (a ValueError) with a message for
    people when the text is not JSON or breaks a limit above, never RecursionError."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise JSONRefused(f"The body is not UTF-8 text (byte {exc.start} is not valid).") from None
    problem = nesting_problem(text, limit)
    if problem:
        raise JSONRefused(problem)
    try:
        value = json.loads(text, parse_float=_finite, parse_int=_bounded_int, parse_constant=_no_constants)
    except JSONRefused:
        raise
    except RecursionError:  # the check above should make this unreachable; never a 500
        raise JSONRefused(TOO_DEEP.format(limit=limit)) from None
    except ValueError as exc:
        raise JSONRefused(f"This is not valid JSON: {_short(exc)}.") from None
    problem = value_problem(value, limit)
    if problem:
        raise JSONRefused(problem)
    return value


def _short(exc: ValueError) -> str:
    text = str(exc)
    return text if len(text) <= 120 else text[:117] + "..."

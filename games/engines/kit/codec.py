"""Frozen dataclasses to JSON-ready data and back, driven by their type hints.

``to_json(obj)`` gives plain dicts, lists, strings, numbers, booleans and None (object keys
are strings, so ``dict[int, ...]`` keys become "0", "1", ...); ``from_json(cls, data)``
builds ``cls`` from such data, tuples and nested dataclasses included, and fills fields left
out with their defaults. msgspec does the work in C; this module adds what it lacks:

- a field marked :func:`omitted_when_default` is left out of the JSON while it holds its
  default, so a field added to a state leaves the states written before it byte for byte
  the same;
- a field marked with :func:`json_name` is spelt differently in the JSON (``def`` in a
  data file is ``def_`` in Python);
- a :class:`FrozenMap` field (a JSON object made hashable, defined here) is a JSON object.

Bad data raises :class:`CodecError` naming the type and the path of the bad value. Strings
are Unicode text (a lone surrogate cannot be written as JSON).
"""

from __future__ import annotations

import dataclasses
import types
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any, TypeVar, Union, get_args, get_origin, get_type_hints

import msgspec

T = TypeVar("T")

_OMIT = "codec_omit_default"
_NAME = "codec_json_name"

_ENCODER = msgspec.json.Encoder()
_DECODER = msgspec.json.Decoder()


class FrozenMap(tuple[tuple[str, Any], ...]):
    """A JSON object made hashable: its (key, value) pairs sorted by key. ``dict(m)`` works."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:  # never equal to a plain list of pairs
        return isinstance(other, FrozenMap) and tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash((FrozenMap, tuple(self)))


def freeze(value: Any) -> Any:
    """Turn JSON-like data into hashable, immutable data (objects -> FrozenMap, lists -> tuples)."""
    if isinstance(value, Mapping):
        return FrozenMap(sorted((str(k), freeze(v)) for k, v in value.items()))
    if isinstance(value, list | tuple):
        return tuple(freeze(v) for v in value)
    return value


def thaw(value: Any) -> Any:
    """Inverse of :func:`freeze`: back to JSON-ready dicts and lists."""
    if isinstance(value, FrozenMap):
        return {k: thaw(v) for k, v in value}
    if isinstance(value, tuple):
        return [thaw(v) for v in value]
    return value


class CodecError(ValueError):
    """Data that does not fit the type it is read as."""


def omitted_when_default(default: Any) -> Any:
    """A dataclass field with ``default`` that the JSON leaves out while it holds that value."""
    return dataclasses.field(default=default, metadata={_OMIT: True})


def json_name(name: str, **field_args: Any) -> Any:
    """A dataclass field spelt ``name`` in the JSON (for names Python reserves, like ``def``)."""
    return dataclasses.field(metadata={_NAME: name}, **field_args)


def set_at(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """``values`` with the entry at ``index`` (a seat, an asteroid) replaced."""
    return (*values[:index], value, *values[index + 1 :])


def to_json(obj: Any) -> Any:
    """``obj`` (a dataclass, or tuples, dicts and scalars of them) as JSON-ready data."""
    out = _DECODER.decode(_ENCODER.encode(obj))
    fix = _out_fix(type(obj))  # type: ignore[arg-type]  # a class is hashable
    return out if fix is None else fix(obj, out)


def from_json(cls: type[T] | Any, data: Any) -> T:
    """Build a ``cls`` (any type hint) from :func:`to_json` output or equal JSON data."""
    fix = _in_fix(cls)  # type: ignore[arg-type]  # a type hint is hashable
    if fix is not None:
        data = fix(data)
    try:
        value: T = msgspec.convert(data, cls, str_keys=True, dec_hook=_decode_hook)
        return value
    except msgspec.ValidationError as exc:
        raise CodecError(f"{getattr(cls, '__name__', cls)}: {exc}") from None


def _decode_hook(tp: type, obj: Any) -> Any:
    if tp is FrozenMap:
        if not isinstance(obj, Mapping):
            raise TypeError(f"Expected `object`, got `{type(obj).__name__}`")  # msgspec adds the path
        return freeze(obj)
    raise NotImplementedError(tp)


# -- the fix-ups msgspec cannot do: computed once per type ----------------------------------
OutFix = Callable[[Any, Any], Any]  # (the Python value, its JSON from msgspec) -> the JSON
InFix = Callable[[Any], Any]  # JSON data -> JSON data msgspec can convert


def _hints(cls: type) -> dict[str, Any]:
    return get_type_hints(cls)


def _options(tp: Any) -> list[Any]:
    """The alternatives of ``X | Y | None`` (None left out), or [tp]."""
    if get_origin(tp) in (Union, types.UnionType):
        return [a for a in get_args(tp) if a is not type(None)]
    return [tp]


@cache
def _out_fix(tp: Any) -> OutFix | None:
    if tp is FrozenMap:
        return lambda obj, out: thaw(obj)
    if dataclasses.is_dataclass(tp) and isinstance(tp, type):
        return _dataclass_out(tp)
    options = _options(tp)
    if len(options) > 1 or options[0] is not tp:
        fixes = {o: f for o in options if (f := _out_fix(o)) is not None}
        if not fixes:
            return None
        return lambda obj, out: out if obj is None else _by_type(fixes, obj, out)
    origin, args = get_origin(tp), get_args(tp)
    if origin in (tuple, list) and args:
        if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
            parts = [_out_fix(a) for a in args]
            if not any(parts):
                return None
            return lambda obj, out: [f(o, x) if f else x for f, o, x in zip(parts, obj, out, strict=True)]
        each = _out_fix(args[0])
        if each is None:
            return None
        return lambda obj, out: [each(o, x) for o, x in zip(obj, out, strict=True)]
    if origin in (dict, Mapping) and len(args) == 2:
        value = _out_fix(args[1])
        if value is None:
            return None
        return lambda obj, out: {k: value(v, out[k]) for k, v in zip(out, obj.values(), strict=True)}
    return None


def _by_type(fixes: dict[Any, OutFix], obj: Any, out: Any) -> Any:
    fix = fixes.get(type(obj))
    return out if fix is None else fix(obj, out)


def _dataclass_out(cls: type) -> OutFix | None:
    hints = _hints(cls)
    fields = dataclasses.fields(cls)
    children = {f.name: fix for f in fields if (fix := _out_fix(hints[f.name])) is not None}
    omitted = {f.name: f.default for f in fields if f.metadata.get(_OMIT)}
    names = {f.name: f.metadata[_NAME] for f in fields if _NAME in f.metadata}
    # msgspec builds a dataclass without setting the fields the data left out that have a
    # plain default (the class attribute answers for them), and encodes only the fields an
    # object holds: such fields are put back, in their place
    every = tuple(f.name for f in fields)
    defaulted = any(f.default is not dataclasses.MISSING for f in fields)
    if not (children or omitted or names or defaulted):
        return None

    def put_back(obj: Any, out: dict[str, Any]) -> dict[str, Any]:
        if len(out) < len(every):
            out = {
                n: out[n] if n in out else _DECODER.decode(_ENCODER.encode(getattr(obj, n))) for n in every
            }
        for name, child in children.items():
            out[name] = child(getattr(obj, name), out[name])
        for name, default in omitted.items():
            value = getattr(obj, name)
            if type(value) is type(default) and value == default:
                del out[name]
        if names:
            out = {names.get(k, k): v for k, v in out.items()}
        return out

    return put_back


@cache
def _in_fix(tp: Any) -> InFix | None:
    """Only JSON names need fixing on the way in; msgspec does the rest."""
    if dataclasses.is_dataclass(tp) and isinstance(tp, type):
        hints = _hints(tp)
        fields = dataclasses.fields(tp)
        children = {f.name: fix for f in fields if (fix := _in_fix(hints[f.name])) is not None}
        names = {f.metadata[_NAME]: f.name for f in fields if _NAME in f.metadata}
        if not (children or names):
            return None

        def fix(data: Any) -> Any:
            if not isinstance(data, Mapping):
                return data  # msgspec names the error
            data = {names.get(k, k): v for k, v in data.items()}
            for name, child in children.items():
                if name in data:
                    data[name] = child(data[name])
            return data

        return fix
    options = _options(tp)
    if len(options) > 1 or options[0] is not tp:
        fixes = [f for o in options if (f := _in_fix(o)) is not None]
        if len(fixes) > 1:
            raise TypeError(f"the codec cannot tell apart the renamed alternatives of {tp}")
        return None if not fixes else (lambda data: data if data is None else fixes[0](data))
    origin, args = get_origin(tp), get_args(tp)
    if origin in (tuple, list) and args:
        each = _in_fix(args[0])
        if each is None or (origin is tuple and not (len(args) == 2 and args[1] is Ellipsis)):
            return None if each is None else _not_supported(tp)
        return lambda data: [each(x) for x in data] if isinstance(data, list | tuple) else data
    if origin in (dict, Mapping) and len(args) == 2:
        value = _in_fix(args[1])
        if value is None:
            return None
        return lambda data: {k: value(v) for k, v in data.items()} if isinstance(data, Mapping) else data
    return None


def _not_supported(tp: Any) -> InFix:
    raise TypeError(f"the codec does not rename fields inside fixed-length tuples: {tp}")

"""Request bodies for the API fuzz (tests/api/test_fuzz.py): wrong values, and ways of
putting them into a body an endpoint accepts."""

from __future__ import annotations

import copy

from hypothesis import strategies as st

# Names that would clash with a Python parameter if a body were passed on as keywords.
PY_NAMES = ["cls", "self", "kind", "args", "kwargs", "user", "match_id", "pk", "id", "data", "move", "seat"]


def nested(depth: int, leaf=1):
    for _ in range(depth):
        leaf = [leaf] if depth % 2 else {"kind": leaf}
    return leaf


# Every known field of every endpoint gets each of these in the sweep; the random tests
# draw from them too. One of each JSON type, the edges of int and text columns, dates that
# parse but do not exist or overflow, and nesting deeper than the parser accepts.
NASTY = [
    None,
    True,
    0,
    -1,
    2**31,
    2**63,
    10**30,
    1.5,
    "",
    "x" * 3000,
    "\x00",
    "2026-13-45T00:00:00",
    "9999-12-30T00:00:00",
    "25:99",
    [],
    ["x"],
    {},
    {"cls": 1, "kind": "x"},
    nested(40),
]
ODD_TEXT = [
    " ",
    "é漢🚀",
    "a\x00b",
    "null",
    "1e999",
    "NaN",
    "0001-01-01T00:00:00+14:00",
    "https://example.com/" + "y" * 990,
    "http://127.0.0.1:1/x",
    *PY_NAMES,
]
text = st.text(st.characters(blacklist_categories=["Cs"]), max_size=20)
scalars = (
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | text
    | st.sampled_from(ODD_TEXT)
)
keys = st.sampled_from(PY_NAMES) | text
json_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(keys, inner, max_size=5),
    max_leaves=12,
)
nasty = st.sampled_from(NASTY)
# Deep but still encodable by json.dumps; deeper raw bodies are in the raw test.
wrong = nasty | nasty | scalars | st.lists(scalars, max_size=3) | st.dictionaries(keys, scalars, max_size=3)
wrong = wrong | st.integers(20, 200).map(nested)


def places(value, at=()):
    """The path of every field and list item in ``value``, at any depth."""
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, child in items:
        yield (*at, key)
        yield from places(child, (*at, key))


def at(value, path):
    for key in path:
        value = value[key]
    return value


def replaced(base, path, new):
    """A deep copy of ``base`` with the field at ``path`` set to ``new``."""
    if not path:
        return new
    body = copy.deepcopy(base)
    at(body, path[:-1])[path[-1]] = new
    return body


# A recipe is drawn without looking at the body it will change, and cooked into it after:
# the body an endpoint accepts moves on as the database does (a move accepted, a match
# started), and Hypothesis needs the same draws to mean the same thing every time.
recipes = st.fixed_dictionaries(
    {
        "how": st.sampled_from(["one", "one", "one", "named", "named", "dropped", "every", "any"]),
        "where": st.integers(0, 2**16),
        "value": wrong,
        "names": st.fixed_dictionaries({name: json_values for name in PY_NAMES}),
        "swaps": st.lists(st.tuples(st.booleans(), wrong), min_size=8, max_size=8),
        "any": json_values,
    }
)


def cooked(base, recipe):
    """``base`` changed as ``recipe`` says: one field (at any depth) of the wrong type; fields
    named like Python parameters (cls, self, kind, ...) added to an object at any depth, as
    a body passed on with ``**`` would make them keywords; fields dropped; every top-level
    field swapped or kept; or any JSON at all."""
    how, where = recipe["how"], recipe["where"]
    paths = list(places(base))
    if how == "one" and paths:
        return replaced(base, paths[where % len(paths)], recipe["value"])
    if how == "named":
        objects = [p for p in [(), *paths] if isinstance(at(base, p), dict)]
        if objects:
            path = objects[where % len(objects)]
            target = at(base, path)
            extra = {k: v for k, v in recipe["names"].items() if k not in target}
            return replaced(base, path, {**extra, **target})
    if how == "dropped" and isinstance(base, dict) and base:
        names = sorted(base)
        gone = {n for i, n in enumerate(names) if where >> i & 1} or {names[where % len(names)]}
        return {k: v for k, v in base.items() if k not in gone}
    if how == "every" and isinstance(base, dict):
        body = base
        for key, (swap, value) in zip(list(base), recipe["swaps"], strict=False):
            body = replaced(body, (key,), value) if swap else body
        return body
    return recipe["any"] if how == "any" else recipe["value"]

"""The canary's test for a secret marker in text: the marker as a whole word."""

from __future__ import annotations

import re


def contains_marker(text: str, marker: str) -> bool:
    """Whether ``marker`` appears in ``text`` with no word character or dash either side."""
    return re.search(r"(?<![\w-])" + re.escape(marker) + r"(?![\w-])", text) is not None

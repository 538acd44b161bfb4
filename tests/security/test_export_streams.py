"""Issue 13, item 3: the export of a finished match is written a few entries at a time, so a
long log never sits whole in the server's memory; what arrives is the same export."""

from __future__ import annotations

import json

import pytest

from games import selectors
from games.models import Match
from games.play import services

from .test_log_flooding import ENTRIES, long_match  # noqa: F401  (a fixture)

pytestmark = pytest.mark.django_db


def test_the_export_streams_a_long_log_a_bounded_number_of_entries_at_a_time(api, alice, long_match):  # noqa: F811
    services.match_resign(match_id=long_match.pk, user=alice)
    response = api.as_user(alice).get(f"/api/matches/{long_match.pk}/export/")
    assert response.status_code == 200 and response.streaming
    chunks = [chunk.decode() for chunk in response.streaming_content]
    assert max(chunk.count('"prev_hash"') for chunk in chunks) <= selectors.EXPORT_CHUNK
    export = json.loads("".join(chunks))
    assert len(export["entries"]) == ENTRIES + 1  # and the resignation
    assert export == json.loads(json.dumps(selectors.export_for(Match.objects.get(pk=long_match.pk))))


def test_a_refused_export_is_a_clear_json_error_before_anything_streams(api, bob, carol, long_match):  # noqa: F811
    response = api.as_user(carol).get(f"/api/matches/{long_match.pk}/export/")
    assert response.status_code == 409 and response.json()["code"] == "match_not_over"

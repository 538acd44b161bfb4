"""The baseline endpoint: what any Django write costs here, without the game.

Same middleware, settings and database as the move endpoint; no authentication, no engine,
no outbox: parse the JSON body, lock the stream row, check the seq, append, commit.
"""

from __future__ import annotations

import json

from django.db import transaction
from django.http import HttpRequest, JsonResponse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from .models import BareEntry, BareStream


@csrf_exempt
@require_POST
def append(request: HttpRequest, pk: int) -> JsonResponse:
    try:
        body = json.loads(request.body)
        expected_seq = int(body["expected_seq"])
    except (ValueError, KeyError, TypeError):
        return JsonResponse({"code": "bad_request", "message": "expected_seq is required."}, status=400)
    with transaction.atomic():
        stream = BareStream.objects.select_for_update().filter(pk=pk).first()
        if stream is None:
            return JsonResponse({"code": "not_found", "message": f"No stream {pk}."}, status=404)
        if stream.seq != expected_seq:
            return JsonResponse({"code": "stale_seq", "seq": stream.seq}, status=409)
        stream.seq += 1
        BareEntry.objects.create(stream=stream, seq=stream.seq, data=body)
        stream.save(update_fields=["seq"])
    return JsonResponse({"seq": stream.seq}, status=201)

"""The force lists' API: save, read, replace and delete your lists, and build your force in a
match from one. The URLs are part of the games API (games/api/urls.py)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from ...api.serializers import ErrorOut, MoveOut
from ...play.forces import force_engines
from .services import (
    DEFAULT_GAME,
    forcelist_delete,
    forcelist_get,
    forcelist_json,
    forcelist_save,
    forcelist_use,
)

ERRORS = {code: ErrorOut for code in (400, 401, 403, 404, 409, 422)}


class ForceListIn(serializers.Serializer):
    name = serializers.CharField(max_length=100)
    game = serializers.CharField(max_length=40, required=False, default=DEFAULT_GAME)
    side = serializers.ChoiceField(
        sorted({side for engine in force_engines() for side in engine.force_sides.values()})  # type: ignore[attr-defined]
    )
    scenario = serializers.CharField(max_length=40)
    points = serializers.IntegerField(min_value=1, max_value=1000)
    force = serializers.JSONField(help_text='{"units": [{"type", "flights", "options", "transport"}]}')


class UseForceListIn(serializers.Serializer):
    force_list = serializers.IntegerField()
    expected_seq = serializers.IntegerField(min_value=0)


class ForceListCollection(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(summary="Your saved force lists")
    def get(self, request):
        return Response([forcelist_json(f) for f in request.user.force_lists.all()])

    @extend_schema(
        request=ForceListIn, responses={201: serializers.JSONField(), **ERRORS}, summary="Save a force list"
    )
    def post(self, request):
        data = ForceListIn(data=request.data)
        data.is_valid(raise_exception=True)
        fl = forcelist_save(user=request.user, **data.validated_data)
        return Response(forcelist_json(fl), status=status.HTTP_201_CREATED)


class ForceListItem(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(summary="One of your force lists")
    def get(self, request, id: int):
        return Response(forcelist_json(forcelist_get(user=request.user, pk=id)))

    @extend_schema(
        request=ForceListIn, responses={200: serializers.JSONField(), **ERRORS}, summary="Replace it"
    )
    def put(self, request, id: int):
        data = ForceListIn(data=request.data)
        data.is_valid(raise_exception=True)
        return Response(forcelist_json(forcelist_save(user=request.user, pk=id, **data.validated_data)))

    @extend_schema(summary="Delete it")
    def delete(self, request, id: int):
        forcelist_delete(user=request.user, pk=id)
        return Response(status=status.HTTP_204_NO_CONTENT)


class MatchForceList(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=UseForceListIn,
        responses={201: MoveOut, **ERRORS},
        summary="Build your force from a saved list",
    )
    def post(self, request, id: int):
        data = UseForceListIn(data=request.data)
        data.is_valid(raise_exception=True)
        result = forcelist_use(
            user=request.user,
            match_id=id,
            pk=data.validated_data["force_list"],
            expected_seq=data.validated_data["expected_seq"],
        )
        return Response({"seq": result.seq}, status=status.HTTP_201_CREATED)

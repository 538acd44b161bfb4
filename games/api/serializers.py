"""Request shapes for the games API. Only shape checks here; the services decide the rest."""

from __future__ import annotations

from rest_framework import serializers


class MatchCreateIn(serializers.Serializer):
    game = serializers.CharField(max_length=40)
    options = serializers.JSONField(required=False, default=dict)
    seats = serializers.IntegerField(required=False, allow_null=True, default=None)
    invite = serializers.ListField(child=serializers.CharField(max_length=150), required=False, default=list)
    seat = serializers.IntegerField(required=False, allow_null=True, default=None)
    salt = serializers.CharField(required=False, allow_blank=True, max_length=200, default="")
    time_control = serializers.JSONField(
        required=False,
        default=dict,
        help_text="days_per_move, deadline_time, count_weekends, max_days, timeout",
    )


class JoinIn(serializers.Serializer):
    seat = serializers.IntegerField(required=False, allow_null=True, default=None)
    salt = serializers.CharField(required=False, allow_blank=True, max_length=200, default="")


class MoveIn(serializers.Serializer):
    expected_seq = serializers.IntegerField(min_value=0)
    move = serializers.JSONField(
        help_text='One move exactly as listed by legal-moves, e.g. {"kind": "draw"}.'
    )


class MoveListIn(serializers.Serializer):
    expected_seq = serializers.IntegerField(min_value=0)
    moves = serializers.ListField(
        child=serializers.JSONField(),
        help_text="Moves, each exactly as listed by legal-moves (a route's `moves`), played in order "
        "as one request: all recorded, or none.",
    )


class RematchIn(serializers.Serializer):
    salt = serializers.CharField(required=False, allow_blank=True, max_length=200, default="")


class ResignIn(serializers.Serializer):
    expected_seq = serializers.IntegerField(min_value=0, required=False, allow_null=True, default=None)


class MoveOut(serializers.Serializer):
    seq = serializers.IntegerField()


class LegalMovesOut(serializers.Serializer):
    seq = serializers.IntegerField()
    moves = serializers.ListField(child=serializers.JSONField())
    notation = serializers.ListField(child=serializers.CharField())


class RouteOut(serializers.Serializer):
    piece = serializers.CharField()
    hexes = serializers.ListField(
        child=serializers.CharField(), help_text="where the piece ends (a ship: every hex it covers)"
    )
    facing = serializers.CharField(help_text='the facing it ends with ("" where facing does not matter)')
    moves = serializers.ListField(
        child=serializers.JSONField(), help_text="the listed moves, in order, that take it there"
    )
    notation = serializers.ListField(child=serializers.CharField())


class RoutesOut(serializers.Serializer):
    seq = serializers.IntegerField()
    piece = serializers.CharField()
    routes = RouteOut(many=True)


class ErrorOut(serializers.Serializer):
    code = serializers.CharField()
    message = serializers.CharField()
    seq = serializers.IntegerField(required=False)


class MatchOut(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.CharField()
    title = serializers.CharField()
    status = serializers.CharField()
    seq = serializers.IntegerField()
    seats = serializers.ListField(child=serializers.JSONField())
    active_seats = serializers.ListField(child=serializers.IntegerField())
    your_seat = serializers.IntegerField(allow_null=True)
    view = serializers.JSONField(allow_null=True)
    deadline = serializers.DateTimeField(allow_null=True)
    outcome = serializers.JSONField(allow_null=True)
    seed_commitment = serializers.CharField()
    seed = serializers.CharField(allow_null=True)
    log_head = serializers.CharField()
    created_by = serializers.CharField()
    rematch_of = serializers.IntegerField(
        allow_null=True, help_text="the finished match this one is a rematch of"
    )
    rematch = serializers.IntegerField(
        allow_null=True, help_text="the rematch opened from this finished match"
    )

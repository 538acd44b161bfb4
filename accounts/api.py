"""Account API: registration and token sign-in. Thin: validation lives in the services."""

from __future__ import annotations

from django.contrib.auth import authenticate
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from .errors import AccountError, DomainError
from .models import ApiToken, Club
from .services import (
    club_accept,
    club_add_member,
    club_create,
    club_invites_for,
    club_json,
    club_remove_member,
    prefs_json,
    prefs_update,
    user_register,
    user_update_profile,
    vacation_days_left,
    vacation_take,
)
from .throttles import AuthAccountThrottle, AuthAddressThrottle, RegisterAddressThrottle
from .tokens import token_create, token_json, token_revoke


class NotAuthenticated(DomainError):
    status = 401


class RegisterIn(serializers.Serializer):
    username = serializers.CharField(max_length=150)
    email = serializers.CharField(max_length=254)
    password = serializers.CharField(max_length=128, write_only=True)
    timezone = serializers.CharField(max_length=64, required=False, default="UTC")


class UserOut(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField()
    email = serializers.CharField()
    timezone = serializers.CharField()


def user_json(user) -> dict:
    return {"id": user.pk, "username": user.username, "email": user.email, "timezone": user.timezone}


class AccountCreate(APIView):
    permission_classes = [AllowAny]
    throttle_classes = [RegisterAddressThrottle]

    @extend_schema(request=RegisterIn, responses={201: UserOut}, summary="Register a player")
    def post(self, request):
        data = RegisterIn(data=request.data)
        data.is_valid(raise_exception=True)
        user = user_register(**data.validated_data)
        return Response(user_json(user), status=status.HTTP_201_CREATED)


class Me(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: UserOut}, summary="Your profile")
    def get(self, request):
        return Response(user_json(request.user))

    @extend_schema(
        request=inline_serializer(
            "ProfileIn",
            {
                "timezone": serializers.CharField(required=False),
                "email": serializers.CharField(required=False),
                "password": serializers.CharField(
                    required=False, help_text="your current one: a new email needs it"
                ),
            },
        ),
        responses={200: UserOut},
        summary="Change your timezone or email (with your password)",
    )
    def patch(self, request):
        if not isinstance(request.data, dict):
            raise DomainError("bad_request", "Send a JSON object.")
        user = user_update_profile(
            user=request.user,
            timezone=request.data.get("timezone"),
            email=request.data.get("email"),
            password=request.data.get("password"),
        )
        return Response(user_json(user))


class TokenIn(serializers.Serializer):
    username = serializers.CharField(max_length=150)
    password = serializers.CharField(write_only=True, max_length=4096)
    name = serializers.CharField(required=False, max_length=100, help_text="to tell your tokens apart")


class TokenCreate(APIView):
    permission_classes = [AllowAny]
    authentication_classes: list = []
    throttle_classes = [AuthAddressThrottle, AuthAccountThrottle]

    @extend_schema(
        request=TokenIn,
        responses={200: inline_serializer("TokenOut", {"token": serializers.CharField()})},
        summary="Exchange a username and password for an API token",
    )
    def post(self, request):
        data = TokenIn(data=request.data)
        data.is_valid(raise_exception=True)
        # Django's request, so that django-axes counts a failure here as on the sign-in page
        # (and its middleware answers a locked-out account with a 429).
        user = authenticate(
            request._request,
            username=data.validated_data["username"],
            password=data.validated_data["password"],
        )
        if user is None:
            raise NotAuthenticated("bad_credentials", "Unknown username or wrong password.")
        _, key = token_create(user=user, name=request.data.get("name", "api"))
        return Response({"token": key})


class TokenList(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(summary="Your API tokens (never their keys): name, prefix, last use, expiry")
    def get(self, request):
        current = request.auth.pk if isinstance(request.auth, ApiToken) else None
        return Response([token_json(t, current=current) for t in request.user.api_tokens.all()])


class TokenItem(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(summary="Revoke one of your API tokens")
    def delete(self, request, id: int):
        token_revoke(user=request.user, token_id=id)
        return Response(status=status.HTTP_204_NO_CONTENT)


class NotificationPrefsView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(summary="Your notification preferences")
    def get(self, request):
        return Response(prefs_json(request.user))

    @extend_schema(
        request=inline_serializer(
            "PrefsIn",
            {
                "email": serializers.ChoiceField(["immediate", "digest", "off"], required=False),
                "push": serializers.ChoiceField(["immediate", "digest", "off"], required=False),
                "digest_hour": serializers.IntegerField(required=False),
                "quiet_start": serializers.CharField(required=False, allow_null=True),
                "quiet_end": serializers.CharField(required=False, allow_null=True),
                "reminder_hours": serializers.IntegerField(required=False),
                "email_per_round": serializers.BooleanField(required=False),
                "auto_vacation": serializers.BooleanField(required=False),
            },
        ),
        summary="Change your notification preferences (any subset)",
    )
    def patch(self, request):
        prefs_update(request.user, request.data)
        return Response(prefs_json(request.user))

    put = patch


class VacationsView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(summary="Your vacations and the days left in this year's bank")
    def get(self, request):
        return Response(vacations_json(request.user))

    @extend_schema(
        request=inline_serializer(
            "VacationIn",
            {"start": serializers.DateTimeField(required=False), "days": serializers.IntegerField()},
        ),
        summary="Take days off: all your clocks stop",
    )
    def post(self, request):
        if not isinstance(request.data, dict):
            raise DomainError("bad_request", "Send a JSON object with days (and start).")
        when = _vacation_start(request.data.get("start"), request.user)
        vacation_take(request.user, start=when or timezone.now(), days=request.data.get("days"))
        return Response(vacations_json(request.user), status=status.HTTP_201_CREATED)


def _vacation_start(start, user):
    """The ``start`` of a vacation request as an aware datetime (naive: the player's own
    timezone), None when absent, AccountError when it is not a real date and time."""
    if start is None:
        return None
    try:  # parse_datetime raises ValueError for well-formed but impossible dates (month 13)
        when = parse_datetime(start) if isinstance(start, str) else None
    except ValueError:
        when = None
    if when is None:
        raise AccountError("bad_vacation", "start is an ISO 8601 date and time, e.g. 2026-12-24T00:00:00Z.")
    return when.replace(tzinfo=user.tz) if when.tzinfo is None else when


def vacations_json(user) -> dict:
    return {
        "days_left": vacation_days_left(user),
        "auto_vacation": user.auto_vacation,
        "vacations": [
            {"start": v.start.isoformat(), "end": v.end.isoformat(), "auto": v.auto}
            for v in user.vacations.order_by("start")
        ],
    }


class Clubs(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(summary="The clubs you belong to")
    def get(self, request):
        clubs = Club.objects.filter(members__user=request.user).distinct()
        return Response([club_json(c) for c in clubs])

    @extend_schema(
        request=inline_serializer("ClubIn", {"name": serializers.CharField()}),
        summary="Found a club (you run it and are its first member)",
    )
    def post(self, request):
        name = request.data.get("name") if isinstance(request.data, dict) else None
        return Response(club_json(club_create(owner=request.user, name=name)), status=status.HTTP_201_CREATED)


class ClubMembers(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=inline_serializer("ClubMemberIn", {"username": serializers.CharField()}),
        summary="Invite a player (organiser only); they are a member once they accept",
    )
    def post(self, request, id: int):
        username = request.data.get("username") if isinstance(request.data, dict) else None
        invite = club_add_member(owner=request.user, club_id=id, username=username)
        return Response(club_json(invite.club), status=status.HTTP_201_CREATED)


class ClubJoin(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, summary="Accept your invitation to a club")
    def post(self, request, id: int):
        member = club_accept(user=request.user, club_id=id)
        return Response(club_json(member.club), status=status.HTTP_201_CREATED)


class ClubInvitations(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(summary="The clubs that invited you (accept: POST /api/clubs/{id}/join/)")
    def get(self, request):
        return Response(club_invites_for(request.user))


class ClubMember(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(summary="Remove a member or withdraw an invitation (organiser); leave or decline (player)")
    def delete(self, request, id: int, username: str):
        club_remove_member(actor=request.user, club_id=id, username=username)
        return Response(status=status.HTTP_204_NO_CONTENT)

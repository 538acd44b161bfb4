"""Notification channels API: Web Push subscriptions and webhooks. Thin: the services check."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from .models import Webhook
from .push import (
    push_config,
    push_subscription_delete,
    push_subscription_json,
    push_subscription_save,
)
from .webhooks import webhook_create, webhook_delete, webhook_json, webhook_update

ErrorOut = inline_serializer(
    "NotificationErrorOut",
    {"code": serializers.CharField(), "message": serializers.CharField(), "field": serializers.CharField()},
)
SubscriptionIn = inline_serializer(
    "PushSubscriptionIn",
    {
        "endpoint": serializers.URLField(),
        "keys": inline_serializer(
            "PushSubscriptionKeys", {"p256dh": serializers.CharField(), "auth": serializers.CharField()}
        ),
    },
)
SubscriptionOut = inline_serializer(
    "PushSubscriptionOut",
    {
        "id": serializers.IntegerField(),
        "endpoint": serializers.CharField(),
        "user_agent": serializers.CharField(),
        "created_at": serializers.DateTimeField(),
        "last_success_at": serializers.DateTimeField(allow_null=True),
    },
)
WebhookOut = inline_serializer(
    "WebhookOut",
    {
        "id": serializers.IntegerField(),
        "url": serializers.CharField(),
        "club": serializers.CharField(),
        "events": serializers.ListField(child=serializers.CharField()),
        "active": serializers.BooleanField(),
        "failures": serializers.IntegerField(),
        "created_at": serializers.DateTimeField(),
        "last_success_at": serializers.DateTimeField(allow_null=True),
        "secret": serializers.CharField(required=False, help_text="Only in the answer that created it."),
    },
)
WebhookIn = inline_serializer(
    "WebhookIn",
    {
        "url": serializers.URLField(),
        "events": serializers.ListField(child=serializers.ChoiceField(Webhook.Event.values)),
        "club": serializers.CharField(required=False),
    },
)


class PushConfig(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        summary="Whether Web Push is on, and the VAPID public key to subscribe with",
        responses={
            200: inline_serializer(
                "PushConfigOut",
                {"enabled": serializers.BooleanField(), "public_key": serializers.CharField()},
            )
        },
    )
    def get(self, request):
        return Response(push_config())


class PushSubscriptions(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Your devices that receive Web Push",
        responses={
            200: inline_serializer(
                "PushSubscriptionList", {"subscriptions": serializers.ListField(child=SubscriptionOut)}
            )
        },
    )
    def get(self, request):
        subs = request.user.push_subscriptions.order_by("created_at", "pk")
        return Response({"subscriptions": [push_subscription_json(s) for s in subs]})

    @extend_schema(
        summary="Subscribe this browser (the PushSubscription JSON); 201 new, 200 refreshed",
        request=SubscriptionIn,
        responses={200: SubscriptionOut, 201: SubscriptionOut, 400: ErrorOut, 503: ErrorOut},
    )
    def post(self, request):
        sub, created = push_subscription_save(
            user=request.user, data=request.data, user_agent=request.headers.get("User-Agent", "")
        )
        return Response(
            push_subscription_json(sub), status=status.HTTP_201_CREATED if created else status.HTTP_200_OK
        )

    @extend_schema(
        summary="Unsubscribe a browser of yours by its endpoint",
        request=inline_serializer("PushUnsubscribeIn", {"endpoint": serializers.CharField()}),
        responses={204: None, 400: ErrorOut},
    )
    def delete(self, request):
        push_subscription_delete(user=request.user, data=request.data)
        return Response(status=status.HTTP_204_NO_CONTENT)


class Webhooks(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Your webhooks (their secrets are shown only when created)",
        responses={
            200: inline_serializer("WebhookList", {"webhooks": serializers.ListField(child=WebhookOut)})
        },
    )
    def get(self, request):
        hooks = Webhook.objects.filter(user=request.user).order_by("pk")
        return Response({"webhooks": [webhook_json(h) for h in hooks]})

    @extend_schema(
        summary="Add a webhook; the answer holds its signing secret, shown this once",
        request=WebhookIn,
        responses={201: WebhookOut, 400: ErrorOut},
    )
    def post(self, request):
        data = request.data if isinstance(request.data, dict) else {}
        hook = webhook_create(
            user=request.user, url=data.get("url"), events=data.get("events"), club=data.get("club")
        )
        return Response(webhook_json(hook, with_secret=True), status=status.HTTP_201_CREATED)


class WebhookDetail(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Switch a webhook on (forgetting past failures) or off, or change its events",
        request=inline_serializer(
            "WebhookPatch",
            {
                "active": serializers.BooleanField(required=False),
                "events": serializers.ListField(child=serializers.CharField(), required=False),
            },
        ),
        responses={200: WebhookOut, 400: ErrorOut, 404: ErrorOut},
    )
    def patch(self, request, id: int):
        data = request.data if isinstance(request.data, dict) else {}
        hook = webhook_update(
            user=request.user, webhook_id=id, active=data.get("active"), events=data.get("events")
        )
        return Response(webhook_json(hook))

    @extend_schema(summary="Delete a webhook of yours", responses={204: None, 404: ErrorOut})
    def delete(self, request, id: int):
        webhook_delete(user=request.user, webhook_id=id)
        return Response(status=status.HTTP_204_NO_CONTENT)

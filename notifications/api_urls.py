"""Notification channels API, included by config/urls.py under /api/."""

from django.urls import path

from . import api

urlpatterns = [
    path("push/", api.PushConfig.as_view(), name="api-push"),
    path("push/subscriptions/", api.PushSubscriptions.as_view(), name="api-push-subscriptions"),
    path("webhooks/", api.Webhooks.as_view(), name="api-webhooks"),
    path("webhooks/<int:id>/", api.WebhookDetail.as_view(), name="api-webhook"),
]

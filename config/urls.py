from django.conf import settings
from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from accounts import api as accounts_api
from accounts import views as accounts_views
from notifications.urls import root_urlpatterns as notifications_root

handler400 = "config.api_errors.json_400"
handler403 = "config.api_errors.json_403"
handler404 = "config.api_errors.json_404"
handler500 = "config.api_errors.json_500"

urlpatterns = [
    path("admin/", admin.site.urls),
    # API
    path("api/accounts/", accounts_api.AccountCreate.as_view(), name="api-accounts"),
    path("api/accounts/me/", accounts_api.Me.as_view(), name="api-me"),
    path("api/accounts/me/notifications/", accounts_api.NotificationPrefsView.as_view(), name="api-prefs"),
    path("api/accounts/me/vacations/", accounts_api.VacationsView.as_view(), name="api-vacations"),
    path("api/clubs/", accounts_api.Clubs.as_view(), name="api-clubs"),
    path("api/clubs/invitations/", accounts_api.ClubInvitations.as_view(), name="api-club-invitations"),
    path("api/clubs/<int:id>/members/", accounts_api.ClubMembers.as_view(), name="api-club-members"),
    path("api/clubs/<int:id>/join/", accounts_api.ClubJoin.as_view(), name="api-club-join"),
    path(
        "api/clubs/<int:id>/members/<str:username>/",
        accounts_api.ClubMember.as_view(),
        name="api-club-member",
    ),
    path("api/auth/token/", accounts_api.TokenCreate.as_view(), name="api-token"),
    path("api/auth/tokens/", accounts_api.TokenList.as_view(), name="api-tokens"),
    path("api/auth/tokens/<int:id>/", accounts_api.TokenItem.as_view(), name="api-token-item"),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    # The split view serves its start-up script as a file: no inline script for the CSP to allow.
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="api-schema"), name="api-docs"),
    path("api/", include("notifications.api_urls")),
    path("api/", include("games.api.urls")),
    # Web
    path("accounts/register/", accounts_views.register, name="register"),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    # Password reset by email: Django's views (the link is signed and works once).
    path("accounts/password/reset/", accounts_views.PasswordReset.as_view(), name="password_reset"),
    path(
        "accounts/password/reset/sent/",
        auth_views.PasswordResetDoneView.as_view(),
        name="password_reset_done",
    ),
    path(
        "accounts/password/reset/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path(
        "accounts/password/reset/done/",
        auth_views.PasswordResetCompleteView.as_view(),
        name="password_reset_complete",
    ),
    path("accounts/profile/", accounts_views.profile, name="profile"),
    path("accounts/tokens/", accounts_views.tokens, name="tokens"),
    path("notifications/", include("notifications.urls")),
    # Inbound email (replies with moves) from providers: /anymail/<esp>/inbound/
    path("anymail/", include("notifications.inbound_web")),
    *notifications_root,
    path("", include("games.urls")),
]

if settings.STARPOST_BENCH:  # benchmarks only: the bare baseline endpoint (bench/README.md)
    urlpatterns.insert(0, path("bench/", include("bench.bareapp.urls")))

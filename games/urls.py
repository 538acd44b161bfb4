"""Web routes. "home" and "match" are also used by emails (games/notify.py)."""

from django.urls import include, path

from . import views

urlpatterns = [
    path("", views.home, name="home"),
    path("lobby/", views.lobby, name="lobby"),
    path("games/", views.games_index, name="games"),
    path("games/<slug:key>/", views.game_help, name="game-help"),
    path("matches/new/", views.match_new, name="match-new"),
    path("matches/<int:pk>/", views.match_page, name="match"),
    path("matches/<int:pk>/poll/", views.match_poll, name="match-poll"),
    path("matches/<int:pk>/move/", views.match_move, name="match-move"),
    path("matches/<int:pk>/routes/", views.match_routes, name="match-routes"),
    path("matches/<int:pk>/join/", views.match_join, name="match-join"),
    path("matches/<int:pk>/resign/", views.match_resign, name="match-resign"),
    path("matches/<int:pk>/verify/", views.match_verify, name="match-verify"),
    path("matches/<int:pk>/replay/", views.match_replay, name="match-replay"),
    path("verify_export.py", views.verifier_script, name="verifier-script"),
    path("", include("games.extensions.forcelists.urls")),
    path("matches/<int:pk>/decline/", views.match_decline, name="match-decline"),
    path("matches/<int:pk>/cancel/", views.match_cancel, name="match-cancel"),
    path("matches/<int:pk>/rematch/", views.match_rematch, name="match-rematch"),
]

from django.urls import path

from . import views

urlpatterns = [
    path("games/", views.GameList.as_view(), name="api-games"),
    path("matches/", views.MatchList.as_view(), name="api-matches"),
    path("matches/<int:pk>/", views.MatchDetail.as_view(), name="api-match"),
    path("matches/<int:pk>/join/", views.MatchJoin.as_view(), name="api-match-join"),
    path("matches/<int:pk>/legal-moves/", views.LegalMoves.as_view(), name="api-legal-moves"),
    path("matches/<int:pk>/moves/", views.MoveCreate.as_view(), name="api-moves"),
    path("matches/<int:pk>/resign/", views.Resign.as_view(), name="api-resign"),
    path("matches/<int:pk>/log/", views.Log.as_view(), name="api-log"),
    path("matches/<int:pk>/export/", views.Export.as_view(), name="api-export"),
]

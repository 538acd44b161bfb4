from django.urls import path

from ..extensions.forcelists import api as forcelists
from . import views

urlpatterns = [
    path("games/", views.GameList.as_view(), name="api-games"),
    path("matches/", views.MatchList.as_view(), name="api-matches"),
    path("matches/<int:id>/", views.MatchDetail.as_view(), name="api-match"),
    path("matches/<int:id>/join/", views.MatchJoin.as_view(), name="api-match-join"),
    path("matches/<int:id>/decline/", views.MatchDecline.as_view(), name="api-match-decline"),
    path("matches/<int:id>/cancel/", views.MatchCancel.as_view(), name="api-match-cancel"),
    path("matches/<int:id>/rematch/", views.MatchRematch.as_view(), name="api-match-rematch"),
    path("matches/<int:id>/legal-moves/", views.LegalMoves.as_view(), name="api-legal-moves"),
    path("matches/<int:id>/moves/", views.MoveCreate.as_view(), name="api-moves"),
    path("matches/<int:id>/move-list/", views.MoveList.as_view(), name="api-move-list"),
    path("matches/<int:id>/routes/", views.PieceRoutes.as_view(), name="api-routes"),
    path("matches/<int:id>/resign/", views.Resign.as_view(), name="api-resign"),
    path("matches/<int:id>/log/", views.Log.as_view(), name="api-log"),
    path("matches/<int:id>/export/", views.Export.as_view(), name="api-export"),
    path("matches/<int:id>/force-list/", forcelists.MatchForceList.as_view(), name="api-match-force-list"),
    path("force-lists/", forcelists.ForceListCollection.as_view(), name="api-force-lists"),
    path("force-lists/<int:id>/", forcelists.ForceListItem.as_view(), name="api-force-list"),
]

"""The force lists' web pages (games/urls.py includes them); their API is in ``api``."""

from django.urls import path

from . import web

urlpatterns = [
    path("force-lists/", web.forcelist_index, name="force-lists"),
    path("force-lists/new/", web.forcelist_edit, name="force-list-new"),
    path("force-lists/<int:pk>/", web.forcelist_edit, name="force-list-edit"),
    path("force-lists/<int:pk>/delete/", web.forcelist_remove, name="force-list-delete"),
    path("matches/<int:pk>/force-list/", web.forcelist_build, name="match-force-list"),
]

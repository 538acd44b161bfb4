from django.urls import path

from . import views

urlpatterns = [
    path("", views.home, name="home"),
    path("matches/<int:pk>/", views.match_page, name="match"),
]

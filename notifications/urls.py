from django.urls import path

from . import views

urlpatterns = [
    path("unsubscribe/<str:token>/", views.unsubscribe, name="unsubscribe"),
    path("", views.preferences, name="preferences"),
]

# -- Web Push: the service worker must be served from the site root, so config/urls.py
# includes this list at "" (see notifications.views.service_worker).
root_urlpatterns = [
    path("sw.js", views.service_worker, name="service-worker"),
]

from django.urls import path

from . import views

urlpatterns = [path("bare/<int:pk>/append/", views.append, name="bench-bare-append")]

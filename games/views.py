"""HTML pages (placeholder until the web UI lands)."""

from django.http import HttpResponse


def home(request):
    return HttpResponse("Starpost")


def match_page(request, pk):
    return HttpResponse(f"Match {pk}")

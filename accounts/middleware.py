"""Show times in the signed-in player's own timezone."""

from django.utils import timezone


class TimezoneMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            timezone.activate(user.tz)
        else:
            timezone.deactivate()
        return self.get_response(request)

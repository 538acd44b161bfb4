from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Games"

    def ready(self) -> None:
        from accounts.services import vacation_changed

        from .play import timeouts

        vacation_changed.connect(timeouts.on_vacation_changed, dispatch_uid="games.clock.vacation")

        from notifications.inbound import register_reply_handler

        from . import email_replies

        register_reply_handler(email_replies.handle)

from django.apps import AppConfig


class ForceListsConfig(AppConfig):
    name = "games.extensions.forcelists"
    label = "forcelists"
    verbose_name = "Force lists"

from django.apps import AppConfig


class BareAppConfig(AppConfig):
    name = "bench.bareapp"
    label = "bench_bareapp"
    default_auto_field = "django.db.models.BigAutoField"

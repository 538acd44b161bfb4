from django.contrib import admin
from django.contrib.auth.admin import UserAdmin

from .models import User


@admin.register(User)
class StarpostUserAdmin(UserAdmin):
    fieldsets = (*(UserAdmin.fieldsets or ()), ("Profile", {"fields": ("timezone",)}))

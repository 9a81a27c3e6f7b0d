from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _


class User(AbstractUser):
    """A player. The preferred language follows them from device to device."""

    language = models.CharField(
        _("preferred language"), max_length=8, choices=settings.LANGUAGES, blank=True, default=""
    )

    def get_absolute_url(self) -> str:
        return reverse("accounts:profile", args=[self.username])

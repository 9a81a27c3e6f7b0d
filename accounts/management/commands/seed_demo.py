from django.core.management.base import BaseCommand
from django.db import transaction

from accounts.models import User

DEMO_PASSWORD = "tablero-demo"
DEMO_USERS = [
    ("admin", "es", True),
    ("alicia", "es", False),
    ("bruno", "es", False),
    ("carla", "en", False),
    ("diego", "en", False),
]


class Command(BaseCommand):
    help = "Create the demo accounts (idempotent) and print their passwords. For local use only."

    @transaction.atomic
    def handle(self, *args, **options):
        for username, lang, staff in DEMO_USERS:
            user, created = User.objects.get_or_create(
                username=username, defaults={"email": f"{username}@example.com", "language": lang}
            )
            if created:
                user.set_password(DEMO_PASSWORD)
                user.is_staff = user.is_superuser = staff
                user.save()
        self.stdout.write(f"Demo accounts (password for each: {DEMO_PASSWORD}):")
        for username, _lang, staff in DEMO_USERS:
            self.stdout.write(f"  {username:8} {'(admin)' if staff else ''}")

"""Make a user a moderator (staff, in the moderators' group) or take the role away."""

from django.core.management.base import BaseCommand, CommandError

from accounts.models import User
from moderation.users import ensure_moderator_group


class Command(BaseCommand):
    help = "Give a user the moderator role (or --remove it)."

    def add_arguments(self, parser):
        parser.add_argument("username")
        parser.add_argument("--remove", action="store_true")

    def handle(self, username, remove=False, **options):
        try:
            user = User.objects.get(username=username)
        except User.DoesNotExist:
            raise CommandError(f"no user {username!r}") from None
        group = ensure_moderator_group()
        if remove:
            user.groups.remove(group)
            user.is_staff = user.is_superuser
        else:
            user.groups.add(group)
            user.is_staff = True  # the admin's search and lists need it; the permissions limit what they can do
        user.save(update_fields=["is_staff"])
        self.stdout.write(f"{username}: {'no longer a moderator' if remove else 'moderator'}")

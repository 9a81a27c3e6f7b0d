"""Create league bot accounts and register them for a league's season open for registration."""

from django.core.management.base import BaseCommand, CommandError

from games.play.actions import MoveRejected
from games.tables.lifecycle import BOT_LEVELS
from lobby.leagues import do_register, make_bot_account, registration_season
from lobby.models import League, Membership


class Command(BaseCommand):
    help = "Register COUNT bot accounts (bot-LEVEL-1, bot-LEVEL-2...) for the league's next season."

    def add_arguments(self, parser):
        parser.add_argument("league", help="the league's slug")
        parser.add_argument("count", type=int)
        parser.add_argument("--level", choices=BOT_LEVELS, default="normal")

    def handle(self, *args, league, count, level, **options):
        found = League.objects.filter(slug=league).first()
        season = registration_season(found) if found else None
        if season is None:
            raise CommandError(f"no season of {league!r} takes registrations")
        added = 0
        n = 0
        while added < count:
            n += 1
            user = make_bot_account(f"bot-{level}-{n}", level)
            if Membership.objects.filter(season=season, user=user).exists():
                continue
            try:
                do_register(season.pk, user)
            except MoveRejected as exc:
                raise CommandError(exc.text()) from None
            added += 1
        self.stdout.write(f"{added} bots registered for {season}")

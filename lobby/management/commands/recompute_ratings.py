"""Rebuild every rating from the recorded game history (docs/LEAGUES.md)."""

from django.core.management.base import BaseCommand

from games.core.rulesets import names
from games.models import Game
from lobby.results import recompute, reconcile


class Command(BaseCommand):
    help = "Record finished games that have no results yet, then recompute ratings from all results."

    def add_arguments(self, parser):
        parser.add_argument("--game", choices=names(), help="only this game's ratings")

    def handle(self, *args, game=None, **options):
        missing = list(Game.objects.filter(status=Game.Status.FINISHED, results__isnull=True)
                       .values_list("pk", flat=True).distinct())
        recorded = sum(reconcile(pk) for pk in missing)
        self.stdout.write(f"recorded results of games that had none: {recorded} rows")
        for ruleset in [game] if game else names():
            self.stdout.write(f"{ruleset}: {recompute(ruleset)} ratings")

from django.core.management.base import BaseCommand, CommandError

from games.models import Game
from games.present.verify import verify_game


class Command(BaseCommand):
    help = "Verify a finished game: the seed matches its commitment and replaying the log gives the final state."

    def add_arguments(self, parser):
        parser.add_argument("game_id", type=int)

    def handle(self, game_id: int, **options):
        game = Game.objects.filter(pk=game_id).first()
        if game is None:
            raise CommandError(f"no game {game_id}")
        if not game.seed_revealed:
            raise CommandError(f"game {game_id} is not over: its seed is still secret")
        report = verify_game(game)
        self.stdout.write(f"commitment {game.seed_commitment}")
        self.stdout.write(f"seed       {game.seed}")
        self.stdout.write(f"commitment matches: {report.commitment_ok}")
        if not report.replayed:
            # Played under an earlier revision of the rules: its log cannot be re-run by today's engine.
            self.stdout.write(f"rules revision {report.rules_revision}; this server runs {report.current_revision}: "
                              f"the {report.moves} moves were not re-run")
            if not report.commitment_ok:
                raise CommandError(f"verification FAILED: the seed does not match its commitment ({report.detail})")
            self.stdout.write(self.style.WARNING("seed commitment verified; moves not re-run (earlier rules)"))
            return
        self.stdout.write(f"replay of {report.moves} moves matches the final state: {report.replay_ok}")
        if not report.ok:
            raise CommandError(f"verification FAILED: {report.detail}")
        self.stdout.write(self.style.SUCCESS("verified"))

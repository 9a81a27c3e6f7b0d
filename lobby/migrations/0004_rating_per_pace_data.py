"""One rating per game and pace. Every result gets its game's pace, then the ratings and each result's before and
after are rebuilt from the results, pace by pace, exactly as ``lobby.results.recompute`` does (the same
``ratings.replay``): after this migration, recomputing from the history gives back the stored ratings.
Backwards, one rating per game is rebuilt the old way (every pace together)."""

from django.db import migrations

from lobby import ratings

# ``ratings.pace_of`` as it was when this migration was written (a migration keeps its meaning); any other time
# control keeps the field's default, rapid, as ``pace_of`` says.
PACE_OF = {"blitz": "blitz", "live": "rapid", "relaxed": "rapid", "correspondence": "correspondence"}
RATING_FIELDS = ["mu_before", "sigma_before", "mu_after", "sigma_after"]


def _rebuild(apps, by_pace: bool) -> None:
    """Every rating rebuilt from the results: per game and pace, or (``by_pace`` false) per game as a "rapid" row."""
    PlayerResult = apps.get_model("lobby", "PlayerResult")
    Rating = apps.get_model("lobby", "Rating")
    Rating.objects.all().delete()
    books = {(ruleset, pace if by_pace else "rapid")
             for ruleset, pace in PlayerResult.objects.values_list("ruleset", "pace").distinct()}
    for ruleset, pace in sorted(books):
        rows = PlayerResult.objects.filter(ruleset=ruleset, **({"pace": pace} if by_pace else {}))
        rows = list(rows.order_by("finished_at", "game_id", "seat"))
        book = ratings.replay(rows, lambda user_id: Rating(user_id=user_id, ruleset=ruleset, pace=pace))
        PlayerResult.objects.bulk_update(rows, RATING_FIELDS, batch_size=500)
        Rating.objects.bulk_create(book.values())


def to_paces(apps, schema_editor) -> None:
    PlayerResult = apps.get_model("lobby", "PlayerResult")
    for time_control, pace in PACE_OF.items():
        PlayerResult.objects.filter(game__time_control=time_control).update(pace=pace)
    _rebuild(apps, by_pace=True)


def to_games(apps, schema_editor) -> None:
    _rebuild(apps, by_pace=False)


class Migration(migrations.Migration):

    dependencies = [
        ('lobby', '0003_rating_per_pace'),
        ('games', '0010_game_teaching'),
    ]

    operations = [
        migrations.RunPython(to_paces, to_games),
    ]

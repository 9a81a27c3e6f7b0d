# The revision of the rules each game is played under (games.core.rulesets.Ruleset.rules_revision). The games
# saved before revisions were recorded get 1; a new game's row takes its engine's current revision when saved
# (Game.save), so the column has no default of its own.

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0008_log_append_only"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="rules_revision",
            field=models.PositiveSmallIntegerField(default=1, editable=False),
            preserve_default=False,
        ),
    ]

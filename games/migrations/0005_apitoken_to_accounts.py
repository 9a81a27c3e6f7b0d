# API tokens belong to accounts (issue 15): the table is renamed and the model leaves the games app's state;
# accounts 0004 takes it up without touching the database, so no token is lost.

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0004_moderation'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[migrations.AlterModelTable(name='apitoken', table='accounts_apitoken')],
            state_operations=[migrations.DeleteModel(name='ApiToken')],
        ),
    ]

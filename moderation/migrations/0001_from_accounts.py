"""The reports and the moderation log move here from ``accounts``: in Django's state only. Their tables keep
the names ``accounts`` gave them (``Meta.db_table``), so no row moves; the content types follow the models, and
the two moderators' permissions stay with ``accounts`` (on ``Restriction``) so every group keeps them."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def move_content_types(apps, schema_editor):
    ContentType = apps.get_model("contenttypes", "ContentType")
    Permission = apps.get_model("auth", "Permission")
    old = ContentType.objects.filter(app_label="accounts", model="moderationaction").first()
    if old is None:  # a new database: post_migrate creates them where they now belong
        return
    restriction, _ = ContentType.objects.get_or_create(app_label="accounts", model="restriction")
    Permission.objects.filter(content_type=old, codename__in=["moderate", "reveal_live_game"]).update(
        content_type=restriction)
    ContentType.objects.filter(app_label="accounts", model__in=["moderationaction", "report"]).update(
        app_label="moderation")


def move_content_types_back(apps, schema_editor):
    ContentType = apps.get_model("contenttypes", "ContentType")
    Permission = apps.get_model("auth", "Permission")
    ContentType.objects.filter(app_label="moderation", model__in=["moderationaction", "report"]).update(
        app_label="accounts")
    log = ContentType.objects.filter(app_label="accounts", model="moderationaction").first()
    if log is not None:
        Permission.objects.filter(content_type__app_label="accounts", content_type__model="restriction",
                                  codename__in=["moderate", "reveal_live_game"]).update(content_type=log)


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ("accounts", "0007_moderation_note"),
        ("games", "0008_log_append_only"),
        ("contenttypes", "0002_remove_content_type_name"),
        ("auth", "0012_alter_user_first_name_max_length"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(state_operations=[
                migrations.CreateModel(
                    name='ModerationAction',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('kind', models.CharField(db_index=True, max_length=32)),
                        ('reason', models.TextField(max_length=1000)),
                        ('note', models.TextField(blank=True, default='', max_length=1000)),
                        ('data', models.JSONField(blank=True, default=dict)),
                        ('created_at', models.DateTimeField(auto_now_add=True, db_index=True)),
                        ('game', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='games.game')),
                        ('moderator', models.ForeignKey(null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL)),
                        ('user', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='moderation', to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'verbose_name': 'moderation action',
                        'verbose_name_plural': 'moderation log',
                        'db_table': 'accounts_moderationaction',
                        'ordering': ['-created_at', '-pk'],
                    },
                ),
                migrations.CreateModel(
                    name='Report',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('category', models.CharField(choices=[('abuse', 'Insults or harassment'), ('cheating', 'Cheating or playing together against others'), ('stalling', 'Stalling or leaving games'), ('spam', 'Spam or advertising'), ('name', 'Offensive name'), ('other', 'Something else')], default='other', max_length=12)),
                        ('reason', models.TextField(blank=True, max_length=1000)),
                        ('context', models.JSONField(blank=True, default=dict)),
                        ('status', models.CharField(choices=[('open', 'open'), ('resolved', 'resolved')], db_index=True, default='open', max_length=10)),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('resolved_at', models.DateTimeField(blank=True, null=True)),
                        ('resolution', models.CharField(blank=True, default='', max_length=16)),
                        ('note', models.TextField(blank=True, default='', max_length=1000)),
                        ('game', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='games.game')),
                        ('message', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='reports', to='games.chatmessage')),
                        ('reported', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='reports_received', to=settings.AUTH_USER_MODEL)),
                        ('reporter', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='reports_made', to=settings.AUTH_USER_MODEL)),
                        ('resolved_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'verbose_name': 'report',
                        'verbose_name_plural': 'reports',
                        'db_table': 'accounts_report',
                        'ordering': ['-created_at'],
                    },
                ),
        ]),
        migrations.RunPython(move_content_types, move_content_types_back),
    ]

"""A sanction has two texts (docs/SECURITY.md, Moderation): the message to the user, which their banner, their
standing page and every refusal quote, and the moderators' private note, which only the moderation log shows."""

import json

import pytest
from django.test import Client

from accounts.models import ApiToken, Restriction
from moderation import reports
from moderation.models import ModerationAction, Report

pytestmark = pytest.mark.django_db

MESSAGE = "Keep the chat friendly, please"
NOTE = "PRIVATE third report this week, watch beto closely"


@pytest.fixture
def mod_client(mod):
    c = Client()
    c.force_login(mod)
    return c


def what_the_user_meets(user, game) -> list[str]:
    """The pages and answers a sanctioned user reads: every page's banner, the standing page, the chat's refusal
    (page and API), a new table's refusal through the API."""
    c = Client()
    c.force_login(user)
    token = ApiToken.issue(user, "t")[1]
    api = Client(HTTP_AUTHORIZATION=f"Bearer {token}")
    return [
        c.get("/").content.decode(),
        c.get("/standing/").content.decode(),
        c.get(f"/games/{game.pk}/").content.decode(),
        c.post(f"/games/{game.pk}/chat/", {"text": "hola"}, HTTP_ACCEPT="application/json").content.decode(),
        api.post("/api/v1/tables", json.dumps({"ruleset": "estanciero", "seats": 2}),
                 content_type="application/json").content.decode(),
        api.get(f"/api/v1/games/{game.pk}").content.decode(),
    ]


def test_a_report_resolved_with_a_note_shows_the_user_only_the_message(mod_client, started_game, players):
    ana, beto, _ = players
    report = reports.do_report(ana, beto, "insults", game=started_game)
    mod_client.post(f"/moderation/reports/{report.pk}/resolve/",
                    {"resolution": "mute", "days": "2", "message": MESSAGE, "note": NOTE})
    assert Restriction.objects.get(user=beto).reason == MESSAGE
    seen = what_the_user_meets(beto, started_game)
    assert MESSAGE in seen[0] and MESSAGE in seen[1] and MESSAGE in seen[3]  # the banner, standing, chat refusal
    assert not [page for page in seen if "PRIVATE" in page]
    for url in ("/moderation/", "/moderation/users/beto/"):
        assert NOTE in mod_client.get(url).content.decode()
    logged = ModerationAction.objects.get(kind="mute")
    assert (logged.reason, logged.note) == (MESSAGE, NOTE)
    assert ModerationAction.objects.get(kind="resolve_report").note == NOTE


def test_a_sanction_from_the_users_page_keeps_the_note_to_moderators(mod_client, started_game, players):
    beto = players[1]
    mod_client.post("/moderation/users/beto/act/", {"kind": "suspend", "reason": MESSAGE, "note": NOTE})
    assert Restriction.objects.get(user=beto).kind == "suspension"
    seen = what_the_user_meets(beto, started_game)
    assert MESSAGE in seen[0] and MESSAGE in seen[4]  # the banner, the API's refusal of a new table
    assert not [page for page in seen if "PRIVATE" in page]
    assert NOTE in mod_client.get("/moderation/users/beto/").content.decode()


def test_a_sanction_needs_a_message_for_the_user_and_changes_nothing_without_one(mod, mod_client, started_game,
                                                                                  players):
    ana, beto, _ = players
    report = reports.do_report(ana, beto, "insults", game=started_game)
    mod_client.post(f"/moderation/reports/{report.pk}/resolve/", {"resolution": "ban", "note": NOTE})
    assert Report.objects.get(pk=report.pk).status == "open"
    assert not Restriction.objects.exists() and not ModerationAction.objects.exists()
    reports.do_resolve(mod, report.pk, "dismiss", "no insult")  # a dismissal tells the user nothing
    assert Report.objects.get(pk=report.pk).status == "resolved"

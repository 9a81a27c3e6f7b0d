"""Reports (issue 12, Moderation > Reports): players report a user or a chat line from the game page; reports
land in a queue with the context; moderators resolve them with an action and a note."""

import pytest
from django.test import Client

from accounts import moderation
from accounts.models import ModerationAction, Report, Restriction
from games.actions import MoveRejected
from games.models import ChatMessage

pytestmark = pytest.mark.django_db


def say(game, user, text, channel="players"):
    return ChatMessage.objects.create(game=game, user=user, text=text, channel=channel)


def test_a_report_of_a_chat_line_keeps_the_chat_as_it_was(started_game, players):
    ana, beto, _ = players
    say(started_game, ana, "hola a todos")
    bad = say(started_game, beto, "sos un [insulto]")
    say(started_game, ana, "after the report's line")
    report = moderation.do_report(ana, beto, "insulted me", game=started_game, message=bad)
    texts = [line["text"] for line in report.context["chat"]]
    assert texts == ["hola a todos", "sos un [insulto]"]  # the excerpt ends at the reported line
    bad.text = "edited later"
    bad.save()
    assert Report.objects.get(pk=report.pk).context["chat"][-1]["text"] == "sos un [insulto]"


def test_bad_reports_are_refused_and_store_nothing(started_game, players):
    ana, beto, caro = players
    line = say(started_game, beto, "hola")
    for attempt in (
        lambda: moderation.do_report(ana, ana, "myself", game=started_game),
        lambda: moderation.do_report(ana, beto, "   ", game=started_game),
        lambda: moderation.do_report(ana, caro, "not theirs", game=started_game, message=line),
        lambda: moderation.do_report(ana, "nadie", "who?", game=started_game),
    ):
        with pytest.raises(MoveRejected):
            attempt()
    assert not Report.objects.exists()


def test_reports_are_rate_limited(started_game, players):
    ana, beto, _ = players
    for i in range(5):
        moderation.do_report(ana, beto, f"report {i}", game=started_game)
    with pytest.raises(MoveRejected) as exc:
        moderation.do_report(ana, beto, "one too many", game=started_game)
    assert exc.value.code == "rate_limited"
    assert Report.objects.count() == 5


def test_resolving_a_report_acts_hides_the_line_and_logs(started_game, players, mod):
    ana, beto, _ = players
    line = say(started_game, beto, "spam spam spam")
    report = moderation.do_report(ana, beto, "spam", game=started_game, message=line)
    moderation.do_resolve(mod, report.pk, "mute", "spamming the table", message="No spam, please",
                          mute_days=2)
    report.refresh_from_db()
    line.refresh_from_db()
    assert (report.status, report.resolution, report.resolved_by) == ("resolved", "mute", mod)
    assert line.hidden_at is not None and line.hidden_by == mod
    assert Restriction.objects.get(user=beto).kind == "mute"
    assert set(ModerationAction.objects.values_list("kind", flat=True)) == {"mute", "resolve_report"}
    with pytest.raises(MoveRejected):
        moderation.do_resolve(mod, report.pk, "ban", "twice", message="Banned")
    assert Restriction.objects.filter(user=beto).count() == 1


def test_dismissing_leaves_the_line_visible(started_game, players, mod):
    ana, beto, _ = players
    line = say(started_game, beto, "gg")
    report = moderation.do_report(ana, beto, "rude?", game=started_game, message=line)
    moderation.do_resolve(mod, report.pk, "dismiss", "nothing wrong")
    line.refresh_from_db()
    assert line.hidden_at is None and not Restriction.objects.exists()


def test_the_report_form_from_a_game_page(started_game, players):
    ana, beto, _ = players
    c = Client()
    c.force_login(ana)
    response = c.post("/report/", {"game": started_game.pk, "user": "beto", "reason": "stalling on purpose",
                                   "next": started_game.get_absolute_url()})
    assert response.status_code == 302 and response["Location"] == started_game.get_absolute_url()
    report = Report.objects.get()
    assert (report.reporter, report.reported, report.game) == (ana, beto, started_game)
    # An outside "next" is not followed.
    response = c.post("/report/", {"game": started_game.pk, "user": "beto", "reason": "again",
                                   "next": "https://evil.example/"})
    assert response["Location"] == started_game.get_absolute_url()

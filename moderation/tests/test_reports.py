"""Reports (issue 12, Moderation > Reports): players report a user or a chat line from the game page; reports
land in a queue with the context; moderators resolve them with an action and a note."""

import pytest
from django.test import Client

from accounts.models import Restriction
from games.models import ChatMessage
from games.play.actions import MoveRejected
from moderation import reports
from moderation.models import ModerationAction, Report

pytestmark = pytest.mark.django_db


def say(game, user, text, channel="players"):
    return ChatMessage.objects.create(game=game, user=user, text=text, channel=channel)


def test_a_report_of_a_chat_line_keeps_the_chat_as_it_was(started_game, players):
    ana, beto, _ = players
    say(started_game, ana, "hola a todos")
    bad = say(started_game, beto, "sos un [insulto]")
    say(started_game, ana, "after the report's line")
    report = reports.do_report(ana, beto, "insulted me", game=started_game, message=bad)
    texts = [line["text"] for line in report.context["chat"]]
    assert texts == ["hola a todos", "sos un [insulto]"]  # the excerpt ends at the reported line
    bad.text = "edited later"
    bad.save()
    assert Report.objects.get(pk=report.pk).context["chat"][-1]["text"] == "sos un [insulto]"


def test_bad_reports_are_refused_and_store_nothing(started_game, players):
    ana, beto, caro = players
    line = say(started_game, beto, "hola")
    for attempt, code, said in (
        (lambda: reports.do_report(ana, ana, "myself", game=started_game), "bad_request",
         "You cannot report yourself."),
        (lambda: reports.do_report(ana, beto, "   ", game=started_game), "bad_request",
         "Say in a few words what happened."),
        (lambda: reports.do_report(ana, caro, "not theirs", game=started_game, message=line), "bad_request",
         "That message is not theirs."),
        (lambda: reports.do_report(ana, "nadie", "who?", game=started_game), "not_found", "No such user."),
    ):
        with pytest.raises(MoveRejected) as refused:
            attempt()
        assert (refused.value.code, refused.value.message) == (code, said)  # its own refusal, not the rate limit
    assert not Report.objects.exists()


def test_reports_are_rate_limited(started_game, players):
    ana, beto, _ = players
    lines = [say(started_game, beto, f"line {i}") for i in range(6)]
    for i in range(5):
        reports.do_report(ana, beto, f"report {i}", game=started_game, message=lines[i])
    with pytest.raises(MoveRejected) as exc:
        reports.do_report(ana, beto, "one too many", game=started_game, message=lines[5])
    assert exc.value.code == "rate_limited"
    assert Report.objects.count() == 5


def test_a_reason_from_the_list_with_an_optional_note_and_nothing_twice(started_game, players):
    """The Report control's form: a reason (``Report.Category``) and an optional note; "something else" needs a
    note; an unknown reason, a second report of the same line while the first is open, and a private game the
    reporter may not see are refused, and a refusal costs none of the reporter's rate."""
    from games.tables import lifecycle as tables

    ana, beto, caro = players
    line = say(started_game, beto, "hola")
    first = reports.do_report(ana, beto, "", game=started_game, message=line, category="abuse")
    assert (first.category, first.reason) == ("abuse", "")
    private = tables.do_create_table(beto, "estanciero", 3, time_control="live", private=True)
    for attempt, code in (
        (lambda: reports.do_report(ana, beto, "", message=line, category="abuse"), "bad_request"),  # twice
        (lambda: reports.do_report(ana, beto, "", game=started_game, category="rude"), "bad_request"),
        (lambda: reports.do_report(ana, beto, "  ", game=started_game, category="other"), "bad_request"),
        (lambda: reports.do_report(caro, beto, "", game=private, category="spam"), "not_found"),
    ):
        with pytest.raises(MoveRejected) as exc:
            attempt()
        assert exc.value.code == code
    for i in range(4):  # the refusals spent nothing: four more fit in the rate of five
        reports.do_report(ana, beto, f"note {i}", message=say(started_game, beto, f"x{i}"), category="spam")
    assert Report.objects.filter(reporter=ana).count() == 5


def test_resolving_a_report_acts_hides_the_line_and_logs(started_game, players, mod):
    ana, beto, _ = players
    line = say(started_game, beto, "spam spam spam")
    report = reports.do_report(ana, beto, "spam", game=started_game, message=line)
    reports.do_resolve(mod, report.pk, "mute", "spamming the table", message="No spam, please",
                          mute_days=2)
    report.refresh_from_db()
    line.refresh_from_db()
    assert (report.status, report.resolution, report.resolved_by) == ("resolved", "mute", mod)
    assert line.hidden_at is not None and line.hidden_by == mod
    assert Restriction.objects.get(user=beto).kind == "mute"
    assert set(ModerationAction.objects.values_list("kind", flat=True)) == {"mute", "resolve_report"}
    with pytest.raises(MoveRejected):
        reports.do_resolve(mod, report.pk, "ban", "twice", message="Banned")
    assert Restriction.objects.filter(user=beto).count() == 1


def test_dismissing_leaves_the_line_visible(started_game, players, mod):
    ana, beto, _ = players
    line = say(started_game, beto, "gg")
    report = reports.do_report(ana, beto, "rude?", game=started_game, message=line)
    reports.do_resolve(mod, report.pk, "dismiss", "nothing wrong")
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


def test_the_report_form_opens_refuses_beside_what_was_typed_and_confirms_with_htmx(started_game, players):
    """The Report control's requests (static/js/report.js): GET is the form, quoting the line; a refused POST
    answers the form again with the refusal and what was typed, and stores nothing; a sent one the confirmation.
    A private game the reporter may not see is not found."""
    from games.tables import lifecycle as tables

    ana, beto, caro = players
    line = say(started_game, beto, "sos un [insulto]")
    c = Client(HTTP_ACCEPT_LANGUAGE="en", HTTP_HX_REQUEST="true")
    c.force_login(ana)
    form = c.get(f"/report/?message={line.pk}&next=/games/{started_game.pk}/")
    page = form.content.decode()
    assert form.status_code == 200 and "Report beto" in page and "sos un [insulto]" in page
    assert 'value="abuse"' in page and "<html" not in page
    refused = c.post("/report/", {"message": line.pk, "category": "other", "note": "  "})
    assert "Say in a few words what happened." in refused.content.decode()
    assert 'value="other" required checked' in refused.content.decode() and not Report.objects.exists()
    sent = c.post("/report/", {"message": line.pk, "category": "abuse", "note": "rude"})
    assert "Report sent" in sent.content.decode()
    assert Report.objects.get().category == "abuse" and Report.objects.get().game == started_game
    private = tables.do_create_table(beto, "estanciero", 3, time_control="live", private=True)
    assert c.get(f"/report/?game={private.pk}&user=beto").status_code == 404
    assert c.post("/report/", {"game": private.pk, "user": "beto", "category": "spam"}).status_code == 404
    assert Report.objects.count() == 1
    plain = Client(HTTP_ACCEPT_LANGUAGE="es")  # without JavaScript: a page of its own, in the reader's language
    plain.force_login(caro)
    page = plain.get("/report/?user=beto&next=/u/beto/").content.decode()
    assert "<html" in page and "Denunciar a beto" in page and "Otra cosa" in page

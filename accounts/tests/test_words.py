"""The words around the games: the log-in field, Django's and allauth's messages in vos, form labels, dates, the
admin's messages, the moderation log's actions, and the account e-mails in their recipient's language."""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from django.contrib.messages import get_messages
from django.core import mail
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from django.utils import translation

from accounts import voice
from accounts.models import Restriction, User
from lobby.models import League, Season
from moderation import reports
from moderation import users as moderation
from moderation.models import ACTION_LABELS, RESOLUTION_LABELS, ModerationAction, Report

pytestmark = pytest.mark.django_db

PASSWORD = "mate-con-bizcochitos-42"
ROOT = Path(__file__).resolve().parents[2]
# Words of "usted" in Spanish: the possessive "su/sus" addressed to the reader, its imperatives and verb forms.
# ("puede", "debe" stay: "la contraseña puede…" is the third person in vos too.)
USTED = re.compile(r"\b(usted|su|sus|Introduzca|Ingrese|Escriba|Elija|Seleccione|Haga|Verifique|Confirme|Debe|"
                   r"ha indicado|Por favor|Le hemos|Está recibiendo)\b")


@pytest.fixture(autouse=True)
def _fresh_rate_limits():
    cache.clear()
    yield
    cache.clear()


def spanish_client() -> Client:
    return Client(HTTP_ACCEPT_LANGUAGE="es")


def test_the_log_in_field_says_what_it_takes():
    """It was labelled "Iniciar sesión:" (allauth's "Login"), the page's own title, in Spanish."""
    page = spanish_client().get(reverse("account_login")).content.decode()
    assert re.search(r'<label for="id_login">Usuario o e-mail:?</label>', page), page
    assert "Iniciar sesión:" not in page
    english = Client(HTTP_ACCEPT_LANGUAGE="en").get(reverse("account_login")).content.decode()
    assert re.search(r'<label for="id_login">Username or e-mail:?</label>', english)


def test_the_password_rules_and_refusals_speak_vos_on_sign_up():
    """Django's "Su contraseña debe contener al menos 8 caracteres" and allauth's "Debe escribir la misma
    contraseña cada vez" were in usted on a site that says vos."""
    client = spanish_client()
    page = client.get(reverse("account_signup")).content.decode()
    assert "Tu contraseña tiene que tener al menos 8 caracteres." in page
    response = client.post(reverse("account_signup"), {"username": "nuevo", "email": "nuevo@example.com",
                                                       "password1": PASSWORD, "password2": PASSWORD + "x"})
    page = response.content.decode()
    assert "Tenés que escribir la misma contraseña las dos veces." in page
    assert not USTED.search(re.sub(r"<[^>]+>", " ", page)), USTED.search(re.sub(r"<[^>]+>", " ", page))


@pytest.mark.parametrize("msgid", voice.VOS + voice.ADMIN, ids=lambda m: m[:40] if isinstance(m, str) else "plural")
def test_every_message_taken_over_reads_in_vos(msgid):
    """Each of Django's and allauth's messages that reach people (accounts/voice.py) has the site's Spanish, in vos."""
    with translation.override("es"):
        if isinstance(msgid, str):
            spanish = translation.gettext(msgid)
            assert spanish != msgid or not re.search(r"[a-z]{4}", msgid), "no Spanish for " + msgid
        else:  # a plural (its number named "min_length" or "count"): both forms
            spanish = " ".join(msgid % {"min_length": n, "count": n, "name": "liga"} for n in (1, 5))
    assert not USTED.search(spanish), spanish


def test_form_labels_start_with_a_capital():
    """The settings form showed "idioma preferido:" among capitalised labels."""
    user = User.objects.create_user("alicia", password=PASSWORD, language="es")
    client = Client()
    client.force_login(user)
    page = client.get(reverse("accounts:settings")).content.decode()
    labels = re.findall(r"<label[^>]*>([^<]+)</label>", page)
    assert "Idioma preferido:" in labels, labels
    assert all(label[0].isupper() for label in labels if label[0].isalpha()), labels


def test_dates_read_as_spanish_and_english_write_them():
    """Spanish writes "6 de diciembre de 2026" (a "j F Y" format gave "6 diciembre 2026")."""
    when = datetime(2026, 12, 6, 18, 0, tzinfo=ZoneInfo("America/Argentina/Buenos_Aires"))
    user = User.objects.create_user("alicia", password=PASSWORD, date_joined=when)
    league = League.objects.create(name="Liga de prueba", slug="prueba", ruleset="estanciero", table_size=2)
    Season.objects.create(league=league, number=1, starts_at=when)
    profile = spanish_client().get(user.get_absolute_url()).content.decode()
    assert "desde diciembre de 2026" in profile
    page = spanish_client().get(reverse("lobby:league", args=["prueba"])).content.decode()
    assert "6 de diciembre de 2026" in page and "6 diciembre 2026" not in page
    english = Client(HTTP_ACCEPT_LANGUAGE="en").get(reverse("lobby:league", args=["prueba"])).content.decode()
    assert "Dec. 6, 2026" in english


def test_the_admin_names_a_model_in_spanish_without_a_wrong_gender():
    """Django's admin said "El league “Apertura” fue agregado": the model had no translated name, and Spanish
    "El … fue agregado" is masculine whatever the model."""
    admin_user = User.objects.create_superuser("jefa", password=PASSWORD, language="es")
    client = Client()
    client.force_login(admin_user)
    response = client.post(reverse("admin:lobby_league_add"), {
        "name": "Apertura", "slug": "apertura", "ruleset": "estanciero", "description": "", "table_size": 4,
        "time_control": "correspondence", "options": "{}", "division_size": 8, "promote": 2, "relegate": 2,
        "rounds_per_season": 3, "round_interval": "7 00:00:00", "season_break": "7 00:00:00", "active": "on",
        "seasons-TOTAL_FORMS": 0, "seasons-INITIAL_FORMS": 0, "_save": "Guardar"}, follow=True)
    shown = [str(m) for m in get_messages(response.wsgi_request)] or re.findall(
        r'<li class="success">(.*?)</li>', response.content.decode())
    assert League.objects.filter(slug="apertura").exists(), response.content.decode()[:3000]
    assert [re.sub(r"<[^>]+>", "", m) for m in shown] == ["Se agregó “Apertura” (liga)."], shown


def test_every_model_has_a_translated_name():
    """A model with no verbose_name is named by its class ("league") in every language."""
    from django.apps import apps
    from django.utils.functional import Promise

    ours = [m for m in apps.get_models() if m._meta.app_label in ("accounts", "games", "lobby")]
    unnamed = [m.__name__ for m in ours
               if not (isinstance(m._meta.verbose_name, Promise) and isinstance(m._meta.verbose_name_plural, Promise))]
    assert ours and unnamed == []
    with translation.override("es"):
        assert str(League._meta.verbose_name) == "liga" and str(Report._meta.verbose_name) == "denuncia"


def test_the_moderation_log_shows_actions_in_words(started_game, mod, players):
    """The log showed the codes `resolve_report` and `annul` in Spanish."""
    report = Report.objects.create(reporter=players[1], reported=players[0], reason="insultos")
    reports.do_resolve(mod, report.pk, "warn", "advertida por insultos", message="Sin insultos, por favor")
    moderation.log_action(mod, "annul", "partida amañada", game=started_game)
    client = spanish_client()
    client.force_login(mod)
    page = client.get(reverse("moderation:dashboard") + "?status=all").content.decode()
    assert "denuncia resuelta" in page and "partida invalidada" in page and "Advertir" in page
    assert ">resolve_report<" not in page and ">annul<" not in page and ">warn<" not in page


def test_every_moderation_code_has_a_label():
    """Every kind the code logs (``log_action(…, "kind", …)`` and a restriction's kind) reads as words."""
    logged = set()
    for path in [*ROOT.glob("moderation/*.py"), *ROOT.glob("games/**/*.py"), *ROOT.glob("lobby/*.py")]:
        logged |= set(re.findall(r'log_action\(\s*\w+,\s*"(\w+)"', path.read_text(encoding="utf-8")))
    logged |= set(Restriction.Kind.values)
    assert {"resolve_report", "annul"} <= logged and not logged - set(ACTION_LABELS), sorted(logged - set(ACTION_LABELS))
    assert set(reports.RESOLUTIONS) == set(RESOLUTION_LABELS)
    entry = ModerationAction(kind="resolve_report")
    with translation.override("en"):
        assert entry.kind_label == "report resolved"


def _link(body: str) -> str:
    return re.search(r"https?://\S+", body).group(0)


def test_a_reset_e_mail_is_written_in_its_recipients_language_and_signed_tablero():
    """The reset e-mail was English whatever the user's language, with "[localhost:8000]" in the subject."""
    User.objects.create_user("alicia", email="alicia@example.com", password=PASSWORD, language="es")
    User.objects.create_user("bob", email="bob@example.com", password=PASSWORD, language="en")
    Client(HTTP_ACCEPT_LANGUAGE="en").post(reverse("account_reset_password"), {"email": "alicia@example.com"})
    spanish_client().post(reverse("account_reset_password"), {"email": "bob@example.com"})
    to_alicia, to_bob = mail.outbox
    assert to_alicia.subject == "[Tablero] Cambio de contraseña"
    assert "Te llega este correo porque vos u otra persona pidió cambiar la contraseña" in to_alicia.body
    assert "¡Hola desde Tablero!" in to_alicia.body and not USTED.search(to_alicia.body)
    assert to_bob.subject == "[Tablero] Password Reset Email"
    assert "You're receiving this email because" in to_bob.body and "Hello from Tablero!" in to_bob.body
    assert "testserver]" not in to_alicia.subject + to_bob.subject and "localhost" not in to_bob.subject


def test_the_confirmation_e_mail_follows_the_language_of_sign_up():
    """A new account's confirmation e-mail, in the language the person signed up in, signed with the site's name."""
    spanish_client().post(reverse("account_signup"), {"username": "nuevo", "email": "nuevo@example.com",
                                                      "password1": PASSWORD, "password2": PASSWORD})
    Client(HTTP_ACCEPT_LANGUAGE="en").post(reverse("account_signup"), {
        "username": "newbie", "email": "newbie@example.com", "password1": PASSWORD, "password2": PASSWORD})
    es, en = mail.outbox
    assert es.subject == "[Tablero] Confirmá tu dirección de correo" and "¡Hola desde Tablero!" in es.body
    assert not USTED.search(es.body), es.body
    assert en.subject == "[Tablero] Please Confirm Your Email Address" and "Hello from Tablero!" in en.body
    assert _link(es.body).startswith("http://testserver/accounts/")


def test_one_league_point_reads_singular(monkeypatch):
    """A profile's league line said "1 points" / "1 puntos" (the other "1 <plural>" of the site)."""
    from lobby import history

    user = User.objects.create_user("alicia", password=PASSWORD)
    league = League.objects.create(name="Liga de prueba", slug="prueba", ruleset="estanciero", table_size=2)
    season = Season.objects.create(league=league, number=1, starts_at=datetime(2026, 12, 6, tzinfo=ZoneInfo("UTC")),
                                   status=Season.Status.RUNNING)
    line = {"league": league, "season": season, "division": None, "position": 2, "size": 4, "points": 1}
    monkeypatch.setattr(history, "league_lines", lambda _user: [line])
    assert "2 of 4, 1 point<" in Client(HTTP_ACCEPT_LANGUAGE="en").get(user.get_absolute_url()).content.decode()
    assert "2.º de 4, 1 punto<" in spanish_client().get(user.get_absolute_url()).content.decode()


def test_the_moderators_move_list_and_a_league_page_show_words_not_codes(started_game, mod, players):
    """Other raw codes the pages showed: a move's source ("ui") on the moderators' game page, a league's clock
    ("blitz") on its page."""
    import random

    from games.tests.conftest import bot_move

    assert bot_move(started_game.pk, players, random.Random(1))
    client = spanish_client()
    client.force_login(mod)
    page = client.get(f"/games/{started_game.pk}/moderate/").content.decode()
    assert "· la página de la mesa" in page and "· ui" not in page
    League.objects.create(name="Liga relámpago", slug="blitz", ruleset="estanciero", table_size=2,
                          time_control="blitz")
    league = Client(HTTP_ACCEPT_LANGUAGE="en").get(reverse("lobby:league", args=["blitz"])).content.decode()
    assert "Blitz: 20 s a move + 2 min" in league and ">blitz<" not in league

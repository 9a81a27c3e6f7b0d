"""The settings page's turn e-mail preference (correspondence games, games/play/notify.py)."""

import pytest
from django.urls import reverse

from accounts.models import User

pytestmark = pytest.mark.django_db


def checkbox(page: str) -> str:
    """The turn e-mail checkbox's <input> tag."""
    return "<input" + page.split('name="email_turns"')[0].rsplit("<input", 1)[1] + page.split('name="email_turns"')[1].split(">")[0]


@pytest.fixture
def carla(db):
    return User.objects.create_user("carla", "carla@example.com", "pw-carla-1234", language="es")


def test_the_setting_is_on_by_default_and_names_the_address(client, carla):
    client.force_login(carla)
    page = client.get(reverse("accounts:settings")).content.decode()
    assert 'type="checkbox"' in checkbox(page) and "checked" in checkbox(page)
    assert "Avisarme por correo cuando me toca en una partida por correspondencia" in page
    assert "carla@example.com" in page


def test_turning_the_mails_off_and_on_again(client, carla):
    client.force_login(carla)
    response = client.post(reverse("accounts:settings"), {"language": "es", "first_name": ""})
    assert response.status_code == 302
    carla.refresh_from_db()
    assert carla.email_turns is False  # an unticked box is not sent: off
    page = client.get(reverse("accounts:settings")).content.decode()
    assert "checked" not in checkbox(page)

    client.post(reverse("accounts:settings"), {"language": "es", "first_name": "", "email_turns": "on"})
    carla.refresh_from_db()
    assert carla.email_turns is True


def test_a_refused_form_changes_nothing(client, carla):
    client.force_login(carla)
    response = client.post(reverse("accounts:settings"), {"language": "xx", "first_name": ""})
    assert response.status_code == 200
    carla.refresh_from_db()
    assert carla.email_turns is True and carla.language == "es"


def test_an_account_without_an_address_is_told_to_add_one(client):
    nadia = User.objects.create_user("nadia", "", "pw-nadia-1234", language="en")
    client.force_login(nadia)
    page = client.get(reverse("accounts:settings")).content.decode()
    assert "E-mail me when it is my turn in a correspondence game" in page
    assert "Your account has no e-mail address yet" in page


def test_the_address_in_the_help_text_is_escaped(client):
    odd = User.objects.create_user("odd", '"<b>x</b>"@example.com', "pw-odd-12345", language="en")
    client.force_login(odd)
    page = client.get(reverse("accounts:settings")).content.decode()
    assert "<b>x</b>" not in page
    assert "&lt;b&gt;x&lt;/b&gt;" in page


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_player_turns_the_mails_off_in_the_browser(daphne_server, browser):
    from games.tests.test_browser_game import login
    from tests.fixtures.browsers import screenshot

    User.objects.create_user("dario", "dario@example.com", "pw-dario-1234", language="es")
    ctx = browser.new_context(viewport={"width": 1280, "height": 860}, locale="es-AR")
    page = ctx.new_page()
    login(page, daphne_server, "dario", "pw-dario-1234")
    page.goto(daphne_server + reverse("accounts:settings"))
    box = page.get_by_label("Avisarme por correo cuando me toca en una partida por correspondencia")
    assert box.is_checked()
    assert page.get_by_text("Como mucho uno por día por partida, a dario@example.com.").is_visible()
    screenshot(page, "settings-turn-mail-desktop")
    box.uncheck()
    page.locator("main form button[type=submit]").first.click()
    page.wait_for_url("**" + reverse("accounts:settings"))
    assert not page.get_by_label("Avisarme por correo cuando me toca en una partida por correspondencia").is_checked()
    assert User.objects.get(username="dario").email_turns is False
    page.set_viewport_size({"width": 390, "height": 844})
    screenshot(page, "settings-turn-mail-phone")
    ctx.close()

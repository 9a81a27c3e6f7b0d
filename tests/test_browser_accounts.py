"""Sign-up and login in a real browser (headless Chromium) through Daphne."""

import pytest

from accounts.models import User
from tests.fixtures.browsers import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "dulce-de-leche-1937"


def test_signup_logout_login_in_chromium(daphne_server, page):
    page.goto(daphne_server + "/")
    screenshot(page, "home-desktop-es")
    assert page.locator("h1").inner_text() == "Sentate a la mesa."

    page.click("text=Creá tu cuenta")
    page.wait_for_url("**/accounts/signup/")
    page.fill("input[name=username]", "navegante")
    page.fill("input[name=email]", "navegante@example.com")
    page.fill("input[name=password1]", PASSWORD)
    page.fill("input[name=password2]", PASSWORD)
    screenshot(page, "signup-es")
    page.click("main form button[type=submit]")
    page.wait_for_load_state()
    screenshot(page, "after-signup-es")
    page.wait_for_url(daphne_server + "/")
    assert page.locator(".nav-user").inner_text().strip().endswith("navegante")
    assert User.objects.filter(username="navegante").exists()

    page.click("text=Salir")
    page.wait_for_load_state()
    assert page.locator(".nav-user").count() == 0

    page.goto(daphne_server + "/accounts/login/")
    page.fill("input[name=login]", "navegante")
    page.fill("input[name=password]", PASSWORD)
    screenshot(page, "login-es")
    page.click("main form button[type=submit]")
    page.wait_for_url(daphne_server + "/")
    assert "navegante" in page.locator(".nav-user").inner_text()


def test_language_switcher_and_phone_layout(daphne_server, browser):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(daphne_server + "/")
    # On a phone the navigation folds behind the menu button.
    assert not page.locator(".site-nav").is_visible()
    page.click(".nav-toggle-label")
    assert page.locator(".site-nav").is_visible()
    page.click(".lang-switch button[value=en]")
    page.wait_for_load_state()
    assert page.locator("h1").inner_text() == "Sit down at the table."
    screenshot(page, "home-phone-en")
    page.goto(daphne_server + "/rules/estanciero/")
    screenshot(page, "rules-estanciero-phone-en", full_page=False)
    assert page.locator("section.rule").count() > 10
    context.close()

"""Sign up, log in, log out, password change and reset, login throttling."""

import re

import pytest
from django.core import mail
from django.core.cache import cache
from django.urls import reverse

from accounts.models import User

pytestmark = pytest.mark.django_db

PASSWORD = "mate-con-bizcochitos-42"


@pytest.fixture(autouse=True)
def _fresh_rate_limits():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def alicia(db):
    return User.objects.create_user("alicia", email="alicia@example.com", password=PASSWORD)


@pytest.mark.embedded
def test_signup_creates_the_account_and_signs_in(client):
    response = client.post(
        reverse("account_signup"),
        {"username": "nuevo", "email": "nuevo@example.com", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert response.status_code == 302
    user = User.objects.get(username="nuevo")
    assert user.email == "nuevo@example.com"
    assert client.get(reverse("accounts:settings")).status_code == 200


def test_signup_rejects_mismatched_passwords_and_creates_nothing(client):
    response = client.post(
        reverse("account_signup"),
        {"username": "nuevo", "email": "nuevo@example.com", "password1": PASSWORD, "password2": PASSWORD + "x"},
    )
    assert response.status_code == 200
    assert not User.objects.filter(username="nuevo").exists()


@pytest.mark.embedded
def test_login_and_logout(client, alicia):
    response = client.post(reverse("account_login"), {"login": "alicia", "password": PASSWORD})
    assert response.status_code == 302
    assert int(client.session["_auth_user_id"]) == alicia.pk
    client.post(reverse("account_logout"))
    assert "_auth_user_id" not in client.session


def test_login_with_wrong_password_is_refused(client, alicia):
    response = client.post(reverse("account_login"), {"login": "alicia", "password": "wrong"})
    assert response.status_code == 200
    assert "_auth_user_id" not in client.session


def test_login_attempts_are_throttled(client, alicia):
    for _ in range(5):
        client.post(reverse("account_login"), {"login": "alicia", "password": "wrong"})
    # Even the right password is refused while the limit holds.
    response = client.post(reverse("account_login"), {"login": "alicia", "password": PASSWORD})
    assert "_auth_user_id" not in client.session
    assert response.status_code in (200, 429)


def test_password_change(client, alicia):
    client.force_login(alicia)
    new = PASSWORD + "-nueva"
    response = client.post(
        reverse("account_change_password"), {"oldpassword": PASSWORD, "password1": new, "password2": new}
    )
    assert response.status_code == 302
    alicia.refresh_from_db()
    assert alicia.check_password(new)


def test_password_reset_sends_a_working_link(client, alicia):
    response = client.post(reverse("account_reset_password"), {"email": "alicia@example.com"})
    assert response.status_code == 302
    assert len(mail.outbox) == 1
    link = re.search(r"http://testserver(/accounts/password/reset/key/\S+)", mail.outbox[0].body).group(1)
    form_page = client.get(link, follow=True)
    assert form_page.status_code == 200
    new = "otra-clave-segura-77"
    response = client.post(form_page.redirect_chain[-1][0] if form_page.redirect_chain else link,
                           {"password1": new, "password2": new})
    assert response.status_code == 302
    alicia.refresh_from_db()
    assert alicia.check_password(new)

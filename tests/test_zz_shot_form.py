import os

import pytest

from lobby.tests.test_browser_lobby import person

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_shot(daphne_server, browser):
    out = os.environ.get("SHOT_DIR", "/tmp/rsshots")
    page = person(browser, daphne_server, "alicia")
    for game in ("estanciero", "argentilandia", "ladrillazo"):
        page.goto(f"{daphne_server}/play/?game={game}")
        page.select_option("select[name=ruleset]", game)
        page.locator("section.lobby-create").screenshot(path=f"{out}/{game}.png")
        with open(f"{out}/{game}.html", "w") as f:
            f.write(page.locator("section.lobby-create").inner_html())

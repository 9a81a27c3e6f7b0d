"""The release a page runs (``config/release.py``): named by each table a page is sent, so that a page left open
through a deploy reloads itself (``static/js/table.js``; the cluster's rolling-restart test drives it in Chromium)."""

from __future__ import annotations

import shutil

import pytest
from django.test import Client

from config.release import PACKAGES, digest
from games.tests.conftest import make_users, open_table
from tests.support import ROOT


def test_the_digest_is_the_same_for_the_same_files_and_changes_with_a_static_file(tmp_path):
    for name in ("static", "templates", *PACKAGES):
        shutil.copytree(ROOT / name, tmp_path / name, ignore=shutil.ignore_patterns("__pycache__", "*.py"))
    same = digest(tmp_path)
    assert same == digest(ROOT) and len(same) == 12
    script = tmp_path / "static" / "js" / "table.js"
    script.write_text(script.read_text() + "\n// the next release\n")
    assert digest(tmp_path) != same


@pytest.mark.django_db
def test_a_table_names_the_release_that_rendered_it(settings):
    settings.RELEASE = "r-test-1"
    users = make_users("ana", "beto")
    game = open_table("estanciero", users, start=True)
    client = Client()
    client.force_login(users[0])
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert 'data-release="r-test-1"' in page
    assert 'data-release="r-test-1"' in client.get(f"/games/{game.pk}/table/").content.decode()

"""Rules revisions (docs/FRAMEWORK.md, "A ruleset declares itself"): each engine declares the revision of its rules,
each game records the one it was dealt under, and a finished game of an earlier revision is neither re-run nor
called unfair: its verification checks the seed alone and says why, its replay shows the stored log."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.test import Client

from games.core import rulesets
from games.models import Game, Move
from games.present import replay
from games.present.verify import verify_game
from games.tables import lifecycle as tables
from games.tests.test_replay import play_out

pytestmark = pytest.mark.django_db

EARLIER = "This game was played under an earlier revision of the rules (revision 1)"
EARLIER_ES = "Esta partida se jugó con una revisión anterior de las reglas (la revisión 1)"


def test_every_ruleset_declares_its_rules_revision():
    for name in rulesets.names():
        rs = rulesets.get(name)
        assert isinstance(rs, rulesets.Ruleset)
        assert isinstance(rs.rules_revision, int) and rs.rules_revision >= 1
        assert rulesets.rules_revision(name) == rs.rules_revision
    # Issue 42 (rules fidelity round three) changed the rules of all three: their logs from before replay otherwise.
    assert {n: rulesets.rules_revision(n) for n in ("estanciero", "argentilandia", "ladrillazo")} == {
        "estanciero": 2, "argentilandia": 2, "ladrillazo": 2}


def test_a_ruleset_without_a_revision_is_not_a_ruleset():
    """The framework reads the revision of any ruleset, the made-up fourth one too (``tests/dice_race``)."""
    from tests.dice_race.engine import RULESET as DICE_RACE

    assert isinstance(DICE_RACE, rulesets.Ruleset) and DICE_RACE.rules_revision == 1

    class Unrevised:
        pass

    unrevised = Unrevised()
    for member in ("name", "min_players", "max_players", *(m for m in dir(DICE_RACE) if not m.startswith("_"))):
        if member != "rules_revision":
            setattr(unrevised, member, getattr(DICE_RACE, member))
    assert not isinstance(unrevised, rulesets.Ruleset)


def test_a_new_game_records_the_revision_it_is_dealt_under(players):
    game = tables.do_create_table(players[0], "ladrillazo", 3, time_control="correspondence")
    assert game.rules_revision == rulesets.rules_revision("ladrillazo")
    # A table made before the rules changed and dealt after them is played under the new ones.
    Game.objects.filter(pk=game.pk).update(rules_revision=1)
    tables.do_join(game.pk, players[1])
    tables.do_join(game.pk, players[2])
    started = tables.do_start(game.pk, players[0])
    assert Game.objects.get(pk=started.pk).rules_revision == rulesets.rules_revision("ladrillazo")
    # Any new row (a league table, a rematch, before it is dealt) takes the revision the engine plays now.
    assert Game.objects.create(ruleset="argentilandia", num_seats=3).rules_revision == 2


def test_the_migration_gives_the_games_saved_before_it_revision_1():
    from importlib import import_module

    migration = import_module("games.migrations.0009_game_rules_revision").Migration
    (add,) = migration.operations
    assert (add.name, add.field.default, add.preserve_default) == ("rules_revision", 1, False)


def rewrite(move: Move, action: dict) -> None:
    """Rewrite a logged move as only the database's owner could (``test_move_path.tamper``), after the deferred
    checks of the moves this test wrote fired (PostgreSQL alters no table with trigger events pending)."""
    from django.db import connection, transaction

    from games.tests.test_move_path import tamper

    if connection.vendor == "postgresql":
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
    tamper(move, action)


def earlier_rules_game(players) -> Game:
    """A finished Ladrillazo played through the move path, then recorded as played under revision 1 with a log
    today's engine refuses (the last move rewritten to one today's rules do not know, as a move the earlier rules
    allowed would be)."""
    game = play_out(players, "ladrillazo")
    assert verify_game(game).ok
    Game.objects.filter(pk=game.pk).update(rules_revision=1)
    rewrite(Move.objects.filter(game=game).order_by("seq").last(), {"type": "evade_from_the_old_paradise"})
    replay.clear()
    return Game.objects.get(pk=game.pk)


def test_an_earlier_rules_game_checks_its_seed_and_says_why_its_moves_are_not_re_run(players):
    game = earlier_rules_game(players)
    report = verify_game(game)
    assert report.commitment_ok and not report.replayed and not report.ok
    assert report.moves == game.version and "replay" not in report.detail
    en = Client(HTTP_ACCEPT_LANGUAGE="en").get(f"/games/{game.pk}/verify/").content.decode()
    assert EARLIER in en and "which this server no longer runs (it runs revision 2)" in en
    assert "Its seed matches the fingerprint" in en and "does not check out" not in en
    assert "gives the final position" not in en and "were not re-run" in en
    es = Client(HTTP_ACCEPT_LANGUAGE="es").get(f"/games/{game.pk}/verify/").content.decode()
    assert EARLIER_ES in es and "Su semilla coincide con la huella" in es
    # The API's answer says the same.
    answer = Client(HTTP_ACCEPT_LANGUAGE="en").get(f"/api/v1/games/{game.pk}/verify").json()
    assert answer["commitment_ok"] is True and answer["replayed"] is False and answer["replay_ok"] is None
    assert (answer["rules_revision"], answer["rules_revision_current"], answer["ok"]) == (1, 2, False)
    assert answer["message"].startswith(EARLIER) and "Its seed matches" in answer["message"]
    assert json.loads(Client().get(f"/games/{game.pk}/log.json").content)["rules_revision"] == 1
    # The command says it too, and does not call it a failure.
    out = StringIO()
    call_command("verify_game", game.pk, stdout=out)
    assert "were not re-run" in out.getvalue() and "commitment matches: True" in out.getvalue()


def test_an_earlier_rules_game_whose_seed_does_not_match_is_reported(players):
    game = earlier_rules_game(players)
    Game.objects.filter(pk=game.pk).update(seed="0" * 64)
    en = Client(HTTP_ACCEPT_LANGUAGE="en").get(f"/games/{game.pk}/verify/").content.decode()
    assert EARLIER in en and "Its seed does not match the fingerprint" in en and "does not check out" in en
    assert Client().get(f"/api/v1/games/{game.pk}/verify").json()["commitment_ok"] is False


def test_the_replay_of_an_earlier_rules_game_shows_its_stored_log(players):
    game = earlier_rules_game(players)
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    response = client.get(f"/games/{game.pk}/replay/?at=3")
    html = response.content.decode()
    assert response.status_code == 200
    assert EARLIER in html and "Its seed matches the fingerprint" in html
    assert "replay-board" not in html and "as it was written when the moves were played" in html
    # Every stored move is listed, the tampered last one too, with its events as stored.
    assert html.count('class="card replay-move"') == game.version
    first = Move.objects.get(game=game, seq=1)
    assert f"Move 1 of {game.version}" in html and f"Move {game.version} of {game.version}" in html
    assert first.events and "Game over" in html
    es = Client(HTTP_ACCEPT_LANGUAGE="es").get(f"/games/{game.pk}/replay/").content.decode()
    assert EARLIER_ES in es
    # The step alone (the script's fetch) is refused with the same words; nothing was re-run or written.
    step = client.get(f"/games/{game.pk}/replay/step/?at=1")
    assert step.status_code == 422 and step.content.decode().startswith(EARLIER)
    with pytest.raises(Exception, match="earlier revision"):
        replay.state_at(game, 1)
    after = Game.objects.get(pk=game.pk)
    assert (after.version, after.rev) == (game.version, game.rev)


def test_a_current_rules_game_still_replays_and_verifies(players):
    game = play_out(players, "ladrillazo")
    assert game.rules_revision == rulesets.rules_revision("ladrillazo")
    report = verify_game(game)
    assert report.ok and report.replayed and report.detail == "replay matches" and report.note == ""
    en = Client(HTTP_ACCEPT_LANGUAGE="en").get(f"/games/{game.pk}/verify/").content.decode()
    assert "gives the final position" in en and "earlier revision" not in en and "does not check out" not in en
    answer = Client().get(f"/api/v1/games/{game.pk}/verify").json()
    assert (answer["replayed"], answer["replay_ok"], answer["ok"], answer["message"]) == (True, True, True, "")
    html = Client(HTTP_ACCEPT_LANGUAGE="en").get(f"/games/{game.pk}/replay/?at=1").content.decode()
    assert "replay-board" in html and "earlier revision" not in html


def test_the_api_verify_of_a_game_in_play_keeps_the_seed_secret(started_game):
    response = Client().get(f"/api/v1/games/{started_game.pk}/verify")
    assert response.status_code == 409 and started_game.seed not in response.content.decode()

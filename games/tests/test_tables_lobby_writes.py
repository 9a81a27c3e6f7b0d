"""The lobby's table writes in ``games.tables.lifecycle``: invite codes and private tables, kick, cancel, starting before
the table is full, bot levels. Every refusal says why and changes nothing."""

import pytest

from accounts.models import User
from games.models import AuditEntry, Game, Seat
from games.play.actions import MoveRejected
from games.tables import lifecycle as tables

pytestmark = pytest.mark.django_db


@pytest.fixture
def people(db):
    return {n: User.objects.create_user(n, password=f"pw-{n}-123") for n in ("alicia", "bruno", "carla", "dario")}


def snapshot(game: Game) -> tuple:
    """Everything a lobby write may change: refusals must leave all of it as it was."""
    game = Game.objects.get(pk=game.pk)
    seats = tuple(Seat.objects.filter(game=game).order_by("index").values_list("index", "user_id", "is_bot", "bot_level"))
    return game.status, game.rev, game.num_seats, seats, AuditEntry.objects.filter(game=game).count()


def refused(code: str, write, game: Game) -> MoveRejected:
    before = snapshot(game)
    with pytest.raises(MoveRejected) as info:
        write()
    assert info.value.code == code, info.value.text()
    assert snapshot(game) == before
    return info.value


def test_every_table_has_its_own_invite_code_and_a_private_one_takes_it(people):
    public = tables.do_create_table(people["alicia"], "estanciero", 3, time_control="live")
    private = tables.do_create_table(people["alicia"], "estanciero", 3, time_control="live", private=True)
    assert len(public.invite_code) >= 20 and public.invite_code != private.invite_code

    refused("not_your_seat", lambda: tables.do_join(private.pk, people["bruno"]), private)
    refused("not_found", lambda: tables.do_join(private.pk, people["bruno"], code="x" + private.invite_code), private)
    refused("not_found", lambda: tables.do_join(private.pk, people["bruno"], code=public.invite_code), private)
    refused("not_found", lambda: tables.do_join(10**9, people["bruno"], code=private.invite_code), private)

    assert tables.do_join(private.pk, people["bruno"], code=private.invite_code) == 1
    assert tables.do_join(public.pk, people["bruno"], code=public.invite_code) == 1  # a public table's link seats too
    assert AuditEntry.objects.filter(game=private, kind="joined", user=people["bruno"]).exists()


def test_a_wrong_code_is_not_found_even_once_the_table_started(people):
    game = tables.do_create_table(people["alicia"], "estanciero", 2, bots=1, time_control="live", private=True)
    assert Game.objects.get(pk=game.pk).status == Game.Status.ACTIVE
    refused("not_found", lambda: tables.do_join(game.pk, people["bruno"], code="nope"), game)
    refused("not_active", lambda: tables.do_join(game.pk, people["bruno"], code=game.invite_code), game)


def test_the_creator_removes_a_player_who_cannot_come_back_and_a_bot_whose_seat_opens(people):
    alicia, bruno, carla = people["alicia"], people["bruno"], people["carla"]
    game = tables.do_create_table(alicia, "estanciero", 4, bots=1, time_control="live")
    tables.do_join(game.pk, bruno)
    tables.do_join(game.pk, carla)

    refused("not_your_seat", lambda: tables.do_kick(game.pk, bruno, 2), game)
    refused("bad_request", lambda: tables.do_kick(game.pk, alicia, 0), game)  # herself
    refused("bad_request", lambda: tables.do_kick(game.pk, alicia, 9), game)
    refused("bad_request", lambda: tables.do_kick(game.pk, alicia, -1), game)

    tables.do_kick(game.pk, alicia, 1)
    seat = Seat.objects.get(game=game, index=1)
    assert seat.user is None and not seat.is_bot
    entry = AuditEntry.objects.get(game=game, kind="kicked")
    assert entry.user == alicia and entry.data == {"seat": 1, "user": bruno.pk, "bot": False}
    refused("bad_request", lambda: tables.do_kick(game.pk, alicia, 1), game)  # nobody there now
    refused("not_your_seat", lambda: tables.do_join(game.pk, bruno), game)  # removed: not again
    refused("not_your_seat", lambda: tables.do_join(game.pk, bruno, code=game.invite_code), game)

    tables.do_kick(game.pk, alicia, 3)  # the bot: its seat waits for a person
    assert not Seat.objects.get(game=game, index=3).is_bot
    assert tables.do_join(game.pk, people["dario"]) == 1
    assert Game.objects.get(pk=game.pk).rev > 0


def test_cancel_aborts_the_table_and_releases_every_seat(people):
    alicia, bruno = people["alicia"], people["bruno"]
    game = tables.do_create_table(alicia, "ladrillazo", 3, time_control="relaxed")
    tables.do_join(game.pk, bruno)
    refused("not_your_seat", lambda: tables.do_cancel(game.pk, bruno), game)

    tables.do_cancel(game.pk, alicia)
    game.refresh_from_db()
    assert game.status == Game.Status.ABORTED
    assert not Seat.objects.filter(game=game, user__isnull=False).exists()
    assert AuditEntry.objects.get(game=game, kind="cancelled").data == {"released": [alicia.pk, bruno.pk]}
    refused("not_active", lambda: tables.do_cancel(game.pk, alicia), game)
    refused("not_active", lambda: tables.do_kick(game.pk, alicia, 1), game)


def test_the_creator_starts_early_once_the_minimum_sits_and_empty_seats_close(people):
    alicia, bruno = people["alicia"], people["bruno"]
    game = tables.do_create_table(alicia, "estanciero", 5, time_control="live")
    refused("bad_request", lambda: tables.do_start(game.pk, alicia), game)  # alone: Estanciero takes 2
    tables.do_join(game.pk, bruno)
    tables.do_leave(game.pk, bruno)
    tables.do_join(game.pk, people["carla"])  # the first free seat: 1
    Seat.objects.filter(game=game, index=3).update(is_bot=True, bot_level="easy")
    refused("not_your_seat", lambda: tables.do_start(game.pk, people["carla"]), game)

    started = tables.do_start(game.pk, alicia)
    assert started.status == Game.Status.ACTIVE and started.num_seats == 3
    assert started.state["num_players"] == 3
    rows = list(Seat.objects.filter(game=game).order_by("index").values_list("index", "user__username", "is_bot",
                                                                             "bot_level"))
    assert rows == [(0, "alicia", False, "normal"), (1, "carla", False, "normal"), (2, None, True, "easy")]
    assert AuditEntry.objects.get(game=game, kind="started").data == {"closed_seats": 2}


def test_bots_take_the_level_chosen_and_unknown_levels_are_refused(people):
    game = tables.do_create_table(people["alicia"], "argentilandia", 4, bots=2, bot_level="easy", time_control="live",
                                  rated=True)
    levels = list(Seat.objects.filter(game=game).order_by("index").values_list("is_bot", "bot_level"))
    assert levels == [(False, "normal"), (False, "normal"), (True, "easy"), (True, "easy")]
    assert game.rated and not game.private
    with pytest.raises(MoveRejected) as info:
        tables.do_create_table(people["bruno"], "estanciero", 2, bots=1, bot_level="grandmaster")
    assert info.value.code == "bad_request" and not Game.objects.filter(created_by=people["bruno"]).exists()


def test_a_private_rematch_stays_private_with_a_new_code_and_seats_its_players(people):
    alicia, bruno = people["alicia"], people["bruno"]
    old = tables.do_create_table(alicia, "estanciero", 2, time_control="live", private=True)
    tables.do_join(old.pk, bruno, code=old.invite_code)
    tables.do_start(old.pk, alicia)
    Game.objects.filter(pk=old.pk).update(status=Game.Status.FINISHED)
    rematch = tables.do_rematch(old.pk, alicia)
    assert rematch.private and rematch.invite_code and rematch.invite_code != old.invite_code
    again = tables.do_rematch(old.pk, bruno)
    assert again.pk == rematch.pk and Game.objects.get(pk=rematch.pk).status == Game.Status.ACTIVE


def test_only_the_old_games_players_take_a_seat_in_its_rematch(people):
    """A rematch is for the people who played the game: someone else asking for it once the table exists (even
    a private one, whose invite code the rematch would otherwise hand out) is refused and nothing changes."""
    alicia, bruno, diego = people["alicia"], people["bruno"], people["dario"]
    old = tables.do_create_table(alicia, "estanciero", 2, time_control="live", private=True)
    tables.do_join(old.pk, bruno, code=old.invite_code)
    tables.do_start(old.pk, alicia)
    Game.objects.filter(pk=old.pk).update(status=Game.Status.FINISHED)
    rematch = tables.do_rematch(old.pk, alicia)
    refused("not_your_seat", lambda: tables.do_rematch(old.pk, diego), rematch)
    assert not Seat.objects.filter(game=rematch, user=diego).exists()
    assert tables.do_rematch(old.pk, bruno).pk == rematch.pk
    assert {s.user_id for s in Seat.objects.filter(game=rematch)} == {alicia.pk, bruno.pk}

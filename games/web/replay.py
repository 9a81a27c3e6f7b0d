"""The replay viewer: a finished game step by step, the board as it was after each move.

``/games/<id>/replay/?at=N`` is the page; ``/games/<id>/replay/step/?at=N`` is the step alone, which
``static/js/replay.js`` fetches to move without reloading. ``as=<seat>`` shows the table as that player saw it,
hand included (only for games that are over, like the whole replay). Plain function views.

A game played under an earlier revision of the rules (``Game.rules_revision``) cannot be re-run by today's
engine, so it has no boards to show: its page is the stored move log, each move's events as they were written,
under the plain statement why (``log_context``); its step alone is refused with the same words.
"""

from __future__ import annotations

from urllib.parse import urlencode

from django.http import HttpResponse
from django.shortcuts import get_object_or_404, render
from django.template.loader import select_template
from django.urls import reverse
from django.utils.translation import get_language, gettext_noop
from django.utils.translation import gettext as _

from games.core.events import visible_to
from games.core.rulesets import get
from games.models import Game, Move, Seat, current_rules_revision
from games.play.actions import MoveRejected
from games.present.presenters import _outcome_rows, action_target, describe_event, label_action, names_of
from games.present.replay import Replay, check_replayable, check_step_in, replay_for
from games.present.story import moments_of, story_links
from games.present.verify import commitment_matches, rules_note
from games.tables import privacy

EARLIER_SHOWN = 8  # moves listed under "Before this move"
# A refused replay: a live game is forbidden (its replay would show hidden cards), a missing step is not found.
REFUSAL_STATUS = {"not_active": 403, "not_found": 404, "bad_request": 400, "illegal": 422}


def _seats(game: Game) -> list[Seat]:
    return list(Seat.objects.filter(game=game).select_related("user").order_by("index"))


def _whole_number(value: str | None, default: int | None) -> int | None:
    if value is None or value.strip() == "":
        return default
    try:
        return int(value)
    except ValueError:
        raise MoveRejected("bad_request", gettext_noop("A move number is a whole number.")) from None


def check_request(game: Game, params, replay: Replay) -> tuple[int, int | None]:
    """The step (``at``, default 0: the deal) and the player whose view is shown (``as``, default none: what
    everyone saw) asked for, both checked."""
    n = _whole_number(params.get("at"), 0)
    check_step_in(n, replay.last)
    seen_by = _whole_number(params.get("as"), None)
    if seen_by is not None and not 0 <= seen_by < game.num_seats:
        raise MoveRejected("bad_request", gettext_noop("No such seat."))
    return n, seen_by


def step_url(game: Game, n: int, seen_by: int | None, *, fragment: bool = False) -> str:
    params = {"at": n} if seen_by is None else {"at": n, "as": seen_by}
    return f"{reverse('games:replay_step' if fragment else 'games:replay', args=[game.pk])}?{urlencode(params)}"


def _clock(seconds: float) -> str:
    """``4:05`` or ``1:04:05``: time since the game started."""
    seconds = max(0, int(seconds))
    hours, rest = divmod(seconds, 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}" if hours else f"{rest // 60}:{rest % 60:02d}"


def _described(game: Game, events: list[dict], seen_by: int | None, names: list[str]) -> list[str]:
    return [describe_event(game.ruleset, e, names) for e in visible_to(events, seen_by)]


def step_context(game: Game, seats: list[Seat], replay: Replay, n: int, seen_by: int | None) -> dict:
    """What step ``n`` shows: the board after the move, who made it and when, what it was and what the log said,
    and the few moves before it."""
    rs = get(game.ruleset)
    names = names_of(seats)
    move = replay.move(n)
    label = target = None
    if move is not None:
        # The move is named as its player saw the table before making it (their hand included).
        before = rs.view(replay.state_at(n - 1), move.seat)
        label = label_action(game.ruleset, move.action, before, names)
        target = action_target(game.ruleset, move.action, before)
    state = replay.state_at(n)
    view = rs.view(state, seen_by)
    over = rs.outcome(state) is not None
    to_move = [] if over else rs.to_move(state)
    started = game.started_at or (replay.moves[0].created_at if replay.moves else None)
    earlier = [{
        "seq": m.seq, "seat": m.seat, "name": names[m.seat] if m.seat < len(names) else "?",
        "lines": _described(game, m.events, seen_by, names), "url": step_url(game, m.seq, seen_by),
    } for m in reversed(replay.moves[max(0, n - 1 - EARLIER_SHOWN):max(0, n - 1)])]
    return {
        "game": game,
        "n": n,
        "last": replay.last,
        "seen_by": seen_by,
        "you": seen_by,  # the board draws this seat's hand, as it did for that player
        "names": names,
        "view": view,
        "payload": {"view": view, "legal_actions": []},
        "legal": [],
        "to_move": to_move,
        "seat_rows": [{"index": s.index, "name": s.display_name, "on_move": s.index in to_move,
                       "bot": s.is_bot and not s.user_id, "seen_by": s.index == seen_by} for s in seats],
        "move": move,
        "mover": names[move.seat] if move is not None and move.seat < len(names) else None,
        "label": label,
        "target": target or "",
        "lines": _described(game, move.events, seen_by, names) if move is not None else [],
        "elapsed": _clock((move.created_at - started).total_seconds()) if move is not None and started else None,
        "by_bot": move is not None and move.source == Move.Source.BOT,
        "timed_out": move is not None and move.source == Move.Source.TIMEOUT,
        "earlier": earlier,
        "outcome_rows": _outcome_rows(game, seats, names) if over and n == replay.last and game.outcome else [],
        "board_template": select_template([f"{game.ruleset}/board.html", "games/_board_generic.html"]).template.name,
        "act_url": reverse("games:act", args=[game.pk]),
        "urls": {"first": step_url(game, 0, seen_by), "back": step_url(game, max(n - 1, 0), seen_by),
                 "forward": step_url(game, min(n + 1, replay.last), seen_by),
                 "last": step_url(game, replay.last, seen_by)},
    }


def moments_context(game: Game, replay: Replay, names: list[str], seen_by: int | None) -> list[dict]:
    """The key moments as the replay lists them: the move (its number and address), who made it and what they
    chose (named as they saw the table), and each player whose place it changed, from where to where."""
    rs = get(game.ruleset)
    listed = []
    for moment in moments_of(game):
        move = replay.move(moment.step)
        before = rs.view(replay.state_at(moment.step - 1), move.seat)
        listed.append({
            "step": moment.step, "url": step_url(game, moment.step, seen_by), "seat": move.seat,
            "name": names[move.seat] if move.seat < len(names) else "?",
            "label": label_action(game.ruleset, move.action, before, names),
            "changes": [{"seat": seat, "name": names[seat] if seat < len(names) else "?", "before": was, "after": now}
                        for seat, (was, now) in enumerate(zip(moment.before, moment.after)) if was != now],
        })
    return listed


def _stored_line(game: Game, event: dict, names: list[str]) -> str:
    """An event of a log written under earlier rules in words; one whose shape today's words cannot read is
    shown as stored (its type and fields)."""
    try:
        return describe_event(game.ruleset, event, names)
    except Exception:  # today's text reading an event shape of the earlier rules
        data = ", ".join(f"{k}={v}" for k, v in event.items() if k != "type")
        return f"{event.get('type', '?')}: {data}" if data else str(event.get("type", "?"))


def log_context(game: Game, seats: list[Seat]) -> dict:
    """The page of a game played under an earlier revision of the rules: why it is not redrawn (with whether its
    seed matches its commitment), and its stored move log, each move's events as everyone saw them. A move is
    not named by its action: its words read the board before it, which only a re-run would give."""
    names = names_of(seats)
    started = game.started_at
    moves = []
    for m in Move.objects.filter(game_id=game.pk, seq__lte=game.version).order_by("seq"):
        moves.append({
            "seq": m.seq, "seat": m.seat, "name": names[m.seat] if m.seat < len(names) else "?",
            "lines": [_stored_line(game, e, names) for e in visible_to(m.events, None)],
            "created_at": m.created_at,
            "elapsed": _clock((m.created_at - started).total_seconds()) if started else None,
            "by_bot": m.source == Move.Source.BOT, "timed_out": m.source == Move.Source.TIMEOUT,
        })
    return {
        "game": game, "moves": moves, "last": len(moves),
        "note": rules_note(game.rules_revision, current_rules_revision(game.ruleset), commitment_matches(game)),
        "outcome_rows": _outcome_rows(game, seats, names) if game.outcome else [],
    }


def _refused(request, game: Game, exc: MoveRejected, *, fragment: bool):
    status = REFUSAL_STATUS.get(exc.code, 400)
    message = exc.text(_)
    if fragment:
        return HttpResponse(message, status=status, content_type="text/plain; charset=utf-8")
    return render(request, "games/replay_refused.html", {"game": game, "message": message}, status=status)


def _answer(request, game_id: int, *, fragment: bool):
    game = get_object_or_404(Game, pk=game_id)
    privacy.check_may_see(game, request.user, session=request.session)
    try:
        check_replayable(game)
        if not fragment and not game.rules_current:
            return render(request, "games/replay_log.html", log_context(game, _seats(game)))
        replay = replay_for(game)
        n, seen_by = check_request(game, request.GET, replay)
        seats = _seats(game)
        ctx = step_context(game, seats, replay, n, seen_by)
    except MoveRejected as exc:
        return _refused(request, game, exc, fragment=fragment)
    if fragment:
        return render(request, "games/replay_step.html", ctx)
    ctx["seen_by_choices"] = [(s.index, name) for s, name in zip(seats, ctx["names"])]
    ctx["story"] = story_links(game, get_language(), notes=True)
    ctx["moments"] = moments_context(game, replay, ctx["names"], seen_by)
    return render(request, "games/replay.html", ctx)


def replay(request, game_id: int):
    """The replay page at step ``?at=N`` (0: the deal), for a game that is over."""
    return _answer(request, game_id, fragment=False)


def replay_step(request, game_id: int):
    """One step of the replay, for the page's script (same checks as the page)."""
    return _answer(request, game_id, fragment=True)

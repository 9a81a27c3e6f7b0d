"""What a viewer (a seat or a spectator) is shown of a game.

Everything that leaves the server about a game is built here from
``rs.view`` and ``games.events.visible_to``: HTML pages, JSON, socket pushes.
"""

from __future__ import annotations

import importlib
import json

from django.template.loader import select_template
from django.urls import reverse
from django.utils.translation import gettext as _

from .events import visible_to
from .models import Game, Move, Seat
from .rulesets import get

LOG_LENGTH = 60

# Moves shown at once on the table; the rest fold away when there are many.
PRIMARY_TYPES = {"roll", "end_turn", "buy", "decline", "pay_fine", "use_jail_card", "contest_roll", "pass",
                 "claim_rent", "claim_prize", "declare_bankruptcy", "accept_offer", "refuse_offer",
                 "accept_proposal", "reject_proposal", "rest", "choose_card_option", "discard"}
FOLD_AFTER = 8


def _text_module(ruleset: str):
    try:
        return importlib.import_module(f"games.{ruleset}.text")
    except ModuleNotFoundError:
        return None


def describe_event(ruleset: str, event: dict, names: list[str]) -> str:
    mod = _text_module(ruleset)
    if mod is not None:
        text = mod.describe_event(event, names)
        if text:
            return text
    data = ", ".join(f"{k}={v}" for k, v in event.items() if k != "type")
    return f"{event.get('type', '?')}: {data}" if data else str(event.get("type", "?"))


def label_action(ruleset: str, action: dict, view: dict | None = None) -> str:
    mod = _text_module(ruleset)
    if mod is not None:
        text = mod.label_action(action, view)
        if text:
            return text
    data = ", ".join(f"{k}={v}" for k, v in action.items() if k != "type")
    return f"{action['type']} ({data})" if data else action["type"]


def refusal_text(ruleset: str, exc, translate=_) -> str:
    """A refused move in the reader's language, with ids shown as names."""
    mod = _text_module(ruleset)
    params = exc.params
    if mod is not None and hasattr(mod, "display_params") and params:
        params = mod.display_params(params)
    return exc.text(translate, params)


def seat_of(seats: list[Seat], user) -> int | None:
    if user is None or not user.is_authenticated:
        return None
    for seat in seats:
        if seat.user_id == user.pk:
            return seat.index
    return None


def visible_moves(game: Game, seat: int | None, since: int = 0, limit: int | None = None) -> list[dict]:
    qs = Move.objects.filter(game=game, seq__gt=since).order_by("-seq")
    if limit:
        qs = qs[:limit]
    out = []
    for move in reversed(list(qs)):
        out.append({
            "seq": move.seq,
            "seat": move.seat,
            "source": move.source,
            "events": visible_to(move.events, seat),
            # Another seat's action may hold a secret choice (e.g. a discard): shown once the game is over.
            "action": move.action if (seat == move.seat or game.seed_revealed) else None,
        })
    return out


def rule_url(ruleset: str, rule: str | None) -> str | None:
    return f"{reverse('lobby:rules', args=[ruleset])}#{rule}" if rule else None


def game_payload(game: Game, seats: list[Seat], seat: int | None, *, since: int | None = None) -> dict:
    """The JSON a viewer gets: the API's game resource and the socket's sync."""
    rs = get(game.ruleset)
    active = game.status == Game.Status.ACTIVE
    payload = {
        "id": game.pk,
        "ruleset": game.ruleset,
        "status": game.status,
        "version": game.version,
        "you": seat,
        "seats": [
            {"index": s.index, "name": s.display_name if (s.user_id or s.is_bot) else None, "bot": s.is_bot,
             "deadline": s.deadline.isoformat() if s.deadline else None, "reserve": round(s.reserve_left, 1)}
            for s in seats
        ],
        "seed_commitment": game.seed_commitment,
        "seed": game.seed if game.seed_revealed else None,
        "view": rs.view(game.state, seat) if game.state is not None else None,
        "to_move": rs.to_move(game.state) if active else [],
        "legal_actions": rs.legal_actions(game.state, seat) if active and seat is not None else [],
        "outcome": game.outcome,
    }
    if since is not None:
        payload["moves"] = visible_moves(game, seat, since=since)
    return payload


def table_context(game: Game, seats: list[Seat], seat: int | None) -> dict:
    """Template context for the live table (HTML)."""
    payload = game_payload(game, seats, seat)
    names = [s.display_name if (s.user_id or s.is_bot) else _("empty seat") for s in seats]
    log = []
    for move in visible_moves(game, seat, limit=LOG_LENGTH):
        for event in move["events"]:
            log.append({"seq": move["seq"], "text": describe_event(game.ruleset, event, names)})
    actions = payload["legal_actions"]
    # Fold only when there are many moves and some of them are the usual ones.
    fold = len(actions) > FOLD_AFTER and any(a["type"] in PRIMARY_TYPES for a in actions)
    legal = [
        {"label": label_action(game.ruleset, a, payload["view"]), "json": json.dumps(a), "type": a["type"],
         "primary": not fold or a["type"] in PRIMARY_TYPES}
        for a in actions
    ]
    return {
        "game": game,
        "seats": seats,
        "names": names,
        "payload": payload,
        "view": payload["view"],
        "you": seat,
        "legal": legal,
        "folded": sum(1 for a in legal if not a["primary"]),
        "log": list(reversed(log)),
        "to_move": payload["to_move"],
        "board_template": select_template([f"{game.ruleset}/board.html", "games/_board_generic.html"]).template.name,
    }

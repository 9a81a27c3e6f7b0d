"""A teaching table's coach (``games.core.lessons``): the move it names for the learner, and, at a guided game, the
lessons done and the one it is teaching now.

At every render of one version the coach names the same move (its choices are seeded by ``Game.chance_key`` and the
version), so the learner's two screens and a reload agree.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable

from games.core import lessons as core_lessons
from games.core import rulesets
from games.core.rulesets import get
from games.models import Game, Move


def _history(game: Game) -> list[core_lessons.Step]:
    return [(m.seat, m.action, m.events or [])
            for m in Move.objects.filter(game=game).order_by("seq").only("seat", "action", "events")]


def is_guided(game: Game) -> bool:
    """A guided first game: a teaching table on a guided seed, whose coach teaches the ruleset's lessons."""
    return game.teaching and game.chance_key == game.seed and bool(rulesets.declaration(game.ruleset).lessons)


def coach_for(game: Game, seat: int | None, legal: list[dict], label: Callable[[dict], str],
              rule_url: Callable[[str | None], str | None]) -> dict | None:
    """The coach's card for ``seat`` at a teaching table, or None (off a teaching table, for a spectator, a finished
    game, or when the coach has nothing to suggest now).

    Its move: at a guided game, one that teaches the next lesson when one is legal (``lessons.coach_action``), else
    the move a bot would make in the seat's place; off move, a move worth making before the others move (a rent to
    claim, an offer to answer). It is marked on its button (``coach`` on the row: ``data-coach``, which the page
    lights up on the board too); a move with no button of its own (a deal the board makes with a form) gets the
    card's own form. With the ruleset's line on why and the rule, and at a guided game the lessons' list."""
    if not game.teaching or seat is None or game.state is None or game.status != Game.Status.ACTIVE:
        return None
    rs = get(game.ruleset)
    declaration = rulesets.declaration(game.ruleset)
    guided = is_guided(game)
    lessons = declaration.lessons if guided else ()
    history = _history(game) if guided else []
    rng = random.Random(f"coach:{game.chance_key}:{game.version}")
    action = core_lessons.coach_action(rs, lessons, game.state, seat, history, rng,
                                       getattr(rs, "bot_optional_action", None))
    if action is None:
        return None
    encoded = json.dumps(action, sort_keys=True)
    row = next((a for a in legal if a["json"] == encoded and not a["drawn"]), None)
    if row is not None:
        row["coach"] = True
    words, slug = declaration.move_hints.get(str(action.get("type")), (None, None))
    card = {"label": row["label"] if row else label(action), "hint": str(words) if words else "",
            "url": rule_url(slug), "target": row["target"] if row else None, "key": row["key"] if row else None,
            "json": None if row else encoded, "lessons": [], "teaches": ""}
    if guided:
        done = core_lessons.progress(lessons, seat, history)
        teaching = done.next
        card["lessons"] = [{"title": str(lesson.title), "done": lesson.key in done.done,
                            "now": teaching is not None and lesson.key == teaching.key, "url": rule_url(lesson.slug)}
                           for lesson in lessons]
        card["done_count"] = len(done.done)
        kind = action.get("type")
        teaches = next((lesson for lesson in lessons if lesson.key not in done.done
                        and (kind in lesson.moves or kind in lesson.steps)), None)
        card["teaches"] = str(teaches.title) if teaches is not None else ""
    return card


def graduation(game: Game, seat: int | None) -> dict | None:
    """A finished guided game, seen by its learner: how many of its lessons they met (the game-over card sends them
    on to a live table). None for any other game or viewer."""
    if seat is None or game.status != Game.Status.FINISHED or not is_guided(game):
        return None
    lessons = rulesets.declaration(game.ruleset).lessons
    return {"done": len(core_lessons.progress(lessons, seat, _history(game)).done), "of": len(lessons)}

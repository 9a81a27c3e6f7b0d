"""A guided first game's lessons, and the coach that walks a learner through them.

A ruleset declares its lessons (``Declaration.lessons``): the core of the game in the order a newcomer meets it, each
done by a kind of move the learner makes (``moves``: Estanciero's ``buy``) or by a kind of event the game reports
(``events``: a rent claimed, somebody sent to jail). The coach of a teaching table names one move for the learner:
a legal move that teaches the first lesson not yet done, when there is one (``steer``), else the move a bot would
make in the learner's place. Pure: it reads a ruleset's state and a game's history, it imports no Django.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

# One move of a game's history: (seat, action, events).
Step = tuple[int, Mapping[str, Any], Sequence[Mapping[str, Any]]]


@dataclass(frozen=True)
class Lesson:
    """One thing a guided game teaches. ``title`` names it on the coach's list; ``slug`` is the rulebook section.

    Done when the learner made a move of a kind in ``moves``, or the game reported an event of a kind in
    ``events`` (the learner's own when ``own_events``: an event naming another seat does not count). ``steer``: the
    coach may pick such a move for the learner when it is legal (a lesson only the dice bring, such as jail, is
    not steered: the game's seed brings it). ``steps``: moves that lead to the lesson without doing it (buying the
    Corrupt Official a contest needs), each steered once."""

    key: str
    title: Any
    slug: str
    moves: frozenset[str] = frozenset()
    events: frozenset[str] = frozenset()
    own_events: bool = False
    steer: bool = True
    steps: frozenset[str] = frozenset()

    def done_by(self, learner: int, step: Step) -> bool:
        seat, action, events = step
        if seat == learner and action.get("type") in self.moves:
            return True
        return any(e.get("type") in self.events and (not self.own_events or e.get("seat") == learner)
                   for e in events)


@dataclass(frozen=True)
class Progress:
    """Which of a guided game's lessons the learner has done, in the lessons' order."""

    lessons: tuple[Lesson, ...]
    done: frozenset[str] = field(default_factory=frozenset)

    @property
    def next(self) -> Lesson | None:
        return next((lesson for lesson in self.lessons if lesson.key not in self.done), None)

    @property
    def complete(self) -> bool:
        return self.next is None


def progress(lessons: Sequence[Lesson], learner: int, history: Iterable[Step]) -> Progress:
    """The lessons ``learner`` has done in a game whose moves so far are ``history``."""
    done: set[str] = set()
    for step in history:
        for lesson in lessons:
            if lesson.key not in done and lesson.done_by(learner, step):
                done.add(lesson.key)
    return Progress(tuple(lessons), frozenset(done))


def steer(lessons: Sequence[Lesson], done: frozenset[str], legal: Sequence[Mapping[str, Any]],
          preferred: Mapping[str, Any] | None = None, made: frozenset[str] = frozenset()) -> Mapping[str, Any] | None:
    """A legal move that teaches the first steerable lesson not yet done (the lessons in order), or None; else a
    legal step toward one (a lesson's ``steps`` of a kind the learner has not ``made`` yet).

    Among several moves of that lesson's kinds, ``preferred`` (the bot's own choice) when it is one of them, so a
    lesson is taught with a sensible move (the bot's best deed to mortgage), else the first legal one."""
    open_lessons = [lesson for lesson in lessons if lesson.key not in done and lesson.steer]
    for kinds in ([lesson.moves for lesson in open_lessons], [lesson.steps - made for lesson in open_lessons]):
        for wanted in kinds:
            fits = [a for a in legal if a.get("type") in wanted]
            if fits:
                return preferred if preferred in fits else fits[0]
    return None


def coach_action(ruleset: Any, lessons: Sequence[Lesson], state: dict, learner: int, history: Iterable[Step],
                 rng: Any, optional: Callable[[dict, int], dict | None] | None = None) -> dict | None:
    """The coach's move for ``learner``: a lesson's move (``steer``) when one is legal, else what a bot would do.

    On move: the bot's move (``ruleset.bot_action``). Off move: the bot's optional move (``optional``: a rent to
    claim, an offer to answer), or None when there is nothing worth doing before the others move."""
    on_move = learner in ruleset.to_move(state)
    preferred = ruleset.bot_action(state, learner, rng) if on_move else (optional(state, learner) if optional else None)
    history = list(history)
    done = progress(lessons, learner, history).done
    made = frozenset(str(action.get("type")) for seat, action, _ in history if seat == learner)
    legal = ruleset.legal_actions(state, learner)
    lesson_move = steer(lessons, done, legal, preferred, made)
    if lesson_move is not None and (on_move or lesson_move.get("type") != "end_turn"):
        return dict(lesson_move)
    return preferred


@dataclass(frozen=True)
class Rehearsal:
    """A guided game played out by the coach's learner against the bots (``rehearse``)."""

    progress: Progress
    learner_moves: int
    moves: int
    over: bool


def rehearse(ruleset: Any, lessons: Sequence[Lesson], seats: int, seed: str, options: Mapping[str, Any] | None,
             bot_key: str = "", learner: int = 0, limit: int = 3000) -> Rehearsal:
    """Play a guided game as a learner who always takes the coach's move, against bots who take their optional
    moves first (a rent to claim, an offer to answer) and otherwise their move when on move: what the learner
    meets, and in how many of their own moves. ``bot_key`` seeds the bots' and the coach's choices with the
    number of moves so far, as ``Game.chance_key`` does at the site (a guided game's: its seed). The guided seed is
    chosen with this (``scripts/guided_seeds.py``)."""
    optional = getattr(ruleset, "bot_optional_action", None)
    state = ruleset.new_game(seats, seed, dict(options or {}))
    history: list[Step] = []
    mine = 0
    while ruleset.to_move(state) and len(history) < limit:
        n = len(history)
        step: tuple[int, dict] | None = None
        coach = coach_action(ruleset, lessons, state, learner, history, random.Random(f"coach:{bot_key}:{n}"),
                             optional)
        if coach is not None:
            step = (learner, coach)
        for seat in range(seats):
            if step is not None:
                break
            if seat != learner and optional is not None:
                action = optional(state, seat)
                if action is not None:
                    step = (seat, action)
        if step is None:
            seat = ruleset.to_move(state)[0]
            step = (seat, ruleset.bot_action(state, seat, random.Random(f"{bot_key}:{n}:{seat}")))
        seat, action = step
        state, events = ruleset.apply(state, seat, action)
        history.append((seat, action, events))
        mine += seat == learner
    return Rehearsal(progress(lessons, learner, history), mine, len(history), not ruleset.to_move(state))

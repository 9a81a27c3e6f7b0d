"""What a ruleset declares to the site, in one place the framework reads: its name and catalogue words, the table
options the New table form offers (and the lobby lists), the moves kept in sight on the table, the moves that open a
negotiation (an easy bot never makes them), its board drawing and its rulebook.

Each ruleset package exposes one ``DECLARATION`` in ``<package>/declaration.py`` (found through
``games.core.rulesets.declaration``). Its words are lazy translations (``gettext_lazy``): this module stays pure,
the declarations themselves import Django's translation functions.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .lessons import Lesson
from .story import Measure

KINDS = ("bool", "int", "choice")


@dataclass(frozen=True)
class Option:
    """One table option (``Game.options[key]``), as the New table form offers it and the lobby lists it.

    ``key`` is also the form field's name, so it is unique across rulesets. A table stores only the values that
    differ from ``default``; the engine validates them (``Ruleset.new_game`` refuses what its rules do not allow),
    ``min``, ``max`` and ``step`` only bound the form's number field."""

    key: str
    kind: str  # "bool" (a checkbox), "int" (a number field) or "choice" (a list)
    default: Any
    label: Any  # the form's words for it
    min: int | None = None
    max: int | None = None
    step: int | None = None
    choices: tuple[tuple[str, Any], ...] = ()  # a "choice": (value, words) in the list's order
    # The lobby's words for a table whose value differs from the default, filled with ``{note_param: value}`` (the
    # value shown by ``note_value`` when given); None: not listed.
    note: Any = None
    note_param: str = "n"
    note_value: Callable[[Any], str] | None = None
    # The lobby's words for each value, listed whatever the value, the default included: an option that changes how
    # the whole game plays, so that a table shows it either way ((value, words), ...). Takes the place of ``note``.
    value_notes: tuple[tuple[Any, Any], ...] = ()

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"option {self.key}: kind {self.kind!r} is not one of {KINDS}")
        if self.kind == "choice" and self.default not in {value for value, _ in self.choices}:
            raise ValueError(f"option {self.key}: the default is not one of the choices")

    def form_value(self, value: Any = None) -> str:
        """The form field's value: ``value`` as sent (or as stored: a checkbox's ``True``/``False``), else the
        default (a checkbox: "1" when ticked)."""
        if isinstance(value, bool) and self.kind == "bool":
            return "1" if value else ""
        if value not in (None, ""):
            return str(value)
        if self.kind == "bool":
            return "1" if self.default else ""
        return str(self.default)

    def listed(self, value: Any) -> str | None:
        """The lobby's words for a table with ``value`` (None: the default), or None when the value is the default
        (or not listed). With ``value_notes``, the words for the value, the default's included."""
        if self.value_notes:
            chosen = self.default if value is None else value
            return next((str(words) for v, words in self.value_notes if v == chosen), None)
        if self.note is None or not value or value == self.default:
            return None
        return str(self.note % {self.note_param: self.note_value(value) if self.note_value else value})


@dataclass(frozen=True)
class Declaration:
    """A ruleset as the site presents and runs it (its engine, ``<package>.engine``, plays it)."""

    name: str  # the registry's name, the last part of its package ("estanciero")
    title: str  # its name on every page ("Estanciero")
    tagline: Any  # one line for the home page and the rules pages
    minutes: str  # how long a game takes ("60–180")
    origin: Any  # where and when it comes from
    sections: Mapping[str, tuple[str, str]]  # the rulebook's sections: slug -> (English, Spanish) title
    rules_template: str  # the rules page's text, "{lang}" for "en" or "es" ("estanciero/rules_{lang}.html")
    options: tuple[Option, ...] = ()
    form_note: Any = None  # a line above its options in the New table form
    seat_notes: Mapping[int, Any] = field(default_factory=dict)  # the lobby's words for a table of that many seats
    primary_actions: frozenset[str] = frozenset()  # moves always in sight on the table, never folded away
    openers: frozenset[str] = frozenset()  # moves that open a negotiation: an easy bot never makes them
    # Unasked moves a bot makes at once even while a person must act (bots otherwise wait for people): those the
    # rules let lapse if they are not made in time (a rent claimed "before the dice are rolled again").
    lapsing_moves: frozenset[str] = frozenset()
    board_template: str | None = None  # its board drawing; None: the generic board
    scripts: tuple[str, ...] = ()  # static scripts its table page loads after the framework's
    # Its board marks every part that depends on who looks as ``{% own %}`` (and its seat mark as ``{% own_you %}``):
    # one render of a game under way then serves all its viewers, each sent only its own parts beside it.
    shared_table: bool = False
    playable: bool = True
    # Its banner on the home and rules pages: a CSS background (a gradient in its colours); empty, the site's green.
    banner: str = ""
    # Option values a rated table (a league's included) takes unless it sets them itself: the rulebook's way where
    # the casual default eases online play (option key -> value; ``with_rated_options``).
    rated_options: Mapping[str, Any] = field(default_factory=dict)
    # A finished game's story (``games.core.story``): the charts drawn of it, one per measure, a line per player.
    story: tuple[Measure, ...] = ()
    # The measure players stand by during the game (a state measure: its leader is ahead): the replay marks the
    # moves that changed its order most (``games.core.story.key_moments``). None: no key moments.
    standing: Measure | None = None
    # The two dice a stored event rolled, if it is a roll of two dice that chance decided (None otherwise): the
    # game's story compares their sums with fair dice. None: its moves roll no pair of dice.
    dice_rolled: Callable[[dict], Sequence[int] | None] | None = None
    # A player's opening, for the profile's favourite: ``opening(events, seat)`` reads a game's events in order and
    # gives a key that names the seat's opening (Estanciero's first deed bought), or None; ``opening_words(key)``
    # says it in the active language. None: the game's openings are not told apart.
    opening: Callable[[Iterable[dict], int], str | None] | None = None
    opening_words: Callable[[str], str] | None = None
    # "What can I do now?": for each move type, one line on what it does and why it may be worth it, and the slug of
    # the rulebook section it comes from (``sections``): move type -> (words, slug). A type without one is listed
    # by its button's words alone.
    move_hints: Mapping[str, tuple[Any, str]] = field(default_factory=dict)
    # Its guided first game (``games.tables.lifecycle.do_start_guided``): the seats (the learner and bots) and the
    # options of a teaching table short enough to finish in a quarter of an hour. Empty: no guided game.
    guided_table: Mapping[str, Any] = field(default_factory=dict)
    # What the guided game teaches (``games.core.lessons``): the coach steers the learner through them in order and
    # ticks each off; the guided seed is one whose dice bring every lesson (``scripts/guided_seeds.py``).
    lessons: tuple[Lesson, ...] = ()

    def option_notes(self, options: Mapping[str, Any] | None) -> list[str]:
        """The lobby's words for a table's game options (``Option.listed``), in the declaration's order."""
        notes = []
        for option in self.options:
            words = option.listed((options or {}).get(option.key))
            if words:
                notes.append(words)
        return notes

    def with_rated_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """A rated table's options: ``options`` as given, completed by ``rated_options`` where they say nothing."""
        return {**self.rated_options, **(options or {})}

    def option_default(self, option: Option, rated: bool) -> Any:
        """The value ``option`` takes when a table does not set it: its rated default on a rated table."""
        return self.rated_options.get(option.key, option.default) if rated else option.default

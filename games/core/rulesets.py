"""The registry of rulesets and the contract every engine fulfils.

Usage::

    from games.core import rulesets
    rs = rulesets.get(rulesets.names()[0])   # KeyError for an unknown name
    state = rs.new_game(4, seed="abc")
    seat = rs.to_move(state)[0]
    action = rs.legal_actions(state, seat)[0]
    state, events = rs.apply(state, seat, action)

State is plain JSON-serialisable data. ``apply`` never mutates its input: it
returns a new state. Every random draw comes from ``games.core.rng`` seeded by the
state's own seed, so the same seed and actions always give the same result.

Events are dicts with a ``"type"``. An event that only some seats may see
carries ``"only": [seats]`` and, optionally, ``"public": {...}`` — the redacted
form everyone else sees (see ``games.core.events.visible_to``).
"""

from __future__ import annotations

import importlib
from collections.abc import Hashable
from typing import Any, Protocol, runtime_checkable

from .declarations import Declaration

# The registry: one package per ruleset, named by its last part, in the order the site offers them. A package holds
# its engine (``<package>.engine``, exposing ``RULESET``), its rulebook sections (``<package>.sections``) and its
# declaration (``<package>.declaration``: options, words, board; ``games.core.declarations``). It is also a Django app
# (``config.settings`` installs every package listed here). Adding a game is one line here.
PACKAGES: list[str] = [
    "games.estanciero",
    "games.argentilandia",
    "games.ladrillazo",
]


class IllegalAction(Exception):
    """A move the rules forbid.

    ``message`` is an English sentence with ``%(name)s`` placeholders filled
    from ``params`` (the UI translates it before filling). ``rule`` is the slug
    of the rulebook section that forbids the move (``games.core.sections``), so the
    refusal can link to the Rules page.
    """

    def __init__(self, message: str, rule: str | None = None, **params: Any) -> None:
        self.message = message
        self.rule = rule
        self.params = params
        super().__init__(self.text())

    def text(self) -> str:
        try:
            return self.message % self.params if self.params else self.message
        except (KeyError, TypeError, ValueError):
            return self.message

    def as_dict(self) -> dict:
        return {"message": self.text(), "rule": self.rule}


@runtime_checkable
class Ruleset(Protocol):
    name: str
    min_players: int
    max_players: int
    # The revision of the rules this engine plays: bumped whenever a rule change would make a log written under
    # the previous revision replay differently (other states, other events, or a move now refused). A game
    # records the revision it was dealt under (``games.models.Game.rules_revision``); only a game of the current
    # revision can be re-run from its seed and move log (verification, replay).
    rules_revision: int

    def new_game(self, num_players: int, seed: str, options: dict | None = None) -> dict: ...
    def to_move(self, state: dict) -> list[int]: ...
    def turn_key(self, state: dict) -> Hashable: ...
    def legal_actions(self, state: dict, seat: int) -> list[dict]: ...
    def apply(self, state: dict, seat: int, action: dict) -> tuple[dict, list[dict]]: ...
    def view(self, state: dict, seat: int | None) -> dict: ...
    def outcome(self, state: dict) -> dict | None: ...
    def timeout_action(self, state: dict, seat: int) -> dict: ...
    def bot_action(self, state: dict, seat: int, rng: Any) -> dict: ...


def package(name: str) -> str:
    """The package of the ruleset called ``name`` (``"games.estanciero"``); ``KeyError`` if none is registered."""
    for found in PACKAGES:
        if found.rpartition(".")[2] == name:
            return found
    raise KeyError(name)


def names() -> list[str]:
    """The rulesets whose engines are installed, in the registry's order."""
    found = []
    for pkg in PACKAGES:
        try:
            mod = importlib.import_module(f"{pkg}.engine")
        except ModuleNotFoundError:
            continue
        if hasattr(mod, "RULESET"):  # a ruleset still being built is not offered
            found.append(pkg.rpartition(".")[2])
    return found


def part(name: str, module: str, attribute: str) -> Any:
    """``attribute`` of the module ``module`` in the package of the ruleset called ``name`` (its engine, its
    declaration, its rulebook sections); ``KeyError`` if there is no such ruleset or part."""
    try:
        found = importlib.import_module(f"{package(name)}.{module}")
    except ModuleNotFoundError as exc:
        raise KeyError(name) from exc
    return getattr(found, attribute)


def get(name: str) -> Ruleset:
    """The ruleset called ``name``; ``KeyError`` if there is none."""
    ruleset: Ruleset = part(name, "engine", "RULESET")
    return ruleset


def rules_revision(name: str) -> int:
    """The revision of the rules the engine of the ruleset called ``name`` plays now; ``KeyError`` if none."""
    return get(name).rules_revision


def declaration(name: str) -> Declaration:
    """What the ruleset called ``name`` declares to the site (``<package>.declaration.DECLARATION``): ``KeyError``
    if there is none. Its words are lazy translations, so reading it needs Django installed (not configured)."""
    found: Declaration = part(name, "declaration", "DECLARATION")
    return found
